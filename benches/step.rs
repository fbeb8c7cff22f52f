//! Step benchmark: the cell-list step at N = 1 000, 10 000, 30 000 with r = 1.0
//! and 1.2, at large radii (N = 10 000 with r = 2.5, 3.5 and 4.2, N = 50 000 with
//! r = 4.2), beside a brute-force O(N²) step at N = 1 000 for scale. Fixed seed
//! 1, other parameters default, measured over the first steps after
//! initialisation, on one thread and on every core the step uses by default.
//! Prints one line per case; run with `cargo bench --bench step` (a filter
//! argument such as `r=4.2` picks cases).

use std::hint::black_box;

use boids_schwarm::model::{Params, Swarm, steering_brute_force};

mod timing;
use timing::median_ms;

fn main() {
    // `cargo bench` passes --bench; a filter argument selects cases by name.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    println!("step benchmark (seed 1, defaults otherwise; median over the first steps after init)");
    let mut cases: Vec<(String, Box<dyn FnMut() -> f64>)> = Vec::new();
    // (N, r, samples): fewer samples where a step takes long.
    let mut runs: Vec<(u32, f64, usize)> = Vec::new();
    for count in [1_000u32, 10_000, 30_000] {
        for radius in [1.0, 1.2] {
            runs.push((count, radius, if count >= 30_000 { 11 } else { 21 }));
        }
    }
    runs.extend([
        (10_000, 2.5, 11),
        (10_000, 3.5, 11),
        (10_000, 4.2, 11),
        (50_000, 4.2, 3),
    ]);
    // One thread, then every core the step uses by default (the rows' pairs
    // of home boids shared out; bit-identical results).
    let cores = Swarm::new(&Params::default())
        .expect("valid default params")
        .threads();
    let thread_counts: Vec<u32> = if cores > 1 { vec![1, cores] } else { vec![1] };
    for (count, radius, samples) in runs {
        for &threads in &thread_counts {
            let name = format!("cell-list step N={count} r={radius} threads={threads}");
            cases.push((
                name,
                Box::new(move || {
                    let params = Params {
                        count,
                        radius,
                        seed: 1,
                        ..Params::default()
                    };
                    let mut swarm = Swarm::new(&params).expect("valid benchmark params");
                    swarm.set_threads(threads);
                    median_ms(samples, || {
                        swarm.step();
                        black_box(swarm.positions());
                    })
                }),
            ));
        }
    }
    cases.push((
        "brute-force step N=1000 r=1.2".to_owned(),
        Box::new(|| {
            let params = Params {
                count: 1_000,
                seed: 1,
                ..Params::default()
            };
            let swarm = Swarm::new(&params).expect("valid benchmark params");
            median_ms(11, || {
                black_box(steering_brute_force(
                    swarm.positions(),
                    swarm.velocities(),
                    params.radius,
                ));
            })
        }),
    ));
    for (name, mut case) in cases {
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        println!("{name:<40} {:>9.3} ms/step", case());
    }
}
