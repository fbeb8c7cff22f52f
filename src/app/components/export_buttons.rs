//! „JSON exportieren“, „CSV exportieren“ and „CSV für Excel“.

use leptos::prelude::*;

use crate::app::platform::download::{download_csv, download_text};
use crate::app::simulation::state::SwarmStore;
use crate::app::simulation::table_data::{csv, export_file_name};

/// Downloads the current state as JSON (full state) or CSV (the table).
#[component]
pub fn ExportButtons() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let error = RwSignal::new(None::<String>);
    // `None`: JSON; `Some(for_excel)`: the table as CSV.
    let export = move |as_csv: Option<bool>| {
        let file = store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                let text = if as_csv.is_some() {
                    csv(swarm)
                } else {
                    swarm.to_json()
                };
                let extension = if as_csv.is_some() { "csv" } else { "json" };
                (export_file_name(swarm.step_count(), extension), text)
            })
        });
        if let Some((name, text)) = file {
            let sent = match as_csv {
                Some(for_excel) => download_csv(&name, &text, for_excel),
                None => download_text(&name, "application/json", &text),
            };
            error.set(
                sent.err()
                    .map(|_| crate::texts::DOWNLOAD_REFUSED.to_owned()),
            );
        }
    };
    let disabled = move || !store.has_swarm();

    view! {
        <div class="export-buttons">
            <button id="btn-export-json" type="button" disabled=disabled on:click=move |_| export(None)>
                "JSON exportieren"
            </button>
            <button id="btn-export-csv" type="button" disabled=disabled on:click=move |_| export(Some(false))>
                "CSV exportieren"
            </button>
            <button id="btn-export-csv-excel" type="button" disabled=disabled on:click=move |_| export(Some(true))>
                "CSV für Excel"
            </button>
            <p class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}
