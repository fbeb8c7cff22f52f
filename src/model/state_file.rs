//! The state as JSON (`"format": "boids-schwarm-state"`, version 1): what the
//! app exports and imports and the CLI prints. Numbers are written
//! in shortest round-trip form and read back exactly, so a round trip is
//! bit-identical. Reading trusts only format, version, params, step, positions
//! and velocities; the derived fields are recomputed.

use serde::{Deserialize, Serialize};

use super::kinematics::Kinematics;
use super::params::{ParamError, Params};
use super::space::{HALF_PERIOD, Vec3, length};
use super::swarm::Swarm;

/// The `"format"` value of a state file.
pub const STATE_FORMAT: &str = "boids-schwarm-state";
/// The `"version"` of the state format this model writes and reads.
pub const STATE_VERSION: u64 = 1;
/// Largest state file read, in bytes (50 000 boids with every field take about 20 MB).
pub const MAX_STATE_BYTES: usize = 64 * 1024 * 1024;
/// Relative tolerance above `max_speed` for a stored speed (rounding in other tools).
const SPEED_TOLERANCE: f64 = 1e-9;

/// Why a state file was rejected, with what the interface needs to explain it.
/// `Display` is a plain English sentence for logs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// Longer than [`MAX_STATE_BYTES`].
    #[error("the file has {bytes} bytes, more than the {MAX_STATE_BYTES} read")]
    TooLarge { bytes: usize },
    /// Not JSON; `line` and `column` count from 1.
    #[error("not valid JSON (line {line}, column {column})")]
    NotJson { line: usize, column: usize },
    /// `"format"` is not [`STATE_FORMAT`]: `found` is the string given, another
    /// JSON value as written, or `None` when the key is missing.
    #[error("format {} instead of {STATE_FORMAT:?}", shown(found))]
    WrongFormat { found: Option<String> },
    /// `"version"` is not [`STATE_VERSION`]: `found` as written, or `None`
    /// when the key is missing.
    #[error("version {} instead of {STATE_VERSION}", shown(found))]
    WrongVersion { found: Option<String> },
    /// A field is missing or has the wrong type; `detail` is serde_json's
    /// description (English).
    #[error("malformed state: {detail}")]
    Malformed { detail: String },
    /// The stored parameters are out of range.
    #[error("invalid parameters: {0}")]
    InvalidParams(ParamError),
    /// `params.count` differs from the number of boids.
    #[error("count is {count} but the file holds {boids} boids")]
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
    /// An id not below the count: ids must be `0 .. count`, each once.
    #[error("boid id {id} not below the count {count}")]
    IdOutOfRange { id: u64, count: u32 },
    /// An id given twice.
    #[error("boid id {id} occurs more than once")]
    DuplicateId { id: u64 },
}

fn shown(found: &Option<String>) -> &str {
    found.as_deref().unwrap_or("(missing)")
}

#[derive(Serialize)]
struct StateOut<'a> {
    format: &'static str,
    version: u64,
    params: &'a Params,
    step: u64,
    time_s: f64,
    mean_speed: f64,
    boids: Vec<BoidOut>,
}

#[derive(Serialize)]
struct BoidOut {
    id: usize,
    position: [f64; 3],
    velocity: [f64; 3],
    // The file format keeps its key (as the CSV keeps its column).
    #[serde(rename = "neighbors")]
    neighbours: u32,
    separation: [f64; 3],
    alignment: [f64; 3],
    cohesion: [f64; 3],
}

#[derive(Deserialize)]
struct StateIn {
    params: Params,
    step: u64,
    boids: Vec<BoidIn>,
}

#[derive(Deserialize)]
struct BoidIn {
    id: u64,
    position: [f64; 3],
    velocity: [f64; 3],
}

fn array(v: &Vec3) -> [f64; 3] {
    [v.x, v.y, v.z]
}

