//! „Gehe zu Schritt“: a field and the button „Gehe“.

use leptos::prelude::*;

use super::TextField;
use crate::app::simulation::state::{GoToError, Origin, RunState, SwarmStore};
use crate::model::parse_step;
use crate::texts;

/// Brings the swarm to the step typed, paused: forward by stepping, back
/// through the checkpoints. A bad entry shows a German error under the field.
#[component]
pub fn GoToStep() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let has_swarm = Memo::new(move |_| store.run_state() != RunState::Empty);
    let on_submit = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let outcome = parse_step(&text.get_untracked())
            .map_err(|error| texts::go_to_step_error(&error))
            .and_then(|target| {
                store.go_to(target).map_err(|why| match why {
                    GoToError::NoSwarm => "Erst einen Schwarm initialisieren.".to_owned(),
                    GoToError::BeforeFirst { first } => texts::before_first_step(
                        first,
                        untrack(|| store.origin()) == Some(Origin::Imported),
                    ),
                    GoToError::BeyondLast => texts::at_last_step(),
                })
            });
        error.set(outcome.err());
    };

    view! {
        <form class="go-to-step" novalidate on:submit=on_submit>
            <TextField
                id="goto-step"
                label="Gehe zu Schritt"
                input_mode="numeric"
                value=text
                error=error
                on_input=move |typed| {
                    text.set(typed);
                    error.set(None);
                }
            />
            <button
                type="submit"
                id="btn-goto"
                disabled=move || !has_swarm.get()
                title="Anhalten und zu diesem Schritt gehen (vorwärts rechnen oder zurück über die Zwischenstände)"
            >
                "Gehe"
            </button>
        </form>
    }
}
