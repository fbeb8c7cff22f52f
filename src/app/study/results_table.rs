//! The results table's content (Leptos-free, tested natively): one row per
//! grid point with its axis values, the chosen measure's mean ± sd over its
//! runs, and a link per run to its last state.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::run_href;
use crate::app::format::{format_integer, format_quantity};
use crate::model::study::{Plan, PlanId, Quantity, ResultRow, WindowStatistics};
use crate::texts::{format_axis_value, label, quantity_label};

/// A finished run's link to its last state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RunLink {
    pub run: u64,
    pub seed: u32,
    pub href: String,
}

/// One grid point's row. Two rows are equal only when everything shown is,
/// so the page redraws a row only when it changed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PointRow {
    pub point: u64,
    /// The axis values, „1,5 · 2“, or „alle“ without axes.
    pub values: String,
    /// „mean ± sd“, the mean alone for one run, „–“ for none.
    pub mean: String,
    pub runs: Vec<RunLink>,
}

/// The table: caption, the two named column heads and the rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsTable {
    /// The plan, how many runs are done, and what the exports hold.
    pub caption: String,
    /// The axes' labels („Radius · Richtung“), or „Punkt“.
    pub axes_head: String,
    /// „Gruppen (Mittel ± Standardabweichung)“.
    pub measure_head: String,
    /// Shared: a row taken over into the next table is the same row (no
    /// copy, and it compares equal at a glance).
    pub rows: Vec<Arc<PointRow>>,
    /// What the rows were built for: the plan and the measure (a row of
    /// another table is never taken over).
    built_for: (PlanId, Quantity),
}

/// What tells a row of the page from every other: the same key is the same
/// content (a row changes only as its point gains runs), so the page
/// redraws only rows with a new key.
pub type RowKey = (PlanId, Quantity, u64, usize);

impl ResultsTable {
    /// The rows with their keys, in order.
    #[must_use]
    pub fn keyed_rows(&self) -> Vec<(RowKey, Arc<PointRow>)> {
        let (id, measure) = self.built_for;
        self.rows
            .iter()
            .map(|row| ((id, measure, row.point, row.runs.len()), Arc::clone(row)))
            .collect()
    }
}

/// The table for the rows there (a part while the study runs).
#[cfg(test)]
#[must_use]
pub fn results_table(
    plan: &Plan,
    rows: &BTreeMap<u64, ResultRow>,
    measure: Quantity,
) -> ResultsTable {
    updated_results_table(None, plan, plan.id(), rows, measure)
}

