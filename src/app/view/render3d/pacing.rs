//! How much of a picture the 3D view draws per animation frame.
//!
//! With WebGL on the CPU (a computer without a usable GPU, or headless
//! Chromium's SwiftShader) 50 000 cones take about a second to draw, and the
//! browser's main thread waits for the GPU whenever it presents a frame: a
//! picture drawn in one frame would block the page for that second. So the
//! renderer draws a picture offscreen in batches of instance chunks, one
//! batch per frame and only when the GPU has finished the previous one (a
//! fence says so), and shows it once it is complete. The batch grows while
//! the GPU finishes it within about a frame (a real GPU draws everything in
//! one) and shrinks when it takes longer than [`BatchPacer::TARGET_MS`].

/// Instances in one chunk (one instanced draw).
pub const CHUNK_INSTANCES: usize = 4096;

/// The number of chunks to draw per frame, adapted to how fast the GPU is.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchPacer {
    chunks_per_batch: usize,
}

impl Default for BatchPacer {
    fn default() -> Self {
        Self::new()
    }
}

impl BatchPacer {
    /// Chunks of the first batch: small enough for a software renderer.
    pub const FIRST_BATCH: usize = 2;
    /// Most chunks in a batch (262 144 instances: more than any swarm).
    pub const MAX_BATCH: usize = 64;
    /// GPU time per batch (ms) to aim at when batches are slow.
    pub const TARGET_MS: f64 = 60.0;
    /// A batch finished within this time (ms, about one frame and a
    /// half, the granularity of the check) lets the next one double.
    pub const FAST_MS: f64 = 25.0;

    /// Starts with [`Self::FIRST_BATCH`] chunks per frame.
    #[must_use]
    pub fn new() -> Self {
        Self {
            chunks_per_batch: Self::FIRST_BATCH,
        }
    }

    /// Chunks to draw in the next frame (at least 1).
    #[must_use]
    pub fn chunks_per_batch(&self) -> usize {
        self.chunks_per_batch
    }

    /// The GPU finished a batch of `chunks` chunks `elapsed_ms` after it was
    /// issued (as seen at a frame). A full batch that was fast doubles the
    /// next; a slow one scales it down towards [`Self::TARGET_MS`].
    pub fn finished(&mut self, chunks: usize, elapsed_ms: f64) {
        if chunks == 0 || !elapsed_ms.is_finite() {
            return;
        }
        if elapsed_ms <= Self::FAST_MS {
            if chunks >= self.chunks_per_batch {
                self.chunks_per_batch = (self.chunks_per_batch * 2).min(Self::MAX_BATCH);
            }
        } else if elapsed_ms > 1.5 * Self::TARGET_MS {
            let scaled = (chunks as f64 * Self::TARGET_MS / elapsed_ms).floor() as usize;
            self.chunks_per_batch = scaled.clamp(1, self.chunks_per_batch);
        }
    }
}

/// Number of chunks that `instances` instances fill.
#[must_use]
pub fn chunk_count(instances: usize) -> usize {
    instances.div_ceil(CHUNK_INSTANCES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_full_batches_double_up_to_the_limit() {
        let mut pacer = BatchPacer::new();
        assert_eq!(pacer.chunks_per_batch(), 2);
        pacer.finished(2, 16.7);
        assert_eq!(pacer.chunks_per_batch(), 4);
        for _ in 0..10 {
            let chunks = pacer.chunks_per_batch();
            pacer.finished(chunks, 10.0);
        }
        assert_eq!(pacer.chunks_per_batch(), BatchPacer::MAX_BATCH);
    }

    #[test]
    fn a_fast_partial_batch_does_not_grow_the_next() {
        // The last batch of a picture may hold fewer chunks; its speed says
        // nothing about a full batch.
        let mut pacer = BatchPacer::new();
        pacer.finished(1, 5.0);
        assert_eq!(pacer.chunks_per_batch(), 2);
    }

    #[test]
    fn slow_batches_shrink_towards_the_target_but_never_below_one() {
        let mut pacer = BatchPacer::new();
        for _ in 0..3 {
            let chunks = pacer.chunks_per_batch();
            pacer.finished(chunks, 10.0);
        }
        assert_eq!(pacer.chunks_per_batch(), 16);
        // 16 chunks in 480 ms: 2 chunks take about the target of 60 ms.
        pacer.finished(16, 480.0);
        assert_eq!(pacer.chunks_per_batch(), 2);
        pacer.finished(2, 2_000.0);
        assert_eq!(pacer.chunks_per_batch(), 1);
        pacer.finished(1, 5_000.0);
        assert_eq!(pacer.chunks_per_batch(), 1);
    }

    #[test]
    fn batches_near_the_target_keep_their_size() {
        let mut pacer = BatchPacer::new();
        pacer.finished(2, 60.0);
        pacer.finished(2, 85.0);
        assert_eq!(pacer.chunks_per_batch(), 2);
    }

    #[test]
    fn nonsense_timings_change_nothing() {
        let mut pacer = BatchPacer::new();
        pacer.finished(2, f64::NAN);
        pacer.finished(0, 1.0);
        assert_eq!(pacer.chunks_per_batch(), 2);
    }

    #[test]
    fn chunks_cover_every_instance() {
        assert_eq!(chunk_count(0), 0);
        assert_eq!(chunk_count(1), 1);
        assert_eq!(chunk_count(CHUNK_INSTANCES), 1);
        assert_eq!(chunk_count(CHUNK_INSTANCES + 1), 2);
        assert_eq!(chunk_count(50_000), 13);
    }
}
