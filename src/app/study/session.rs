//! The study in the browser as a plain state machine: the runner, the rows
//! kept in storage, the workers' lifecycle and what the page must say. No
//! Leptos and no browser types: every event (a start, a row, a crashed or
//! failed worker, „Abbrechen“) comes in with the time where it matters and
//! an executor ([`StudyExecutor`]) that does what the study asks for: the
//! browser's workers and local storage in the app, fakes in the tests.

use super::estimate::study_workers;
use super::runner::{Phase, Recorded, StudyRunner};
use super::saved::{self, Shelf};
use crate::app::platform::engine::WorkerFailure;
use crate::model::study::{MemoryBound, OverBound, PAGE_MEMORY, Plan};
use crate::worker::study::{RunReply, RunRequest};

/// What the study page must say (words in `texts::study_page`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StudyNote {
    /// Stored rows were damaged and dropped: those runs are computed again.
    Damaged,
    /// The browser refused to store a row: the rows stay in memory.
    StorageFull,
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
}

/// What the study's effects are carried out with.
pub trait StudyExecutor {
    /// The store the rows are kept in.
    type Shelf: Shelf;
    /// The store the rows are kept in.
    fn shelf(&mut self) -> &mut Self::Shelf;
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

/// The study last started in this browser, if any, and what to say.
#[derive(Debug)]
pub struct StudySession {
    runner: Option<StudyRunner>,
    note: Option<StudyNote>,
    /// What its workers may hold at once ([`PAGE_MEMORY`]).
    bound: MemoryBound,
}

impl Default for StudySession {
    fn default() -> Self {
        Self {
            runner: None,
            note: None,
            bound: PAGE_MEMORY,
        }
    }
}

impl StudySession {
    /// The study last started, with its stored rows (not running: „Studie
    /// fortsetzen“ goes on).
    pub fn restore(shelf: &mut impl Shelf) -> Self {
        let mut note = None;
        let runner = saved::load_plan(shelf).map(|(_, plan)| {
            let restored = saved::restore(shelf, &plan);
            if restored.damaged {
                note = Some(StudyNote::Damaged);
            }
            StudyRunner::new(plan, restored.rows)
        });
        Self {
            runner,
            note,
            ..Self::default()
        }
    }

    /// The study, if one was started or restored.
    #[must_use]
    pub fn runner(&self) -> Option<&StudyRunner> {
        self.runner.as_ref()
    }

    /// What the page must say now.
    #[must_use]
    pub fn note(&self) -> Option<&StudyNote> {
        self.note.as_ref()
    }

    /// Whether runs are being computed.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.runner
            .as_ref()
            .is_some_and(|runner| runner.phase() == Phase::Running)
    }

    /// „Studie starten“ / „Studie fortsetzen“ at `now`: computes the missing
    /// runs of `plan` (its JSON text `json`) on at most `cores` workers,
    /// one per missing run, and no more than the memory bound holds (a
    /// plan whose one run exceeds it starts nothing and says so). Rows of
    /// this plan kept in storage count as done. Ignored while the study
    /// runs.
    pub fn start(
        &mut self,
        executor: &mut impl StudyExecutor,
        json: &str,
        plan: Plan,
        cores: u32,
        now: f64,
    ) {
        if self.is_running() {
            return;
        }
        let id = plan.id();
        if self.runner.as_ref().is_some_and(|runner| runner.id() == id) {
            self.note = None;
        } else {
            // The browser keeps the rows of the study last started only.
            if let Some(old) = self.runner.as_ref().map(StudyRunner::id) {
                saved::forget(executor.shelf(), old);
            }
            let restored = saved::restore(executor.shelf(), &plan);
            self.note = restored.damaged.then_some(StudyNote::Damaged);
            self.runner = Some(StudyRunner::new(plan, restored.rows));
        }
        if !saved::save_plan(executor.shelf(), json) {
            self.note = Some(StudyNote::StorageFull);
        }
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

    /// „Abbrechen“ at `now`: the runs in flight are dropped with their
    /// workers; the finished rows stay (in memory and in storage).
    pub fn cancel(&mut self, executor: &mut impl StudyExecutor, now: f64) {
        if let Some(runner) = self.runner.as_mut() {
            runner.stop(now);
        }
        executor.stop_workers();
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
                if !saved::save_run(executor.shelf(), runner.id(), runner.rows(), reply.run) {
                    self.note = Some(StudyNote::StorageFull);
                }
                if let Some(next) = next {
                    Self::send(executor, runner, next.worker, next.run.index);
                }
                if runner.phase() == Phase::Complete {
                    executor.stop_workers();
                }
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
        let request = RunRequest::new(&plan.run(run), plan.steps, plan.burn_in);
        executor.send_run(worker, &request);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::study::saved::MemoryShelf;
    use crate::model::study::results_header;

    /// 2 points × 3 seeds of a tiny swarm: 6 runs.
    const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 12},
        "sweep": [{"parameter": "radius", "values": [1, 2]}],
        "seeds": {"from": 4, "count": 3}, "steps": 6, "burn_in": 2}"#;

    fn plan(text: &str) -> Plan {
        Plan::parse(text.as_bytes()).expect("valid plan")
    }

