//! An allocator that counts the bytes each thread holds and the most it
//! held, so a study run computed on one thread shows its peak whatever other
//! threads do beside it; and the runs the memory tests and the memory
//! benchmark measure. A file that uses it installs [`Counting`] as its
//! global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting per thread.
pub struct Counting;

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

/// The most bytes this thread held beyond what it held before, while `f` ran.
pub fn peak_of<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let start = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let value = f();
    let peak = PEAK.with(Cell::get) - start;
    (value, peak.max(0) as u64)
}

use boids_schwarm::model::study::run_statistics;
use boids_schwarm::model::{MeasureSet, Params};

pub fn params(count: u32, radius: f64) -> Params {
    Params {
        count,
        seed: 7,
        radius,
        ..Params::default()
    }
}

/// A swarm that clumps: no separation, strong cohesion.
pub fn clumping(count: u32, radius: f64) -> Params {
    Params {
        separation: 0.0,
        alignment: 0.0,
        cohesion: 10.0,
        seed: 3,
        ..params(count, radius)
    }
}

/// The peak bytes of a run on this thread.
pub fn run_peak(params: &Params, steps: u64, burn_in: u64) -> u64 {
    peak_of(|| run_statistics(params, steps, burn_in, 1, MeasureSet::ALL)).1
}
