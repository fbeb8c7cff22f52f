//! The correlations' state machine with a fake executor whose "workers"
//! compute their ranges natively, in whatever order a test chooses.

use super::*;
use crate::model::{Lcg, Params, Swarm};

/// Workers that answer when the test says so.
#[derive(Default)]
struct FakeWorkers {
    /// How many workers a start gives, or why none.
    start: Option<Result<u32, WorkerFailure>>,
    starts: Vec<u32>,
    /// Requests sent and not yet answered, with their worker.
    pending: Vec<(usize, CorrelationRequest)>,
    sent: usize,
    stops: usize,
}

impl CorrelationExecutor for FakeWorkers {
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
        self.starts.push(size);
        self.start.clone().unwrap_or(Ok(size))
    }

    fn send(&mut self, worker: usize, request: CorrelationRequest) {
        self.sent += 1;
        self.pending.push((worker, request));
    }

    fn stop_workers(&mut self) {
        self.stops += 1;
        self.pending.clear();
    }
}

impl FakeWorkers {
    /// Takes pending request `at` and computes its answer.
    fn answer(&mut self, at: usize) -> (usize, CorrelationReply) {
        let (worker, request) = self.pending.remove(at);
        (
            worker,
            request.solve().expect("the page's requests are valid"),
        )
    }
}

struct State {
    positions: Vec<Vec3>,
    velocities: Vec<Vec3>,
    mark: StateMark,
}

fn state(count: u32, steps: u64, version: u64) -> State {
    let mut swarm = Swarm::new(&Params {
        count,
        seed: 11,
        radius: 1.4,
        ..Params::default()
    })
    .expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    State {
        positions: swarm.positions().to_vec(),
        velocities: swarm.velocities().to_vec(),
        mark: StateMark {
            version,
            step: steps,
            radius: 1.4,
        },
    }
}

fn start(work: &mut CorrelationWork, state: &State, cores: u32, workers: &mut FakeWorkers) {
    work.start(
        state.mark,
        &state.positions,
        &state.velocities,
        cores,
        workers,
    );
}

/// A job for `state` on `cores` fake workers.
fn started(state: &State, cores: u32) -> (CorrelationWork, FakeWorkers) {
    let mut work = CorrelationWork::new();
    let mut workers = FakeWorkers::default();
    start(&mut work, state, cores, &mut workers);
    (work, workers)
}

/// Answers every request, picking the next pending one with `pick`, until
/// none is left; the outcome of the last answer.
fn answer_all(
    work: &mut CorrelationWork,
    workers: &mut FakeWorkers,
    mut pick: impl FnMut(usize) -> usize,
) -> Answered {
    let mut last = Answered::Ignored;
    while !workers.pending.is_empty() {
        let at = pick(workers.pending.len());
        let (worker, reply) = workers.answer(at);
        last = work.blocks(worker, &reply, workers);
    }
    last
}

#[test]
fn answers_in_any_order_give_the_command_lines_bits() {
    let mut lcg = Lcg::new(5);
    for (count, cores) in [(2, 1), (300, 1), (1_000, 3), (2_500, 2), (2_500, 16)] {
        let state = state(count, 6, 1);
        let expected = Correlations::of(&state.positions, &state.velocities, 1).expect("N ≥ 2");
        for order in ["first", "last", "random"] {
            let (mut work, mut workers) = started(&state, cores);
            let pick = |pending: usize| match order {
                "first" => 0,
                "last" => pending - 1,
                _ => (lcg.next_unit() * pending as f64) as usize % pending,
            };
            let outcome = answer_all(&mut work, &mut workers, pick);
            assert_eq!(outcome, Answered::Done, "N {count}, {order}");
            let result = work.result().expect("a result");
            assert_eq!(result.csv(), expected.csv(6), "N {count}, {order}");
            let bits = |c: &Correlations| c.pair_correlation.map(f64::to_bits);
            assert_eq!(bits(&result.correlations), bits(&expected));
            assert_eq!(result.mark, state.mark);
            assert!(work.progress().is_none(), "nothing in flight");
            assert_eq!(workers.stops, 1, "the workers are stopped once done");
        }
    }
}

