//! What the app is doing, as one value, and the readouts the views take from
//! it.

use super::pace::Pace;
use crate::app::simulation::checkpoints::Checkpoints;
use crate::model::{Measures, Series, Swarm};

/// What the session is doing. Each variant holds what it needs and nothing
/// else: there is no swarm while a new one is built, a run's clock exists
/// only while running, and the step a way leads to is stored once.
#[derive(Debug)]
pub(super) enum Activity {
    /// No swarm and nothing being built: Initialisieren first.
    Empty,
    /// A new swarm's steering is the job in flight (Initialisieren, a loaded
    /// state, a link); the old swarm is already gone.
    Building {
        /// Where the new swarm comes from.
        origin: Origin,
        /// The step a link asks for: once built, the swarm goes there.
        target: Option<u64>,
    },
    /// A swarm, and what is being done with it.
    Ready {
        /// The swarm and what belongs to it (boxed: it is large beside the
        /// other variants).
        run: Box<Run>,
        /// What is being done with it.
        doing: Doing,
    },
}

/// What is being done with an existing swarm, and which job that means: a
/// Step in flight while running, stepping or going forward; the Build of a
/// checkpoint while restoring; nothing while paused.
#[derive(Debug)]
pub(super) enum Doing {
    /// Nothing advances and nothing is computed.
    Paused,
    /// Real time becomes steps; at most one of them is in flight.
    Running(Pace),
    /// One Schritt is being computed.
    Stepping,
    /// Going forward to `target` one step after the other.
    Seeking { target: u64 },
    /// Going back: the nearest checkpoint at or before `target` is being
    /// rebuilt, then the way goes forward to `target`.
    Restoring { target: u64 },
    /// „Film aufnehmen“: one frame per step from `first` to `last`; each
    /// step is computed only once the view has taken the frame of the one
    /// before (`frame_due` while it has not).
    Filming {
        first: u64,
        last: u64,
        frame_due: bool,
    },
}

/// A swarm and what belongs to it: where it came from, the selection, the
/// checkpoints to go back to and the series of its measures.
#[derive(Debug)]
pub(super) struct Run {
    pub swarm: Swarm,
    pub origin: Origin,
    /// The selected boid, always `< swarm.len()`.
    pub selection: Option<usize>,
    pub checkpoints: Checkpoints,
    /// One row per step from the first state to the current one.
    pub series: Series,
    /// While a way to a step is computed: the state the page goes on
    /// showing, so that only where the way lands is ever seen.
    pub shown: Option<Box<Shown>>,
}

/// The state a way to a step started from, shown until it lands.
#[derive(Debug)]
pub(super) struct Shown {
    pub swarm: Swarm,
    pub series: Series,
    /// The step the latest way leads to.
    pub target: u64,
}

impl Run {
    /// A new swarm: its own state is the first checkpoint and the first row.
    pub fn new(swarm: Swarm, measures: Measures, origin: Origin) -> Self {
        let mut checkpoints = Checkpoints::new();
        checkpoints.start(swarm.kinematics());
        let mut series = Series::new();
        series.record(swarm.step_count(), measures);
        Self {
            swarm,
            origin,
            selection: None,
            checkpoints,
            series,
            shown: None,
        }
    }

    /// A way to `target` begins (or a new one replaces it): the page keeps
    /// showing the state before the first of them.
    pub fn freeze(&mut self, target: u64) {
        match &mut self.shown {
            Some(shown) => shown.target = target,
            None => {
                self.shown = Some(Box::new(Shown {
                    swarm: self.swarm.clone(),
                    series: self.series.clone(),
                    target,
                }));
            }
        }
    }

    /// The way has ended: when it arrived, or stopped beyond where it started,
    /// its state is shown; a way back stopped short gives back the state it
    /// started from (nothing of it was seen). Whether anything was frozen.
    pub fn end_way(&mut self) -> bool {
        let Some(shown) = self.shown.take() else {
            return false;
        };
        let step = self.swarm.step_count();
        if step != shown.target && step < shown.swarm.step_count() {
            self.swarm = shown.swarm;
            self.series = shown.series;
        }
        true
    }

    /// The swarm the page shows.
    pub fn shown_swarm(&self) -> &Swarm {
        self.shown
            .as_ref()
            .map_or(&self.swarm, |shown| &shown.swarm)
    }

