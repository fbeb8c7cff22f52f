//! Where the model computes: the stepping work leaves the main thread.
//!
//! The page keeps the swarm (it draws it and shows its table) and does the
//! cheap half of a step itself: moving every boid by its steering. The
//! expensive half, finding the neighbours of the new state and the searches
//! behind the measures of the whole swarm, goes to a pool of Web Workers,
//! each computing one share of the rows (`scheduler` tracks the
//! job and its shares, `pool` talks to the workers). When workers cannot start,
//! the store computes on the main thread as before and says so.

pub mod pool;
pub mod scheduler;

pub use pool::{PoolEvent, WorkerPool};
pub use scheduler::{Accepted, Finished, JobKind, MAX_OWED_STEPS, Scheduler};
