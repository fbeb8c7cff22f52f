//! One parameter input with its label, unit and inline error.

use leptos::prelude::*;

use crate::app::param_form::ParamForm;
use crate::app::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// A labelled text input for one parameter; shows its German error while invalid.
#[component]
pub fn ParamInput(field: ParamField) -> impl IntoView {
    let form = expect_context::<ParamForm>();
    let store = expect_context::<SwarmStore>();
    let id = format!("param-{}", field.key());
    let error_id = format!("{id}-error");
    let error = Memo::new(move |_| form.error(field));
    let invalid = move || error.with(Option::is_some);
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
        <div class="field" class:invalid=invalid>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                name=field.key()
                type="text"
                inputmode=input_mode
                autocomplete="off"
                spellcheck="false"
                prop:value=move || form.text(field)
                aria-invalid=move || if invalid() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                on:input=move |event| {
                    // Any edit invalidates the old result (SPEC §3).
                    store.reset();
                    form.edit(field, event_target_value(&event));
                }
            />
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
        </div>
    }
}
