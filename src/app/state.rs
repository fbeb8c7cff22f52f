//! App-level state, provided as context by the `App` and living as long as the
//! app: it survives page changes (SPEC §3).
//!
//! The swarm stays out of fine-grained reactivity: it sits in a `StoredValue`
//! and every change bumps one version counter. Views that draw the swarm track
//! the counter and read the swarm untracked; a future view (3D canvas, table)
//! plugs in the same way through [`SwarmStore::version`] and
//! [`SwarmStore::with_swarm`].

use leptos::prelude::*;

use super::checkpoints::Checkpoints;
use super::clock::Clock;
use super::engine::{Accepted, Finished, JobKind, PoolEvent, Scheduler, WorkerPool};
use super::perf::{PerfMeter, PerfReadout};
use super::timing::now_ms;
use crate::model::{Kinematics, Measures, ParamError, Params, Series, Swarm};

/// Milliseconds of stepping one animation frame may spend when the model runs
/// on the main thread (no workers) before the owed steps not taken yet are
/// dropped: the swarm then runs slower than real time instead of freezing.
pub const MAIN_THREAD_FRAME_BUDGET_MS: f64 = 60.0;

/// A dropped job that has computed this long (ms) makes the store start fresh
/// workers rather than wait for the old ones to finish it (starting a worker
/// from the cached wasm takes a few tens of ms).
pub const RESTART_WORKERS_AFTER_MS: f64 = 200.0;

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