/// [`results_table`], taking over from `before` (the table a moment ago)
/// the rows of the points that gained no run: while a study of 10 000 runs
/// goes on, each telling builds only the few rows that changed. Rows only
/// ever join a plan's runs, and a run's row is always the same, so a point
/// with as many runs as before shows the same.
#[must_use]
pub fn updated_results_table(
    before: Option<&ResultsTable>,
    plan: &Plan,
    id: PlanId,
    rows: &BTreeMap<u64, ResultRow>,
    measure: Quantity,
) -> ResultsTable {
    let built_for = (id, measure);
    let before = before.filter(|table| table.built_for == built_for);
    let axes: Vec<&str> = plan.axes.iter().map(|axis| label(axis.field)).collect();
    let (done, total) = (rows.len() as u64, plan.run_count());
    let caption = format!(
        "Plan {}: {} von {} Läufen.{}",
        id.hex(),
        format_integer(done),
        format_integer(total),
        if done < total {
            " Die Exporte enthalten bis dahin nur die fertigen Läufe."
        } else {
            ""
        },
    );
    let seeds = plan.seeds.len() as u64;
    let point_rows = (0..plan.point_count())
        .map(|point| {
            let runs_there = rows.range(point * seeds..(point + 1) * seeds).count();
            if let Some(same) = before
                .and_then(|table| table.rows.get(point as usize))
                .filter(|row| row.point == point && row.runs.len() == runs_there)
            {
                return Arc::clone(same);
            }
            let values: Vec<String> = plan
                .axes
                .iter()
                .zip(plan.point_values(point))
                .map(|(axis, value)| format_axis_value(axis.field, value))
                .collect();
            let runs: Vec<&ResultRow> = (point * seeds..(point + 1) * seeds)
                .filter_map(|run| rows.get(&run))
                .collect();
            let means: Vec<Option<f64>> = runs.iter().map(|row| measure.of(&row.stats)).collect();
            let over = WindowStatistics::of(&means);
            let mean = match (runs.is_empty(), over.sd) {
                (true, _) => "–".to_owned(),
                (false, Some(sd)) => format!(
                    "{} ± {}",
                    format_quantity(measure, over.mean),
                    format_quantity(measure, Some(sd))
                ),
                (false, None) => format_quantity(measure, over.mean),
            };
            Arc::new(PointRow {
                point,
                values: if values.is_empty() {
                    "alle".to_owned()
                } else {
                    values.join(" · ")
                },
                mean,
                runs: runs
                    .into_iter()
                    .map(|row| RunLink {
                        run: row.index,
                        seed: row.params.seed,
                        href: run_href(&row.params, plan.steps),
                    })
                    .collect(),
            })
        })
        .collect();
    ResultsTable {
        caption,
        axes_head: if axes.is_empty() {
            "Punkt".to_owned()
        } else {
            axes.join(" · ")
        },
        measure_head: format!("{} (Mittel ± Standardabweichung)", quantity_label(measure)),
        rows: point_rows,
        built_for,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measure;

    /// Two radii, two seeds: four runs of three steps.
    fn plan() -> Plan {
        Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "radius", "values": [1.5, 2]}],
               "seeds": [4, 8], "steps": 3, "burn_in": 0}"#,
        )
        .expect("valid")
    }

    /// The rows of the runs `which` lets through.
    fn rows_of(plan: &Plan, which: impl Fn(u64) -> bool) -> BTreeMap<u64, ResultRow> {
        super::super::computed_rows(plan, which)
    }

    #[test]
    fn a_row_per_point_with_a_link_per_finished_run() {
        let plan = plan();
        let rows = rows_of(&plan, |run| run != 3);
        let table = results_table(&plan, &rows, Quantity::Mean(Measure::Groups));
        assert_eq!(table.rows.len(), 2, "two points");
        let caption = format!("Plan {}: 3 von 4 Läufen. Die Exporte", plan.id().hex());
        assert!(table.caption.starts_with(&caption), "{}", table.caption);
        assert_eq!(
            (table.axes_head.as_str(), table.measure_head.as_str()),
            ("Radius", "Gruppen (Mittel ± Standardabweichung)")
        );
        let first = &table.rows[0];
        assert_eq!(first.values, "1,5");
        let seeds: Vec<(u64, u32)> = table
            .rows
            .iter()
            .flat_map(|row| row.runs.iter().map(|link| (link.run, link.seed)))
            .collect();
        assert_eq!(seeds, [(0, 4), (1, 8), (2, 4)], "run 3 is missing");
        assert!(
            first.runs[1].href.contains("?anzahl=10&seed=8&radius=1.5&"),
            "{}",
            first.runs[1].href
        );
        let mean = |run: u64| rows[&run].stats.of(Measure::Groups).mean;
        let single = format_quantity(Quantity::Mean(Measure::Groups), mean(2));
        assert_eq!(table.rows[1].mean, single, "one run: no sd");
    }

    #[test]
    fn a_row_changes_only_when_its_runs_do() {
        let plan = plan();
        let table_after = |runs: u64| {
            results_table(
                &plan,
                &rows_of(&plan, |run| run < runs),
                Quantity::Mean(Measure::Polarization),
            )
        };
        let (two, three) = (table_after(2), table_after(3));
        assert_eq!(two.rows[0], three.rows[0], "point 0 was complete");
        assert_ne!(two.rows[1], three.rows[1], "point 1 gained a run");
        assert_eq!(two.rows[1].mean, "–");
    }

    #[test]
    fn an_updated_table_equals_a_fresh_one() {
        let plan = plan();
        let before = results_table(
            &plan,
            &rows_of(&plan, |run| run < 1),
            Quantity::Mean(Measure::Groups),
        );
        for (which, measure) in [
            (2, Quantity::Mean(Measure::Groups)),
            (3, Quantity::Mean(Measure::Groups)),
            (4, Quantity::Mean(Measure::Groups)),
            (4, Quantity::Mean(Measure::Polarization)),
        ] {
            let rows = rows_of(&plan, |run| run < which);
            assert_eq!(
                updated_results_table(Some(&before), &plan, plan.id(), &rows, measure),
                results_table(&plan, &rows, measure),
                "{which} runs, {measure:?}"
            );
        }
        // Another plan's table lends nothing.
        let other = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "radius", "values": [1.5, 2]}],
               "seeds": [4, 8], "steps": 4, "burn_in": 0}"#,
        )
        .expect("valid");
        let rows = rows_of(&other, |run| run < 1);
        assert_eq!(
            updated_results_table(
                Some(&before),
                &other,
                other.id(),
                &rows,
                Quantity::Mean(Measure::Groups)
            ),
            results_table(&other, &rows, Quantity::Mean(Measure::Groups))
        );
    }
}
