//! The swarm: initial state from the seed, the synchronous step, derived values.

use std::ops::Deref;

use super::cell_list::CellList;
use super::kinematics::Kinematics;
use super::measure_set::MeasureSet;
use super::measures::Measures;
use super::params::{ParamError, Params};
use super::space::Vec3;
use super::space::{STEP_SECONDS, cap, wrap_position};
use super::steering::{Steering, weighted};
#[cfg(not(target_arch = "wasm32"))]
use super::threads::PARALLEL_FROM_COUNT;
use super::threads::default_threads;

/// A swarm and its step counter.
///
/// ```
/// use boids_schwarm::model::{Params, Swarm};
///
/// let mut swarm = Swarm::new(&Params { count: 50, seed: 7, ..Params::default() }).unwrap();
/// swarm.step();
/// assert_eq!(swarm.step_count(), 1);
/// assert_eq!(swarm.time_seconds(), 0.04);
/// assert!(swarm.mean_speed() <= swarm.params().max_speed);
/// ```
///
/// Invariants: every position coordinate lies in
/// `[-4.2, 4.2)`, every speed is at most `max_speed`, the params are valid, and
/// [`Swarm::steering`] always belongs to the current state.
#[derive(Debug, Clone)]
pub struct Swarm {
    /// Positions, velocities, step and params; the swarm reads as this
    /// state (through `Deref`) with the steering that belongs to it.
    state: Kinematics,
    steering: Vec<Steering>,
    cells: CellList,
    /// Threads that share a step's neighbour search (natively; always 1 on
    /// wasm, where the app spreads steps over Web Workers instead).
    threads: u32,
}

impl Deref for Swarm {
    type Target = Kinematics;

    fn deref(&self) -> &Kinematics {
        &self.state
    }
}

impl Swarm {
    /// Builds the initial state of SPEC §1 from the params (time 0, step 0).
    pub fn new(params: &Params) -> Result<Self, ParamError> {
        Ok(Kinematics::initial(params)?.into_swarm())
    }

    /// The swarm of a state; computes its steering.
    pub(crate) fn from_state(state: Kinematics) -> Self {
        let mut swarm = Self::from_state_and_steering(state, Vec::new());
        swarm.steer();
        swarm
    }

    /// The swarm of a state and the steering of exactly that state.
    pub(crate) fn from_state_and_steering(state: Kinematics, steering: Vec<Steering>) -> Self {
        let cells = CellList::new(state.params.radius, state.params.count as usize);
        Self {
            state,
            steering,
            cells,
            threads: default_threads(),
        }
    }

    /// How many threads share each step's neighbour search from now on
    /// (clamped to `1 ..= 64`). Results are bit-identical for every count.
    /// On wasm the step always runs on the calling thread.
    pub fn set_threads(&mut self, threads: u32) {
        self.threads = threads.clamp(1, 64);
    }

    /// Threads sharing each step (see [`Swarm::set_threads`]); by default
    /// the machine's cores, at most 8.
    #[must_use]
    pub fn threads(&self) -> u32 {
        self.threads
    }

    /// Whether one more step is allowed: the step count is below
    /// [`MAX_STEP`].
    ///
    /// [`MAX_STEP`]: super::MAX_STEP
    #[must_use]
    pub fn can_step(&self) -> bool {
        self.state.step < super::MAX_STEP
    }

    /// Advances one synchronous step: `v' = cap(v + w_s·S + w_a·A + w_c·C)`,
    /// `x' = wrap(x + 0.04·v')`, every boid reading the same old state. At
    /// [`MAX_STEP`] the swarm stays as it is: callers refuse the step before
    /// ([`Swarm::can_step`]), and the count never passes the largest step.
    ///
    /// [`MAX_STEP`]: super::MAX_STEP
    pub fn step(&mut self) {
        if !self.can_step() {
            return;
        }
        let state = &mut self.state;
        let params = state.params;
        for ((x, v), s) in state
            .positions
            .iter_mut()
            .zip(&mut state.velocities)
            .zip(&self.steering)
        {
            (*x, *v) = moved(&params, x, v, s);
        }
        state.step += 1;
        self.steer();
    }

