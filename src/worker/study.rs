//! A whole study run as one worker message (SPEC §8): the page sends a run's
//! number, parameters, steps and burn-in; the worker computes the run on its
//! own thread and answers with the run's results row, written by the model's
//! one writer ([`row_line`]), so the rows the page collects are the bytes
//! the command-line tool prints for the same run.

use crate::model::Params;
use crate::model::study::{MAX_STEPS, Run, row_line, run_statistics};

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
}

/// A worker's answer: the run's results row with its line break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunReply {
    /// The run's number.
    pub run: u64,
    /// The row exactly as [`row_line`] writes it.
    pub line: String,
}

impl RunRequest {
    /// The request for a run of a plan.
    #[must_use]
    pub fn new(run: &Run, steps: u64, burn_in: u64) -> Self {
        Self {
            run: run.index,
            point: run.point,
            params: run.params,
            steps,
            burn_in,
        }
    }

    /// Computes the run on this thread (what a worker does with the
    /// request); `None` for a request no plan can make (invalid parameters,
    /// steps out of range, the window beyond the last step), so that a
    /// malformed message never panics the worker.
    #[must_use]
    pub fn solve(&self) -> Option<RunReply> {
        let valid = self.params.validate().is_ok()
            && (1..=MAX_STEPS).contains(&self.steps)
            && self.burn_in <= self.steps;
        if !valid {
            return None;
        }
        let stats = run_statistics(&self.params, self.steps, self.burn_in, 1);
        let run = Run {
            index: self.run,
            point: self.point,
            params: self.params,
        };
        Some(RunReply {
            run: self.run,
            line: row_line(&run, &stats),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::study::Plan;

    const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
        "base": {"count": 40},
        "sweep": [{"parameter": "alignment", "values": [0, 0.5]}],
        "seeds": [3, 9], "steps": 12, "burn_in": 4}"#;

    #[test]
    fn a_run_through_the_message_gives_the_writers_row_for_that_run() {
        let plan = Plan::parse(PLAN.as_bytes()).expect("valid plan");
        for run in plan.runs() {
            let reply = RunRequest::new(&run, plan.steps, plan.burn_in)
                .solve()
                .expect("a plan's run");
            let stats = run_statistics(&run.params, plan.steps, plan.burn_in, 2);
            assert_eq!(reply.run, run.index);
            assert_eq!(reply.line, row_line(&run, &stats), "run {}", run.index);
        }
    }

    #[test]
    fn requests_no_plan_makes_are_refused_without_panic() {
        let plan = Plan::parse(PLAN.as_bytes()).expect("valid plan");
        let good = RunRequest::new(&plan.run(1), plan.steps, plan.burn_in);
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
    }
}
