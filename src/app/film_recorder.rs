//! „Film aufnehmen“ in the browser (SPEC §9): starts the encoder in
//! web/media.js, lets the session compute the film's steps one by one, and
//! whenever a frame is due asks the view for a complete picture of the
//! shown step and hands it to the encoder; at the end the file is
//! downloaded. Pause („Abbrechen“), an edit or leaving the page stops the
//! film and keeps the swarm where it stands.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::caption::{caption_lines, film_file_stem};
use super::format::format_integer;
use super::media::{call, lines_value};
use super::state::{Busy, GoToError, SwarmStore};
use super::timing::spawn;
use super::view_look::ViewLook;
use crate::texts;

/// The film's frame size: the view's own (with the caption strip below it)
/// or a fixed one (the strip inside), in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilmSize {
    View,
    Fixed(u32, u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The encoder is being set up.
    Starting,
    /// Frames are being made; `requested` is the frame asked of the view.
    Recording { requested: Option<u64> },
    /// The last frame is in; the file is being written.
    Ending,
}

#[derive(Debug, Clone, Copy)]
struct Film {
    phase: Phase,
    first: u64,
    last: u64,
    captioned: bool,
    /// The size the view draws at while filming (`None`: its own).
    view_size: Option<(u32, u32)>,
}

/// The film being recorded, if any, and what the last one came to.
#[derive(Clone, Copy)]
pub struct FilmRecorder {
    store: SwarmStore,
    look: ViewLook,
    film: StoredValue<Option<Film>, LocalStorage>,
    /// The message after a film: saved (`Ok`) or why not (`Err`).
    pub outcome: RwSignal<Option<Result<String, String>>>,
    pub active: RwSignal<bool>,
}

impl FilmRecorder {
    /// A recorder owned by the current component; its cleanup stops a film.
    #[must_use]
    pub fn use_film_recorder() -> Self {
        let recorder = Self {
            store: expect_context::<SwarmStore>(),
            look: expect_context::<ViewLook>(),
            film: StoredValue::new_local(None),
            outcome: RwSignal::new(None),
            active: RwSignal::new(false),
        };
        let store = recorder.store;
        on_cleanup(move || {
            let filming = recorder.film.try_with_value(Option::is_some);
            if filming.unwrap_or(false) {
                recorder.stop(None);
            }
            if matches!(untrack(|| store.busy()), Some(Busy::Filming { .. })) {
                store.pause();
            }
        });
        recorder
    }

    /// Starts a film of `steps` steps from the shown state.
    pub fn start(&self, steps: u64, size: FilmSize, captioned: bool) {
        if self.active.get_untracked() {
            return;
        }
        let Some((first, lines)) = self.shown_caption(captioned) else {
            self.outcome
                .set(Some(Err("Erst einen Schwarm initialisieren.".to_owned())));
            return;
        };
        let Some(element) = self.view_element() else {
            self.outcome
                .set(Some(Err("Die Ansicht ist noch nicht da.".to_owned())));
            return;
        };
        let Some(last) = first.checked_add(steps) else {
            self.outcome.set(Some(Err(texts::at_last_step())));
            return;
        };
        self.film.set_value(Some(Film {
            phase: Phase::Starting,
            first,
            last,
            captioned,
            view_size: None,
        }));
        self.active.set(true);
        self.outcome.set(None);
        let (width, height) = match size {
            FilmSize::View => (0, 0),
            FilmSize::Fixed(width, height) => (width, height),
        };
        let recorder = *self;
        spawn(Box::pin(async move {
            let started = async {
                call("ready", &[]).await?;
                call(
                    "filmStart",
                    &[element, width.into(), height.into(), lines_value(lines)],
                )
                .await
            }
            .await;
            recorder.started(started, size, steps);
        }));
    }

    fn started(&self, answer: Result<JsValue, String>, size: FilmSize, steps: u64) {
        if !self.is_phase(|phase| phase == Phase::Starting) {
            return;
        }
        let view_size = answer.map(|answer| {
            let numbers = web_sys::js_sys::Array::from(&answer);
            let number = |i| numbers.get(i).as_f64().unwrap_or(0.0) as u32;
            (number(0), number(1))
        });
        let begun = view_size.and_then(|view_size| {
            self.film.update_value(|film| {
                if let Some(film) = film {
                    film.phase = Phase::Recording { requested: None };
                    film.view_size = (size != FilmSize::View).then_some(view_size);
                }
            });
            self.store.film(steps).map_err(|why| match why {
                GoToError::BeyondLast => texts::at_last_step(),
                _ => "Erst einen Schwarm initialisieren.".to_owned(),
            })
        });
        if let Err(message) = begun {
            self.stop(Some(Err(message)));
        }
    }

