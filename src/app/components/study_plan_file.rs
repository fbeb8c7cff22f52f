//! „Plan laden“ and „Plan exportieren“: the plan as a JSON file (SPEC §8),
//! the same file the command-line tool reads.

use leptos::prelude::*;

use crate::app::format::format_integer;
use crate::app::platform::download::{download_text, read_file, take_chosen_file};
use crate::app::study::draft::PlanDraft;
use crate::app::study::{Checked, StudyStore, file_name};
use crate::model::study::{MAX_PLAN_BYTES, Plan, PlanError, PlanProblem};
use crate::texts;

/// Loads a plan file into the form (its errors exactly as the command-line
/// tool words them) and exports the form's plan.
#[component]
pub fn StudyPlanFile(checked: Memo<Checked>) -> impl IntoView {
    let store = expect_context::<StudyStore>();
    // What loading said: the plan's size, or why it was refused.
    let loaded = RwSignal::new(None::<String>);
    let failed = RwSignal::new(None::<String>);
    let apply = move |bytes: Option<Vec<u8>>| {
        let result = match bytes {
            None => Err(texts::UNREADABLE_FILE.to_owned()),
            Some(bytes) => Plan::parse(&bytes).map_err(|error| texts::study::plan_error(&error)),
        };
        match result {
            Ok(plan) => {
                store.draft.set(Some(PlanDraft::of_plan(&plan)));
                let runs = format_integer(plan.run_count());
                loaded.set(Some(format!("Plan geladen: {runs} Läufe.")));
            }
            Err(message) => failed.set(Some(message)),
        }
    };
    let on_change = move |event: leptos::ev::Event| {
        let Some(file) = take_chosen_file(&event) else {
            return;
        };
        loaded.set(None);
        failed.set(None);
        if file.size() > MAX_PLAN_BYTES as f64 {
            let error = PlanError {
                key: String::new(),
                problem: PlanProblem::TooLarge {
                    bytes: file.size() as usize,
                },
            };
            failed.set(Some(texts::study::plan_error(&error)));
            return;
        }
        read_file(file, apply);
    };
    let export_error = RwSignal::new(None::<String>);
    let export = move |_| {
        if let Some(Some(Ok((json, plan)))) = checked.try_get_untracked() {
            let name = file_name(&plan.id().hex(), "-plan.json");
            export_error.set(
                download_text(&name, "application/json", &json)
                    .err()
                    .map(|_| texts::DOWNLOAD_REFUSED.to_owned()),
            );
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
            <p class="import-ok" id="study-plan-loaded" role="status">
                {loaded}
            </p>
            <p class="field-error" id="study-plan-load-error" role="alert">
                {failed}
            </p>
            <p class="field-error" role="alert">{export_error}</p>
        </div>
    }
}