    /// Workers that keep what they are sent until a test answers it with
    /// what a real worker computes.
    #[derive(Default)]
    struct Fakes {
        shelf: MemoryShelf,
        refuse: Option<WorkerFailure>,
        started: Vec<u32>,
        sent: Vec<(usize, RunRequest)>,
        stopped: u32,
    }

    impl StudyExecutor for Fakes {
        type Shelf = MemoryShelf;

        fn shelf(&mut self) -> &mut MemoryShelf {
            &mut self.shelf
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

    /// The oldest run sent, answered by its worker.
    fn answer(study: &mut StudySession, fakes: &mut Fakes) -> bool {
        if fakes.sent.is_empty() {
            return false;
        }
        let (worker, request) = fakes.sent.remove(0);
        let reply = request.solve().expect("a valid request");
        study.row(fakes, worker, &reply, 1.0);
        true
    }

    fn results(study: &StudySession) -> String {
        study.runner().expect("a study").results_csv()
    }

    /// The CLI's bytes: every run computed in order.
    fn whole(plan: &Plan) -> String {
        let mut csv = results_header(plan.id());
        for run in 0..plan.run_count() {
            let request = RunRequest::new(&plan.run(run), plan.steps, plan.burn_in);
            csv.push_str(&request.solve().expect("valid").line);
        }
        csv
    }

    #[test]
    fn a_study_runs_on_its_workers_and_its_rows_are_kept() {
        let mut fakes = Fakes::default();
        let mut study = StudySession::restore(&mut fakes.shelf);
        assert!(study.runner().is_none());
        study.start(&mut fakes, PLAN, plan(PLAN), 4, 0.0);
        assert_eq!(fakes.started, [4]);
        assert!(study.is_running());
        while answer(&mut study, &mut fakes) {}
        assert!(!study.is_running());
        assert_eq!(fakes.stopped, 1, "the workers go once the study is done");
        assert_eq!(results(&study), whole(&plan(PLAN)));
        // A reload finds every row.
        let restored = StudySession::restore(&mut fakes.shelf);
        assert_eq!(results(&restored), whole(&plan(PLAN)));
        assert_eq!(restored.note(), None);
    }

    #[test]
    fn no_more_workers_than_missing_runs_and_none_for_a_done_study() {
        let mut fakes = Fakes::default();
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 16, 0.0);
        assert_eq!(fakes.started, [6]);
        while answer(&mut study, &mut fakes) {}
        study.start(&mut fakes, PLAN, plan(PLAN), 16, 2.0);
        assert_eq!(fakes.started, [6], "nothing missing");
    }

    #[test]
    fn memory_limits_the_workers_and_a_run_over_the_bound_starts_none() {
        // 1 000 001 states of 50 000 boids: 63.6 MiB a run, 8 MiB a worker.
        const LONG: &str = r#"{"format": "boids-schwarm-study", "version": 1,
            "base": {"count": 50000}, "seeds": {"from": 1, "count": 12},
            "steps": 1000000, "burn_in": 0}"#;
        let mut fakes = Fakes::default();
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, LONG, plan(LONG), 12, 0.0);
        assert_eq!(fakes.started, [7], "7 × 71.6 MiB within 512 MiB");
        assert_eq!(fakes.sent.len(), 7);
        study.cancel(&mut fakes, 1.0);

        let mut study = StudySession::restore(&mut fakes.shelf);
        study.bound = MemoryBound {
            total: 64 << 20,
            per_run: 8 << 20,
        };
        study.start(&mut fakes, LONG, plan(LONG), 12, 2.0);
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
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 0.0);
        answer(&mut study, &mut fakes);
        study.cancel(&mut fakes, 1.0);
        assert!(!study.is_running());
        assert_eq!(fakes.stopped, 1);
        // The runs in flight were dropped with their workers.
        fakes.sent.clear();
        let kept = study.runner().expect("a study").rows().len();
        assert_eq!(kept, 1);
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 2.0);
        let resent: Vec<u64> = fakes.sent.iter().map(|(_, r)| r.run).collect();
        assert!(!resent.contains(&0), "run 0 is kept: {resent:?}");
        while answer(&mut study, &mut fakes) {}
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }

    #[test]
    fn a_crashed_worker_s_run_is_sent_again_to_its_replacement() {
        let mut fakes = Fakes::default();
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 0.0);
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
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 0.0);
        assert!(!study.is_running());
        assert_eq!(
            study.note(),
            Some(&StudyNote::CannotStart(WorkerFailure::Refused(None)))
        );
        fakes.refuse = None;
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 1.0);
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
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 2, 0.0);
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
        let mut fakes = Fakes {
            shelf: MemoryShelf {
                limit: Some(1),
                ..MemoryShelf::default()
            },
            ..Fakes::default()
        };
        let mut study = StudySession::restore(&mut fakes.shelf);
        study.start(&mut fakes, PLAN, plan(PLAN), 3, 0.0);
        assert_eq!(study.note(), Some(&StudyNote::StorageFull));
        while answer(&mut study, &mut fakes) {}
        assert_eq!(study.note(), Some(&StudyNote::StorageFull));
        assert_eq!(results(&study), whole(&plan(PLAN)));
    }
}
