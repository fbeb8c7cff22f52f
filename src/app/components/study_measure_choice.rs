//! The plan form's „Maße“: which §6 measures the study computes and
//! writes. All by default; a study of order alone leaves out the costly
//! nearest distances and groups.

use leptos::prelude::*;

use crate::app::study::StudyStore;
use crate::model::Measure;
use crate::texts::measure_label;

/// One checkbox per measure, bound to the plan form's draft.
#[component]
pub fn StudyMeasureChoice() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let checkbox = move |measure: Measure| {
        let id = format!("study-measure-{}", measure.key());
        let checked = move || store.read_draft(|draft| draft.measures.contains(measure));
        let toggle = move |event| {
            let on = event_target_checked(&event);
            store.edit(|draft| {
                draft.measures = if on {
                    draft.measures.with(measure)
                } else {
                    draft.measures.without(measure)
                };
            });
        };
        view! {
            <label class="study-measure">
                <input type="checkbox" id=id prop:checked=checked on:change=toggle/>
                " " {measure_label(measure)}
            </label>
        }
    };
    view! {
        <fieldset class="study-measures" aria-describedby="study-measures-hint">
            <legend>"Maße"</legend>
            {Measure::ALL.into_iter().map(checkbox).collect_view()}
            <p class="hint" id="study-measures-hint">
                "Gerechnet und exportiert werden nur die gewählten Maße. Ohne „Mittlerer Abstand \
                 zum nächsten Nachbarn“, „Gruppen“ und „Größte Gruppe“ rechnet eine Studie bei \
                 kleinem Radius deutlich schneller. Mit „Ordnung“ kommen Suszeptibilität und \
                 Binder-Kumulante dazu."
            </p>
        </fieldset>
    }
}