    /// Reacts to what the session is doing (`busy`, tracked by the
    /// caller's effect): takes a due frame, or notices that the film was
    /// stopped.
    pub fn follow(&self, busy: Option<Busy>) {
        let Some(film) = self.film.try_get_value().flatten() else {
            return;
        };
        let Phase::Recording { requested } = film.phase else {
            return;
        };
        match busy {
            Some(Busy::Filming {
                frame,
                frames,
                due: true,
            }) if requested != Some(frame) => self.take_frame(film, frame, frame == frames),
            Some(Busy::Filming { .. }) => {}
            _ => self.stop(Some(Err(format!(
                "Film abgebrochen; der Schwarm steht bei Schritt {}.",
                format_integer(self.shown_caption(false).map_or(0, |(step, _)| step))
            )))),
        }
    }

    fn take_frame(&self, film: Film, frame: u64, last: bool) {
        self.set_phase(Phase::Recording {
            requested: Some(frame),
        });
        let recorder = *self;
        let asked = self.look.take_picture(
            film.view_size,
            Box::new(move |element| {
                if !recorder.is_phase(|phase| {
                    phase
                        == Phase::Recording {
                            requested: Some(frame),
                        }
                }) {
                    return;
                }
                let Some((_, lines)) = recorder.shown_caption(film.captioned) else {
                    return;
                };
                let encoded = call("filmFrame", &[element.into(), lines_value(lines)]);
                spawn(Box::pin(async move {
                    let answer = encoded.await;
                    if !recorder.is_phase(|phase| {
                        phase
                            == Phase::Recording {
                                requested: Some(frame),
                            }
                    }) {
                        return;
                    }
                    match answer {
                        Err(message) => {
                            recorder.stop(Some(Err(message)));
                            recorder.store.pause();
                        }
                        Ok(_) if last => {
                            recorder.set_phase(Phase::Ending);
                            recorder.store.film_frame_taken();
                            recorder.end(film).await;
                        }
                        Ok(_) => {
                            recorder.store.film_frame_taken();
                        }
                    }
                }));
            }),
        );
        if !asked {
            self.stop(Some(Err("Die Ansicht ist nicht mehr da.".to_owned())));
            self.store.pause();
        }
    }

    async fn end(&self, film: Film) {
        let stem = film_file_stem(film.first, film.last);
        let answer = call("filmEnd", &[JsValue::from_str(&stem)]).await;
        let outcome = answer.map(|answer| {
            let numbers = web_sys::js_sys::Array::from(&answer);
            let bytes = numbers.get(0).as_f64().unwrap_or(0.0);
            let frames = numbers.get(1).as_f64().unwrap_or(0.0);
            format!(
                "Film gespeichert: {} Bilder, {} kB.",
                format_integer(frames as u64),
                format_integer((bytes / 1000.0).ceil() as u64)
            )
        });
        self.finish(film, outcome);
    }

    /// Drops the film being made (the encoder's part too) with `outcome`.
    fn stop(&self, outcome: Option<Result<String, String>>) {
        let Some(film) = self.film.try_get_value().flatten() else {
            return;
        };
        drop(call("filmCancel", &[]));
        self.finish(film, outcome.unwrap_or(Ok(String::new())));
    }

    fn finish(&self, film: Film, outcome: Result<String, String>) {
        self.film.try_set_value(None);
        let _ = self.active.try_set(false);
        let _ = self
            .outcome
            .try_set(Some(outcome).filter(|outcome| outcome != &Ok(String::new())));
        // The view goes back to its own size.
        if film.view_size.is_some() {
            self.look.take_picture(None, Box::new(|_| {}));
        }
    }

    fn is_phase(&self, test: impl Fn(Phase) -> bool) -> bool {
        self.film
            .try_get_value()
            .flatten()
            .is_some_and(|film| test(film.phase))
    }

    fn set_phase(&self, phase: Phase) {
        self.film.try_update_value(|film| {
            if let Some(film) = film {
                film.phase = phase;
            }
        });
    }

    /// The shown step and, when `captioned`, its caption.
    fn shown_caption(&self, captioned: bool) -> Option<(u64, Option<[String; 2]>)> {
        self.store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                let step = swarm.step_count();
                (step, captioned.then(|| caption_lines(step, swarm.params())))
            })
        })
    }

    /// The view on the page (the 3D canvas or the SVG), for its size.
    fn view_element(&self) -> Option<JsValue> {
        let area = self.look.area.get_untracked()?;
        let element = area
            .query_selector(".view-3d-canvas, #swarm-svg")
            .ok()
            .flatten()?;
        Some(element.into())
    }
}
