//! „Rückgängig“: a swarm that had run and was then discarded (by an edit, a
//! preset, Initialisieren, a loaded state, a link or Zurücksetzen) is kept
//! for a while and can come back exactly as it was: its state, checkpoints,
//! series and selection, paused. SPEC §3 still holds: the discard did
//! invalidate it, and only an explicit Rückgängig brings it back (with the
//! inputs it was made with).

use super::Session;
use super::activity::{Activity, Doing, Run};
use crate::model::Params;

/// How long a discarded swarm is offered back, in ms.
pub const UNDO_WINDOW_MS: f64 = 60_000.0;

/// The swarm last discarded, and when.
#[derive(Debug)]
pub(super) struct Discarded {
    run: Box<Run>,
    at: f64,
}

/// What „Rückgängig“ would bring back, for the notice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UndoOffer {
    /// The step the discarded swarm was at.
    pub step: u64,
    /// Its number of boids.
    pub count: u32,
    /// The ms left of the offer.
    pub remaining_ms: f64,
}

impl Run {
    /// Whether losing this run loses work: it went beyond its first state
    /// (a swarm just initialised or loaded comes back by doing that again).
    fn had_run(&self) -> bool {
        self.checkpoints
            .first_step()
            .is_some_and(|first| self.swarm.step_count() > first)
    }
}

impl Session {
    /// Takes the current swarm out, paused, keeping it for Rückgängig when it
    /// had run; the activity is left empty.
    pub(super) fn discard(&mut self, now: f64) {
        if let Activity::Ready { mut run, .. } =
            std::mem::replace(&mut self.activity, Activity::Empty)
        {
            // A way cut off here leaves what Abbrechen would.
            run.end_way();
            if run.had_run() {
                self.discarded = Some(Discarded { run, at: now });
            }
        }
    }

    /// What Rückgängig would bring back at `now`; `None` when nothing was
    /// discarded or the offer has run out.
    #[must_use]
    pub fn undo_offer(&self, now: f64) -> Option<UndoOffer> {
        let discarded = self.discarded.as_ref()?;
        let remaining_ms = UNDO_WINDOW_MS - (now - discarded.at);
        (remaining_ms > 0.0).then(|| UndoOffer {
            step: discarded.run.swarm.step_count(),
            count: discarded.run.swarm.params().count,
            remaining_ms,
        })
    }

    /// Rückgängig: the swarm last discarded comes back exactly as it was,
    /// paused, and the parameters it was made with are returned for the
    /// inputs. What is there now is discarded in its place (so a second
    /// Rückgängig swaps back). `None` when nothing is offered at `now`.
    pub fn undo(&mut self, now: f64) -> Option<Params> {
        self.undo_offer(now)?;
        let discarded = self.discarded.take()?;
        self.reset(now);
        let params = *discarded.run.swarm.params();
        self.activity = Activity::Ready {
            run: discarded.run,
            doing: Doing::Paused,
        };
        self.bump();
        Some(params)
    }
}
