//! The app-level state views read, provided as context by the `App` and
//! living as long as the app: it survives page changes (SPEC §3).
//!
//! [`SwarmStore`] is a thin reactive shell around the plain
//! [`Session`](crate::app::simulation::session::Session), which holds the swarm and every run
//! rule. The shell passes the user's commands and the workers' answers to
//! the session with the time, has what the session asks for carried out by
//! the session's one driver loop (`session::driver`, the loop the native
//! tests run too) with the browser's executor (send a job to the
//! simulation's workers through the app's [`Driver`], compute it here,
//! start fresh workers, continue after the page had its turn), and then
//! publishes the few values views
//! track: a version counter that changes with the swarm, the selection, the
//! run state and what is being computed, the performance readout and the
//! note about the main thread. The swarm itself stays out of fine-grained
//! reactivity: views that draw it (the 3D view, the SVG view, the table, the
//! charts) track [`SwarmStore::version`] and read the swarm untracked with
//! [`SwarmStore::with_swarm`].
//!
//! The app may be torn down while a worker's answer or a deferred
//! continuation is still on its way: every access to the session goes
//! through [`SwarmStore::run`] or [`SwarmStore::read`], which do nothing (or
//! read "no swarm") once the store is disposed.

use std::cell::Cell;

use leptos::prelude::*;

use crate::app::platform::driver::{Driver, SimulationEvent};
use crate::app::platform::engine::WorkerFailure;
use crate::app::platform::timing::{defer, defer_after_paint, now_ms};
use crate::app::simulation::perf::PerfReadout;
use crate::app::simulation::session::{EngineNote, Session, driver};
use crate::app::simulation::table_data::export_file_name;
use crate::model::{Kinematics, Measures, ParamError, Params, Series, Swarm};

pub use crate::app::simulation::session::{Busy, GoToError, Origin, Question, RunState, UndoOffer};

/// What the status block shows of the swarm; cheap to compare.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SwarmSummary {
    /// Steps since initialisation.
    pub step: u64,
    /// Number of boids N.
    pub count: usize,
    /// Arithmetic mean of the speeds in LE/s.
    pub mean_speed: f64,
}

/// What the session is doing, as the controls and the status show it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StatusReadout {
    run_state: RunState,
    busy: Option<Busy>,
    origin: Option<Origin>,
    way_step: Option<u64>,
    question: Option<Question>,
    blocking_ms: Option<f64>,
}

impl StatusReadout {
    fn of(session: &Session) -> Self {
        Self {
            run_state: session.run_state(),
            busy: session.busy(),
            origin: session.origin(),
            way_step: session.way_step(),
            question: session.question(),
            blocking_ms: session.blocking_ms(),
        }
    }
}

/// The session, the workers, and the values views track.
#[derive(Debug, Clone, Copy)]
pub struct SwarmStore {
    session: StoredValue<Session>,
    platform: Driver,
    version: RwSignal<u64>,
    selection: RwSignal<Option<usize>>,
    status: RwSignal<StatusReadout>,
    perf: RwSignal<Option<PerfReadout>>,
    engine_note: RwSignal<Option<EngineNote>>,
}

impl SwarmStore {
    /// An empty store (no swarm, paused) owned by the current reactive owner,
    /// computing through `platform`'s workers. Until
    /// [`SwarmStore::use_workers`] succeeds it computes on its own thread.
    #[must_use]
    pub fn new(platform: Driver) -> Self {
        let session = Session::new();
        let status = StatusReadout::of(&session);
        Self {
            version: RwSignal::new(session.version()),
            session: StoredValue::new(session),
            platform,
            selection: RwSignal::new(None),
            status: RwSignal::new(status),
            perf: RwSignal::new(None),
            engine_note: RwSignal::new(None),
        }
    }

    /// A counter that changes whenever the swarm changes (built, stepped,
    /// removed). Track it, then read the swarm with [`SwarmStore::with_swarm`].
    #[must_use]
    pub fn version(&self) -> Signal<u64> {
        self.version.into()
    }

    /// What „Rückgängig“ would bring back now (tracks the version: every
    /// discard and every undo changes it; the offer's end is not tracked).
    #[must_use]
    pub fn undo_offer(&self) -> Option<UndoOffer> {
        self.version.track();
        let now = now_ms();
        self.read(|session| session.and_then(|session| session.undo_offer(now)))
    }

    /// „Rückgängig“: brings back the swarm last discarded, paused; returns
    /// the parameters it was made with, for the inputs.
    pub fn undo(&self) -> Option<Params> {
        self.run(Session::undo).flatten()
    }

