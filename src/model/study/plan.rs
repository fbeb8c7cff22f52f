//! The plan of a study (SPEC §8): read from JSON and checked clause by
//! clause, every error naming its key. The axes' `from`/`to`/`points` are
//! expanded here, so a [`Plan`] holds the plain lists its runs are made of.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::error::{PlanError, PlanProblem};
use crate::model::{ParamField, Params};

/// The `format` of a plan file.
pub const PLAN_FORMAT: &str = "boids-schwarm-study";
/// The plan `version` this program reads.
pub const PLAN_VERSION: u64 = 1;
/// The largest plan file, in bytes (1 MiB).
pub const MAX_PLAN_BYTES: usize = 1 << 20;
/// The most runs a plan may have.
pub const MAX_RUNS: u64 = 10_000;
/// The largest `steps`.
const MAX_STEPS: u64 = 1_000_000;

/// One axis of the grid: a parameter (never `seed`) and its values in the
/// plan's order, every value valid for the parameter, none twice (`count`
/// values are whole numbers, rounded where the plan gave a range).
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub field: ParamField,
    pub values: Vec<f64>,
}

/// A checked plan: at most [`MAX_RUNS`] runs, `1 ≤ steps ≤ 1 000 000`,
/// `0 ≤ burn_in ≤ steps`.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The parameters every run starts from; `base.seed` is unused (0).
    pub base: Params,
    /// Zero, one or two axes, the first outermost.
    pub axes: Vec<Axis>,
    /// The seeds, innermost, non-empty and without repeats.
    pub seeds: Vec<u32>,
    /// The last step of every run.
    pub steps: u64,
    /// The first step of the statistics window.
    pub burn_in: u64,
}

/// The seeds before they are listed (a range may be huge until the run
/// count has been checked).
enum Seeds {
    List(Vec<u32>),
    Range { from: u32, count: u64 },
}

impl Seeds {
    fn count(&self) -> u64 {
        match self {
            Self::List(seeds) => seeds.len() as u64,
            Self::Range { count, .. } => *count,
        }
    }
}

/// A list without repeats, found in constant time (values as bits: −0 is
/// already 0 and NaN cannot occur, so equal bits are equal values).
#[derive(Default)]
struct Distinct {
    order: Vec<u64>,
    positions: HashMap<u64, usize>,
}

impl Distinct {
    /// Adds `item`, or returns the position that already holds it.
    fn insert(&mut self, item: u64) -> Option<usize> {
        if let Some(&first) = self.positions.get(&item) {
            return Some(first);
        }
        self.positions.insert(item, self.order.len());
        self.order.push(item);
        None
    }
}

fn list_of<T>(items: Distinct, convert: impl Fn(u64) -> T) -> Vec<T> {
    items.order.into_iter().map(convert).collect()
}

fn error(key: impl Into<String>, problem: PlanProblem) -> PlanError {
    PlanError {
        key: key.into(),
        problem,
    }
}

/// `parent.key`, or `key` at the top.
fn child(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

fn object<'a>(value: &'a Value, key: &str) -> Result<&'a Map<String, Value>, PlanError> {
    value
        .as_object()
        .ok_or_else(|| error(key, PlanProblem::NotAnObject))
}

/// Refuses the first key (in the file's sorted order) not in `allowed`.
fn only_keys(map: &Map<String, Value>, parent: &str, allowed: &[&str]) -> Result<(), PlanError> {
    match map.keys().find(|key| !allowed.contains(&key.as_str())) {
        Some(key) => Err(error(child(parent, key), PlanProblem::UnknownKey)),
        None => Ok(()),
    }
}

fn required<'a>(
    map: &'a Map<String, Value>,
    parent: &str,
    key: &str,
) -> Result<&'a Value, PlanError> {
    map.get(key)
        .ok_or_else(|| error(child(parent, key), PlanProblem::Missing))
}

fn number(value: &Value, key: &str) -> Result<f64, PlanError> {
    // `+ 0.0` turns −0 into 0, so a value prints and hashes one way.
    value
        .as_f64()
        .map(|v| v + 0.0)
        .ok_or_else(|| error(key, PlanProblem::NotANumber))
}

