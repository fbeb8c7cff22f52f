//! How the model shares its work over threads natively: the step's
//! neighbour search and the measures' nearest distances split their boids
//! into parts whose results are bit-identical to one thread's. On wasm the
//! model always runs on the calling thread (the app spreads work over Web
//! Workers instead).

/// Below this many boids a step is too short for threads to pay off.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const PARALLEL_FROM_COUNT: usize = 2_000;

/// The machine's cores, at most 8 (1 on wasm).
pub(crate) fn default_threads() -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8) as u32)
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}
