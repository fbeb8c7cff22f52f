//! SPEC §3 „Asking before something long“: „Gehe zu Schritt“ asks before a
//! way estimated above a minute, and without workers a job estimated above
//! half a second on the main thread is not begun without asking. The
//! estimate is the one links use (`estimate::jobs_ms`); „Trotzdem rechnen“
//! computes, „Abbrechen“ (or any other command) leaves everything as it
//! was.

use super::*;
use crate::app::simulation::session::ask::{LONG_MAIN_THREAD_JOB_MS, LONG_WAY_MS, LongWay};
use crate::app::study::estimate::jobs_ms;

/// 2 000 boids: a step is estimated at about 7,4 ms, so a minute is about
/// 8 000 steps.
fn big() -> Params {
    Params {
        count: 2000,
        ..Params::default()
    }
}

/// A step estimated just above half a second (about 518 ms).
fn heavy() -> Params {
    Params {
        count: 4400,
        radius: 4.2,
        ..Params::default()
    }
}

/// A step estimated just below half a second (about 472 ms).
fn just_below() -> Params {
    Params {
        count: 4200,
        radius: 4.2,
        ..Params::default()
    }
}

/// The state of `params` after `steps` Schritte.
fn native(params: &Params, steps: u64) -> String {
    let mut swarm = Swarm::new(params).expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    swarm.to_json()
}

/// What the page shows of a swarm, to compare before and after a question.
#[derive(Debug, PartialEq)]
struct Seen {
    json: Option<String>,
    series: String,
    selection: Option<usize>,
    first_step: Option<u64>,
    origin: Option<Origin>,
    run_state: RunState,
    busy: Option<Busy>,
    params: Option<Params>,
}

impl Shell {
    fn confirm(&mut self) {
        self.act(Session::confirm).expect("the way can be gone");
    }

    fn decline(&mut self) {
        self.act(Session::decline);
    }

    fn seen(&self) -> Seen {
        Seen {
            json: self.json(),
            series: self.series_csv(),
            selection: self.session.selection(),
            first_step: self.session.first_step(),
            origin: self.session.origin(),
            run_state: self.session.run_state(),
            busy: self.session.busy(),
            params: self.session.swarm().map(|swarm| *swarm.params()),
        }
    }

    /// Nothing is being computed or waits to be.
    fn idle(&self) -> bool {
        self.sent.is_empty() && self.later.is_empty() && self.after_paint.is_empty()
    }

    /// `size` workers that have computed a swarm of `params`, then two
    /// Schritte, boid 3 selected.
    fn stepped_on_workers(size: u32, params: &Params) -> Self {
        let mut shell = Self::with_workers(size);
        shell.initialise(params);
        shell.settle();
        shell.step();
        shell.settle();
        shell.step();
        shell.settle();
        shell.select(Some(3));
        shell
    }

    /// No workers, and a small swarm one Schritt on.
    fn small_stepped_here() -> Self {
        let mut shell = Self::main_thread();
        shell.initialise(&small());
        shell.step();
        shell
    }

    fn workers_fail(&mut self) {
        self.act(|session, _| session.workers_failed(WorkerFailure::Crashed));
    }
}

fn long_way(params: &Params, target: u64, jobs: u64) -> Question {
    Question {
        way: Some(LongWay {
            target,
            ms: jobs_ms(params, jobs),
        }),
        main_thread_ms: None,
    }
}

fn main_thread(params: &Params) -> Question {
    Question {
        way: None,
        main_thread_ms: Some(jobs_ms(params, 1)),
    }
}

#[test]
fn the_thresholds_lie_between_the_test_swarms() {
    assert!(jobs_ms(&big(), 10_000) > LONG_WAY_MS);
    assert!(jobs_ms(&big(), 7_998) < LONG_WAY_MS);
    assert!(jobs_ms(&heavy(), 1) > LONG_MAIN_THREAD_JOB_MS);
    assert!(jobs_ms(&just_below(), 1) < LONG_MAIN_THREAD_JOB_MS);
    // The main thread's words say how long.
    assert_eq!(
        crate::texts::engine::question(&main_thread(&heavy())),
        "Ohne Web Worker dauert ein Schritt hier etwa 1\u{a0}s; die Seite reagiert in dieser \
         Zeit nicht. Trotzdem rechnen?"
    );
}

#[test]
fn gehe_zu_schritt_asks_before_a_way_above_a_minute_and_computes_nothing_meanwhile() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    let before = shell.seen();
    shell.go_to(10_000).expect("a step after the swarm's");
    assert_eq!(
        shell.session.question(),
        Some(long_way(&big(), 10_000, 9_998))
    );
    assert!(shell.idle(), "nothing is computed while it asks");
    assert_eq!(shell.seen(), before);
    assert_eq!(shell.session.blocking_ms(), None, "the workers compute");
    let words = crate::texts::engine::question(&shell.session.question().expect("asks"));
    assert!(
        words.starts_with("Der Weg zu Schritt 10\u{202f}000 rechnet etwa 1\u{a0}min ")
            && words.ends_with(". Jetzt rechnen?"),
        "{words}"
    );
}

