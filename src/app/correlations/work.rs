//! The correlations of one state (SPEC §10) computed by Web Workers, as a
//! plain state machine: no Leptos and no browser types, so every rule is
//! tested natively with a fake executor.
//!
//! „Berechnen“ takes the state the page shows, splits its blocks of 64
//! boids into ranges of about equal work ([`block_ranges`]) and gives each
//! worker one range at a time, the next when it answers, so the progress
//! moves and „Abbrechen“ loses at most a range per worker. The blocks' sums
//! are kept by block and added in block order once all are in
//! ([`Correlations::assemble`]): the same bits as `boids-schwarm-cli
//! correlations`, whatever the number of workers and the order of the
//! answers.
//!
//! A result belongs to one state, named by the simulation's version counter
//! (which changes with every step, edit, reset and import) and its step:
//! when the version moves on, the job in flight is dropped and its workers
//! stopped, and the result is forgotten ([`CorrelationWork::state_changed`]).
//! Every job has a number; answers to another number are ignored.

use std::ops::Range;

use crate::app::platform::engine::WorkerFailure;
use crate::model::{
    BinSums, CORRELATION_BLOCK, Correlations, Vec3, block_count, velocity_deviations,
};
use crate::worker::correlations::{CorrelationReply, CorrelationRequest};
use crate::worker::protocol::flatten;

/// Ranges a job is split into per worker (at least [`MIN_RANGES`]): enough
/// that the progress moves and the workers finish close together.
pub const RANGES_PER_WORKER: usize = 4;

/// The fewest ranges of a job with that many blocks.
pub const MIN_RANGES: usize = 16;

/// What the machine's effects are carried out with: the browser's workers
/// in the app, a fake in the tests.
pub trait CorrelationExecutor {
    /// Starts `size` workers of the correlations' own (the old ones are
    /// terminated first); how many started, or why none could.
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure>;
    /// Sends a range to worker `worker`; its answer comes back to
    /// [`CorrelationWork::blocks`].
    fn send(&mut self, worker: usize, request: CorrelationRequest);
    /// Stops the workers (whatever they compute is lost).
    fn stop_workers(&mut self);
}

/// The state a job or result belongs to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateMark {
    /// The simulation's version counter when the state was taken.
    pub version: u64,
    /// The state's step.
    pub step: u64,
    /// Its neighbour radius r in LE (the charts mark r and 0,35 · r).
    pub radius: f64,
}

/// The correlations of one state.
#[derive(Debug, Clone, PartialEq)]
pub struct CorrelationResult {
    pub mark: StateMark,
    /// s², the velocities' spread: 0 when every velocity is the same.
    pub spread: f64,
    pub correlations: Correlations,
}

impl CorrelationResult {
    /// SPEC §10's CSV, byte for byte `boids-schwarm-cli correlations`'s
    /// for the same state.
    #[must_use]
    pub fn csv(&self) -> String {
        self.correlations.csv(self.mark.step)
    }
}

/// What the section must say (words in `texts::structure`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorrelationNote {
    /// A swarm of one boid has no pairs.
    NeedTwo,
    /// The workers could not start: nothing is computed.
    CannotStart(WorkerFailure),
    /// The workers failed (or answered unusably) while computing.
    WorkersFailed(WorkerFailure),
}

/// How far the job in flight is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The step of the state being computed.
    pub step: u64,
    /// Blocks whose sums are in.
    pub done: usize,
    /// The state's blocks.
    pub total: usize,
}

/// A job in flight.
#[derive(Debug)]
struct Job {
    id: u32,
    mark: StateMark,
    count: usize,
    spread: f64,
    positions: Vec<f64>,
    velocities: Vec<f64>,
    ranges: Vec<Range<u32>>,
    /// The next range to hand out.
    next: usize,
    /// Per worker, the range it computes.
    in_flight: Vec<Option<usize>>,
    /// Per block, its sums once they are in.
    sums: Vec<Option<BinSums>>,
    done: usize,
}

