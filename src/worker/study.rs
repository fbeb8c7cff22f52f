//! A whole study run as one worker message (SPEC §8): the page sends a run's
//! number, parameters, steps, burn-in and measures; the worker computes the run on its
//! own thread and answers with the run's results row, written by the model's
//! one writer ([`row_line`]), so the rows the page collects are the bytes
//! the command-line tool prints for the same run.

use crate::model::study::{Columns, MAX_STEPS, Plan, Run, row_line, run_statistics};
use crate::model::{MeasureSet, Params};

/// Work for one worker: one whole run of a study.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunRequest {
    /// The run's number in its plan.
    pub run: u64,
    /// The run's grid point.
    pub point: u64,
    /// The run's parameters (seed included).
    pub params: Params,
    /// The run's last step, `1 ..= 1 000 000`.
    pub steps: u64,
    /// The window's first step, `0 ..= steps`.
    pub burn_in: u64,
    /// The measures the run computes and writes (not empty).
    pub measures: MeasureSet,
}

/// A worker's answer: the run's results row with its line break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunReply {
    /// The run's number.
    pub run: u64,
    /// The row exactly as [`row_line`] writes it (results version 2).
    pub line: String,
}

impl RunRequest {
    /// The request for a run of a plan.
    #[must_use]
    pub fn new(run: &Run, plan: &Plan) -> Self {
        Self {
            run: run.index,
            point: run.point,
            params: run.params,
            steps: plan.steps,
            burn_in: plan.burn_in,
            measures: plan.measures,
        }
    }

    /// Computes the run on this thread (what a worker does with the
    /// request); `None` for a request no plan can make (invalid parameters,
    /// steps out of range, the window beyond the last step, no measure), so that a
    /// malformed message never panics the worker.
    #[must_use]
    pub fn solve(&self) -> Option<RunReply> {
        let valid = self.params.validate().is_ok()
            && (1..=MAX_STEPS).contains(&self.steps)
            && self.burn_in <= self.steps
            && !self.measures.is_empty();
        if !valid {
            return None;
        }
        let stats = run_statistics(&self.params, self.steps, self.burn_in, 1, self.measures);
        let run = Run {
            index: self.run,
            point: self.point,
            params: self.params,
        };
        Some(RunReply {
            run: self.run,
            line: row_line(&run, &stats, Columns::current(self.measures)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measure;

    const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
        "base": {"count": 40},
        "sweep": [{"parameter": "alignment", "values": [0, 0.5]}],
        "seeds": [3, 9], "steps": 12, "burn_in": 4, "measures": ["groups", "polarization"]}"#;

    #[test]
    fn a_run_through_the_message_gives_the_writers_row_for_that_run() {
        let plan = Plan::parse(PLAN.as_bytes()).expect("valid plan");
        for run in plan.runs() {
            let reply = RunRequest::new(&run, &plan).solve().expect("a plan's run");
            let stats = run_statistics(&run.params, plan.steps, plan.burn_in, 2, plan.measures);
            assert_eq!(reply.run, run.index);
            let columns = Columns::current(plan.measures);
            assert_eq!(
                reply.line,
                row_line(&run, &stats, columns),
                "run {}",
                run.index
            );
            assert!(columns.results_header().contains("polarization_binder"));
            assert!(!columns.results_header().contains(Measure::MeanSpeed.key()));
        }
    }

    #[test]
    fn requests_no_plan_makes_are_refused_without_panic() {
        let plan = Plan::parse(PLAN.as_bytes()).expect("valid plan");
        let good = RunRequest::new(&plan.run(1), &plan);
        let mut bad = good;
        bad.params.radius = 0.0;
        assert_eq!(bad.solve(), None);
        let mut bad = good;
        bad.burn_in = 13;
        assert_eq!(bad.solve(), None);
        let mut bad = good;
        bad.steps = 0;
        bad.burn_in = 0;
        assert_eq!(bad.solve(), None);
        let mut bad = good;
        bad.measures = MeasureSet::EMPTY;
        assert_eq!(bad.solve(), None);
    }
}
