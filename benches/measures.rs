//! Measures benchmark (SPEC §6): the time of all six measures of one state
//! beside the time of one step of the same swarm, and the measures' share of
//! a step, for every radius r in {0.05, 0.2, 0.6, 1.2, 2.4, 4.2} and N in
//! {1 000, 10 000, 50 000} (seed 1, defaults otherwise), on one thread and
//! on every core the step uses by default (the measures then share the
//! nearest distances out). Medians: the step's over the first steps after
//! initialisation, the measures' over repeated calls on the state those
//! steps reached; each case samples until a time budget is spent (at least
//! three samples). Then the split the app's Web Workers use: with two
//! shares, each share's part (its nearest distances; share 0 also the
//! groups), computed beside that share's steering, and what the page does
//! on the main thread to put them together (O(N) sums). Run with
//! `cargo bench --bench measures` (a filter argument such as `r=4.2` or
//! `N=1000 ` picks cases; about two minutes for all of them).

use std::hint::black_box;
use std::time::{Duration, Instant};

use boids_schwarm::model::{MeasureAssembler, MeasureShare, Params, Share, Swarm};

mod timing;
use timing::median_ms;

/// The radii and swarm sizes of the table.
const RADII: [f64; 6] = [0.05, 0.2, 0.6, 1.2, 2.4, 4.2];
const COUNTS: [u32; 3] = [1_000, 10_000, 50_000];

/// Median milliseconds of `run`, after one warm-up call, over at least
/// three and at most `max` calls, stopping once `budget` is spent.
fn median_within(budget: Duration, max: usize, mut run: impl FnMut()) -> f64 {
    run();
    let began = Instant::now();
    let mut times = Vec::new();
    while times.len() < 3 || (times.len() < max && began.elapsed() < budget) {
        let start = Instant::now();
        run();
        times.push(start.elapsed());
    }
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e3
}

/// A swarm of `count` boids (seed 1) with `radius`, stepping on `threads`
/// threads, and the median time of its first steps (ms).
fn stepped(count: u32, radius: f64, threads: u32) -> (Swarm, f64) {
    let params = Params {
        count,
        radius,
        seed: 1,
        ..Params::default()
    };
    let mut swarm = Swarm::new(&params).expect("valid benchmark params");
    swarm.set_threads(threads);
    let step = median_within(Duration::from_millis(1_500), 41, || {
        swarm.step();
        black_box(swarm.positions());
    });
    (swarm, step)
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    println!("measures benchmark (seed 1, defaults otherwise)");
    println!(
        "{:<34} {:>12} {:>12} {:>8}",
        "case", "measures ms", "step ms", "share"
    );
    let cores = Swarm::new(&Params::default())
        .expect("valid default params")
        .threads();
    let thread_counts: Vec<u32> = if cores > 1 { vec![1, cores] } else { vec![1] };
    for count in COUNTS {
        for radius in RADII {
            for &threads in &thread_counts {
                // The trailing space lets a filter such as "N=1000 " pick one size.
                let name = format!("N={count} r={radius} threads={threads}");
                if filter
                    .as_ref()
                    .is_some_and(|f| !format!("{name} ").contains(f.as_str()))
                {
                    continue;
                }
                let (swarm, step) = stepped(count, radius, threads);
                let measures = median_within(Duration::from_millis(500), 201, || {
                    black_box(swarm.measures());
                });
                println!(
                    "{name:<34} {measures:>12.3} {step:>12.3} {:>7.1}%",
                    100.0 * measures / step
                );
            }
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
        "{:<34} {:>10} {:>10} {:>12} {:>12}",
        "case", "share 0 ms", "share 1 ms", "assembly ms", "step ms"
    );
    for radius in [0.2, 1.2] {
        let name = format!("N=50000 r={radius} shares=2");
        if filter.is_some_and(|f| !format!("{name} ").contains(f)) {
            continue;
        }
        let (swarm, step) = stepped(50_000, radius, 1);
        let share = |part| Share::new(part, 2).expect("part below parts");
        let compute = |part| MeasureShare::compute(swarm.positions(), radius, share(part));
        let times = [0, 1].map(|part| {
            median_ms(9, || {
                black_box(compute(part));
            })
        });
        let parts = [compute(0), compute(1)];
        let assembly = median_ms(9, || {
            let mut assembler = MeasureAssembler::new(swarm.len());
            for part in &parts {
                assembler.add(part).expect("shares fit");
            }
            black_box(assembler.finish(swarm.velocities(), swarm.steering()));
        });
        println!(
            "{name:<34} {:>10.1} {:>10.1} {assembly:>12.2} {step:>12.1}",
            times[0], times[1]
        );
    }
}