#[test]
fn gehe_zu_schritt_below_a_minute_goes_at_once() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    // Just below the minute: the way begins.
    shell.go_to(8_000).expect("forward");
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 8_000 }));
    assert_eq!(shell.sent.len(), 1);
    shell.pause();
    shell.settle();
    // A short way arrives.
    shell.go_to(5).expect("forward");
    assert_eq!(shell.session.question(), None);
    shell.settle();
    assert_eq!(shell.json(), Some(native(&big(), 5)));
}

#[test]
fn jetzt_rechnen_goes_the_way_as_stepping_does() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    shell.go_to(10_000).expect("forward");
    shell.confirm();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 10_000 }));
    for _ in 0..3 {
        assert!(shell.answer());
    }
    assert_eq!(shell.session.way_step(), Some(5));
    shell.pause();
    shell.settle();
    assert_eq!(shell.json(), Some(native(&big(), 5)));
    assert_eq!(shell.session.selection(), Some(3), "the selection stays");
}

#[test]
fn nicht_rechnen_leaves_swarm_step_and_selection_as_they_were() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    let before = shell.seen();
    let version = shell.session.version();
    shell.go_to(10_000).expect("forward");
    shell.decline();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.seen(), before);
    assert_eq!(shell.session.version(), version, "nothing to redraw");
    assert!(shell.idle());
    // Schritt works on from there.
    shell.step();
    shell.settle();
    assert_eq!(shell.json(), Some(native(&big(), 3)));
}

#[test]
fn another_command_answers_the_question_with_no() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    shell.go_to(10_000).expect("forward");
    shell.go_to(4).expect("a short way instead");
    assert_eq!(shell.session.question(), None);
    shell.settle();
    assert_eq!(shell.json(), Some(native(&big(), 4)));
    shell.go_to(10_000).expect("forward");
    shell.start();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.session.run_state(), RunState::Running);
    shell.go_to(10_000).expect("forward");
    shell.reset();
    assert_eq!(shell.session.question(), None);
    assert!(shell.session.swarm().is_none());
}

#[test]
fn gehe_zu_schritt_while_running_pauses_and_then_asks() {
    let mut shell = Shell::stepped_on_workers(2, &big());
    shell.start();
    shell.frame(0.0);
    shell.frame(45.0);
    assert_eq!(shell.sent.len(), 1, "a step of the run is out");
    shell.go_to(10_000).expect("forward");
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert!(shell.session.question().is_some());
    // The dropped step's answer changes nothing.
    shell.settle();
    assert_eq!(shell.json(), Some(native(&big(), 2)));
}

#[test]
fn without_workers_a_new_swarm_of_long_steps_asks_first_and_the_old_one_stays() {
    let mut shell = Shell::small_stepped_here();
    let before = shell.seen();
    shell.initialise(&heavy());
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    assert_eq!(shell.seen(), before, "the old swarm stays while it asks");
    assert!(shell.idle());
    shell.decline();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.seen(), before);
    assert!(shell.idle());
    assert_eq!(
        shell.session.undo_offer(shell.now),
        None,
        "nothing discarded"
    );
}

#[test]
fn without_workers_a_step_below_half_a_second_is_computed_without_asking() {
    let mut shell = Shell::main_thread();
    shell.initialise(&just_below());
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.step_count(), Some(0), "built at once");
    assert_eq!(shell.session.blocking_ms(), None);
}

#[test]
fn trotzdem_rechnen_computes_after_the_page_painted_that_it_is_busy_and_asks_no_more() {
    let mut shell = Shell::main_thread();
    shell.initialise(&heavy());
    shell.confirm();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.session.busy(), Some(Busy::Building));
    assert_eq!(shell.session.blocking_ms(), Some(jobs_ms(&heavy(), 1)));
    assert_eq!(shell.after_paint.len(), 1, "waits for the paint");
    assert!(shell.paint());
    assert_eq!(shell.json(), Some(native(&heavy(), 0)));
    assert_eq!(shell.session.blocking_ms(), None);
    // The swarm's later jobs ask no more: Schritt, and a short way.
    shell.step();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.session.busy(), Some(Busy::Stepping));
    assert!(shell.session.blocking_ms().is_some());
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 1)));
    shell.go_to(3).expect("forward");
    assert_eq!(shell.session.question(), None);
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 3)));
    // A new swarm asks again.
    shell.initialise(&heavy());
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    shell.decline();
    assert_eq!(shell.json(), Some(native(&heavy(), 3)));
}

