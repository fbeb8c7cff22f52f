//! What a study's measures cost beside its steps (SPEC §8, `measures`):
//! for N in {1 000, 10 000} and every radius r in {0.05, 0.2, 0.6, 1.2,
//! 2.4, 4.2} (seed 1, defaults otherwise, one thread), the median time of
//! a study run of K steps with every state in its window, computing
//!
//! - nothing: the plain steps (`Swarm::new` and K × `step`),
//! - `"measures": ["polarization"]`: `run_statistics` of the polarization,
//! - every measure: `run_statistics` of all six,
//!
//! and the two runs' cost against the plain steps. The goals: the
//! polarization alone at most 1.1 × the plain steps at every radius; all
//! six within 2 × at N = 10 000 and 1.25 × from r = 1.2. Run with
//! `cargo bench --bench study_measures` (a filter such as `N=1000 ` picks
//! cases; about a minute for all).

use std::hint::black_box;
use std::time::Instant;

use boids_schwarm::model::study::run_statistics;
use boids_schwarm::model::{Measure, MeasureSet, Params, Swarm};

/// Milliseconds of one call of `run`.
fn time_ms(run: impl FnOnce()) -> f64 {
    let start = Instant::now();
    run();
    start.elapsed().as_secs_f64() * 1e3
}

const RADII: [f64; 6] = [0.05, 0.2, 0.6, 1.2, 2.4, 4.2];

/// Steps per run: enough to leave the initial state behind, few enough
/// that the slowest case (N = 10 000, r = 4.2: about 0.1 s a step) stays
/// within seconds.
fn steps(count: u32, radius: f64) -> u64 {
    match (count, radius >= 2.4) {
        (1_000, _) => 60,
        (_, false) => 20,
        (_, true) => 6,
    }
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    println!("| N | r | steps | plain ms | polarization ms | × plain | all six ms | × plain |");
    println!("|---|---|---|---|---|---|---|---|");
    let polarization = MeasureSet::EMPTY.with(Measure::Polarization);
    for count in [1_000, 10_000] {
        for radius in RADII {
            let name = format!("N={count} r={radius} ");
            if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
                continue;
            }
            let params = Params {
                count,
                radius,
                seed: 1,
                ..Params::default()
            };
            let steps = steps(count, radius);
            // The three alternate, sample by sample, so that a change in
            // the machine's speed meets all three alike.
            let samples = if count == 1_000 { 15 } else { 5 };
            let mut times = [Vec::new(), Vec::new(), Vec::new()];
            for _ in 0..=samples {
                times[0].push(time_ms(|| {
                    let mut swarm = Swarm::new(&params).expect("valid");
                    swarm.set_threads(1);
                    for _ in 0..steps {
                        swarm.step();
                    }
                    black_box(swarm.positions());
                }));
                for (set, time) in [polarization, MeasureSet::ALL].into_iter().zip(1..) {
                    times[time].push(time_ms(|| {
                        black_box(run_statistics(&params, steps, 0, 1, set));
                    }));
                }
            }
            let [plain, order, all] = times.map(|mut times| {
                times.sort_by(f64::total_cmp);
                times[times.len() / 2]
            });
            println!(
                "| {count} | {radius} | {steps} | {plain:.2} | {order:.2} | {:.3} | {all:.2} | {:.2} |",
                order / plain,
                all / plain
            );
        }
    }
}
