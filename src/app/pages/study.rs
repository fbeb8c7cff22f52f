//! The study page („Studie“, SPEC §8): a plan, its runs on the Web Workers,
//! the chart and the results with their exports, the studies kept in the
//! browser.

use leptos::prelude::*;

use crate::app::components::{
    StudyChart, StudyPlanFile, StudyPlanForm, StudyResults, StudyRunPanel, StudyShelfList,
};
use crate::app::simulation::param_form::ParamForm;
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
                "Viele Läufe auf einmal: Parameter über mehrere Werte, je Punkt mehrere Seeds, jeder \
                 Lauf über ein Messfenster zusammengefasst – was liegt an den Regeln, was am Zufall? \
                 Dieselben Ergebnisse wie "
                <code>"boids-schwarm-cli study"</code> ", Byte für Byte."
            </p>
            <div class="study-columns">
                <div class="study-plan-column">
                    <StudyPlanFile checked/>
                    <StudyPlanForm/>
                    <StudyShelfList/>
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
