//! The study's results: per grid point the mean of the chosen measure over
//! its runs and a link to each run's last state; the exports.

use leptos::prelude::*;

use crate::app::download::download_text;
use crate::app::format::{format_integer, format_measure};
use crate::app::study::{StudyStore, file_name, run_href};
use crate::model::study::WindowStatistics;
use crate::texts::{format_value, label, measure_label};

/// One table row: the point's axis values, its mean ± sd, its runs' links.
struct PointRow {
    values: String,
    mean: String,
    runs: Vec<(u64, u32, String)>,
}

/// The results table and „Ergebnisse exportieren“, „Zusammenfassung exportieren“.
#[component]
pub fn StudyResults() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let error = RwSignal::new(None::<String>);
    let export = move |summary: bool| {
        let file = store.with_runner(|runner| {
            runner.map(|runner| {
                let hex = runner.id().hex();
                if summary {
                    (
                        file_name(&hex, "-zusammenfassung.csv"),
                        runner.summary_csv(),
                    )
                } else {
                    (file_name(&hex, ".csv"), runner.results_csv())
                }
            })
        });
        if let Some((name, text)) = file {
            error.set(download_text(&name, "text/csv", &text).err());
        }
    };
    let table = move || {
        let measure = store.measure.get();
        store.with_runner(|runner| {
            let runner = runner?;
            let plan = runner.plan();
            let seeds = plan.seeds.len() as u64;
            let header: Vec<String> = plan
                .axes
                .iter()
                .map(|axis| label(axis.field).to_owned())
                .collect();
            let rows: Vec<PointRow> = (0..plan.point_count())
                .map(|point| {
                    let values: Vec<String> = plan
                        .axes
                        .iter()
                        .zip(plan.point_values(point))
                        .map(|(axis, value)| format_value(axis.field, value))
                        .collect();
                    let runs: Vec<(u64, u32, String)> = (point * seeds..(point + 1) * seeds)
                        .filter_map(|run| runner.rows().get(&run))
                        .map(|row| {
                            (
                                row.index,
                                row.params.seed,
                                run_href(&row.params, plan.steps),
                            )
                        })
                        .collect();
                    let means: Vec<Option<f64>> = (point * seeds..(point + 1) * seeds)
                        .filter_map(|run| runner.rows().get(&run))
                        .map(|row| row.stats.of(measure).mean)
                        .collect();
                    let over = WindowStatistics::of(&means);
                    let mean = match (means.is_empty(), over.sd) {
                        (true, _) => "–".to_owned(),
                        (false, Some(sd)) => format!(
                            "{} ± {}",
                            format_measure(measure, over.mean),
                            format_measure(measure, Some(sd))
                        ),
                        (false, None) => format_measure(measure, over.mean),
                    };
                    PointRow {
                        values: values.join(" · "),
                        mean,
                        runs,
                    }
                })
                .collect();
            let complete = runner.missing() == 0;
            let count = runner.rows().len() as u64;
            Some((
                header.join(" · "),
                rows,
                complete,
                count,
                runner.id().hex(),
                plan.run_count(),
            ))
        })
    };

    view! {
        <section class="study-results" aria-labelledby="study-results-title">
            <h2 id="study-results-title">"Ergebnisse"</h2>
            {move || table().map(|(header, rows, complete, count, hex, total)| view! {
                <p class="hint">
                    {format!("Plan {hex}: {} von {} Läufen. ", format_integer(count), format_integer(total))}
                    {if complete { "" } else { "Die Exporte enthalten bis zum Ende nur die fertigen Läufe." }}
                </p>
                <div class="export-buttons">
                    <button id="btn-study-results" type="button" disabled=count == 0 on:click=move |_| export(false)>
                        "Ergebnisse exportieren"
                    </button>
                    <button id="btn-study-summary" type="button" disabled=count == 0 on:click=move |_| export(true)>
                        "Zusammenfassung exportieren"
                    </button>
                </div>
                <div class="study-table-frame">
                <table id="study-table">
                    <thead><tr>
                        <th scope="col">{if header.is_empty() { "Punkt".to_owned() } else { header }}</th>
                        <th scope="col">{move || format!("{} (Mittel ± Standardabweichung)", measure_label(store.measure.get()))}</th>
                        <th scope="col">"Läufe (öffnen den letzten Zustand)"</th>
                    </tr></thead>
                    <tbody>
                        {rows.into_iter().map(|row| view! {
                            <tr>
                                <td>{row.values}</td>
                                <td class="number">{row.mean}</td>
                                <td>{row.runs.into_iter().map(|(run, seed, href)| view! {
                                    <a class="run-link" href=href target="_blank" data-run=run.to_string()>{format!("Seed {seed}")}</a>" "
                                }).collect_view()}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
                </div>
            })}
            <p class="field-error" role="alert">{move || error.get()}</p>
        </section>
    }
}
