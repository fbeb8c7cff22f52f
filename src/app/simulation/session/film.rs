//! „Film aufnehmen“ (SPEC §9): K + 1 frames, the states at steps k0 ..=
//! k0 + K, each step computed through the same jobs as Schritt and only
//! after the view has taken the frame of the step before, so a film holds
//! exactly one frame per step however long a step or a frame takes.

use super::activity::{Activity, Doing};
use super::{GoToError, Session};
use crate::app::platform::engine::JobKind;
use crate::model::MAX_STEP;

impl Session {
    /// Begins a film of `steps` steps from the state the page shows:
    /// pauses (a way to a step ends where it stands), then waits for the
    /// view to take the first frame ([`Session::film_frame_taken`]).
    /// Pause (Abbrechen), Schritt, an edit or a reset stops the film and
    /// keeps the swarm where it is.
    pub fn film(&mut self, steps: u64, now: f64) -> Result<(), GoToError> {
        self.pause(now);
        self.end_finished_way();
        let Activity::Ready { run, doing } = &mut self.activity else {
            return Err(GoToError::NoSwarm);
        };
        let first = run.swarm.step_count();
        let last = first
            .checked_add(steps)
            .filter(|&last| last <= MAX_STEP)
            .ok_or(GoToError::BeyondLast)?;
        *doing = Doing::Filming {
            first,
            last,
            frame_due: true,
        };
        Ok(())
    }

    /// The view has taken the frame of the shown step: the next step is
    /// computed, or, after the last frame, the film ends with the swarm
    /// paused there. Returns whether that was the last frame. Ignored
    /// unless a frame is due.
    pub fn film_frame_taken(&mut self, now: f64) -> bool {
        let Activity::Ready { run, doing } = &mut self.activity else {
            return false;
        };
        let Doing::Filming {
            last,
            frame_due: frame_due @ true,
            ..
        } = doing
        else {
            return false;
        };
        if run.swarm.step_count() >= *last {
            *doing = Doing::Paused;
            return true;
        }
        let Some(next) = run.swarm.next_kinematics() else {
            *doing = Doing::Paused;
            return true;
        };
        *frame_due = false;
        self.begin(JobKind::Step, next, now);
        false
    }
}
