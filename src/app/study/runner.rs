//! The study runner: plain bookkeeping of one study in the browser, without
//! Leptos or workers, so that its rules are tested natively.
//!
//! It knows the plan, the rows of the finished runs (restored from storage
//! or computed now), which run each worker computes, and which run comes
//! next: one whole run per worker at a time, handed out in run order,
//! skipping the runs whose rows are there. „Abbrechen“ forgets the runs in
//! flight (their workers are terminated); a new start computes only what is
//! missing. It also gives the progress and the time figures the page shows.

use std::collections::BTreeMap;

use crate::model::study::{
    Columns, Plan, PlanId, ResultRow, ResultsFile, Run, results_header, summary_csv,
};

/// What the study is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Not started in this page's life (perhaps with rows from storage).
    Ready,
    /// Runs are being computed.
    Running,
    /// „Abbrechen“ (or failed workers) stopped it with runs missing.
    Stopped,
    /// Every run has its row.
    Complete,
}

/// A run for a worker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Assignment {
    /// The worker, `0 ..` the number of workers.
    pub worker: usize,
    pub run: Run,
}

/// What a worker's row did.
#[derive(Debug, Clone, PartialEq)]
pub enum Recorded {
    /// Not a run this worker was computing (after „Abbrechen“, or late):
    /// ignored.
    Ignored,
    /// Stored (in [`StudyRunner::rows`]); the worker's next run, if any is left.
    Row { next: Option<Assignment> },
}

/// A worker's answer that is not the row of the run it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadRow {
    pub run: u64,
}

/// The figures the page shows while and after the study runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    pub phase: Phase,
    /// Runs with a row.
    pub done: u64,
    /// The plan's runs.
    pub total: u64,
    /// Runs being computed now.
    pub in_flight: u64,
    /// Rows that were there before the last start (restored or computed earlier).
    pub kept: u64,
    /// Rows computed since the last start.
    pub computed: u64,
    /// Time since the last start, in ms (until it ended); 0 before a start.
    pub elapsed_ms: f64,
    /// Time left at the rate of the runs computed since the last start, in
    /// ms; `None` before the first of them or when not running.
    pub left_ms: Option<f64>,
}

/// One study: its plan, its rows and who computes what.
#[derive(Debug, Clone)]
pub struct StudyRunner {
    plan: Plan,
    id: PlanId,
    /// The rows' version and measures: what this program writes for the
    /// plan, or version 1 for a study kept from before (shown, not computed).
    columns: Columns,
    rows: BTreeMap<u64, ResultRow>,
    /// Per worker the run it computes.
    in_flight: Vec<Option<u64>>,
    /// Every run below it is done or in flight.
    cursor: u64,
    phase: Phase,
    kept: u64,
    computed: u64,
    started_ms: Option<f64>,
    ended_ms: Option<f64>,
}

impl StudyRunner {
    /// A study of `plan` with the rows already there, in `columns` (rows of
    /// this plan, as [`ResultsFile::check_plan`] accepts them).
    #[must_use]
    pub fn new(plan: Plan, columns: Columns, rows: BTreeMap<u64, ResultRow>) -> Self {
        let id = plan.id();
        let phase = if rows.len() as u64 == id.runs {
            Phase::Complete
        } else {
            Phase::Ready
        };
        Self {
            plan,
            id,
            columns,
            kept: rows.len() as u64,
            rows,
            in_flight: Vec::new(),
            cursor: 0,
            phase,
            computed: 0,
            started_ms: None,
            ended_ms: None,
        }
    }

    #[must_use]
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    #[must_use]
    pub fn id(&self) -> PlanId {
        self.id
    }

    /// The rows' version and measures.
    #[must_use]
    pub fn columns(&self) -> Columns {
        self.columns
    }

