//! The user's commands (SPEC §3): the controls, the keyboard, a link, a
//! loaded state, the selection and the animation frames. A command first
//! answers an open question with „Abbrechen“ ([`Session::decline`]).

use std::cmp::Ordering;

use super::activity::{Activity, Doing};
use super::ask::{Asking, Held};
use super::pace::Pace;
use super::{GoToError, Origin, Session};
use crate::app::platform::engine::JobKind;
use crate::model::{Kinematics, MAX_STEP, ParamError, Params};

impl Session {
    /// Initialisieren: builds a new swarm from the params, paused at step 0,
    /// without selection (once its steering is computed). The old swarm and
    /// whatever was computed for it are gone at once.
    pub fn initialise(&mut self, params: &Params, now: f64) -> Result<(), ParamError> {
        let first = Kinematics::initial(params)?;
        self.build(first, Origin::Initialised, None, now);
        Ok(())
    }

    /// What a link with `schritt` asks for: builds the swarm from the params
    /// and brings it to `target`, paused, one step after the other through
    /// the same jobs as Schritt, so the state is the one stepping by hand
    /// gives. [`Session::pause`] (Abbrechen), an edit or a reset stops it.
    pub fn initialise_at(
        &mut self,
        params: &Params,
        target: u64,
        now: f64,
    ) -> Result<(), ParamError> {
        let first = Kinematics::initial(params)?;
        self.build(
            first,
            Origin::Initialised,
            (target > 0).then_some(target.min(MAX_STEP)),
            now,
        );
        Ok(())
    }

    /// „Zustand laden“: replaces the swarm by a loaded state (once its
    /// steering is computed), paused at its step, without selection.
    pub fn load(&mut self, state: Kinematics, now: f64) {
        self.build(state, Origin::Imported, None, now);
    }

    /// Zurücksetzen, and what any edit of a parameter does: removes the swarm
    /// and the selection, and drops whatever is being computed. A swarm that
    /// had run is kept for a while for [`Session::undo`].
    pub fn reset(&mut self, now: f64) {
        self.decline(now);
        // What the user accepted for the main thread was for this swarm.
        self.accepted = false;
        self.drop_job(now);
        if matches!(self.activity, Activity::Ready { .. }) {
            self.bump();
        }
        // A swarm that had run stays offered for Rückgängig.
        self.discard(now);
    }

    /// Starten: continues the current state in real time. Refused without a
    /// swarm, at the largest step, and on the way to a step (Abbrechen
    /// first), so that a run never mixes with the steps of the way. A Schritt being computed becomes the
    /// run's first step.
    pub fn start(&mut self, now: f64) {
        self.decline(now);
        if let Activity::Ready { run, doing } = &mut self.activity
            && matches!(doing, Doing::Paused | Doing::Stepping)
            && run.swarm.can_step()
        {
            *doing = Doing::Running(Pace::new());
        }
    }

    /// Pause (also Abbrechen, a hidden page, a page change): stops; the
    /// partly elapsed step time is discarded, and so is a step being
    /// computed, so nothing changes after Pause. Only a new swarm's build
    /// goes on (without it there is no swarm), but a link's way to its step
    /// ends.
    pub fn pause(&mut self, now: f64) {
        self.decline(now);
        match &mut self.activity {
            Activity::Empty => {}
            Activity::Building { target, .. } => *target = None,
            Activity::Ready { doing, .. } => {
                if !matches!(doing, Doing::Paused) {
                    *doing = Doing::Paused;
                    self.drop_job(now);
                }
            }
        }
    }

    /// Starts when paused, pauses when running (the Space key).
    pub fn toggle(&mut self, now: f64) {
        if matches!(
            self.activity,
            Activity::Ready {
                doing: Doing::Running(_),
                ..
            }
        ) {
            self.pause(now);
        } else {
            self.start(now);
        }
    }

    /// Schritt: pauses first, then advances exactly one step. Ignored while
    /// the previous Schritt is still being computed (it is not queued); on
    /// the way to a step it stops the way (as Abbrechen does) and steps from
    /// the state that leaves.
    /// At the largest step it only pauses and says so.
    pub fn step(&mut self, now: f64) -> Result<(), GoToError> {
        if matches!(
            self.activity,
            Activity::Ready {
                doing: Doing::Stepping,
                ..
            }
        ) {
            return Ok(());
        }
        self.pause(now);
        // From the state the way leaves behind (a way back not yet arrived
        // gives back where it began, which is what the page shows).
        self.end_finished_way();
        let Activity::Ready { run, doing } = &mut self.activity else {
            return Ok(());
        };
        let next = run.swarm.next_kinematics().ok_or(GoToError::BeyondLast)?;
        *doing = Doing::Stepping;
        self.begin(JobKind::Step, next, now);
        Ok(())
    }

