//! The study's reactive store, provided by the `App` and living as long as
//! the app: switching pages neither stops nor pauses a study (the
//! simulation's pause on navigation is the swarm's, not the study's).
//!
//! It is the thin shell around the plain [`StudySession`]: it hands it the
//! user's commands and the study's worker events (from the app's
//! [`Driver`], which owns the study's pool of Web Workers: as many as
//! „Rechenkerne“, at most one per missing run), carries out what it asks
//! for with the browser (the driver, IndexedDB) and publishes a version
//! counter that views track. The studies are kept in IndexedDB
//! (web/study_shelf.js), asked asynchronously: each answer is an event of
//! the session like a worker's row. The simulation's workers are another pool:
//! while both compute, they share the machine's cores. „Abbrechen“
//! terminates the study's workers, which is the only way to stop a run in
//! the middle.

use leptos::prelude::*;

use super::draft::PlanDraft;
use super::runner::{Progress, StudyRunner};
use super::saved;
use super::session::{Launch, StudyExecutor, StudyNote, StudySession};
use super::shelf::{self, ShelfCall};
use crate::app::platform::download::download_csv;
use crate::app::platform::driver::{Driver, StudyEvent};
use crate::app::platform::engine::WorkerFailure;
use crate::app::platform::timing::now_ms;
use crate::model::study::{Columns, Quantity};
use crate::model::{Measure, MeasureSet};
use crate::texts::study_page::study_note;
use crate::worker::study::RunRequest;

/// Local storage (the old format's study); natively a shelf in memory.
#[cfg(target_arch = "wasm32")]
type LegacyShelf = saved::LocalShelf;
#[cfg(not(target_arch = "wasm32"))]
type LegacyShelf = saved::MemoryShelf;

/// The study, its workers and what views track.
#[derive(Debug, Clone, Copy)]
pub struct StudyStore {
    session: StoredValue<StudySession>,
    platform: Driver,
    version: RwSignal<u64>,
    /// When views were last told of new rows, and whether a later telling
    /// is scheduled.
    told: StoredValue<(f64, bool)>,
    running: RwSignal<bool>,
    /// Runs exist in memory only (not stored, not exported).
    unsaved: RwSignal<bool>,
    /// A listing again is scheduled (another tab computes a study).
    following: StoredValue<bool>,
    note: RwSignal<Option<StudyNote>>,
    /// The plan form as typed; `None` until the page first shows it.
    pub draft: RwSignal<Option<PlanDraft>>,
    /// What the chart and the table show.
    pub measure: RwSignal<Quantity>,
}

impl StudyStore {
    /// The store; it asks the browser for the stored studies, and the one
    /// changed last opens when they come (not running: „Studie fortsetzen“
    /// goes on).
    #[must_use]
    pub fn restore(platform: Driver) -> Self {
        let store = Self {
            note: RwSignal::new(None),
            session: StoredValue::new(StudySession::default()),
            platform,
            version: RwSignal::new(0),
            told: StoredValue::new((0.0, false)),
            running: RwSignal::new(false),
            unsaved: RwSignal::new(false),
            following: StoredValue::new(false),
            draft: RwSignal::new(None),
            measure: RwSignal::new(Quantity::Mean(Measure::Polarization)),
        };
        let session = StudySession::begin(&mut Browser {
            store,
            legacy: LegacyShelf::default(),
        });
        store.session.set_value(session);
        store
    }

    /// Changes the plan form (nothing before the page first showed it).
    pub fn edit(&self, change: impl FnOnce(&mut PlanDraft)) {
        self.draft.update(|draft| {
            if let Some(draft) = draft {
                change(draft);
            }
        });
    }

    /// Reads the plan form (tracked); `R::default()` before the page showed it.
    pub fn read_draft<R: Default>(&self, read: impl FnOnce(&PlanDraft) -> R) -> R {
        self.draft
            .with(|draft| draft.as_ref().map(read).unwrap_or_default())
    }

    /// Whether runs are being computed (tracked).
    #[must_use]
    pub fn running(&self) -> Signal<bool> {
        self.running.into()
    }

    /// Whether runs exist in memory only, so that leaving the page would
    /// lose them (tracked).
    #[must_use]
    pub fn unsaved(&self) -> Signal<bool> {
        self.unsaved.into()
    }

