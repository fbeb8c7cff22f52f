//! The five buttons of SPEC §3.

use leptos::prelude::*;

use super::parameter_form::FORM_ID;
use crate::app::param_form::ParamForm;
use crate::app::state::{Busy, RunState, SwarmStore};

/// Initialisieren, Starten, Pause, Schritt, Zurücksetzen; a button that cannot
/// act is disabled.
#[component]
pub fn Controls() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let form = expect_context::<ParamForm>();
    let state = Memo::new(move |_| store.run_state());
    let params_valid = Memo::new(move |_| form.params().is_some());
    let stepping = move || store.busy().get() == Some(Busy::Stepping);

    view! {
        <div class="controls" role="group" aria-label="Steuerung">
            <button
                type="submit"
                form=FORM_ID
                id="btn-init"
                class="primary"
                disabled=move || !params_valid.get()
                title="Schwarm aus den Parametern bauen (Zeit 0, pausiert)"
            >
                "Initialisieren"
            </button>
            <button
                type="button"
                id="btn-start"
                disabled=move || state.get() != RunState::Paused
                on:click=move |_| store.start()
                title="Weiterlaufen in Echtzeit (Leertaste)"
            >
                "Starten"
            </button>
            <button
                type="button"
                id="btn-pause"
                disabled=move || state.get() != RunState::Running
                on:click=move |_| store.pause()
                title="Anhalten (Leertaste)"
            >
                "Pause"
            </button>
            <button
                type="button"
                id="btn-step"
                disabled=move || state.get() == RunState::Empty || stepping()
                aria-busy=move || if stepping() { "true" } else { "false" }
                on:click=move |_| store.step()
                title="Anhalten und genau einen Schritt (0,04 s) weiter (Punkt oder →)"
            >
                "Schritt"
            </button>
            <button
                type="button"
                id="btn-reset"
                disabled=move || state.get() == RunState::Empty
                on:click=move |_| store.reset()
                title="Schwarm und Auswahl entfernen; die Eingaben bleiben"
            >
                "Zurücksetzen"
            </button>
        </div>
        <p class="hint">
            "Tastatur: " <kbd>"Leertaste"</kbd> " startet oder pausiert, " <kbd>"."</kbd> " oder "
            <kbd>"→"</kbd> " macht einen Schritt (nicht beim Tippen in ein Feld)."
        </p>
    }
}
