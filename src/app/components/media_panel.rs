//! „Bild speichern“ and „Film aufnehmen“ (SPEC §9) with their settings:
//! „Beschriftung“, „Schritte im Film“ and the film's size.

use leptos::prelude::*;

use super::TextField;
use crate::app::media::MediaCommand;
use crate::app::media::caption::{parse_film_steps, picture_file_name};
use crate::app::media::film::{MediaFailure, MediaNote};
use crate::app::media::film_recorder::FilmRecorder;
use crate::app::platform::driver::Driver;
use crate::app::platform::timing::spawn;
use crate::app::simulation::state::{RunState, SwarmStore};
use crate::app::view::view_look::ViewLook;
use crate::texts::media::{film_estimate, film_steps_error, media_note};

/// Saves the view as a PNG, or records a film of the next steps.
/// „Schritte im Film“ opens at 250 (SPEC §9).
#[component]
pub fn MediaPanel() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let look = expect_context::<ViewLook>();
    let platform = expect_context::<Driver>();
    let recorder = expect_context::<FilmRecorder>();
    let captioned = RwSignal::new(true);
    let steps_text = RwSignal::new("250".to_owned());
    let steps_error = RwSignal::new(None::<String>);
    let size = RwSignal::new("ansicht".to_owned());

    let save_picture = move |_| {
        let Some((step, lines)) = recorder.shown_caption(captioned.get_untracked()) else {
            return;
        };
        recorder.tell(MediaNote::Cleared);
        spawn(Box::pin(async move {
            let file_name = picture_file_name(step);
            let ready = platform.media_handshake().await;
            let asked = ready.is_ok()
                && look.take_picture(
                    None,
                    Box::new(move |view| {
                        let saved = platform.media(MediaCommand::Picture {
                            view,
                            caption: lines,
                            file_name: file_name.clone(),
                        });
                        spawn(Box::pin(async move {
                            recorder.tell(match saved.await {
                                Ok(_) => MediaNote::PictureSaved(file_name),
                                Err(why) => MediaNote::Failed(MediaFailure::Media(why)),
                            });
                        }));
                    }),
                );
            if !asked {
                recorder.tell(MediaNote::Failed(
                    ready
                        .err()
                        .map_or(MediaFailure::NoView, MediaFailure::Media),
                ));
            }
        }));
    };
    // The frame's size; 0 × 0: the view's.
    let frame = move |choice: &str| match choice {
        "720" => (1280, 720),
        "1080" => (1920, 1080),
        _ => (0, 0),
    };
    let record = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let (width, height) = size.with_untracked(|choice| frame(choice));
        match parse_film_steps(&steps_text.get_untracked()) {
            Ok(steps) => recorder.start(steps, width, height, captioned.get_untracked()),
            Err(error) => steps_error.set(Some(film_steps_error(&error))),
        }
    };

    // A picture would take the frame the film waits for.
    let idle = move || store.run_state() != RunState::Empty && !recorder.active.get();
    // Said before a film starts; follows the entries (and the view while it
    // is drawn: its size is read with them).
    let estimate = move || {
        let steps = parse_film_steps(&steps_text.get()).ok()?;
        let (width, height) = size.with(|choice| frame(choice));
        look.has_view.track();
        recorder
            .estimate(steps, width, height)
            .map(|(bytes, target)| film_estimate(bytes, &target))
    };
    let note = move || recorder.note.with(media_note);
    let failed = move || note().is_some_and(|(_, failed)| failed);

    view! {
        <form class="media-panel" novalidate on:submit=record>
            <fieldset>
                <legend>"Bild und Film"</legend>
                <div class="media-row">
                    <button
                        type="button"
                        id="btn-picture"
                        title="Die Ansicht als PNG speichern, wie sie zu sehen ist"
                        disabled=move || !idle()
                        on:click=save_picture
                    >
                        "Bild speichern"
                    </button>
                    <label class="media-check">
                        <input type="checkbox" id="media-caption" bind:checked=captioned/>
                        " Beschriftung"
                    </label>
                </div>
                <div class="media-row">
                    <TextField
                        id="film-steps"
                        label="Schritte im Film"
                        input_mode="numeric"
                        value=steps_text
                        error=steps_error
                        on_input=move |text| {
                            steps_text.set(text);
                            steps_error.set(None);
                        }
                    />
                    <div class="field">
                        <label for="film-size">"Größe"</label>
                        <select id="film-size" bind:value=size>
                            <option value="ansicht">"Größe der Ansicht"</option>
                            <option value="720">"1280 × 720"</option>
                            <option value="1080">"1920 × 1080"</option>
                        </select>
                    </div>
                </div>
                <p id="film-estimate" class="hint">{estimate}</p>
                <button
                    type="submit"
                    id="btn-film"
                    title="Die nächsten Schritte als Film aufnehmen: ein Bild je Schritt, 25 Bilder je Sekunde"
                    disabled=move || !idle()
                >
                    "Film aufnehmen"
                </button>
                <p
                    id="media-outcome"
                    class=move || if failed() { "field-error" } else { "media-note" }
                    role=move || if failed() { "alert" } else { "status" }
                    aria-live="polite"
                >
                    {move || note().map(|(text, _)| text)}
                </p>
            </fieldset>
        </form>
    }
}
