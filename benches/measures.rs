//! Measures benchmark (SPEC §6): the time of all measures of one state at
//! N = 50 000 with r = 1.0, 1.2 and 4.2 (seed 1, defaults otherwise), beside
//! the time of one step of the same swarm, on one thread and on every core
//! the step uses by default (the measures then share the nearest distances
//! out), and the measures' share of a step. Medians: the step's over the
//! first steps after initialisation, the measures' over repeated calls on
//! the state those steps reached. Then the split the app's Web Workers use:
//! with two shares, each share's part (its nearest distances; share 0 also
//! the groups), computed beside that share's steering, and what the page
//! does on the main thread to put them together (O(N) sums). Run with
//! `cargo bench --bench measures` (a filter argument such as `r=4.2` picks
//! cases).

use std::hint::black_box;

use boids_schwarm::model::{MeasureAssembler, MeasureShare, Params, Share, Swarm};

mod timing;
use timing::median_ms;

/// The radii measured, each with its number of samples (fewer where a step
/// takes seconds).
const CASES: [(f64, usize); 3] = [(1.0, 9), (1.2, 9), (4.2, 3)];

/// A swarm of N = 50 000 (seed 1) with `radius`, stepping on `threads`
/// threads, after `samples` steps, and the median time of those steps (ms).
fn stepped(radius: f64, threads: u32, samples: usize) -> (Swarm, f64) {
    let params = Params {
        count: 50_000,
        radius,
        seed: 1,
        ..Params::default()
    };
    let mut swarm = Swarm::new(&params).expect("valid benchmark params");
    swarm.set_threads(threads);
    let step = median_ms(samples, || {
        swarm.step();
        black_box(swarm.positions());
    });
    (swarm, step)
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    println!("measures benchmark (seed 1, defaults otherwise)");
    println!(
        "{:<32} {:>12} {:>12} {:>8}",
        "case", "measures ms", "step ms", "share"
    );
    let cores = Swarm::new(&Params::default())
        .expect("valid default params")
        .threads();
    let thread_counts: Vec<u32> = if cores > 1 { vec![1, cores] } else { vec![1] };
    for (radius, samples) in CASES {
        for &threads in &thread_counts {
            let name = format!("N=50000 r={radius} threads={threads}");
            if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
                continue;
            }
            let (swarm, step) = stepped(radius, threads, samples);
            let measures = median_ms(samples, || {
                black_box(swarm.measures());
            });
            println!(
                "{name:<32} {measures:>12.1} {step:>12.1} {:>7.1}%",
                100.0 * measures / step
            );
        }
    }
    shares(filter.as_deref());
}

/// The measures as two workers compute them (one thread each, here one
/// after the other) beside a step on one thread, and the page's assembly.
fn shares(filter: Option<&str>) {
    println!();
    println!("split over 2 workers (each share on one thread)");
    println!(
        "{:<32} {:>10} {:>10} {:>12} {:>12}",
        "case", "share 0 ms", "share 1 ms", "assembly ms", "step ms"
    );
    for (radius, samples) in CASES {
        let name = format!("N=50000 r={radius} shares=2");
        if filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let (swarm, step) = stepped(radius, 1, samples);
        let share = |part| Share::new(part, 2).expect("part below parts");
        let compute = |part| MeasureShare::compute(swarm.positions(), radius, share(part));
        let times = [0, 1].map(|part| {
            median_ms(samples, || {
                black_box(compute(part));
            })
        });
        let parts = [compute(0), compute(1)];
        let assembly = median_ms(samples, || {
            let mut assembler = MeasureAssembler::new(swarm.len());
            for part in &parts {
                assembler.add(part).expect("shares fit");
            }
            black_box(assembler.finish(swarm.velocities(), swarm.steering()));
        });
        println!(
            "{name:<32} {:>10.1} {:>10.1} {assembly:>12.2} {step:>12.1}",
            times[0], times[1]
        );
    }
}
