//! „JSON exportieren“ and „CSV exportieren“.

use leptos::prelude::*;

use crate::app::download::download_text;
use crate::app::state::SwarmStore;
use crate::app::table_data::{csv, export_file_name};

/// Downloads the current state as JSON (full state) or CSV (the table).
#[component]
pub fn ExportButtons() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let error = RwSignal::new(None::<String>);
    let export = move |extension: &'static str| {
        let file = store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                let text = if extension == "json" {
                    swarm.to_json()
                } else {
                    csv(swarm)
                };
                (export_file_name(swarm.step_count(), extension), text)
            })
        });
        if let Some((name, text)) = file {
            let mime = if extension == "json" {
                "application/json"
            } else {
                "text/csv"
            };
            error.set(download_text(&name, mime, &text).err());
        }
    };
    let disabled = move || !store.has_swarm();

    view! {
        <div class="export-buttons">
            <button id="btn-export-json" type="button" disabled=disabled on:click=move |_| export("json")>
                "JSON exportieren"
            </button>
            <button id="btn-export-csv" type="button" disabled=disabled on:click=move |_| export("csv")>
                "CSV exportieren"
            </button>
            <p class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}
