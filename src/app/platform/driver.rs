//! The one place that owns the browser's computing resources of every
//! workflow: the simulation's, the study's and the correlations' pools of
//! Web Workers, and the
//! bridges to web/media.js and to the state reader's worker. It
//! turns a pool's callbacks into the events of the workflow the pool
//! belongs to ([`SimulationEvent`], [`StudyEvent`], [`CorrelationEvent`]),
//! each a protocol of its
//! own: an answer of the other workflow's kind comes from a worker that is
//! not sound and is reported as a failure, never ignored. The workflows'
//! shells (`SwarmStore`, `StudyStore`) carry out their machines' effects
//! through it.

use leptos::prelude::*;

use std::future::Future;

use web_sys::{Element, File};

use super::engine::{PoolEvent, WorkerFailure, WorkerPool};
use super::state_reader::{self, ImportFailure};
use super::timing::defer;
use crate::app::media::protocol::MediaValue;
use crate::app::media::{self, MediaCommand, MediaError};
use crate::model::Kinematics;
use crate::worker::correlations::{CorrelationReply, CorrelationRequest};
use crate::worker::protocol::ShareReply;
use crate::worker::study::{RunReply, RunRequest};

/// What the simulation's workers report.
#[derive(Debug, Clone, PartialEq)]
pub enum SimulationEvent {
    /// A share's answer.
    Reply(ShareReply),
    /// A worker crashed (or answered unreadably) and was replaced: the job
    /// in flight must be sent again.
    Restarted,
    /// The workers cannot be used any more.
    Failed(WorkerFailure),
}

/// What the study's workers report.
#[derive(Debug, Clone, PartialEq)]
pub enum StudyEvent {
    /// Worker `worker`'s results row.
    Row { worker: usize, reply: RunReply },
    /// Worker `worker` crashed and was replaced: its run must be sent
    /// again.
    Restarted { worker: usize },
    /// The workers cannot be used any more.
    Failed(WorkerFailure),
}

/// What the correlations' workers report.
#[derive(Debug, Clone, PartialEq)]
pub enum CorrelationEvent {
    /// Worker `worker`'s sums of its range of blocks.
    Blocks {
        worker: usize,
        reply: CorrelationReply,
    },
    /// Worker `worker` crashed and was replaced: its range must be sent
    /// again.
    Restarted { worker: usize },
    /// The workers cannot be used any more.
    Failed(WorkerFailure),
}

/// Which pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Simulation,
    Study,
    Correlations,
}

/// The pools of the app's workflows; provided as context by the `App`.
#[derive(Debug, Clone, Copy)]
pub struct Driver {
    simulation: StoredValue<Option<WorkerPool>, LocalStorage>,
    study: StoredValue<Option<WorkerPool>, LocalStorage>,
    correlations: StoredValue<Option<WorkerPool>, LocalStorage>,
}

