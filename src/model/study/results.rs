//! The results CSV of a study (SPEC §8): a comment line naming the
//! format's version and the plan, the header of the plan's measures
//! ([`Columns`]), one row per run. The one writer and reader the command-line tool
//! and the app share. Numbers are written as the series CSV of §6 writes
//! them: `{}` of f64, the shortest form that reads back to the same value,
//! with a decimal point; an undefined value is an empty field.

use std::collections::BTreeMap;

use super::columns::{Columns, ResultsVersion};
use super::error::ResultsError;
use super::hash::PlanId;
use super::plan::{MAX_RUNS, Plan};
use super::runs::Run;
use super::stats::{Quantity, RunStatistics, WindowStatistics};
use crate::model::{Params, excerpt};

/// The header line of the results CSV of a plan of every measure, as
/// written now (version 2; without the line break).
pub const RESULTS_HEADER: &str = "run,count,seed,radius,separation,alignment,cohesion,max_speed,mean_speed_mean,mean_speed_sd,mean_speed_final,polarization_mean,polarization_sd,polarization_final,mean_neighbors_mean,mean_neighbors_sd,mean_neighbors_final,groups_mean,groups_sd,groups_final,largest_group_mean,largest_group_sd,largest_group_final,mean_nearest_distance_mean,mean_nearest_distance_sd,mean_nearest_distance_final,polarization_susceptibility,polarization_binder";

const COMMENT_START: &str = "# boids-schwarm-study ";

/// The first line of a results or summary file of `version`, with its line
/// break: `# boids-schwarm-study version=<v> plan=<16 hex digits> runs=<runs>`.
#[must_use]
pub fn comment_line(id: PlanId, version: ResultsVersion) -> String {
    format!(
        "{COMMENT_START}version={} plan={} runs={}\n",
        version.number(),
        id.hex(),
        id.runs
    )
}

/// The comment line and the header, each with its line break: what a
/// results file of plan `id` with `columns` starts with.
#[must_use]
pub fn results_header(id: PlanId, columns: Columns) -> String {
    format!(
        "{}{}\n",
        comment_line(id, columns.version),
        columns.results_header()
    )
}

fn number(value: Option<f64>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// The results row of a run with its statistics, in `columns`, with its
/// line break.
#[must_use]
pub fn row_line(run: &Run, stats: &RunStatistics, columns: Columns) -> String {
    format_row(run.index, &run.params, stats, columns)
}

fn format_row(index: u64, p: &Params, stats: &RunStatistics, columns: Columns) -> String {
    let mut line = format!(
        "{},{},{},{},{},{},{},{}",
        index, p.count, p.seed, p.radius, p.separation, p.alignment, p.cohesion, p.max_speed
    );
    for measure in columns.measures.iter() {
        let m = stats.of(measure);
        for value in [m.mean, m.sd, m.last] {
            line.push(',');
            line.push_str(&number(value));
        }
    }
    for quantity in columns.extras() {
        line.push(',');
        line.push_str(&number(quantity.of(stats)));
    }
    line.push('\n');
    line
}

/// One row read back.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    /// The run's number.
    pub index: u64,
    /// The run's parameters.
    pub params: Params,
    pub stats: RunStatistics,
    /// The row as written, with its line break.
    pub line: String,
}

/// A results file read back: its plan's identity and its rows by run.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultsFile {
    pub id: PlanId,
    /// The file's version and measures.
    pub columns: Columns,
    /// The rows by run number (a run written twice with the same row counts once).
    pub rows: BTreeMap<u64, ResultRow>,
    /// Bytes of the file up to the end of its last complete line. A last
    /// line without a line break was cut off while being written (its
    /// process was killed): it is not read, and its run counts as missing.
    pub complete_bytes: usize,
}

impl ResultsFile {
    /// Reads a results file. Every complete row must be a row exactly as
    /// [`row_line`] writes it, of a run of the plan named in the comment.
    pub fn parse(text: &str) -> Result<Self, ResultsError> {
        let complete_bytes = text.rfind('\n').map_or(0, |end| end + 1);
        let mut lines = text[..complete_bytes].lines();
        let (id, version) = parse_comment(lines.next().ok_or(ResultsError::NotResults)?)?;
        let columns = lines
            .next()
            .and_then(|header| Columns::of_header(version, header))
            .ok_or(ResultsError::WrongHeader)?;
        let mut rows = BTreeMap::new();
        for (offset, text) in lines.enumerate() {
            let line = offset + 3;
            let row = parse_row(text, columns).ok_or(ResultsError::BadRow { line })?;
            // `inf` and `NaN` are how f64 prints them, so such a row is
            // canonical; no run computes them, and a mean over them is void.
            if !row.stats.is_finite() {
                return Err(ResultsError::NotFinite { line });
            }
            let run = row.index;
            if run >= id.runs {
                return Err(ResultsError::RunBeyondPlan {
                    line,
                    run,
                    runs: id.runs,
                });
            }
            if let Some(earlier) = rows.insert(run, row.clone())
                && earlier != row
            {
                return Err(ResultsError::ConflictingRows { run });
            }
        }
        Ok(Self {
            id,
            columns,
            rows,
            complete_bytes,
        })
    }

