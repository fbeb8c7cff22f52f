//! A film from start to file, and every way it can break off, with the
//! real session computing on the main thread and fakes for the encoder and
//! the view whose answers a test delivers when it wants.

use super::*;
use crate::app::media::MediaError;
use crate::app::platform::engine::WorkerFailure;
use crate::app::simulation::session::{Busy, Session, driver};
use crate::model::{Kinematics, Params};

/// The main thread computes every job at once.
struct Here;

impl driver::Executor for Here {
    fn start_workers(&mut self, _size: u32) -> Result<u32, WorkerFailure> {
        Err(WorkerFailure::Refused(None))
    }

    fn dispatch(&mut self, _job: u32, _state: &Kinematics) {
        unreachable!("no workers");
    }

    fn compute_later(&mut self, _job: u32) {
        unreachable!("a film computes one step at a time");
    }

    fn compute_after_paint(&mut self, _job: u32) {
        unreachable!("a film's small swarm never takes long");
    }

    fn clock(&mut self) -> f64 {
        0.0
    }
}

/// The page around the film: the session, and an encoder and a view that
/// keep what they are asked until a test answers. A picture is the step
/// the view showed when it drew it.
#[derive(Default)]
struct Page {
    session: Session,
    view: bool,
    starting: Vec<(u32, u32)>,
    pictures: Vec<u64>,
    encoding: Vec<(u64, bool)>,
    ending: Vec<String>,
    /// The steps of the frames the encoder took, in order.
    film: Vec<u64>,
    cancelled: u32,
    paused: u32,
    restored: u32,
    notes: Vec<MediaNote>,
}

impl Page {
    fn shown_step(&self) -> u64 {
        self.session.swarm().map_or(0, |swarm| swarm.step_count())
    }

    fn drive(&mut self) {
        driver::drive(&mut self.session, &mut Here);
    }
}

impl FilmExecutor<u64> for Page {
    fn start_encoder(&mut self, width: u32, height: u32) {
        self.starting.push((width, height));
    }

    fn begin_steps(&mut self, steps: u64) -> bool {
        let begun = self.session.film(steps, 0.0).is_ok();
        self.drive();
        begun
    }

    fn take_picture(&mut self, frame: u64, _view_size: Option<(u32, u32)>) -> bool {
        if self.view {
            self.pictures.push(frame);
        }
        self.view
    }

    fn encode_frame(&mut self, frame: u64, picture: u64, captioned: bool) {
        self.film.push(picture);
        self.encoding.push((frame, captioned));
    }

    fn frame_taken(&mut self) {
        self.session.film_frame_taken(0.0);
        self.drive();
    }

    fn end_encoder(&mut self, stem: &str) {
        self.ending.push(stem.to_owned());
    }

    fn cancel_encoder(&mut self) {
        self.cancelled += 1;
    }

    fn pause_swarm(&mut self) {
        self.paused += 1;
        self.session.pause(0.0);
        self.drive();
    }

    fn restore_view(&mut self) {
        self.restored += 1;
    }

    fn tell(&mut self, note: MediaNote) {
        self.notes.push(note);
    }
}

/// The film and the page, and the panel's effect that follows the
/// session's progress after everything the page does.
struct Harness {
    run: FilmRun,
    page: Page,
}

impl Harness {
    /// A swarm of 30 boids at step `step`, and a view.
    fn at_step(step: u64) -> Self {
        let mut page = Page {
            view: true,
            ..Page::default()
        };
        let params = Params {
            count: 30,
            ..Params::default()
        };
        page.session
            .initialise_at(&params, step, 0.0)
            .expect("valid params");
        page.drive();
        assert_eq!(page.shown_step(), step);
        Self {
            run: FilmRun::new(),
            page,
        }
    }

