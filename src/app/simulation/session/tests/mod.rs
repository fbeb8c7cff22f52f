//! The run rules of SPEC §3 on the session, without a browser or a reactive
//! owner. [`Shell`] plays the app's reactive shell: it carries out what the
//! session asks for, either with fake workers (their answers are the real
//! workers' computation, delivered when a test says so) or on the main
//! thread with a clock that a test moves.

use super::pace::MAX_OWED_STEPS;
use super::undo::UNDO_WINDOW_MS;
use super::*;
use crate::app::platform::engine::scheduler::shares;
use crate::model::{Kinematics, Params, Series, SteeringSolver, Swarm};
use crate::worker::protocol::{ShareReply, ShareRequest};

mod asking;
mod film;
mod going_back;
mod last_step;
mod main_thread;
mod run_rules;
mod undo;
mod workers;

/// The browser as far as the driver can tell: workers that start at once
/// and keep what they are sent until a test answers, timers that keep what
/// is deferred until a test runs it, and a clock that computing moves.
struct Fakes<'a> {
    now: &'a mut f64,
    compute_ms: f64,
    /// Clock readings so far: a job computed here reads it twice, when it
    /// begins and when it ends, which is [`Fakes::compute_ms`] later.
    reads: u32,
    workers: &'a mut u32,
    sent: &'a mut Vec<u32>,
    later: &'a mut Vec<u32>,
    after_paint: &'a mut Vec<u32>,
    restarts: &'a mut Vec<u32>,
}

impl driver::Executor for Fakes<'_> {
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
        self.restarts.push(size);
        *self.workers = size;
        Ok(size)
    }

    fn dispatch(&mut self, job: u32, _state: &Kinematics) {
        self.sent.push(job);
    }

    fn compute_later(&mut self, job: u32) {
        self.later.push(job);
    }

    fn compute_after_paint(&mut self, job: u32) {
        self.after_paint.push(job);
    }

    fn clock(&mut self) -> f64 {
        if self.reads % 2 == 1 {
            *self.now += self.compute_ms;
        }
        self.reads += 1;
        *self.now
    }
}

/// The app around a session, as far as the session can tell.
struct Shell {
    session: Session,
    /// The time the next call is given, in ms; computing here moves it.
    now: f64,
    /// How long computing one job on the main thread takes, in ms.
    compute_ms: f64,
    /// The shares each job is split into (the number of workers).
    workers: u32,
    /// Jobs sent to the workers and not answered yet, oldest first.
    sent: Vec<u32>,
    /// Jobs to compute here after the page had its turn, oldest first.
    later: Vec<u32>,
    /// Jobs to compute here once the page has painted, oldest first.
    after_paint: Vec<u32>,
    /// The sizes of the fresh worker pools asked for.
    restarts: Vec<u32>,
}

impl Shell {
    /// No workers: every job is computed on the main thread at once and
    /// takes no time, so every command is done when it returns.
    fn main_thread() -> Self {
        Self {
            session: Session::new(),
            now: 0.0,
            compute_ms: 0.0,
            workers: 0,
            sent: Vec::new(),
            later: Vec::new(),
            after_paint: Vec::new(),
            restarts: Vec::new(),
        }
    }

    /// `size` workers that answer when [`Shell::answer`] says so.
    fn with_workers(size: u32) -> Self {
        let mut shell = Self::main_thread();
        shell.workers = size;
        shell.session.workers_started(size);
        shell.carry_out();
        shell
    }

    /// Runs a call on the session at the current time and carries out what
    /// it asks for.
    fn act<R>(&mut self, call: impl FnOnce(&mut Session, f64) -> R) -> R {
        let result = call(&mut self.session, self.now);
        self.carry_out();
        result
    }

    /// Carries out what the session asks for, with the app's own loop.
    fn carry_out(&mut self) {
        let (session, mut fakes) = self.split();
        driver::drive(session, &mut fakes);
    }

    /// The session and the fakes that stand in for the browser.
    fn split(&mut self) -> (&mut Session, Fakes<'_>) {
        let Self {
            session,
            now,
            compute_ms,
            workers,
            sent,
            later,
            after_paint,
            restarts,
        } = self;
        let fakes = Fakes {
            now,
            compute_ms: *compute_ms,
            reads: 0,
            workers,
            sent,
            later,
            after_paint,
            restarts,
        };
        (session, fakes)
    }

