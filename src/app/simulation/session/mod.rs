//! The simulation's session as plain data: the swarm, what the app is doing
//! with it, the jobs that compute its steps, the checkpoints and the series.
//! No Leptos and no browser types: every run rule of SPEC §3 is natively
//! tested here (`tests/`), and `state::SwarmStore` is the thin reactive shell
//! that shows it.
//!
//! **What the app is doing** is one value ([`Activity`] inside the session):
//! empty, building a new swarm (then perhaps going to a link's step), or a
//! swarm that is paused, running, computing one Schritt, going forward to a
//! step, or restoring a checkpoint to go to an earlier step. The step a way
//! leads to is stored once, in the variant that needs it.
//!
//! **Talking to the shell.** The session reads no clock and touches no
//! worker. Every method takes the time it needs as an argument (`now`, in ms
//! as `performance.now()` gives it) and leaves what must happen outside in an
//! outbox that the shell takes right after the call
//! ([`Session::take_effects`]): send job n to the workers (its state is
//! [`Session::job_state`]), compute it here on the main thread (now, after
//! the page had its turn, or once it has painted), or replace the workers.
//! Whatever the views show (the swarm and its version counter, the
//! selection, the run state, the performance readout, the note about the
//! main thread, a question before something long) is read back with plain
//! getters.
//!
//! **Jobs.** At most one job is in flight, numbered by the
//! [`Scheduler`](crate::app::platform::engine::Scheduler): anything that removes,
//! replaces or stops the swarm drops it, and an answer with an old number is
//! ignored, so nothing lands on a state it was not computed for. The main
//! thread (no workers yet, or workers blocked) is treated like a worker that
//! answers job n when the shell calls [`Session::compute_here`]; a
//! continuation deferred to the next task names its job too, so a stale one
//! does nothing.
//!
//! **Asking first** (`ask.rs`): a way to a step estimated above a minute,
//! and where the workers are missing a job that would keep the page from
//! answering for more than half a second, wait for the user's answer
//! ([`Session::question`], [`Session::confirm`], [`Session::decline`]).

mod activity;
pub(crate) mod ask;
mod commands;
pub(crate) mod driver;
mod film;
mod pace;
mod undo;
mod work;

#[cfg(test)]
mod tests;

pub use activity::{Busy, GoToError, Origin, RunState};
pub use ask::Question;
pub use undo::UndoOffer;

use self::activity::{Activity, Doing, Run};
use crate::app::platform::engine::{Scheduler, WorkerFailure};
use crate::app::simulation::perf::PerfReadout;
use crate::model::{Kinematics, Series, Swarm};

/// Milliseconds of stepping one animation frame may spend when the model runs
/// on the main thread (no workers) before the owed steps not taken yet are
/// dropped: the swarm then runs slower than real time instead of freezing.
/// A way to a step continues after the page had its turn instead.
pub const MAIN_THREAD_FRAME_BUDGET_MS: f64 = 60.0;

/// A dropped job that has computed this long (ms) makes the session ask for
/// fresh workers rather than wait for the old ones to finish it (starting a
/// worker from the cached wasm takes a few tens of ms).
pub const RESTART_WORKERS_AFTER_MS: f64 = 200.0;

/// How many unusable answers in a row the workers may give (each time they
/// are replaced and the job is given again) before the main thread computes
/// instead.
pub const MAX_UNUSABLE_REPLIES: u32 = 2;

/// What the status says about where the model computes (words in
/// `texts::engine`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineNote {
    /// The workers cannot be used: the main thread computes.
    MainThread(WorkerFailure),
    /// A worker of another build answered: nothing is computed until the
    /// page is reloaded.
    OtherBuild,
    /// A crashed worker (or one whose answer could not be used) was replaced.
    WorkerRestarted,
}

/// What the shell must do after a call, taken with [`Session::take_effects`].
#[must_use = "the shell must carry out what the session asks for"]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effects {
    /// Replace the workers by this many fresh ones (the old ones are still
    /// busy with a dropped job), then report [`Session::workers_started`] or
    /// [`Session::workers_failed`]. Comes before [`Effects::work`].
    pub restart_workers: Option<u32>,
    /// What to do with the job in flight.
    pub work: Work,
}

/// What the shell does with the job in flight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Work {
    /// Nothing to do.
    #[default]
    Idle,
    /// Send job n's state ([`Session::job_state`]) to the workers; their
    /// answers go to [`Session::reply`].
    Dispatch(u32),
    /// Compute job n here, now: [`Session::compute_here`] (which may ask for
    /// the next one at once).
    Compute(u32),
    /// Compute job n here after the page has had its turn (a zero-delay
    /// timeout), so a long way to a step on the main thread leaves room for
    /// input and drawing.
    ComputeLater(u32),
    /// Compute job n here once the page has painted (that it is busy): a
    /// job the user has accepted to take long on the main thread.
    ComputeAfterPaint(u32),
}

/// Where the model computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// On the main thread: before the workers have started, and after they
    /// failed.
    MainThread,
    /// On this many Web Workers.
    Workers(u32),
    /// Nowhere: the workers belong to another build of the app, and the
    /// page must be reloaded. Jobs stay in flight, uncomputed.
    Halted,
}

