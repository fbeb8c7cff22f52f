//! The buttons of SPEC §3, and „Schritt zurück“.

use leptos::prelude::*;

use super::parameter_form::FORM_ID;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::{Busy, Origin, RunState, SwarmStore};
use crate::texts;

/// Initialisieren, Starten, Pause, Schritt, Schritt zurück, Zurücksetzen; a
/// button that cannot act is disabled, and why Schritt zurück cannot is said.
#[component]
pub fn Controls() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let form = expect_context::<ParamForm>();
    let state = Memo::new(move |_| store.run_state());
    let params_valid = Memo::new(move |_| form.params().is_some());
    let stepping = move || store.busy() == Some(Busy::Stepping);
    let seeking = move || {
        matches!(
            store.busy(),
            Some(Busy::Seeking { .. } | Busy::Filming { .. })
        )
    };
    // At the first state (initialised or loaded) there is nothing before it.
    let at_first = Memo::new(move |_| match (store.summary(), store.first_step()) {
        (Some(summary), Some(first)) => summary.step <= first,
        _ => true,
    });
    // At the largest step there is nothing after it.
    let at_last = Memo::new(move |_| {
        store
            .summary()
            .is_some_and(|summary| summary.step >= crate::model::MAX_STEP)
    });
    let back_blocked =
        move || at_first.get() || matches!(store.busy(), Some(Busy::Building | Busy::Stepping));
    let back_note = move || {
        let imported = store.origin() == Some(Origin::Imported);
        let first = store.first_step();
        match first {
            Some(first) if imported && at_first.get() => {
                Some(texts::before_first_step(first, true))
            }
            _ => None,
        }
    };

    let start_enabled =
        Memo::new(move |_| state.get() == RunState::Paused && !seeking() && !at_last.get());
    // After Initialisieren the next thing to do is Starten: the focus goes
    // there once the swarm is built (Space then starts, not initialises again).
    let start_button = NodeRef::<leptos::html::Button>::new();
    let focus_start_when_built = RwSignal::new(false);
    Effect::new(move |_| {
        if start_enabled.get() && focus_start_when_built.get() {
            focus_start_when_built.set(false);
            if let Some(button) = start_button.get_untracked() {
                let _ = button.focus();
            }
        }
    });

    view! {
        <div class="controls" role="group" aria-label="Steuerung">
            <button
                type="submit"
                form=FORM_ID
                id="btn-init"
                class="primary"
                on:click=move |_| focus_start_when_built.set(true)
                disabled=move || !params_valid.get()
                title="Schwarm aus den Parametern bauen (Zeit 0, pausiert)"
            >
                "Initialisieren"
            </button>
            <button
                type="button"
                id="btn-start"
                node_ref=start_button
                disabled=move || !start_enabled.get()
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
                disabled=move || state.get() == RunState::Empty || stepping() || at_last.get()
                aria-busy=move || if stepping() { "true" } else { "false" }
                on:click=move |_| store.step()
                title="Anhalten und genau einen Schritt (0,04 s) weiter (Punkt oder →)"
            >
                "Schritt"
            </button>
            <button
                type="button"
                id="btn-step-back"
                disabled=back_blocked
                on:click=move |_| {
                    // Disabled at the first state, so this cannot fail here.
                    let _ = store.step_back();
                }
                title=move || back_note().unwrap_or_else(|| {
                    "Anhalten und genau einen Schritt (0,04 s) zurück (←)".to_owned()
                })
            >
                "Schritt zurück"
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
            "Tastatur: "<kbd>"Leertaste"</kbd>" startet oder pausiert, "<kbd>"."</kbd>" oder "
            <kbd>"→"</kbd>" macht einen Schritt, "<kbd>"←"</kbd>" geht einen zurück (nicht beim "
            "Tippen in ein Feld)."
        </p>
        <p id="step-back-note" class="hint">{back_note}</p>
        <p id="last-step-note" class="hint">{move || at_last.get().then(texts::at_last_step)}</p>
    }
}