impl Driver {
    /// No workers yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            simulation: StoredValue::new_local(None),
            study: StoredValue::new_local(None),
            correlations: StoredValue::new_local(None),
        }
    }

    fn pool(&self, purpose: Purpose) -> StoredValue<Option<WorkerPool>, LocalStorage> {
        match purpose {
            Purpose::Simulation => self.simulation,
            Purpose::Study => self.study,
            Purpose::Correlations => self.correlations,
        }
    }

    /// Replaces the pool of `purpose` by `size` fresh workers whose events
    /// go to `on_event`; how many started, or why none could.
    fn start(
        &self,
        purpose: Purpose,
        size: u32,
        on_event: impl Fn(PoolEvent) + 'static,
    ) -> Result<u32, WorkerFailure> {
        self.start_with(purpose, size, Box::new(on_event))
    }

    /// [`Driver::start`] once for every pool's callback (one copy in the
    /// app's wasm, not one per pool).
    fn start_with(
        &self,
        purpose: Purpose,
        size: u32,
        on_event: Box<dyn Fn(PoolEvent)>,
    ) -> Result<u32, WorkerFailure> {
        // The old workers go first: terminating them frees their cores.
        let slot = self.pool(purpose);
        slot.set_value(None);
        let pool = WorkerPool::spawn(size, on_event)?;
        let started = pool.size();
        slot.set_value(Some(pool));
        Ok(started)
    }

    /// Drops the pool of `purpose` after the current event handler (a
    /// worker's own handler may be the caller).
    fn stop_later(&self, purpose: Purpose) {
        let slot = self.pool(purpose);
        defer(move || {
            slot.try_set_value(None);
        });
    }

    /// `size` fresh workers for the simulation (the old ones are
    /// terminated first).
    pub fn start_simulation_workers(
        &self,
        size: u32,
        on_event: impl Fn(SimulationEvent) + 'static,
    ) -> Result<u32, WorkerFailure> {
        let driver = *self;
        self.start(Purpose::Simulation, size, move |event| {
            let (event, unsound) = simulation_event(event);
            if unsound {
                driver.stop_later(Purpose::Simulation);
            } else if matches!(event, SimulationEvent::Failed(_)) {
                driver.simulation.try_set_value(None);
            }
            on_event(event);
        })
    }

    /// Sends job `job`'s state to the simulation's workers, a share each.
    pub fn dispatch(&self, job: u32, state: &Kinematics) {
        self.simulation.with_value(|pool| {
            if let Some(pool) = pool {
                pool.dispatch(job, state);
            }
        });
    }

    /// `size` fresh workers for the study.
    pub fn start_study_workers(
        &self,
        size: u32,
        on_event: impl Fn(StudyEvent) + 'static,
    ) -> Result<u32, WorkerFailure> {
        let driver = *self;
        self.start(Purpose::Study, size, move |event| {
            let (event, unsound) = study_event(event);
            if unsound {
                driver.stop_later(Purpose::Study);
            }
            on_event(event);
        })
    }

    /// Sends one whole run to the study's worker `worker`.
    pub fn send_run(&self, worker: usize, request: &RunRequest) {
        self.study.with_value(|pool| {
            if let Some(pool) = pool {
                pool.send_run(worker, request);
            }
        });
    }

    /// Drops the study's workers (after the current event handler).
    pub fn stop_study_workers(&self) {
        self.stop_later(Purpose::Study);
    }

    /// `size` fresh workers for the correlations of a state (the old ones
    /// are terminated first).
    pub fn start_correlation_workers(
        &self,
        size: u32,
        on_event: impl Fn(CorrelationEvent) + 'static,
    ) -> Result<u32, WorkerFailure> {
        let driver = *self;
        self.start(Purpose::Correlations, size, move |event| {
            let (event, unsound) = correlation_event(event);
            if unsound {
                driver.stop_later(Purpose::Correlations);
            }
            on_event(event);
        })
    }

    /// Sends a range of blocks of a state to the correlations' worker
    /// `worker`.
    pub fn send_correlations(&self, worker: usize, request: CorrelationRequest) {
        self.correlations.with_value(|pool| {
            if let Some(pool) = pool {
                pool.send_correlations(worker, request);
            }
        });
    }

    /// Drops the correlations' workers: out of use at once (a pool started
    /// next is not touched), terminated after the current event handler (a
    /// worker's own handler may be the caller). Whatever they compute is
    /// lost, and their cores are free.
    pub fn stop_correlation_workers(&self) {
        let pool = self.correlations.try_update_value(Option::take).flatten();
        defer(move || {
            // Moved in, dropped here: the workers are terminated now.
            let _terminated = pool;
        });
    }

    /// Loads web/media.js and checks that it is of this build.
    pub fn media_handshake(&self) -> impl Future<Output = Result<(), MediaError>> + use<> {
        media::handshake()
    }

    /// Sends a command to web/media.js, now (see [`media::send`]).
    pub fn media(
        &self,
        command: MediaCommand<Element>,
    ) -> impl Future<Output = Result<Vec<MediaValue>, MediaError>> + use<> {
        media::send(command)
    }

    /// Reads and checks a state file in a worker of its own, then calls
    /// `done` with the state or why it was refused.
    pub fn read_state_file(
        &self,
        file: File,
        done: impl FnOnce(Result<crate::model::Kinematics, ImportFailure>) + 'static,
    ) {
        state_reader::read_state_file(file, done);
    }
}

/// A simulation pool's event as the simulation's; `true` when it came from
/// a worker that is not sound (a study row: the simulation never asks for
/// one).
fn simulation_event(event: PoolEvent) -> (SimulationEvent, bool) {
    match event {
        PoolEvent::Reply(reply) => (SimulationEvent::Reply(reply), false),
        PoolEvent::Restarted { .. } => (SimulationEvent::Restarted, false),
        PoolEvent::Failed(why) => (SimulationEvent::Failed(why), false),
        PoolEvent::Row { .. } | PoolEvent::CorrelationBlocks { .. } => {
            (SimulationEvent::Failed(WorkerFailure::Unusable), true)
        }
    }
}

/// A study pool's event as the study's; `true` when it came from a worker
/// that is not sound (a share's answer: a study never asks for one).
fn study_event(event: PoolEvent) -> (StudyEvent, bool) {
    match event {
        PoolEvent::Row { worker, reply } => (StudyEvent::Row { worker, reply }, false),
        PoolEvent::Restarted { worker } => (StudyEvent::Restarted { worker }, false),
        PoolEvent::Failed(why) => (StudyEvent::Failed(why), false),
        PoolEvent::Reply(_) | PoolEvent::CorrelationBlocks { .. } => {
            (StudyEvent::Failed(WorkerFailure::Unusable), true)
        }
    }
}