/// A whole number in `min ..= max` (`750` and `750.0` alike).
fn integer(value: &Value, key: &str, min: u64, max: u64) -> Result<u64, PlanError> {
    let wrong = || error(key, PlanProblem::NotAnIntegerIn { min, max });
    let v = value.as_f64().ok_or_else(wrong)?;
    if v.fract() != 0.0 || v < min as f64 || v > max as f64 {
        return Err(wrong());
    }
    Ok(value.as_u64().unwrap_or(v as u64))
}

fn param_value(field: ParamField, value: &Value, key: &str) -> Result<f64, PlanError> {
    let v = number(value, key)?;
    if field.accepts(v) {
        Ok(v)
    } else {
        Err(error(key, PlanProblem::InvalidValue { field }))
    }
}

impl Plan {
    /// Reads and checks a plan file (UTF-8 JSON, at most [`MAX_PLAN_BYTES`]).
    pub fn parse(bytes: &[u8]) -> Result<Self, PlanError> {
        if bytes.len() > MAX_PLAN_BYTES {
            return Err(error("", PlanProblem::TooLarge { bytes: bytes.len() }));
        }
        let value: Value = serde_json::from_slice(bytes).map_err(|e| {
            error(
                "",
                PlanProblem::NotJson {
                    line: e.line(),
                    column: e.column(),
                },
            )
        })?;
        let top = object(&value, "")?;
        only_keys(
            top,
            "",
            &[
                "format", "version", "base", "sweep", "seeds", "steps", "burn_in",
            ],
        )?;
        if required(top, "", "format")?.as_str() != Some(PLAN_FORMAT) {
            return Err(error("format", PlanProblem::WrongFormat));
        }
        if required(top, "", "version")?.as_u64() != Some(PLAN_VERSION) {
            return Err(error("version", PlanProblem::WrongVersion));
        }
        let base = match top.get("base") {
            Some(base) => parse_base(base)?,
            None => Params {
                seed: 0,
                ..Params::default()
            },
        };
        let axes = match top.get("sweep") {
            Some(sweep) => parse_sweep(sweep)?,
            None => Vec::new(),
        };
        let seeds = parse_seeds(required(top, "", "seeds")?)?;
        let steps = integer(required(top, "", "steps")?, "steps", 1, MAX_STEPS)?;
        let burn_in = integer(required(top, "", "burn_in")?, "burn_in", 0, steps)?;
        let runs = axes
            .iter()
            .map(|axis| axis.values.len() as u64)
            .product::<u64>()
            * seeds.count();
        if runs > MAX_RUNS {
            return Err(error("", PlanProblem::TooManyRuns { runs }));
        }
        let seeds = match seeds {
            Seeds::List(seeds) => seeds,
            Seeds::Range { from, count } => (0..count as u32).map(|i| from + i).collect(),
        };
        Ok(Self {
            base,
            axes,
            seeds,
            steps,
            burn_in,
        })
    }

    /// The number of states in every run's window: `steps − burn_in + 1`.
    #[must_use]
    pub fn window(&self) -> u64 {
        self.steps - self.burn_in + 1
    }
}

fn parse_base(value: &Value) -> Result<Params, PlanError> {
    let map = object(value, "base")?;
    let mut params = Params {
        seed: 0,
        ..Params::default()
    };
    for (key, value) in map {
        let path = child("base", key);
        if key == "seed" {
            return Err(error(path, PlanProblem::SeedInBase));
        }
        let field = ParamField::ALL
            .into_iter()
            .find(|field| field.key() == key.as_str())
            .ok_or_else(|| error(path.clone(), PlanProblem::UnknownKey))?;
        let v = param_value(field, value, &path)?;
        field
            .set(&mut params, v)
            .map_err(|_| error(path, PlanProblem::InvalidValue { field }))?;
    }
    Ok(params)
}

fn parse_sweep(value: &Value) -> Result<Vec<Axis>, PlanError> {
    let list = value
        .as_array()
        .ok_or_else(|| error("sweep", PlanProblem::NotAList))?;
    if list.len() > 2 {
        return Err(error(
            "sweep",
            PlanProblem::TooManyAxes { axes: list.len() },
        ));
    }
    let mut axes: Vec<Axis> = Vec::new();
    for (position, axis) in list.iter().enumerate() {
        let axis = parse_axis(axis, &format!("sweep[{position}]"))?;
        if axes.iter().any(|first| first.field == axis.field) {
            return Err(error(
                format!("sweep[{position}].parameter"),
                PlanProblem::SameParameterTwice,
            ));
        }
        axes.push(axis);
    }
    Ok(axes)
}