/// The swarm, what is being done with it, and the jobs that compute it.
#[derive(Debug)]
pub struct Session {
    activity: Activity,
    jobs: Scheduler,
    engine: Engine,
    /// Why the model computes on the main thread (or not at all), once
    /// workers failed.
    engine_failure: Option<EngineNote>,
    /// Whether a crashed worker was replaced (the status says so).
    restart_note: bool,
    /// Unusable answers from the workers since a job last landed.
    unusable_replies: u32,
    /// Changes whenever the swarm changes (built, stepped, removed).
    version: u64,
    /// When the current stretch of main-thread computing began (ms): it
    /// lasts while the shell computes one job after the other.
    slice_started: Option<f64>,
    /// The swarm last discarded, for Rückgängig.
    discarded: Option<undo::Discarded>,
    /// What waits for the user's answer, if anything.
    asking: Option<ask::Asking>,
    /// Whether the user has accepted long jobs on the main thread for the
    /// current swarm („Trotzdem rechnen“).
    accepted: bool,
    out: Effects,
}

impl Session {
    /// No swarm; computes on the main thread until
    /// [`Session::workers_started`].
    #[must_use]
    pub fn new() -> Self {
        Self {
            activity: Activity::Empty,
            jobs: Scheduler::new(),
            engine: Engine::MainThread,
            engine_failure: None,
            restart_note: false,
            unusable_replies: 0,
            version: 0,
            slice_started: None,
            discarded: None,
            asking: None,
            accepted: false,
            out: Effects::default(),
        }
    }

    /// What the shell must do now (and forgets it). Call after every call.
    pub fn take_effects(&mut self) -> Effects {
        self.end_finished_way();
        self.forget_stale_question();
        let effects = std::mem::take(&mut self.out);
        // A stretch of main-thread computing ends with anything but the next
        // job to compute at once.
        if !matches!(effects.work, Work::Compute(_)) {
            self.slice_started = None;
        }
        effects
    }

    /// The state of job `job` to send to the workers; `None` once it is no
    /// longer in flight (dropped, renumbered or done).
    #[must_use]
    pub fn job_state(&self, job: u32) -> Option<&Kinematics> {
        self.jobs
            .in_flight()
            .filter(|&(id, ..)| id == job)
            .map(|(.., state)| state)
    }

    /// A counter that changes whenever the swarm changes.
    #[must_use]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The swarm; `None` when there is none (also while a new one is built).
    #[must_use]
    pub fn swarm(&self) -> Option<&Swarm> {
        self.run().map(Run::shown_swarm)
    }

    /// The selected boid's index, if any.
    #[must_use]
    pub fn selection(&self) -> Option<usize> {
        self.run().and_then(|run| run.selection)
    }

    /// The run state the status shows.
    #[must_use]
    pub fn run_state(&self) -> RunState {
        self.activity.run_state()
    }

    /// The computation the user waits for, if any.
    #[must_use]
    pub fn busy(&self) -> Option<Busy> {
        self.activity.busy()
    }

    /// Where the swarm (or the one being built) came from.
    #[must_use]
    pub fn origin(&self) -> Option<Origin> {
        match &self.activity {
            Activity::Empty => None,
            Activity::Building { origin, .. } => Some(*origin),
            Activity::Ready { run, .. } => Some(run.origin),
        }
    }

    /// The step of the state the swarm was initialised or loaded with: going
    /// back ends there.
    #[must_use]
    pub fn first_step(&self) -> Option<u64> {
        self.run().and_then(|run| run.checkpoints.first_step())
    }

    /// The measures of every step from the first state to the current one;
    /// `None` without a swarm.
    #[must_use]
    pub fn series(&self) -> Option<&Series> {
        self.run().map(Run::shown_series)
    }

    /// The latest performance readout; `None` unless running.
    #[must_use]
    pub fn perf(&self) -> Option<PerfReadout> {
        match &self.activity {
            Activity::Ready {
                doing: Doing::Running(pace),
                ..
            } => pace.readout(),
            _ => None,
        }
    }

    /// Why the model computes on the main thread (or not at all), once
    /// workers failed, or that a crashed worker was replaced.
    #[must_use]
    pub fn engine_note(&self) -> Option<EngineNote> {
        self.engine_failure
            .clone()
            .or(self.restart_note.then_some(EngineNote::WorkerRestarted))
    }

    fn run(&self) -> Option<&Run> {
        match &self.activity {
            Activity::Ready { run, .. } => Some(run),
            Activity::Empty | Activity::Building { .. } => None,
        }
    }

    /// Once no way to a step is computed any more (arrived, cancelled,
    /// replaced by Schritt or a run), the page shows the swarm again.
    pub(super) fn end_finished_way(&mut self) {
        if let Activity::Ready { run, doing } = &mut self.activity
            && !matches!(doing, Doing::Seeking { .. } | Doing::Restoring { .. })
            && run.end_way()
        {
            self.bump();
        }
    }

    /// The step computed last on a way to a step while the page shows where
    /// the way began; `None` otherwise (also while a checkpoint is rebuilt).
    #[must_use]
    pub fn way_step(&self) -> Option<u64> {
        match &self.activity {
            Activity::Ready {
                run,
                doing: Doing::Seeking { .. },
            } if run.shown.is_some() => Some(run.swarm.step_count()),
            _ => None,
        }
    }

    fn bump(&mut self) {
        self.version = self.version.wrapping_add(1);
    }
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}