    /// Checks that the file holds results of `plan`: the same identity,
    /// the plan's measures, and every row's parameters those its run number
    /// gives in the plan's expansion ([`Plan::run`]), so a row cannot stand
    /// for another run.
    pub fn check_plan(&self, plan: &Plan) -> Result<(), ResultsError> {
        if self.id != plan.id() || self.columns.measures != plan.measures {
            return Err(ResultsError::OtherPlan);
        }
        self.check_rows(plan)
    }

    /// The rows part of [`ResultsFile::check_plan`], for a caller that
    /// knows the identity matches (hashing a plan of many grid points
    /// formats every axis value).
    pub fn check_rows(&self, plan: &Plan) -> Result<(), ResultsError> {
        for row in self.rows.values() {
            // Reading keeps run numbers below the plan's count; a file
            // built by hand need not, and must not make this panic.
            if row.index >= plan.run_count() || plan.run(row.index).params != row.params {
                return Err(ResultsError::RowNotOfPlan { run: row.index });
            }
        }
        Ok(())
    }
}

fn parse_comment(line: &str) -> Result<(PlanId, ResultsVersion), ResultsError> {
    let rest = line
        .strip_prefix(COMMENT_START)
        .ok_or(ResultsError::NotResults)?;
    let mut fields = rest.split(' ').map(|field| field.split_once('='));
    let version = match fields.next() {
        Some(Some(("version", version))) => version,
        _ => return Err(ResultsError::NotResults),
    };
    let version = ResultsVersion::parse(version).ok_or_else(|| ResultsError::WrongVersion {
        found: excerpt(version),
    })?;
    let (Some(Some(("plan", hex))), Some(Some(("runs", runs))), None) =
        (fields.next(), fields.next(), fields.next())
    else {
        return Err(ResultsError::NotResults);
    };
    let hash = (hex.len() == 16)
        .then(|| u64::from_str_radix(hex, 16).ok())
        .flatten()
        .ok_or(ResultsError::NotResults)?;
    // Readers list the missing runs: a count no plan can have would make
    // them allocate until the process aborts.
    let runs = runs
        .parse::<u64>()
        .ok()
        .filter(|runs| (1..=MAX_RUNS).contains(runs))
        .ok_or_else(|| ResultsError::ImpossibleRunCount {
            found: excerpt(runs),
        })?;
    Ok((PlanId { hash, runs }, version))
}

/// A row exactly as [`row_line`] writes it in `columns` (anything else
/// is `None`).
fn parse_row(text: &str, columns: Columns) -> Option<ResultRow> {
    let fields: Vec<&str> = text.split(',').collect();
    if fields.len() != columns.fields() {
        return None;
    }
    let float = |i: usize| fields[i].parse::<f64>().ok();
    let optional = |i: usize| {
        if fields[i].is_empty() {
            Some(None)
        } else {
            float(i).map(Some)
        }
    };
    let params = Params {
        count: fields[1].parse().ok()?,
        seed: fields[2].parse().ok()?,
        radius: float(3)?,
        separation: float(4)?,
        alignment: float(5)?,
        cohesion: float(6)?,
        max_speed: float(7)?,
    };
    params.validate().ok()?;
    let mut stats = RunStatistics {
        measures: [WindowStatistics::NONE; 6],
        polarization_susceptibility: None,
        polarization_binder: None,
    };
    let mut next = 8;
    for (position, measure) in crate::model::Measure::ALL.into_iter().enumerate() {
        if columns.measures.contains(measure) {
            stats.measures[position] = WindowStatistics {
                mean: optional(next)?,
                sd: optional(next + 1)?,
                last: optional(next + 2)?,
            };
            next += 3;
        }
    }
    for quantity in columns.extras() {
        let value = optional(next)?;
        match quantity {
            // Every run with the polarization has a susceptibility.
            Quantity::Susceptibility => stats.polarization_susceptibility = Some(value?),
            Quantity::Binder => stats.polarization_binder = value,
            Quantity::Mean(_) => return None,
        }
        next += 1;
    }
    let index = fields[0].parse().ok()?;
    let line = format!("{text}\n");
    // Only the canonical form is a row: it is what merging compares.
    (format_row(index, &params, &stats, columns) == line).then_some(ResultRow {
        index,
        params,
        stats,
        line,
    })
}