#[test]
fn each_worker_computes_one_range_at_a_time_and_the_progress_counts_blocks() {
    // 2 500 boids: 40 blocks, in 16 ranges for 2 workers.
    let state = state(2_500, 0, 1);
    let (mut work, mut workers) = started(&state, 2);
    assert_eq!(workers.starts, [2]);
    let ranges: Vec<(usize, u32, u32)> = workers
        .pending
        .iter()
        .map(|(worker, r)| (*worker, r.first_block, r.end_block))
        .collect();
    assert_eq!(ranges.len(), 2, "one range per worker");
    assert_eq!((ranges[0].0, ranges[0].1), (0, 0));
    assert_eq!((ranges[1].0, ranges[1].1), (1, ranges[0].2));
    let progress = work.progress().expect("in flight");
    assert_eq!((progress.done, progress.total), (0, 40));
    // Worker 1 answers first and gets the third range.
    let (worker, reply) = workers.answer(1);
    assert_eq!(work.blocks(worker, &reply, &mut workers), Answered::Partial);
    assert_eq!(
        work.progress().map(|p| p.done),
        Some((ranges[1].2 - ranges[1].1) as usize)
    );
    assert_eq!(workers.pending.len(), 2);
    assert_eq!(workers.pending[1].0, 1);
    assert_eq!(workers.pending[1].1.first_block, ranges[1].2);
    assert_eq!(answer_all(&mut work, &mut workers, |_| 0), Answered::Done);
    assert_eq!(workers.sent, 16, "every range once");
}

#[test]
fn ranges_cover_every_block_once_in_order_with_about_equal_work() {
    for count in [2, 64, 65, 1_000, 9_999, 50_000] {
        for pieces in [1, 2, 16, 64, 10_000] {
            let ranges = block_ranges(count, pieces);
            let blocks = block_count(count) as u32;
            assert!(ranges.len() <= pieces.max(1), "{count}, {pieces}");
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(blocks));
            for pair in ranges.windows(2) {
                assert_eq!(pair[0].end, pair[1].start, "{count}, {pieces}");
            }
            assert!(ranges.iter().all(|r| !r.is_empty()), "{count}, {pieces}");
            let work =
                |r: &Range<u32>| -> u64 { r.clone().map(|b| block_pairs(count, b as usize)).sum() };
            let total: u64 = ranges.iter().map(work).sum();
            assert_eq!(total, (count as u64) * (count as u64 - 1) / 2);
            let largest_block = block_pairs(count, 0);
            let fair = total / pieces.min(blocks as usize) as u64 + largest_block;
            for range in &ranges {
                assert!(work(range) <= fair, "{count}, {pieces}: {range:?}");
            }
        }
    }
    // 50 000 boids on 2 workers: 16 ranges, the first of few blocks.
    let ranges = block_ranges(50_000, 16);
    assert_eq!(ranges.len(), 16);
    assert!(ranges[0].len() < ranges[15].len());
}

#[test]
fn a_new_state_drops_the_job_and_its_late_answers_are_ignored() {
    let old = state(500, 2, 7);
    let (mut work, mut workers) = started(&old, 2);
    let late = workers.answer(0);
    // The same state again changes nothing.
    work.state_changed(7, &mut workers);
    assert!(work.progress().is_some());
    // A step: version 8.
    work.state_changed(8, &mut workers);
    assert!(work.progress().is_none(), "dropped");
    assert_eq!(workers.stops, 1, "its workers stopped");
    assert_eq!(
        work.blocks(late.0, &late.1, &mut workers),
        Answered::Ignored
    );
    // A job for the new state takes no answer of the old one.
    let new = state(500, 3, 8);
    start(&mut work, &new, 2, &mut workers);
    assert_eq!(
        work.blocks(late.0, &late.1, &mut workers),
        Answered::Ignored
    );
    assert_eq!(answer_all(&mut work, &mut workers, |_| 0), Answered::Done);
    let expected = Correlations::of(&new.positions, &new.velocities, 1).expect("N ≥ 2");
    assert_eq!(
        work.result().map(CorrelationResult::csv),
        Some(expected.csv(3))
    );
}

#[test]
fn a_result_belongs_to_its_state_and_goes_with_it() {
    let state = state(200, 1, 3);
    let (mut work, mut workers) = started(&state, 1);
    answer_all(&mut work, &mut workers, |_| 0);
    work.state_changed(3, &mut workers);
    assert_eq!(
        work.result().map(|r| r.mark.step),
        Some(1),
        "still its state"
    );
    work.state_changed(4, &mut workers);
    assert!(work.result().is_none(), "another state: gone");
}

