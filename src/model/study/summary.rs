//! The summary of a study (SPEC §8): one row per grid point, over the runs
//! of its seeds: for each measure the mean of the runs' window means, their
//! sample standard deviation and its standard error, and the same for the
//! polarization susceptibility and (from results version 2) the Binder
//! cumulant.

use std::collections::BTreeMap;

use super::columns::{Columns, ResultsVersion};
use super::plan::Plan;
use super::results::{ResultRow, comment_line};
use super::stats::WindowStatistics;

/// The summary CSV of `plan` in results `version` over `rows` (rows of
/// this plan, by run, e.g. [`super::ResultsFile::rows`] after
/// [`super::ResultsFile::check_plan`]): the comment line, the header
/// `point,<axes>,runs,…`, one row per grid point with `runs` the number of
/// its runs present. For each of [`Columns::quantities`], over k runs:
/// `_mean` is their sum in run order / k, `_sd` the sample standard
/// deviation (empty for k < 2), `_sem` = `_sd` / √k; all three empty where
/// a run's value is undefined or no run is present.
#[must_use]
pub fn summary_csv(
    plan: &Plan,
    version: ResultsVersion,
    rows: &BTreeMap<u64, ResultRow>,
) -> String {
    let columns = Columns {
        version,
        measures: plan.measures,
    };
    let mut csv = comment_line(plan.id(), version);
    csv.push_str("point");
    for axis in &plan.axes {
        csv.push(',');
        csv.push_str(axis.field.key());
    }
    csv.push_str(",runs");
    for quantity in columns.quantities() {
        let key = quantity.key();
        csv.push_str(&format!(",{key}_mean,{key}_sd,{key}_sem"));
    }
    csv.push('\n');
    let seeds = plan.seeds.len() as u64;
    for point in 0..plan.point_count() {
        let runs: Vec<&ResultRow> = (point * seeds..(point + 1) * seeds)
            .filter_map(|run| rows.get(&run))
            .collect();
        csv.push_str(&point.to_string());
        for value in plan.point_values(point) {
            csv.push_str(&format!(",{value}"));
        }
        csv.push_str(&format!(",{}", runs.len()));
        for quantity in columns.quantities() {
            let values: Vec<Option<f64>> = runs.iter().map(|row| quantity.of(&row.stats)).collect();
            // Mean and sample sd over runs are the window's formulas over steps.
            let over_runs = WindowStatistics::of(&values);
            let sem = over_runs.sd.map(|sd| sd / (runs.len() as f64).sqrt());
            for value in [over_runs.mean, over_runs.sd, sem] {
                csv.push(',');
                if let Some(value) = value {
                    csv.push_str(&value.to_string());
                }
            }
        }
        csv.push('\n');
    }
    csv
}
