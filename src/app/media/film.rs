//! „Film aufnehmen“ (SPEC §9) as plain data: what the film is waiting for,
//! and what must happen next. No Leptos and no browser types: the page's
//! `FilmRecorder` passes every event in (the encoder started, a frame is
//! due, the view handed over a picture, the encoder took it, the file is
//! written, the user stopped) and carries out the [`FilmEffect`]s that come
//! back. An event that arrives for a phase the film has left (a late
//! answer after Abbrechen, say) changes nothing.
//!
//! While the view is away (the page hidden, another page of the app shown)
//! the film holds: it keeps its encoder and its frames, asks the view for
//! nothing, and goes on with the frame it waits for once the view is back.
//! A frame is asked of the view only while it is due and is encoded once:
//! a picture asked before the view went away is asked again, and whichever
//! of the two arrives first is the frame (both show the same step, which
//! does not change until the frame is encoded).
//!
//! `P` is how a picture of the view travels (a DOM element in the browser).

use super::MediaError;
use super::film_size::FilmTooLarge;
use crate::app::simulation::session::Busy;

/// How long a picture asked of the view may take before it is asked again,
/// in ms: far beyond a frame's drawing (a picture of 100 000 boids takes
/// a few frames), short enough that a lost order costs a film little.
pub const PICTURE_PATIENCE_MS: u32 = 3000;

/// What the page says about the last picture or film.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaNote {
    /// Nothing to say (a new picture or film has begun).
    Cleared,
    /// A picture was saved under this file name.
    PictureSaved(String),
    /// A film was saved: its size in bytes and its number of frames.
    FilmSaved { bytes: u64, frames: u64 },
    /// A picture or film failed.
    Failed(MediaFailure),
}

/// Why a picture or film failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaFailure {
    /// There is no view on the page (yet).
    NoView,
    /// The view went away while a frame was asked of it.
    ViewGone,
    /// The film would end beyond the largest step.
    BeyondLast,
    /// Pause, Schritt, an edit or a reset stopped the film at this step.
    Stopped { step: u64 },
    /// The browser's media module failed.
    Media(MediaError),
    /// The film is too large for memory and the browser cannot write it
    /// into a file: it was not started.
    TooLarge(FilmTooLarge),
}

/// What the page must do for the film.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilmEffect<P> {
    /// Set up the encoder for frames of `width` × `height` pixels (0 × 0:
    /// the view's own picture with the caption below it); report with
    /// [`FilmRun::encoder_started`].
    StartEncoder { width: u32, height: u32 },
    /// Have the session compute the film's `steps` steps; if it refuses,
    /// report [`FilmRun::steps_refused`].
    BeginSteps { steps: u64 },
    /// Ask the view for a complete picture of the shown step, drawn at
    /// `view_size` (`None`: its own size); report with
    /// [`FilmRun::picture_taken`] or [`FilmRun::picture_refused`].
    TakePicture {
        frame: u64,
        view_size: Option<(u32, u32)>,
    },
    /// Hand frame `frame`'s picture (captioned if the film is) to the
    /// encoder; report with [`FilmRun::frame_encoded`].
    EncodeFrame {
        frame: u64,
        picture: P,
        captioned: bool,
    },
    /// Tell the session the due frame is taken.
    FrameTaken,
    /// Write the file, named `stem` plus the format's extension; report
    /// with [`FilmRun::encoder_ended`].
    EndEncoder { stem: String },
    /// Drop what the encoder holds.
    CancelEncoder,
    /// Pause the swarm (a film that broke off stops where it stands).
    PauseSwarm,
    /// The view goes back to its own size.
    RestoreView,
    /// Say how it went.
    Tell(MediaNote),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The encoder is being set up.
    Starting,
    /// Waiting for the session to make a frame due.
    Waiting,
    /// Frame `frame` was asked of the view.
    Picturing { frame: u64, last: bool },
    /// Frame `frame` is with the encoder.
    Encoding { frame: u64, last: bool },
    /// The last frame is in; the file is being written.
    Ending,
}

#[derive(Debug, Clone, Copy)]
struct Film {
    phase: Phase,
    first: u64,
    steps: u64,
    /// Frames of the view's own size (with the caption below), not a
    /// chosen one.
    own_size: bool,
    captioned: bool,
    /// The size the view draws at while filming (`None`: its own).
    view_size: Option<(u32, u32)>,
    /// The last frame asked of the view.
    asked: Option<u64>,
    /// The frames the encoder has taken.
    done: u64,
    /// Abbrechen asks what to do with the frames so far: the film holds.
    asking: bool,
    /// „Bisherige Bilder speichern“ waits for the frame with the encoder,
    /// then ends the film there.
    keeping: bool,
}

