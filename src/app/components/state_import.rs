//! „Zustand laden“: reads a JSON state file into the app.

use leptos::prelude::*;

use crate::app::format::format_integer;
use crate::app::platform::download::take_chosen_file;
use crate::app::platform::driver::Driver;
use crate::app::platform::state_reader::ImportFailure;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::model::Kinematics;
use crate::texts::engine::import_failure;

/// The outcome shown under the file input.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Loaded(String),
    Failed(String),
}

/// A file input that loads an exported state: on success the inputs take its
/// parameters and the swarm its state, paused, without selection; on any
/// error a German message says what is wrong and nothing changes.
#[component]
pub fn StateImport() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let form = expect_context::<ParamForm>();
    let platform = expect_context::<Driver>();
    let outcome = RwSignal::new(None::<Outcome>);
    let apply = move |result: Result<Kinematics, ImportFailure>| match result {
        Ok(state) => {
            let message = format!(
                "Zustand von Schritt {} mit {} Boids geladen (pausiert).",
                format_integer(state.step_count()),
                format_integer(state.len() as u64)
            );
            form.show(state.params());
            store.load(state);
            outcome.set(Some(Outcome::Loaded(message)));
        }
        Err(failure) => outcome.set(Some(Outcome::Failed(import_failure(&failure)))),
    };
    let on_change = move |event: leptos::ev::Event| {
        let Some(file) = take_chosen_file(&event) else {
            return;
        };
        // Read and checked off the main thread (also its size).
        platform.read_state_file(file, apply);
    };

    view! {
        <div class="state-import">
            <label class="file-button">
                "Zustand laden"
                <input id="input-import" type="file" accept=".json,application/json" on:change=on_change/>
            </label>
            {move || match outcome.get() {
                Some(Outcome::Loaded(message)) => {
                    view! { <p class="import-ok" role="status">{message}</p> }.into_any()
                }
                Some(Outcome::Failed(message)) => {
                    view! { <p class="field-error import-error" role="alert">{message}</p> }.into_any()
                }
                None => ().into_any(),
            }}
        </div>
    }
}
