//! Checkpoints for going back: the exact state every 64 steps (more sparsely
//! as a run grows long), in a store of bounded size.
//!
//! The model cannot run backwards, but it is deterministic: any earlier step
//! comes back bit for bit by re-simulating from the nearest checkpoint at or
//! before it. A checkpoint is a state's [`Kinematics`] (positions and
//! velocities; the steering is recomputed from them, exactly as an import
//! does), 48 bytes per boid.
//!
//! **Why the bound suffices.** The store never holds more than
//! [`MAX_CHECKPOINT_BYTES`] (64 MiB) besides the first state, whatever N and
//! however long the run. At N = 50 000 a checkpoint takes 2.4 MB, so 26 fit:
//! the first 1 664 steps are covered every 64 steps. When the store is full
//! the spacing doubles (64, 128, 256, …) and every checkpoint off the new
//! spacing is dropped, so the whole run stays covered, and going back
//! re-simulates at most one spacing of steps, which the status shows with a
//! cancel button. 64 MiB is small beside what a page may use, and the first
//! state (the floor of going back) is always kept. Small swarms fill the
//! store far later: at N = 200 (9.6 KB) the spacing stays 64 for 400 000
//! steps.

use crate::model::Kinematics;

/// Steps between checkpoints until the store is full.
pub const CHECKPOINT_EVERY: u64 = 64;

/// The most bytes the checkpoints after the first state may take.
pub const MAX_CHECKPOINT_BYTES: usize = 64 * 1024 * 1024;

/// Bytes of one boid in a checkpoint: position and velocity, 6 × f64.
const BYTES_PER_BOID: usize = 6 * std::mem::size_of::<f64>();

/// The states to go back to: the first one and one every `spacing` steps.
#[derive(Debug, Clone)]
pub struct Checkpoints {
    /// The state the swarm was initialised or imported with: going back
    /// never goes before it.
    first: Option<Kinematics>,
    /// Later states, ascending by step, each at a multiple of `spacing`.
    later: Vec<Kinematics>,
    spacing: u64,
    max_bytes: usize,
}

impl Checkpoints {
    /// An empty store with the app's bound.
    #[must_use]
    pub fn new() -> Self {
        Self::with_bound(MAX_CHECKPOINT_BYTES)
    }

    /// An empty store that keeps at most `max_bytes` besides the first
    /// state (at least one checkpoint is always kept, to stay useful).
    #[must_use]
    pub fn with_bound(max_bytes: usize) -> Self {
        Self {
            first: None,
            later: Vec::new(),
            spacing: CHECKPOINT_EVERY,
            max_bytes,
        }
    }

    /// Forgets everything (Zurücksetzen, an edit).
    pub fn clear(&mut self) {
        *self = Self::with_bound(self.max_bytes);
    }

    /// Starts over from a new first state (Initialisieren, an import).
    pub fn start(&mut self, first: Kinematics) {
        self.clear();
        self.first = Some(first);
    }

    /// The step of the first state: going back ends there.
    #[must_use]
    pub fn first_step(&self) -> Option<u64> {
        self.first.as_ref().map(Kinematics::step_count)
    }

    /// Steps between the checkpoints kept now.
    #[cfg(test)]
    #[must_use]
    pub fn spacing(&self) -> u64 {
        self.spacing
    }