    fn act(&mut self, effects: Vec<FilmEffect<u64>>) {
        carry_out(&mut self.run, &mut self.page, effects);
        loop {
            let effects = self
                .run
                .follow(self.page.session.busy(), self.page.shown_step());
            if effects.is_empty() {
                break;
            }
            carry_out(&mut self.run, &mut self.page, effects);
        }
    }

    fn start(&mut self, steps: u64, size: (u32, u32)) {
        let first = self.page.shown_step();
        let effects = self.run.start(first, steps, size, true);
        self.act(effects);
    }

    /// The encoder answers that it started, at `size`.
    fn encoder_starts(&mut self, size: (u32, u32)) {
        self.page.starting.pop().expect("asked to start");
        let effects = self.run.encoder_started(Ok(size));
        self.act(effects);
    }

    /// The view delivers the oldest picture asked of it.
    fn view_draws(&mut self) {
        let frame = self.page.pictures.remove(0);
        let effects = self.run.picture_taken(frame, self.page.shown_step());
        self.act(effects);
    }

    /// The encoder answers the oldest frame it was given.
    fn encoder_takes(&mut self, taken: Result<(), MediaError>) {
        let (frame, _) = self.page.encoding.remove(0);
        let effects = self.run.frame_encoded(frame, taken);
        self.act(effects);
    }

    /// The page is hidden or shown, or the view leaves or comes back (the
    /// recorder passes the session's progress on at once).
    fn view_shown(&mut self, shown: bool) {
        self.run.view_shown(shown);
        self.act(Vec::new());
    }

    /// Everything answers until the film waits for nothing.
    fn settle(&mut self) {
        loop {
            if !self.page.pictures.is_empty() {
                self.view_draws();
            } else if !self.page.encoding.is_empty() {
                self.encoder_takes(Ok(()));
            } else {
                break;
            }
        }
    }
}

#[test]
fn a_film_holds_one_frame_per_step_and_is_saved() {
    let mut harness = Harness::at_step(5);
    harness.start(3, (1280, 720));
    assert!(harness.run.is_active());
    assert_eq!(harness.page.starting, [(1280, 720)]);
    assert_eq!(harness.page.notes, [MediaNote::Cleared]);
    harness.encoder_starts((1280, 720));
    harness.settle();
    assert_eq!(
        harness.page.film,
        [5, 6, 7, 8],
        "K + 1 frames, steps k0 ..= k0 + K"
    );
    assert_eq!(harness.page.ending, ["boids-schwarm-5-8"]);
    assert!(harness.run.is_active(), "until the file is written");
    let effects = harness.run.encoder_ended(Ok((40_000, 4)));
    harness.act(effects);
    assert!(!harness.run.is_active());
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::FilmSaved {
            bytes: 40_000,
            frames: 4
        })
    );
    assert_eq!(harness.page.restored, 1, "the view back to its own size");
    assert_eq!(harness.page.cancelled, 0);
    assert_eq!(harness.page.session.busy(), None);
    assert_eq!(harness.page.shown_step(), 8);
}

#[test]
fn a_film_at_the_view_s_own_size_leaves_the_view_alone() {
    let mut harness = Harness::at_step(0);
    harness.start(1, (0, 0));
    harness.encoder_starts((640, 400));
    harness.settle();
    let effects = harness.run.encoder_ended(Ok((1_000, 2)));
    harness.act(effects);
    assert_eq!(harness.page.film, [0, 1]);
    assert_eq!(harness.page.restored, 0);
}

#[test]
fn pause_mid_film_stops_it_where_the_swarm_stands_and_late_answers_change_nothing() {
    let mut harness = Harness::at_step(0);
    harness.start(10, (1280, 720));
    harness.encoder_starts((1280, 720));
    harness.view_draws();
    harness.encoder_takes(Ok(()));
    harness.view_draws();
    // Frame 2 is with the encoder when the user pauses (or the page is
    // hidden, which pauses the swarm).
    harness.page.session.pause(0.0);
    harness.page.drive();
    harness.act(Vec::new());
    assert!(!harness.run.is_active());
    assert_eq!(harness.page.cancelled, 1);
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::Stopped { step: 1 }))
    );
    // The encoder's late answer and a late picture do nothing.
    let notes = harness.page.notes.len();
    harness.encoder_takes(Ok(()));
    let late = harness.run.picture_taken(3, 3);
    harness.act(late);
    assert_eq!(harness.page.notes.len(), notes);
    assert_eq!(harness.page.shown_step(), 1);
    // A new film can begin.
    harness.start(1, (1280, 720));
    assert!(harness.run.is_active());
}

