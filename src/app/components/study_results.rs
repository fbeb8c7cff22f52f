//! The study's results: per grid point the mean of the chosen measure over
//! its runs and a link to each run's last state; the exports.

use leptos::prelude::*;

use crate::app::platform::download::download_csv;
use crate::app::study::results_table::table_html;
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
            error.set(
                download_csv(&name, &text, for_excel)
                    .err()
                    .map(|_| crate::texts::DOWNLOAD_REFUSED.to_owned()),
            );
        }
    };
    // One closure for both buttons: one instantiation in the wasm.
    let no_rows = move || store.with_runner(|runner| runner.is_none_or(|r| r.rows().is_empty()));
    let table = move || {
        let measure = store.measure.get();
        store.with_runner(|runner| {
            runner
                .map(|runner| table_html(runner.plan(), runner.rows(), measure))
                .unwrap_or_default()
        })
    };

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
                <table id="study-table" inner_html=table></table>
            </div>
        </section>
    }
}
