//! „Voreinstellung“: a choice of named parameter sets above the inputs.

use leptos::prelude::*;

use crate::app::param_form::ParamForm;
use crate::app::presets::{PRESETS, by_id, matching};
use crate::app::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// Choosing a set puts its values into the inputs, which removes the swarm
/// like any edit; it does not start anything. The choice shows the set the
/// inputs hold exactly, or „eigene Werte“ once they differ from every set.
#[component]
pub fn PresetChoice() -> impl IntoView {
    let form = expect_context::<ParamForm>();
    let store = expect_context::<SwarmStore>();
    let current = Memo::new(move |_| form.params().as_ref().and_then(matching));
    let on_change = move |event: leptos::ev::Event| {
        let Some(preset) = by_id(&event_target_value(&event)) else {
            return;
        };
        store.reset();
        for field in ParamField::ALL {
            form.edit(field, texts::format_value(field, field.get(&preset.params)));
        }
    };

    view! {
        <div class="preset">
            <div class="field">
                <label for="preset">"Voreinstellung"</label>
                <select
                    id="preset"
                    prop:value=move || current.get().map_or("", |preset| preset.id)
                    aria-describedby="preset-watch"
                    on:change=on_change
                >
                    <option value="">"eigene Werte"</option>
                    {PRESETS
                        .iter()
                        .map(|preset| view! { <option value=preset.id>{preset.name}</option> })
                        .collect_view()}
                </select>
            </div>
            <p id="preset-watch" class="hint">
                {move || current.get().map(|preset| format!("Worauf achten: {}", preset.watch))}
            </p>
        </div>
    }
}
