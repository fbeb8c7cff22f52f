//! A study's time, before it runs (a rough estimate from the plan) and
//! while it runs (the runner's figures), in words; and how many Web Workers
//! it gets within the page's memory bound.

use crate::model::study::{MemoryBound, OverBound, Plan};
use crate::model::{PERIOD, Params};

/// Cost of one step per boid in a worker, ms (the step, its measures and
/// the bookkeeping of a run), measured in headless Chromium on a 2-core
/// machine (see BENCHMARKS.md, „Studie“).
const MS_PER_BOID: f64 = 0.0025;
/// Extra cost per boid and neighbour, ms.
const MS_PER_NEIGHBOUR: f64 = 0.000_05;

/// Expected neighbours of a boid when N boids spread evenly over the cube.
fn neighbours(count: u32, radius: f64) -> f64 {
    let share = (4.0 / 3.0 * std::f64::consts::PI * radius.powi(3) / PERIOD.powi(3)).min(1.0);
    f64::from(count.saturating_sub(1)) * share
}

/// Roughly how long one step of N boids at radius r takes in a worker, in
/// ms (the same cost model for a study's runs and a link's way to its step).
#[must_use]
pub fn step_ms(count: u32, radius: f64) -> f64 {
    f64::from(count) * (MS_PER_BOID + MS_PER_NEIGHBOUR * neighbours(count, radius))
}

/// Roughly how long `jobs` computations of the swarm of `params` take one
/// after the other in a worker, in ms: a step, or the steering of a new or
/// rebuilt state, each costs what one step costs. The one estimate of a
/// study's runs, a link's way to its step, „Gehe zu Schritt“ and a job on
/// the main thread.
#[must_use]
pub fn jobs_ms(params: &Params, jobs: u64) -> f64 {
    step_ms(params.count, params.radius) * jobs as f64
}

/// Roughly how long the runs of `plan` missing take on `workers` workers,
/// in ms: every run's steps at a cost per boid and neighbour (swarms that
/// clump have more neighbours than this assumes, so it is a lower guide).
#[must_use]
pub fn estimate_ms(plan: &Plan, runs: impl Iterator<Item = u64>, workers: u32) -> f64 {
    // The runs of a grid point differ in their seed alone, which costs
    // nothing here: one cost per point (the page asks this at every
    // telling of a study of 10 000 runs).
    let seeds = (plan.seeds.len() as u64).max(1);
    let mut last: Option<(u64, f64)> = None;
    let total: f64 = runs
        .map(|run| match last {
            Some((point, ms)) if point == run / seeds => ms,
            _ => {
                let ms = jobs_ms(&plan.run(run).params, plan.steps + 1);
                last = Some((run / seeds, ms));
                ms
            }
        })
        .sum();
    let parallel = u64::from(workers.max(1)).min(plan.run_count().max(1));
    total / parallel as f64
}

/// The Web Workers a study starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerCount {
    /// Workers to start, `1 ..= wanted`.
    pub workers: u32,
    /// One per missing run up to „Rechenkerne“ (at least 1).
    pub wanted: u32,
}

impl WorkerCount {
    /// Whether memory allows fewer workers than wanted.
    #[must_use]
    pub fn limited(&self) -> bool {
        self.workers < self.wanted
    }
}

/// The workers for the `missing` runs of `plan` with `cores` „Rechenkerne“:
/// one per missing run up to `cores`, and no more than `bound` holds at
/// once; [`OverBound`] when not even one run fits.
pub fn study_workers(
    plan: &Plan,
    missing: u64,
    cores: u32,
    bound: &MemoryBound,
) -> Result<WorkerCount, OverBound> {
    let wanted = u64::from(cores.max(1)).min(missing.max(1)) as u32;
    let workers = bound.runs_at_once(plan, wanted)?;
    Ok(WorkerCount { workers, wanted })
}

