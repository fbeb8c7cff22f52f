//! „Film aufnehmen“ in the browser (SPEC §9): starts the encoder in
//! web/media.js, lets the session compute the film's steps one by one, and
//! whenever a frame is due asks the view for a complete picture of the
//! shown step and hands it to the encoder; at the end the file is
//! downloaded. Pause („Abbrechen“), an edit or leaving the page stops the
//! film and keeps the swarm where it stands.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::caption::{caption_lines, film_file_stem};
use super::format::format_integer;
use super::media::{call, lines_value, number_at};
use super::state::{Busy, SwarmStore};
use super::timing::spawn;
use super::view_look::ViewLook;
use crate::texts;

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

thread_local! {
    /// The film being recorded: one at a time on a page. Plain, not
    /// reactive: nothing on the page shows it but the session's progress.
    static FILM: Cell<Option<Film>> = const { Cell::new(None) };
}

fn film() -> Option<Film> {
    FILM.with(Cell::get)
}

fn set_film(film: Option<Film>) {
    FILM.with(|cell| cell.set(film));
}

/// Whether the film being recorded is in `phase`.
fn in_phase(phase: Phase) -> bool {
    film().is_some_and(|film| film.phase == phase)
}

fn set_phase(phase: Phase) {
    if let Some(film) = film() {
        set_film(Some(Film { phase, ..film }));
    }
}

/// Records films of the swarm and says how the last picture or film went.
#[derive(Clone, Copy)]
pub struct FilmRecorder {
    store: SwarmStore,
    look: ViewLook,
    /// What the last picture or film came to (`said`), or why it failed
    /// (`failed`); at most one of them is set.
    pub said: RwSignal<Option<String>>,
    pub failed: RwSignal<Option<String>>,
    /// Whether a film is being recorded.
    pub active: RwSignal<bool>,
}

impl FilmRecorder {
    /// A recorder owned by the current component; its cleanup stops a film.
    #[must_use]
    pub fn use_film_recorder() -> Self {
        let recorder = Self {
            store: expect_context::<SwarmStore>(),
            look: expect_context::<ViewLook>(),
            said: RwSignal::new(None),
            failed: RwSignal::new(None),
            active: RwSignal::new(false),
        };
        on_cleanup(move || {
            recorder.stop(None);
            let store = recorder.store;
            if matches!(untrack(|| store.busy()), Some(Busy::Filming { .. })) {
                store.pause();
            }
        });
        recorder
    }

    /// Shows how a picture or film went (`Err`: why it failed; an empty
    /// text clears the message).
    pub fn tell(&self, outcome: Result<String, String>) {
        let (said, failed) = match outcome {
            Ok(text) if text.is_empty() => (None, None),
            Ok(text) => (Some(text), None),
            Err(text) => (None, Some(text)),
        };
        let _ = self.said.try_set(said);
        let _ = self.failed.try_set(failed);
    }

    /// Starts a film of `steps` steps from the shown state; its frames are
    /// `width` × `height` pixels, or the view's picture with the caption
    /// below it for 0 × 0.
    pub fn start(&self, steps: u64, width: u32, height: u32, captioned: bool) {
        let Some((first, lines)) = self.shown_caption(captioned) else {
            return;
        };
        let element = self.look.area.get_untracked().and_then(|area| {
            area.query_selector(".view-3d-canvas, #swarm-svg")
                .ok()
                .flatten()
        });
        let Some(element) = element else {
            self.tell(Err("Die Ansicht ist noch nicht da.".to_owned()));
            return;
        };
        let Some(last) = first.checked_add(steps) else {
            self.tell(Err(texts::at_last_step()));
            return;
        };
        if film().is_some() {
            return;
        }
        set_film(Some(Film {
            phase: Phase::Starting,
            first,
            last,
            captioned,
            view_size: None,
        }));
        self.active.set(true);
        self.tell(Ok(String::new()));
        let recorder = *self;
        let args = [
            element.into(),
            width.into(),
            height.into(),
            lines_value(lines),
        ];
        spawn(Box::pin(async move {
            let started = match call("ready", &[]).await {
                Ok(_) => call("filmStart", &args).await,
                Err(why) => Err(why),
            };
            if !in_phase(Phase::Starting) {
                return;
            }
            let begun = started.and_then(|answer| {
                let number = |i| number_at(&answer, i) as u32;
                set_film(Some(Film {
                    phase: Phase::Recording { requested: None },
                    first,
                    last,
                    captioned,
                    view_size: (width > 0).then(|| (number(0), number(1))),
                }));
                recorder
                    .store
                    .film(steps)
                    .map_err(|_| texts::at_last_step())
            });
            if let Err(why) = begun {
                recorder.stop(Some(Err(why)));
            }
        }));
    }

    /// Reacts to what the session is doing (`busy`, tracked by the
    /// caller's effect): takes a due frame, or notices that the film was
    /// stopped.
    pub fn follow(&self, busy: Option<Busy>) {
        let Some(film) = film() else {
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
        let waiting = Phase::Recording {
            requested: Some(frame),
        };
        set_phase(waiting);
        let recorder = *self;
        let asked = self.look.take_picture(
            film.view_size,
            Box::new(move |element| {
                let caption = recorder.shown_caption(film.captioned);
                let (true, Some((_, lines))) = (in_phase(waiting), caption) else {
                    return;
                };
                let encoded = call("filmFrame", &[element.into(), lines_value(lines)]);
                spawn(Box::pin(async move {
                    let encoded = encoded.await;
                    if !in_phase(waiting) {
                        return;
                    }
                    if let Err(why) = encoded {
                        recorder.stop(Some(Err(why)));
                        recorder.store.pause();
                        return;
                    }
                    if last {
                        set_phase(Phase::Ending);
                    }
                    recorder.store.film_frame_taken();
                    if last {
                        let stem = film_file_stem(film.first, film.last);
                        let saved = call("filmEnd", &[JsValue::from_str(&stem)]).await;
                        recorder.finish(
                            film,
                            saved.map(|answer| {
                                let number = |i| number_at(&answer, i) as u64;
                                format!(
                                    "Film gespeichert: {} Bilder, {} kB.",
                                    format_integer(number(1)),
                                    format_integer(number(0).div_ceil(1000))
                                )
                            }),
                        );
                    }
                }));
            }),
        );
        if !asked {
            self.stop(Some(Err("Die Ansicht ist nicht mehr da.".to_owned())));
            self.store.pause();
        }
    }

    /// Drops the film being made (the encoder's part too) with `outcome`,
    /// if one is being made.
    fn stop(&self, outcome: Option<Result<String, String>>) {
        if let Some(film) = film() {
            drop(call("filmCancel", &[]));
            self.finish(film, outcome.unwrap_or(Ok(String::new())));
        }
    }

    fn finish(&self, film: Film, outcome: Result<String, String>) {
        set_film(None);
        let _ = self.active.try_set(false);
        self.tell(outcome);
        // The view goes back to its own size.
        if film.view_size.is_some() {
            self.look.take_picture(None, Box::new(|_| {}));
        }
    }

    /// The shown step and, when `captioned`, its caption.
    pub fn shown_caption(&self, captioned: bool) -> Option<(u64, Option<[String; 2]>)> {
        self.store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                let step = swarm.step_count();
                (step, captioned.then(|| caption_lines(step, swarm.params())))
            })
        })
    }
}