impl Job {
    fn request(&self, range: usize) -> CorrelationRequest {
        let blocks = &self.ranges[range];
        CorrelationRequest {
            job: self.id,
            first_block: blocks.start,
            end_block: blocks.end,
            positions: self.positions.clone(),
            velocities: self.velocities.clone(),
        }
    }

    /// Gives worker `worker` the next range, if one is left.
    fn hand_out(&mut self, worker: usize, executor: &mut impl CorrelationExecutor) {
        if self.next < self.ranges.len() {
            self.in_flight[worker] = Some(self.next);
            executor.send(worker, self.request(self.next));
            self.next += 1;
        } else {
            self.in_flight[worker] = None;
        }
    }
}

/// What an answer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answered {
    /// Not the range of the job in flight that this worker computes (late,
    /// or for a dropped job): ignored.
    Ignored,
    /// Taken; more are out.
    Partial,
    /// The last range came in: the result is there.
    Done,
    /// The range's sums are not whole blocks: the job was dropped and the
    /// section says the workers failed.
    Unusable,
}

/// The job in flight, the last result and what to say.
#[derive(Debug, Default)]
pub struct CorrelationWork {
    last_id: u32,
    job: Option<Job>,
    result: Option<CorrelationResult>,
    note: Option<CorrelationNote>,
}

impl CorrelationWork {
    /// Nothing computed yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// „Berechnen“: the correlations of the state `mark` (positions and
    /// velocities of equal length) on `cores` workers. Drops a job in
    /// flight and the last result; refuses a swarm of one boid.
    pub fn start(
        &mut self,
        mark: StateMark,
        positions: &[Vec3],
        velocities: &[Vec3],
        cores: u32,
        executor: &mut impl CorrelationExecutor,
    ) {
        self.drop_job(executor);
        self.result = None;
        self.note = None;
        let count = positions.len();
        if count < 2 || velocities.len() != count {
            self.note = Some(CorrelationNote::NeedTwo);
            return;
        }
        let workers = match executor.start_workers(cores.max(1)) {
            Ok(started) => started.max(1) as usize,
            Err(why) => {
                self.note = Some(CorrelationNote::CannotStart(why));
                return;
            }
        };
        let (_, spread) = velocity_deviations(velocities);
        let ranges = block_ranges(count, (RANGES_PER_WORKER * workers).max(MIN_RANGES));
        self.last_id = self.last_id.wrapping_add(1);
        let mut job = Job {
            id: self.last_id,
            mark,
            count,
            spread,
            positions: flatten(positions),
            velocities: flatten(velocities),
            in_flight: vec![None; workers.min(ranges.len())],
            ranges,
            next: 0,
            sums: vec![None; block_count(count)],
            done: 0,
        };
        for worker in 0..job.in_flight.len() {
            job.hand_out(worker, executor);
        }
        self.job = Some(job);
    }

    /// Worker `worker`'s sums of its range.
    pub fn blocks(
        &mut self,
        worker: usize,
        reply: &CorrelationReply,
        executor: &mut impl CorrelationExecutor,
    ) -> Answered {
        let Some(job) = self.job.as_mut().filter(|job| job.id == reply.job) else {
            return Answered::Ignored;
        };
        let Some(range) = job
            .in_flight
            .get(worker)
            .copied()
            .flatten()
            .filter(|&range| job.ranges[range].start == reply.first_block)
        else {
            return Answered::Ignored;
        };
        let blocks = job.ranges[range].clone();
        let Some(sums) = reply.block_sums().filter(|sums| sums.len() == blocks.len()) else {
            self.drop_job(executor);
            self.note = Some(CorrelationNote::WorkersFailed(WorkerFailure::Unusable));
            return Answered::Unusable;
        };
        for (block, sums) in blocks.zip(sums) {
            job.sums[block as usize] = Some(sums);
        }
        job.done += job.ranges[range].len();
        job.hand_out(worker, executor);
        if job.done < job.sums.len() {
            return Answered::Partial;
        }
        let Some(job) = self.job.take() else {
            return Answered::Ignored;
        };
        executor.stop_workers();
        let sums: Vec<BinSums> = job.sums.into_iter().flatten().collect();
        self.result = Some(CorrelationResult {
            mark: job.mark,
            spread: job.spread,
            correlations: Correlations::assemble(job.count, &sums, job.spread),
        });
        Answered::Done
    }

