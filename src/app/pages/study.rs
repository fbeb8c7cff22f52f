//! The study page („Studie“, SPEC §8): a plan, its runs on the Web Workers,
//! the chart and the results with their exports.

use leptos::prelude::*;

use crate::app::components::{
    StudyChart, StudyPlanFile, StudyPlanForm, StudyResults, StudyRunPanel,
};
use crate::app::param_form::ParamForm;
use crate::app::study::StudyStore;
use crate::app::study::draft::PlanDraft;

/// The plan on the left, running it, the chart and the results on the right.
#[component]
pub fn StudyPage() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let form = expect_context::<ParamForm>();
    // The first visit fills the form from the simulation's parameters; later
    // visits find the form as it was left.
    if store.draft.with_untracked(Option::is_none) {
        let params = form.params_untracked().unwrap_or_default();
        store.draft.set(Some(PlanDraft::around(&params)));
    }
    let checked = Memo::new(move |_| {
        store
            .draft
            .with(|draft| draft.as_ref().map(PlanDraft::to_plan))
    });

    view! {
        <article class="page study">
            <h1>"Studie"</h1>
            <p class="page-lead">
                "Viele Läufe auf einmal: ein oder zwei Parameter über mehrere Werte, jeder Punkt mit \
                 mehreren Seeds, jeder Lauf zusammengefasst über ein Messfenster. So zeigt sich, was \
                 an den Regeln liegt und was am Zufall des Anfangs. Fertige Läufe bleiben im Browser \
                 gespeichert; dieselben Pläne rechnet auch das Kommandozeilenwerkzeug "
                <code>"boids-schwarm-cli study"</code> " – Byte für Byte gleich."
            </p>
            <div class="study-columns">
                <div class="study-plan-column">
                    <StudyPlanFile checked/>
                    <StudyPlanForm/>
                </div>
                <div class="study-result-column">
                    <StudyRunPanel checked/>
                    <StudyChart/>
                    <StudyResults/>
                </div>
            </div>
        </article>
    }
}