#[test]
fn failed_workers_hand_a_long_step_to_the_main_thread_only_after_asking() {
    let mut shell = Shell::stepped_on_workers(2, &heavy());
    let before = shell.seen();
    shell.step();
    let sent = shell.sent.clone();
    shell.sent.clear();
    shell.workers_fail();
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    assert_eq!(shell.session.blocking_ms(), None, "nothing computes yet");
    assert!(shell.idle());
    // „Abbrechen“ drops the step, as Pause does.
    shell.decline();
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.seen(), before);
    assert!(shell.idle());
    // A late answer from the failed workers changes nothing either.
    assert_eq!(sent.len(), 1);
    assert_eq!(shell.session.job_state(sent[0]), None);
    // Not accepted: the next Schritt asks again; „Trotzdem rechnen“ takes it.
    shell.step();
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    shell.confirm();
    assert_eq!(shell.after_paint.len(), 1);
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 3)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn starten_without_workers_asks_once_at_its_first_step() {
    let mut shell = Shell::stepped_on_workers(2, &heavy());
    shell.workers_fail();
    assert_eq!(shell.session.question(), None, "nothing in flight");
    shell.start();
    shell.frame(0.0);
    shell.frame(45.0);
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    assert!(shell.idle());
    // Frames meanwhile start nothing.
    shell.frame(90.0);
    assert!(shell.idle());
    // „Abbrechen“ pauses where the swarm was.
    shell.decline();
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.json(), Some(native(&heavy(), 2)));
    // Starten again asks again; once accepted, the run goes on, each step
    // after the page has painted.
    shell.start();
    shell.frame(200.0);
    shell.frame(245.0);
    assert!(shell.session.question().is_some());
    shell.confirm();
    assert!(shell.paint());
    assert_eq!(shell.step_count(), Some(3));
    shell.frame(300.0);
    assert_eq!(shell.session.question(), None);
    assert!(shell.paint());
    assert_eq!(shell.step_count(), Some(4));
    assert_eq!(shell.session.run_state(), RunState::Running);
    shell.pause();
    assert!(shell.idle());
}

#[test]
fn gehe_zu_schritt_without_workers_asks_once_for_both_the_way_and_the_page() {
    let mut shell = Shell::stepped_on_workers(2, &heavy());
    shell.workers_fail();
    // 98 steps of about half a second: under a minute, but each long.
    shell.go_to(100).expect("forward");
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    shell.decline();
    // 198 steps: over a minute too, and one question says both.
    shell.go_to(200).expect("forward");
    let both = Question {
        way: Some(LongWay {
            target: 200,
            ms: jobs_ms(&heavy(), 198),
        }),
        main_thread_ms: Some(jobs_ms(&heavy(), 1)),
    };
    assert_eq!(shell.session.question(), Some(both));
    assert_eq!(
        crate::texts::engine::answers(&both),
        crate::texts::engine::COMPUTE_ANYWAY
    );
    shell.confirm();
    assert_eq!(shell.session.question(), None, "asked once");
    assert!(shell.paint());
    assert!(shell.paint());
    assert_eq!(shell.session.way_step(), Some(4));
    assert_eq!(shell.session.question(), None);
    shell.pause();
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 4)));
}

#[test]
fn going_back_without_workers_asks_for_the_rebuilt_checkpoint() {
    let mut shell = Shell::stepped_on_workers(2, &heavy());
    shell.workers_fail();
    let before = shell.seen();
    shell.step_back().expect("back to 1");
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    shell.decline();
    assert_eq!(shell.seen(), before);
    shell.step_back().expect("back to 1");
    shell.confirm();
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 1)));
}

#[test]
fn a_question_for_a_waiting_job_goes_when_workers_start_again() {
    let mut shell = Shell::stepped_on_workers(2, &heavy());
    shell.step();
    shell.sent.clear();
    shell.workers_fail();
    assert!(shell.session.question().is_some());
    shell.act(|session, _| session.workers_started(2));
    assert_eq!(shell.session.question(), None);
    assert_eq!(shell.sent.len(), 1, "the workers take the step");
    shell.settle();
    assert_eq!(shell.json(), Some(native(&heavy(), 3)));
}

#[test]
fn a_loaded_state_declined_leaves_no_swarm_since_the_inputs_show_the_files_values() {
    let mut shell = Shell::small_stepped_here();
    let state = Kinematics::initial(&heavy()).expect("valid params");
    shell.act(|session, now| session.load(state, now));
    assert_eq!(shell.session.question(), Some(main_thread(&heavy())));
    assert_eq!(
        shell.step_count(),
        Some(1),
        "the old swarm stays while it asks"
    );
    shell.decline();
    assert!(shell.session.swarm().is_none());
    assert!(
        shell.session.undo_offer(shell.now).is_some(),
        "the old swarm is offered back"
    );
}
