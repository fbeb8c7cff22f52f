//! „Rückgängig“ after a swarm that had run was discarded.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::texts;

/// Says which swarm was removed and offers it back for a minute: a click
/// restores the swarm (paused, with its checkpoints, series and selection)
/// and the inputs it was made with. Nothing otherwise.
#[component]
pub fn UndoNotice() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let form = expect_context::<ParamForm>();
    // Bumped when the offer runs out, so the notice goes away by itself.
    let expired = RwSignal::new(0u32);
    let offer = Memo::new(move |_| {
        expired.track();
        store.undo_offer()
    });
    // The timeout lives in the effect: a new offer replaces it, and it is
    // dropped (cancelled) with the component.
    Effect::new(move |_: Option<Option<Timeout>>| {
        offer.get().map(|offer| {
            Timeout::new(offer.remaining_ms.ceil() as u32 + 50, move || {
                expired.try_update(|count| *count += 1);
            })
        })
    });
    let undo = move |_| {
        if let Some(params) = store.undo() {
            form.show(&params);
        }
    };
    view! {
        {move || offer.get().map(|offer| view! {
            <div class="undo-notice" role="status">
                <span>{texts::swarm_discarded(offer.step, offer.count)}</span>
                <button type="button" id="btn-undo" on:click=undo>"Rückgängig"</button>
            </div>
        })}
    }
}