#[test]
fn an_encoder_that_fails_stops_the_film_and_pauses_the_swarm() {
    let mut harness = Harness::at_step(0);
    harness.start(5, (1280, 720));
    harness.encoder_starts((1280, 720));
    harness.view_draws();
    harness.encoder_takes(Err(MediaError::Hint("Der Speicher ist voll.".to_owned())));
    assert!(!harness.run.is_active());
    assert_eq!(harness.page.cancelled, 1);
    assert_eq!(harness.page.paused, 1);
    assert_eq!(harness.page.session.busy(), None);
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::Media(MediaError::Hint(
            "Der Speicher ist voll.".to_owned()
        ))))
    );
}

#[test]
fn an_encoder_that_cannot_start_leaves_the_swarm_as_it_was() {
    let mut harness = Harness::at_step(2);
    harness.start(5, (0, 0));
    let effects = harness.run.encoder_started(Err(MediaError::Browser(None)));
    harness.act(effects);
    assert!(!harness.run.is_active());
    assert_eq!(harness.page.cancelled, 1);
    assert_eq!(harness.page.paused, 0);
    assert_eq!(harness.page.session.busy(), None);
    assert_eq!(harness.page.shown_step(), 2);
}

#[test]
fn a_view_that_went_away_stops_the_film() {
    let mut harness = Harness::at_step(0);
    harness.start(5, (1280, 720));
    harness.page.view = false;
    harness.encoder_starts((1280, 720));
    assert!(!harness.run.is_active());
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::ViewGone))
    );
    assert_eq!(harness.page.session.busy(), None, "paused");
}

#[test]
fn a_film_beyond_the_largest_step_is_refused_by_the_session() {
    let mut harness = Harness::at_step(0);
    let effects = harness
        .run
        .start::<u64>(u64::MAX - 1, 5, (1280, 720), false);
    assert_eq!(
        effects,
        [FilmEffect::Tell(MediaNote::Failed(
            MediaFailure::BeyondLast
        ))]
    );
    harness.start(crate::model::MAX_STEP + 1, (1280, 720));
    harness.encoder_starts((1280, 720));
    assert!(!harness.run.is_active());
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::BeyondLast))
    );
}

#[test]
fn a_hidden_page_holds_the_film_and_it_goes_on_with_every_frame_when_shown() {
    let mut harness = Harness::at_step(3);
    harness.start(6, (1280, 720));
    harness.encoder_starts((1280, 720));
    harness.view_draws();
    // Frame 1 is with the encoder when the page is hidden: it is taken, the
    // next step is computed, and then the film waits.
    harness.view_shown(false);
    harness.encoder_takes(Ok(()));
    assert!(
        harness.page.pictures.is_empty(),
        "nothing asked while hidden"
    );
    assert_eq!(harness.page.shown_step(), 4);
    assert!(matches!(
        harness.page.session.busy(),
        Some(Busy::Filming { due: true, .. })
    ));
    // Held for as long as the page stays hidden.
    harness.act(Vec::new());
    assert!(harness.page.pictures.is_empty());
    assert_eq!(harness.page.shown_step(), 4);
    harness.view_shown(true);
    assert_eq!(harness.page.pictures, [2]);
    harness.settle();
    let effects = harness.run.encoder_ended(Ok((9_000, 7)));
    harness.act(effects);
    assert_eq!(harness.page.film, [3, 4, 5, 6, 7, 8, 9], "every step once");
    assert_eq!(harness.page.ending, ["boids-schwarm-3-9"]);
    assert_eq!((harness.page.cancelled, harness.page.paused), (0, 0));
}

