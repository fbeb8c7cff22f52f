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
use super::space::{HALF_PERIOD, cap, length};

/// The largest step a state may be at: 2⁵³ − 1. Up to here every step
/// count is exact as an f64 (model time, charts and series compute with
/// it), and one more step can never wrap the counter. A state file, a
/// link or „Gehe zu Schritt“ beyond it is refused, and so is a step at it.
pub const MAX_STEP: u64 = (1 << 53) - 1;

/// Relative tolerance above `max_speed` for a given speed (rounding in other
/// tools that wrote a state).
const SPEED_TOLERANCE: f64 = 1e-9;

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

/// Why params, positions and velocities do not make a valid state. Boids
/// are named by their id, their index in the slices. `Display` is a plain
/// English sentence for logs; the interface words its own message from the
/// data.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StateError {
    /// The parameters are out of range.
    #[error("invalid parameters: {0}")]
    InvalidParams(ParamError),
    /// Not one velocity per position.
    #[error("{positions} positions but {velocities} velocities")]
    LengthMismatch { positions: usize, velocities: usize },
    /// `params.count` differs from the number of boids.
    #[error("count is {count} but there are {boids} boids")]
    CountMismatch { count: u32, boids: usize },
    /// A position or velocity component is NaN or infinite.
    #[error("boid {id}: position or velocity is not finite")]
    NotFinite { id: u64 },
    /// A position component outside `[-HALF_PERIOD, HALF_PERIOD)`.
    #[error("boid {id}: position outside the cube [-4.2, 4.2)")]
    PositionOutOfRange { id: u64 },
    /// A speed (LE/s) above `max_speed` beyond rounding.
    #[error("boid {id}: speed {speed} LE/s above max_speed {max_speed} LE/s")]
    TooFast { id: u64, speed: f64, max_speed: f64 },
    /// A step beyond [`MAX_STEP`].
    #[error("step {step} beyond the largest step {MAX_STEP}")]
    StepBeyondLast { step: u64 },
}

impl StateError {
    /// The boid the error is about, if it is about one.
    #[must_use]
    pub fn boid(&self) -> Option<u64> {
        match self {
            Self::NotFinite { id } | Self::PositionOutOfRange { id } | Self::TooFast { id, .. } => {
                Some(*id)
            }
            _ => None,
        }
    }

    /// The same error about the boid named `id` elsewhere (a state file's
    /// ids need not be in order).
    #[must_use]
    pub(super) fn renamed(self, new_id: u64) -> Self {
        match self {
            Self::NotFinite { .. } => Self::NotFinite { id: new_id },
            Self::PositionOutOfRange { .. } => Self::PositionOutOfRange { id: new_id },
            Self::TooFast {
                speed, max_speed, ..
            } => Self::TooFast {
                id: new_id,
                speed,
                max_speed,
            },
            other => other,
        }
    }
}

impl Kinematics {
    /// The state of `params` at step `step` with the boids' positions (LE)
    /// and velocities (LE/s) by id, checked against the invariants in this
    /// order: valid params, the step at most [`MAX_STEP`], one velocity per position, `params.count`
    /// boids, then boid by boid every component finite, every position
    /// coordinate in `[-4.2, 4.2)` and the speed at most `max_speed` (up to
    /// a relative `1e-9` for rounding in other tools). The first failure is
    /// the error.
    ///
    /// ```
    /// use boids_schwarm::model::{Kinematics, Params, StateError, Vec3};
    ///
    /// let params = Params { count: 1, ..Params::default() };
    /// let state = Kinematics::new(params, 3, vec![Vec3::zeros()], vec![Vec3::new(1.0, 0.0, 0.0)]);
    /// assert_eq!(state.unwrap().step_count(), 3);
    /// let outside = Kinematics::new(params, 0, vec![Vec3::new(4.2, 0.0, 0.0)], vec![Vec3::zeros()]);
    /// assert_eq!(outside, Err(StateError::PositionOutOfRange { id: 0 }));
    /// ```
    pub fn new(
        params: Params,
        step: u64,
        positions: Vec<Vec3>,
        velocities: Vec<Vec3>,
    ) -> Result<Self, StateError> {
        params.validate().map_err(StateError::InvalidParams)?;
        if step > MAX_STEP {
            return Err(StateError::StepBeyondLast { step });
        }
        if positions.len() != velocities.len() {
            return Err(StateError::LengthMismatch {
                positions: positions.len(),
                velocities: velocities.len(),
            });
        }
        if positions.len() != params.count as usize {
            return Err(StateError::CountMismatch {
                count: params.count,
                boids: positions.len(),
            });
        }
        for (id, (position, velocity)) in positions.iter().zip(&velocities).enumerate() {
            check_boid(id as u64, position, velocity, params.max_speed)?;
        }
        Ok(Self::from_valid_parts(params, step, positions, velocities))
    }

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

/// One boid's part of the invariants of [`Kinematics::new`].
fn check_boid(id: u64, position: &Vec3, velocity: &Vec3, max_speed: f64) -> Result<(), StateError> {
    if position
        .iter()
        .chain(velocity.iter())
        .any(|c| !c.is_finite())
    {
        return Err(StateError::NotFinite { id });
    }
    if position
        .iter()
        .any(|c| !(-HALF_PERIOD..HALF_PERIOD).contains(c))
    {
        return Err(StateError::PositionOutOfRange { id });
    }
    let speed = length(velocity);
    if speed > max_speed * (1.0 + SPEED_TOLERANCE) {
        return Err(StateError::TooFast {
            id,
            speed,
            max_speed,
        });
    }
    Ok(())
}
