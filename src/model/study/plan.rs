//! The plan of a study (SPEC §8): read from JSON and checked clause by
//! clause, every error naming its key. The axes' `from`/`to`/`points` are
//! expanded here, so a [`Plan`] holds the plain lists its runs are made of.

use serde_json::Value;

use super::axis::{Axis, parse_sweep};
use super::columns::Columns;
use super::error::{PlanError, PlanProblem};
use super::json::{
    Distinct, child, error, integer, list_of, object, only_keys, param_value, required,
};
use crate::model::{JsonProblem, Measure, MeasureSet, ParamField, Params, read_json};

/// The `format` of a plan file.
pub const PLAN_FORMAT: &str = "boids-schwarm-study";
/// The plan `version` this program reads.
pub const PLAN_VERSION: u64 = 1;
/// The largest plan file, in bytes (1 MiB).
pub const MAX_PLAN_BYTES: usize = 1 << 20;
/// The most runs a plan may have.
pub const MAX_RUNS: u64 = 10_000;
/// The largest `steps`.
pub const MAX_STEPS: u64 = 1_000_000;

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
    /// The measures every run computes and writes (not empty; every
    /// measure when the plan has no `measures`).
    pub measures: MeasureSet,
}

/// The seeds before they are listed (a range may be huge until the run
/// count has been checked).
enum Seeds {
    List(Vec<u32>),
    /// `first ..= last`.
    Range {
        first: u32,
        last: u32,
    },
}

impl Seeds {
    fn count(&self) -> u128 {
        match self {
            Self::List(seeds) => seeds.len() as u128,
            Self::Range { first, last } => u128::from(last - first) + 1,
        }
    }
}

impl Plan {
    /// Reads and checks a plan file (UTF-8 JSON, at most [`MAX_PLAN_BYTES`]).
    pub fn parse(bytes: &[u8]) -> Result<Self, PlanError> {
        if bytes.len() > MAX_PLAN_BYTES {
            return Err(error("", PlanProblem::TooLarge { bytes: bytes.len() }));
        }
        let value = read_json(bytes).map_err(|problem| error("", plan_problem(problem)))?;
        let top = object(&value, "")?;
        only_keys(
            top,
            "",
            &[
                "format", "version", "base", "sweep", "seeds", "steps", "burn_in", "measures",
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
        let measures = match top.get("measures") {
            Some(measures) => parse_measures(measures)?,
            None => MeasureSet::ALL,
        };
        let runs = run_count(&axes, &seeds);
        if runs > u128::from(MAX_RUNS) {
            return Err(error("", PlanProblem::TooManyRuns { runs }));
        }
        let seeds = match seeds {
            Seeds::List(seeds) => seeds,
            Seeds::Range { first, last } => (first..=last).collect(),
        };
        Ok(Self {
            base,
            axes,
            seeds,
            steps,
            burn_in,
            measures,
        })
    }

    /// The columns this program writes for the plan's results.
    #[must_use]
    pub fn columns(&self) -> Columns {
        Columns::current(self.measures)
    }

    /// The number of states in every run's window: `steps − burn_in + 1`.
    #[must_use]
    pub fn window(&self) -> u64 {
        self.steps - self.burn_in + 1
    }
}

/// The runs of the axes and seeds, exactly: in u128, since a plan of
/// 1 MiB can list two axes of some 100 000 values each, and seeds can count
/// up to 2³², a product beyond u64 (which would wrap to a small count). The
/// lists' lengths are below 2²⁰ and the seeds at most 2³², so the product
/// stays below 2⁷²; saturating keeps even an impossible overflow refused.
fn run_count(axes: &[Axis], seeds: &Seeds) -> u128 {
    axes.iter()
        .map(|axis| axis.values.len() as u128)
        .fold(seeds.count(), u128::saturating_mul)
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

fn parse_seeds(value: &Value) -> Result<Seeds, PlanError> {
    const LAST: u64 = u32::MAX as u64;
    if let Some(map) = value.as_object() {
        only_keys(map, "seeds", &["from", "count"])?;
        let from = integer(required(map, "seeds", "from")?, "seeds.from", 0, LAST)?;
        let count = integer(required(map, "seeds", "count")?, "seeds.count", 1, LAST + 1)?;
        // Both are at most 2³², so the sum cannot overflow.
        let last = from + (count - 1);
        let (Ok(first), Ok(last)) = (u32::try_from(from), u32::try_from(last)) else {
            return Err(error("seeds.count", PlanProblem::SeedsBeyondLast { last }));
        };
        return Ok(Seeds::Range { first, last });
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

/// `measures`: a non-empty list of §6 code names, none twice.
fn parse_measures(value: &Value) -> Result<MeasureSet, PlanError> {
    let list = value
        .as_array()
        .ok_or_else(|| error("measures", PlanProblem::NotAList))?;
    if list.is_empty() {
        return Err(error("measures", PlanProblem::Empty));
    }
    let mut named: Vec<Measure> = Vec::new();
    for (position, value) in list.iter().enumerate() {
        let key = format!("measures[{position}]");
        let measure = Measure::ALL
            .into_iter()
            .find(|measure| value.as_str() == Some(measure.key()))
            .ok_or_else(|| error(key.clone(), PlanProblem::UnknownMeasure))?;
        if let Some(first) = named.iter().position(|&m| m == measure) {
            return Err(error(key, PlanProblem::Repeated { first }));
        }
        named.push(measure);
    }
    Ok(named.into_iter().collect())
}

/// A JSON problem as a plan's problem.
fn plan_problem(problem: JsonProblem) -> PlanProblem {
    match problem {
        JsonProblem::NotJson { line, column } => PlanProblem::NotJson { line, column },
        JsonProblem::RepeatedKey { name, line, column } => {
            PlanProblem::RepeatedKey { name, line, column }
        }
    }
}