#[test]
fn abbrechen_drops_the_job_stops_the_workers_and_keeps_no_result() {
    let state = state(1_000, 0, 1);
    let (mut work, mut workers) = started(&state, 2);
    let (worker, reply) = workers.answer(0);
    assert_eq!(work.blocks(worker, &reply, &mut workers), Answered::Partial);
    let late = workers.answer(0);
    work.cancel(&mut workers);
    assert_eq!(
        (work.progress(), work.result(), work.note()),
        (None, None, None)
    );
    assert_eq!(workers.stops, 1);
    assert_eq!(
        work.blocks(late.0, &late.1, &mut workers),
        Answered::Ignored
    );
    // Nothing in flight: a second Abbrechen stops nothing.
    work.cancel(&mut workers);
    assert_eq!(workers.stops, 1);
}

#[test]
fn one_boid_is_refused_and_no_worker_starts() {
    let state = state(1, 4, 1);
    let (work, workers) = started(&state, 2);
    assert_eq!(work.note(), Some(&CorrelationNote::NeedTwo));
    assert!(workers.starts.is_empty());
    assert!(work.progress().is_none());
}

#[test]
fn workers_that_cannot_start_or_fail_are_said_and_nothing_lands() {
    let state = state(300, 0, 1);
    let mut work = CorrelationWork::new();
    let mut workers = FakeWorkers {
        start: Some(Err(WorkerFailure::Refused(None))),
        ..FakeWorkers::default()
    };
    start(&mut work, &state, 2, &mut workers);
    assert_eq!(
        work.note(),
        Some(&CorrelationNote::CannotStart(WorkerFailure::Refused(None)))
    );
    assert!(work.progress().is_none());

    workers.start = None;
    start(&mut work, &state, 2, &mut workers);
    assert_eq!(work.note(), None, "a new start forgets the old note");
    let late = workers.answer(0);
    work.failed(WorkerFailure::Crashed, &mut workers);
    assert_eq!(
        work.note(),
        Some(&CorrelationNote::WorkersFailed(WorkerFailure::Crashed))
    );
    assert_eq!(
        work.blocks(late.0, &late.1, &mut workers),
        Answered::Ignored
    );
    assert!(work.result().is_none());
}

#[test]
fn an_answer_that_is_not_the_workers_range_is_ignored_and_one_not_whole_fails() {
    let state = state(1_000, 0, 1);
    let (mut work, mut workers) = started(&state, 2);
    let (worker, reply) = workers.answer(0);
    // Worker 1 does not compute worker 0's range.
    assert_eq!(work.blocks(1, &reply, &mut workers), Answered::Ignored);
    assert_eq!(work.blocks(9, &reply, &mut workers), Answered::Ignored);
    let mut spoilt = reply.clone();
    spoilt.products.pop();
    assert_eq!(
        work.blocks(worker, &spoilt, &mut workers),
        Answered::Unusable
    );
    assert_eq!(
        work.note(),
        Some(&CorrelationNote::WorkersFailed(WorkerFailure::Unusable))
    );
    assert!(work.progress().is_none(), "dropped");
    assert_eq!(workers.stops, 1);
}

#[test]
fn a_restarted_worker_gets_its_range_again() {
    let state = state(1_000, 0, 1);
    let (mut work, mut workers) = started(&state, 2);
    let (lost_worker, lost) = workers.pending.remove(1);
    work.restarted(lost_worker, &mut workers);
    assert_eq!(workers.pending.last(), Some(&(lost_worker, lost)));
    assert_eq!(answer_all(&mut work, &mut workers, |_| 0), Answered::Done);
    let expected = Correlations::of(&state.positions, &state.velocities, 1).expect("N ≥ 2");
    assert_eq!(
        work.result().map(CorrelationResult::csv),
        Some(expected.csv(0))
    );
}

#[test]
fn equal_velocities_leave_c_undefined_and_the_spread_zero() {
    let mut state = state(150, 0, 1);
    for v in &mut state.velocities {
        *v = Vec3::new(0.5, 0.0, -0.25);
    }
    let (mut work, mut workers) = started(&state, 2);
    answer_all(&mut work, &mut workers, |_| 0);
    let result = work.result().expect("a result");
    assert_eq!(result.spread, 0.0);
    assert!(
        result
            .correlations
            .velocity_correlation
            .iter()
            .all(Option::is_none)
    );
    assert_eq!(result.correlations.correlation_length, None);
}