    /// Reads the swarm without tracking; `None` when there is none.
    pub fn with_swarm<R>(&self, read: impl FnOnce(Option<&Swarm>) -> R) -> R {
        self.read(|session| read(session.and_then(Session::swarm)))
    }

    /// Reads the series of the measures without tracking (track
    /// [`SwarmStore::version`]): one row per step from the first state to the
    /// current one; empty without a swarm.
    pub fn with_series<R>(&self, read: impl FnOnce(&Series) -> R) -> R {
        self.read(|session| match session.and_then(Session::series) {
            Some(series) => read(series),
            None => read(&Series::new()),
        })
    }

    /// Whether the swarm advances in real time (tracked).
    #[must_use]
    pub fn running(&self) -> Signal<bool> {
        let status = self.status;
        Signal::derive(move || status.with(|status| status.run_state == RunState::Running))
    }

    /// The current run state (tracked).
    #[must_use]
    pub fn run_state(&self) -> RunState {
        self.status.with(|status| status.run_state)
    }

    /// The computation the user waits for, if any (tracked).
    #[must_use]
    pub fn busy(&self) -> Option<Busy> {
        self.status.with(|status| status.busy)
    }

    /// What the session asks before it computes, if anything (tracked).
    #[must_use]
    pub fn question(&self) -> Option<Question> {
        self.status.with(|status| status.question)
    }

    /// While the main thread computes a long job the user accepted: its
    /// estimated time in ms, during which the page does not answer
    /// (tracked).
    #[must_use]
    pub fn blocking_ms(&self) -> Option<f64> {
        self.status.with(|status| status.blocking_ms)
    }

    /// „Trotzdem rechnen“ / „Jetzt rechnen“: computes what waits for the
    /// answer.
    pub fn confirm(&self) {
        // A way that waits was checked when it asked, and the swarm has
        // not moved since: it cannot fail now.
        let _ = self.run(Session::confirm);
    }

    /// „Abbrechen“ / „Nicht rechnen“: computes nothing of what waits.
    pub fn decline(&self) {
        self.run(Session::decline);
    }

    /// On a way to a step: the step computed last, while the page shows
    /// where the way began (tracked).
    #[must_use]
    pub fn way_step(&self) -> Option<u64> {
        self.status.with(|status| status.way_step)
    }

    /// Where the current swarm (or the one being built) came from; `None`
    /// without a swarm (tracked).
    #[must_use]
    pub fn origin(&self) -> Option<Origin> {
        self.status.with(|status| status.origin)
    }

    /// The selected boid's index, if any (tracked).
    #[must_use]
    pub fn selection(&self) -> Signal<Option<usize>> {
        self.selection.into()
    }

    /// The latest performance readout; `None` while paused (tracked).
    #[must_use]
    pub fn perf(&self) -> Signal<Option<PerfReadout>> {
        self.perf.into()
    }

    /// Why the model computes on the main thread (or not at all), once
    /// workers failed, or that a crashed worker was replaced (tracked).
    #[must_use]
    pub fn engine_note(&self) -> Signal<Option<EngineNote>> {
        self.engine_note.into()
    }

    /// The step of the state the swarm was initialised or loaded with: going
    /// back ends there (tracked through the version).
    #[must_use]
    pub fn first_step(&self) -> Option<u64> {
        self.version.track();
        self.read(|session| session.and_then(Session::first_step))
    }

    /// The measures of the current state (tracked through the version);
    /// `None` without a swarm.
    #[must_use]
    pub fn measures(&self) -> Option<Measures> {
        self.version.track();
        self.with_series(|series| series.last().copied())
    }

    /// Whether a swarm exists (tracked through the version).
    #[must_use]
    pub fn has_swarm(&self) -> bool {
        self.version.track();
        self.with_swarm(|swarm| swarm.is_some())
    }

    /// Step count, N and mean speed of the swarm (tracked through the version).
    #[must_use]
    pub fn summary(&self) -> Option<SwarmSummary> {
        self.version.track();
        self.with_swarm(|swarm| {
            swarm.map(|swarm| SwarmSummary {
                step: swarm.step_count(),
                count: swarm.len(),
                mean_speed: swarm.mean_speed(),
            })
        })
    }

    /// Computes on `cores` Web Workers from now on (replacing earlier ones; a
    /// job in flight is sent to the new workers). When workers cannot start,
    /// computes on the main thread and says so.
    pub fn use_workers(&self, cores: u32) {
        let started = self.start_workers(cores);
        self.run(|session, _| match started {
            Ok(size) => session.workers_started(size),
            Err(why) => session.workers_failed(why),
        });
    }