#[test]
fn a_picture_asked_before_the_view_went_away_is_asked_again_and_taken_once() {
    let mut harness = Harness::at_step(0);
    harness.start(4, (0, 0));
    harness.encoder_starts((640, 400));
    harness.view_draws();
    harness.encoder_takes(Ok(()));
    assert_eq!(harness.page.pictures, [2], "frame 2 asked of the view");
    // Another page: the view (and the picture asked of it) goes away; a
    // late picture while away is no frame.
    harness.view_shown(false);
    harness.view_draws();
    assert!(harness.page.encoding.is_empty());
    harness.view_shown(true);
    assert_eq!(harness.page.pictures, [2], "asked again");
    // Hidden and shown again while the picture is asked: two asks for
    // frame 2; the first answer is the frame, the second changes nothing.
    harness.view_shown(false);
    harness.view_shown(true);
    assert_eq!(harness.page.pictures, [2, 2]);
    harness.view_draws();
    harness.view_draws();
    assert_eq!(harness.page.encoding.len(), 1);
    harness.settle();
    assert_eq!(harness.page.film, [0, 1, 2, 3, 4]);
    assert_eq!(harness.page.ending, ["boids-schwarm-0-4"]);
}

#[test]
fn a_view_that_replaces_another_is_asked_again() {
    let mut harness = Harness::at_step(0);
    harness.start(2, (0, 0));
    harness.encoder_starts((640, 400));
    assert_eq!(harness.page.pictures, [1]);
    // The 3D view gives way to the SVG view: the first never answers.
    harness.page.pictures.clear();
    harness.view_shown(true);
    assert_eq!(harness.page.pictures, [1]);
    harness.settle();
    assert_eq!(harness.page.film, [0, 1, 2]);
}

#[test]
fn a_film_started_while_the_view_is_away_waits_for_it() {
    let mut harness = Harness::at_step(0);
    harness.start(2, (1280, 720));
    harness.view_shown(false);
    harness.encoder_starts((1280, 720));
    assert!(harness.page.pictures.is_empty());
    harness.view_shown(true);
    harness.settle();
    assert_eq!(harness.page.film, [0, 1, 2]);
}

#[test]
fn a_second_start_while_filming_is_ignored() {
    let mut harness = Harness::at_step(0);
    harness.start(5, (1280, 720));
    assert!(harness.run.start::<u64>(0, 3, (0, 0), false).is_empty());
}

#[test]
fn abbrechen_asks_and_keeping_writes_the_frames_so_far_as_a_shorter_film() {
    let mut harness = Harness::at_step(10);
    harness.start(100, (1280, 720));
    harness.encoder_starts((1280, 720));
    for _ in 0..3 {
        harness.view_draws();
        harness.encoder_takes(Ok(()));
    }
    // Frame 4 (step 13) is asked of the view when Abbrechen asks.
    assert_eq!(harness.page.pictures, [4]);
    let effects = harness.run.ask_to_stop(harness.page.shown_step());
    harness.act(effects);
    assert_eq!(harness.run.question(), Some(3));
    assert!(harness.run.is_active(), "held while it asks");
    // The late picture is no frame; nothing more is asked.
    harness.view_draws();
    assert!(harness.page.encoding.is_empty() && harness.page.pictures.is_empty());
    let effects = harness.run.keep();
    harness.act(effects);
    assert_eq!(harness.run.question(), None);
    assert_eq!(harness.page.film, [10, 11, 12]);
    assert_eq!(harness.page.ending, ["boids-schwarm-10-12"]);
    assert_eq!(harness.page.paused, 1);
    assert_eq!(harness.page.session.busy(), None);
    assert_eq!(harness.page.shown_step(), 13, "where the swarm stood");
    let effects = harness.run.encoder_ended(Ok((3_000, 3)));
    harness.act(effects);
    assert!(!harness.run.is_active());
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::FilmSaved {
            bytes: 3_000,
            frames: 3
        })
    );
    assert_eq!(harness.page.cancelled, 0);
}

