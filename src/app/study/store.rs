//! The study's reactive store, provided by the `App` and living as long as
//! the app: switching pages neither stops nor pauses a study (the
//! simulation's pause on navigation is the swarm's, not the study's).
//!
//! It wraps the plain [`StudyRunner`]: starts a pool of Web Workers of its
//! own (as many as „Rechenkerne“, at most one per missing run), sends each
//! worker one whole run at a time, keeps every finished row in local storage
//! at once ([`super::saved`]) and publishes a version counter that views
//! track. The simulation's workers are another pool: while both compute,
//! they share the machine's cores. „Abbrechen“ terminates the study's
//! workers, which is the only way to stop a run in the middle.

use leptos::prelude::*;

use super::draft::PlanDraft;
use super::runner::{Phase, Progress, Recorded, StudyRunner};
use super::saved;
use crate::app::engine::{PoolEvent, WorkerPool};
use crate::app::timing::{defer, now_ms};
use crate::model::Measure;
use crate::model::study::Plan;
use crate::texts::engine;
use crate::worker::study::RunRequest;

/// The browser's local storage; natively a shelf in memory.
#[cfg(target_arch = "wasm32")]
fn shelf() -> saved::LocalShelf {
    saved::LocalShelf
}

#[cfg(not(target_arch = "wasm32"))]
fn shelf() -> saved::MemoryShelf {
    saved::MemoryShelf::default()
}

/// The study, its workers and what views track.
#[derive(Debug, Clone, Copy)]
pub struct StudyStore {
    runner: StoredValue<Option<StudyRunner>>,
    pool: StoredValue<Option<WorkerPool>, LocalStorage>,
    version: RwSignal<u64>,
    /// When views were last told of new rows, and whether a later telling
    /// is scheduled.
    told: StoredValue<(f64, bool)>,
    running: RwSignal<bool>,
    note: RwSignal<Option<String>>,
    /// The plan form as typed; `None` until the page first shows it.
    pub draft: RwSignal<Option<PlanDraft>>,
    /// The measure the chart and the table show.
    pub measure: RwSignal<Measure>,
}

impl StudyStore {
    /// The store with the study last started in this browser, if one is
    /// kept, and its stored rows (not running: „Studie fortsetzen“ goes on).
    #[must_use]
    pub fn restore() -> Self {
        let mut shelf = shelf();
        let mut note = None;
        let runner = saved::load_plan(&shelf).map(|(_, plan)| {
            let restored = saved::restore(&mut shelf, &plan);
            if restored.damaged {
                note = Some(saved::DAMAGED.to_owned());
            }
            StudyRunner::new(plan, restored.rows)
        });
        let draft = runner
            .as_ref()
            .map(|runner| PlanDraft::of_plan(runner.plan()));
        Self {
            runner: StoredValue::new(runner),
            pool: StoredValue::new_local(None),
            version: RwSignal::new(0),
            told: StoredValue::new((0.0, false)),
            running: RwSignal::new(false),
            note: RwSignal::new(note),
            draft: RwSignal::new(draft),
            measure: RwSignal::new(Measure::Polarization),
        }
    }

    /// Changes the plan form (nothing before the page first showed it).
    pub fn edit(&self, change: impl FnOnce(&mut PlanDraft)) {
        self.draft.update(|draft| {
            if let Some(draft) = draft {
                change(draft);
            }
        });
    }

    /// Reads the plan form (tracked); `R::default()` before the page showed it.
    pub fn read_draft<R: Default>(&self, read: impl FnOnce(&PlanDraft) -> R) -> R {
        self.draft
            .with(|draft| draft.as_ref().map(read).unwrap_or_default())
    }

    /// Whether runs are being computed (tracked).
    #[must_use]
    pub fn running(&self) -> Signal<bool> {
        self.running.into()
    }

    /// What the page must say: storage full or damaged, workers failed (tracked).
    #[must_use]
    pub fn note(&self) -> Signal<Option<String>> {
        self.note.into()
    }

    /// Reads the study (tracked: changes with every row and phase).
    pub fn with_runner<R>(&self, read: impl FnOnce(Option<&StudyRunner>) -> R) -> R {
        self.version.track();
        let mut read = Some(read);
        let done = self
            .runner
            .try_with_value(|runner| read.take().map(|read| read(runner.as_ref())));
        match (done.flatten(), read) {
            (Some(value), _) => value,
            (None, Some(read)) => read(None),
            (None, None) => unreachable!("the reader ran"),
        }
    }

    /// The progress at `now` (tracked); `None` without a study.
    #[must_use]
    pub fn progress(&self, now: f64) -> Option<Progress> {
        self.with_runner(|runner| runner.map(|runner| runner.progress(now)))
    }