    /// The workers' answers to job `job` (while it is in flight).
    fn replies(&self, job: u32) -> Vec<ShareReply> {
        let state = self.session.job_state(job).expect("the job is in flight");
        shares(self.workers)
            .map(|share| {
                ShareRequest::new(job, share, state)
                    .solve(&mut SteeringSolver::new())
                    .expect("a valid request")
            })
            .collect()
    }

    /// Hands answers to the session, one after the other.
    fn deliver(&mut self, replies: &[ShareReply]) {
        for reply in replies {
            self.act(|session, now| session.reply(reply, now));
        }
    }

    /// The workers answer the oldest job sent; `false` when none waits.
    /// Answers for a job dropped meanwhile are gone with its workers.
    fn answer(&mut self) -> bool {
        if self.sent.is_empty() {
            return false;
        }
        let job = self.sent.remove(0);
        if self.session.job_state(job).is_some() {
            let replies = self.replies(job);
            self.deliver(&replies);
        }
        true
    }

    /// Runs the oldest continuation deferred to the next task; `false` when
    /// none waits.
    fn next_task(&mut self) -> bool {
        self.resume_oldest(|shell| &mut shell.later)
    }

    /// The page paints: runs the oldest continuation that waited for it;
    /// `false` when none waits.
    fn paint(&mut self) -> bool {
        self.resume_oldest(|shell| &mut shell.after_paint)
    }

    /// Runs the oldest continuation of `queue` (the job is computed here if
    /// it is still in flight, then what follows); `false` when none waits.
    fn resume_oldest(&mut self, queue: fn(&mut Self) -> &mut Vec<u32>) -> bool {
        let waiting = queue(self);
        if waiting.is_empty() {
            return false;
        }
        let job = waiting.remove(0);
        let (session, mut fakes) = self.split();
        driver::resume(session, &mut fakes, job);
        true
    }

    /// Lets the workers answer and the page take its turns until nothing is
    /// left to do.
    fn settle(&mut self) {
        while self.answer() || self.next_task() || self.paint() {}
    }

    fn initialise(&mut self, params: &Params) {
        self.act(|session, now| session.initialise(params, now))
            .expect("valid params");
    }

    fn initialise_at(&mut self, params: &Params, target: u64) {
        self.act(|session, now| session.initialise_at(params, target, now))
            .expect("valid params");
    }

    fn load(&mut self, swarm: &Swarm) {
        let state = swarm.kinematics();
        self.act(|session, now| session.load(state, now));
    }

    fn start(&mut self) {
        self.act(Session::start);
    }

    fn pause(&mut self) {
        self.act(Session::pause);
    }

    fn step(&mut self) {
        self.try_step().expect("below the largest step");
    }

    fn try_step(&mut self) -> Result<(), GoToError> {
        self.act(Session::step)
    }

    fn step_back(&mut self) -> Result<(), GoToError> {
        self.act(Session::step_back)
    }

    fn go_to(&mut self, target: u64) -> Result<(), GoToError> {
        self.act(|session, now| session.go_to(target, now))
    }

    fn reset(&mut self) {
        self.act(Session::reset);
    }

    fn select(&mut self, boid: Option<usize>) {
        self.act(|session, _| session.select(boid));
    }

    /// An animation frame at `at` ms.
    fn frame(&mut self, at: f64) {
        self.now = at;
        self.act(Session::frame);
    }

    fn step_count(&self) -> Option<u64> {
        self.session.swarm().map(|swarm| swarm.step_count())
    }

    fn json(&self) -> Option<String> {
        self.session.swarm().map(Swarm::to_json)
    }

    fn series_csv(&self) -> String {
        self.session
            .series()
            .map(Series::to_csv)
            .unwrap_or_default()
    }
}

/// 20 boids, the default parameters otherwise.
fn small() -> Params {
    Params {
        count: 20,
        ..Params::default()
    }
}

/// The state `steps` Schritte after Initialisieren with `small()`.
fn stepped(steps: u64) -> Swarm {
    let mut swarm = Swarm::new(&small()).expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    swarm
}

fn by_hand(steps: u64) -> String {
    stepped(steps).to_json()
}

/// The series the model writes for steps `0 ..= steps` of `small()`.
fn model_series(steps: u64) -> String {
    Swarm::new(&small())
        .expect("valid params")
        .series_csv(steps)
}
