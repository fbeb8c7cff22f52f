//! The swarm: initial state from the seed, the synchronous step, derived values.

use super::Vec3;
use super::cell_list::CellList;
use super::kinematics::Kinematics;
use super::measures::{mean_speed, step_time_seconds};
use super::params::{ParamError, Params};
use super::space::{STEP_SECONDS, length, wrap_position};
use super::steering::Steering;

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
    params: Params,
    step: u64,
    positions: Vec<Vec3>,
    velocities: Vec<Vec3>,
    steering: Vec<Steering>,
    cells: CellList,
    /// Threads that share a step's neighbour search (natively; always 1 on
    /// wasm, where the app spreads steps over Web Workers instead).
    threads: u32,
}

/// Below this many boids a step is too short for threads to pay off.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const PARALLEL_FROM_COUNT: usize = 2_000;

/// The machine's cores, at most 8 (1 on wasm).
fn default_threads() -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8) as u32)
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

/// `u · min(1, vmax/|u|)`: limits a velocity to the maximum speed (LE/s).
#[must_use]
pub fn cap(u: Vec3, max_speed: f64) -> Vec3 {
    let factor = (max_speed / length(&u)).min(1.0);
    Vec3::new(u.x * factor, u.y * factor, u.z * factor)
}

impl Swarm {
    /// Builds the initial state of SPEC §1 from the params (time 0, step 0).
    pub fn new(params: &Params) -> Result<Self, ParamError> {
        Ok(Kinematics::initial(params)?.into_swarm())
    }

    /// A swarm from parts already checked against the invariants; computes
    /// the steering.
    pub(crate) fn from_valid_parts(
        params: Params,
        step: u64,
        positions: Vec<Vec3>,
        velocities: Vec<Vec3>,
    ) -> Self {
        let mut swarm =
            Self::from_valid_parts_and_steering(params, step, positions, velocities, Vec::new());
        swarm.steer();
        swarm
    }

    /// A swarm from checked parts and the steering of exactly that state.
    pub(crate) fn from_valid_parts_and_steering(
        params: Params,
        step: u64,
        positions: Vec<Vec3>,
        velocities: Vec<Vec3>,
        steering: Vec<Steering>,
    ) -> Self {
        Self {
            params,
            step,
            positions,
            velocities,
            steering,
            cells: CellList::new(params.radius, params.count as usize),
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

    /// Advances one synchronous step: `v' = cap(v + w_s·S + w_a·A + w_c·C)`,
    /// `x' = wrap(x + 0.04·v')`, every boid reading the same old state.
    pub fn step(&mut self) {
        let params = self.params;
        for ((x, v), s) in self
            .positions
            .iter_mut()
            .zip(&mut self.velocities)
            .zip(&self.steering)
        {
            (*x, *v) = moved(&params, x, v, s);
        }
        self.step += 1;
        self.steer();
    }

    fn steer(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 && self.positions.len() >= PARALLEL_FROM_COUNT {
            self.cells.steer_parallel(
                &self.positions,
                &self.velocities,
                &mut self.steering,
                self.threads,
            );
            return;
        }
        self.cells
            .steer(&self.positions, &self.velocities, &mut self.steering);
    }

    /// The state one step later without its steering (the first, cheap half
    /// of [`Swarm::step`]); the swarm itself stays as it is.
    #[must_use]
    pub fn next_kinematics(&self) -> Kinematics {
        let (positions, velocities) = self
            .positions
            .iter()
            .zip(&self.velocities)
            .zip(&self.steering)
            .map(|((x, v), s)| moved(&self.params, x, v, s))
            .unzip();
        Kinematics::from_valid_parts(self.params, self.step + 1, positions, velocities)
    }

    /// The state without its steering (a copy).
    #[must_use]
    pub fn kinematics(&self) -> Kinematics {
        Kinematics::from_valid_parts(
            self.params,
            self.step,
            self.positions.clone(),
            self.velocities.clone(),
        )
    }

    /// The parameters the swarm was made with.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Number of steps taken since initialisation.
    #[must_use]
    pub fn step_count(&self) -> u64 {
        self.step
    }

    /// Model time in seconds, `step × 0.04` (derived from the integer count).
    #[must_use]
    pub fn time_seconds(&self) -> f64 {
        step_time_seconds(self.step)
    }

    /// Number of boids N.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a valid swarm has at least one boid.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions in LE, by boid id.
    #[must_use]
    pub fn positions(&self) -> &[Vec3] {
        &self.positions
    }

    /// Velocities in LE/s, by boid id.
    #[must_use]
    pub fn velocities(&self) -> &[Vec3] {
        &self.velocities
    }

    /// The unweighted components for the next step, by boid id.
    #[must_use]
    pub fn steering(&self) -> &[Steering] {
        &self.steering
    }

    /// Arithmetic mean of the boids' speeds `|v|`, in LE/s.
    #[must_use]
    pub fn mean_speed(&self) -> f64 {
        mean_speed(&self.velocities)
    }
}

/// One boid's position and velocity after a step with steering `s`.
fn moved(params: &Params, x: &Vec3, v: &Vec3, s: &Steering) -> (Vec3, Vec3) {
    let p = params;
    let u = Vec3::new(
        v.x + p.separation * s.separation.x
            + p.alignment * s.alignment.x
            + p.cohesion * s.cohesion.x,
        v.y + p.separation * s.separation.y
            + p.alignment * s.alignment.y
            + p.cohesion * s.cohesion.y,
        v.z + p.separation * s.separation.z
            + p.alignment * s.alignment.z
            + p.cohesion * s.cohesion.z,
    );
    let v = cap(u, p.max_speed);
    let x = wrap_position(Vec3::new(
        x.x + STEP_SECONDS * v.x,
        x.y + STEP_SECONDS * v.y,
        x.z + STEP_SECONDS * v.z,
    ));
    (x, v)
}
