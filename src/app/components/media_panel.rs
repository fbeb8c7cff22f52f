//! „Bild speichern“ and „Film aufnehmen“ (SPEC §9) with their settings:
//! „Beschriftung“, „Schritte im Film“ and the film's size.

use leptos::prelude::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;

use super::TextField;
use crate::app::caption::{FILM_STEPS_DEFAULT, caption_lines, parse_film_steps, picture_file_name};
use crate::app::film_recorder::{FilmRecorder, FilmSize};
use crate::app::media::{call, lines_value};
use crate::app::state::SwarmStore;
use crate::app::view_look::ViewLook;

/// The film sizes offered: the value of the option, its label, the size.
const FILM_SIZES: [(&str, &str, FilmSize); 3] = [
    ("ansicht", "Größe der Ansicht", FilmSize::View),
    ("720", "1280 × 720", FilmSize::Fixed(1280, 720)),
    ("1080", "1920 × 1080", FilmSize::Fixed(1920, 1080)),
];

/// Saves the view as a PNG, or records a film of the next steps.
#[component]
pub fn MediaPanel() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let look = expect_context::<ViewLook>();
    let recorder = FilmRecorder::use_film_recorder();
    let captioned = RwSignal::new(true);
    let steps_text = RwSignal::new(FILM_STEPS_DEFAULT.to_string());
    let steps_error = RwSignal::new(None::<String>);
    let size = RwSignal::new(FilmSize::View);
    let picture_outcome = RwSignal::new(None::<Result<String, String>>);
    let has_swarm = Memo::new(move |_| store.has_swarm());

    let save_picture = move |_| {
        let shown = store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                let step = swarm.step_count();
                (step, caption_lines(step, swarm.params()))
            })
        });
        let Some((step, lines)) = shown else {
            return;
        };
        let lines = captioned.get_untracked().then_some(lines);
        picture_outcome.set(None);
        spawn_local(async move {
            if let Err(message) = call("ready", &[]).await {
                picture_outcome.set(Some(Err(message)));
                return;
            }
            let name = picture_file_name(step);
            let asked = look.take_picture(
                None,
                Box::new(move |element| {
                    let saved = call(
                        "picture",
                        &[element.into(), lines_value(lines), JsValue::from_str(&name)],
                    );
                    spawn_local(async move {
                        let outcome = saved.await.map(|_| format!("Bild gespeichert: {name}"));
                        let _ = picture_outcome.try_set(Some(outcome));
                    });
                }),
            );
            if !asked {
                picture_outcome.set(Some(Err("Die Ansicht ist noch nicht da.".to_owned())));
            }
        });
    };
    let record = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        match parse_film_steps(&steps_text.get_untracked()) {
            Ok(steps) => recorder.start(steps, size.get_untracked(), captioned.get_untracked()),
            Err(message) => steps_error.set(Some(message)),
        }
    };
    let message = move |outcome: Option<Result<String, String>>| match outcome {
        Some(Ok(text)) => view! { <p class="media-note" role="status">{text}</p> }.into_any(),
        Some(Err(text)) => view! { <p class="field-error" role="alert">{text}</p> }.into_any(),
        None => ().into_any(),
    };

    view! {
        <form class="media-panel" novalidate on:submit=record>
            <fieldset>
                <legend>"Bild und Film"</legend>
                <div class="media-row">
                    <button
                        type="button"
                        id="btn-picture"
                        disabled=move || !has_swarm.get()
                        on:click=save_picture
                        title="Die Ansicht als PNG speichern, wie sie zu sehen ist"
                    >
                        "Bild speichern"
                    </button>
                    <label class="media-check">
                        <input
                            type="checkbox"
                            id="media-caption"
                            prop:checked=move || captioned.get()
                            on:change=move |event| captioned.set(event_target_checked(&event))
                        />
                        " Beschriftung"
                    </label>
                </div>
                <div id="picture-outcome">{move || message(picture_outcome.get())}</div>
                <div class="media-row">
                    <TextField
                        id="film-steps"
                        label="Schritte im Film"
                        input_mode="numeric"
                        value=steps_text
                        error=steps_error
                        on_input=move |typed| {
                            steps_text.set(typed);
                            steps_error.set(None);
                        }
                    />
                    <div class="field">
                        <label for="film-size">"Größe"</label>
                        <select
                            id="film-size"
                            on:change=move |event| {
                                let value = event_target_value(&event);
                                if let Some((_, _, chosen)) =
                                    FILM_SIZES.iter().find(|(key, ..)| *key == value)
                                {
                                    size.set(*chosen);
                                }
                            }
                        >
                            {FILM_SIZES
                                .iter()
                                .map(|(key, label, _)| view! { <option value=*key>{*label}</option> })
                                .collect_view()}
                        </select>
                    </div>
                </div>
                <button
                    type="submit"
                    id="btn-film"
                    disabled=move || !has_swarm.get() || recorder.active.get()
                    title="Die nächsten Schritte als Film aufnehmen: ein Bild je Schritt, 25 Bilder je Sekunde"
                >
                    "Film aufnehmen"
                </button>
                <div
                    id="film-outcome"
                    data-work-ms=move || recorder.timing.get().map(|(work, _)| work.round().to_string())
                    data-wall-ms=move || recorder.timing.get().map(|(_, wall)| wall.round().to_string())
                >
                    {move || message(recorder.outcome.get())}
                </div>
            </fieldset>
        </form>
    }
}