    /// „Studie starten“ / „Studie fortsetzen“: computes the missing runs of
    /// `plan` (its JSON text `json`) on `cores` workers. Rows of this plan
    /// kept in the browser count as done.
    pub fn start(&self, json: &str, plan: Plan, cores: u32) {
        if self.running.get_untracked() {
            return;
        }
        let mut shelf = shelf();
        let id = plan.id();
        let same = self
            .runner
            .try_with_value(|runner| runner.as_ref().is_some_and(|r| r.id() == id))
            .unwrap_or(false);
        if !same {
            // The browser keeps the rows of the study last started only.
            let old = self
                .runner
                .with_value(|runner| runner.as_ref().map(StudyRunner::id));
            if let Some(old) = old {
                saved::forget(&mut shelf, old);
            }
            let restored = saved::restore(&mut shelf, &plan);
            self.note
                .set(restored.damaged.then(|| saved::DAMAGED.to_owned()));
            self.runner
                .set_value(Some(StudyRunner::new(plan, restored.rows)));
        } else {
            self.note.set(None);
        }
        if !saved::save_plan(&mut shelf, json) {
            self.note.set(Some(saved::FULL.to_owned()));
        }
        let missing = self
            .runner
            .with_value(|runner| runner.as_ref().map_or(0, StudyRunner::missing));
        if missing == 0 {
            self.publish();
            return;
        }
        let workers = u64::from(cores.max(1)).min(missing) as u32;
        let store = *self;
        match WorkerPool::spawn(workers, move |event| store.on_event(event)) {
            Ok(pool) => {
                let size = pool.size() as usize;
                self.pool.set_value(Some(pool));
                let assignments = self.runner.try_update_value(|runner| {
                    runner
                        .as_mut()
                        .map(|runner| runner.start(size, now_ms()))
                        .unwrap_or_default()
                });
                for assignment in assignments.unwrap_or_default() {
                    self.send(assignment.worker, assignment.run.index);
                }
            }
            Err(why) => self.note.set(Some(engine::study_cannot_start(&why))),
        }
        self.publish();
    }

    /// „Abbrechen“: the runs in flight are dropped with their workers; the
    /// finished rows stay (in memory and in the browser).
    pub fn cancel(&self) {
        self.stop();
        self.publish();
    }

    fn stop(&self) {
        self.runner.try_update_value(|runner| {
            if let Some(runner) = runner {
                runner.stop(now_ms());
            }
        });
        // Dropped after the current event handler: the pool's own worker
        // may be the one calling.
        let pool = self.pool;
        defer(move || {
            pool.try_set_value(None);
        });
    }

    fn send(&self, worker: usize, run: u64) {
        self.runner.with_value(|runner| {
            let Some(runner) = runner else { return };
            let plan = runner.plan();
            let request = RunRequest::new(&plan.run(run), plan.steps, plan.burn_in);
            self.pool.with_value(|pool| {
                if let Some(pool) = pool {
                    pool.send_run(worker, &request);
                }
            });
        });
    }

    fn on_event(&self, event: PoolEvent) {
        match event {
            PoolEvent::Row { worker, reply } => self.on_row(worker, reply.run, &reply.line),
            PoolEvent::Failed(why) => {
                self.stop();
                self.note.set(Some(engine::study_workers_failed(&why)));
                self.publish();
            }
            PoolEvent::Restarted { worker } => {
                let lost = self
                    .runner
                    .try_with_value(|runner| runner.as_ref().and_then(|r| r.lost(worker)));
                if let Some(Some(run)) = lost {
                    self.note
                        .set(Some(engine::STUDY_WORKER_RESTARTED.to_owned()));
                    self.send(worker, run);
                }
            }
            PoolEvent::Reply(_) => {}
        }
    }

    fn on_row(&self, worker: usize, run: u64, line: &str) {
        let outcome = self.runner.try_update_value(|runner| {
            let runner = runner.as_mut()?;
            let recorded = runner.record(worker, run, line, now_ms());
            let kept = match &recorded {
                Ok(Recorded::Row { .. }) => {
                    saved::save_run(&mut shelf(), runner.id(), runner.rows(), run)
                }
                _ => true,
            };
            Some((recorded, kept, runner.phase()))
        });
        let Some(Some((recorded, kept, phase))) = outcome else {
            return;
        };
        if !kept {
            self.note.set(Some(saved::FULL.to_owned()));
        }
        match recorded {
            Ok(Recorded::Row { next, .. }) => {
                if let Some(next) = next {
                    self.send(next.worker, next.run.index);
                }
                if phase == Phase::Complete {
                    self.stop();
                }
            }
            Ok(Recorded::Ignored) => return,
            Err(bad) => {
                self.stop();
                self.note.set(Some(format!(
                    "Ein Web Worker lieferte für Lauf {} ein falsches Ergebnis; die Studie wurde \
                     angehalten.",
                    bad.run
                )));
            }
        }
        self.publish();
    }

    /// Tells views what changed: at once when the study starts or ends,
    /// else at most every [`TELL_MS`] (small runs finish dozens a second,
    /// and the table and the chart redraw for each telling).
    fn publish(&self) {
        let running = self
            .runner
            .try_with_value(|runner| runner.as_ref().is_some_and(|r| r.phase() == Phase::Running))
            .unwrap_or(false);
        let changed = self.running.try_get_untracked() != Some(running);
        if changed {
            self.running.try_set(running);
        }
        let now = now_ms();
        let Some((last, pending)) = self.told.try_get_value() else {
            return;
        };
        if changed || !running || now - last >= TELL_MS {
            self.told.set_value((now, pending));
            self.version.try_update(|version| *version += 1);
        } else if !pending {
            self.told.set_value((last, true));
            let store = *self;
            later(TELL_MS - (now - last), move || {
                store
                    .told
                    .try_update_value(|told| *told = (now_ms(), false));
                store.version.try_update(|version| *version += 1);
            });
        }
    }
}

/// The shortest time between two tellings of new rows, ms.
const TELL_MS: f64 = 250.0;

/// Runs `task` after `ms` (natively at once: tests have no event loop).
fn later(ms: f64, task: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    gloo_timers::callback::Timeout::new(ms.max(0.0) as u32, task).forget();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        task();
    }
}
