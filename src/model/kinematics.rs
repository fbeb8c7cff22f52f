//! A swarm's motion without its steering: positions and velocities at a step.
//!
//! A step has two halves: moving every boid by its steering (cheap, O(N)), and
//! finding the neighbours of the new state (the expensive half). `Kinematics`
//! is the state between the two halves; the expensive half can be computed
//! elsewhere (in Web Workers, split by rows with [`SteeringSolver`]) and put
//! back with [`Kinematics::with_steering`].
//!
//! [`SteeringSolver`]: super::SteeringSolver

use super::measures::{mean_speed, step_time_seconds};
use super::params::{ParamError, Params};
use super::rng::Lcg;
use super::space::Vec3;
use super::space::{HALF_PERIOD, cap};

/// Positions (LE) and velocities (LE/s) of a swarm at a step, with its params.
///
/// Invariants: as [`Swarm`]'s, except that the steering is not known yet.
///
/// [`Swarm`]: super::Swarm
#[derive(Debug, Clone, PartialEq)]
pub struct Kinematics {
    pub(super) params: Params,
    pub(super) step: u64,
    pub(super) positions: Vec<Vec3>,
    pub(super) velocities: Vec<Vec3>,
}

impl Kinematics {
    /// The initial state of the spec from the params (step 0): the LCG's six
    /// draws per boid in index order, x, y, z, vx, vy, vz.
    pub fn initial(params: &Params) -> Result<Self, ParamError> {
        params.validate()?;
        let mut rng = Lcg::new(params.seed);
        let mut positions = Vec::with_capacity(params.count as usize);
        let mut velocities = Vec::with_capacity(params.count as usize);
        for _ in 0..params.count {
            // Six draws, evaluated exactly as the spec writes them, left to right.
            let mut draws = [0.0; 6];
            draws.iter_mut().for_each(|u| *u = rng.next_unit() - 0.5);
            let [x, y, z] = [draws[0], draws[1], draws[2]].map(|u| u * HALF_PERIOD * 1.6);
            let [vx, vy, vz] = [draws[3], draws[4], draws[5]].map(|u| u * 2.0);
            positions.push(Vec3::new(x, y, z));
            velocities.push(cap(Vec3::new(vx, vy, vz), params.max_speed));
        }
        Ok(Self::from_valid_parts(*params, 0, positions, velocities))
    }

    /// Parts already checked against the invariants.
    pub(crate) fn from_valid_parts(
        params: Params,
        step: u64,
        positions: Vec<Vec3>,
        velocities: Vec<Vec3>,
    ) -> Self {
        Self {
            params,
            step,
            positions,
            velocities,
        }
    }

    /// The parameters.
    #[must_use]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Number of steps since initialisation.
    #[must_use]
    pub fn step_count(&self) -> u64 {
        self.step
    }

    /// Number of boids N (at least 1).
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a valid state has at least one boid.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions in LE, by boid id, every coordinate in `[-4.2, 4.2)`.
    #[must_use]
    pub fn positions(&self) -> &[Vec3] {
        &self.positions
    }

    /// Velocities in LE/s, by boid id, none faster than `max_speed`.
    #[must_use]
    pub fn velocities(&self) -> &[Vec3] {
        &self.velocities
    }

    /// Model time in seconds, `step × 0.04` (derived from the integer count).
    #[must_use]
    pub fn time_seconds(&self) -> f64 {
        step_time_seconds(self.step)
    }

    /// Arithmetic mean of the boids' speeds `|v|`, in LE/s.
    #[must_use]
    pub fn mean_speed(&self) -> f64 {
        mean_speed(&self.velocities)
    }
}
