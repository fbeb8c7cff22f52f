//! The computing side: starting and dropping jobs, the workers' answers, the
//! main thread standing in for them, and what follows a landed job.

use super::activity::{Activity, Doing, Run};
use super::{
    Engine, EngineNote, MAIN_THREAD_FRAME_BUDGET_MS, MAX_UNUSABLE_REPLIES,
    RESTART_WORKERS_AFTER_MS, Session, Work,
};
use crate::app::platform::engine::{Accepted, Finished, JobKind, WorkerFailure};
use crate::model::Kinematics;
use crate::worker::protocol::ShareReply;

impl Session {
    /// `size` Web Workers have started (first, or replacing others): they
    /// compute from now on, beginning with the job in flight, which gets a
    /// new number so that the old workers' answers are ignored.
    pub fn workers_started(&mut self, size: u32) {
        self.engine = Engine::Workers(size);
        if let Some(job) = self.jobs.renumber() {
            self.out.work = Work::Dispatch(job);
        }
    }

    /// The workers cannot be used (blocked, failed to load, crashed): the
    /// main thread computes from now on, beginning with the job in flight
    /// (asking first when it would take long), and the status says so once.
    /// Workers of another build halt the computing instead, until the page
    /// is reloaded.
    pub fn workers_failed(&mut self, why: WorkerFailure) {
        if why == WorkerFailure::OtherBuild {
            self.engine = Engine::Halted;
            self.engine_failure = Some(EngineNote::OtherBuild);
            // No answer to what was sent may land any more.
            let _ = self.jobs.renumber();
            self.out.work = Work::Idle;
            return;
        }
        self.engine = Engine::MainThread;
        if self.engine_failure.is_none() {
            self.engine_failure = Some(EngineNote::MainThread(why));
        }
        if let Some((job, ..)) = self.jobs.in_flight() {
            self.out.work = self.main_thread_work(job);
        }
    }

    /// A worker crashed and the pool has replaced it: the job in flight
    /// lost that worker's share, so it is sent again under a new number (to
    /// every worker: the shares are computed exactly alike anywhere, so the
    /// result is the same bit for bit), and the status says so.
    pub fn worker_restarted(&mut self) {
        self.restart_note = true;
        if let Engine::Workers(_) = self.engine
            && let Some(job) = self.jobs.renumber()
        {
            self.out.work = Work::Dispatch(job);
        }
    }

    /// A worker's answer at `now`: once every share of the job in flight is
    /// in, its state lands and the next job starts. An answer for any other
    /// job is ignored.
    ///
    /// An answer to the job in flight that cannot be used is handled like a
    /// crash: the workers are replaced and the job given again, and after
    /// [`MAX_UNUSABLE_REPLIES`] such answers in a row the main thread
    /// computes it (and everything after it), so that no job is ever left
    /// waiting for an answer that will not come.
    pub fn reply(&mut self, reply: &ShareReply, now: f64) {
        match self.jobs.accept(reply, now) {
            Accepted::Done(done) => {
                self.unusable_replies = 0;
                self.land(*done);
                self.go_on(now, false);
            }
            Accepted::Unusable => {
                self.unusable_replies += 1;
                match self.engine {
                    Engine::Workers(size) if self.unusable_replies <= MAX_UNUSABLE_REPLIES => {
                        self.restart_note = true;
                        self.out.restart_workers = Some(size);
                    }
                    _ => self.workers_failed(WorkerFailure::Unusable),
                }
            }
            Accepted::Ignored | Accepted::Partial => {}
        }
    }

    /// Computes job `job` here, on the main thread, reading `clock` (ms) when
    /// the computation begins and when it ends; a job no longer in flight
    /// (a stale continuation) is ignored. Afterwards the next job may be
    /// asked for at once while this stretch of computing stays within
    /// [`MAIN_THREAD_FRAME_BUDGET_MS`]: beyond it a run drops its owed steps
    /// and a way to a step continues after the page had its turn.
    pub fn compute_here(&mut self, job: u32, mut clock: impl FnMut() -> f64) {
        if !self.jobs.is_in_flight(job) {
            return;
        }
        let began = clock();
        let stretch_began = *self.slice_started.get_or_insert(began);
        let Accepted::Done(done) = self.jobs.finish_here(began, clock) else {
            return;
        };
        let ended = began + done.wall_ms;
        self.land(*done);
        self.go_on(ended, ended - stretch_began >= MAIN_THREAD_FRAME_BUDGET_MS);
    }