    fn steer(&mut self) {
        let state = &self.state;
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 && state.positions.len() >= PARALLEL_FROM_COUNT {
            self.cells.steer_parallel(
                &state.positions,
                &state.velocities,
                &mut self.steering,
                self.threads,
            );
            return;
        }
        self.cells
            .steer(&state.positions, &state.velocities, &mut self.steering);
    }

    /// The state one step later without its steering (the first, cheap half
    /// of [`Swarm::step`]); the swarm itself stays as it is. `None` at the
    /// largest step ([`Swarm::can_step`]).
    #[must_use]
    pub fn next_kinematics(&self) -> Option<Kinematics> {
        if !self.can_step() {
            return None;
        }
        let state = &self.state;
        let (positions, velocities) = state
            .positions
            .iter()
            .zip(&state.velocities)
            .zip(&self.steering)
            .map(|((x, v), s)| moved(&state.params, x, v, s))
            .unzip();
        Some(Kinematics::from_valid_parts(
            state.params,
            state.step + 1,
            positions,
            velocities,
        ))
    }

    /// The state without its steering (a copy).
    #[must_use]
    pub fn kinematics(&self) -> Kinematics {
        self.state.clone()
    }

    /// The unweighted components for the next step, by boid id.
    #[must_use]
    pub fn steering(&self) -> &[Steering] {
        &self.steering
    }

    /// The measures of the current state (SPEC §6), on the threads that
    /// share a step (see [`Swarm::set_threads`]).
    #[must_use]
    pub fn measures(&self) -> Measures {
        Measures::with_threads(
            self.positions(),
            self.velocities(),
            self.steering(),
            self.params().radius,
            self.threads(),
        )
    }

    /// The measures of `set` of this state ([`Measures::among`]: the
    /// others' fields mean nothing).
    #[must_use]
    pub fn measures_among(&self, set: MeasureSet) -> Measures {
        Measures::among(
            self.positions(),
            self.velocities(),
            self.steering(),
            self.params().radius,
            self.threads(),
            set,
        )
    }
}

/// The steering handed to [`Kinematics::with_steering`] does not have one
/// entry per boid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SteeringMismatch {
    /// Number of boids N.
    pub boids: usize,
    /// Number of steering entries given.
    pub steering: usize,
}

impl Kinematics {
    /// The swarm of this state, its steering computed here on one thread.
    #[must_use]
    pub fn into_swarm(self) -> Swarm {
        Swarm::from_state(self)
    }

    /// The swarm of this state with steering computed elsewhere. `steering`
    /// must be, by boid id, what [`SteeringSolver`] computes for exactly these
    /// positions, velocities and radius (all its shares put together).
    ///
    /// [`SteeringSolver`]: super::SteeringSolver
    pub fn with_steering(self, steering: Vec<Steering>) -> Result<Swarm, SteeringMismatch> {
        if steering.len() != self.len() {
            return Err(SteeringMismatch {
                boids: self.len(),
                steering: steering.len(),
            });
        }
        Ok(Swarm::from_state_and_steering(self, steering))
    }
}

/// One boid's position and velocity after a step with steering `s`.
fn moved(params: &Params, x: &Vec3, v: &Vec3, s: &Steering) -> (Vec3, Vec3) {
    let [separation, alignment, cohesion] = weighted(params, s);
    let v = cap(v + separation + alignment + cohesion, params.max_speed);
    let x = wrap_position(Vec3::new(
        x.x + STEP_SECONDS * v.x,
        x.y + STEP_SECONDS * v.y,
        x.z + STEP_SECONDS * v.z,
    ));
    (x, v)
}
