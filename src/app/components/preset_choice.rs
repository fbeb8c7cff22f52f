//! „Voreinstellung“: a choice of named parameter sets above the inputs.

use leptos::prelude::*;

use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::presets::{PRESETS, by_id, matching};
use crate::app::simulation::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// Keys that would step a closed list to another set (arrows, Home, End,
/// the page keys, type-ahead letters) do nothing: a set replaces the swarm,
/// so it is chosen only from the opened list (a click, Space, Enter or
/// Alt + ↓ open it) — never by an arrow key meant for something else.
fn keep_choice_on_browsing_keys(event: leptos::ev::KeyboardEvent) {
    let key = event.key();
    let browsing = matches!(
        key.as_str(),
        "ArrowUp"
            | "ArrowDown"
            | "ArrowLeft"
            | "ArrowRight"
            | "Home"
            | "End"
            | "PageUp"
            | "PageDown"
    ) || (key.chars().count() == 1 && key != " ");
    if browsing && !event.alt_key() && !event.ctrl_key() && !event.meta_key() {
        event.prevent_default();
    }
}

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
                    on:keydown=keep_choice_on_browsing_keys
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
