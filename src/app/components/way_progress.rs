//! What the app is computing („berechnet Schritt 12 von 40 …“, „Film: Bild
//! 37 von 251“) and, on a long way to a step or a film, „Abbrechen“; or
//! what it asks before it computes something long. Shown in the status and
//! over the view, where the eyes are while it runs.

use leptos::prelude::*;

use super::AskPrompt;
use crate::app::format::format_integer;
use crate::app::media::film_recorder::FilmRecorder;
use crate::app::simulation::state::{Busy, SwarmStore};
use crate::texts::engine::{answers, blocking, question};
use crate::texts::media::{FILM_ANSWERS, film_question};

/// The busy line (a live region) and, while a way to a step is computed,
/// the button that stops it (also a film); while the session asks first,
/// its question with the two answers instead; while the main thread
/// computes a long job, that the page does not answer meanwhile.
/// `id_prefix` names the elements (`{prefix}-busy`, `{prefix}-cancel`,
/// `{prefix}-ask` with `-ask-text`, `-ask-compute` and `-ask-decline`,
/// `{prefix}-blocking`), so that two of them can be on a page.
#[component]
pub fn WayProgress(id_prefix: &'static str) -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let asked = Memo::new(move |_| store.question());
    let recorder = expect_context::<FilmRecorder>();
    let busy = move || {
        if asked.with(Option::is_some) {
            // Nothing is computed while it asks.
            return None;
        }
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
        asked.with(Option::is_none)
            && matches!(
                store.busy(),
                Some(Busy::Seeking { .. } | Busy::Filming { .. })
            )
    });
    view! {
        <p id=format!("{id_prefix}-busy") class="busy" role="status">{busy}</p>
        {move || asked.get().map(|asked| view! {
            <AskPrompt
                id=format!("{id_prefix}-ask")
                text_id=format!("{id_prefix}-ask-text")
                confirm_id=format!("{id_prefix}-ask-compute")
                decline_id=format!("{id_prefix}-ask-decline")
                class="ask-prompt"
                text=question(&asked)
                answers=answers(&asked)
                on_confirm=move || store.confirm()
                on_decline=move || store.decline()
            />
        })}
        {move || recorder.question.get().map(|frames| view! {
            <AskPrompt
                id=format!("{id_prefix}-film-ask")
                text_id=format!("{id_prefix}-film-ask-text")
                confirm_id=format!("{id_prefix}-film-keep")
                decline_id=format!("{id_prefix}-film-discard")
                class="ask-prompt"
                text=film_question(frames)
                answers=FILM_ANSWERS
                on_confirm=move || recorder.keep()
                on_decline=move || recorder.discard()
            />
        })}
        {move || store.blocking_ms().map(|ms| view! {
            <p id=format!("{id_prefix}-blocking") class="busy blocking">{blocking(ms)}</p>
        })}
        {move || stoppable.get().then(|| view! {
            <button
                type="button"
                id=format!("{id_prefix}-cancel")
                class="way-cancel"
                on:click=move |_| {
                    // A film asks first what to do with its frames.
                    if recorder.active.get_untracked() {
                        recorder.ask_to_stop();
                    } else {
                        store.pause();
                    }
                }
                title="Anhalten, wo der Schwarm gerade ist"
            >
                "Abbrechen"
            </button>
        })}
    }
}