impl Film {
    /// A picture asked of the view is no longer awaited (it may never come,
    /// or the film holds); the frame is asked again when it goes on.
    fn unask(&mut self) {
        if let Phase::Picturing { .. } = self.phase {
            self.phase = Phase::Waiting;
            self.asked = None;
        }
    }

    /// The file is written with the frames taken so far, named after their
    /// steps.
    fn end<P>(&mut self) -> FilmEffect<P> {
        self.phase = Phase::Ending;
        let last = self.first + self.done.saturating_sub(1);
        FilmEffect::EndEncoder {
            stem: crate::app::media::caption::film_file_stem(self.first, last),
        }
    }
}

/// The film being recorded, if any: one at a time.
#[derive(Debug, Default)]
pub struct FilmRun {
    film: Option<Film>,
    /// The view cannot draw now (the page is hidden, or another page of
    /// the app is shown): a film holds.
    view_away: bool,
}

impl FilmRun {
    /// No film.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a film is being recorded.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.film.is_some()
    }

    /// „Film aufnehmen“ from step `first` for `steps` steps, frames of
    /// `width` × `height` (0 × 0: the view's own picture, captioned below),
    /// with the caption or without. Ignored while a film is recorded.
    pub fn start<P>(
        &mut self,
        first: u64,
        steps: u64,
        (width, height): (u32, u32),
        captioned: bool,
    ) -> Vec<FilmEffect<P>> {
        if self.film.is_some() {
            return Vec::new();
        }
        if first.checked_add(steps).is_none() {
            return vec![FilmEffect::Tell(MediaNote::Failed(
                MediaFailure::BeyondLast,
            ))];
        }
        self.film = Some(Film {
            phase: Phase::Starting,
            first,
            steps,
            own_size: width == 0,
            captioned,
            view_size: None,
            asked: None,
            done: 0,
            asking: false,
            keeping: false,
        });
        vec![
            FilmEffect::Tell(MediaNote::Cleared),
            FilmEffect::StartEncoder { width, height },
        ]
    }

    /// The encoder is set up for frames of the size it answers, or failed.
    pub fn encoder_started<P>(
        &mut self,
        started: Result<(u32, u32), MediaError>,
    ) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut().filter(|f| f.phase == Phase::Starting) else {
            return Vec::new();
        };
        match started {
            Ok(size) => {
                film.view_size = (!film.own_size).then_some(size);
                film.phase = Phase::Waiting;
                vec![FilmEffect::BeginSteps { steps: film.steps }]
            }
            Err(why) => self.stop(MediaNote::Failed(MediaFailure::Media(why)), false),
        }
    }

    /// The session refused the film's steps (it would end beyond the
    /// largest step).
    pub fn steps_refused<P>(&mut self) -> Vec<FilmEffect<P>> {
        if !self.in_phase(|phase| phase == Phase::Waiting) {
            return Vec::new();
        }
        self.stop(MediaNote::Failed(MediaFailure::BeyondLast), false)
    }

    /// Whether the view can draw (`shown`: the page is visible and a view
    /// is on it), told whenever that or the view changes. Away, a film
    /// holds. A picture asked of the view is asked again with the next
    /// [`FilmRun::follow`] once a view is shown: a view that went or was
    /// replaced (the 3D view giving way to the SVG view) may never answer.
    pub fn view_shown(&mut self, shown: bool) {
        self.view_away = !shown;
        if let Some(film) = self.film.as_mut() {
            film.unask();
        }
    }

    /// Frame `frame` was asked of the view [`PICTURE_PATIENCE_MS`] ago and
    /// has not come: it is no longer awaited, and the next
    /// [`FilmRun::follow`] asks again (a view's order can be lost as it is
    /// torn down or its context comes back; asking again is harmless, the
    /// first picture to arrive is the frame). Returns whether it was still
    /// awaited.
    pub fn picture_overdue(&mut self, frame: u64) -> bool {
        let Some(film) = self.film.as_mut() else {
            return false;
        };
        if !matches!(film.phase, Phase::Picturing { frame: asked, .. } if asked == frame) {
            return false;
        }
        film.unask();
        true
    }

    /// While Abbrechen asks what to do: the frames the film holds so far
    /// (the frame with the encoder counts once it is taken).
    #[must_use]
    pub fn question(&self) -> Option<u64> {
        self.film.filter(|film| film.asking).map(|film| film.done)
    }

    /// Abbrechen: the film holds and asks whether to keep the frames so far
    /// ([`FilmRun::keep`]) or to drop them ([`FilmRun::discard`]); with no
    /// frame yet, it is dropped at once. The swarm stands at `shown_step`.
    pub fn ask_to_stop<P>(&mut self, shown_step: u64) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut().filter(|film| {
            !film.keeping
                && matches!(
                    film.phase,
                    Phase::Waiting | Phase::Picturing { .. } | Phase::Encoding { .. }
                )
        }) else {
            return Vec::new();
        };
        if film.done == 0 && !matches!(film.phase, Phase::Encoding { .. }) {
            return self.stop(
                MediaNote::Failed(MediaFailure::Stopped { step: shown_step }),
                true,
            );
        }
        film.asking = true;
        film.unask();
        Vec::new()
    }

    /// „Film verwerfen“: no file; the swarm paused where it stands
    /// (`shown_step`).
    pub fn discard<P>(&mut self, shown_step: u64) -> Vec<FilmEffect<P>> {
        if !self.film.is_some_and(|film| film.asking) {
            return Vec::new();
        }
        self.stop(
            MediaNote::Failed(MediaFailure::Stopped { step: shown_step }),
            true,
        )
    }

    /// „Bisherige Bilder als Film speichern“: the swarm is paused, and the
    /// file is written with the frames the encoder has taken (once it has
    /// taken the one it holds).
    pub fn keep<P>(&mut self) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut().filter(|film| film.asking) else {
            return Vec::new();
        };
        film.asking = false;
        film.keeping = true;
        let mut effects = vec![FilmEffect::PauseSwarm];
        if !matches!(film.phase, Phase::Encoding { .. }) {
            effects.push(film.end());
        }
        effects
    }

    /// What the session is doing now (`busy`), with the step it shows: a
    /// frame that became due is asked of the view (unless it is away);
    /// anything but filming means the film was stopped (Pause, Schritt, an
    /// edit, a reset).
    pub fn follow<P>(&mut self, busy: Option<Busy>, shown_step: u64) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut() else {
            return Vec::new();
        };
        if film.keeping || matches!(film.phase, Phase::Starting | Phase::Ending) {
            return Vec::new();
        }
        match busy {
            Some(Busy::Filming {
                frame,
                frames,
                due: true,
            }) if film.phase == Phase::Waiting
                && film.asked != Some(frame)
                && !self.view_away
                && !film.asking =>
            {
                film.asked = Some(frame);
                film.phase = Phase::Picturing {
                    frame,
                    last: frame == frames,
                };
                vec![FilmEffect::TakePicture {
                    frame,
                    view_size: film.view_size,
                }]
            }
            Some(Busy::Filming { .. }) => Vec::new(),
            _ => self.stop(
                MediaNote::Failed(MediaFailure::Stopped { step: shown_step }),
                false,
            ),
        }
    }

    /// The view drew frame `frame` and hands over its picture.
    pub fn picture_taken<P>(&mut self, frame: u64, picture: P) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut() else {
            return Vec::new();
        };
        let Phase::Picturing { frame: asked, last } = film.phase else {
            return Vec::new();
        };
        if asked != frame {
            return Vec::new();
        }
        film.phase = Phase::Encoding { frame, last };
        vec![FilmEffect::EncodeFrame {
            frame,
            picture,
            captioned: film.captioned,
        }]
    }

    /// The view could not be asked for frame `frame` (it is gone).
    pub fn picture_refused<P>(&mut self, frame: u64) -> Vec<FilmEffect<P>> {
        if !self.in_phase(|phase| matches!(phase, Phase::Picturing { frame: f, .. } if f == frame))
        {
            return Vec::new();
        }
        self.stop(MediaNote::Failed(MediaFailure::ViewGone), true)
    }

    /// The encoder took frame `frame`, or failed.
    pub fn frame_encoded<P>(
        &mut self,
        frame: u64,
        encoded: Result<(), MediaError>,
    ) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.as_mut() else {
            return Vec::new();
        };
        let Phase::Encoding {
            frame: taking,
            last,
        } = film.phase
        else {
            return Vec::new();
        };
        if taking != frame {
            return Vec::new();
        }
        if let Err(why) = encoded {
            return self.stop(MediaNote::Failed(MediaFailure::Media(why)), true);
        }
        film.done += 1;
        if film.keeping {
            return vec![film.end()];
        }
        if !last {
            film.phase = Phase::Waiting;
            return vec![FilmEffect::FrameTaken];
        }
        vec![FilmEffect::FrameTaken, film.end()]
    }

    /// The file is written (its size in bytes and its frames), or failed.
    pub fn encoder_ended<P>(
        &mut self,
        ended: Result<(u64, u64), MediaError>,
    ) -> Vec<FilmEffect<P>> {
        if !self.in_phase(|phase| phase == Phase::Ending) {
            return Vec::new();
        }
        let Some(film) = self.film.take() else {
            return Vec::new();
        };
        let note = match ended {
            Ok((bytes, frames)) => MediaNote::FilmSaved { bytes, frames },
            Err(why) => MediaNote::Failed(MediaFailure::Media(why)),
        };
        Self::ended(&film, note)
    }

    fn in_phase(&self, test: impl FnOnce(Phase) -> bool) -> bool {
        self.film.is_some_and(|film| test(film.phase))
    }

    /// Drops the film, the encoder's part too, with `note`.
    fn stop<P>(&mut self, note: MediaNote, pause: bool) -> Vec<FilmEffect<P>> {
        let Some(film) = self.film.take() else {
            return Vec::new();
        };
        let mut effects = vec![FilmEffect::CancelEncoder];
        if pause {
            effects.push(FilmEffect::PauseSwarm);
        }
        effects.extend(Self::ended(&film, note));
        effects
    }

    fn ended<P>(film: &Film, note: MediaNote) -> Vec<FilmEffect<P>> {
        let mut effects = Vec::new();
        if film.view_size.is_some() {
            effects.push(FilmEffect::RestoreView);
        }
        effects.push(FilmEffect::Tell(note));
        effects
    }
}

