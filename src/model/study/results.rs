//! The results CSV of a study (SPEC §8): a comment line naming the plan, the
//! header, one row per run. The one writer and reader the command-line tool
//! and the app share. Numbers are written as the series CSV of §6 writes
//! them: `{}` of f64, the shortest form that reads back to the same value,
//! with a decimal point; an undefined value is an empty field.

use std::collections::BTreeMap;

use super::error::ResultsError;
use super::hash::PlanId;
use super::plan::{MAX_RUNS, Plan};
use super::runs::Run;
use super::stats::{RunStatistics, WindowStatistics};
use crate::model::{Params, excerpt};

/// The header line of the results CSV (without the line break).
pub const RESULTS_HEADER: &str = "run,count,seed,radius,separation,alignment,cohesion,max_speed,mean_speed_mean,mean_speed_sd,mean_speed_final,polarization_mean,polarization_sd,polarization_final,mean_neighbors_mean,mean_neighbors_sd,mean_neighbors_final,groups_mean,groups_sd,groups_final,largest_group_mean,largest_group_sd,largest_group_final,mean_nearest_distance_mean,mean_nearest_distance_sd,mean_nearest_distance_final,polarization_susceptibility";

/// Fields of a row: run, seven parameters, 6 × 3 statistics, susceptibility.
const FIELDS: usize = 27;

const COMMENT_START: &str = "# boids-schwarm-study ";

/// The first line of a results or summary file, with its line break:
/// `# boids-schwarm-study version=1 plan=<16 hex digits> runs=<runs>`.
#[must_use]
pub fn comment_line(id: PlanId) -> String {
    format!(
        "{COMMENT_START}version=1 plan={} runs={}\n",
        id.hex(),
        id.runs
    )
}

/// The comment line and the header, each with its line break: what a
/// results file starts with.
#[must_use]
pub fn results_header(id: PlanId) -> String {
    format!("{}{RESULTS_HEADER}\n", comment_line(id))
}

fn number(value: Option<f64>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// The results row of a run with its statistics, with its line break.
#[must_use]
pub fn row_line(run: &Run, stats: &RunStatistics) -> String {
    format_row(run.index, &run.params, stats)
}

fn format_row(index: u64, p: &Params, stats: &RunStatistics) -> String {
    let mut line = format!(
        "{},{},{},{},{},{},{},{}",
        index, p.count, p.seed, p.radius, p.separation, p.alignment, p.cohesion, p.max_speed
    );
    for m in stats.measures {
        for value in [m.mean, m.sd, m.last] {
            line.push(',');
            line.push_str(&number(value));
        }
    }
    line.push(',');
    line.push_str(&number(Some(stats.polarization_susceptibility)));
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
        let id = parse_comment(lines.next().ok_or(ResultsError::NotResults)?)?;
        if lines.next() != Some(RESULTS_HEADER) {
            return Err(ResultsError::WrongHeader);
        }
        let mut rows = BTreeMap::new();
        for (offset, text) in lines.enumerate() {
            let line = offset + 3;
            let row = parse_row(text).ok_or(ResultsError::BadRow { line })?;
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
            rows,
            complete_bytes,
        })
    }

    /// Checks that the file holds results of `plan`: the same identity and
    /// every row's parameters those its run number gives in the plan's
    /// expansion ([`Plan::run`]), so a row cannot stand for another run.
    pub fn check_plan(&self, plan: &Plan) -> Result<(), ResultsError> {
        if self.id != plan.id() {
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

fn parse_comment(line: &str) -> Result<PlanId, ResultsError> {
    let rest = line
        .strip_prefix(COMMENT_START)
        .ok_or(ResultsError::NotResults)?;
    let mut fields = rest.split(' ').map(|field| field.split_once('='));
    let version = match fields.next() {
        Some(Some(("version", version))) => version,
        _ => return Err(ResultsError::NotResults),
    };
    if version != "1" {
        return Err(ResultsError::WrongVersion {
            found: excerpt(version),
        });
    }
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
    Ok(PlanId { hash, runs })
}

/// A row exactly as [`row_line`] writes it (anything else is `None`).
fn parse_row(text: &str) -> Option<ResultRow> {
    let fields: Vec<&str> = text.split(',').collect();
    if fields.len() != FIELDS {
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
    let mut measures = [WindowStatistics {
        mean: None,
        sd: None,
        last: None,
    }; 6];
    for (m, stats) in measures.iter_mut().enumerate() {
        let first = 8 + 3 * m;
        *stats = WindowStatistics {
            mean: optional(first)?,
            sd: optional(first + 1)?,
            last: optional(first + 2)?,
        };
    }
    let index = fields[0].parse().ok()?;
    let stats = RunStatistics {
        measures,
        polarization_susceptibility: float(26)?,
    };
    let line = format!("{text}\n");
    // Only the canonical form is a row: it is what merging compares.
    (format_row(index, &params, &stats) == line).then_some(ResultRow {
        index,
        params,
        stats,
        line,
    })
}
