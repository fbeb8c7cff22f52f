//! Where the model computes: the stepping work leaves the main thread.
//!
//! The page keeps the swarm (it draws it and shows its table) and does the
//! cheap half of a step itself: moving every boid by its steering. The
//! expensive half, finding the neighbours of the new state and the searches
//! behind the measures of the whole swarm, goes to a pool of Web Workers,
//! each computing one share of the rows.
//!
//! - `scheduler` is plain bookkeeping: it numbers every job, keeps the one
//!   in flight and puts its shares together, and ignores answers for any
//!   other number. It knows nothing of what a job is for.
//! - `pool` talks to the workers (wasm only): it sends a job's state to every
//!   worker and hands their answers, or their failure, to a callback. A
//!   worker that crashes is replaced and the owner told to send its work
//!   again.
//! - `failure` says, as data, why the workers cannot be used.
//!
//! `app::simulation::session` decides which job to start and what a
//! finished one means; `app::platform::driver::Driver` owns the pools and
//! hands their events to the simulation's and the study's stores. When
//! workers cannot start, the session has its jobs computed on the main
//! thread and says so.

mod failure;
mod pool;
pub(crate) mod scheduler;

pub use failure::WorkerFailure;
pub use pool::{PoolEvent, WorkerPool};
pub use scheduler::{Accepted, Finished, JobKind, Scheduler};
