//! The study in the browser as a plain state machine: the runner, the
//! studies kept in the browser, the workers' lifecycle and what the page
//! must say. No Leptos and no browser types: every event (a start, a row, a
//! crashed or failed worker, „Abbrechen“, an answer of the browser's
//! storage) comes in with the time where it matters and an executor
//! ([`StudyExecutor`]) that does what the study asks for: the browser's
//! workers and IndexedDB in the app, fakes in the tests.
//!
//! Storage is asynchronous: the session asks with a [`ShelfCall`] and takes
//! the answer later as a [`ShelfEvent`]. Every study started stays stored
//! until „Löschen“ is confirmed; starting another plan keeps the earlier
//! one. Studies of the old format (local storage, the study last started
//! only) are carried over once the database has listed its studies, and
//! removed from local storage only after the database confirmed them.

use super::estimate::study_workers;
use super::runner::{Phase, Recorded, StudyRunner};
use std::collections::BTreeMap;

use super::saved::{self, Shelf};
use super::shelf::{Chunk, ShelfCall, ShelfEvent, StoredStudy};
use crate::app::platform::engine::WorkerFailure;
use crate::model::study::{MemoryBound, OverBound, PAGE_MEMORY, Plan, PlanId};
use crate::worker::study::{RunReply, RunRequest};

/// What the study page must say (words in `texts::study_page`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StudyNote {
    /// Stored rows were damaged and dropped: those runs are computed again.
    Damaged,
    /// The browser refused to store the study (`needed` bytes, its plan and
    /// rows): the rows stay in memory.
    StorageFull { needed: u64 },
    /// A stored study's rows could not be read: nothing was opened or
    /// started (its rows stay stored).
    Unreadable,
    /// The browser has no IndexedDB (private mode) or refused it: studies
    /// are kept in memory only.
    StorageUnavailable,
    /// The workers could not start.
    CannotStart(WorkerFailure),
    /// The workers failed while the study ran.
    WorkersFailed(WorkerFailure),
    /// A crashed worker was replaced and its run is computed again.
    WorkerRestarted,
    /// A worker answered run `run` with a row that is not that run's.
    BadRow { run: u64 },
    /// One run of the plan needs more memory than the page's whole bound:
    /// nothing was started.
    TooLarge(OverBound),
    /// Another tab computes this study: it was not started or deleted here.
    Elsewhere,
    /// The study's rows were computed by an earlier version of the results
    /// format: shown and exported as they are; nothing was computed
    /// („Neu berechnen“ computes every run anew).
    OldResults,
}

/// What the study's effects are carried out with.
pub trait StudyExecutor {
    /// Local storage, where the old format kept the study last started.
    type Legacy: Shelf;
    /// Local storage, where the old format kept the study last started.
    fn legacy(&mut self) -> &mut Self::Legacy;
    /// Asks the browser's study storage; the answer comes back to
    /// [`StudySession::shelf_event`] later, never within this call.
    fn shelf(&mut self, call: ShelfCall);
    /// Starts `size` workers of the study's own; how many started, or why
    /// none could.
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure>;
    /// Sends one whole run to worker `worker`; its row comes back to
    /// [`StudySession::row`].
    fn send_run(&mut self, worker: usize, request: &RunRequest);
    /// Drops the study's workers (after the current event: a worker's own
    /// handler may be the caller).
    fn stop_workers(&mut self);
}

/// Whether the browser's study storage can be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShelfState {
    /// Asked for the list, no answer yet.
    Opening,
    Ready,
    /// No IndexedDB: studies live in memory only.
    Unavailable,
}

/// A start asked for: the plan (and its JSON text), on how many cores, and
/// whether rows of an older results version are dropped and every run
/// computed anew („Neu berechnen“).
#[derive(Debug, Clone)]
pub struct Launch {
    pub json: String,
    pub plan: Plan,
    pub cores: u32,
    pub anew: bool,
}

/// What a write of the open study carries beside its record.
#[derive(Debug, Clone, Copy)]
enum Written {
    Record,
    /// The chunk of this run.
    ChunkOf(u64),
    /// Every chunk, empty.
    Cleared,
}

/// What waits for a study's rows.
#[derive(Debug, Clone)]
enum Waiting {
    /// „Öffnen“ (or the study last changed, when the page starts).
    Open(String),
    /// „Exportieren“ of a study that is not open.
    Export(String),
    /// A start of a stored plan (or of any plan before the list came).
    Start(Launch),
    /// A start, for the study's lock.
    Lock(Launch),
    /// The open study's rows, computed by another tab.
    Refresh(String),
}

/// The studies kept in this browser, the one open, and what to say.
#[derive(Debug)]
pub struct StudySession {
    runner: Option<StudyRunner>,
    /// The open study's plan as JSON text.
    json: String,
    note: Option<StudyNote>,
    /// What its workers may hold at once ([`PAGE_MEMORY`]).
    bound: MemoryBound,
    state: ShelfState,
    /// The stored studies, the last changed first.
    studies: Vec<StoredStudy>,
    waiting: Option<Waiting>,
    /// The study whose „Löschen“ asks for confirmation.
    asked: Option<String>,
    /// The old format's study being carried over.
    carrying: Option<PlanId>,
    /// A study was opened (its plan belongs into the form).
    opened: bool,
    /// A results file to download: its name and text.
    export: Option<(String, String)>,
    /// The study whose runs exist in memory only (storage refused or
    /// missing), until it is exported.
    unsaved: Option<String>,
    /// The study whose lock this tab holds: it computes it.
    locked: Option<String>,
}

impl Default for StudySession {
    fn default() -> Self {
        Self {
            runner: None,
            json: String::new(),
            note: None,
            bound: PAGE_MEMORY,
            state: ShelfState::Opening,
            studies: Vec::new(),
            waiting: None,
            asked: None,
            carrying: None,
            opened: false,
            export: None,
            unsaved: None,
            locked: None,
        }
    }
}

impl StudySession {
    /// A session that asks for the stored studies; the one changed last
    /// opens when they come (not running: „Studie fortsetzen“ goes on).
    pub fn begin(executor: &mut impl StudyExecutor) -> Self {
        executor.shelf(ShelfCall::List);
        Self::default()
    }

    /// The open study, if one was started or opened.
    #[must_use]
    pub fn runner(&self) -> Option<&StudyRunner> {
        self.runner.as_ref()
    }

    /// The stored studies, the last changed first.
    #[must_use]
    pub fn studies(&self) -> &[StoredStudy] {
        &self.studies
    }

    /// Whether the browser's storage is open, missing or still opening.
    #[must_use]
    pub fn shelf_state(&self) -> ShelfState {
        self.state
    }

    /// The study whose „Löschen“ waits for confirmation.
    #[must_use]
    pub fn asked(&self) -> Option<&str> {
        self.asked.as_deref()
    }

    /// What the page must say now.
    #[must_use]
    pub fn note(&self) -> Option<&StudyNote> {
        self.note.as_ref()
    }