impl Swarm {
    /// The state as JSON, with the derived fields (time, mean speed, S, A, C,
    /// neighbour counts) for the reader's convenience.
    #[must_use]
    pub fn to_json(&self) -> String {
        let boids = (0..self.len())
            .map(|id| {
                let s = &self.steering()[id];
                BoidOut {
                    id,
                    position: array(&self.positions()[id]),
                    velocity: array(&self.velocities()[id]),
                    neighbours: s.neighbours,
                    separation: array(&s.separation),
                    alignment: array(&s.alignment),
                    cohesion: array(&s.cohesion),
                }
            })
            .collect();
        let state = StateOut {
            format: STATE_FORMAT,
            version: STATE_VERSION,
            params: self.params(),
            step: self.step_count(),
            time_s: self.time_seconds(),
            mean_speed: self.mean_speed(),
            boids,
        };
        // Serialising plain structs of finite numbers cannot fail.
        serde_json::to_string(&state).unwrap_or_default()
    }

    /// Reads a state written by [`Swarm::to_json`] (or by hand, or by another
    /// tool), checking every invariant; never panics.
    pub fn from_json(text: &str) -> Result<Self, ImportError> {
        Kinematics::from_json(text).map(Kinematics::into_swarm)
    }
}

impl Kinematics {
    /// Reads a state file like [`Swarm::from_json`] without computing the
    /// steering (which is the expensive part for large swarms).
    pub fn from_json(text: &str) -> Result<Self, ImportError> {
        if text.len() > MAX_STATE_BYTES {
            return Err(ImportError::TooLarge { bytes: text.len() });
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ImportError::NotJson {
                line: e.line(),
                column: e.column(),
            })?;
        match value.get("format") {
            Some(serde_json::Value::String(format)) if format == STATE_FORMAT => {}
            Some(serde_json::Value::String(format)) => {
                return Err(ImportError::WrongFormat {
                    found: Some(format.clone()),
                });
            }
            other => {
                let found = other.map(ToString::to_string);
                return Err(ImportError::WrongFormat { found });
            }
        }
        match value.get("version") {
            Some(version) if version.as_u64() == Some(STATE_VERSION) => {}
            other => {
                let found = other.map(ToString::to_string);
                return Err(ImportError::WrongVersion { found });
            }
        }
        let state: StateIn = serde_json::from_value(value).map_err(|e| ImportError::Malformed {
            detail: e.to_string(),
        })?;
        state
            .params
            .validate()
            .map_err(ImportError::InvalidParams)?;
        let count = state.params.count;
        if state.boids.len() != count as usize {
            return Err(ImportError::CountMismatch {
                count,
                boids: state.boids.len(),
            });
        }
        let mut slots: Vec<Option<(Vec3, Vec3)>> = vec![None; state.boids.len()];
        for boid in &state.boids {
            let id = boid.id;
            if boid
                .position
                .iter()
                .chain(&boid.velocity)
                .any(|c| !c.is_finite())
            {
                return Err(ImportError::NotFinite { id });
            }
            if boid
                .position
                .iter()
                .any(|c| !(-HALF_PERIOD..HALF_PERIOD).contains(c))
            {
                return Err(ImportError::PositionOutOfRange { id });
            }
            let velocity = Vec3::from(boid.velocity);
            let speed = length(&velocity);
            let max_speed = state.params.max_speed;
            if speed > max_speed * (1.0 + SPEED_TOLERANCE) {
                return Err(ImportError::TooFast {
                    id,
                    speed,
                    max_speed,
                });
            }
            let slot = usize::try_from(id)
                .ok()
                .and_then(|index| slots.get_mut(index))
                .ok_or(ImportError::IdOutOfRange { id, count })?;
            if slot
                .replace((Vec3::from(boid.position), velocity))
                .is_some()
            {
                return Err(ImportError::DuplicateId { id });
            }
        }
        // As many boids as ids, every id in range and none twice: none is missing
        // (a missing id always shows as a duplicate or an out-of-range one).
        let (positions, velocities) = slots.into_iter().flatten().unzip();
        Ok(Kinematics::from_valid_parts(
            state.params,
            state.step,
            positions,
            velocities,
        ))
    }
}