    /// Replaces the workers by `size` fresh ones.
    fn start_workers(&self, size: u32) -> Result<u32, WorkerFailure> {
        let store = *self;
        self.platform
            .start_simulation_workers(size, move |event| store.on_pool_event(event))
    }

    /// Initialisieren: builds a new swarm from the params, paused at time 0,
    /// without selection (once its steering is computed).
    pub fn initialise(&self, params: &Params) -> Result<(), ParamError> {
        self.run(|session, now| session.initialise(params, now))
            .unwrap_or(Ok(()))
    }

    /// What a link with `schritt` asks for: builds the swarm from the params
    /// and advances it to `target`, paused, through the same jobs as
    /// Schritt. The status shows the progress; [`SwarmStore::pause`]
    /// (Abbrechen), an edit or Zurücksetzen stops it where it is.
    pub fn initialise_at(&self, params: &Params, target: u64) -> Result<(), ParamError> {
        self.run(|session, now| session.initialise_at(params, target, now))
            .unwrap_or(Ok(()))
    }

    /// Replaces the swarm by the one of a loaded state (once its steering is
    /// computed): paused at its step, no selection.
    pub fn load(&self, kinematics: Kinematics) {
        self.run(|session, now| session.load(kinematics, now));
    }

    /// Starten: continues the current state in real time (not without a
    /// swarm, and not on the way to a step).
    pub fn start(&self) {
        self.run(Session::start);
    }

    /// Pause: stops; the partly elapsed step time is discarded, and so is a
    /// step being computed (nothing changes after Pause).
    pub fn pause(&self) {
        self.run(Session::pause);
    }

    /// Starts when paused, pauses when running (the Space key).
    pub fn toggle(&self) {
        self.run(Session::toggle);
    }

    /// Schritt: pauses first, then advances exactly one step. Ignored while
    /// the previous Schritt is still being computed; at the largest step it
    /// only pauses (the controls say why).
    pub fn step(&self) {
        let _ = self.run(Session::step);
    }

    /// „Gehe zu Schritt“: pauses, then brings the swarm to `target`, paused.
    pub fn go_to(&self, target: u64) -> Result<(), GoToError> {
        self.run(|session, now| session.go_to(target, now))
            .unwrap_or(Err(GoToError::NoSwarm))
    }

    /// „Film aufnehmen“: pauses and makes a film of `steps` steps; the view
    /// takes a frame whenever [`Busy::Filming`] says one is due and reports
    /// it with [`SwarmStore::film_frame_taken`].
    pub fn film(&self, steps: u64) -> Result<(), GoToError> {
        self.run(|session, now| session.film(steps, now))
            .unwrap_or(Err(GoToError::NoSwarm))
    }

    /// The due frame is taken: computes the next step of the film, or ends
    /// it (returns `true`) after the last frame.
    pub fn film_frame_taken(&self) -> bool {
        self.run(|session, now| session.film_frame_taken(now))
            .unwrap_or(false)
    }

    /// „Schritt zurück“: pauses, then goes back exactly one step.
    pub fn step_back(&self) -> Result<(), GoToError> {
        self.run(Session::step_back)
            .unwrap_or(Err(GoToError::NoSwarm))
    }

    /// Zurücksetzen, and what any edit of a parameter does: removes the swarm
    /// and the selection, and drops whatever is being computed.
    pub fn reset(&self) {
        self.run(Session::reset);
    }

    /// Selects a boid (ignored when out of range) or clears the selection.
    pub fn select(&self, boid: Option<usize>) {
        self.run(|session, _| session.select(boid));
    }

    /// One animation frame at `now` (ms) while running: real time becomes
    /// owed steps, and the performance readout is updated.
    pub fn advance(&self, now: f64) {
        self.run(|session, _| session.frame(now));
    }

    /// Records how long a view took to draw the swarm once.
    pub fn record_draw(&self, ms: f64) {
        self.run(|session, _| session.record_draw(ms));
    }

    fn on_pool_event(&self, event: SimulationEvent) {
        match event {
            SimulationEvent::Reply(reply) => {
                self.run(|session, now| session.reply(&reply, now));
            }
            SimulationEvent::Failed(why) => {
                self.run(|session, _| session.workers_failed(why));
            }
            SimulationEvent::Restarted => {
                self.run(|session, _| session.worker_restarted());
            }
        }
    }

    /// Runs a call on the session with the current time, carries out what
    /// it asks for and publishes what changed. `None` once the store is
    /// disposed (the app torn down): then nothing happens.
    fn run<R>(&self, call: impl FnOnce(&mut Session, f64) -> R) -> Option<R> {
        let now = now_ms();
        let result = self.change(|session| {
            let result = call(session, now);
            driver::drive(session, &mut Browser { store: *self });
            result
        })?;
        self.publish();
        Some(result)
    }