    /// The series the page shows.
    pub fn shown_series(&self) -> &Series {
        self.shown
            .as_ref()
            .map_or(&self.series, |shown| &shown.series)
    }

    /// Puts a later (or, going back, an earlier) state of the same boids in
    /// place: the selection stays, the series takes the state's row and
    /// drops the rows after it.
    pub fn advance_to(&mut self, swarm: Swarm, measures: Measures) {
        self.series.record(swarm.step_count(), measures);
        self.swarm = swarm;
    }
}

impl Activity {
    /// The run state the status shows.
    pub fn run_state(&self) -> RunState {
        match self {
            Self::Empty | Self::Building { .. } => RunState::Empty,
            Self::Ready {
                doing: Doing::Running(_),
                ..
            } => RunState::Running,
            Self::Ready { .. } => RunState::Paused,
        }
    }

    /// The computation the user waits for, if any.
    pub fn busy(&self) -> Option<Busy> {
        match self {
            Self::Empty => None,
            Self::Building { target: None, .. } => Some(Busy::Building),
            Self::Building {
                target: Some(target),
                ..
            } => Some(Busy::Seeking { target: *target }),
            Self::Ready { run, doing } => match doing {
                Doing::Paused | Doing::Running(_) => None,
                Doing::Stepping => Some(Busy::Stepping),
                Doing::Seeking { target } | Doing::Restoring { target } => {
                    Some(Busy::Seeking { target: *target })
                }
                Doing::Filming {
                    first,
                    last,
                    frame_due,
                } => Some(Busy::Filming {
                    // The frame being made: the shown step's while it is due,
                    // else the next step's.
                    frame: run.swarm.step_count() - first + 1 + u64::from(!frame_due),
                    frames: last - first + 1,
                    due: *frame_due,
                }),
            },
        }
    }

    /// The step a way leads to (also a link's, while its swarm is built).
    pub fn target(&self) -> Option<u64> {
        match self {
            Self::Building { target, .. } => *target,
            Self::Ready {
                doing: Doing::Seeking { target } | Doing::Restoring { target },
                ..
            } => Some(*target),
            _ => None,
        }
    }
}

/// The three states the status shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunState {
    /// No swarm: it must be initialised.
    Empty,
    /// A swarm that does not advance.
    Paused,
    /// A swarm that advances in real time.
    Running,
}

impl RunState {
    /// The German word the status shows.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Empty => "kein Schwarm",
            Self::Paused => "pausiert",
            Self::Running => "läuft",
        }
    }
}

/// A computation the user waits for (shown as „berechnet …“).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// Initialisieren or an import: the new swarm's steering.
    Building,
    /// Schritt.
    Stepping,
    /// Going to a step (a link's `schritt`, „Gehe zu Schritt“, „Schritt
    /// zurück“): one step after the other until the swarm reaches `target`;
    /// Abbrechen, Pause or an edit stops it.
    Seeking {
        /// The step the swarm is brought to.
        target: u64,
    },
    /// „Film aufnehmen“: frame `frame` of `frames` (1-based) is being made.
    Filming {
        /// The frame being made, `1 ..= frames`.
        frame: u64,
        /// K + 1 for a film of K steps.
        frames: u64,
        /// Whether the view must take the frame of the shown step now
        /// ([`Session::film_frame_taken`](super::Session::film_frame_taken)
        /// afterwards); else its step is being computed.
        due: bool,
    },
}

/// Why „Gehe zu Schritt“ or „Schritt zurück“ cannot go where it was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoToError {
    /// There is no swarm to move.
    NoSwarm,
    /// The step lies before the state the swarm was initialised or loaded
    /// with, which is as far back as it goes.
    BeforeFirst {
        /// The first state's step.
        first: u64,
    },
    /// The step lies beyond the largest step ([`MAX_STEP`]), or the swarm
    /// is at it and Schritt cannot go further.
    ///
    /// [`MAX_STEP`]: crate::model::MAX_STEP
    BeyondLast,
}

/// Where the current swarm came from: a link or „Link teilen“ can only name
/// a state reached from Initialisieren, because a link carries parameters and
/// a step, not positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Built from the parameters (Initialisieren or a link).
    Initialised,
    /// Loaded from a state file.
    Imported,
}
