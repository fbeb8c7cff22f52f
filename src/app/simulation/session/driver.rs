//! The one loop that carries out what a [`Session`] asks for. The app runs
//! it with the real workers, timers and clock (`state::SwarmStore`); the
//! native tests run the same loop with fake ones, so the loop that is
//! tested is the loop that ships.

use super::{Effects, Session, Work};
use crate::app::platform::engine::WorkerFailure;
use crate::model::Kinematics;

/// What the session's effects are carried out with.
pub trait Executor {
    /// Replaces the workers by `size` fresh ones; how many started, or why
    /// none could.
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure>;
    /// Sends job `job`'s state to the workers; their answers come back
    /// later, to [`Session::reply`].
    fn dispatch(&mut self, job: u32, state: &Kinematics);
    /// Has [`resume`] called with job `job` once the page has had its turn.
    fn compute_later(&mut self, job: u32);
    /// Has [`resume`] called with job `job` once the page has painted what
    /// it shows now (that it is busy).
    fn compute_after_paint(&mut self, job: u32);
    /// The time now, in ms (as `performance.now()` gives it).
    fn clock(&mut self) -> f64;
}

/// Carries out everything the session asks for now: fresh workers first
/// (their own requests next), then the job in flight goes to the workers,
/// is computed here (perhaps one job after the other, as long as the
/// session asks for it at once), or waits until the page had its turn or
/// has painted.
pub fn drive(session: &mut Session, executor: &mut impl Executor) {
    let mut pending = vec![session.take_effects()];
    while let Some(effects) = pending.pop() {
        if let Some(size) = effects.restart_workers {
            match executor.start_workers(size) {
                Ok(started) => session.workers_started(started),
                Err(why) => session.workers_failed(why),
            }
            // What was asked before the restart comes after the fresh
            // workers' own requests (a job it names is stale by then).
            pending.push(Effects {
                restart_workers: None,
                work: effects.work,
            });
            pending.push(session.take_effects());
            continue;
        }
        match effects.work {
            Work::Idle => {}
            Work::Dispatch(job) => {
                if let Some(state) = session.job_state(job) {
                    executor.dispatch(job, state);
                }
            }
            Work::Compute(job) => {
                session.compute_here(job, || executor.clock());
                pending.push(session.take_effects());
            }
            Work::ComputeLater(job) => executor.compute_later(job),
            Work::ComputeAfterPaint(job) => executor.compute_after_paint(job),
        }
    }
}

/// A continuation of [`Executor::compute_later`]: computes job `job` here
/// (nothing if it is no longer in flight), then carries out what follows.
pub fn resume(session: &mut Session, executor: &mut impl Executor, job: u32) {
    session.compute_here(job, || executor.clock());
    drive(session, executor);
}
