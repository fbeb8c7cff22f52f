//! The page's side of the stepping work as plain data: which job is being
//! computed and which of its shares have come back.
//!
//! At most one job is in flight. Every job has a number of its own: starting
//! a job drops the one in flight, and so does [`Scheduler::drop_job`]; late
//! answers then carry an old number and are ignored, so no result ever lands
//! on a state it was not computed for. What a job is for (a Schritt, a run, a
//! way to a step, a new swarm) is the caller's business (`app::simulation::session`).

use crate::model::{Kinematics, MeasureAssembler, Measures, ShareAssembler, Swarm};
use crate::worker::protocol::ShareReply;

/// What a job computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobKind {
    /// A new swarm (Initialisieren or an imported state).
    Build,
    /// One step of the current swarm.
    Step,
}

/// A job in flight.
#[derive(Debug)]
struct Job {
    id: u32,
    kind: JobKind,
    kinematics: Kinematics,
    assembler: ShareAssembler,
    measures: MeasureAssembler,
    /// Which shares have answered, by part (sized by the first answer).
    answered: Vec<bool>,
    started_ms: f64,
}

impl Job {
    /// Forgets every share that came in.
    fn reset_shares(&mut self) {
        let count = self.kinematics.len();
        self.assembler = ShareAssembler::new(count);
        self.measures = MeasureAssembler::new(count);
        self.answered.clear();
    }

    /// Notes that share `part` of `parts` answered; `false` for a share
    /// that answered before, or one of another split.
    fn note_answer(&mut self, part: u32, parts: u32) -> bool {
        if self.answered.is_empty() {
            self.answered = vec![false; parts as usize];
        }
        let fits = self.answered.len() == parts as usize;
        match self.answered.get_mut(part as usize) {
            Some(seen) if fits && !*seen => {
                *seen = true;
                true
            }
            _ => false,
        }
    }
}

/// A finished job: the swarm it built, its measures and how long it took.
#[derive(Debug)]
pub struct Finished {
    /// What the job was.
    pub kind: JobKind,
    /// The new swarm, steering included.
    pub swarm: Swarm,
    /// The measures of the whole swarm (SPEC §6) of that state.
    pub measures: Measures,
    /// Real time from the start of the job to its end, in ms.
    pub wall_ms: f64,
}

/// What an answer from a worker did.
#[derive(Debug)]
pub enum Accepted {
    /// It belongs to no job in flight (an answer to a dropped or
    /// renumbered job): ignored.
    Ignored,
    /// It belongs to the job in flight but cannot be used (its parts do not
    /// fit together, a share came twice, or the shares put together do not
    /// make a result). The job stays in flight with none of its shares
    /// counted: it must be given again under a new number
    /// ([`Scheduler::renumber`]) or computed here.
    Unusable,
    /// A share came in; others are still out.
    Partial,
    /// The last share came in.
    Done(Box<Finished>),
}

/// Job numbers and the job in flight.
#[derive(Debug, Default)]
pub struct Scheduler {
    last_id: u32,
    job: Option<Job>,
}

impl Scheduler {
    /// Nothing in flight.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a job for a state (dropping any job in flight) and returns its
    /// number; the caller sends the state's shares under that number.
    pub fn begin(&mut self, kind: JobKind, kinematics: Kinematics, now_ms: f64) -> u32 {
        self.last_id = self.last_id.wrapping_add(1);
        let count = kinematics.len();
        self.job = Some(Job {
            id: self.last_id,
            kind,
            kinematics,
            assembler: ShareAssembler::new(count),
            measures: MeasureAssembler::new(count),
            answered: Vec::new(),
            started_ms: now_ms,
        });
        self.last_id
    }

    /// Gives the job in flight a new number (its shares must be sent again,
    /// for example to a new set of workers); `None` when nothing is in flight.
    pub fn renumber(&mut self) -> Option<u32> {
        let job = self.job.as_mut()?;
        self.last_id = self.last_id.wrapping_add(1);
        job.id = self.last_id;
        job.reset_shares();
        Some(job.id)
    }

    /// The job in flight: its number, kind and state.
    #[must_use]
    pub fn in_flight(&self) -> Option<(u32, JobKind, &Kinematics)> {
        self.job
            .as_ref()
            .map(|job| (job.id, job.kind, &job.kinematics))
    }

    /// Whether job number `job` is the one in flight.
    #[must_use]
    pub fn is_in_flight(&self, job: u32) -> bool {
        self.job.as_ref().is_some_and(|flying| flying.id == job)
    }

