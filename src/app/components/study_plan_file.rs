//! „Plan laden“ and „Plan exportieren“: the plan as a JSON file (SPEC §8),
//! the same file the command-line tool reads.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use crate::app::download::{download_text, take_chosen_file};
use crate::app::format::format_integer;
use crate::app::study::draft::PlanDraft;
use crate::app::study::{Checked, StudyStore, file_name};
use crate::model::study::{MAX_PLAN_BYTES, Plan, PlanError, PlanProblem};
use crate::texts;

/// Loads a plan file into the form (its errors exactly as the command-line
/// tool words them) and exports the form's plan.
#[component]
pub fn StudyPlanFile(checked: Memo<Checked>) -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let apply = move |bytes: Option<Vec<u8>>| {
        let result = match bytes {
            None => Err(texts::UNREADABLE_FILE.to_owned()),
            Some(bytes) => Plan::parse(&bytes).map_err(|error| texts::study::plan_error(&error)),
        };
        outcome.set(Some(result.map(|plan| {
            store.draft.set(Some(PlanDraft::of_plan(&plan)));
            format!("Plan geladen: {} Läufe.", format_integer(plan.run_count()))
        })));
    };
    let on_change = move |event: leptos::ev::Event| {
        let Some(file) = take_chosen_file(&event) else {
            return;
        };
        if file.size() > MAX_PLAN_BYTES as f64 {
            let error = PlanError {
                key: String::new(),
                problem: PlanProblem::TooLarge {
                    bytes: file.size() as usize,
                },
            };
            outcome.set(Some(Err(texts::study::plan_error(&error))));
            return;
        }
        spawn_local(async move {
            let buffer = JsFuture::from(file.array_buffer()).await;
            apply(
                buffer
                    .ok()
                    .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec()),
            );
        });
    };
    let export_error = RwSignal::new(None::<String>);
    let export = move |_| {
        if let Some(Some(Ok((json, plan)))) = checked.try_get_untracked() {
            let name = file_name(&plan.id().hex(), "-plan.json");
            export_error.set(download_text(&name, "application/json", &json).err());
        }
    };
    let invalid = move || !matches!(checked.get(), Some(Ok(_)));

    view! {
        <div class="study-plan-file">
            <label class="file-button">
                "Plan laden"
                <input id="study-plan-file" type="file" accept=".json,application/json" on:change=on_change/>
            </label>
            <button id="btn-study-plan-export" type="button" disabled=invalid on:click=export>
                "Plan exportieren"
            </button>
            {move || match outcome.get() {
                Some(Ok(message)) => view! { <p class="import-ok" id="study-plan-loaded" role="status">{message}</p> }.into_any(),
                Some(Err(message)) => view! { <p class="field-error" id="study-plan-load-error" role="alert">{message}</p> }.into_any(),
                None => ().into_any(),
            }}
            <p class="field-error" role="alert">{move || export_error.get()}</p>
        </div>
    }
}
