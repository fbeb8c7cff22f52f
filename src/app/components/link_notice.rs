//! What opening a link had to say: its invalid values.

use leptos::prelude::*;

use crate::app::link_open::LinkNotes;

/// The messages of the last link opened, while there are any, with a button
/// to close them. The form shows the same field errors on the start page;
/// the table page has no form, so this is where they are read there.
#[component]
pub fn LinkNotice() -> impl IntoView {
    let notes = expect_context::<LinkNotes>();
    view! {
        <Show when=move || notes.0.with(|messages| !messages.is_empty())>
            <div id="link-notice" class="link-notice" role="alert">
                <ul>
                    {move || notes.0.get().into_iter().map(|message| view! { <li>{message}</li> }).collect_view()}
                </ul>
                <button type="button" id="btn-link-notice-close" on:click=move |_| notes.0.set(Vec::new())>
                    "Schließen"
                </button>
            </div>
        </Show>
    }
}
