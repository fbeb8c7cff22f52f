//! Studies (SPEC §8): many runs of the model over a grid of parameter values
//! and seeds, each summarised by statistics of the §6 measures over a window
//! of steps. The plan is read and checked here ([`Plan::parse`]), expanded
//! into numbered runs ([`Plan::runs`]), each run computed exactly as
//! Initialisieren and `steps` × Schritt ([`run_statistics`]), and written to
//! and read back from the results CSV, the one format the command-line tool
//! and the app share ([`results_header`], [`ResultsFile`]); the summary
//! over seeds is [`summary_csv`]. A plan's peak memory is estimated before
//! it runs, and the runs computed at once limited to a bound
//! ([`MemoryBound`]). No threads and no files here: the caller decides
//! where runs are computed and where rows go.

mod axis;
mod columns;
mod error;
mod hash;
mod json;
mod memory;
mod merge;
mod plan;
mod results;
mod runs;
mod stats;
mod summary;

pub use axis::Axis;
pub use columns::{Columns, ResultsVersion};
pub use error::{MergeError, PlanError, PlanProblem, ResultsError};
pub use hash::PlanId;
pub use memory::{
    CLI_MEMORY_MIB, MemoryBound, OverBound, PAGE_MEMORY, RUN_BASE_BYTES, SWARM_BYTES_PER_BOID,
    WORKER_BYTES, run_bytes,
};
pub use merge::{Merged, merge};
pub use plan::{MAX_PLAN_BYTES, MAX_RUNS, MAX_STEPS, PLAN_FORMAT, PLAN_VERSION, Plan};
pub use results::{RESULTS_HEADER, ResultRow, ResultsFile, comment_line, results_header, row_line};
pub use runs::Run;
pub use stats::{
    Quantity, RunStatistics, WINDOW_STEP_BYTES, WindowStatistics, binder_cumulant, run_statistics,
};
pub use summary::summary_csv;