/// A duration in German words: „unter 1 s“, „42 s“, „3 min 20 s“, „2 h 5 min“.
#[must_use]
pub fn format_duration(ms: f64) -> String {
    if !ms.is_finite() || ms < 1000.0 {
        return "unter 1\u{a0}s".to_owned();
    }
    let seconds = (ms / 1000.0).round() as u64;
    match seconds {
        0..60 => format!("{seconds}\u{a0}s"),
        60..3600 => format!("{}\u{a0}min {}\u{a0}s", seconds / 60, seconds % 60),
        _ => format!("{}\u{a0}h {}\u{a0}min", seconds / 3600, seconds % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_words() {
        assert_eq!(format_duration(400.0), "unter 1\u{a0}s");
        assert_eq!(format_duration(42_300.0), "42\u{a0}s");
        assert_eq!(format_duration(200_000.0), "3\u{a0}min 20\u{a0}s");
        assert_eq!(format_duration(7_500_000.0), "2\u{a0}h 5\u{a0}min");
        assert_eq!(format_duration(f64::NAN), "unter 1\u{a0}s");
    }

    #[test]
    fn a_step_costs_more_with_more_boids_and_a_larger_radius() {
        assert!(step_ms(100, 1.2) > 0.0);
        assert!(step_ms(3000, 1.2) > 20.0 * step_ms(100, 1.2));
        assert!(step_ms(3000, 2.5) > step_ms(3000, 1.2));
    }

    #[test]
    fn long_windows_get_fewer_workers_and_too_long_ones_none() {
        use crate::model::study::PAGE_MEMORY;
        let plan = |count: u32, steps: u32, burn_in: u32| {
            Plan::parse(
                format!(
                    r#"{{"format": "boids-schwarm-study", "version": 1, "base": {{"count": {count}}},
                        "seeds": {{"from": 1, "count": 20}}, "steps": {steps}, "burn_in": {burn_in}}}"#
                )
                .as_bytes(),
            )
            .expect("valid")
        };
        let short = plan(1000, 1000, 500);
        let count = study_workers(&short, 20, 16, &PAGE_MEMORY).expect("fits");
        assert_eq!((count.workers, count.limited()), (16, false));
        let count = study_workers(&short, 3, 16, &PAGE_MEMORY).expect("fits");
        assert_eq!(
            count,
            WorkerCount {
                workers: 3,
                wanted: 3
            },
            "one per missing run"
        );
        // 1 000 001 states of 50 000 boids: 63.6 MiB a run, 8 MiB a worker.
        let long = plan(50_000, 1_000_000, 0);
        let count = study_workers(&long, 20, 16, &PAGE_MEMORY).expect("fits");
        assert_eq!(
            (count.workers, count.wanted, count.limited()),
            (7, 16, true)
        );
        assert!(PAGE_MEMORY.peak(&long, count.workers) <= 512 << 20);
        let small = MemoryBound {
            total: 64 << 20,
            per_run: 8 << 20,
        };
        let refused = study_workers(&long, 20, 2, &small).expect_err("one run is too much");
        assert_eq!(refused.needs, PAGE_MEMORY.share(&long));
    }

    #[test]
    fn the_estimate_grows_with_runs_steps_and_boids_and_shrinks_with_workers() {
        let plan = |count: u32, steps: u32| {
            Plan::parse(
                format!(
                    r#"{{"format": "boids-schwarm-study", "version": 1, "base": {{"count": {count}}},
                        "seeds": {{"from": 1, "count": 4}}, "steps": {steps}, "burn_in": 0}}"#
                )
                .as_bytes(),
            )
            .expect("valid")
        };
        let small = plan(100, 100);
        let one = estimate_ms(&small, 0..4, 1);
        assert!(one > 0.0);
        assert_eq!(estimate_ms(&small, 0..4, 2), one / 2.0);
        assert_eq!(
            estimate_ms(&small, 0..4, 9),
            one / 4.0,
            "4 runs, 4 workers at most"
        );
        assert!((estimate_ms(&small, 0..2, 1) - one / 2.0).abs() < 1e-9 * one);
        assert!(estimate_ms(&plan(400, 100), 0..4, 1) > 4.0 * one);
        assert!(estimate_ms(&plan(100, 300), 0..4, 1) > 2.9 * one);
    }

    #[test]
    fn the_estimate_is_every_runs_cost_taken_once_per_point() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 50},
                "sweep": [{"parameter": "count", "values": [50, 400]},
                          {"parameter": "radius", "values": [1, 4]}],
                "seeds": {"from": 1, "count": 3}, "steps": 10, "burn_in": 0}"#,
        )
        .expect("valid");
        let runs = [0, 1, 4, 5, 6, 9, 11];
        let by_run: f64 = runs
            .iter()
            .map(|&run| jobs_ms(&plan.run(run).params, plan.steps + 1))
            .sum();
        assert_eq!(estimate_ms(&plan, runs.into_iter(), 1), by_run);
    }
}
