#![cfg(not(target_arch = "wasm32"))]
//! The memory of a study run (SPEC §8), measured with a counting allocator
//! (per thread, so a run computed on one thread shows its peak whatever
//! other tests do beside it). `cargo bench --bench study_memory` prints the
//! figures of docs/BENCHMARKS.md.

#[path = "model_support/counting_alloc.rs"]
mod counting_alloc;

use boids_schwarm::model::study::{WINDOW_STEP_BYTES, run_bytes};
use counting_alloc::{Counting, clumping, params, run_peak};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_window_state_costs_its_forty_bytes_and_no_more() {
    // The same run with a window 10 000 states longer: the swarm does the
    // same, so the peaks differ by exactly those states.
    let swarm = params(10, 1.0);
    let short = run_peak(&swarm, 20_000, 10_000);
    let long = run_peak(&swarm, 20_000, 0);
    assert_eq!(WINDOW_STEP_BYTES, 40);
    assert_eq!(long - short, 10_000 * WINDOW_STEP_BYTES);
    assert!(short >= 10_001 * WINDOW_STEP_BYTES, "the window is kept");
}

#[test]
fn the_estimate_covers_what_runs_hold() {
    let mut cases = Vec::new();
    for count in [1, 2, 10, 100, 1_000, 20_000] {
        for radius in [0.05, 0.3, 1.2, 4.2] {
            if count < 20_000 || radius < 2.0 {
                cases.push((params(count, radius), 3, 0));
            }
        }
    }
    cases.push((params(200, 1.2), 5_000, 1_000));
    // Clumped swarms hold the most per boid (their neighbour pairs).
    cases.push((clumping(500, 1.0), 3_000, 3_000));
    cases.push((clumping(10_000, 0.2), 300, 300));
    for (params, steps, burn_in) in cases {
        let peak = run_peak(&params, steps, burn_in);
        let estimate = run_bytes(params.count, steps - burn_in + 1);
        assert!(
            peak <= estimate,
            "N = {}, r = {}: {peak} bytes held, {estimate} estimated",
            params.count,
            params.radius
        );
    }
}
