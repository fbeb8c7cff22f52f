//! Studies in the browser (SPEC §8): the plan form's contents, the runner
//! that hands whole runs to Web Workers, the studies kept in IndexedDB, the
//! ready studies, the chart's data, and the reactive store the page reads.
//! Everything but the store is Leptos-free and tested natively; the model's
//! study module does the plan, the statistics and the CSVs.

pub(crate) mod chart;
pub(crate) mod draft;
pub(crate) mod estimate;
pub(crate) mod form;
pub(crate) mod phase;
pub(crate) mod presets;
pub(crate) mod progress;
pub(crate) mod results_table;
pub(crate) mod runner;
pub(crate) mod saved;
pub(crate) mod session;
pub(crate) mod shelf;
pub(crate) mod store;

pub use store::StudyStore;

use crate::app::platform::base_path::route_href;
use crate::model::Params;

/// The §7 link to a run's last state: the simulation page with the run's
/// parameters and `schritt` = `steps`.
#[must_use]
pub fn run_href(params: &Params, steps: u64) -> String {
    format!(
        "{}{}",
        route_href("/"),
        crate::link::format(params, Some(steps))
    )
}

/// The file name of a study's exports: `boids-schwarm-studie-<hash>` and
/// `suffix` (`.csv`, `-zusammenfassung.csv`, `-plan.json`).
#[must_use]
pub fn file_name(hex: &str, suffix: &str) -> String {
    format!("boids-schwarm-studie-{hex}{suffix}")
}

/// The rows of the runs of `plan` that `keep` keeps, each computed as a
/// worker computes it: the tests' study results.
#[cfg(test)]
pub(crate) fn computed_rows(
    plan: &crate::model::study::Plan,
    keep: impl Fn(u64) -> bool,
) -> std::collections::BTreeMap<u64, crate::model::study::ResultRow> {
    use crate::model::study::{ResultsFile, results_header, row_line, run_statistics};
    let mut text = results_header(plan.id(), plan.columns());
    for run in plan.runs().filter(|run| keep(run.index)) {
        let stats = run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures);
        text.push_str(&row_line(&run, &stats, plan.columns()));
    }
    ResultsFile::parse(&text).expect("rows").rows
}

/// The plan form checked: its JSON and plan, or what is typed wrong;
/// `None` before the page first showed the form.
pub type Checked = Option<Result<(String, crate::model::study::Plan), draft::PlanFormError>>;
