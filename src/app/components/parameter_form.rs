//! The form with the seven parameters.

use leptos::prelude::*;

use super::{AdvancedSettings, ParamInput, PresetChoice};
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::model::ParamField;

/// The id of the form element; the Initialisieren button submits it.
pub const FORM_ID: &str = "param-form";

/// The choice of a preset above the seven parameter inputs; submitting (Enter, Initialisieren) builds a swarm.
#[component]
pub fn ParameterForm() -> impl IntoView {
    let form = expect_context::<ParamForm>();
    let store = expect_context::<SwarmStore>();
    let on_submit = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        if let Some(params) = form.params_untracked() {
            // Valid params always build a swarm; an error cannot occur here.
            let _ = store.initialise(&params);
        }
    };

    view! {
        <form id=FORM_ID class="param-form" novalidate on:submit=on_submit>
            <PresetChoice/>
            <fieldset>
                <legend>"Parameter"</legend>
                {ParamField::ALL
                    .into_iter()
                    .map(|field| view! {
                        // The weights are no lengths: a heading of their own.
                        {(field == ParamField::Separation).then(|| view! {
                            <p class="field-group-head">
                                "Gewichte der drei Regeln (je Schritt von 0,04 s, ohne Einheit):"
                            </p>
                        })}
                        <ParamInput field=field/>
                    })
                    .collect_view()}
            </fieldset>
            <AdvancedSettings/>
        </form>
    }
}
