//! One parameter input with its label, unit and inline error.

use leptos::prelude::*;

use super::TextField;
use crate::app::param_form::ParamForm;
use crate::app::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// A labelled text input for one parameter; shows its German error while invalid.
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
            on_input=move |text| {
                // Any edit invalidates the old result (SPEC §3).
                store.reset();
                form.edit(field, text);
            }
        />
    }
}
