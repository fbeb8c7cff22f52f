//! The results table's markup (Leptos-free, tested natively): one row per
//! grid point with its axis values, the chosen measure's mean ± sd over its
//! runs, and a link per run to its last state. One string, set at once:
//! a table of a thousand links as views would cost the app's wasm far more.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::run_href;
use crate::app::format::{format_integer, format_measure};
use crate::model::Measure;
use crate::model::study::{Plan, ResultRow, WindowStatistics};
use crate::texts::{format_value, label, measure_label};

/// The inside of the `<table>`: a caption naming the plan and how many
/// runs are done, the head and the body.
#[must_use]
pub fn table_html(plan: &Plan, rows: &BTreeMap<u64, ResultRow>, measure: Measure) -> String {
    let axes: Vec<&str> = plan.axes.iter().map(|axis| label(axis.field)).collect();
    let (done, total) = (rows.len() as u64, plan.run_count());
    let mut html = format!(
        "<caption>Plan {}: {} von {} Läufen.{}</caption><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{} (Mittel ± Standardabweichung)</th><th scope=\"col\">Läufe (öffnen den letzten Zustand)</th></tr></thead><tbody>",
        plan.id().hex(),
        format_integer(done),
        format_integer(total),
        if done < total {
            " Die Exporte enthalten bis dahin nur die fertigen Läufe."
        } else {
            ""
        },
        if axes.is_empty() {
            "Punkt".to_owned()
        } else {
            axes.join(" · ")
        },
        measure_label(measure)
    );
    let seeds = plan.seeds.len() as u64;
    for point in 0..plan.point_count() {
        let values: Vec<String> = plan
            .axes
            .iter()
            .zip(plan.point_values(point))
            .map(|(axis, value)| format_value(axis.field, value))
            .collect();
        let runs: Vec<&ResultRow> = (point * seeds..(point + 1) * seeds)
            .filter_map(|run| rows.get(&run))
            .collect();
        let means: Vec<Option<f64>> = runs.iter().map(|row| row.stats.of(measure).mean).collect();
        let over = WindowStatistics::of(&means);
        let mean = match (runs.is_empty(), over.sd) {
            (true, _) => "–".to_owned(),
            (false, Some(sd)) => format!(
                "{} ± {}",
                format_measure(measure, over.mean),
                format_measure(measure, Some(sd))
            ),
            (false, None) => format_measure(measure, over.mean),
        };
        let _ = write!(
            html,
            "<tr><td>{}</td><td class=\"number\">{mean}</td><td>",
            if values.is_empty() {
                "alle".to_owned()
            } else {
                values.join(" · ")
            }
        );
        for row in runs {
            let _ = write!(
                html,
                "<a class=\"run-link\" href=\"{}\" target=\"_blank\" data-run=\"{}\">Seed {}</a> ",
                run_href(&row.params, plan.steps).replace('&', "&amp;"),
                row.index,
                row.params.seed
            );
        }
        html.push_str("</td></tr>");
    }
    html.push_str("</tbody>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::study::{ResultsFile, results_header, row_line, run_statistics};

    #[test]
    fn a_row_per_point_with_a_link_per_finished_run() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "radius", "values": [1.5, 2]}],
               "seeds": [4, 8], "steps": 3, "burn_in": 0}"#,
        )
        .expect("valid");
        let mut text = results_header(plan.id());
        for run in plan.runs().filter(|run| run.index != 3) {
            text.push_str(&row_line(&run, &run_statistics(&run.params, 3, 0, 1)));
        }
        let rows = ResultsFile::parse(&text).expect("rows").rows;
        let html = table_html(&plan, &rows, Measure::Groups);
        assert_eq!(html.matches("<tr>").count(), 3, "head and two points");
        let caption = format!(
            "<caption>Plan {}: 3 von 4 Läufen. Die Exporte",
            plan.id().hex()
        );
        assert!(html.starts_with(&caption), "{html}");
        assert_eq!(html.matches("class=\"run-link\"").count(), 3);
        assert!(html.contains("<th scope=\"col\">Radius</th><th scope=\"col\">Gruppen (Mittel"));
        assert!(html.contains("<td>1,5</td>"));
        assert!(html.contains("data-run=\"2\">Seed 4</a>"));
        assert!(html.contains("?anzahl=10&amp;seed=8&amp;radius=1.5&amp;"));
        let mean = |run: u64| rows[&run].stats.of(Measure::Groups).mean;
        let single = format_measure(Measure::Groups, mean(2));
        assert!(
            html.contains(&format!("<td class=\"number\">{single}</td>")),
            "one run: no sd"
        );
    }
}