/// A correlation pool's event as the correlations'; `true` when it came
/// from a worker that is not sound (a share's answer or a study row).
fn correlation_event(event: PoolEvent) -> (CorrelationEvent, bool) {
    match event {
        PoolEvent::CorrelationBlocks { worker, reply } => {
            (CorrelationEvent::Blocks { worker, reply }, false)
        }
        PoolEvent::Restarted { worker } => (CorrelationEvent::Restarted { worker }, false),
        PoolEvent::Failed(why) => (CorrelationEvent::Failed(why), false),
        PoolEvent::Reply(_) | PoolEvent::Row { .. } => {
            (CorrelationEvent::Failed(WorkerFailure::Unusable), true)
        }
    }
}

impl Default for Driver {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Params, Share, SteeringSolver};
    use crate::worker::protocol::ShareRequest;

    fn reply() -> ShareReply {
        let state = Kinematics::initial(&Params::default()).expect("valid params");
        ShareRequest::new(1, Share::WHOLE, &state)
            .solve(&mut SteeringSolver::new())
            .expect("a valid request")
    }

    fn row() -> RunReply {
        RunReply {
            run: 3,
            line: "3,0\n".to_owned(),
        }
    }

    fn blocks() -> CorrelationReply {
        CorrelationReply {
            job: 2,
            first_block: 0,
            pairs: vec![0.0; crate::model::CORRELATION_BINS],
            products: vec![0.0; crate::model::CORRELATION_BINS],
        }
    }

    #[test]
    fn the_correlations_get_their_own_events_and_any_other_answer_is_a_failure() {
        assert_eq!(
            correlation_event(PoolEvent::CorrelationBlocks {
                worker: 1,
                reply: blocks()
            }),
            (
                CorrelationEvent::Blocks {
                    worker: 1,
                    reply: blocks()
                },
                false
            )
        );
        assert_eq!(
            correlation_event(PoolEvent::Restarted { worker: 0 }),
            (CorrelationEvent::Restarted { worker: 0 }, false)
        );
        assert_eq!(
            correlation_event(PoolEvent::Failed(WorkerFailure::NotStarted)),
            (CorrelationEvent::Failed(WorkerFailure::NotStarted), false)
        );
        for other in [
            PoolEvent::Reply(reply()),
            PoolEvent::Row {
                worker: 0,
                reply: row(),
            },
        ] {
            assert_eq!(
                correlation_event(other),
                (CorrelationEvent::Failed(WorkerFailure::Unusable), true)
            );
        }
        let stray = || PoolEvent::CorrelationBlocks {
            worker: 0,
            reply: blocks(),
        };
        assert_eq!(
            simulation_event(stray()),
            (SimulationEvent::Failed(WorkerFailure::Unusable), true)
        );
        assert_eq!(
            study_event(stray()),
            (StudyEvent::Failed(WorkerFailure::Unusable), true)
        );
    }

    #[test]
    fn each_workflow_gets_its_own_events_and_the_other_s_answer_is_a_failure() {
        assert_eq!(
            simulation_event(PoolEvent::Reply(reply())),
            (SimulationEvent::Reply(reply()), false)
        );
        assert_eq!(
            simulation_event(PoolEvent::Restarted { worker: 1 }),
            (SimulationEvent::Restarted, false)
        );
        assert_eq!(
            simulation_event(PoolEvent::Failed(WorkerFailure::OtherBuild)),
            (SimulationEvent::Failed(WorkerFailure::OtherBuild), false)
        );
        assert_eq!(
            simulation_event(PoolEvent::Row {
                worker: 0,
                reply: row()
            }),
            (SimulationEvent::Failed(WorkerFailure::Unusable), true)
        );
        assert_eq!(
            study_event(PoolEvent::Row {
                worker: 2,
                reply: row()
            }),
            (
                StudyEvent::Row {
                    worker: 2,
                    reply: row()
                },
                false
            )
        );
        assert_eq!(
            study_event(PoolEvent::Restarted { worker: 1 }),
            (StudyEvent::Restarted { worker: 1 }, false)
        );
        assert_eq!(
            study_event(PoolEvent::Failed(WorkerFailure::Crashed)),
            (StudyEvent::Failed(WorkerFailure::Crashed), false)
        );
        assert_eq!(
            study_event(PoolEvent::Reply(reply())),
            (StudyEvent::Failed(WorkerFailure::Unusable), true)
        );
    }
}
