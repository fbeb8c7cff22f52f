//! What the app is computing („berechnet Schritt 12 von 40 …“, „Film: Bild
//! 37 von 251“) and, on a long way to a step or a film, „Abbrechen“. Shown in the status and over the view,
//! where the eyes are while it runs.

use leptos::prelude::*;

use crate::app::format::format_integer;
use crate::app::simulation::state::{Busy, SwarmStore};

/// The busy line (a live region) and, while a way to a step is computed,
/// the button that stops it (also a film). `id_prefix` names the two elements
/// (`{prefix}-busy`, `{prefix}-cancel`), so that two of them can be on a page.
#[component]
pub fn WayProgress(id_prefix: &'static str) -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let busy = move || {
        store.busy().map(|busy| match busy {
            Busy::Building => "berechnet den Schwarm …".to_owned(),
            Busy::Stepping => "berechnet Schritt …".to_owned(),
            // The page shows where the way began; the step being computed is
            // the one after the last computed (unknown while a checkpoint is
            // rebuilt).
            Busy::Seeking { target } => match store.way_step() {
                Some(step) => format!(
                    "berechnet Schritt {} von {} …",
                    format_integer(step + 1),
                    format_integer(target)
                ),
                None => format!("berechnet Schritt {} …", format_integer(target)),
            },
            Busy::Filming { frame, frames, .. } => format!(
                "Film: Bild {} von {}",
                format_integer(frame),
                format_integer(frames)
            ),
        })
    };
    // A memo, so that the button stays the same element while the steps go by.
    let stoppable = Memo::new(move |_| {
        matches!(
            store.busy(),
            Some(Busy::Seeking { .. } | Busy::Filming { .. })
        )
    });
    view! {
        <p id=format!("{id_prefix}-busy") class="busy" role="status">{busy}</p>
        {move || stoppable.get().then(|| view! {
            <button
                type="button"
                id=format!("{id_prefix}-cancel")
                class="way-cancel"
                on:click=move |_| store.pause()
                title="Anhalten, wo der Schwarm gerade ist"
            >
                "Abbrechen"
            </button>
        })}
    }
}