    /// Starts a job for `state` (the caller has dropped any job in flight)
    /// and asks the shell to have it computed (on the main thread perhaps
    /// only once the user has answered).
    pub(super) fn begin(&mut self, kind: JobKind, state: Kinematics, now: f64) {
        let job = self.jobs.begin(kind, state, now);
        self.out.work = match self.engine {
            Engine::Workers(_) => Work::Dispatch(job),
            Engine::MainThread => self.main_thread_work(job),
            Engine::Halted => Work::Idle,
        };
    }

    /// Drops the job in flight. Workers that have been busy with it for a
    /// while would hold up the next job: they are replaced.
    pub(super) fn drop_job(&mut self, now: f64) {
        let Some(started) = self.jobs.drop_job() else {
            return;
        };
        self.out.work = Work::Idle;
        if let Engine::Workers(size) = self.engine
            && now - started >= RESTART_WORKERS_AFTER_MS
        {
            self.out.restart_workers = Some(size);
        }
    }

    /// While running, starts an owed step when nothing is in flight.
    pub(super) fn start_owed_step(&mut self, now: f64) {
        if self.jobs.in_flight().is_some() {
            return;
        }
        if let Activity::Ready {
            run,
            doing: Doing::Running(pace),
        } = &mut self.activity
            && pace.take_owed_step()
        {
            // At the largest step the run ends, paused.
            let Some(next) = run.swarm.next_kinematics() else {
                self.pause(now);
                return;
            };
            self.begin(JobKind::Step, next, now);
        }
    }

    /// Puts a finished job's state in place, as what is being done says: a
    /// new swarm, a restored checkpoint or the next step.
    fn land(&mut self, done: Finished) {
        let Finished {
            kind,
            swarm,
            measures,
            wall_ms,
        } = done;
        match (&mut self.activity, kind) {
            (Activity::Building { origin, target }, JobKind::Build) => {
                let mut run = Box::new(Run::new(swarm, measures, *origin));
                let doing = match *target {
                    Some(target) => {
                        // A link's way: its first state shows until it lands.
                        run.freeze(target);
                        Doing::Seeking { target }
                    }
                    None => Doing::Paused,
                };
                self.activity = Activity::Ready { run, doing };
                self.bump();
                return;
            }
            (Activity::Ready { run, doing }, JobKind::Build) => {
                let Doing::Restoring { target } = *doing else {
                    return;
                };
                // The same boids at an earlier step: the selection and the
                // checkpoints stay.
                run.advance_to(swarm, measures);
                *doing = Doing::Seeking { target };
            }
            (Activity::Ready { run, doing }, JobKind::Step) => {
                match doing {
                    Doing::Running(pace) => pace.count_step(wall_ms),
                    Doing::Stepping => *doing = Doing::Paused,
                    Doing::Seeking { .. } => {}
                    Doing::Filming { frame_due, .. } => *frame_due = true,
                    // A step never lands on these: Pause and restoring drop it.
                    Doing::Paused | Doing::Restoring { .. } => return,
                }
                let step = swarm.step_count();
                // Asked first: copying a large state costs time.
                if run.checkpoints.wants(step) {
                    run.checkpoints.offer(&swarm.kinematics());
                }
                run.advance_to(swarm, measures);
            }
            // Nothing is built without a Building or Restoring to take it.
            (Activity::Empty | Activity::Building { .. }, _) => return,
        }
        // On a way to a step the page shows where it began: nothing to redraw.
        if !matches!(&self.activity, Activity::Ready { run, .. } if run.shown.is_some()) {
            self.bump();
        }
    }

    /// What follows a landed job at `now`: a run's next owed step, or the
    /// next step of a way (paused once it arrives). `over_budget` says that
    /// the main thread has computed long enough for now.
    fn go_on(&mut self, now: f64, over_budget: bool) {
        let Activity::Ready { run, doing } = &mut self.activity else {
            return;
        };
        match doing {
            Doing::Running(pace) if over_budget => pace.drop_owed(),
            Doing::Running(_) => self.start_owed_step(now),
            Doing::Seeking { target } if run.swarm.step_count() >= *target => {
                *doing = Doing::Paused;
            }
            Doing::Seeking { .. } => {
                let Some(next) = run.swarm.next_kinematics() else {
                    *doing = Doing::Paused;
                    return;
                };
                self.begin(JobKind::Step, next, now);
                if over_budget && let Work::Compute(job) = self.out.work {
                    self.out.work = Work::ComputeLater(job);
                }
            }
            // A film's next step waits for the view to take this frame.
            Doing::Paused | Doing::Stepping | Doing::Restoring { .. } | Doing::Filming { .. } => {}
        }
    }
}
