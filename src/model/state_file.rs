//! The state as JSON (`"format": "boids-schwarm-state"`, version 1): what the
//! app exports and imports and the headless example prints. Numbers are written
//! in shortest round-trip form and read back exactly, so a round trip is
//! bit-identical. Reading trusts only format, version, params, step, positions
//! and velocities; the derived fields are recomputed.

use serde::{Deserialize, Serialize};

use super::Vec3;
use super::kinematics::Kinematics;
use super::params::{ParamError, Params};
use super::space::{HALF_PERIOD, length};
use super::swarm::Swarm;

const FORMAT: &str = "boids-schwarm-state";
const VERSION: u64 = 1;
/// Largest state file read, in bytes (50 000 boids with every field take about 20 MB).
pub const MAX_STATE_BYTES: usize = 64 * 1024 * 1024;
/// Relative tolerance above `max_speed` for a stored speed (rounding in other tools).
const SPEED_TOLERANCE: f64 = 1e-9;

/// Why a state file was rejected; `Display` gives a German sentence for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportError {
    TooLarge { bytes: usize },
    NotJson { line: usize, column: usize },
    WrongFormat { found: String },
    WrongVersion { found: String },
    Malformed { detail: String },
    InvalidParams(ParamError),
    CountMismatch { count: u32, boids: usize },
    NotFinite { id: u64 },
    PositionOutOfRange { id: u64 },
    TooFast { id: u64, speed: f64, max_speed: f64 },
    IdOutOfRange { id: u64, count: u32 },
    DuplicateId { id: u64 },
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooLarge { bytes } => write!(
                f,
                "Die Datei ist zu groß ({:.1} MB; höchstens {} MB).",
                *bytes as f64 / 1_048_576.0,
                MAX_STATE_BYTES / 1_048_576
            ),
            Self::NotJson { line, column } => {
                write!(
                    f,
                    "Die Datei ist kein gültiges JSON (Fehler in Zeile {line}, Spalte {column})."
                )
            }
            Self::WrongFormat { found } => write!(
                f,
                "Die Datei ist kein Boids-Schwarm-Zustand (Format „{found}“ statt „{FORMAT}“)."
            ),
            Self::WrongVersion { found } => {
                write!(
                    f,
                    "Die Version {found} des Zustandsformats wird nicht unterstützt (erwartet: {VERSION})."
                )
            }
            Self::Malformed { detail } => write!(
                f,
                "Der Zustand ist unvollständig oder falsch aufgebaut: {detail}."
            ),
            Self::InvalidParams(error) => write!(f, "Ungültige Parameter in der Datei: {error}"),
            Self::CountMismatch { count, boids } => {
                write!(
                    f,
                    "Anzahl ist {count}, die Datei enthält aber {boids} Boids."
                )
            }
            Self::NotFinite { id } => write!(
                f,
                "Boid {id}: Position oder Geschwindigkeit ist keine endliche Zahl."
            ),
            Self::PositionOutOfRange { id } => {
                write!(
                    f,
                    "Boid {id}: Die Position liegt außerhalb des Würfels [−4,2; 4,2)."
                )
            }
            Self::TooFast {
                id,
                speed,
                max_speed,
            } => write!(
                f,
                "Boid {id}: Das Tempo {} LE/s überschreitet das Höchsttempo {} LE/s.",
                german(*speed),
                german(*max_speed)
            ),
            Self::IdOutOfRange { id, count } => write!(
                f,
                "Boid-Nummer {id} liegt außerhalb von 0 bis {last}: jede Nummer von 0 bis {last} muss genau einmal vorkommen.",
                last = count.saturating_sub(1)
            ),
            Self::DuplicateId { id } => write!(
                f,
                "Die Boid-Nummer {id} kommt mehrfach vor: jede Nummer darf nur einmal vorkommen."
            ),
        }
    }
}

impl std::error::Error for ImportError {}

fn german(value: f64) -> String {
    value.to_string().replace('.', ",")
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
    neighbors: u32,
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
                    neighbors: s.neighbors,
                    separation: array(&s.separation),
                    alignment: array(&s.alignment),
                    cohesion: array(&s.cohesion),
                }
            })
            .collect();
        let state = StateOut {
            format: FORMAT,
            version: VERSION,
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
            Some(serde_json::Value::String(format)) if format == FORMAT => {}
            Some(serde_json::Value::String(format)) => {
                return Err(ImportError::WrongFormat {
                    found: format.clone(),
                });
            }
            other => {
                let found = other.map_or_else(|| "fehlt".to_owned(), ToString::to_string);
                return Err(ImportError::WrongFormat { found });
            }
        }
        match value.get("version") {
            Some(version) if version.as_u64() == Some(VERSION) => {}
            other => {
                let found = other.map_or_else(|| "(fehlt)".to_owned(), ToString::to_string);
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
