//! „Film aufnehmen“ in the browser (SPEC §9): the thin shell around the
//! plain [`FilmRun`]. It passes the film its events (the panel's command,
//! the session's progress, the encoder's and the view's answers) and
//! carries out what the film asks for with the film's one interpreter
//! ([`carry_out`], the loop the native tests run too): web/media.js's
//! encoder, the view's pictures and the session's steps.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::js_sys::Reflect;
use web_sys::{Element, HtmlCanvasElement};

use crate::app::media::caption::caption_lines;
use crate::app::media::film::{
    FilmExecutor, FilmRun, MediaFailure, MediaNote, PICTURE_PATIENCE_MS, carry_out,
};
use crate::app::media::film_size::{FilmTarget, FilmTooLarge, film_bytes, film_target};
use crate::app::media::{FilmSaved, FilmStarted, MediaCommand};
use crate::app::platform::driver::Driver;
use crate::app::platform::timing::{defer, spawn};
use crate::app::simulation::state::{Busy, SwarmStore};
use crate::app::view::view_look::ViewLook;

/// Records films of the swarm and says how the last picture or film went.
#[derive(Clone, Copy)]
pub struct FilmRecorder {
    store: SwarmStore,
    look: ViewLook,
    platform: Driver,
    run: StoredValue<FilmRun>,
    /// The view the film is made of (while its encoder starts).
    view: StoredValue<Option<Element>, LocalStorage>,
    /// How the last picture or film went.
    pub note: RwSignal<MediaNote>,
    /// Whether a film is being recorded.
    pub active: RwSignal<bool>,
    /// While Abbrechen asks: the frames the film holds so far.
    pub question: RwSignal<Option<u64>>,
    /// The film starting is written into a file as it is encoded.
    to_file: StoredValue<bool>,
}

impl FilmRecorder {
    /// The app's recorder: it lives as long as the app, so a film survives
    /// a change of page. It follows the session's progress, and holds the
    /// film while the view is away: while `hidden` (the page is hidden) or
    /// while no view offers pictures (another page is shown).
    #[must_use]
    pub fn new(store: SwarmStore, look: ViewLook, platform: Driver, hidden: Signal<bool>) -> Self {
        let recorder = Self {
            store,
            look,
            platform,
            run: StoredValue::new(FilmRun::new()),
            view: StoredValue::new_local(None),
            note: RwSignal::new(MediaNote::Cleared),
            active: RwSignal::new(false),
            question: RwSignal::new(None),
            to_file: StoredValue::new(false),
        };
        // The film's next frame follows the session's progress.
        Effect::new(move |_| recorder.follow(store.busy()));
        Effect::new(move |_| {
            let shown = !hidden.get() && look.has_view.get();
            // In a task of its own: a view that has just come back has
            // set up its drawing by then.
            defer(move || {
                let busy = untrack(|| recorder.store.busy());
                let step = recorder.shown_step();
                recorder.handle(|run| {
                    run.view_shown(shown);
                    run.follow(busy, step)
                });
            });
        });
        recorder
    }

    /// Says how a picture or film went.
    pub fn tell(&self, note: MediaNote) {
        let _ = self.note.try_set(note);
    }

    /// Starts a film of `steps` steps from the shown state; its frames are
    /// `width` × `height` pixels, or the view's picture with the caption
    /// below it for 0 × 0.
    pub fn start(&self, steps: u64, width: u32, height: u32, captioned: bool) {
        let Some((first, _)) = self.shown_caption(false) else {
            return;
        };
        let Some(view) = self.view_element() else {
            self.tell(MediaNote::Failed(MediaFailure::NoView));
            return;
        };
        let (frame_width, frame_height) = frame_size(&view, width, height);
        match film_target(frame_width, frame_height, steps, can_write_file()) {
            Ok(target) => self.to_file.set_value(target == FilmTarget::File),
            Err(too_large) => {
                self.tell(MediaNote::Failed(MediaFailure::TooLarge(too_large)));
                return;
            }
        }
        self.view.set_value(Some(view));
        self.handle(|run| run.start(first, steps, (width, height), captioned));
    }

    /// The estimated size of a film of `steps` steps of `width` × `height`
    /// (0 × 0: the view's picture) in bytes, and where it would be
    /// written; `None` without a view.
    #[must_use]
    pub fn estimate(
        &self,
        steps: u64,
        width: u32,
        height: u32,
    ) -> Option<(u64, Result<FilmTarget, FilmTooLarge>)> {
        let view = self.view_element()?;
        let (width, height) = frame_size(&view, width, height);
        Some((
            film_bytes(width, height, steps.saturating_add(1)),
            film_target(width, height, steps, can_write_file()),
        ))
    }

    /// Abbrechen: the film holds and the panel asks what to do with the
    /// frames so far.
    pub fn ask_to_stop(&self) {
        let step = self.shown_step();
        self.handle(|run| run.ask_to_stop(step));
    }

    /// „Film verwerfen“.
    pub fn discard(&self) {
        let step = self.shown_step();
        self.handle(|run| run.discard(step));
    }

    /// „Bisherige Bilder als Film speichern“.
    pub fn keep(&self) {
        self.handle(FilmRun::keep);
    }

    /// Reacts to what the session is doing (`busy`, tracked by the
    /// caller's effect): takes a due frame, or notices that the film was
    /// stopped.
    pub fn follow(&self, busy: Option<Busy>) {
        let shown = self.shown_step();
        self.handle(|run| run.follow(busy, shown));
    }

