//! Correlations benchmark (SPEC §10): the time of g(r), C(r) and ξ of one
//! state — every pair closer than 4,2, in the fixed order of the sums — for
//! N in {1 000, 10 000, 50 000} (seed 1, defaults otherwise, the state
//! after 10 steps), on one thread and on every core. Medians over at least
//! three calls. Run with `cargo bench --bench correlations`.

use std::hint::black_box;
use std::time::Instant;

use boids_schwarm::model::{Correlations, Params, Swarm};

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(8) as u32);
    println!("correlations of one state (seed 1, defaults, step 10); median ms");
    println!(
        "{:>8} | {:>10} | {:>10} ({cores} threads)",
        "N", "1 thread", "all"
    );
    for count in [1_000u32, 10_000, 50_000] {
        let params = Params {
            count,
            seed: 1,
            ..Params::default()
        };
        let mut swarm = Swarm::new(&params).expect("valid benchmark params");
        for _ in 0..10 {
            swarm.step();
        }
        let time = |threads: u32| {
            let samples = if count >= 50_000 { 3 } else { 5 };
            let mut times: Vec<f64> = (0..samples)
                .map(|_| {
                    let start = Instant::now();
                    black_box(Correlations::of(
                        swarm.positions(),
                        swarm.velocities(),
                        threads,
                    ));
                    start.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            times.sort_by(f64::total_cmp);
            times[times.len() / 2]
        };
        println!("{count:>8} | {:>10.1} | {:>10.1}", time(1), time(cores));
    }
}
