//! The spec's linear congruential generator for reproducible initial states.

/// `s ← (1664525·s + 1013904223) mod 2³²`; each draw is `s / 2³²` after the update.
/// For reproducible examples, not cryptography.
#[derive(Debug, Clone)]
pub struct Lcg {
    state: u32,
}

impl Lcg {
    /// Starts the generator from a 32-bit seed (every value, 0 included, is valid).
    #[must_use]
    pub fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    /// Advances the state and returns it.
    pub fn next_u32(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(1_664_525)
            .wrapping_add(1_013_904_223);
        self.state
    }

    /// Advances the state and returns `s / 2³²`, in `[0, 1)` (exact in f64).
    pub fn next_unit(&mut self) -> f64 {
        f64::from(self.next_u32()) / 4_294_967_296.0
    }
}