    /// Whether the rows are of an older version than this program computes
    /// (a study kept from before): it is shown and exported, and computed
    /// only anew.
    #[must_use]
    pub fn is_old(&self) -> bool {
        self.columns != Columns::current(self.plan.measures)
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The rows of the finished runs, by run.
    #[must_use]
    pub fn rows(&self) -> &BTreeMap<u64, ResultRow> {
        &self.rows
    }

    /// The runs without a row.
    #[must_use]
    pub fn missing(&self) -> u64 {
        self.id.runs - self.rows.len() as u64
    }

    /// The runs being computed, by worker.
    #[cfg(test)]
    #[must_use]
    pub fn in_flight(&self) -> &[Option<u64>] {
        &self.in_flight
    }

    /// Starts (or resumes) on `workers` workers at `now` (ms): one missing
    /// run for each, in run order. Nothing when every run has its row, the
    /// study runs already or its rows are old (new rows would not fit them).
    pub fn start(&mut self, workers: usize, now: f64) -> Vec<Assignment> {
        if self.phase == Phase::Running || self.missing() == 0 || self.is_old() {
            return Vec::new();
        }
        self.phase = Phase::Running;
        self.kept = self.rows.len() as u64;
        self.computed = 0;
        self.started_ms = Some(now);
        self.ended_ms = None;
        self.cursor = 0;
        self.in_flight = vec![None; workers.max(1)];
        (0..self.in_flight.len())
            .filter_map(|worker| self.assign(worker))
            .collect()
    }

    /// Takes worker `worker`'s row `line` for run `run` at `now`.
    pub fn record(
        &mut self,
        worker: usize,
        run: u64,
        line: &str,
        now: f64,
    ) -> Result<Recorded, BadRow> {
        if self.phase != Phase::Running || self.in_flight.get(worker) != Some(&Some(run)) {
            return Ok(Recorded::Ignored);
        }
        let row = self.read_row(run, line).ok_or(BadRow { run })?;
        self.rows.insert(run, row);
        self.computed += 1;
        self.in_flight[worker] = None;
        let next = self.assign(worker);
        if self.missing() == 0 {
            self.phase = Phase::Complete;
            self.ended_ms = Some(now);
        }
        Ok(Recorded::Row { next })
    }

    /// Worker `worker` crashed and was replaced: the run it was computing,
    /// to send again to the fresh worker (a run computes the same row on
    /// any worker). `None` when it had none or the study is not running.
    #[must_use]
    pub fn lost(&self, worker: usize) -> Option<u64> {
        if self.phase != Phase::Running {
            return None;
        }
        self.in_flight.get(worker).copied().flatten()
    }

    /// „Abbrechen“ (or workers that failed) at `now`: the runs in flight are
    /// forgotten; the rows stay.
    pub fn stop(&mut self, now: f64) {
        if self.phase == Phase::Running {
            self.phase = Phase::Stopped;
            self.ended_ms = Some(now);
        }
        self.in_flight.clear();
    }

    /// The figures at `now` (ms).
    #[must_use]
    pub fn progress(&self, now: f64) -> Progress {
        let end = self.ended_ms.unwrap_or(now);
        let elapsed_ms = self
            .started_ms
            .map_or(0.0, |started| (end - started).max(0.0));
        let left_ms = (self.phase == Phase::Running && self.computed > 0)
            .then(|| elapsed_ms / self.computed as f64 * self.missing() as f64);
        Progress {
            phase: self.phase,
            done: self.rows.len() as u64,
            total: self.id.runs,
            in_flight: self.in_flight.iter().flatten().count() as u64,
            kept: self.kept,
            computed: self.computed,
            elapsed_ms,
            left_ms,
        }
    }

    /// The results CSV of the rows there (SPEC §8): the comment, the header
    /// and the rows in run order; complete, byte for byte what
    /// `boids-schwarm-cli study` prints for the plan.
    #[must_use]
    pub fn results_csv(&self) -> String {
        let mut csv = results_header(self.id, self.columns);
        for row in self.rows.values() {
            csv.push_str(&row.line);
        }
        csv
    }

    /// The summary CSV over the rows there (`runs` counts each point's rows).
    #[must_use]
    pub fn summary_csv(&self) -> String {
        summary_csv(&self.plan, self.columns.version, &self.rows)
    }

    /// The next missing run for `worker`, marked as in flight.
    fn assign(&mut self, worker: usize) -> Option<Assignment> {
        while self.cursor < self.id.runs && self.rows.contains_key(&self.cursor) {
            self.cursor += 1;
        }
        if self.cursor == self.id.runs {
            return None;
        }
        let run = self.plan.run(self.cursor);
        self.cursor += 1;
        self.in_flight[worker] = Some(run.index);
        Some(Assignment { worker, run })
    }

    /// `line` read as the row of `run` of this plan, or `None`.
    fn read_row(&self, run: u64, line: &str) -> Option<ResultRow> {
        let text = format!("{}{line}", results_header(self.id, self.columns));
        let file = ResultsFile::parse(&text).ok()?;
        // The header is this plan's: its rows are what is left to check.
        file.check_rows(&self.plan).ok()?;
        let (&index, row) = file.rows.iter().next()?;
        (file.rows.len() == 1 && index == run && row.line == line).then(|| row.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::study::{row_line, run_statistics};

    /// 2 points × 3 seeds of a tiny swarm: 6 runs.
    fn plan() -> Plan {
        let text = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 12},
            "sweep": [{"parameter": "radius", "values": [1, 2]}],
            "seeds": {"from": 4, "count": 3}, "steps": 6, "burn_in": 2}"#;
        Plan::parse(text.as_bytes()).expect("valid plan")
    }

    fn line(plan: &Plan, run: u64) -> String {
        let run = plan.run(run);
        row_line(
            &run,
            &run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures),
            plan.columns(),
        )
    }

