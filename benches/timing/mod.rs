//! Timing shared by the native benchmarks.

use std::time::{Duration, Instant};

/// Median milliseconds of `run` over `samples` calls, after one warm-up call.
pub fn median_ms(samples: usize, mut run: impl FnMut()) -> f64 {
    run();
    let mut times: Vec<Duration> = (0..samples)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[samples / 2].as_secs_f64() * 1e3
}