    /// Drops the job in flight. Returns when it started (ms), if there was
    /// one: workers still busy with it after a while are worth replacing.
    pub fn drop_job(&mut self) -> Option<f64> {
        self.job.take().map(|job| job.started_ms)
    }

    /// Takes a worker's answer.
    pub fn accept(&mut self, reply: &ShareReply, now_ms: f64) -> Accepted {
        let Some(job) = self.job.as_mut().filter(|job| job.id == reply.job) else {
            return Accepted::Ignored;
        };
        let added = job.note_answer(reply.part, reply.parts)
            && reply.steering().is_ok_and(|steering| {
                job.assembler.add(&reply.indices, &steering).is_ok()
                    && job.measures.add(&reply.measures).is_ok()
            });
        let complete = job.assembler.is_complete() && job.measures.is_complete();
        let all_answered = job.answered.iter().all(|&seen| seen);
        if !added || (all_answered && !complete) {
            // Half of a share may have gone in: none of them counts.
            job.reset_shares();
            return Accepted::Unusable;
        }
        if !complete {
            return Accepted::Partial;
        }
        let count = job.kinematics.len();
        let steering = std::mem::replace(&mut job.assembler, ShareAssembler::new(count)).finish();
        let measures = std::mem::replace(&mut job.measures, MeasureAssembler::new(count));
        // Both are checked before the state is taken, so that a result that
        // cannot be built leaves the job in flight.
        let Some((steering, measures)) = steering.and_then(|steering| {
            let measures = measures.finish(job.kinematics.velocities(), &steering)?;
            Some((steering, measures))
        }) else {
            return Accepted::Unusable;
        };
        self.finish(
            |started_ms| now_ms - started_ms,
            |job| {
                let swarm = job.kinematics.with_steering(steering).ok()?;
                Some((swarm, measures))
            },
        )
    }

    /// Computes the job in flight here, on this thread (without workers),
    /// measures included. Its wall time runs from `started_ms` (when the
    /// computation began) to `now_ms()`, read once it is done.
    pub fn finish_here(&mut self, started_ms: f64, now_ms: impl FnOnce() -> f64) -> Accepted {
        self.finish(
            |_| now_ms() - started_ms,
            |job| {
                let swarm = job.kinematics.into_swarm();
                let measures = swarm.measures();
                Some((swarm, measures))
            },
        )
    }

    /// Takes the job in flight and builds its result; `wall_ms` turns the
    /// job's start (ms) into its wall time once the result is built.
    fn finish(
        &mut self,
        wall_ms: impl FnOnce(f64) -> f64,
        build: impl FnOnce(Job) -> Option<(Swarm, Measures)>,
    ) -> Accepted {
        let Some(job) = self.job.take() else {
            return Accepted::Ignored;
        };
        let (kind, started_ms) = (job.kind, job.started_ms);
        match build(job) {
            Some((swarm, measures)) => Accepted::Done(Box::new(Finished {
                kind,
                swarm,
                measures,
                wall_ms: wall_ms(started_ms).max(0.0),
            })),
            None => Accepted::Ignored,
        }
    }
}

