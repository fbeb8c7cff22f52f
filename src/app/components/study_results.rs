//! The study's results: per grid point the mean of the chosen measure over
//! its runs and a link to each run's last state; the exports.

use leptos::prelude::*;

use crate::app::platform::download::download_csv;
use crate::app::study::results_table::{ResultsTable, RunLink, updated_results_table};
use crate::app::study::{StudyStore, file_name};

/// The results table and „Ergebnisse exportieren“, „Zusammenfassung
/// exportieren“, each also as „CSV für Excel“.
#[component]
pub fn StudyResults() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let error = RwSignal::new(None::<String>);
    let export = move |summary: bool, for_excel: bool| {
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
            let saved = download_csv(&name, &text, for_excel);
            if saved.is_ok() && !summary {
                store.exported();
            }
            error.set(
                saved
                    .err()
                    .map(|_| crate::texts::DOWNLOAD_REFUSED.to_owned()),
            );
        }
    };
    // One closure for both buttons: one instantiation in the wasm.
    let no_rows = move || store.with_runner(|runner| runner.is_none_or(|r| r.rows().is_empty()));
    let table = Memo::new(move |before: Option<&Option<ResultsTable>>| {
        let measure = store.shown();
        let before = before.and_then(Option::as_ref);
        store.with_runner(|runner| {
            runner.map(|runner| {
                updated_results_table(before, runner.plan(), runner.id(), runner.rows(), measure)
            })
        })
    });
    let head = move |pick: fn(&ResultsTable) -> &String| {
        table.with(|table| table.as_ref().map(|table| pick(table).clone()))
    };
    // Keyed: while a study runs only the rows that gained a run are drawn
    // again; the others (and their links) stay in the page untouched, and
    // nothing but this list follows the table.
    let rows = move || table.with(|t| t.as_ref().map(ResultsTable::keyed_rows).unwrap_or_default());
    view! {
        <section class="study-results" aria-labelledby="study-results-title">
            <h2 id="study-results-title">"Ergebnisse"</h2>
            <div class="export-buttons">
                <button id="btn-study-results" type="button" disabled=no_rows on:click=move |_| export(false, false)>
                    "Ergebnisse exportieren"
                </button>
                <button id="btn-study-results-excel" type="button" disabled=no_rows on:click=move |_| export(false, true)>
                    "Ergebnisse als CSV für Excel"
                </button>
                <button id="btn-study-summary" type="button" disabled=no_rows on:click=move |_| export(true, false)>
                    "Zusammenfassung exportieren"
                </button>
                <button id="btn-study-summary-excel" type="button" disabled=no_rows on:click=move |_| export(true, true)>
                    "Zusammenfassung als CSV für Excel"
                </button>
            </div>
            <p class="field-error" role="alert">{error}</p>
            <div class="study-table-frame">
                <table id="study-table" class:hidden=move || table.with(Option::is_none)>
                    <caption>{move || head(|t| &t.caption)}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{move || head(|t| &t.axes_head)}</th>
                            <th scope="col">{move || head(|t| &t.measure_head)}</th>
                            <th scope="col">"Läufe (öffnen den letzten Zustand)"</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=rows key=|(key, _)| *key let((_, row))>
                            <tr id=format!("study-point-{}", row.point)>
                                <td>{row.values.clone()}</td>
                                <td class="number">{row.mean.clone()}</td>
                                <td>{row.runs.iter().cloned().map(run_link).collect_view()}</td>
                            </tr>
                        </For>
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// A finished run's link to its last state.
fn run_link(link: RunLink) -> impl IntoView {
    view! {
        <a class="run-link" href=link.href target="_blank" data-run=link.run>
            "Seed "{link.seed}
        </a>
        " "
    }
}