    /// „Gehe zu Schritt“: pauses, then brings the swarm to `target`, paused:
    /// forward by stepping, backward by rebuilding the nearest checkpoint at
    /// or before it and stepping from there, so an earlier step comes back
    /// bit for bit and the selection stays. A way estimated above a minute,
    /// or a long job for the main thread, asks first
    /// ([`Session::question`]): the swarm then waits, paused where it
    /// stands.
    pub fn go_to(&mut self, target: u64, now: f64) -> Result<(), GoToError> {
        self.pause(now);
        self.way_jobs(target)?;
        if self.way_question(target).is_some() {
            // The answer may take a while: until then the page shows where
            // the swarm stands, and the way would start from there.
            self.end_finished_way();
            if let Some(question) = self.way_question(target) {
                self.asking = Some(Asking {
                    question,
                    held: Held::GoTo { target },
                });
                return Ok(());
            }
        }
        self.go_now(target, now)
    }

    /// How many jobs the way to `target` takes from the swarm's state: the
    /// steps forward, or the checkpoint rebuilt and the steps from it. An
    /// error when it cannot go there.
    pub(super) fn way_jobs(&self, target: u64) -> Result<u64, GoToError> {
        let run = self.run().ok_or(GoToError::NoSwarm)?;
        let current = run.swarm.step_count();
        let first = run.checkpoints.first_step().unwrap_or(0);
        if target < first {
            return Err(GoToError::BeforeFirst { first });
        }
        if target > MAX_STEP {
            return Err(GoToError::BeyondLast);
        }
        match target.cmp(&current) {
            Ordering::Equal => Ok(0),
            Ordering::Greater if run.swarm.can_step() => Ok(target - current),
            Ordering::Greater => Err(GoToError::BeyondLast),
            Ordering::Less => run
                .checkpoints
                .nearest(target)
                .map(|from| target - from.step_count() + 1)
                .ok_or(GoToError::BeforeFirst { first }),
        }
    }

    /// Goes to `target` now (paused first), without asking.
    pub(super) fn go_now(&mut self, target: u64, now: f64) -> Result<(), GoToError> {
        self.pause(now);
        self.way_jobs(target)?;
        let Activity::Ready { run, doing } = &mut self.activity else {
            return Err(GoToError::NoSwarm);
        };
        let current = run.swarm.step_count();
        if target != current || run.shown.is_some() {
            run.freeze(target);
        }
        // `way_jobs` has found the next step or the checkpoint.
        let job = match target.cmp(&current) {
            Ordering::Equal => None,
            Ordering::Greater => run.swarm.next_kinematics().map(|next| {
                *doing = Doing::Seeking { target };
                (JobKind::Step, next)
            }),
            Ordering::Less => run.checkpoints.nearest(target).cloned().map(|restart| {
                *doing = Doing::Restoring { target };
                (JobKind::Build, restart)
            }),
        };
        if let Some((kind, state)) = job {
            self.begin(kind, state, now);
        }
        Ok(())
    }

    /// „Schritt zurück“: pauses, then goes back exactly one step; on the way
    /// to a step, one step before the step it leads to.
    pub fn step_back(&mut self, now: f64) -> Result<(), GoToError> {
        let current = self
            .activity
            .target()
            .or_else(|| self.swarm().map(|swarm| swarm.step_count()));
        match current {
            None => Err(GoToError::NoSwarm),
            Some(0) => Err(GoToError::BeforeFirst { first: 0 }),
            Some(step) => self.go_to(step - 1, now),
        }
    }

    /// Selects a boid (ignored when out of range) or clears the selection.
    pub fn select(&mut self, boid: Option<usize>) {
        if let Activity::Ready { run, .. } = &mut self.activity {
            run.selection = boid.filter(|&boid| boid < run.swarm.len());
        }
    }

    /// An animation frame at `now` while running: turns the real time since
    /// the last frame into owed steps (at most [`MAX_OWED_STEPS`] wait) and
    /// starts the next one when nothing is in flight.
    ///
    /// [`MAX_OWED_STEPS`]: super::pace::MAX_OWED_STEPS
    pub fn frame(&mut self, now: f64) {
        if let Activity::Ready {
            doing: Doing::Running(pace),
            ..
        } = &mut self.activity
        {
            pace.frame(now);
            self.start_owed_step(now);
        }
    }

    /// Drawing the view once took `ms` (measured while running).
    pub fn record_draw(&mut self, ms: f64) {
        if let Activity::Ready {
            doing: Doing::Running(pace),
            ..
        } = &mut self.activity
        {
            pace.record_draw(ms);
        }
    }

    /// Removes the swarm and starts building a new one from `first`; where
    /// the main thread would take long for it, asks first and changes
    /// nothing until the answer.
    fn build(&mut self, first: Kinematics, origin: Origin, target: Option<u64>, now: f64) {
        self.decline(now);
        if let Some(question) = self.build_question(first.params()) {
            self.asking = Some(Asking {
                question,
                held: Held::Build {
                    first,
                    origin,
                    target,
                },
            });
            return;
        }
        self.build_now(first, origin, target, false, now);
    }

    /// Removes the swarm and starts building a new one from `first`;
    /// `accepted` says that the user accepted its long jobs on the main
    /// thread.
    pub(super) fn build_now(
        &mut self,
        first: Kinematics,
        origin: Origin,
        target: Option<u64>,
        accepted: bool,
        now: f64,
    ) {
        self.reset(now);
        self.accepted = accepted;
        self.activity = Activity::Building { origin, target };
        self.begin(JobKind::Build, first, now);
    }
}
