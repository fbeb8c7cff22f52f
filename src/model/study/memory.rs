//! A study's memory (SPEC §8), estimated from its plan before anything
//! runs: what one run holds at its peak, what the runs computed at once
//! hold together, and how many may run at once within a stated bound.
//!
//! A run holds its window ([`WINDOW_STEP_BYTES`] per state, reserved at
//! once) and its swarm (positions, velocities, steering, the cell list and
//! the measures' grids: about a few hundred bytes per boid). The per-boid
//! and fixed allowances below lie above every run measured natively
//! (`tests/model_study_memory.rs`; figures in docs/BENCHMARKS.md): at
//! N ≥ 1 000 at most 430 bytes per boid, below that at most 70 KB in all.
//! Not covered: a swarm clumped much tighter than any measured, whose list
//! of linked neighbour pairs (8 bytes per pair) outgrows the allowance.

use super::plan::Plan;
use super::stats::WINDOW_STEP_BYTES;
use crate::model::ParamField;

/// The bytes a run's swarm is allowed per boid: 512.
pub const SWARM_BYTES_PER_BOID: u64 = 512;

/// The bytes a run is allowed whatever its N and window: 1 MiB (its grids'
/// fixed parts, its result row, the stack it uses).
pub const RUN_BASE_BYTES: u64 = 1 << 20;

/// The bytes one run of `count` boids holds at its peak, with a window of
/// `window` states: `window · WINDOW_STEP_BYTES` plus
/// `count · SWARM_BYTES_PER_BOID` plus `RUN_BASE_BYTES`. At most about
/// 63.6 MiB for a plan's runs (N ≤ 50 000, window ≤ 1 000 001); saturating,
/// never wrapping.
#[must_use]
pub fn run_bytes(count: u32, window: u64) -> u64 {
    window
        .saturating_mul(WINDOW_STEP_BYTES)
        .saturating_add(u64::from(count) * SWARM_BYTES_PER_BOID)
        .saturating_add(RUN_BASE_BYTES)
}

impl Plan {
    /// The most boids any of its runs has: the largest value of a `count`
    /// axis, else `base.count`; `1 ..= 50 000`.
    #[must_use]
    pub fn largest_count(&self) -> u32 {
        self.axes
            .iter()
            .find(|axis| axis.field == ParamField::Count)
            .map_or(self.base.count, |axis| {
                // Count values are whole numbers from 1 to 50 000.
                axis.values.iter().copied().fold(1.0, f64::max) as u32
            })
    }

    /// The bytes its largest run holds at its peak ([`run_bytes`] of
    /// [`Plan::largest_count`] and [`Plan::window`]).
    #[must_use]
    pub fn run_bytes(&self) -> u64 {
        run_bytes(self.largest_count(), self.window())
    }
}

/// A bound on the memory of the runs computed at once: `total` bytes in
/// all, where each run computed at once takes `per_run` bytes beyond its
/// own [`Plan::run_bytes`] (what its place costs: a Web Worker's own
/// instance; 0 for a thread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryBound {
    /// Bytes in all, ≥ 1.
    pub total: u64,
    /// Bytes each run at once adds beyond its own.
    pub per_run: u64,
}

/// The command line's bound without `--memory`: 1 GiB (in MiB).
pub const CLI_MEMORY_MIB: u64 = 1024;

/// What a study page's Web Worker costs beside the run it computes: 8 MiB
/// (its WebAssembly instance starts with 1.1 MiB of memory, its code and
/// its JavaScript heap take the rest).
pub const WORKER_BYTES: u64 = 8 << 20;

/// The study page's bound: 512 MiB across its Web Workers, each worker's
/// own [`WORKER_BYTES`] included.
pub const PAGE_MEMORY: MemoryBound = MemoryBound {
    total: 512 << 20,
    per_run: WORKER_BYTES,
};

/// One run of a plan needs more than the whole bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("one run needs {needs} bytes, more than the bound of {bound}")]
pub struct OverBound {
    /// Bytes one run needs (its place's included), ≥ 1.
    pub needs: u64,
    /// The bound, in bytes.
    pub bound: u64,
}

impl MemoryBound {
    /// The command line's bound of `mib` MiB (threads cost nothing extra).
    #[must_use]
    pub fn mebibytes(mib: u64) -> Self {
        Self {
            total: mib.saturating_mul(1 << 20),
            per_run: 0,
        }
    }

    /// The bytes each run of `plan` at once takes: its own and its place's.
    #[must_use]
    pub fn share(&self, plan: &Plan) -> u64 {
        plan.run_bytes().saturating_add(self.per_run)
    }

