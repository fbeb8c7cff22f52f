//! One swept parameter of the study's plan form: which parameter, and its
//! values as a list or from/to/points.

use leptos::prelude::*;

use super::TextField;
use crate::app::study::StudyStore;
use crate::app::study::draft::{AxisDraft, AxisMode, BASE_FIELDS};
use crate::model::ParamField;
use crate::texts;

/// Axis `position` (0 or 1) of the plan form; the second may be „keine“.
#[component]
pub fn StudyAxisInput(position: usize) -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let id: &'static str = if position == 0 {
        "study-axis1"
    } else {
        "study-axis2"
    };
    let read = move |read: fn(&AxisDraft) -> String| {
        Signal::derive(move || store.read_draft(|draft| read(&draft.axes[position])))
    };
    let edit = move |change: fn(&mut AxisDraft, String)| {
        Callback::new(move |text: String| {
            store.edit(|draft| change(&mut draft.axes[position], text))
        })
    };
    let field = move || store.read_draft(|draft| draft.axes[position].field);
    let mode = move || store.read_draft(|draft| Some(draft.axes[position].mode));
    let on_param = move |event| {
        let key = event_target_value(&event);
        let chosen = ParamField::ALL.into_iter().find(|f| f.key() == key);
        store.edit(|draft| {
            let axis = &mut draft.axes[position];
            if chosen != axis.field {
                // A newly chosen parameter starts from a first guess.
                *axis = chosen.map_or_else(AxisDraft::none, AxisDraft::first_guess);
            }
        });
    };
    let on_mode = move |event| {
        let values = event_target_value(&event) == "values";
        store.edit(|draft| {
            draft.axes[position].mode = if values {
                AxisMode::Values
            } else {
                AxisMode::Range
            };
        });
    };
    let none = Signal::derive(|| None::<String>);
    let legend = if position == 0 {
        "Erste Achse (waagerecht im Diagramm)"
    } else {
        "Zweite Achse (eine Linie je Wert)"
    };

    view! {
        <fieldset class="study-axis">
            <legend>{legend}</legend>
            <div class="field">
                <label for=format!("{id}-param")>"Parameter"</label>
                <select id=format!("{id}-param") on:change=on_param>
                    <option value="" selected=move || field().is_none()>"keiner"</option>
                    {BASE_FIELDS
                        .into_iter()
                        .map(|f| view! {
                            <option value=f.key() selected=move || field() == Some(f)>{texts::label(f)}</option>
                        })
                        .collect_view()}
                </select>
            </div>
            <Show when=move || field().is_some()>
                <div class="field">
                    <label for=format!("{id}-mode")>"Werte"</label>
                    <select id=format!("{id}-mode") on:change=on_mode>
                        <option value="range" selected=move || mode() == Some(AxisMode::Range)>"von … bis … in Punkten"</option>
                        <option value="values" selected=move || mode() == Some(AxisMode::Values)>"als Liste"</option>
                    </select>
                </div>
                <Show
                    when=move || mode() == Some(AxisMode::Values)
                    fallback=move || view! {
                        <div class="study-range">
                            <TextField id=format!("{id}-from") label="von" input_mode="decimal"
                                value=read(|a| a.from.clone()) error=none on_input=edit(|a, t| a.from = t)/>
                            <TextField id=format!("{id}-to") label="bis" input_mode="decimal"
                                value=read(|a| a.to.clone()) error=none on_input=edit(|a, t| a.to = t)/>
                            <TextField id=format!("{id}-points") label="Punkte" input_mode="numeric"
                                value=read(|a| a.points.clone()) error=none on_input=edit(|a, t| a.points = t)/>
                        </div>
                    }
                >
                    <TextField id=format!("{id}-values") label="Werte, durch Semikolon getrennt" input_mode="decimal"
                        value=read(|a| a.values.clone()) error=none on_input=edit(|a, t| a.values = t)/>
                </Show>
            </Show>
        </fieldset>
    }
}
