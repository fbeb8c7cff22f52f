//! SPEC §3 „Decisions on computing“ with workers: numbered jobs, at most one
//! in flight, nothing lands on a state it was not computed for, busy workers
//! are replaced, and failing workers hand over to the main thread.

use super::*;
use crate::texts::engine::engine_note;

#[test]
fn a_new_swarm_is_there_once_the_workers_computed_its_steering() {
    let mut shell = Shell::with_workers(3);
    shell.initialise(&small());
    assert_eq!(shell.session.busy(), Some(Busy::Building));
    assert_eq!(shell.session.run_state(), RunState::Empty);
    assert_eq!(shell.sent.len(), 1, "one job, split over the workers");
    shell.settle();
    assert_eq!(shell.session.busy(), None);
    assert_eq!(shell.json(), Some(by_hand(0)));
}

#[test]
fn a_late_answer_after_pause_changes_nothing() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.start();
    shell.frame(0.0);
    shell.frame(45.0);
    let job = *shell.sent.last().expect("a step is out");
    let late = shell.replies(job);
    let version = shell.session.version();
    shell.pause();
    shell.deliver(&late);
    assert_eq!(shell.step_count(), Some(0));
    assert_eq!(shell.session.version(), version);
    assert_eq!(shell.session.run_state(), RunState::Paused);
}

#[test]
fn an_answer_for_an_old_job_never_lands_on_a_new_swarm() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    let first = *shell.sent.last().expect("the build is out");
    let old = shell.replies(first);
    shell.initialise(&Params {
        count: 30,
        ..Params::default()
    });
    shell.deliver(&old);
    assert_eq!(
        shell.session.swarm().map(|swarm| swarm.len()),
        None,
        "still building"
    );
    shell.settle();
    assert_eq!(shell.session.swarm().map(|swarm| swarm.len()), Some(30));
}

#[test]
fn schritt_is_not_queued_while_the_previous_step_is_computed() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.step();
    assert_eq!(shell.session.busy(), Some(Busy::Stepping));
    shell.step();
    shell.step();
    assert_eq!(shell.sent.len(), 1, "ignored, not queued");
    shell.settle();
    assert_eq!(shell.step_count(), Some(1));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn at_most_one_job_is_in_flight_and_the_next_owed_step_starts_when_it_lands() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.start();
    shell.frame(0.0);
    shell.frame(250.0); // six steps owed
    assert_eq!(shell.sent.len(), 1);
    shell.answer();
    assert_eq!(shell.step_count(), Some(1));
    assert_eq!(shell.sent.len(), 1, "the next one");
    shell.settle();
    assert_eq!(shell.step_count(), Some(6));
    assert_eq!(shell.json(), Some(by_hand(6)));
}

#[test]
fn slower_than_real_time_at_most_seven_owed_steps_wait() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.start();
    shell.frame(0.0);
    // The workers do not answer for a second of frames.
    for frame in 1..=60 {
        shell.frame(f64::from(frame) * 1000.0 / 60.0);
    }
    shell.settle();
    // One step was in flight, and at most seven waited behind it.
    assert_eq!(shell.step_count(), Some(u64::from(MAX_OWED_STEPS) + 1));
}

#[test]
fn starten_while_a_schritt_is_computed_makes_it_the_runs_first_step() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.step();
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Running);
    shell.settle();
    assert_eq!(shell.step_count(), Some(1));
    assert_eq!(shell.session.run_state(), RunState::Running);
}

#[test]
fn workers_busy_with_a_dropped_job_after_200_ms_are_replaced() {
    let mut shell = Shell::with_workers(4);
    shell.initialise(&small());
    shell.settle();
    shell.step();
    shell.now += RESTART_WORKERS_AFTER_MS - 1.0;
    shell.pause();
    assert!(shell.restarts.is_empty(), "not yet worth it");
    shell.step();
    shell.now += RESTART_WORKERS_AFTER_MS;
    let out = *shell.sent.last().expect("a step is out");
    shell.pause();
    assert_eq!(shell.restarts, [4]);
    assert!(shell.session.job_state(out).is_none());
    shell.step();
    shell.settle();
    assert_eq!(shell.step_count(), Some(1));
}

#[test]
fn new_workers_take_over_the_job_in_flight_under_a_new_number() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    let old_job = *shell.sent.last().expect("the build is out");
    let old = shell.replies(old_job);
    shell.act(|session, _| session.workers_started(3)); // „Rechenkerne“ changed
    shell.workers = 3;
    let new_job = *shell.sent.last().expect("sent again");
    assert_ne!(new_job, old_job);
    shell.deliver(&old);
    assert_eq!(
        shell.session.busy(),
        Some(Busy::Building),
        "old answers ignored"
    );
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(0)));
}

