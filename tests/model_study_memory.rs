#![cfg(not(target_arch = "wasm32"))]
//! The memory of a study run (SPEC §8), measured: an allocator that counts
//! the bytes each thread holds and the most it held, so a run computed on
//! one thread shows its peak whatever other tests do beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use boids_schwarm::model::Params;
use boids_schwarm::model::study::{WINDOW_STEP_BYTES, run_bytes, run_statistics};

/// The system allocator, counting per thread.
struct Counting;

thread_local! {
    /// Bytes this thread allocated and has not freed (may go below 0 when
    /// it frees what another thread allocated).
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// The most `HELD` was since the last [`peak_of`] began.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn held(change: isize) {
    // `try_with`: a thread's last frees may come after its locals are gone.
    let _ = HELD.try_with(|held| {
        let now = held.get() + change;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call goes to `System` unchanged; only counts are kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        held(layout.size() as isize);
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        held(-(layout.size() as isize));
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Old and new block are both held while the bytes are copied.
        held(new_size as isize);
        // SAFETY: as `GlobalAlloc::realloc` requires of its caller.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        held(-(layout.size() as isize));
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes this thread held beyond what it held before, while `f` ran.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let start = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let value = f();
    let peak = PEAK.with(Cell::get) - start;
    (value, peak.max(0) as u64)
}

fn params(count: u32, radius: f64) -> Params {
    Params {
        count,
        seed: 7,
        radius,
        ..Params::default()
    }
}

/// A swarm that clumps: no separation, strong cohesion.
fn clumping(count: u32, radius: f64) -> Params {
    Params {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 10.0,
        seed: 3,
        ..params(count, radius)
    }
}

/// The peak bytes of a run on this thread.
fn run_peak(params: &Params, steps: u64, burn_in: u64) -> u64 {
    peak_of(|| run_statistics(params, steps, burn_in, 1)).1
}

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

#[test]
#[ignore = "measures; prints figures for docs/BENCHMARKS.md"]
fn print_the_peak_of_runs() {
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
