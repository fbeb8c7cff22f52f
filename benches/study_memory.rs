//! A study run's memory (SPEC §8): the most bytes a run holds while it
//! computes, measured with a counting allocator, beside the estimate the
//! page and the command line plan with (`run_bytes`), for long windows,
//! large swarms and clumping swarms. Run with
//! `cargo bench --bench study_memory`.

#[path = "../tests/model_support/counting_alloc.rs"]
mod counting_alloc;

use boids_schwarm::model::study::run_bytes;
use counting_alloc::{Counting, clumping, params, run_peak};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    for (params, steps, burn_in) in [
        (params(1, 1.0), 1_000_000, 0),
        (params(10, 1.0), 1_000_000, 0),
        (params(10, 1.0), 1_000_000, 500_000),
        (params(50_000, 0.05), 3, 3),
        (params(50_000, 0.3), 3, 3),
        (params(50_000, 1.2), 3, 3),
        (clumping(2_000, 0.2), 1_500, 1_500),
        (clumping(2_000, 1.0), 1_500, 1_500),
    ] {
        let peak = run_peak(&params, steps, burn_in);
        let estimate = run_bytes(params.count, steps - burn_in + 1);
        println!(
            "N = {}, r = {}, steps {steps}, burn-in {burn_in}: peak {peak} bytes, estimate {estimate}",
            params.count, params.radius
        );
    }
}
