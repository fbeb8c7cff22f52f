//! What opening a link had to say: its invalid values, or that its way to
//! the step would take long.

use leptos::prelude::*;

use super::AskPrompt;
use crate::app::simulation::link_open::LinkNotes;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::texts::engine::{COMPUTE_NOW, link_question};

/// The messages of the last link opened, while there are any, with a button
/// to close them. The form shows the same field errors on the start page;
/// the table page has no form, so this is where they are read there.
///
/// A link whose way would take long asks first: „Jetzt rechnen“ builds the
/// swarm and goes to the step (Abbrechen in the status stops it), „Nicht
/// rechnen“ leaves the inputs filled and no swarm. The question goes away
/// when the inputs no longer show the link's values.
#[component]
pub fn LinkNotice() -> impl IntoView {
    let notes = expect_context::<LinkNotes>();
    let form = expect_context::<ParamForm>();
    let store = expect_context::<SwarmStore>();
    let asking = move || {
        notes
            .pending
            .get()
            .filter(|pending| form.params() == Some(pending.params))
    };
    view! {
        {move || notes.messages.with(|messages| !messages.is_empty()).then(|| view! {
            <div id="link-notice" class="link-notice" role="alert">
                <ul>
                    {move || notes.messages.get().into_iter().map(|message| view! { <li>{message}</li> }).collect_view()}
                </ul>
                <button type="button" id="btn-link-notice-close" on:click=move |_| notes.messages.set(Vec::new())>
                    "Schließen"
                </button>
            </div>
        })}
        {move || asking().map(|pending| view! {
            <AskPrompt
                id="link-prompt".to_owned()
                text_id="link-prompt-text".to_owned()
                confirm_id="btn-link-compute".to_owned()
                decline_id="btn-link-skip".to_owned()
                class="link-notice"
                text=link_question(pending.estimate_ms)
                answers=COMPUTE_NOW
                on_confirm=move || {
                    notes.pending.set(None);
                    pending.compute(form, store);
                }
                on_decline=move || notes.pending.set(None)
            />
        })}
    }
}
