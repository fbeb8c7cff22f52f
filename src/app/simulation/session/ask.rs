//! Asking before something long (SPEC §3): a way to a step estimated above
//! a minute („Gehe zu Schritt“, „Schritt zurück“), and, where the workers
//! are missing, any job whose computation would keep the page from
//! answering for more than half a second. The estimate is the one a link
//! and a study use ([`jobs_ms`]). While the session asks, nothing of what
//! it holds is computed; „Trotzdem rechnen“ / „Jetzt rechnen“
//! ([`Session::confirm`]) computes it, „Abbrechen“ / „Nicht rechnen“
//! ([`Session::decline`]) and every other command leave the swarm where it
//! stands.
//!
//! The answer for the main thread holds for the swarm: once given, every
//! later job of it (Schritt, a run, a way, a film) computes without asking,
//! each after the page has painted that it is busy; a new swarm asks again.

use super::activity::Activity;
use super::{Engine, GoToError, Origin, Session, Work};
use crate::app::study::estimate::jobs_ms;
use crate::model::{Kinematics, Params};

/// A way to a step estimated to take longer than this (ms) asks first: a
/// minute is longer than one waits for a step one has typed oneself.
pub const LONG_WAY_MS: f64 = 60_000.0;

/// A job estimated to take longer than this (ms) on the main thread asks
/// first: the page answers no click or key meanwhile.
pub const LONG_MAIN_THREAD_JOB_MS: f64 = 500.0;

/// What the session asks before it computes (words in `texts::engine`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Question {
    /// The way to a step, when it is estimated above [`LONG_WAY_MS`].
    pub way: Option<LongWay>,
    /// Without workers: the estimated time (ms) of one job on the main
    /// thread, when it is above [`LONG_MAIN_THREAD_JOB_MS`].
    pub main_thread_ms: Option<f64>,
}

/// A long way to a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LongWay {
    /// The step the way leads to.
    pub target: u64,
    /// Its estimated time, ms.
    pub ms: f64,
}

/// The question and what waits for its answer.
#[derive(Debug)]
pub(super) struct Asking {
    pub question: Question,
    pub held: Held,
}

/// What waits for the answer.
#[derive(Debug)]
pub(super) enum Held {
    /// „Gehe zu Schritt“ to `target`, not begun: the swarm is paused where
    /// it stands.
    GoTo { target: u64 },
    /// A new swarm (Initialisieren, a link, a loaded state), not begun: the
    /// old one is still there.
    Build {
        first: Kinematics,
        origin: Origin,
        target: Option<u64>,
    },
    /// Job `job` is in flight and the main thread has not begun it.
    Job(u32),
}

impl Session {
    /// What the session asks before it computes, if anything.
    #[must_use]
    pub fn question(&self) -> Option<Question> {
        self.asking.as_ref().map(|asking| asking.question)
    }

    /// While the main thread computes a job that was asked for (or is about
    /// to, once the page has painted): its estimated time in ms, during
    /// which the page does not answer.
    #[must_use]
    pub fn blocking_ms(&self) -> Option<f64> {
        if matches!(
            self.asking,
            Some(Asking {
                held: Held::Job(_),
                ..
            })
        ) {
            return None;
        }
        self.long_job_ms()
    }

    /// „Trotzdem rechnen“ / „Jetzt rechnen“: computes what waits. An answer
    /// for the main thread holds for the swarm (its later jobs ask no
    /// more). Nothing when nothing is asked.
    pub fn confirm(&mut self, now: f64) -> Result<(), GoToError> {
        let Some(Asking { question, held }) = self.asking.take() else {
            return Ok(());
        };
        let accepted = question.main_thread_ms.is_some();
        match held {
            Held::GoTo { target } => {
                self.accepted |= accepted;
                return self.go_now(target, now);
            }
            Held::Build {
                first,
                origin,
                target,
            } => self.build_now(first, origin, target, accepted, now),
            Held::Job(job) => {
                self.accepted |= accepted;
                if self.jobs.is_in_flight(job) {
                    self.out.work = Work::ComputeAfterPaint(job);
                }
            }
        }
        Ok(())
    }

    /// „Abbrechen“ / „Nicht rechnen“, and what every other command does
    /// first: nothing that waits is computed. A way not begun and a new
    /// swarm not begun leave everything as it was (a loaded state's inputs
    /// already show the file's values, so the old swarm goes, as an edit
    /// would remove it); a job waiting for the main thread is dropped as
    /// Pause drops it (a new swarm's: there is no swarm then).
    pub fn decline(&mut self, now: f64) {
        let Some(Asking { held, .. }) = self.asking.take() else {
            return;
        };
        match held {
            Held::GoTo { .. }
            | Held::Build {
                origin: Origin::Initialised,
                ..
            } => {}
            Held::Build {
                origin: Origin::Imported,
                ..
            } => self.reset(now),
            Held::Job(_) if matches!(self.activity, Activity::Building { .. }) => self.reset(now),
            Held::Job(_) => self.pause(now),
        }
    }

    /// How the main thread takes job `job`, just begun or handed over by
    /// failed workers: at once when it is short; after the page has painted
    /// that it is busy when the user has accepted long ones for this swarm;
    /// else not yet: the session asks.
    pub(super) fn main_thread_work(&mut self, job: u32) -> Work {
        match self.long_job_ms() {
            None => Work::Compute(job),
            Some(_) if self.accepted => Work::ComputeAfterPaint(job),
            Some(ms) => {
                self.asking = Some(Asking {
                    question: Question {
                        way: None,
                        main_thread_ms: Some(ms),
                    },
                    held: Held::Job(job),
                });
                Work::Idle
            }
        }
    }

    /// The question before a new swarm of `params` is built, if any: only
    /// on the main thread (a new swarm asks again, whatever the old one was
    /// allowed).
    pub(super) fn build_question(&self, params: &Params) -> Option<Question> {
        let ms = self.main_thread_ms(params)?;
        Some(Question {
            way: None,
            main_thread_ms: Some(ms),
        })
    }

    /// The question before going to `target` from where the swarm stands,
    /// if any: a long way, a long job on the main thread, or both.
    pub(super) fn way_question(&self, target: u64) -> Option<Question> {
        let jobs = self.way_jobs(target).ok().filter(|&jobs| jobs > 0)?;
        let params = *self.run()?.swarm.params();
        let ms = jobs_ms(&params, jobs);
        let question = Question {
            way: (ms > LONG_WAY_MS).then_some(LongWay { target, ms }),
            main_thread_ms: self.main_thread_ms(&params).filter(|_| !self.accepted),
        };
        (question.way.is_some() || question.main_thread_ms.is_some()).then_some(question)
    }

    /// Forgets a question whose job is no longer in flight (it landed, was
    /// dropped, or went to fresh workers under a new number).
    pub(super) fn forget_stale_question(&mut self) {
        if let Some(Asking {
            held: Held::Job(job),
            ..
        }) = self.asking
            && !self.jobs.is_in_flight(job)
        {
            self.asking = None;
        }
    }

    /// The estimated time (ms) of one job of `params` when the main thread
    /// would compute it and it is long.
    fn main_thread_ms(&self, params: &Params) -> Option<f64> {
        let ms = jobs_ms(params, 1);
        (self.engine == Engine::MainThread && ms > LONG_MAIN_THREAD_JOB_MS).then_some(ms)
    }

    /// The estimated time (ms) of the job in flight, when it is long for
    /// the main thread.
    fn long_job_ms(&self) -> Option<f64> {
        let (.., state) = self.jobs.in_flight()?;
        self.main_thread_ms(state.params())
    }
}