/// The shares of a job for `parts` workers (the browser's pool sends them).
#[cfg(any(target_arch = "wasm32", test))]
pub fn shares(parts: u32) -> impl Iterator<Item = crate::model::Share> {
    let parts = parts.max(1);
    (0..parts).filter_map(move |part| crate::model::Share::new(part, parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Params, SteeringSolver};
    use crate::worker::protocol::ShareRequest;

    fn state(count: u32) -> Kinematics {
        Kinematics::initial(&Params {
            count,
            ..Params::default()
        })
        .expect("valid params")
    }

    fn replies(id: u32, kinematics: &Kinematics, parts: u32) -> Vec<ShareReply> {
        shares(parts)
            .map(|share| {
                ShareRequest::new(id, share, kinematics)
                    .solve(&mut SteeringSolver::new())
                    .expect("valid request")
            })
            .collect()
    }

    #[test]
    fn a_job_is_done_when_every_share_is_in() {
        let mut scheduler = Scheduler::new();
        let kinematics = state(300);
        let id = scheduler.begin(JobKind::Build, kinematics.clone(), 10.0);
        let answers = replies(id, &kinematics, 3);
        assert!(matches!(
            scheduler.accept(&answers[2], 11.0),
            Accepted::Partial
        ));
        assert!(matches!(
            scheduler.accept(&answers[0], 12.0),
            Accepted::Partial
        ));
        let Accepted::Done(done) = scheduler.accept(&answers[1], 15.0) else {
            panic!("the last share completes the job");
        };
        assert_eq!(done.kind, JobKind::Build);
        assert_eq!(done.wall_ms, 5.0);
        let whole = kinematics.into_swarm();
        assert_eq!(done.swarm.to_json(), whole.to_json());
        assert_eq!(done.measures, whole.measures(), "the workers' measures");
        assert!(scheduler.in_flight().is_none());
    }

    /// Each way a share of the job in flight can be unusable, and that the
    /// job then stays in flight with no share counted, so that it completes
    /// once given again.
    #[test]
    fn an_unusable_share_leaves_the_job_in_flight_with_no_share_counted() {
        let kinematics = state(300);
        type Spoiler = fn(&mut Vec<ShareReply>);
        let spoilers: [(&str, Spoiler); 5] = [
            ("a component missing", |r| {
                r[1].components.pop();
            }),
            ("a share twice", |r| {
                let first = r[0].clone();
                r[1] = first;
            }),
            // The steering half goes in, the measures half does not.
            ("nearest distances missing", |r| {
                r[1].measures.nearest.pop();
            }),
            ("groups from two shares", |r| {
                r[1].measures.groups = r[0].measures.groups;
            }),
            // Every share fits, but the result cannot be built.
            ("no groups at all", |r| {
                r[0].measures.groups = None;
            }),
        ];
        for (what, spoil) in spoilers {
            let mut scheduler = Scheduler::new();
            let id = scheduler.begin(JobKind::Step, kinematics.clone(), 0.0);
            let mut answers = replies(id, &kinematics, 3);
            spoil(&mut answers);
            let outcomes: Vec<_> = answers
                .iter()
                .map(|answer| scheduler.accept(answer, 1.0))
                .collect();
            assert!(
                outcomes.iter().any(|a| matches!(a, Accepted::Unusable)),
                "{what}: {outcomes:?}"
            );
            assert!(
                !outcomes.iter().any(|a| matches!(a, Accepted::Done(_))),
                "{what}"
            );
            let again = scheduler.renumber().expect("still in flight");
            let Accepted::Done(done) = replies(again, &kinematics, 2)
                .iter()
                .map(|answer| scheduler.accept(answer, 2.0))
                .last()
                .expect("two shares")
            else {
                panic!("{what}: given again, the job completes");
            };
            assert_eq!(
                done.swarm.to_json(),
                kinematics.clone().into_swarm().to_json()
            );
        }
    }

    #[test]
    fn answers_for_a_dropped_job_never_land() {
        let mut scheduler = Scheduler::new();
        let old = state(50);
        let old_id = scheduler.begin(JobKind::Step, old.clone(), 0.0);
        let late = replies(old_id, &old, 1);
        assert_eq!(scheduler.drop_job(), Some(0.0), "when it started");
        assert!(scheduler.drop_job().is_none(), "nothing left");
        assert!(matches!(scheduler.accept(&late[0], 1.0), Accepted::Ignored));
        // A new job for another state does not take the old answers either.
        let new = state(60);
        let new_id = scheduler.begin(JobKind::Build, new, 2.0);
        assert_ne!(new_id, old_id);
        assert!(matches!(scheduler.accept(&late[0], 3.0), Accepted::Ignored));
        assert!(scheduler.is_in_flight(new_id));
        assert!(!scheduler.is_in_flight(old_id));
    }

    #[test]
    fn a_renumbered_job_takes_only_the_new_answers() {
        let mut scheduler = Scheduler::new();
        let kinematics = state(80);
        let first = scheduler.begin(JobKind::Step, kinematics.clone(), 0.0);
        let stale = replies(first, &kinematics, 2);
        assert!(matches!(
            scheduler.accept(&stale[0], 1.0),
            Accepted::Partial
        ));
        let second = scheduler.renumber().expect("a job is in flight");
        assert!(matches!(
            scheduler.accept(&stale[1], 1.0),
            Accepted::Ignored
        ));
        let fresh = replies(second, &kinematics, 1);
        assert!(matches!(
            scheduler.accept(&fresh[0], 2.0),
            Accepted::Done(_)
        ));
    }

    #[test]
    fn finishing_here_gives_the_same_swarm() {
        let mut scheduler = Scheduler::new();
        let kinematics = state(40);
        scheduler.begin(JobKind::Build, kinematics.clone(), 0.0);
        let Accepted::Done(done) = scheduler.finish_here(5.0, || 7.5) else {
            panic!("a job was in flight");
        };
        assert_eq!(done.wall_ms, 2.5, "from the start of the computation");
        assert_eq!(done.swarm.to_json(), kinematics.into_swarm().to_json());
    }
}