/// What a film's effects are carried out with: the page's encoder, view
/// and session, or a test's fakes. Answers that take time come back later
/// as events ([`FilmRun::encoder_started`] and the like).
pub trait FilmExecutor<P> {
    /// See [`FilmEffect::StartEncoder`].
    fn start_encoder(&mut self, width: u32, height: u32);
    /// See [`FilmEffect::BeginSteps`]; `false` when the session refuses.
    fn begin_steps(&mut self, steps: u64) -> bool;
    /// See [`FilmEffect::TakePicture`]; `false` when there is no view.
    fn take_picture(&mut self, frame: u64, view_size: Option<(u32, u32)>) -> bool;
    /// See [`FilmEffect::EncodeFrame`].
    fn encode_frame(&mut self, frame: u64, picture: P, captioned: bool);
    /// See [`FilmEffect::FrameTaken`].
    fn frame_taken(&mut self);
    /// See [`FilmEffect::EndEncoder`].
    fn end_encoder(&mut self, stem: &str);
    /// See [`FilmEffect::CancelEncoder`].
    fn cancel_encoder(&mut self);
    /// See [`FilmEffect::PauseSwarm`].
    fn pause_swarm(&mut self);
    /// See [`FilmEffect::RestoreView`].
    fn restore_view(&mut self);
    /// See [`FilmEffect::Tell`].
    fn tell(&mut self, note: MediaNote);
}