fn parse_axis(value: &Value, key: &str) -> Result<Axis, PlanError> {
    let map = object(value, key)?;
    only_keys(map, key, &["parameter", "values", "from", "to", "points"])?;
    let parameter_key = child(key, "parameter");
    let name = required(map, key, "parameter")?;
    let field = ParamField::ALL
        .into_iter()
        .find(|field| *field != ParamField::Seed && Some(field.key()) == name.as_str())
        .ok_or_else(|| error(parameter_key, PlanProblem::UnknownParameter))?;
    let has_range = ["from", "to", "points"]
        .iter()
        .any(|k| map.contains_key(*k));
    let values = match (map.get("values"), has_range) {
        (Some(values), false) => list_values(field, values, &child(key, "values"))?,
        (None, true) => range_values(field, map, key)?,
        _ => return Err(error(key, PlanProblem::ValuesOrRange)),
    };
    Ok(Axis { field, values })
}

fn list_values(field: ParamField, value: &Value, key: &str) -> Result<Vec<f64>, PlanError> {
    let list = value
        .as_array()
        .ok_or_else(|| error(key, PlanProblem::NotAList))?;
    if list.is_empty() {
        return Err(error(key, PlanProblem::Empty));
    }
    let mut values = Distinct::default();
    for (position, value) in list.iter().enumerate() {
        let path = format!("{key}[{position}]");
        let v = param_value(field, value, &path)?;
        if let Some(first) = values.insert(v.to_bits()) {
            return Err(error(path, PlanProblem::Repeated { first }));
        }
    }
    Ok(list_of(values, f64::from_bits))
}

/// `value_i = from + (to − from) · i / (points − 1)` in exactly that order
/// of operations in f64; `count` values rounded half away from zero.
fn range_values(
    field: ParamField,
    map: &Map<String, Value>,
    key: &str,
) -> Result<Vec<f64>, PlanError> {
    let from = number(required(map, key, "from")?, &child(key, "from"))?;
    let to = number(required(map, key, "to")?, &child(key, "to"))?;
    let points = integer(
        required(map, key, "points")?,
        &child(key, "points"),
        2,
        MAX_RUNS,
    )?;
    let mut values = Distinct::default();
    for i in 0..points {
        let exact = from + (to - from) * i as f64 / (points - 1) as f64;
        let rounded = if field == ParamField::Count {
            exact.round()
        } else {
            exact
        };
        let value = rounded + 0.0;
        let position = i as usize;
        if !field.accepts(value) {
            return Err(error(
                key,
                PlanProblem::InvalidRangeValue {
                    field,
                    position,
                    value,
                },
            ));
        }
        if let Some(first) = values.insert(value.to_bits()) {
            return Err(error(
                key,
                PlanProblem::RepeatedRangeValue {
                    position,
                    first,
                    value,
                },
            ));
        }
    }
    Ok(list_of(values, f64::from_bits))
}

fn parse_seeds(value: &Value) -> Result<Seeds, PlanError> {
    const LAST: u64 = u32::MAX as u64;
    if let Some(map) = value.as_object() {
        only_keys(map, "seeds", &["from", "count"])?;
        let from = integer(required(map, "seeds", "from")?, "seeds.from", 0, LAST)?;
        let count = integer(required(map, "seeds", "count")?, "seeds.count", 1, LAST + 1)?;
        let last = from + (count - 1);
        if last > LAST {
            return Err(error("seeds.count", PlanProblem::SeedsBeyondLast { last }));
        }
        return Ok(Seeds::Range {
            from: from as u32,
            count,
        });
    }
    let list = value
        .as_array()
        .ok_or_else(|| error("seeds", PlanProblem::NotAList))?;
    if list.is_empty() {
        return Err(error("seeds", PlanProblem::Empty));
    }
    let mut seeds = Distinct::default();
    for (position, value) in list.iter().enumerate() {
        let key = format!("seeds[{position}]");
        let seed = integer(value, &key, 0, LAST)?;
        if let Some(first) = seeds.insert(seed) {
            return Err(error(key, PlanProblem::Repeated { first }));
        }
    }
    Ok(Seeds::List(list_of(seeds, |seed| seed as u32)))
}