    /// The CLI's bytes: every run computed in order, as `study` prints them.
    fn whole(plan: &Plan) -> String {
        let mut csv = results_header(plan.id(), plan.columns());
        for run in 0..plan.run_count() {
            csv.push_str(&line(plan, run));
        }
        csv
    }

    /// Lets every assignment be answered (by the worker it went to) until
    /// nothing is in flight; returns the runs in the order they were handed out.
    fn finish(runner: &mut StudyRunner, mut queue: Vec<Assignment>) -> Vec<u64> {
        let plan = runner.plan().clone();
        let mut order = Vec::new();
        while let Some(assignment) = queue.pop() {
            order.push(assignment.run.index);
            let run = assignment.run.index;
            match runner.record(assignment.worker, run, &line(&plan, run), 1.0) {
                Ok(Recorded::Row { next, .. }) => queue.extend(next),
                other => panic!("run {run}: {other:?}"),
            }
        }
        order
    }

    #[test]
    fn runs_are_handed_out_one_per_worker_in_run_order() {
        let mut runner = StudyRunner::new(plan(), plan().columns(), BTreeMap::new());
        let first = runner.start(2, 10.0);
        let runs: Vec<(usize, u64)> = first.iter().map(|a| (a.worker, a.run.index)).collect();
        assert_eq!(runs, [(0, 0), (1, 1)]);
        assert_eq!(runner.in_flight(), [Some(0), Some(1)]);
        // Worker 1 finishes first and takes the next run in order.
        let Ok(Recorded::Row { next, .. }) = runner.record(1, 1, &line(runner.plan(), 1), 20.0)
        else {
            panic!("recorded")
        };
        assert_eq!(next.map(|a| (a.worker, a.run.index)), Some((1, 2)));
        assert_eq!(runner.start(2, 30.0), [], "already running");
    }

    #[test]
    fn a_crashed_worker_s_run_is_redone_and_the_rows_are_the_clis() {
        let plan = plan();
        let mut runner = StudyRunner::new(plan.clone(), plan.columns(), BTreeMap::new());
        let first = runner.start(2, 0.0);
        assert_eq!(runner.lost(1), Some(1), "worker 1 was computing run 1");
        // The fresh worker 1 computes run 1 again; worker 0 goes on.
        let again = Assignment {
            worker: 1,
            run: plan.run(1),
        };
        let order = finish(&mut runner, vec![first[0], again]);
        assert_eq!(order.iter().filter(|&&run| run == 1).count(), 1);
        assert_eq!(runner.phase(), Phase::Complete);
        assert_eq!(runner.lost(1), None, "nothing running");
        assert_eq!(runner.results_csv(), whole(&plan));
    }

    #[test]
    fn a_study_on_any_number_of_workers_gives_the_clis_bytes() {
        let plan = plan();
        for workers in [1, 2, 5, 9] {
            let mut runner = StudyRunner::new(plan.clone(), plan.columns(), BTreeMap::new());
            let queue = runner.start(workers, 1.0);
            assert_eq!(queue.len(), workers.min(6));
            let mut order = finish(&mut runner, queue);
            order.sort_unstable();
            assert_eq!(order, [0, 1, 2, 3, 4, 5], "each run once");
            assert_eq!(runner.phase(), Phase::Complete);
            assert_eq!(runner.results_csv(), whole(&plan), "{workers} workers");
        }
    }

