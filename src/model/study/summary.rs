//! The summary of a study (SPEC §8): one row per grid point, over the runs
//! of its seeds: for each measure the mean of the runs' window means, their
//! sample standard deviation and its standard error, and the same for the
//! polarization susceptibility.

use std::collections::BTreeMap;

use super::plan::Plan;
use super::results::{ResultRow, comment_line};
use super::stats::WindowStatistics;
use crate::model::Measure;

/// The summary CSV of `plan` over `rows` (rows of this plan, by run, e.g.
/// [`super::ResultsFile::rows`] after [`super::ResultsFile::check_plan`]):
/// the comment line, the header `point,<axes>,runs,…`, one row per grid
/// point with `runs` the number of its runs present. Over k runs: `_mean`
/// is their sum in run order / k, `_sd` the sample standard deviation
/// (empty for k < 2), `_sem` = `_sd` / √k; all three empty where a measure
/// is undefined or no run is present.
#[must_use]
pub fn summary_csv(plan: &Plan, rows: &BTreeMap<u64, ResultRow>) -> String {
    let mut csv = comment_line(plan.id());
    csv.push_str("point");
    for axis in &plan.axes {
        csv.push(',');
        csv.push_str(axis.field.key());
    }
    csv.push_str(",runs");
    let columns = Measure::ALL
        .map(Measure::key)
        .into_iter()
        .chain(["polarization_susceptibility"]);
    for key in columns {
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
        let mut columns: Vec<Vec<Option<f64>>> = Measure::ALL
            .iter()
            .map(|&measure| runs.iter().map(|row| row.stats.of(measure).mean).collect())
            .collect();
        columns.push(
            runs.iter()
                .map(|row| Some(row.stats.polarization_susceptibility))
                .collect(),
        );
        for values in columns {
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