    /// Whether a study was opened since the last asking (its plan belongs
    /// into the form).
    pub fn take_opened(&mut self) -> bool {
        std::mem::take(&mut self.opened)
    }

    /// A results file asked for by „Exportieren“, once its rows were read.
    pub fn take_export(&mut self) -> Option<(String, String)> {
        self.export.take()
    }

    /// Whether runs of the open study exist only in memory (the browser's
    /// storage refused them or is missing) and were not exported since:
    /// closing the page would lose them.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        self.runner.as_ref().is_some_and(|runner| {
            !runner.rows().is_empty() && self.unsaved.as_deref() == Some(runner.id().hex().as_str())
        })
    }

    /// Whether runs are being computed.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.runner
            .as_ref()
            .is_some_and(|runner| runner.phase() == Phase::Running)
    }

    fn stored(&self, hex: &str) -> Option<&StoredStudy> {
        self.studies.iter().find(|study| study.hex == hex)
    }

    /// „Studie starten“ / „Studie fortsetzen“ at `now`: computes the missing
    /// runs of the plan on at most its `cores` workers, one per missing
    /// run, and no more than the memory bound holds (a plan whose one run
    /// exceeds it starts nothing and says so). Rows of this plan kept in
    /// storage count as done (they are read first); every other stored
    /// study stays. Ignored while the study runs. A plan whose stored rows
    /// are of an older results version is opened as it is and not computed
    /// ([`StudyNote::OldResults`]), unless `anew` („Neu berechnen“) asks to
    /// drop them (in memory and in storage) and compute every run.
    pub fn start(&mut self, executor: &mut impl StudyExecutor, launch: Launch, now: f64) {
        if self.is_running() {
            return;
        }
        match self.state {
            // After the list, it starts again.
            ShelfState::Opening => self.waiting = Some(Waiting::Start(launch)),
            // One tab computes a study at a time: its lock first.
            ShelfState::Ready => {
                executor.shelf(ShelfCall::Lock {
                    hex: launch.plan.id().hex(),
                });
                self.waiting = Some(Waiting::Lock(launch));
            }
            ShelfState::Unavailable => self.launch_fresh(executor, launch, now),
        }
    }

    /// Starts the plan with the rows in memory if it is open, else a new one.
    fn launch_fresh(&mut self, executor: &mut impl StudyExecutor, launch: Launch, now: f64) {
        let open = self
            .runner
            .as_ref()
            .filter(|runner| runner.id() == launch.plan.id());
        if open.is_some_and(|runner| runner.is_old() && !launch.anew) {
            self.note = Some(StudyNote::OldResults);
            return;
        }
        if open.is_none_or(StudyRunner::is_old) {
            self.runner = Some(fresh_runner(launch.plan));
        }
        self.json = launch.json;
        self.launch(executor, launch.cores, now);
    }

    /// The lock of a start came: a stored plan's rows are read first (another
    /// tab may have added some), then it computes the missing runs.
    fn locked(&mut self, executor: &mut impl StudyExecutor, hex: String, ok: bool, now: f64) {
        let Some(Waiting::Lock(launch)) = self.waiting.take_if(
            |waiting| matches!(waiting, Waiting::Lock(launch) if launch.plan.id().hex() == hex),
        ) else {
            // Nobody waits for it any more.
            if ok {
                executor.shelf(ShelfCall::Unlock { hex });
            }
            return;
        };
        if !ok {
            self.note = Some(StudyNote::Elsewhere);
            return;
        }
        self.locked = Some(hex.clone());
        if self.stored(&hex).is_some() {
            executor.shelf(ShelfCall::Rows { hex });
            self.waiting = Some(Waiting::Start(launch));
        } else {
            self.launch_fresh(executor, launch, now);
        }
    }

    /// Releases the study's lock once it no longer computes here.
    fn settle_lock(&mut self, executor: &mut impl StudyExecutor) {
        let starting = matches!(self.waiting, Some(Waiting::Start(_) | Waiting::Lock(_)));
        if !self.is_running()
            && !starting
            && let Some(hex) = self.locked.take()
        {
            executor.shelf(ShelfCall::Unlock { hex });
        }
    }

    /// Whether another tab computes a stored study: the page lists the
    /// studies again every few seconds to follow it ([`Self::relist`]).
    #[must_use]
    pub fn follows(&self) -> bool {
        self.state == ShelfState::Ready && self.studies.iter().any(|study| study.elsewhere)
    }

    /// Whether another tab computes the open study.
    #[must_use]
    pub fn open_elsewhere(&self) -> bool {
        self.runner
            .as_ref()
            .and_then(|runner| self.stored(&runner.id().hex()))
            .is_some_and(|study| study.elsewhere)
    }

    /// Lists the stored studies again; the open one's rows are read again
    /// while another tab computes it.
    pub fn relist(&mut self, executor: &mut impl StudyExecutor) {
        if self.state == ShelfState::Ready {
            executor.shelf(ShelfCall::List);
        }
    }

    /// Keeps the open study's record, then starts its workers.
    fn launch(&mut self, executor: &mut impl StudyExecutor, cores: u32, now: f64) {
        self.note = None;
        self.put(executor, Written::Record);
        let Some(runner) = self.runner.as_mut() else {
            return;
        };
        let missing = runner.missing();
        if missing == 0 {
            return;
        }
        let workers = match study_workers(runner.plan(), missing, cores, &self.bound) {
            Ok(count) => count.workers,
            Err(over) => {
                self.note = Some(StudyNote::TooLarge(over));
                return;
            }
        };
        match executor.start_workers(workers) {
            Ok(size) => {
                for assignment in runner.start(size as usize, now) {
                    Self::send(executor, runner, assignment.worker, assignment.run.index);
                }
            }
            Err(why) => self.note = Some(StudyNote::CannotStart(why)),
        }
    }

    /// Writes the open study's record and `chunks`, and updates the list.
    fn put(&mut self, executor: &mut impl StudyExecutor, chunks: Written) {
        let Some(runner) = self
            .runner
            .as_ref()
            .filter(|_| self.state == ShelfState::Ready)
        else {
            return;
        };
        let study = record(runner, &self.json);
        let changed = self
            .stored(&study.hex)
            .map(|old| old.changed.clone())
            .unwrap_or_default();
        self.studies.retain(|old| old.hex != study.hex);
        self.studies.insert(
            0,
            StoredStudy {
                changed,
                ..study.clone()
            },
        );
        let chunks = match chunks {
            Written::Record => Vec::new(),
            Written::ChunkOf(run) => vec![saved::chunk_of(runner.rows(), run)],
            // The rows of an older version it replaces go from storage too.
            Written::Cleared => (0..runner.id().runs.div_ceil(saved::CHUNK))
                .map(|chunk| (chunk, String::new()))
                .collect(),
        };
        executor.shelf(ShelfCall::Put { study, chunks });
    }

    /// „Öffnen“: reads a stored study's rows, then shows it and its plan.
    /// Ignored while a study runs.
    pub fn open(&mut self, executor: &mut impl StudyExecutor, hex: &str) {
        if self.is_running() || self.state != ShelfState::Ready {
            return;
        }
        if self
            .runner
            .as_ref()
            .is_some_and(|runner| runner.id().hex() == hex)
        {
            self.opened = true;
            return;
        }
        executor.shelf(ShelfCall::Rows {
            hex: hex.to_owned(),
        });
        self.waiting = Some(Waiting::Open(hex.to_owned()));
    }

    /// „Exportieren“: the results CSV of a stored study (the open one's at
    /// once, another's once its rows were read: [`Self::take_export`]).
    pub fn export(&mut self, executor: &mut impl StudyExecutor, hex: &str) {
        match self.runner.as_ref() {
            Some(runner) if runner.id().hex() == hex => {
                self.export = Some(export_of(runner));
                self.exported();
            }
            _ => {
                executor.shelf(ShelfCall::Rows {
                    hex: hex.to_owned(),
                });
                self.waiting = Some(Waiting::Export(hex.to_owned()));
            }
        }
    }

    /// The open study's results were exported whole: its runs in memory
    /// are no longer lost with the page (only a study not running is whole).
    pub fn exported(&mut self) {
        if !self.is_running() {
            self.unsaved = None;
        }
    }

    /// „Löschen“: asks for confirmation first (nothing is deleted yet). The
    /// running study cannot be deleted.
    pub fn ask_delete(&mut self, hex: &str) {
        if self.stored(hex).is_some_and(|study| study.elsewhere) {
            self.note = Some(StudyNote::Elsewhere);
            self.asked = None;
            return;
        }
        let running = self.is_running()
            && self
                .runner
                .as_ref()
                .is_some_and(|runner| runner.id().hex() == hex);
        self.asked = (!running).then(|| hex.to_owned());
    }

    /// „Behalten“: the question goes, the study stays.
    pub fn keep(&mut self) {
        self.asked = None;
    }

    /// The confirmed „Löschen“: the study asked about is deleted (in memory
    /// at once, in the browser when it answers).
    pub fn confirm_delete(&mut self, executor: &mut impl StudyExecutor) {
        let Some(hex) = self.asked.take() else {
            return;
        };
        if self.is_running() && self.runner.as_ref().is_some_and(|r| r.id().hex() == hex) {
            return;
        }
        if self.runner.as_ref().is_some_and(|r| r.id().hex() == hex) {
            self.runner = None;
        }
        self.studies.retain(|study| study.hex != hex);
        if self.state == ShelfState::Ready {
            executor.shelf(ShelfCall::Delete { hex });
        }
    }

    /// An answer of the browser's study storage at `now`.
    pub fn shelf_event(&mut self, executor: &mut impl StudyExecutor, event: ShelfEvent, now: f64) {
        self.take_event(executor, event, now);
        self.settle_lock(executor);
    }

    fn take_event(&mut self, executor: &mut impl StudyExecutor, event: ShelfEvent, now: f64) {
        match event {
            ShelfEvent::Listed(Some(studies)) => {
                let again = self.state == ShelfState::Ready;
                self.state = ShelfState::Ready;
                let open = self.runner.as_ref().map(|runner| runner.id().hex());
                let was_elsewhere = open
                    .as_deref()
                    .and_then(|hex| self.stored(hex))
                    .is_some_and(|study| study.elsewhere);
                self.studies = studies;
                if again {
                    self.listed_again(executor, open, was_elsewhere);
                    // A study deleted meanwhile: the one changed last opens.
                    self.after_list(executor, now);
                    return;
                }
                self.carry_over(executor);
                self.after_list(executor, now);
            }
            // A list asked again that failed: the one shown stays.
            ShelfEvent::Listed(None) if self.state == ShelfState::Ready => {}
            ShelfEvent::Listed(None) => {
                self.state = ShelfState::Unavailable;
                self.note = Some(StudyNote::StorageUnavailable);
                // The old format's study, in memory: nothing seems lost.
                if self.runner.is_none()
                    && let Some((json, plan)) = saved::load_plan(executor.legacy())
                {
                    let restored = saved::restore(executor.legacy(), &plan);
                    self.json = json;
                    self.runner = Some(StudyRunner::new(plan, restored.columns, restored.rows));
                    self.opened = true;
                }
                self.after_list(executor, now);
            }
            ShelfEvent::Rows { hex, chunks } => self.rows_read(executor, &hex, chunks, now),
            ShelfEvent::Stored { hex, changed } => match changed {
                Some(changed) => {
                    if let Some(study) = self.studies.iter_mut().find(|s| s.hex == hex) {
                        study.changed = changed;
                    }
                    if let Some(id) = self.carrying.filter(|id| id.hex() == hex) {
                        // Confirmed: only now the old format's copy goes.
                        saved::forget(executor.legacy(), id);
                        executor.legacy().remove(saved::PLAN_KEY);
                        self.carrying = None;
                    }
                }
                None => {
                    let needed = self.stored(&hex).map_or(0, |study| study.bytes);
                    self.note = Some(StudyNote::StorageFull { needed });
                    self.unsaved = Some(hex);
                }
            },
            ShelfEvent::Deleted { ok: false, .. } => {
                // Another tab computes it (or the browser refused): it is
                // listed again.
                self.note = Some(StudyNote::Elsewhere);
                executor.shelf(ShelfCall::List);
            }
            ShelfEvent::Deleted { ok: true, .. } | ShelfEvent::Unlocked => {}
            ShelfEvent::Locked { hex, ok } => self.locked(executor, hex, ok, now),
        }
    }

    /// The list read again: the running study keeps its record as it is in
    /// memory (its last write may still be on the way), and the open study
    /// computed by another tab has its rows read again (also once more
    /// when that tab finished).
    fn listed_again(
        &mut self,
        executor: &mut impl StudyExecutor,
        open: Option<String>,
        was_elsewhere: bool,
    ) {
        let Some(hex) = open else {
            return;
        };
        if self.is_running() {
            if let Some(runner) = self.runner.as_ref() {
                let mine = record(runner, &self.json);
                if let Some(study) = self.studies.iter_mut().find(|study| study.hex == hex) {
                    *study = StoredStudy {
                        changed: std::mem::take(&mut study.changed),
                        ..mine
                    };
                }
            }
            return;
        }
        let elsewhere = self.stored(&hex).is_some_and(|study| study.elsewhere);
        if (elsewhere || was_elsewhere) && self.waiting.is_none() {
            executor.shelf(ShelfCall::Rows { hex: hex.clone() });
            self.waiting = Some(Waiting::Refresh(hex));
        }
    }

    /// The old format's study, copied into the browser's database unless it
    /// is there already (then only its old copy goes).
    fn carry_over(&mut self, executor: &mut impl StudyExecutor) {
        let Some((json, plan)) = saved::load_plan(executor.legacy()) else {
            return;
        };
        let id = plan.id();
        if self.stored(&id.hex()).is_some() {
            saved::forget(executor.legacy(), id);
            executor.legacy().remove(saved::PLAN_KEY);
            return;
        }
        let restored = saved::restore(executor.legacy(), &plan);
        let damaged = restored.damaged;
        let runner = StudyRunner::new(plan, restored.columns, restored.rows);
        let study = record(&runner, &json);
        let chunks = (0..id.runs.div_ceil(saved::CHUNK))
            .map(|chunk| saved::chunk_of(runner.rows(), chunk * saved::CHUNK))
            .filter(|(_, text)| !text.is_empty())
            .collect();
        self.studies.insert(0, study.clone());
        self.carrying = Some(id);
        executor.shelf(ShelfCall::Put { study, chunks });
        // It was the study last started: it opens, from memory.
        if self.runner.is_none() {
            self.runner = Some(runner);
            self.json = json;
            self.opened = true;
            if damaged {
                self.note = Some(StudyNote::Damaged);
            }
        }
    }

    /// Once the list is there: a start that waited goes on, else the study
    /// changed last opens.
    fn after_list(&mut self, executor: &mut impl StudyExecutor, now: f64) {
        match self.waiting.take() {
            Some(Waiting::Start(launch)) => self.start(executor, launch, now),
            waiting => {
                self.waiting = waiting;
                if self.runner.is_none()
                    && self.waiting.is_none()
                    && let Some(first) = self.studies.first().map(|s| s.hex.clone())
                {
                    self.open(executor, &first);
                }
            }
        }
    }

    /// A study's chunks came: what waited for them goes on.
    fn rows_read(
        &mut self,
        executor: &mut impl StudyExecutor,
        hex: &str,
        chunks: Option<Vec<Chunk>>,
        now: f64,
    ) {
        let waits_for = |waiting: &Waiting| match waiting {
            Waiting::Open(want) | Waiting::Export(want) | Waiting::Refresh(want) => want == hex,
            Waiting::Start(launch) => launch.plan.id().hex() == hex,
            Waiting::Lock(_) => false,
        };
        if !self.waiting.as_ref().is_some_and(waits_for) {
            return;
        }
        let Some(waiting) = self.waiting.take() else {
            return;
        };
        let (json, plan) = match &waiting {
            Waiting::Start(launch) | Waiting::Lock(launch) => {
                (launch.json.clone(), Some(launch.plan.clone()))
            }
            Waiting::Open(_) | Waiting::Export(_) | Waiting::Refresh(_) => {
                let json = self.stored(hex).map(|s| s.plan.clone()).unwrap_or_default();
                let plan = Plan::parse(json.as_bytes()).ok();
                (json, plan)
            }
        };
        let Some(plan) = plan else {
            self.note = Some(StudyNote::Damaged);
            return;
        };
        // Unread rows are never overwritten by a start without them.
        let Some(chunks) = chunks else {
            self.note = Some(StudyNote::Unreadable);
            return;
        };
        let restored = saved::read_chunks(&plan, chunks);
        if restored.damaged {
            self.note = Some(StudyNote::Damaged);
        }
        let mut rows = restored.rows;
        if matches!(waiting, Waiting::Start(_))
            && let Some(open) = self
                .runner
                .as_ref()
                .filter(|open| open.id() == plan.id() && open.columns() == restored.columns)
        {
            // Runs kept in memory only (storage refused them) stay.
            for (run, row) in open.rows() {
                rows.entry(*run).or_insert_with(|| row.clone());
            }
        }
        let runner = StudyRunner::new(plan, restored.columns, rows);
        match waiting {
            Waiting::Export(_) => self.export = Some(export_of(&runner)),
            Waiting::Open(_) => {
                self.runner = Some(runner);
                self.json = json;
                self.opened = true;
            }
            Waiting::Refresh(_) => {
                if self
                    .runner
                    .as_ref()
                    .is_some_and(|open| open.id().hex() == hex)
                {
                    self.runner = Some(runner);
                }
            }
            Waiting::Lock(_) => {}
            Waiting::Start(launch) if runner.is_old() && !launch.anew => {
                self.runner = Some(runner);
                self.json = json;
                self.opened = true;
                self.note = Some(StudyNote::OldResults);
            }
            Waiting::Start(launch) => {
                let old = runner.is_old();
                self.runner = Some(if old {
                    fresh_runner(launch.plan)
                } else {
                    runner
                });
                self.json = json;
                if old {
                    self.put(executor, Written::Cleared);
                }
                self.launch(executor, launch.cores, now);
            }
        }
    }

    /// „Abbrechen“ at `now`: the runs in flight are dropped with their
    /// workers; the finished rows stay (in memory and in storage).
    pub fn cancel(&mut self, executor: &mut impl StudyExecutor, now: f64) {
        if let Some(runner) = self.runner.as_mut() {
            runner.stop(now);
        }
        executor.stop_workers();
        self.settle_lock(executor);
    }

    /// Worker `worker`'s row at `now`: kept, and the worker given the next
    /// missing run; the study ends once every run has its row. A row that
    /// is not its run's stops the study.
    pub fn row(
        &mut self,
        executor: &mut impl StudyExecutor,
        worker: usize,
        reply: &RunReply,
        now: f64,
    ) {
        let Some(runner) = self.runner.as_mut() else {
            return;
        };
        match runner.record(worker, reply.run, &reply.line, now) {
            Ok(Recorded::Row { next }) => {
                if let Some(next) = next {
                    Self::send(executor, runner, next.worker, next.run.index);
                }
                if runner.phase() == Phase::Complete {
                    executor.stop_workers();
                }
                if self.state == ShelfState::Unavailable {
                    self.unsaved = Some(runner.id().hex());
                }
                self.put(executor, Written::ChunkOf(reply.run));
                self.settle_lock(executor);
            }
            Ok(Recorded::Ignored) => {}
            Err(bad) => {
                self.note = Some(StudyNote::BadRow { run: bad.run });
                self.cancel(executor, now);
            }
        }
    }

    /// Worker `worker` crashed and was replaced: its run goes to the fresh
    /// worker.
    pub fn worker_restarted(&mut self, executor: &mut impl StudyExecutor, worker: usize) {
        let Some(runner) = self.runner.as_ref() else {
            return;
        };
        if let Some(run) = runner.lost(worker) {
            self.note = Some(StudyNote::WorkerRestarted);
            Self::send(executor, runner, worker, run);
        }
    }

    /// The workers failed at `now`: the study stops; „Studie fortsetzen“
    /// computes the missing runs.
    pub fn workers_failed(
        &mut self,
        executor: &mut impl StudyExecutor,
        why: WorkerFailure,
        now: f64,
    ) {
        self.cancel(executor, now);
        self.note = Some(StudyNote::WorkersFailed(why));
    }

    fn send(executor: &mut impl StudyExecutor, runner: &StudyRunner, worker: usize, run: u64) {
        let plan = runner.plan();
        let request = RunRequest::new(&plan.run(run), plan);
        executor.send_run(worker, &request);
    }
}

