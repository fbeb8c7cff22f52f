//! The pure boids model of SPEC §1–2 and §6: parameters, initial state,
//! periodic space, steering, the synchronous step, one boid's rules spelled out, the JSON state format and
//! the measures of the whole swarm. No web types: it compiles and is tested
//! natively and for wasm32, with or without the `web` feature. No words for
//! users either: failures are typed errors, and the interface's German
//! sentences for them are in [`crate::texts`]. All arithmetic in f64.

mod cell_list;
mod explain;
mod kinematics;
mod measure_shares;
mod measures;
mod params;
mod rng;
mod series;
mod shares;
mod space;
mod state_file;
mod steering;
pub mod study;
mod swarm;

pub use cell_list::steering_cell_list;
pub use explain::{Explanation, explain};
pub use kinematics::{Kinematics, SteeringMismatch};
pub use measure_shares::{MeasureAssembler, MeasureShare};
pub use measures::{
    GroupCount, Measure, Measures, SERIES_HEADER, measures_brute_force, step_time_seconds,
};
pub use params::{ParamError, ParamField, Params, ValidRange};
pub use rng::Lcg;
pub use series::Series;
pub use shares::{Share, ShareAssembler, ShareError, ShareSteering, SteeringSolver};
pub use space::{
    HALF_PERIOD, PERIOD, STEP_SECONDS, displacement, displacement_1d, length, squared_length, wrap,
    wrap_position,
};
pub use state_file::{ImportError, MAX_STATE_BYTES, STATE_FORMAT, STATE_VERSION};
pub use steering::{Steering, separation_radius, steering_brute_force};
pub use swarm::{Swarm, cap};

/// A vector in model space (positions in LE, velocities in LE/s).
pub type Vec3 = nalgebra::Vector3<f64>;
