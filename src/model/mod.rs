//! The pure boids model of SPEC §1–2 and §6: parameters, initial state,
//! periodic space, steering, the synchronous step, one boid's rules spelled out, the JSON state format and
//! the measures of the whole swarm. No web types: it compiles and is tested
//! natively and for wasm32, with or without the `web` feature. No words for
//! users either: failures are typed errors, and the interface's German
//! sentences for them are in [`crate::texts`]. All arithmetic in f64.
//!
//! # Layers
//!
//! The files depend one way: each uses only files listed before it, never
//! one after it, so each can be read and tested with only those in mind
//! (the `use` lines at the top of every file show it).
//!
//! 1. `space` (vectors, the periodic cube, `cap`), `rng`, `threads`,
//!    `whole_number`, `bucketing`: no model file.
//! 2. `params`: the seven parameters and their parser.
//! 3. `steering`: the components S, A, C, their weighting, the thresholds.
//! 4. `cell_list` (the step's neighbour search), then `shares` (it, split).
//! 5. `measures` (their grids plan cells as the cell list does), then
//!    `measure_shares`.
//! 6. `kinematics`: a state without its steering, the checked constructor.
//! 7. `swarm`: a state with its steering, the step.
//! 8. `explain`, `series`, `state_file`: what is read from a swarm.

mod bucketing;
mod cell_list;
mod correlations;
mod explain;
mod json_reader;
mod kinematics;
mod measure_set;
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
mod threads;
mod whole_number;

pub use cell_list::steering_cell_list;
pub use correlations::{
    BIN_WIDTH, BinSums, CORRELATION_BINS, CORRELATION_BLOCK, CORRELATIONS_COMMENT,
    CORRELATIONS_HEADER, Correlations, PairColumns, bin_of, bin_range, block_count, block_sums,
    correlation_length, shell_volume, velocity_deviations,
};
pub use explain::{Explanation, explain};
pub use json_reader::{JsonProblem, MAX_JSON_DEPTH, read_json};
pub use kinematics::{Kinematics, MAX_STEP, StateError};
pub use measure_set::MeasureSet;
pub use measure_shares::{MeasureAssembler, MeasureShare};
pub use measures::{
    GroupCount, Measure, Measures, SERIES_HEADER, measures_brute_force, step_time_seconds,
};
pub use params::{ParamError, ParamField, Params, ValidRange};
pub use rng::Lcg;
pub use series::{CSV_ROWS_PER_PART, SERIES_KEPT_ROWS, Series};
pub use shares::{Share, ShareAssembler, ShareError, ShareSteering, SteeringSolver};
pub use space::{
    HALF_PERIOD, PERIOD, STEP_SECONDS, Vec3, cap, displacement, displacement_1d,
    displacement_of_coordinates, length, squared_length, wrap, wrap_position,
};
pub use state_file::{
    ImportError, MAX_STATE_BYTES, QUOTED_CHARS, STATE_FORMAT, STATE_VERSION, excerpt,
};
pub use steering::{Steering, separation_radius, steering_brute_force};
pub use swarm::{SteeringMismatch, Swarm};
pub use whole_number::{WholeNumberError, parse_step, parse_whole_number};