/// A study of `plan` without rows, in the columns this program writes.
fn fresh_runner(plan: Plan) -> StudyRunner {
    let columns = plan.columns();
    StudyRunner::new(plan, columns, BTreeMap::new())
}

/// A study's record: its plan, its runs done and its bytes (no date yet).
fn record(runner: &StudyRunner, json: &str) -> StoredStudy {
    let rows = runner.rows();
    StoredStudy {
        hex: runner.id().hex(),
        plan: json.to_owned(),
        runs: runner.id().runs,
        done: rows.len() as u64,
        bytes: (json.len() + rows.values().map(|row| row.line.len()).sum::<usize>()) as u64,
        changed: String::new(),
        elsewhere: false,
    }
}

/// The results CSV of a study and its file name.
fn export_of(runner: &StudyRunner) -> (String, String) {
    (
        super::file_name(&runner.id().hex(), ".csv"),
        runner.results_csv(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::study::saved::MemoryShelf;
    use crate::model::study::{Columns, results_header};
    use std::collections::BTreeSet;

    /// 2 points × 3 seeds of a tiny swarm: 6 runs.
    const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 12},
        "sweep": [{"parameter": "radius", "values": [1, 2]}],
        "seeds": {"from": 4, "count": 3}, "steps": 6, "burn_in": 2}"#;
    /// The same with one step more: another plan.
    const OTHER: &str = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 12},
        "sweep": [{"parameter": "radius", "values": [1, 2]}],
        "seeds": {"from": 4, "count": 3}, "steps": 7, "burn_in": 2}"#;

    fn plan(text: &str) -> Plan {
        Plan::parse(text.as_bytes()).expect("valid plan")
    }

    /// The browser's database as web/study_shelf.js keeps it.
    #[derive(Default)]
    struct FakeDb {
        studies: BTreeMap<String, (u64, StoredStudy, BTreeMap<u64, String>)>,
        /// No IndexedDB at all.
        missing: bool,
        /// Every write refused.
        full: bool,
        /// Every read of rows fails.
        unreadable: bool,
        clock: u64,
        /// The studies whose lock another tab holds.
        elsewhere: BTreeSet<String>,
        /// The studies whose lock this tab holds.
        mine: BTreeSet<String>,
    }

    impl FakeDb {
        fn event(&mut self, call: ShelfCall) -> ShelfEvent {
            match call {
                ShelfCall::List => ShelfEvent::Listed((!self.missing).then(|| {
                    let mut all: Vec<_> = self.studies.values().collect();
                    all.sort_by_key(|(time, ..)| std::cmp::Reverse(*time));
                    all.into_iter()
                        .map(|(_, study, _)| StoredStudy {
                            elsewhere: self.elsewhere.contains(&study.hex),
                            ..study.clone()
                        })
                        .collect()
                })),
                ShelfCall::Rows { hex } => ShelfEvent::Rows {
                    chunks: self.studies.get(&hex).filter(|_| !self.unreadable).map(
                        |(_, _, chunks)| chunks.iter().map(|(k, v)| (*k, v.clone())).collect(),
                    ),
                    hex,
                },
                ShelfCall::Put { mut study, chunks } => {
                    if self.full {
                        return ShelfEvent::Stored {
                            hex: study.hex,
                            changed: None,
                        };
                    }
                    self.clock += 1;
                    study.changed = format!("Zeit {}", self.clock);
                    let entry = self.studies.entry(study.hex.clone()).or_default();
                    entry.0 = self.clock;
                    entry.1 = study.clone();
                    entry.2.extend(chunks);
                    ShelfEvent::Stored {
                        hex: study.hex,
                        changed: Some(study.changed),
                    }
                }
                ShelfCall::Delete { hex } => ShelfEvent::Deleted {
                    ok: !self.elsewhere.contains(&hex) && self.studies.remove(&hex).is_some(),
                    hex,
                },
                ShelfCall::Lock { hex } => {
                    let ok = !self.elsewhere.contains(&hex);
                    if ok {
                        self.mine.insert(hex.clone());
                    }
                    ShelfEvent::Locked { hex, ok }
                }
                ShelfCall::Unlock { hex } => {
                    self.mine.remove(&hex);
                    ShelfEvent::Unlocked
                }
            }
        }
    }

    /// Workers that keep what they are sent until a test answers it with
    /// what a real worker computes; the storage's calls wait likewise.
    #[derive(Default)]
    struct Fakes {
        legacy: MemoryShelf,
        db: FakeDb,
        calls: Vec<ShelfCall>,
        refuse: Option<WorkerFailure>,
        started: Vec<u32>,
        sent: Vec<(usize, RunRequest)>,
        stopped: u32,
    }

    impl StudyExecutor for Fakes {
        type Legacy = MemoryShelf;

        fn legacy(&mut self) -> &mut MemoryShelf {
            &mut self.legacy
        }

        fn shelf(&mut self, call: ShelfCall) {
            self.calls.push(call);
        }

        fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
            self.started.push(size);
            self.refuse.clone().map_or(Ok(size), Err)
        }

        fn send_run(&mut self, worker: usize, request: &RunRequest) {
            self.sent.push((worker, *request));
        }

        fn stop_workers(&mut self) {
            self.stopped += 1;
        }
    }

    /// Answers the storage's calls (through the answers' codec) until none
    /// is left.
    fn settle(study: &mut StudySession, fakes: &mut Fakes) {
        while !fakes.calls.is_empty() {
            let call = fakes.calls.remove(0);
            let values = fakes.db.event(call.clone()).values().ok_or(());
            study.shelf_event(fakes, call.answer(values), 0.0);
        }
    }

    /// A page that starts: the stored studies listed, the last opened.
    fn begin(fakes: &mut Fakes) -> StudySession {
        let mut study = StudySession::begin(fakes);
        assert_eq!(study.shelf_state(), ShelfState::Opening);
        settle(&mut study, fakes);
        study
    }

    /// The oldest run sent, answered by its worker (and stored).
    fn answer(study: &mut StudySession, fakes: &mut Fakes) -> bool {
        if fakes.sent.is_empty() {
            return false;
        }
        let (worker, request) = fakes.sent.remove(0);
        let reply = request.solve().expect("a valid request");
        study.row(fakes, worker, &reply, 1.0);
        settle(study, fakes);
        true
    }

    fn launch(text: &str, cores: u32, anew: bool) -> Launch {
        Launch {
            json: text.to_owned(),
            plan: plan(text),
            cores,
            anew,
        }
    }

    fn start(study: &mut StudySession, fakes: &mut Fakes, text: &str, cores: u32) {
        study.start(fakes, launch(text, cores, false), 0.0);
        settle(study, fakes);
    }

    fn results(study: &StudySession) -> String {
        study.runner().expect("a study").results_csv()
    }

    /// The CLI's bytes: every run computed in order.
    fn whole(plan: &Plan) -> String {
        let mut csv = results_header(plan.id(), plan.columns());
        for run in 0..plan.run_count() {
            let request = RunRequest::new(&plan.run(run), plan);
            csv.push_str(&request.solve().expect("valid").line);
        }
        csv
    }

    /// The first plan done, then the other started on `cores` workers.
    fn two_studies(cores: u32) -> (Fakes, StudySession) {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        while answer(&mut study, &mut fakes) {}
        start(&mut study, &mut fakes, OTHER, cores);
        (fakes, study)
    }

    fn listed(study: &StudySession) -> Vec<(String, u64)> {
        study
            .studies()
            .iter()
            .map(|s| (s.hex.clone(), s.done))
            .collect()
    }

    #[test]
    fn a_study_runs_on_its_workers_and_its_rows_are_kept() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        assert!(study.runner().is_none());
        assert_eq!(study.shelf_state(), ShelfState::Ready);
        start(&mut study, &mut fakes, PLAN, 4);
        assert_eq!(fakes.started, [4]);
        assert!(study.is_running());
        let hex = plan(PLAN).id().hex();
        assert_eq!(listed(&study), [(hex.clone(), 0)], "listed from the start");
        while answer(&mut study, &mut fakes) {}
        assert!(!study.is_running());
        assert_eq!(fakes.stopped, 1, "the workers go once the study is done");
        assert_eq!(results(&study), whole(&plan(PLAN)));
        assert_eq!(listed(&study), [(hex, 6)]);
        // A reload finds every row: the study changed last opens.
        let mut restored = begin(&mut fakes);
        assert!(restored.take_opened());
        assert_eq!(results(&restored), whole(&plan(PLAN)));
        assert_eq!(restored.note(), None);
        assert_eq!(restored.studies()[0].bytes, {
            let csv = whole(&plan(PLAN));
            (PLAN.len() + csv.len() - results_header(plan(PLAN).id(), plan(PLAN).columns()).len())
                as u64
        });
    }

    /// Rows of version 2 of a plan of every measure as version 1 kept them
    /// (without the Binder cumulant, the last field).
    fn as_version_1(lines: &str) -> String {
        lines
            .lines()
            .map(|line| format!("{}\n", &line[..line.rfind(',').expect("fields")]))
            .collect()
    }

    #[test]
    fn a_study_kept_in_version_1_is_shown_as_it_is_and_computed_anew_only_when_asked() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        for _ in 0..4 {
            answer(&mut study, &mut fakes);
        }
        study.cancel(&mut fakes, 2.0);
        fakes.sent.clear();
        let hex = plan(PLAN).id().hex();
        let chunks = &mut fakes.db.studies.get_mut(&hex).expect("stored").2;
        for text in chunks.values_mut() {
            *text = as_version_1(text);
        }
        let old_chunks = chunks.clone();
        let old_rows: String = old_chunks.values().map(String::as_str).collect();
        // A reload opens it as it is: version 1, four runs.
        let mut reloaded = begin(&mut fakes);
        let runner = reloaded.runner().expect("opened");
        assert!(runner.is_old());
        assert_eq!(runner.columns(), Columns::VERSION_1);
        assert_eq!(runner.rows().len(), 4);
        assert_eq!(
            results(&reloaded),
            format!(
                "{}{old_rows}",
                results_header(plan(PLAN).id(), Columns::VERSION_1)
            )
        );
        assert!(results(&reloaded).starts_with("# boids-schwarm-study version=1 "));
        // „Studie starten“ computes nothing and says why.
        let started = fakes.started.len();
        start(&mut reloaded, &mut fakes, PLAN, 2);
        assert_eq!(fakes.started.len(), started);
        assert_eq!(reloaded.note(), Some(&StudyNote::OldResults));
        assert!(reloaded.runner().expect("open").is_old());
        assert_eq!(fakes.db.studies[&hex].2, old_chunks);
        assert!(fakes.db.mine.is_empty(), "the lock is given back");
        // „Neu berechnen“: every run anew, the old rows gone from storage.
        reloaded.start(&mut fakes, launch(PLAN, 2, true), 0.0);
        settle(&mut reloaded, &mut fakes);
        assert!(reloaded.is_running());
        assert_eq!(reloaded.runner().expect("open").rows().len(), 0);
        while answer(&mut reloaded, &mut fakes) {}
        assert_eq!(results(&reloaded), whole(&plan(PLAN)));
        let again = begin(&mut fakes);
        let runner = again.runner().expect("opened");
        assert!(!runner.is_old());
        assert_eq!(results(&again), whole(&plan(PLAN)));
    }

    #[test]
    fn starting_another_plan_keeps_the_first_and_opening_it_computes_nothing() {
        let (mut fakes, mut study) = two_studies(2);
        answer(&mut study, &mut fakes);
        study.cancel(&mut fakes, 2.0);
        fakes.sent.clear();
        let (first, second) = (plan(PLAN).id().hex(), plan(OTHER).id().hex());
        assert_eq!(listed(&study), [(second.clone(), 1), (first.clone(), 6)]);
        assert_eq!(fakes.db.studies.len(), 2, "both stored");
        // Back to the first plan: its rows are read, nothing computed.
        let sent = fakes.started.len();
        start(&mut study, &mut fakes, PLAN, 2);
        assert_eq!(fakes.started.len(), sent, "no workers for a done study");
        assert_eq!(results(&study), whole(&plan(PLAN)));
        // „Öffnen“ of the second, after a reload.
        let mut reloaded = begin(&mut fakes);
        assert_eq!(reloaded.runner().map(|r| r.id().hex()), Some(first));
        reloaded.open(&mut fakes, &second);
        settle(&mut reloaded, &mut fakes);
        assert!(reloaded.take_opened(), "its plan goes into the form");
        let runner = reloaded.runner().expect("opened");
        assert_eq!((runner.id().hex(), runner.rows().len()), (second, 1));
        assert!(fakes.sent.is_empty());
    }

    #[test]
    fn rows_that_cannot_be_read_are_neither_opened_nor_overwritten() {
        let (mut fakes, mut study) = two_studies(1);
        study.cancel(&mut fakes, 1.0);
        fakes.sent.clear();
        fakes.db.unreadable = true;
        let stored = fakes.db.studies[&plan(PLAN).id().hex()].2.clone();
        start(&mut study, &mut fakes, PLAN, 2);
        assert_eq!(study.note(), Some(&StudyNote::Unreadable));
        assert!(!study.is_running() && fakes.sent.is_empty());
        assert_eq!(study.runner().map(StudyRunner::id), Some(plan(OTHER).id()));
        assert_eq!(fakes.db.studies[&plan(PLAN).id().hex()].2, stored);
    }

    #[test]
    fn exportieren_reads_a_stored_study_that_is_not_open() {
        let (mut fakes, mut study) = two_studies(2);
        study.export(&mut fakes, &plan(PLAN).id().hex());
        assert_eq!(study.take_export(), None, "not read yet");
        settle(&mut study, &mut fakes);
        let (name, csv) = study.take_export().expect("the results");
        assert_eq!(
            name,
            format!("boids-schwarm-studie-{}.csv", plan(PLAN).id().hex())
        );
        assert_eq!(csv, whole(&plan(PLAN)));
        assert_eq!(study.runner().map(StudyRunner::id), Some(plan(OTHER).id()));
    }

    #[test]
    fn only_a_confirmed_loeschen_deletes_and_never_the_running_study() {
        let (mut fakes, mut study) = two_studies(1);
        let (first, second) = (plan(PLAN).id().hex(), plan(OTHER).id().hex());
        study.ask_delete(&second);
        assert_eq!(study.asked(), None, "the running study cannot be deleted");
        study.ask_delete(&first);
        assert_eq!(study.asked(), Some(first.as_str()));
        study.keep();
        study.confirm_delete(&mut fakes);
        settle(&mut study, &mut fakes);
        assert_eq!(fakes.db.studies.len(), 2, "„Behalten“ deletes nothing");
        study.ask_delete(&first);
        study.confirm_delete(&mut fakes);
        settle(&mut study, &mut fakes);
        assert_eq!(listed(&study), [(second.clone(), 0)]);
        assert!(!fakes.db.studies.contains_key(&first));
        assert!(study.is_running(), "the other study runs on");
    }

    #[test]
    fn an_old_format_study_is_carried_over_and_removed_only_once_confirmed() {
        let old = plan(PLAN);
        let rows = {
            let csv = whole(&old);
            crate::model::study::ResultsFile::parse(&csv)
                .expect("rows")
                .rows
        };
        let mut fakes = Fakes::default();
        assert!(saved::save_plan(&mut fakes.legacy, PLAN));
        let part: BTreeMap<u64, _> = rows.into_iter().filter(|(run, _)| *run < 4).collect();
        assert!(saved::save_run(&mut fakes.legacy, old.id(), &part, 0));
        // The database refuses: the old copy stays, in memory it is open.
        fakes.db.full = true;
        let study = begin(&mut fakes);
        assert!(matches!(study.note(), Some(StudyNote::StorageFull { .. })));
        assert_eq!(fakes.legacy.texts.len(), 2, "kept in local storage");
        // The next start with room: listed, opened with its rows, and the
        // old copy gone.
        fakes.db.full = false;
        let mut study = begin(&mut fakes);
        assert_eq!(listed(&study), [(old.id().hex(), 4)]);
        assert!(study.take_opened());
        assert_eq!(study.runner().expect("opened").rows(), &part);
        assert!(
            fakes.legacy.texts.is_empty(),
            "removed after the confirmation"
        );
        start(&mut study, &mut fakes, PLAN, 2);
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&old));
        // An old copy of a study the database has already only goes.
        assert!(saved::save_plan(&mut fakes.legacy, PLAN));
        let again = begin(&mut fakes);
        assert!(fakes.legacy.texts.is_empty());
        assert_eq!(again.runner().expect("opened").rows().len(), 6);
    }

    #[test]
    fn without_indexeddb_the_study_runs_in_memory_and_says_so() {
        let mut fakes = Fakes::default();
        fakes.db.missing = true;
        let mut study = begin(&mut fakes);
        assert_eq!(study.shelf_state(), ShelfState::Unavailable);
        assert_eq!(study.note(), Some(&StudyNote::StorageUnavailable));
        study.start(&mut fakes, launch(PLAN, 3, false), 0.0);
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&plan(PLAN)));
        assert!(
            fakes.calls.is_empty(),
            "nothing asked of a missing database"
        );
    }

    #[test]
    fn a_start_before_the_list_waits_for_it() {
        let mut fakes = Fakes::default();
        let mut first = begin(&mut fakes);
        start(&mut first, &mut fakes, PLAN, 2);
        answer(&mut first, &mut fakes);
        first.cancel(&mut fakes, 1.0);
        fakes.sent.clear();
        let mut study = StudySession::begin(&mut fakes);
        study.start(&mut fakes, launch(PLAN, 2, false), 0.0);
        assert!(fakes.sent.is_empty(), "waits for the stored rows");
        settle(&mut study, &mut fakes);
        assert!(study.is_running());
        let resent: Vec<u64> = fakes.sent.iter().map(|(_, r)| r.run).collect();
        assert!(!resent.contains(&0), "run 0 is kept: {resent:?}");
        assert!(!study.take_opened(), "the form has the plan already");
    }

    #[test]
    fn no_more_workers_than_missing_runs_and_none_for_a_done_study() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 16);
        assert_eq!(fakes.started, [6]);
        while answer(&mut study, &mut fakes) {}
        start(&mut study, &mut fakes, PLAN, 16);
        assert_eq!(fakes.started, [6], "nothing missing");
    }

    #[test]
    fn memory_limits_the_workers_and_a_run_over_the_bound_starts_none() {
        // 1 000 001 states of 50 000 boids: 63.6 MiB a run, 8 MiB a worker.
        const LONG: &str = r#"{"format": "boids-schwarm-study", "version": 1,
            "base": {"count": 50000}, "seeds": {"from": 1, "count": 12},
            "steps": 1000000, "burn_in": 0}"#;
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, LONG, 12);
        assert_eq!(fakes.started, [7], "7 × 71.6 MiB within 512 MiB");
        assert_eq!(fakes.sent.len(), 7);
        study.cancel(&mut fakes, 1.0);

        let mut study = begin(&mut fakes);
        study.bound = MemoryBound {
            total: 64 << 20,
            per_run: 8 << 20,
        };
        start(&mut study, &mut fakes, LONG, 12);
        assert_eq!(fakes.started, [7], "no workers started");
        assert!(!study.is_running());
        assert!(matches!(
            study.note(),
            Some(StudyNote::TooLarge(OverBound { bound, .. })) if *bound == 64 << 20
        ));
    }

    #[test]
    fn cancel_keeps_the_rows_and_fortsetzen_computes_only_the_rest() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        answer(&mut study, &mut fakes);
        study.cancel(&mut fakes, 1.0);
        assert!(!study.is_running());
        assert_eq!(fakes.stopped, 1);
        // The runs in flight were dropped with their workers.
        fakes.sent.clear();
        let kept = study.runner().expect("a study").rows().len();
        assert_eq!(kept, 1);
        start(&mut study, &mut fakes, PLAN, 2);
        let resent: Vec<u64> = fakes.sent.iter().map(|(_, r)| r.run).collect();
        assert!(!resent.contains(&0), "run 0 is kept: {resent:?}");
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }

    #[test]
    fn a_crashed_worker_s_run_is_sent_again_to_its_replacement() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        let (worker, lost) = fakes.sent.remove(1);
        study.worker_restarted(&mut fakes, worker);
        assert_eq!(study.note(), Some(&StudyNote::WorkerRestarted));
        assert_eq!(fakes.sent.last(), Some(&(worker, lost)));
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }

    #[test]
    fn workers_that_fail_or_cannot_start_stop_the_study_and_say_why() {
        let mut fakes = Fakes {
            refuse: Some(WorkerFailure::Refused(None)),
            ..Fakes::default()
        };
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        assert!(!study.is_running());
        assert_eq!(
            study.note(),
            Some(&StudyNote::CannotStart(WorkerFailure::Refused(None)))
        );
        fakes.refuse = None;
        start(&mut study, &mut fakes, PLAN, 2);
        assert!(study.is_running());
        assert_eq!(study.note(), None, "a new start clears the note");
        study.workers_failed(&mut fakes, WorkerFailure::OtherBuild, 2.0);
        assert!(!study.is_running());
        assert_eq!(
            study.note(),
            Some(&StudyNote::WorkersFailed(WorkerFailure::OtherBuild))
        );
        // Late rows of the dropped workers change nothing.
        let rows = study.runner().expect("a study").rows().len();
        while answer(&mut study, &mut fakes) {}
        assert_eq!(study.runner().expect("a study").rows().len(), rows);
    }

    #[test]
    fn a_wrong_row_stops_the_study() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 2);
        let (worker, request) = fakes.sent.remove(0);
        let mut reply = request.solve().expect("valid");
        reply.line = "0,1,2\n".to_owned();
        study.row(&mut fakes, worker, &reply, 1.0);
        assert!(!study.is_running());
        assert_eq!(study.note(), Some(&StudyNote::BadRow { run: request.run }));
        assert_eq!(fakes.stopped, 1);
    }

    #[test]
    fn full_storage_keeps_the_rows_in_memory_and_says_so() {
        let mut fakes = Fakes::default();
        fakes.db.full = true;
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 3);
        // The plan's record alone was refused: it needed the plan's bytes.
        assert_eq!(
            study.note(),
            Some(&StudyNote::StorageFull {
                needed: PLAN.len() as u64
            })
        );
        assert!(!study.unsaved(), "no run yet: nothing to lose");
        while answer(&mut study, &mut fakes) {}
        let Some(StudyNote::StorageFull { needed }) = study.note() else {
            panic!("{:?}", study.note());
        };
        let csv = whole(&plan(PLAN));
        let rows_bytes = csv
            .lines()
            .filter(|line| !line.starts_with(['#', 'r']))
            .map(|line| line.len() + 1)
            .sum::<usize>();
        assert_eq!(*needed, (PLAN.len() + rows_bytes) as u64);
        assert_eq!(results(&study), csv);
        // Finished, yet only in memory: leaving the page must ask, until
        // the study is exported.
        assert!(study.unsaved());
        let hex = plan(PLAN).id().hex();
        study.export(&mut fakes, &hex);
        assert_eq!(study.take_export().map(|(_, text)| text), Some(csv));
        assert!(!study.unsaved());
    }

    #[test]
    fn without_storage_every_run_in_memory_asks_before_leaving() {
        let mut fakes = Fakes::default();
        fakes.db.missing = true;
        let mut study = begin(&mut fakes);
        assert_eq!(study.note(), Some(&StudyNote::StorageUnavailable));
        start(&mut study, &mut fakes, PLAN, 3);
        assert!(!study.unsaved());
        assert!(answer(&mut study, &mut fakes));
        assert!(study.unsaved(), "one run in memory");
        while answer(&mut study, &mut fakes) {}
        // An export while running would not hold every run; this one does.
        study.export(&mut fakes, &plan(PLAN).id().hex());
        assert!(study.take_export().is_some());
        assert!(!study.unsaved());
    }

    /// Tab A's database after `runs` of PLAN's runs (A still computing).
    fn tab_a_after(runs: usize) -> FakeDb {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        start(&mut study, &mut fakes, PLAN, 1);
        for _ in 0..runs {
            assert!(answer(&mut study, &mut fakes));
        }
        fakes.db.elsewhere = std::mem::take(&mut fakes.db.mine);
        fakes.db
    }

    #[test]
    fn one_tab_computes_a_study_and_holds_its_lock_only_meanwhile() {
        let mut fakes = Fakes::default();
        let mut study = begin(&mut fakes);
        let hex = plan(PLAN).id().hex();
        start(&mut study, &mut fakes, PLAN, 2);
        assert_eq!(fakes.db.mine, BTreeSet::from([hex.clone()]));
        assert!(answer(&mut study, &mut fakes));
        study.cancel(&mut fakes, 1.0);
        settle(&mut study, &mut fakes);
        assert!(fakes.db.mine.is_empty(), "released on „Abbrechen“");
        start(&mut study, &mut fakes, PLAN, 2);
        assert_eq!(fakes.db.mine, BTreeSet::from([hex]));
        while answer(&mut study, &mut fakes) {}
        assert!(fakes.db.mine.is_empty(), "released once done");
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }

    #[test]
    fn a_study_computed_in_another_tab_is_followed_not_started_or_deleted() {
        let hex = plan(PLAN).id().hex();
        // Tab A computed 2 of 6 runs and goes on; tab B opens the page.
        let mut fakes = Fakes {
            db: tab_a_after(2),
            ..Fakes::default()
        };
        let mut study = begin(&mut fakes);
        assert!(study.studies()[0].elsewhere);
        assert!(study.follows());
        assert_eq!(study.runner().map(|r| r.rows().len()), Some(2), "opened");
        start(&mut study, &mut fakes, PLAN, 2);
        assert_eq!(study.note(), Some(&StudyNote::Elsewhere));
        assert!(fakes.sent.is_empty() && fakes.started.is_empty());
        assert!(fakes.db.mine.is_empty());
        study.ask_delete(&hex);
        assert_eq!(study.asked(), None);
        // Even a deletion asked before is refused by the database.
        study.asked = Some(hex.clone());
        study.confirm_delete(&mut fakes);
        settle(&mut study, &mut fakes);
        assert_eq!(listed(&study), [(hex.clone(), 2)], "listed again");
        assert_eq!(fakes.db.studies.len(), 1, "nothing deleted");
        // A stores two more runs: listing again reads them.
        let later = tab_a_after(4);
        fakes.db.studies = later.studies;
        study.relist(&mut fakes);
        settle(&mut study, &mut fakes);
        assert_eq!(listed(&study), [(hex.clone(), 4)]);
        assert_eq!(study.runner().map(|r| r.rows().len()), Some(4), "followed");
        // A is done: one more reading, then nothing to follow.
        let done = tab_a_after(6);
        fakes.db.studies = done.studies;
        fakes.db.elsewhere.clear();
        study.relist(&mut fakes);
        settle(&mut study, &mut fakes);
        assert!(!study.follows());
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }

    #[test]
    fn a_start_reads_the_runs_another_tab_stored_and_overwrites_none() {
        let hex = plan(PLAN).id().hex();
        let mut fakes = Fakes {
            db: tab_a_after(1),
            ..Fakes::default()
        };
        let mut study = begin(&mut fakes);
        assert_eq!(study.runner().map(|r| r.rows().len()), Some(1));
        // A went on to 3 runs and stopped; B had not listed again.
        let stopped = tab_a_after(3);
        fakes.db.studies = stopped.studies;
        fakes.db.elsewhere.clear();
        start(&mut study, &mut fakes, PLAN, 6);
        assert_eq!(fakes.started, [3], "only the 3 missing runs");
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&plan(PLAN)));
        let stored = &fakes.db.studies[&hex];
        assert_eq!(stored.1.done, 6);
        let lines: usize = stored.2.values().map(|text| text.lines().count()).sum();
        assert_eq!(lines, 6, "every run stored once");
    }
}
