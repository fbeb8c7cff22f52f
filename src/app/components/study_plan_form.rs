//! The study's plan form: a ready study or the simulation's parameters as
//! the base, up to two swept parameters, the seeds, steps and burn-in.

use leptos::prelude::*;

use super::{StudyAxisInput, TextField};
use crate::app::format::format_model_time;
use crate::app::study::StudyStore;
use crate::app::study::draft::{BASE_FIELDS, PlanDraft, SeedMode};
use crate::app::study::presets::study_presets;
use crate::model::parse_whole_number;
use crate::texts;

/// The model time of a typed number of steps, or nothing.
fn model_time(text: &str) -> String {
    parse_whole_number(text)
        .map(|steps| format!("= {} Modellzeit", format_model_time(steps)))
        .unwrap_or_default()
}

/// The form; edits go to the store's draft (kept while other pages show).
#[component]
pub fn StudyPlanForm() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let none = Signal::derive(|| None::<String>);
    let text = move |read: fn(&PlanDraft) -> String| Signal::derive(move || store.read_draft(read));
    let edit = move |change: fn(&mut PlanDraft, String)| {
        Callback::new(move |value: String| store.edit(|draft| change(draft, value)))
    };
    let watch = RwSignal::new(None::<&'static str>);
    let on_preset = move |event| {
        let id = event_target_value(&event);
        if let Some(preset) = study_presets().into_iter().find(|p| p.id == id) {
            store.draft.set(Some(preset.draft));
            store.measure.set(preset.measure);
            watch.set(Some(preset.watch));
        } else {
            watch.set(None);
        }
    };
    let seed_mode = move || store.read_draft(|draft| Some(draft.seed_mode));
    let on_seed_mode = move |event| {
        let list = event_target_value(&event) == "list";
        store.edit(|draft| {
            draft.seed_mode = if list {
                SeedMode::List
            } else {
                SeedMode::Range
            }
        });
    };

    view! {
        <section class="study-form" aria-labelledby="study-form-title">
            <h2 id="study-form-title">"Plan"</h2>
            <div class="field">
                <label for="study-preset">"Fertige Studie"</label>
                <select id="study-preset" on:change=on_preset>
                    <option value="" selected=true>"eigener Plan"</option>
                    {study_presets()
                        .into_iter()
                        .map(|p| view! { <option value=p.id>{p.name}</option> })
                        .collect_view()}
                </select>
                {move || watch.get().map(|text| view! {
                    <p class="hint study-watch" id="study-watch"><strong>"Worauf achten: "</strong>{text}</p>
                })}
            </div>
            <fieldset class="study-base">
                <legend>"Parameter aller Läufe (vorbelegt aus der Ansicht)"</legend>
                {BASE_FIELDS
                    .into_iter()
                    .enumerate()
                    .map(|(i, field)| view! {
                        <TextField
                            id=format!("study-base-{}", field.key())
                            label=texts::label(field)
                            input_mode=if field.is_integer() { "numeric" } else { "decimal" }
                            value=Signal::derive(move || store.read_draft(|d| d.base[i].clone()))
                            error=none
                            on_input=move |value: String| store.edit(|d| d.base[i] = value)
                        />
                    })
                    .collect_view()}
            </fieldset>
            <StudyAxisInput position=0/>
            <StudyAxisInput position=1/>
            <fieldset class="study-seeds">
                <legend>"Seeds (Wiederholungen je Punkt)"</legend>
                <div class="field">
                    <label for="study-seeds-mode">"Seeds angeben"</label>
                    <select id="study-seeds-mode" on:change=on_seed_mode>
                        <option value="range" selected=move || seed_mode() == Some(SeedMode::Range)>"Anzahl ab einem Seed"</option>
                        <option value="list" selected=move || seed_mode() == Some(SeedMode::List)>"als Liste"</option>
                    </select>
                </div>
                <Show
                    when=move || seed_mode() == Some(SeedMode::List)
                    fallback=move || view! {
                        <TextField id="study-seeds-count" label="Anzahl" input_mode="numeric"
                            value=text(|d| d.seeds_count.clone()) error=none on_input=edit(|d, t| d.seeds_count = t)/>
                        <TextField id="study-seeds-from" label="ab Seed" input_mode="numeric"
                            value=text(|d| d.seeds_from.clone()) error=none on_input=edit(|d, t| d.seeds_from = t)/>
                    }
                >
                    <TextField id="study-seeds-list" label="Seeds, durch Semikolon getrennt" input_mode="numeric"
                        value=text(|d| d.seeds_list.clone()) error=none on_input=edit(|d, t| d.seeds_list = t)/>
                </Show>
            </fieldset>
            <fieldset class="study-window">
                <legend>"Dauer und Messfenster"</legend>
                <TextField id="study-steps" label="Schritte je Lauf" input_mode="numeric"
                    value=text(|d| d.steps.clone()) error=none on_input=edit(|d, t| d.steps = t)>
                    <p class="hint">{move || store.read_draft(|d| model_time(&d.steps))}</p>
                </TextField>
                <TextField id="study-burn-in" label="Einschwingen (Schritte ohne Messung)" input_mode="numeric"
                    value=text(|d| d.burn_in.clone()) error=none on_input=edit(|d, t| d.burn_in = t)>
                    <p class="hint">
                        {move || store.read_draft(|d| model_time(&d.burn_in))}
                        " – gemessen wird jeder Zustand von diesem Schritt bis zum letzten."
                    </p>
                </TextField>
            </fieldset>
        </section>
    }
}
