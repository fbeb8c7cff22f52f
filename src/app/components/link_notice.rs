//! What opening a link had to say: its invalid values, or that its way to
//! the step would take long.

use leptos::prelude::*;

use crate::app::simulation::link_open::LinkNotes;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::app::study::estimate::format_duration;

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
            <div id="link-prompt" class="link-notice" role="alertdialog" aria-labelledby="link-prompt-text">
                <p id="link-prompt-text">
                    {format!("Dieser Link rechnet etwa {}. Jetzt rechnen?", format_duration(pending.estimate_ms))}
                </p>
                <button type="button" id="btn-link-compute" on:click=move |_| {
                    notes.pending.set(None);
                    pending.compute(form, store);
                }>"Jetzt rechnen"</button>
                " "
                <button type="button" id="btn-link-skip" on:click=move |_| notes.pending.set(None)>
                    "Nicht rechnen"
                </button>
            </div>
        })}
    }
}