#[test]
fn a_crashed_worker_s_job_is_sent_again_and_lands_bit_for_bit() {
    let mut shell = Shell::with_workers(3);
    shell.initialise_at(&small(), 4);
    shell.answer(); // built
    shell.answer(); // step 1
    let lost = *shell.sent.last().expect("step 2 is out");
    // Two of the three shares came back before a worker crashed.
    let replies = shell.replies(lost);
    shell.deliver(&replies[..2]);
    shell.act(|session, _| session.worker_restarted());
    let again = *shell.sent.last().expect("sent again");
    assert_ne!(again, lost, "under a new number");
    assert_eq!(
        shell.session.engine_note(),
        Some(EngineNote::WorkerRestarted)
    );
    // The crashed worker's answer, if it still came, is ignored.
    shell.deliver(&replies[2..]);
    assert_eq!(shell.session.way_step(), Some(1));
    shell.settle();
    assert_eq!(shell.step_count(), Some(4));
    assert_eq!(shell.json(), Some(by_hand(4)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn workers_failing_mid_job_finish_it_here_and_say_so_once() {
    let mut shell = Shell::with_workers(2);
    shell.initialise_at(&small(), 5);
    shell.answer(); // built
    shell.answer(); // step 1
    assert_eq!(shell.session.engine_note(), None);
    let blocked = WorkerFailure::Refused(Some("blockiert".to_owned()));
    shell.act(|session, _| session.workers_failed(blocked.clone()));
    assert_eq!(shell.step_count(), Some(5), "finished here, the way too");
    assert_eq!(shell.session.busy(), None);
    let note = shell.session.engine_note();
    assert_eq!(note, Some(EngineNote::MainThread(blocked)));
    let words = engine_note(&note.clone().expect("said"));
    assert!(
        words.contains("(blockiert)") && words.contains("Hauptthread"),
        "{words}"
    );
    shell.act(|session, _| session.workers_failed(WorkerFailure::Crashed));
    assert_eq!(shell.session.engine_note(), note, "the first reason stays");
    assert_eq!(shell.json(), Some(by_hand(5)));
}

#[test]
fn a_link_shows_its_way_while_the_swarm_is_built_and_abbrechen_keeps_step_zero() {
    let mut shell = Shell::with_workers(2);
    shell.initialise_at(&small(), 40);
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 40 }));
    assert_eq!(shell.step_back(), Err(GoToError::NoSwarm));
    // ← on the way while building went back from the target, which only
    // paused: the swarm is still built, without the way.
    assert_eq!(shell.session.busy(), Some(Busy::Building));
    shell.settle();
    assert_eq!(shell.step_count(), Some(0));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn pause_while_a_new_swarm_is_built_lets_it_be_built() {
    let mut shell = Shell::with_workers(2);
    shell.load(&stepped(3));
    shell.pause();
    assert_eq!(shell.session.busy(), Some(Busy::Building));
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(3)));
    assert_eq!(shell.session.run_state(), RunState::Paused);
}

/// Spoils the steering of one share of job `job`'s answers.
fn spoiled(shell: &Shell, job: u32) -> Vec<ShareReply> {
    let mut replies = shell.replies(job);
    replies[0].components.pop();
    replies
}

#[test]
fn an_unusable_answer_replaces_the_workers_and_the_job_lands_bit_for_bit() {
    let mut shell = Shell::with_workers(2);
    shell.initialise_at(&small(), 3);
    shell.answer(); // built
    shell.answer(); // step 1
    let job = *shell.sent.last().expect("step 2 is out");
    shell.deliver(&spoiled(&shell, job));
    assert_eq!(shell.restarts, vec![2], "fresh workers");
    let again = *shell.sent.last().expect("sent again");
    assert_ne!(again, job, "under a new number");
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 3 }));
    assert_eq!(
        shell.session.engine_note(),
        Some(EngineNote::WorkerRestarted)
    );
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(3)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn unusable_answers_again_and_again_have_the_main_thread_compute() {
    let mut shell = Shell::with_workers(3);
    shell.initialise(&small());
    shell.answer(); // built
    shell.step();
    for round in 1..=MAX_UNUSABLE_REPLIES {
        let job = *shell.sent.last().expect("the step is out");
        shell.deliver(&spoiled(&shell, job));
        assert_eq!(shell.restarts.len() as u32, round);
        assert_eq!(shell.session.busy(), Some(Busy::Stepping));
    }
    // One more: no more fresh workers, the step is computed here at once.
    let job = *shell.sent.last().expect("the step is out");
    shell.deliver(&spoiled(&shell, job));
    assert_eq!(shell.restarts.len() as u32, MAX_UNUSABLE_REPLIES);
    assert_eq!(shell.session.busy(), None, "Schritt is done");
    assert_eq!(shell.json(), Some(by_hand(1)));
    assert_eq!(
        shell.session.engine_note(),
        Some(EngineNote::MainThread(WorkerFailure::Unusable))
    );
    // And the controls work: the next Schritt is computed here too.
    shell.step();
    assert_eq!(shell.json(), Some(by_hand(2)));
}

#[test]
fn a_landed_job_forgives_an_earlier_unusable_answer() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.answer(); // built
    for step in 1..=u64::from(MAX_UNUSABLE_REPLIES) + 2 {
        shell.step();
        let job = *shell.sent.last().expect("the step is out");
        shell.deliver(&spoiled(&shell, job));
        shell.settle();
        assert_eq!(shell.json(), Some(by_hand(step)));
    }
    assert_eq!(
        shell.session.engine_note(),
        Some(EngineNote::WorkerRestarted)
    );
    assert_eq!(
        shell.restarts.len() as u32,
        MAX_UNUSABLE_REPLIES + 2,
        "the workers each time, never the main thread"
    );
}

#[test]
fn workers_of_another_build_compute_nothing_and_say_reload() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.answer(); // built
    shell.step();
    let job = *shell.sent.last().expect("the step is out");
    shell.act(|session, _| session.workers_failed(WorkerFailure::OtherBuild));
    assert_eq!(shell.session.engine_note(), Some(EngineNote::OtherBuild));
    assert!(engine_note(&EngineNote::OtherBuild).contains("neu laden"));
    // Nothing is computed here either: the step stays undone.
    assert_eq!(shell.step_count(), Some(0));
    assert_eq!(shell.sent.last(), Some(&job), "not sent again");
    shell.settle();
    assert_eq!(shell.step_count(), Some(0), "no step while halted");
    assert_eq!(shell.session.busy(), Some(Busy::Stepping));
}
