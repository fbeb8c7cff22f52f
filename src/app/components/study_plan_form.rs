//! The study's plan form: a ready study or the simulation's parameters as
//! the base, up to two swept parameters, the seeds, steps and burn-in. The
//! entries come from the table in `study::form`, drawn by one view per kind.

use leptos::prelude::*;

use super::StudyMeasureChoice;
use crate::app::study::StudyStore;
use crate::app::study::form::{Entry, Kind, groups};
use crate::app::study::presets::{PRESET_NAMES, study_presets};

/// One entry: a text input or a choice, hidden where it does not apply.
/// Both kinds share one markup (the other element hidden), so the page has
/// one view type for every entry, which keeps the app's wasm small.
fn entry_view(store: StudyStore, entry: Entry) -> impl IntoView {
    let hidden = move || !store.read_draft(|d| entry.slot.shown(d));
    let value = move || store.read_draft(|d| entry.slot.read(d));
    let write = move |text: String| store.edit(|draft| entry.slot.write(draft, text));
    let (mode, options) = match entry.kind {
        Kind::Text(mode) => (Some(mode), &[][..]),
        Kind::Choice(options) => (None, options),
    };
    let choice = mode.is_none();
    let hint = format!("{}-hint", entry.id);
    view! {
        <div class="field study-entry" class:hidden=hidden>
            <label for=entry.id>{entry.label}</label>
            <input id=(!choice).then_some(entry.id) type="text" inputmode=mode autocomplete="off" spellcheck="false"
                class:hidden=choice aria-describedby=hint.clone()
                prop:value=value on:input=move |event| write(event_target_value(&event))/>
            // The options are marked once; later changes (a preset, a loaded
            // plan) set the select's value, once the options are there.
            <select id=choice.then_some(entry.id) class:hidden=!choice prop:value=value
                on:change=move |event| write(event_target_value(&event))>
                {options
                    .iter()
                    .map(|&(key, label)| view! { <option value=key selected=untrack(value) == key>{label}</option> })
                    .collect_view()}
            </select>
            <p class="hint" id=hint>{move || store.read_draft(|d| entry.slot.hint(d))}</p>
        </div>
    }
}

/// The form; edits go to the store's draft (kept while other pages show).
#[component]
pub fn StudyPlanForm() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let watch = RwSignal::new("");
    let on_preset = move |event| {
        let id = event_target_value(&event);
        let preset = study_presets().into_iter().find(|p| p.id == id);
        watch.set(preset.as_ref().map_or("", |p| p.watch));
        if let Some(preset) = preset {
            store.measure.set(preset.measure);
            store.draft.set(Some(preset.draft));
        }
    };

    view! {
        <section class="study-form" aria-labelledby="study-form-title">
            <h2 id="study-form-title">"Plan"</h2>
            <div class="field">
                <label for="study-preset">"Fertige Studie"</label>
                <select id="study-preset" on:change=on_preset>
                    <option value="">"eigener Plan"</option>
                    {PRESET_NAMES
                        .into_iter()
                        .map(|(id, name)| view! { <option value=id>{name}</option> })
                        .collect_view()}
                </select>
                <p class="hint study-watch" id="study-watch" class:hidden=move || watch.get().is_empty()>
                    <strong>"Worauf achten: "</strong>{watch}
                </p>
            </div>
            {groups()
                .into_iter()
                .map(|group| view! {
                    <fieldset>
                        <legend>{group.legend}</legend>
                        {group.entries.into_iter().map(|entry| entry_view(store, entry)).collect_view()}
                    </fieldset>
                })
                .collect_view()}
            <StudyMeasureChoice/>
        </section>
    }
}