    /// The peak bytes of `runs` runs of `plan` computed at once.
    #[must_use]
    pub fn peak(&self, plan: &Plan, runs: u32) -> u64 {
        u64::from(runs).saturating_mul(self.share(plan))
    }

    /// How many runs of `plan` to compute at once: `wanted` (at least 1),
    /// or fewer where their [`MemoryBound::peak`] would exceed the bound;
    /// [`OverBound`] when not even one fits.
    pub fn runs_at_once(&self, plan: &Plan, wanted: u32) -> Result<u32, OverBound> {
        let share = self.share(plan);
        match self.total / share {
            0 => Err(OverBound {
                needs: share,
                bound: self.total,
            }),
            fit => Ok(u32::try_from(fit).unwrap_or(u32::MAX).min(wanted.max(1))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(fields: &str) -> Plan {
        let text = format!(r#"{{"format": "boids-schwarm-study", "version": 1, {fields}}}"#);
        Plan::parse(text.as_bytes()).expect("valid plan")
    }

    /// The largest plan's runs: N = 50 000, 1 000 000 steps from step 0.
    fn largest() -> Plan {
        plan(r#""base": {"count": 50000}, "seeds": [1, 2], "steps": 1000000, "burn_in": 0"#)
    }

    #[test]
    fn a_run_holds_its_window_its_swarm_and_a_fixed_part() {
        assert_eq!(run_bytes(1, 1), 40 + 512 + 1_048_576);
        assert_eq!(
            run_bytes(50_000, 1_000_001),
            40_000_040 + 25_600_000 + 1_048_576
        );
        assert_eq!(largest().run_bytes(), 66_648_616, "about 63.6 MiB");
        assert_eq!(run_bytes(u32::MAX, u64::MAX), u64::MAX, "saturates");
        // The window is what a long run is made of.
        let short = plan(r#""seeds": [1], "steps": 1000000, "burn_in": 900000"#);
        let long = plan(r#""seeds": [1], "steps": 1000000, "burn_in": 0"#);
        assert_eq!(long.run_bytes() - short.run_bytes(), 900_000 * 40);
    }

    #[test]
    fn the_largest_count_comes_from_a_count_axis_or_the_base() {
        assert_eq!(
            plan(r#""base": {"count": 300}, "seeds": [1], "steps": 5, "burn_in": 0"#)
                .largest_count(),
            300
        );
        let swept = plan(
            r#""base": {"count": 300},
               "sweep": [{"parameter": "radius", "values": [1, 2]},
                         {"parameter": "count", "values": [40, 900, 120]}],
               "seeds": [1], "steps": 5, "burn_in": 0"#,
        );
        assert_eq!(swept.largest_count(), 900);
        assert_eq!(swept.run_bytes(), run_bytes(900, 6));
    }

    #[test]
    fn runs_at_once_stay_within_the_bound() {
        let plan = largest();
        let cli = MemoryBound::mebibytes(CLI_MEMORY_MIB);
        assert_eq!(cli.runs_at_once(&plan, 256), Ok(16));
        assert!(cli.peak(&plan, 16) <= 1 << 30);
        assert!(cli.peak(&plan, 17) > 1 << 30);
        assert_eq!(cli.runs_at_once(&plan, 4), Ok(4), "as many as wanted");
        assert_eq!(cli.runs_at_once(&plan, 0), Ok(1), "at least one");
        // The page's workers each add their own instance.
        assert_eq!(PAGE_MEMORY.share(&plan), 66_648_616 + WORKER_BYTES);
        assert_eq!(PAGE_MEMORY.runs_at_once(&plan, 16), Ok(7));
        assert!(PAGE_MEMORY.peak(&plan, 7) <= 512 << 20);
        assert!(PAGE_MEMORY.peak(&plan, 8) > 512 << 20);
    }

    #[test]
    fn a_run_over_the_whole_bound_is_refused_with_what_it_needs() {
        let plan = largest();
        assert_eq!(
            MemoryBound::mebibytes(63).runs_at_once(&plan, 2),
            Err(OverBound {
                needs: 66_648_616,
                bound: 63 << 20
            })
        );
        assert_eq!(MemoryBound::mebibytes(64).runs_at_once(&plan, 2), Ok(1));
        let none = MemoryBound {
            total: 0,
            per_run: 0,
        };
        assert!(none.runs_at_once(&plan, 1).is_err(), "no bytes, no run");
    }
}
