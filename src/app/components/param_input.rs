//! One parameter input with its label, unit and inline error.

use leptos::prelude::*;

use super::TextField;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// A labelled text input for one parameter; shows its German error while
/// invalid. Typing changes only the input; the swarm goes when the edit is
/// committed (Enter, Tab, leaving the field), not halfway through „0,“.
#[component]
pub fn ParamInput(field: ParamField) -> impl IntoView {
    let form = expect_context::<ParamForm>();
    let store = expect_context::<SwarmStore>();
    let input_mode = if field.is_integer() {
        "numeric"
    } else {
        "decimal"
    };
    let label = match field.unit() {
        Some(unit) => format!("{} ({unit})", texts::label(field)),
        None => texts::label(field).to_owned(),
    };

    view! {
        <TextField
            id=format!("param-{}", field.key())
            label=label
            name=field.key()
            input_mode=input_mode
            value=Signal::derive(move || form.text(field))
            error=Memo::new(move |_| form.error(field))
            on_input=move |text| form.edit(field, text)
            on_commit=move |text: String| {
                // A committed edit invalidates the old result (SPEC §3); one
                // that leaves the swarm's own value (typed anew, or committed
                // after Enter built a swarm from it) keeps it.
                let committed = field.parse(&text).ok();
                let unchanged = store.with_swarm(|swarm| {
                    swarm.is_some_and(|swarm| {
                        committed == Some(field.get(swarm.params()))
                    })
                });
                if !unchanged {
                    store.reset();
                }
            }
        />
    }
}