    /// Changes the session, marked as changing for the panic hook: a panic
    /// in the middle leaves the session half-changed and locked for writing,
    /// and then the hook must not read it. Not reset on a panic, on purpose.
    fn change<R>(&self, call: impl FnOnce(&mut Session) -> R) -> Option<R> {
        CHANGING.with(|changing| changing.set(true));
        let result = self.session.try_update_value(call);
        CHANGING.with(|changing| changing.set(false));
        result
    }

    /// The current state as „JSON exportieren“ writes it, with its file
    /// name, for the panic hook (`app::crash`); `None` without a swarm, or
    /// while the session was being changed.
    #[must_use]
    pub fn crash_state(&self) -> Option<(String, String)> {
        if CHANGING.with(Cell::get) {
            return None;
        }
        self.with_swarm(|swarm| {
            swarm.map(|swarm| {
                (
                    export_file_name(swarm.step_count(), "json"),
                    swarm.to_json(),
                )
            })
        })
    }

    /// Computes job `job` here, if it is still in flight, and carries out
    /// what follows (a continuation of the session's driver).
    fn resume(&self, job: u32) {
        let store = *self;
        let _ = self.change(|session| {
            driver::resume(session, &mut Browser { store }, job);
        });
        self.publish();
    }

    /// Reads the session; `None` once the store is disposed, so a late
    /// reader never panics.
    fn read<R>(&self, read: impl FnOnce(Option<&Session>) -> R) -> R {
        let mut read = Some(read);
        let done = self
            .session
            .try_with_value(|session| read.take().map(|read| read(Some(session))));
        match (done.flatten(), read) {
            (Some(value), _) => value,
            (None, Some(read)) => read(None),
            (None, None) => unreachable!("the reader was taken, so it ran and returned"),
        }
    }

    /// Sets the signals views track to the session's values, notifying only
    /// where a value changed.
    fn publish(&self) {
        let Some((version, selection, status, perf, note)) =
            self.session.try_with_value(|session| {
                (
                    session.version(),
                    session.selection(),
                    StatusReadout::of(session),
                    session.perf(),
                    session.engine_note(),
                )
            })
        else {
            return;
        };
        replace_if_changed(self.version, version);
        replace_if_changed(self.selection, selection);
        replace_if_changed(self.status, status);
        replace_if_changed(self.perf, perf);
        replace_if_changed(self.engine_note, note);
    }
}

/// The browser side of the session's effects: the app's driver (the
/// simulation's worker pool), a
/// zero-delay timeout, and `performance.now()`.
struct Browser {
    store: SwarmStore,
}

impl driver::Executor for Browser {
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
        self.store.start_workers(size)
    }

    fn dispatch(&mut self, job: u32, state: &Kinematics) {
        self.store.platform.dispatch(job, state);
    }

    fn compute_later(&mut self, job: u32) {
        let store = self.store;
        defer(move || store.resume(job));
    }

    fn compute_after_paint(&mut self, job: u32) {
        let store = self.store;
        defer_after_paint(move || store.resume(job));
    }

    fn clock(&mut self) -> f64 {
        now_ms()
    }
}

impl Default for SwarmStore {
    fn default() -> Self {
        Self::new(Driver::new())
    }
}

thread_local! {
    /// Whether a call is changing the session now (see `SwarmStore::change`).
    static CHANGING: Cell<bool> = const { Cell::new(false) };
}

/// Sets a signal to `value` and notifies its readers only when it differs.
fn replace_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    signal.maybe_update(|current| {
        let changed = *current != value;
        if changed {
            *current = value;
        }
        changed
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crash_state_is_the_export_unless_the_session_is_being_changed() {
        let owner = Owner::new();
        owner.with(|| {
            let store = SwarmStore::default();
            assert_eq!(store.crash_state(), None, "no swarm");
            let params = Params {
                count: 25,
                ..Params::default()
            };
            // Natively there are no workers: the main thread builds it at once.
            store.initialise(&params).expect("valid params");
            store.step();
            let export = store.with_swarm(|swarm| swarm.map(Swarm::to_json));
            assert!(export.is_some(), "built and stepped");
            assert_eq!(
                store.crash_state(),
                export.map(|json| ("boids-schwarm-schritt-1.json".to_owned(), json))
            );
            // A panic in the middle of a change must not read the session
            // (half-changed, and locked for writing).
            assert_eq!(store.change(|_| store.crash_state()), Some(None));
            assert!(store.crash_state().is_some(), "readable again after it");
        });
    }
}