    /// Bytes held by the checkpoints after the first state.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.later.iter().map(size_of_state).sum()
    }

    /// The steps checkpointed after the first state, ascending.
    #[cfg(test)]
    #[must_use]
    pub fn steps(&self) -> Vec<u64> {
        self.later.iter().map(Kinematics::step_count).collect()
    }

    /// Whether a state at `step` is wanted; ask before building it, since
    /// copying a large state costs time.
    #[must_use]
    pub fn wants(&self, step: u64) -> bool {
        let after_first = self.first_step().is_some_and(|first| step > first);
        after_first
            && step.is_multiple_of(self.spacing)
            && !self.later.iter().any(|state| state.step_count() == step)
    }

    /// Keeps a state reached by stepping when it is on the spacing (states
    /// come back when going back; a step already kept is not kept twice).
    /// Over the bound, the spacing doubles until it fits.
    pub fn offer(&mut self, state: &Kinematics) {
        let step = state.step_count();
        if !self.wants(step) {
            return;
        }
        let at = self.later.partition_point(|kept| kept.step_count() < step);
        self.later.insert(at, state.clone());
        while self.later.len() > 1 && self.bytes() > self.max_bytes {
            self.spacing *= 2;
            let spacing = self.spacing;
            self.later
                .retain(|kept| kept.step_count().is_multiple_of(spacing));
        }
    }

    /// The latest kept state at or before `step`, not before the first one.
    #[must_use]
    pub fn nearest(&self, step: u64) -> Option<&Kinematics> {
        let later = self
            .later
            .iter()
            .rev()
            .find(|state| state.step_count() <= step);
        later.or(self
            .first
            .as_ref()
            .filter(|first| first.step_count() <= step))
    }
}

impl Default for Checkpoints {
    fn default() -> Self {
        Self::new()
    }
}

fn size_of_state(state: &Kinematics) -> usize {
    state.len() * BYTES_PER_BOID
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Params, Swarm};

    fn params(count: u32) -> Params {
        Params {
            count,
            ..Params::default()
        }
    }

    /// Runs a swarm from step 0 to `last`, offering every state.
    fn run(store: &mut Checkpoints, count: u32, last: u64) -> Vec<Kinematics> {
        let mut swarm = Swarm::new(&params(count)).expect("valid");
        store.start(swarm.kinematics());
        let mut states = vec![swarm.kinematics()];
        for _ in 0..last {
            swarm.step();
            store.offer(&swarm.kinematics());
            states.push(swarm.kinematics());
        }
        states
    }

    #[test]
    fn a_checkpoint_every_64_steps_holds_the_exact_state() {
        let mut store = Checkpoints::new();
        let states = run(&mut store, 30, 200);
        assert_eq!(store.steps(), [64, 128, 192]);
        assert_eq!(store.nearest(63), Some(&states[0]));
        assert_eq!(store.nearest(64), Some(&states[64]));
        assert_eq!(store.nearest(191), Some(&states[128]));
        assert_eq!(store.nearest(500), Some(&states[192]));
        // Going back brings the same states again: nothing is kept twice.
        store.offer(&states[64]);
        assert_eq!(store.steps(), [64, 128, 192]);
    }

    #[test]
    fn the_store_stays_within_its_bound_and_covers_the_run() {
        // Room for three checkpoints of 10 boids.
        let bound = 3 * 10 * BYTES_PER_BOID;
        let mut store = Checkpoints::with_bound(bound);
        let states = run(&mut store, 10, 1000);
        assert!(store.bytes() <= bound, "{} bytes", store.bytes());
        assert_eq!(store.spacing(), 256);
        assert_eq!(store.steps(), [256, 512, 768]);
        // The first state stays, and every step has a checkpoint at most one
        // spacing before it.
        assert_eq!(store.first_step(), Some(0));
        for step in [0, 1, 255, 256, 700, 1000] {
            let nearest = store.nearest(step).expect("covered");
            assert!(nearest.step_count() <= step && step - nearest.step_count() < 256);
            assert_eq!(nearest, &states[nearest.step_count() as usize]);
        }
    }

    #[test]
    fn never_before_the_first_state() {
        let mut store = Checkpoints::new();
        let mut swarm = Swarm::new(&params(5)).expect("valid");
        for _ in 0..70 {
            swarm.step();
        }
        // An imported state at step 70: its own step is the floor.
        store.start(swarm.kinematics());
        assert_eq!(store.nearest(69), None);
        assert_eq!(store.nearest(70).map(Kinematics::step_count), Some(70));
        for _ in 0..60 {
            swarm.step();
            store.offer(&swarm.kinematics());
        }
        assert_eq!(store.steps(), [128]);
        assert_eq!(store.nearest(127).map(Kinematics::step_count), Some(70));
        store.clear();
        assert_eq!(store.nearest(200), None);
        assert_eq!(store.first_step(), None);
    }
}