    /// Frame `frame` has not come from the view in time: asked again if
    /// it is still awaited.
    fn ask_again(&self, frame: u64) {
        let busy = untrack(|| self.store.busy());
        let step = self.shown_step();
        self.handle(|run| {
            if run.picture_overdue(frame) {
                run.follow(busy, step)
            } else {
                Vec::new()
            }
        });
    }

    fn shown_step(&self) -> u64 {
        self.shown_caption(false).map_or(0, |(step, _)| step)
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

    fn view_element(&self) -> Option<Element> {
        self.look.area.get_untracked().and_then(|area| {
            area.query_selector(".view-3d-canvas, #swarm-svg")
                .ok()
                .flatten()
        })
    }

    /// Passes the film an event and carries out what it asks for. Nothing
    /// once the recorder is gone (a late answer after a page change).
    fn handle(&self, event: impl FnOnce(&mut FilmRun) -> Vec<FilmEffectOf>) {
        let recorder = *self;
        let Some((active, question)) = self.run.try_update_value(|run| {
            let effects = event(run);
            carry_out(run, &mut Page { recorder }, effects);
            (run.is_active(), run.question())
        }) else {
            return;
        };
        if self.active.get_untracked() != active {
            self.active.set(active);
        }
        if self.question.get_untracked() != question {
            self.question.set(question);
        }
    }
}

type FilmEffectOf = crate::app::media::film::FilmEffect<Element>;

/// The page's side of a film: web/media.js, the view and the session.
struct Page {
    recorder: FilmRecorder,
}

impl FilmExecutor<Element> for Page {
    fn start_encoder(&mut self, width: u32, height: u32) {
        let recorder = self.recorder;
        let Some(view) = recorder.view.try_update_value(Option::take).flatten() else {
            return;
        };
        // The caption of the first frame sets the strip's height.
        let caption = recorder.shown_caption(true).and_then(|(_, lines)| lines);
        spawn(Box::pin(async move {
            let started = async {
                recorder.platform.media_handshake().await?;
                let answer = recorder
                    .platform
                    .media(MediaCommand::FilmStart {
                        view,
                        width,
                        height,
                        caption,
                        to_file: recorder.to_file.get_value(),
                    })
                    .await?;
                FilmStarted::decode(&answer)
            }
            .await
            .map(|started| (started.view_width, started.view_height));
            recorder.handle(|run| run.encoder_started(started));
        }));
    }

    fn begin_steps(&mut self, steps: u64) -> bool {
        self.recorder.store.film(steps).is_ok()
    }

    fn take_picture(&mut self, frame: u64, view_size: Option<(u32, u32)>) -> bool {
        let recorder = self.recorder;
        let asked = recorder.look.take_picture(
            view_size,
            Box::new(move |picture| recorder.handle(|run| run.picture_taken(frame, picture))),
        );
        if asked {
            Timeout::new(PICTURE_PATIENCE_MS, move || recorder.ask_again(frame)).forget();
        }
        asked
    }

    fn encode_frame(&mut self, frame: u64, picture: Element, captioned: bool) {
        let recorder = self.recorder;
        let caption = recorder
            .shown_caption(captioned)
            .and_then(|(_, lines)| lines);
        let encoded = recorder.platform.media(MediaCommand::FilmFrame {
            view: picture,
            caption,
        });
        spawn(Box::pin(async move {
            let encoded = encoded.await.map(|_| ());
            recorder.handle(|run| run.frame_encoded(frame, encoded));
        }));
    }

    fn frame_taken(&mut self) {
        self.recorder.store.film_frame_taken();
    }

    fn end_encoder(&mut self, stem: &str) {
        let recorder = self.recorder;
        let saved = recorder.platform.media(MediaCommand::FilmEnd {
            stem: stem.to_owned(),
        });
        spawn(Box::pin(async move {
            let saved = saved
                .await
                .and_then(|answer| FilmSaved::decode(&answer))
                .map(|saved| (saved.bytes, saved.frames));
            recorder.handle(|run| run.encoder_ended(saved));
        }));
    }

    fn cancel_encoder(&mut self) {
        drop(self.recorder.platform.media(MediaCommand::FilmCancel));
    }

    fn pause_swarm(&mut self) {
        self.recorder.store.pause();
    }

    fn restore_view(&mut self) {
        self.recorder.look.take_picture(None, Box::new(|_| {}));
    }

    fn tell(&mut self, note: MediaNote) {
        self.recorder.tell(note);
    }
}

/// A film's frame size: `width` × `height`, or for 0 × 0 the view's picture
/// (a canvas's pixels, else its box at the device's pixel ratio; the
/// caption's strip is left out of the estimate).
fn frame_size(view: &Element, width: u32, height: u32) -> (u32, u32) {
    if width > 0 && height > 0 {
        return (width, height);
    }
    if let Some(canvas) = view.dyn_ref::<HtmlCanvasElement>() {
        return (canvas.width(), canvas.height());
    }
    let ratio = web_sys::window().map_or(1.0, |window| window.device_pixel_ratio());
    let rect = view.get_bounding_client_rect();
    let side = |css: f64| (css * ratio).round().clamp(1.0, f64::from(u32::MAX)) as u32;
    (side(rect.width()), side(rect.height()))
}

/// Whether the page may write a file as a film is encoded (the File System
/// Access API's `showSaveFilePicker`).
fn can_write_file() -> bool {
    Reflect::has(&web_sys::js_sys::global(), &"showSaveFilePicker".into()).unwrap_or(false)
}