/// A computation the user waits for (shown as „berechnet …“).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// Initialisieren or an import: the new swarm's steering.
    Building,
    /// Schritt.
    Stepping,
    /// Going to a step (a link's `schritt`): one step after the other until
    /// the swarm reaches `target`; Abbrechen, Pause or an edit stops it.
    Seeking {
        /// The step the swarm is advanced to.
        target: u64,
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

/// Steps finished while running since the last animation frame.
#[derive(Debug, Clone, Copy, Default)]
struct StepTally {
    steps: u32,
    ms: f64,
}

/// The swarm, the selected boid, the run state, the clock and the workers.
#[derive(Debug, Clone, Copy)]
pub struct SwarmStore {
    swarm: StoredValue<Option<Swarm>>,
    version: RwSignal<u64>,
    selection: RwSignal<Option<usize>>,
    running: RwSignal<bool>,
    clock: StoredValue<Clock>,
    meter: StoredValue<PerfMeter>,
    perf: RwSignal<Option<PerfReadout>>,
    scheduler: StoredValue<Scheduler>,
    pool: StoredValue<Option<WorkerPool>, LocalStorage>,
    busy: RwSignal<Option<Busy>>,
    origin: RwSignal<Option<Origin>>,
    seek_target: StoredValue<Option<u64>>,
    checkpoints: StoredValue<Checkpoints>,
    /// The measures of every step from the first state (Initialisieren, an
    /// import, a link) to the current one; changes with the version.
    series: StoredValue<Series>,
    /// Whether the Build in flight restores a checkpoint (going back), which
    /// keeps the selection and the checkpoints, rather than a new swarm.
    restoring: StoredValue<bool>,
    main_thread_note: RwSignal<Option<String>>,
    tally: StoredValue<StepTally>,
}

impl SwarmStore {
    /// An empty store (no swarm, paused) owned by the current reactive owner.
    /// Until [`SwarmStore::use_workers`] succeeds it computes on its own thread.
    #[must_use]
    pub fn new() -> Self {
        Self {
            swarm: StoredValue::new(None),
            version: RwSignal::new(0),
            selection: RwSignal::new(None),
            running: RwSignal::new(false),
            clock: StoredValue::new(Clock::new()),
            meter: StoredValue::new(PerfMeter::new()),
            perf: RwSignal::new(None),
            scheduler: StoredValue::new(Scheduler::new()),
            pool: StoredValue::new_local(None),
            busy: RwSignal::new(None),
            origin: RwSignal::new(None),
            seek_target: StoredValue::new(None),
            checkpoints: StoredValue::new(Checkpoints::new()),
            series: StoredValue::new(Series::new()),
            restoring: StoredValue::new(false),
            main_thread_note: RwSignal::new(None),
            tally: StoredValue::new(StepTally::default()),
        }
    }

    /// A counter that changes whenever the swarm changes (built, stepped,
    /// removed). Track it, then read the swarm with [`SwarmStore::with_swarm`].
    #[must_use]
    pub fn version(&self) -> Signal<u64> {
        self.version.into()
    }

    /// Reads the swarm without tracking; `None` when there is none.
    pub fn with_swarm<R>(&self, read: impl FnOnce(Option<&Swarm>) -> R) -> R {
        // A disposed store (the app torn down) has no swarm.
        read_stored(self.swarm, |swarm| read(swarm.and_then(Option::as_ref)))
    }

    /// Whether the swarm advances in real time (tracked).
    #[must_use]
    pub fn running(&self) -> Signal<bool> {
        self.running.into()
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

    /// The computation the user waits for, if any (tracked).
    #[must_use]
    pub fn busy(&self) -> Signal<Option<Busy>> {
        self.busy.into()
    }

    /// Where the current swarm came from; `None` without a swarm (tracked).
    #[must_use]
    pub fn origin(&self) -> Signal<Option<Origin>> {
        self.origin.into()
    }

    /// The step of the state the swarm was initialised or loaded with: going
    /// back ends there (tracked through the version).
    #[must_use]
    pub fn first_step(&self) -> Option<u64> {
        self.version.track();
        self.checkpoints
            .try_with_value(Checkpoints::first_step)
            .flatten()
    }

    /// Why the model computes on the main thread, once workers failed (tracked).
    #[must_use]
    pub fn main_thread_note(&self) -> Signal<Option<String>> {
        self.main_thread_note.into()
    }

    /// Reads the series of the measures without tracking (track
    /// [`SwarmStore::version`]): one row per step from the first state to the
    /// current one.
    pub fn with_series<R>(&self, read: impl FnOnce(&Series) -> R) -> R {
        // A disposed store (the app torn down) has an empty series.
        read_stored(self.series, |series| match series {
            Some(series) => read(series),
            None => read(&Series::new()),
        })
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

    /// The current run state (tracked).
    #[must_use]
    pub fn run_state(&self) -> RunState {
        if !self.has_swarm() {
            RunState::Empty
        } else if self.running.get() {
            RunState::Running
        } else {
            RunState::Paused
        }
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
        // The old workers go first: terminating them frees their cores.
        self.pool.set_value(None);
        let store = *self;
        match WorkerPool::spawn(cores, move |event| store.on_pool_event(event)) {
            Ok(pool) => {
                self.pool.set_value(Some(pool));
                if let Some(job) = self
                    .scheduler
                    .try_update_value(Scheduler::renumber)
                    .flatten()
                {
                    self.dispatch(job);
                }
            }
            Err(why) => self.fall_back_to_main_thread(&why),
        }
    }

    /// Initialisieren: builds a new swarm from the params, paused at time 0,
    /// without selection (once its steering is computed).
    pub fn initialise(&self, params: &Params) -> Result<(), ParamError> {
        self.build(Kinematics::initial(params)?, Origin::Initialised);
        Ok(())
    }

    /// What a link with `schritt` asks for: builds the swarm from the params
    /// and advances it to `target`, paused, one Schritt after the other
    /// through the same jobs as Schritt, so the state is the one stepping by
    /// hand gives. The status shows the progress; [`SwarmStore::pause`]
    /// (Abbrechen), an edit or Zurücksetzen stops it where it is.
    pub fn initialise_at(&self, params: &Params, target: u64) -> Result<(), ParamError> {
        let kinematics = Kinematics::initial(params)?;
        self.build(kinematics, Origin::Initialised);
        if target > 0 {
            self.seek_target.set_value(Some(target));
            self.busy.set(Some(Busy::Seeking { target }));
        }
        self.continue_seek();
        Ok(())
    }

    /// Starten: continues the current state in real time (no-op without
    /// swarm, and while going to a step: Abbrechen first, so that the run
    /// never mixes with the steps of the way there).
    pub fn start(&self) {
        let seeking = matches!(self.busy.get_untracked(), Some(Busy::Seeking { .. }));
        if !seeking && self.with_swarm(|swarm| swarm.is_some()) && !self.running.get_untracked() {
            self.clock.update_value(Clock::stop);
            self.meter.update_value(PerfMeter::reset);
            self.running.set(true);
        }
    }

    /// Pause: stops; the partly elapsed step time is discarded, and so is a
    /// step being computed (nothing changes after Pause).
    pub fn pause(&self) {
        self.clock.update_value(Clock::stop);
        self.meter.update_value(PerfMeter::reset);
        self.tally.set_value(StepTally::default());
        self.seek_target.set_value(None);
        let dropped = self.scheduler.try_update_value(Scheduler::drop_steps);
        self.free_workers_after_drop(dropped.flatten());
        if matches!(
            self.busy.get_untracked(),
            Some(Busy::Stepping | Busy::Seeking { .. })
        ) {
            self.busy.set(None);
        }
        if self.running.get_untracked() {
            self.running.set(false);
            self.perf.set(None);
        }
    }

    /// Starts when paused, pauses when running (the Space key).
    pub fn toggle(&self) {
        if self.running.get_untracked() {
            self.pause();
        } else {
            self.start();
        }
    }

    /// Schritt: pauses first, then advances exactly one step. Ignored while
    /// the previous Schritt is still being computed.
    pub fn step(&self) {
        if self.busy.get_untracked() == Some(Busy::Stepping) {
            return;
        }
        self.pause();
        let Some(next) = self.with_swarm(|swarm| swarm.map(Swarm::next_kinematics)) else {
            return;
        };
        self.busy.set(Some(Busy::Stepping));
        self.submit(JobKind::Step, next);
    }

    /// „Gehe zu Schritt“: pauses, then brings the swarm to `target`, paused:
    /// forward by stepping, backward by re-simulating from the nearest
    /// checkpoint at or before it, so an earlier step comes back bit for bit.
    /// Progress and cancelling as for a link's step.
    pub fn go_to(&self, target: u64) -> Result<(), GoToError> {
        self.pause();
        let current = self
            .with_swarm(|swarm| swarm.map(|swarm| swarm.step_count()))
            .ok_or(GoToError::NoSwarm)?;
        let first = untrack(|| self.first_step()).unwrap_or(0);
        if target < first {
            return Err(GoToError::BeforeFirst { first });
        }
        if target == current {
            return Ok(());
        }
        if target < current {
            let Some(restart) = self
                .checkpoints
                .try_with_value(|checkpoints| checkpoints.nearest(target).cloned())
                .flatten()
            else {
                return Err(GoToError::BeforeFirst { first });
            };
            let dropped = self.scheduler.try_update_value(Scheduler::drop_all);
            self.free_workers_after_drop(dropped.flatten());
            self.restoring.set_value(true);
            self.seek_target.set_value(Some(target));
            self.busy.set(Some(Busy::Seeking { target }));
            self.submit(JobKind::Build, restart);
        } else {
            self.seek_target.set_value(Some(target));
            self.busy.set(Some(Busy::Seeking { target }));
        }
        self.continue_seek();
        Ok(())
    }

    /// „Schritt zurück“: pauses, then goes back exactly one step (from the
    /// step being gone to, when pressed again before it is reached).
    pub fn step_back(&self) -> Result<(), GoToError> {
        let current = self
            .seek_target
            .try_get_value()
            .flatten()
            .or_else(|| self.with_swarm(|swarm| swarm.map(|swarm| swarm.step_count())));
        match current {
            None => Err(GoToError::NoSwarm),
            Some(0) => Err(GoToError::BeforeFirst { first: 0 }),
            Some(step) => self.go_to(step - 1),
        }
    }

    /// Replaces the swarm by the one of a loaded state (once its steering is
    /// computed): paused at its step, no selection.
    pub fn load(&self, kinematics: Kinematics) {
        self.build(kinematics, Origin::Imported);
    }

    fn build(&self, kinematics: Kinematics, origin: Origin) {
        self.reset();
        self.origin.set(Some(origin));
        self.busy.set(Some(Busy::Building));
        self.submit(JobKind::Build, kinematics);
    }

    /// Zurücksetzen, and what any edit of a parameter does: removes the swarm
    /// and the selection, and drops whatever is being computed.
    pub fn reset(&self) {
        self.pause();
        let dropped = self.scheduler.try_update_value(Scheduler::drop_all);
        self.free_workers_after_drop(dropped.flatten());
        if self.busy.get_untracked().is_some() {
            self.busy.set(None);
        }
        let had_swarm = self
            .swarm
            .try_update_value(|swarm| swarm.take().is_some())
            .unwrap_or(false);
        if self.selection.get_untracked().is_some() {
            self.selection.set(None);
        }
        if self.origin.get_untracked().is_some() {
            self.origin.set(None);
        }
        self.checkpoints.update_value(Checkpoints::clear);
        self.series.update_value(Series::clear);
        self.restoring.set_value(false);
        if had_swarm {
            self.bump();
        }
    }

    /// Selects a boid (ignored when out of range) or clears the selection.
    pub fn select(&self, boid: Option<usize>) {
        let count = self.with_swarm(|swarm| swarm.map_or(0, |swarm| swarm.len()));
        let boid = boid.filter(|&i| i < count);
        if self.selection.get_untracked() != boid {
            self.selection.set(boid);
        }
    }

    /// One animation frame while running: converts the real time since the
    /// last frame into owed steps (at most [`MAX_OWED_STEPS`] wait) and starts
    /// them; publishes the performance readout.
    ///
    /// [`MAX_OWED_STEPS`]: super::engine::MAX_OWED_STEPS
    pub fn advance(&self, now: f64) {
        if !self.running.get_untracked() {
            return;
        }
        let owed = self
            .clock
            .try_update_value(|clock| clock.tick(now))
            .unwrap_or(0);
        self.scheduler.update_value(|scheduler| scheduler.owe(owed));
        self.pump();
        let tally = self
            .tally
            .try_update_value(std::mem::take)
            .unwrap_or_default();
        let readout = self
            .meter
            .try_update_value(|meter| meter.record_frame(now, tally.steps, tally.ms))
            .flatten();
        if readout.is_some() {
            self.perf.set(readout);
        }
    }

    /// Records how long a view took to draw the swarm once.
    pub fn record_draw(&self, ms: f64) {
        if self.running.get_untracked() {
            self.meter.update_value(|meter| meter.record_draw(ms));
        }
    }

    /// A dropped job that has been computing for a while would keep the
    /// workers busy for the next one: they are replaced by fresh ones.
    fn free_workers_after_drop(&self, dropped_started_ms: Option<f64>) {
        let Some(started) = dropped_started_ms else {
            return;
        };
        let size = self
            .pool
            .try_with_value(|pool| pool.as_ref().map(WorkerPool::size));
        if let Some(Some(size)) = size
            && now_ms() - started >= RESTART_WORKERS_AFTER_MS
        {
            self.use_workers(size);
        }
    }

    fn has_workers(&self) -> bool {
        self.pool.try_with_value(Option::is_some).unwrap_or(false)
    }

    /// Starts owed steps while running: one at a time with workers (the next
    /// when it lands), or as many as the frame budget allows on this thread.
    fn pump(&self) {
        if self.has_workers() {
            if self.running.get_untracked()
                && self.take_owed_step()
                && let Some(next) = self.with_swarm(|swarm| swarm.map(Swarm::next_kinematics))
            {
                self.submit(JobKind::Step, next);
            }
            return;
        }
        let started = now_ms();
        let mut first = true;
        while self.running.get_untracked()
            && (first || now_ms() - started < MAIN_THREAD_FRAME_BUDGET_MS)
            && self.take_owed_step()
        {
            first = false;
            if let Some(next) = self.with_swarm(|swarm| swarm.map(Swarm::next_kinematics)) {
                self.submit(JobKind::Step, next);
            }
        }
        // Beyond the budget the rest is dropped, as delays beyond 250 ms are.
        self.scheduler.update_value(Scheduler::drop_owed);
    }

    fn take_owed_step(&self) -> bool {
        self.scheduler
            .try_update_value(Scheduler::take_owed_step)
            .unwrap_or(false)
    }

    /// Starts a job: sends it to the workers, or computes it here.
    fn submit(&self, kind: JobKind, kinematics: Kinematics) {
        let now = now_ms();
        let Some(job) = self
            .scheduler
            .try_update_value(|scheduler| scheduler.begin(kind, kinematics, now))
        else {
            return;
        };
        if self.has_workers() {
            self.dispatch(job);
        } else {
            let accepted = self
                .scheduler
                .try_update_value(|s| s.finish_here(now, now_ms));
            self.land(accepted);
        }
    }

    /// Sends the job in flight (number `job`) to the workers.
    fn dispatch(&self, job: u32) {
        self.scheduler.with_value(|scheduler| {
            if let Some((id, _, kinematics)) = scheduler.in_flight()
                && id == job
            {
                self.pool.with_value(|pool| {
                    if let Some(pool) = pool {
                        pool.dispatch(id, kinematics);
                    }
                });
            }
        });
    }

    fn on_pool_event(&self, event: PoolEvent) {
        match event {
            PoolEvent::Reply(reply) => {
                let now = now_ms();
                let Some(accepted) = self
                    .scheduler
                    .try_update_value(|scheduler| scheduler.accept(&reply, now))
                else {
                    return;
                };
                self.land(Some(accepted));
                self.pump();
                self.continue_seek();
            }
            PoolEvent::Failed(why) => self.fall_back_to_main_thread(&why),
        }
    }

    /// Workers cannot be used: computes here from now on, finishing the job
    /// in flight, and says so once.
    fn fall_back_to_main_thread(&self, why: &str) {
        self.pool.set_value(None);
        if self.main_thread_note.get_untracked().is_none() {
            self.main_thread_note.set(Some(format!(
                "Web Worker stehen nicht zur Verfügung ({why}). Das Modell rechnet im \
                 Hauptthread: große Schwärme können die Seite verlangsamen."
            )));
        }
        let now = now_ms();
        let accepted = self
            .scheduler
            .try_update_value(|s| s.finish_here(now, now_ms));
        self.land(accepted);
        self.continue_seek();
    }

    /// While going to a step: starts the next Schritt once nothing is being
    /// computed. Workers answer asynchronously, so one step is started per
    /// answer; on the main thread a slice of steps runs within the frame
    /// budget, and the rest continues after the page had its turn.
    fn continue_seek(&self) {
        let started = now_ms();
        loop {
            let Some(target) = self.seek_target.try_get_value().flatten() else {
                return;
            };
            let idle = self
                .scheduler
                .try_with_value(|scheduler| scheduler.in_flight().is_none())
                .unwrap_or(false);
            if !idle {
                return;
            }
            let next = self.with_swarm(|swarm| {
                swarm
                    .filter(|swarm| swarm.step_count() < target)
                    .map(Swarm::next_kinematics)
            });
            let Some(next) = next else {
                self.finish_seek();
                return;
            };
            if self.has_workers() {
                self.submit(JobKind::Step, next);
                return;
            }
            if now_ms() - started >= MAIN_THREAD_FRAME_BUDGET_MS {
                let store = *self;
                super::timing::defer(move || store.continue_seek());
                return;
            }
            self.submit(JobKind::Step, next);
        }
    }

    /// The target step is reached (or there is no swarm any more).
    fn finish_seek(&self) {
        self.seek_target.set_value(None);
        if matches!(self.busy.get_untracked(), Some(Busy::Seeking { .. })) {
            self.busy.set(None);
        }
    }

    /// Puts a finished job's swarm in place.
    fn land(&self, accepted: Option<Accepted>) {
        let Some(Accepted::Done(done)) = accepted else {
            return;
        };
        let Finished {
            kind,
            swarm,
            measures,
            wall_ms,
        } = *done;
        match kind {
            // A restored checkpoint keeps the selection (same boids), the
            // checkpoints and the series up to its step; a new swarm starts
            // them afresh.
            JobKind::Build if self.restoring.get_value() => self.restoring.set_value(false),
            JobKind::Build => {
                self.selection.set(None);
                self.series.update_value(Series::clear);
                let first = swarm.kinematics();
                self.checkpoints
                    .update_value(|checkpoints| checkpoints.start(first));
            }
            JobKind::Step => {
                let step = swarm.step_count();
                if self
                    .checkpoints
                    .try_with_value(|checkpoints| checkpoints.wants(step))
                    .unwrap_or(false)
                {
                    let state = swarm.kinematics();
                    self.checkpoints
                        .update_value(|checkpoints| checkpoints.offer(&state));
                }
                if self.running.get_untracked() {
                    self.tally.update_value(|tally| {
                        tally.steps += 1;
                        tally.ms += wall_ms;
                    });
                }
            }
        }
        // One row per step: a step back (a restored checkpoint, then the
        // steps after it) replaces the rows from its step on.
        let step = swarm.step_count();
        self.series
            .update_value(|series| series.record(step, measures));
        self.swarm.set_value(Some(swarm));
        // While going to a step the status keeps saying so until the target.
        let seeking = self.seek_target.try_get_value().flatten().is_some();
        if self.busy.get_untracked().is_some() && !seeking {
            self.busy.set(None);
        }
        self.bump();
    }

    fn bump(&self) {
        self.version
            .update(|version| *version = version.wrapping_add(1));
    }
}

impl Default for SwarmStore {
    fn default() -> Self {
        Self::new()
    }
}

/// Reads a stored value without tracking; `None` once its owner was
/// disposed (the app torn down), so a late reader never panics.
fn read_stored<T: Send + Sync + 'static, R>(
    stored: StoredValue<T>,
    read: impl FnOnce(Option<&T>) -> R,
) -> R {
    let mut read = Some(read);
    let done = stored.try_with_value(|value| read.take().map(|read| read(Some(value))));
    match (done.flatten(), read) {
        (Some(value), _) => value,
        (None, Some(read)) => read(None),
        (None, None) => unreachable!("the reader was taken, so it ran and returned"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a test inside a reactive owner, as the app does.
    fn with_owner(test: impl FnOnce()) {
        let owner = Owner::new();
        owner.with(test);
    }

    fn small() -> Params {
        Params {
            count: 20,
            ..Params::default()
        }
    }

    #[test]
    fn initialise_gives_a_paused_swarm_at_step_zero() {
        with_owner(|| {
            let store = SwarmStore::new();
            assert_eq!(store.run_state(), RunState::Empty);
            store.initialise(&small()).expect("valid params");
            assert_eq!(store.run_state(), RunState::Paused);
            let summary = store.summary().expect("swarm exists");
            assert_eq!((summary.step, summary.count), (0, 20));
        });
    }

    #[test]
    fn step_while_running_pauses_and_adds_exactly_one_step() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            store.start();
            store.advance(0.0);
            store.advance(100.0); // two steps, 20 ms carried
            assert_eq!(store.summary().map(|s| s.step), Some(2));
            store.step();
            assert_eq!(store.run_state(), RunState::Paused);
            assert_eq!(store.summary().map(|s| s.step), Some(3));
            // Paused: frames do nothing.
            store.advance(1_000.0);
            assert_eq!(store.summary().map(|s| s.step), Some(3));
        });
    }

    #[test]
    fn pause_discards_the_carry_and_start_continues() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            store.start();
            store.advance(0.0);
            store.advance(79.0); // one step, 39 ms carried
            store.pause();
            store.start();
            store.advance(5_000.0); // first frame after start only starts the clock
            store.advance(5_001.0); // the 39 ms are gone: no step
            assert_eq!(store.summary().map(|s| s.step), Some(1));
            store.advance(5_040.0);
            assert_eq!(store.summary().map(|s| s.step), Some(2));
        });
    }

    #[test]
    fn initialise_at_a_step_equals_stepping_by_hand() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise_at(&small(), 7).expect("valid params");
            assert_eq!(store.run_state(), RunState::Paused);
            assert_eq!(store.busy().get_untracked(), None, "done");
            assert_eq!(store.origin().get_untracked(), Some(Origin::Initialised));
            let mut by_hand = Swarm::new(&small()).expect("valid params");
            for _ in 0..7 {
                by_hand.step();
            }
            let reached = store.with_swarm(|swarm| swarm.map(Swarm::to_json));
            assert_eq!(reached, Some(by_hand.to_json()));
        });
    }

    fn by_hand(steps: u64) -> String {
        let mut swarm = Swarm::new(&small()).expect("valid params");
        for _ in 0..steps {
            swarm.step();
        }
        swarm.to_json()
    }

    fn current(store: &SwarmStore) -> Option<String> {
        store.with_swarm(|swarm| swarm.map(Swarm::to_json))
    }

    #[test]
    fn going_back_and_to_a_step_gives_the_states_of_stepping() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            for _ in 0..20 {
                store.step();
            }
            store.select(Some(3));
            for _ in 0..5 {
                store.step_back().expect("back");
            }
            assert_eq!(current(&store), Some(by_hand(15)));
            assert_eq!(store.selection().get_untracked(), Some(3), "kept");
            store.go_to(150).expect("forward");
            store.go_to(70).expect("back past a checkpoint");
            assert_eq!(current(&store), Some(by_hand(70)));
            store.go_to(10).expect("back");
            assert_eq!(current(&store), Some(by_hand(10)));
            assert_eq!(store.busy().get_untracked(), None);
            assert_eq!(store.run_state(), RunState::Paused);
            store.go_to(0).expect("back to the start");
            assert_eq!(store.step_back(), Err(GoToError::BeforeFirst { first: 0 }));
        });
    }

    fn series_csv(store: &SwarmStore) -> String {
        store.with_series(Series::to_csv)
    }

    /// The series the model writes for steps `0 ..= steps` of `small()`.
    fn model_series(steps: u64) -> String {
        Swarm::new(&small())
            .expect("valid params")
            .series_csv(steps)
    }

    #[test]
    fn the_series_follows_the_steps_there_and_back() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            assert_eq!(series_csv(&store), model_series(0));
            for _ in 0..6 {
                store.step();
            }
            assert_eq!(series_csv(&store), model_series(6));
            store.step_back().expect("back");
            assert_eq!(series_csv(&store), model_series(5), "truncated");
            store.go_to(140).expect("forward past checkpoints");
            assert_eq!(series_csv(&store), model_series(140), "every step's row");
            store.go_to(70).expect("back from a checkpoint");
            assert_eq!(series_csv(&store), model_series(70));
            let current = store.measures().expect("a swarm");
            assert_eq!(
                Some(current),
                store.with_swarm(|swarm| swarm.map(Swarm::measures))
            );
            store.reset();
            assert!(store.with_series(Series::is_empty));
            assert_eq!(store.measures(), None);
        });
    }

    #[test]
    fn a_loaded_state_starts_the_series_at_its_step() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            store.step();
            let mut swarm = Swarm::new(&small()).expect("valid params");
            for _ in 0..30 {
                swarm.step();
            }
            store.load(swarm.kinematics());
            store.step();
            assert_eq!(series_csv(&store), swarm.series_csv(1));
        });
    }

    #[test]
    fn starten_waits_until_a_way_to_a_step_is_done_or_cancelled() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            // Without workers the way is done at once, so fake one in progress.
            store.busy.set(Some(Busy::Seeking { target: 9 }));
            store.start();
            assert_eq!(store.run_state(), RunState::Paused);
            store.pause();
            store.start();
            assert_eq!(store.run_state(), RunState::Running);
        });
    }

    #[test]
    fn a_loaded_state_goes_back_only_to_its_own_step() {
        with_owner(|| {
            let store = SwarmStore::new();
            let mut swarm = Swarm::new(&small()).expect("valid params");
            for _ in 0..30 {
                swarm.step();
            }
            store.load(swarm.kinematics());
            store.step();
            store.step_back().expect("back to the loaded step");
            assert_eq!(current(&store), Some(swarm.to_json()));
            assert_eq!(store.step_back(), Err(GoToError::BeforeFirst { first: 30 }));
            assert_eq!(store.go_to(29), Err(GoToError::BeforeFirst { first: 30 }));
        });
    }

    #[test]
    fn a_loaded_state_is_marked_as_imported_until_reset() {
        with_owner(|| {
            let store = SwarmStore::new();
            let state = Swarm::new(&small()).expect("valid params").kinematics();
            store.load(state);
            assert_eq!(store.origin().get_untracked(), Some(Origin::Imported));
            store.reset();
            assert_eq!(store.origin().get_untracked(), None);
        });
    }

    #[test]
    fn reset_removes_swarm_and_selection() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.initialise(&small()).expect("valid params");
            store.select(Some(7));
            assert_eq!(store.selection().get_untracked(), Some(7));
            store.start();
            store.reset();
            assert_eq!(store.run_state(), RunState::Empty);
            assert_eq!(store.selection().get_untracked(), None);
            assert!(!store.running().get_untracked());
            // Without a swarm nothing starts or steps.
            store.start();
            store.step();
            assert_eq!(store.run_state(), RunState::Empty);
        });
    }

    #[test]
    fn selection_out_of_range_is_ignored() {
        with_owner(|| {
            let store = SwarmStore::new();
            store.select(Some(0));
            assert_eq!(store.selection().get_untracked(), None);
            store.initialise(&small()).expect("valid params");
            store.select(Some(20));
            assert_eq!(store.selection().get_untracked(), None);
            store.select(Some(19));
            assert_eq!(store.selection().get_untracked(), Some(19));
        });
    }
}