    /// What the page must say: storage full or damaged, workers failed (tracked).
    #[must_use]
    pub fn note(&self) -> Signal<Option<String>> {
        let note = self.note;
        Signal::derive(move || note.with(|note| note.as_ref().map(study_note)))
    }

    /// Reads the session: the stored studies, the question of „Löschen“
    /// (tracked).
    pub fn with_session<R>(&self, read: impl FnOnce(&StudySession) -> R) -> Option<R> {
        self.version.track();
        self.session.try_with_value(read)
    }

    /// „Öffnen“: the stored study's plan into the form and its rows shown.
    pub fn open(&self, hex: &str) {
        self.act(|session, browser, _| session.open(browser, hex));
    }

    /// „Exportieren“: the stored study's results CSV (once its rows are read).
    pub fn export(&self, hex: &str) {
        self.act(|session, browser, _| session.export(browser, hex));
    }

    /// The open study's results were downloaded (not its summary).
    pub fn exported(&self) {
        self.act(|session, _, _| session.exported());
    }

    /// „Löschen“ asks; `confirm` (`Some(true)`: „Löschen“, `Some(false)`:
    /// „Behalten“) answers.
    pub fn delete(&self, hex: &str, confirm: Option<bool>) {
        self.act(|session, browser, _| match confirm {
            None => session.ask_delete(hex),
            Some(true) => session.confirm_delete(browser),
            Some(false) => session.keep(),
        });
    }

    /// Reads the study (tracked: changes with every row and phase).
    pub fn with_runner<R>(&self, read: impl FnOnce(Option<&StudyRunner>) -> R) -> R {
        self.version.track();
        let mut read = Some(read);
        let done = self
            .session
            .try_with_value(|session| read.take().map(|read| read(session.runner())));
        match (done.flatten(), read) {
            (Some(value), _) => value,
            (None, Some(read)) => read(None),
            (None, None) => unreachable!("the reader ran"),
        }
    }

    /// What the chart and the table can show: the open study's per-run
    /// numbers (its measures, and with the polarization its susceptibility
    /// and, from results version 2, Binder cumulant); every one without a
    /// study (tracked).
    #[must_use]
    pub fn quantities(&self) -> Vec<Quantity> {
        let columns = self.with_runner(|runner| {
            runner.map_or(Columns::current(MeasureSet::ALL), StudyRunner::columns)
        });
        columns.quantities().collect()
    }

    /// What the chart and the table show: the chosen number where the open
    /// study has it, else its first (tracked).
    #[must_use]
    pub fn shown(&self) -> Quantity {
        let available = self.quantities();
        let chosen = self.measure.get();
        if available.contains(&chosen) {
            chosen
        } else {
            available.first().copied().unwrap_or(chosen)
        }
    }

    /// The progress at `now` (tracked); `None` without a study.
    #[must_use]
    pub fn progress(&self, now: f64) -> Option<Progress> {
        self.with_runner(|runner| runner.map(|runner| runner.progress(now)))
    }

    /// Whether another tab computes the open study (tracked).
    #[must_use]
    pub fn open_elsewhere(&self) -> bool {
        self.with_session(StudySession::open_elsewhere)
            .unwrap_or(false)
    }

    /// „Studie starten“ / „Studie fortsetzen“ / „Neu berechnen“: computes
    /// the missing runs of the plan ([`StudySession::start`]). Rows of this
    /// plan kept in the browser count as done.
    pub fn start(&self, launch: Launch) {
        self.act(|session, browser, now| session.start(browser, launch, now));
    }

    /// „Abbrechen“: the runs in flight are dropped with their workers; the
    /// finished rows stay (in memory and in the browser).
    pub fn cancel(&self) {
        self.act(|session, browser, now| session.cancel(browser, now));
    }

    fn on_event(&self, event: StudyEvent) {
        match event {
            StudyEvent::Row { worker, reply } => {
                self.act(|session, browser, now| session.row(browser, worker, &reply, now));
            }
            StudyEvent::Failed(why) => {
                self.act(|session, browser, now| session.workers_failed(browser, why, now));
            }
            StudyEvent::Restarted { worker } => {
                self.act(|session, browser, _| session.worker_restarted(browser, worker));
            }
        }
    }