    #[test]
    fn cancel_then_resume_computes_only_the_missing_runs() {
        let plan = plan();
        let mut runner = StudyRunner::new(plan.clone(), plan.columns(), BTreeMap::new());
        let queue = runner.start(2, 100.0);
        runner
            .record(0, 0, &line(&plan, 0), 150.0)
            .expect("row of run 0");
        runner.stop(200.0);
        assert_eq!(runner.phase(), Phase::Stopped);
        // The row of run 1 arrives after „Abbrechen“: ignored.
        assert_eq!(
            runner.record(1, 1, &line(&plan, 1), 210.0),
            Ok(Recorded::Ignored)
        );
        assert_eq!(queue.len(), 2);
        let progress = runner.progress(500.0);
        assert_eq!((progress.done, progress.in_flight), (1, 0));
        assert_eq!(progress.elapsed_ms, 100.0, "frozen at the stop");
        assert_eq!(progress.left_ms, None);

        let queue = runner.start(2, 1000.0);
        let handed: Vec<u64> = queue.iter().map(|a| a.run.index).collect();
        assert_eq!(handed, [1, 2], "run 0 is there");
        let mut order = finish(&mut runner, queue);
        order.sort_unstable();
        assert_eq!(order, [1, 2, 3, 4, 5]);
        let progress = runner.progress(2000.0);
        assert_eq!((progress.kept, progress.computed), (1, 5));
        assert_eq!(runner.results_csv(), whole(&plan));
    }

    #[test]
    fn stored_rows_are_skipped_and_a_complete_study_starts_nothing() {
        let plan = plan();
        let stored = ResultsFile::parse(&whole(&plan)).expect("whole results");
        let mut some = stored.rows.clone();
        some.retain(|run, _| run % 2 == 0);
        let mut runner = StudyRunner::new(plan.clone(), plan.columns(), some);
        assert_eq!((runner.phase(), runner.missing()), (Phase::Ready, 3));
        let handed: Vec<u64> = runner.start(3, 1.0).iter().map(|a| a.run.index).collect();
        assert_eq!(handed, [1, 3, 5]);

        let mut complete = StudyRunner::new(plan, stored.columns, stored.rows);
        assert_eq!(complete.phase(), Phase::Complete);
        assert_eq!(complete.start(2, 1.0), []);
    }

    #[test]
    fn a_row_that_is_not_the_runs_is_refused() {
        let plan = plan();
        let mut runner = StudyRunner::new(plan.clone(), plan.columns(), BTreeMap::new());
        runner.start(1, 1.0);
        assert_eq!(
            runner.record(0, 0, &line(&plan, 1), 2.0),
            Err(BadRow { run: 0 })
        );
        assert_eq!(runner.record(0, 0, "0,1,2\n", 2.0), Err(BadRow { run: 0 }));
        let cut = line(&plan, 0).trim_end().to_owned();
        assert_eq!(runner.record(0, 0, &cut, 2.0), Err(BadRow { run: 0 }));
        assert!(runner.rows().is_empty());
    }

    #[test]
    fn time_left_follows_the_rate_of_this_starts_runs() {
        let plan = plan();
        let mut runner = StudyRunner::new(plan.clone(), plan.columns(), BTreeMap::new());
        runner.start(1, 1000.0);
        assert_eq!(
            runner.progress(1500.0).left_ms,
            None,
            "nothing computed yet"
        );
        runner
            .record(0, 0, &line(&plan, 0), 1400.0)
            .expect("row of run 0");
        runner
            .record(0, 1, &line(&plan, 1), 1800.0)
            .expect("row of run 1");
        let progress = runner.progress(2000.0);
        // 2 runs in 1000 ms, 4 missing: 2000 ms.
        assert_eq!(progress.left_ms, Some(2000.0));
        assert_eq!((progress.done, progress.total), (2, 6));
        assert!(
            runner
                .summary_csv()
                .starts_with(&results_header(plan.id(), plan.columns())[..40])
        );
    }
}
