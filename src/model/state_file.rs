//! The state as JSON (`"format": "boids-schwarm-state"`, version 1): what the
//! app exports and imports and the CLI prints. Numbers are written
//! in shortest round-trip form and read back exactly, so a round trip is
//! bit-identical. Reading trusts only format, version, params, step, positions
//! and velocities; the derived fields are recomputed.

use std::fmt;

use serde::de::{DeserializeSeed, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;

use super::kinematics::{Kinematics, StateError};
use super::params::Params;
use super::space::Vec3;
use super::swarm::Swarm;

/// The `"format"` value of a state file.
pub const STATE_FORMAT: &str = "boids-schwarm-state";
/// The `"version"` of the state format this model writes and reads.
pub const STATE_VERSION: u64 = 1;
/// Largest state file read, in bytes (50 000 boids with every field take about 20 MB).
pub const MAX_STATE_BYTES: usize = 64 * 1024 * 1024;

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
    /// The stored state breaks an invariant (see [`Kinematics::new`]); a
    /// boid is named by its id in the file.
    #[error(transparent)]
    State(StateError),
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

/// The top level of a state file, every value left as its text: reading it
/// checks the JSON and finds the keys without building anything.
#[derive(Deserialize)]
struct FileIn<'a> {
    #[serde(borrow, default)]
    format: Option<&'a RawValue>,
    #[serde(borrow, default)]
    version: Option<&'a RawValue>,
    #[serde(borrow, default)]
    params: Option<&'a RawValue>,
    #[serde(borrow, default)]
    step: Option<&'a RawValue>,
    #[serde(borrow, default)]
    boids: Option<&'a RawValue>,
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
    ///
    /// Checks before it builds: the JSON and its keys first (without
    /// building any value), then format, version, params and step, and
    /// only then the boids, at most `count` of them (the rest are only
    /// counted), so memory stays a small multiple of the file whatever it
    /// holds. Messages quote at most a few dozen characters of the file.
    pub fn from_json(text: &str) -> Result<Self, ImportError> {
        if text.len() > MAX_STATE_BYTES {
            return Err(ImportError::TooLarge { bytes: text.len() });
        }
        let file: FileIn = serde_json::from_str(text).map_err(|e| {
            if e.is_data() {
                malformed(&e)
            } else {
                ImportError::NotJson {
                    line: e.line(),
                    column: e.column(),
                }
            }
        })?;
        match file
            .format
            .map(|raw| (raw, serde_json::from_str::<&str>(raw.get())))
        {
            Some((_, Ok(format))) if format == STATE_FORMAT => {}
            Some((_, Ok(format))) => {
                return Err(ImportError::WrongFormat {
                    found: Some(excerpt(format)),
                });
            }
            Some((raw, Err(_))) => {
                return Err(ImportError::WrongFormat {
                    found: Some(excerpt(raw.get())),
                });
            }
            None => return Err(ImportError::WrongFormat { found: None }),
        }
        match file.version {
            Some(raw) if serde_json::from_str::<u64>(raw.get()).ok() == Some(STATE_VERSION) => {}
            other => {
                return Err(ImportError::WrongVersion {
                    found: other.map(|raw| excerpt(raw.get())),
                });
            }
        }
        let params: Params = required(file.params, "params")?;
        let step: u64 = required(file.step, "step")?;
        params
            .validate()
            .map_err(|error| ImportError::State(StateError::InvalidParams(error)))?;
        let boids_raw = file.boids.ok_or_else(|| ImportError::Malformed {
            detail: "missing field `boids`".to_owned(),
        })?;
        let count = params.count;
        let (boids, total) = BoundedBoids { count }
            .deserialize(&mut serde_json::Deserializer::from_str(boids_raw.get()))
            .map_err(|e| malformed(&e))?;
        if total != count as usize {
            return Err(ImportError::State(StateError::CountMismatch {
                count,
                boids: total,
            }));
        }
        // The invariants, checked boid by boid in the file's order; each
        // boid's values before its id, as a reader going through the file
        // meets them.
        let (positions, velocities) = boids
            .iter()
            .map(|boid| (Vec3::from(boid.position), Vec3::from(boid.velocity)))
            .unzip();
        let in_file_order = match Kinematics::new(params, step, positions, velocities) {
            Ok(kinematics) => kinematics,
            Err(error) => {
                if let Some(index) = error.boid() {
                    let index = index as usize;
                    file_index_by_id(&boids[..index], count)?;
                    return Err(ImportError::State(error.renamed(boids[index].id)));
                }
                return Err(ImportError::State(error));
            }
        };
        // As many boids as ids, every id in range and none twice: none is missing
        // (a missing id always shows as a duplicate or an out-of-range one).
        let order = file_index_by_id(&boids, count)?;
        let by_id = |values: &[Vec3]| order.iter().map(|&index| values[index]).collect();
        Ok(Kinematics::from_valid_parts(
            params,
            step,
            by_id(&in_file_order.positions),
            by_id(&in_file_order.velocities),
        ))
    }
}

/// A value the file must have, read from its text.
fn required<'a, T: Deserialize<'a>>(
    raw: Option<&'a RawValue>,
    key: &str,
) -> Result<T, ImportError> {
    let raw = raw.ok_or_else(|| ImportError::Malformed {
        detail: format!("missing field `{key}`"),
    })?;
    serde_json::from_str(raw.get()).map_err(|e| ImportError::Malformed {
        detail: format!("`{key}`: {}", excerpt(&e.to_string())),
    })
}

fn malformed(error: &serde_json::Error) -> ImportError {
    ImportError::Malformed {
        detail: excerpt(&error.to_string()),
    }
}

/// At most [`QUOTED_CHARS`] characters of `text` (what a file or a user
/// said), with „…“ where it was cut: a message must not repeat a huge value.
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The most characters of a file's content an [`ImportError`] quotes.
pub const QUOTED_CHARS: usize = 40;

/// Reads the `boids` array: the first `count` boids, and of any more only
/// how many there are, so a file cannot make the reader build more boids
/// than its params allow.
struct BoundedBoids {
    count: u32,
}

impl<'de> DeserializeSeed<'de> for BoundedBoids {
    type Value = (Vec<BoidIn>, usize);

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for BoundedBoids {
    type Value = (Vec<BoidIn>, usize);

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a list of boids")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let wanted = self.count as usize;
        let mut boids = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(wanted));
        while boids.len() < wanted {
            match seq.next_element::<BoidIn>()? {
                Some(boid) => boids.push(boid),
                None => {
                    let total = boids.len();
                    return Ok((boids, total));
                }
            }
        }
        let mut total = boids.len();
        while seq.next_element::<IgnoredAny>()?.is_some() {
            total += 1;
        }
        Ok((boids, total))
    }
}

/// The index in `boids` of the boid with each id, in the order of the ids,
/// where `boids` are the first of a file's list of `count` (valid) boids;
/// an id not below `count` or given twice is an error.
fn file_index_by_id(boids: &[BoidIn], count: u32) -> Result<Vec<usize>, ImportError> {
    let mut slots: Vec<Option<usize>> = vec![None; count as usize];
    for (index, boid) in boids.iter().enumerate() {
        let id = boid.id;
        let slot = usize::try_from(id)
            .ok()
            .and_then(|id| slots.get_mut(id))
            .ok_or(ImportError::IdOutOfRange { id, count })?;
        if slot.replace(index).is_some() {
            return Err(ImportError::DuplicateId { id });
        }
    }
    Ok(slots.into_iter().flatten().collect())
}
