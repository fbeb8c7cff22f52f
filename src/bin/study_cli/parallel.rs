//! Computes a study's runs on several threads (std only: a scope, an atomic
//! next-run counter, a channel back to the calling thread, which does all
//! the writing) and puts the rows back into run order for stdout.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use boids_schwarm::model::study::{Plan, row_line, run_statistics};

/// Computes the runs `pending` of `plan` on `threads` threads; `on_row`
/// gets each finished run's number and row on the calling thread, in the
/// order they finish. Its first error stops the threads (runs in flight
/// are finished and dropped) and is returned.
pub fn compute<E>(
    plan: &Plan,
    pending: &[u64],
    threads: usize,
    mut on_row: impl FnMut(u64, &str) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, String)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pending.len()) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&index) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let run = plan.run(index);
                    // One thread per run: the runs themselves fill the cores.
                    let stats =
                        run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures);
                    let line = row_line(&run, &stats, plan.columns());
                    if sender.send((index, line)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut outcome = Ok(());
        for (index, line) in receiver {
            if outcome.is_ok() {
                outcome = on_row(index, &line);
                if outcome.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        outcome
    })
}

/// Rows waiting for every earlier run, so stdout gets them in run order
/// whatever order they finish in.
pub struct InOrder {
    order: Vec<u64>,
    printed: usize,
    ready: BTreeMap<u64, String>,
}

impl InOrder {
    /// Rows of the runs `order`, of which `ready` are known already.
    pub fn new(order: &[u64], ready: BTreeMap<u64, String>) -> Self {
        Self {
            order: order.to_vec(),
            printed: 0,
            ready,
        }
    }

    pub fn add(&mut self, run: u64, line: &str) {
        self.ready.insert(run, line.to_owned());
    }

    /// Hands every row whose earlier runs are all out to `print`, at once.
    pub fn flush<E>(&mut self, print: impl FnOnce(&str) -> Result<(), E>) -> Result<(), E> {
        let mut text = String::new();
        while let Some(line) = self
            .order
            .get(self.printed)
            .and_then(|run| self.ready.remove(run))
        {
            text.push_str(&line);
            self.printed += 1;
        }
        if text.is_empty() {
            return Ok(());
        }
        print(&text)
    }
}