#[test]
fn keeping_while_a_frame_is_encoded_waits_for_it_and_ends_with_it() {
    let mut harness = Harness::at_step(0);
    harness.start(50, (0, 0));
    harness.encoder_starts((640, 400));
    harness.view_draws();
    harness.encoder_takes(Ok(()));
    harness.view_draws();
    // Frame 2 is with the encoder.
    let effects = harness.run.ask_to_stop(harness.page.shown_step());
    harness.act(effects);
    assert_eq!(harness.run.question(), Some(1));
    let effects = harness.run.keep();
    harness.act(effects);
    assert!(harness.page.ending.is_empty(), "not before frame 2 is in");
    harness.encoder_takes(Ok(()));
    assert_eq!(harness.page.film, [0, 1]);
    assert_eq!(harness.page.ending, ["boids-schwarm-0-1"]);
    assert_eq!(
        harness.page.shown_step(),
        1,
        "no step after the kept frames"
    );
    assert!(harness.page.pictures.is_empty());
}

#[test]
fn discarding_drops_the_film_and_the_swarm_stands_where_it_was() {
    let mut harness = Harness::at_step(0);
    harness.start(50, (1280, 720));
    harness.encoder_starts((1280, 720));
    harness.view_draws();
    harness.encoder_takes(Ok(()));
    harness.view_draws();
    let effects = harness.run.ask_to_stop(harness.page.shown_step());
    harness.act(effects);
    // The frame with the encoder is taken while the panel asks: one step
    // more is computed, then the film holds.
    harness.encoder_takes(Ok(()));
    assert_eq!(harness.run.question(), Some(2));
    assert!(harness.page.pictures.is_empty());
    assert_eq!(harness.page.shown_step(), 2);
    let effects = harness.run.discard(harness.page.shown_step());
    harness.act(effects);
    assert!(!harness.run.is_active());
    assert!(harness.page.ending.is_empty());
    assert_eq!((harness.page.cancelled, harness.page.paused), (1, 1));
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::Stopped { step: 2 }))
    );
    assert_eq!(harness.page.session.busy(), None);
    // Answers after the film are nothing.
    assert!(harness.run.keep::<u64>().is_empty());
    assert!(harness.run.discard::<u64>(2).is_empty());
}

#[test]
fn abbrechen_before_the_first_frame_drops_the_film_at_once() {
    let mut harness = Harness::at_step(4);
    harness.start(50, (1280, 720));
    harness.encoder_starts((1280, 720));
    let effects = harness.run.ask_to_stop(harness.page.shown_step());
    harness.act(effects);
    assert!(!harness.run.is_active());
    assert_eq!(harness.run.question(), None);
    assert_eq!(
        harness.page.notes.last(),
        Some(&MediaNote::Failed(MediaFailure::Stopped { step: 4 }))
    );
}

#[test]
fn a_picture_that_never_comes_is_asked_again() {
    let mut harness = Harness::at_step(0);
    harness.start(2, (0, 0));
    harness.encoder_starts((640, 400));
    assert_eq!(harness.page.pictures, [1]);
    // The view lost the order: nothing comes back.
    harness.page.pictures.clear();
    assert!(harness.run.picture_overdue(1));
    harness.act(Vec::new());
    assert_eq!(harness.page.pictures, [1], "asked again");
    // A late timer of a frame that came meanwhile changes nothing.
    harness.view_draws();
    assert!(!harness.run.picture_overdue(1));
    assert!(!harness.run.picture_overdue(7));
    harness.settle();
    assert_eq!(harness.page.film, [0, 1, 2]);
    assert_eq!(harness.page.ending, ["boids-schwarm-0-2"]);
}