    /// Worker `worker` crashed and was replaced: it gets its range again
    /// (a range gives the same sums on any worker).
    pub fn restarted(&mut self, worker: usize, executor: &mut impl CorrelationExecutor) {
        if let Some(job) = &self.job
            && let Some(Some(range)) = job.in_flight.get(worker)
        {
            executor.send(worker, job.request(*range));
        }
    }

    /// The workers failed: the job is dropped and the section says why.
    pub fn failed(&mut self, why: WorkerFailure, executor: &mut impl CorrelationExecutor) {
        if self.job.is_some() {
            self.drop_job(executor);
            self.note = Some(CorrelationNote::WorkersFailed(why));
        }
    }

    /// „Abbrechen“: the job in flight is dropped, its workers stopped.
    pub fn cancel(&mut self, executor: &mut impl CorrelationExecutor) {
        self.drop_job(executor);
    }

    /// The simulation's state is now version `version`: a job or result of
    /// another state is dropped (a step, an edit, a reset, an import).
    pub fn state_changed(&mut self, version: u64, executor: &mut impl CorrelationExecutor) {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.mark.version != version)
        {
            self.drop_job(executor);
        }
        if self
            .result
            .as_ref()
            .is_some_and(|result| result.mark.version != version)
        {
            self.result = None;
        }
        // What was said about another state is old news, too.
        if self.job.is_none() && self.result.is_none() {
            self.note = None;
        }
    }

    /// The job in flight's progress, if one is.
    #[must_use]
    pub fn progress(&self) -> Option<Progress> {
        self.job.as_ref().map(|job| Progress {
            step: job.mark.step,
            done: job.done,
            total: job.sums.len(),
        })
    }

    /// The last result, if it is still the current state's.
    #[must_use]
    pub fn result(&self) -> Option<&CorrelationResult> {
        self.result.as_ref()
    }

    /// What the section must say, if anything.
    #[must_use]
    pub fn note(&self) -> Option<&CorrelationNote> {
        self.note.as_ref()
    }

    fn drop_job(&mut self, executor: &mut impl CorrelationExecutor) {
        if self.job.take().is_some() {
            executor.stop_workers();
        }
    }
}

/// The pairs block `block` of `count` boids sums over: each of its boids i
/// with every j > i.
fn block_pairs(count: usize, block: usize) -> u64 {
    let first = block * CORRELATION_BLOCK;
    let end = (first + CORRELATION_BLOCK).min(count);
    (first..end).map(|i| (count - 1 - i) as u64).sum()
}

/// The blocks of `count` boids in at most `pieces` consecutive ranges of
/// about equal work (the first blocks have the most pairs, so the first
/// ranges hold fewer blocks); together they cover every block once, in
/// order, none empty.
#[must_use]
pub fn block_ranges(count: usize, pieces: usize) -> Vec<Range<u32>> {
    let blocks = block_count(count);
    let pieces = pieces.clamp(1, blocks.max(1));
    let total: u64 = (0..blocks).map(|block| block_pairs(count, block)).sum();
    let mut ranges = Vec::with_capacity(pieces);
    let (mut start, mut work) = (0, 0u64);
    for block in 0..blocks {
        work += block_pairs(count, block);
        // Range k ends once the work reaches (k + 1) / pieces of the total.
        let due = (u128::from(total) * (ranges.len() as u128 + 1)).div_ceil(pieces as u128);
        if u128::from(work) >= due && ranges.len() + 1 < pieces && block + 1 < blocks {
            ranges.push(start as u32..block as u32 + 1);
            start = block + 1;
        }
    }
    if start < blocks || ranges.is_empty() {
        ranges.push(start as u32..blocks as u32);
    }
    ranges
}

#[cfg(test)]
mod tests;
