//! „Bild speichern“ and „Film aufnehmen“ (SPEC §9) with their settings:
//! „Beschriftung“, „Schritte im Film“ and the film's size.
//!
//! The panel is static markup set at once, its inputs read when a button
//! is pressed and its few live values written by one effect: as Leptos
//! views with a signal per input it cost the main wasm several KB more.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::caption::{parse_film_steps, picture_file_name};
use crate::app::film_recorder::FilmRecorder;
use crate::app::media::MediaCommand;
use crate::app::media::film::{MediaFailure, MediaNote};
use crate::app::state::{RunState, SwarmStore};
use crate::app::timing::spawn;
use crate::app::view_look::ViewLook;
use crate::texts::media::media_note;

/// The panel's markup. „Schritte im Film“ is laid out as every text field
/// of the app is (`TextField`), opens at 250 (SPEC §9) and has its error
/// line `film-steps-error`.
const MARKUP: &str = r#"<fieldset><legend>Bild und Film</legend><div class="media-row"><button type="button" id="btn-picture" title="Die Ansicht als PNG speichern, wie sie zu sehen ist">Bild speichern</button><label class="media-check"><input type="checkbox" id="media-caption" checked> Beschriftung</label></div><div class="media-row"><div class="field"><label for="film-steps">Schritte im Film</label><input id="film-steps" type="text" inputmode="numeric" autocomplete="off" value="250" aria-describedby="film-steps-error"><p class="field-error" id="film-steps-error" aria-live="polite"></p></div><div class="field"><label for="film-size">Größe</label><select id="film-size"><option value="ansicht">Größe der Ansicht</option><option value="720">1280 × 720</option><option value="1080">1920 × 1080</option></select></div></div><button type="submit" id="btn-film" title="Die nächsten Schritte als Film aufnehmen: ein Bild je Schritt, 25 Bilder je Sekunde">Film aufnehmen</button><p id="media-outcome" class="media-note" aria-live="polite"></p></fieldset>"#;

/// Saves the view as a PNG, or records a film of the next steps.
#[component]
pub fn MediaPanel() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let look = expect_context::<ViewLook>();
    let recorder = FilmRecorder::use_film_recorder();
    let form = NodeRef::<html::Form>::new();
    // The element `id` of the panel.
    let part = move |id: &str| -> Option<web_sys::HtmlElement> {
        form.get_untracked()?
            .query_selector(&format!("#{id}"))
            .ok()??
            .dyn_into()
            .ok()
    };
    let value = move |id: &str| {
        part(id)
            .and_then(|element| web_sys::js_sys::Reflect::get(&element, &"value".into()).ok())
            .and_then(|value| value.as_string())
            .unwrap_or_default()
    };
    let captioned = move || {
        part("media-caption")
            .and_then(|element| element.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|input| input.checked())
    };
    let show_steps_error = move |error: Option<String>| {
        if let Some(input) = part("film-steps") {
            let _ = input.set_attribute("aria-invalid", &error.is_some().to_string());
            if let Some(field) = input.parent_element() {
                field.set_class_name(if error.is_some() {
                    "field invalid"
                } else {
                    "field"
                });
            }
        }
        if let Some(line) = part("film-steps-error") {
            line.set_text_content(error.as_deref());
        }
    };

    let save_picture = move || {
        let Some((step, lines)) = recorder.shown_caption(captioned()) else {
            return;
        };
        recorder.tell(MediaNote::Cleared);
        spawn(Box::pin(async move {
            let file_name = picture_file_name(step);
            let ready = MediaCommand::Ready.send().await;
            let asked = ready.is_ok()
                && look.take_picture(
                    None,
                    Box::new(move |view| {
                        let saved = MediaCommand::Picture {
                            view,
                            caption: lines,
                            file_name: file_name.clone(),
                        }
                        .send();
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
    let record = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        // The frame's size; 0 × 0: the view's.
        let (width, height) = match value("film-size").as_str() {
            "720" => (1280, 720),
            "1080" => (1920, 1080),
            _ => (0, 0),
        };
        match parse_film_steps(&value("film-steps")) {
            Ok(steps) => recorder.start(steps, width, height, captioned()),
            Err(message) => show_steps_error(Some(message)),
        }
    };

    // The live values (the buttons' state, the message) and the film's
    // next frame: one effect, since each costs the main wasm about 2.5 KB.
    Effect::new(move |_| {
        // The run state, not the swarm's version: this runs when the state
        // or the film's progress changes, not at every step of a run.
        let has_swarm = store.run_state() != RunState::Empty;
        let idle = has_swarm && !recorder.active.get();
        let note = recorder.note.with(media_note);
        let failed = note.as_ref().is_some_and(|(_, failed)| *failed);
        recorder.follow(store.busy());
        if let Some(button) = part("btn-picture") {
            // A picture would take the frame the film waits for.
            let _ = button.toggle_attribute_with_force("disabled", !idle);
        }
        if let Some(button) = part("btn-film") {
            let _ = button.toggle_attribute_with_force("disabled", !idle);
        }
        if let Some(line) = part("media-outcome") {
            line.set_class_name(if failed { "field-error" } else { "media-note" });
            let _ = line.set_attribute("role", if failed { "alert" } else { "status" });
            line.set_text_content(note.as_ref().map(|(text, _)| text.as_str()));
        }
    });

    view! {
        <form
            class="media-panel"
            novalidate
            node_ref=form
            inner_html=MARKUP
            on:submit=record
            on:click=move |event| {
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                if target.is_some_and(|element| element.id() == "btn-picture") {
                    save_picture();
                }
            }
            on:input=move |_| show_steps_error(None)
        ></form>
    }
}