/// Carries out `effects` in order; an answer that is there at once (the
/// session refused the steps, the view is gone) goes back to the film
/// before the next effect.
pub fn carry_out<P>(
    run: &mut FilmRun,
    executor: &mut impl FilmExecutor<P>,
    effects: Vec<FilmEffect<P>>,
) {
    let mut pending: std::collections::VecDeque<_> = effects.into();
    while let Some(effect) = pending.pop_front() {
        let follow_up = match effect {
            FilmEffect::StartEncoder { width, height } => {
                executor.start_encoder(width, height);
                Vec::new()
            }
            FilmEffect::BeginSteps { steps } => {
                if executor.begin_steps(steps) {
                    Vec::new()
                } else {
                    run.steps_refused()
                }
            }
            FilmEffect::TakePicture { frame, view_size } => {
                if executor.take_picture(frame, view_size) {
                    Vec::new()
                } else {
                    run.picture_refused(frame)
                }
            }
            FilmEffect::EncodeFrame {
                frame,
                picture,
                captioned,
            } => {
                executor.encode_frame(frame, picture, captioned);
                Vec::new()
            }
            FilmEffect::FrameTaken => {
                executor.frame_taken();
                Vec::new()
            }
            FilmEffect::EndEncoder { stem } => {
                executor.end_encoder(&stem);
                Vec::new()
            }
            FilmEffect::CancelEncoder => {
                executor.cancel_encoder();
                Vec::new()
            }
            FilmEffect::PauseSwarm => {
                executor.pause_swarm();
                Vec::new()
            }
            FilmEffect::RestoreView => {
                executor.restore_view();
                Vec::new()
            }
            FilmEffect::Tell(note) => {
                executor.tell(note);
                Vec::new()
            }
        };
        pending.extend(follow_up);
    }
}

#[cfg(test)]
mod tests;