    /// Passes the study an event with the time and the browser, then tells
    /// the views (a study opened puts its plan into the form; an export
    /// read is downloaded). Nothing once the store is disposed.
    fn act(&self, event: impl FnOnce(&mut StudySession, &mut Browser, f64)) {
        let store = *self;
        let done = self.session.try_update_value(|session| {
            event(
                session,
                &mut Browser {
                    store,
                    legacy: LegacyShelf::default(),
                },
                now_ms(),
            );
            let opened = session
                .take_opened()
                .then(|| {
                    session
                        .runner()
                        .map(|runner| PlanDraft::of_plan(runner.plan()))
                })
                .flatten();
            (session.note().cloned(), opened, session.take_export())
        });
        let Some((note, opened, export)) = done else {
            return;
        };
        if let Some(draft) = opened {
            self.draft.set(Some(draft));
        }
        if let Some((name, text)) = export {
            // A refused download says nothing new: the button stays.
            let _ = download_csv(&name, &text, false);
        }
        if self.note.try_with_untracked(|current| *current != note) == Some(true) {
            self.note.set(note);
        }
        self.publish();
        self.follow();
    }

    /// While another tab computes a stored study, lists the studies again
    /// every [`FOLLOW_MS`] (the open one's rows too): the page follows it.
    fn follow(&self) {
        let follows = self.session.try_with_value(StudySession::follows);
        if follows != Some(true) || self.following.try_get_value() != Some(false) {
            return;
        }
        self.following.set_value(true);
        let store = *self;
        later(FOLLOW_MS, move || {
            // The next one is scheduled when the list comes.
            store.act(|session, browser, _| session.relist(browser));
            let _ = store.following.try_set_value(false);
        });
    }

    /// Tells views what changed: at once when the study starts or ends,
    /// else at most every [`TELL_MS`] (small runs finish dozens a second,
    /// and the table and the chart redraw for each telling).
    fn publish(&self) {
        let (running, unsaved) = self
            .session
            .try_with_value(|session| (session.is_running(), session.unsaved()))
            .unwrap_or_default();
        if self.unsaved.try_get_untracked() != Some(unsaved) {
            self.unsaved.try_set(unsaved);
        }
        let changed = self.running.try_get_untracked() != Some(running);
        if changed {
            self.running.try_set(running);
        }
        let now = now_ms();
        let Some((last, pending)) = self.told.try_get_value() else {
            return;
        };
        if changed || !running || now - last >= TELL_MS {
            self.told.set_value((now, pending));
            self.version.try_update(|version| *version += 1);
        } else if !pending {
            self.told.set_value((last, true));
            let store = *self;
            later(TELL_MS - (now - last), move || {
                store
                    .told
                    .try_update_value(|told| *told = (now_ms(), false));
                store.version.try_update(|version| *version += 1);
            });
        }
    }
}

/// The browser's side of a study: the store's worker pool, IndexedDB
/// (through web/study_shelf.js) and local storage (the old format).
struct Browser {
    store: StudyStore,
    legacy: LegacyShelf,
}

impl StudyExecutor for Browser {
    type Legacy = LegacyShelf;

    fn legacy(&mut self) -> &mut LegacyShelf {
        &mut self.legacy
    }

    fn shelf(&mut self, call: ShelfCall) {
        let answer = shelf::send(call);
        let store = self.store;
        // The answer comes in a later task, never within this call.
        leptos::task::spawn_local(async move {
            let event = answer.await;
            store.act(|session, browser, now| session.shelf_event(browser, event, now));
        });
    }

    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
        let store = self.store;
        self.store
            .platform
            .start_study_workers(size, move |event| store.on_event(event))
    }

    fn send_run(&mut self, worker: usize, request: &RunRequest) {
        self.store.platform.send_run(worker, request);
    }

    fn stop_workers(&mut self) {
        self.store.platform.stop_study_workers();
    }
}

/// How often the page lists the studies again while another tab computes
/// one, ms.
const FOLLOW_MS: f64 = 1_000.0;

/// The shortest time between two tellings of new rows, ms.
const TELL_MS: f64 = 250.0;

/// Runs `task` after `ms` (natively at once: tests have no event loop).
fn later(ms: f64, task: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    gloo_timers::callback::Timeout::new(ms.max(0.0) as u32, task).forget();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        task();
    }
}
