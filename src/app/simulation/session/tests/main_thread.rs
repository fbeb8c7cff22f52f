//! SPEC §3 „Without workers“: the main thread computes, a frame spends at
//! most 60 ms on steps, and a long way continues after the page had its turn.

use super::*;

#[test]
fn without_workers_a_frame_spends_at_most_60_ms_on_steps_and_drops_the_rest() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.compute_ms = 25.0;
    shell.start();
    shell.frame(0.0);
    shell.frame(250.0); // six steps owed
    // 25 ms, 50 ms, 75 ms: the third step ends beyond the budget.
    assert_eq!(shell.step_count(), Some(3));
    // 29 ms later, with 10 ms carried, no new step is due: had the three
    // owed steps been kept, they would be taken now.
    shell.frame(279.0);
    assert_eq!(shell.step_count(), Some(3), "the rest was dropped");
    assert!(shell.later.is_empty(), "a run never continues later");
}

#[test]
fn without_workers_a_long_way_continues_after_the_page_had_its_turn() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.compute_ms = 20.0;
    shell.go_to(10).expect("forward");
    assert_eq!(shell.session.way_step(), Some(3), "60 ms of steps");
    assert_eq!(shell.later.len(), 1);
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 10 }));
    shell.next_task();
    assert_eq!(shell.session.way_step(), Some(6));
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(10)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn a_continuation_after_abbrechen_or_a_new_way_does_nothing() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.compute_ms = 30.0;
    shell.go_to(10).expect("forward");
    assert_eq!(shell.session.way_step(), Some(2));
    shell.pause();
    shell.next_task();
    assert_eq!(shell.step_count(), Some(2), "Abbrechen stopped it");
    shell.go_to(6).expect("forward again");
    assert_eq!(shell.later.len(), 1, "only the new way's continuation");
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(6)));
}

#[test]
fn workers_starting_later_take_over_from_the_main_thread() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.workers = 2;
    shell.act(|session, _| session.workers_started(2));
    shell.step();
    assert_eq!(shell.sent.len(), 1, "sent to the workers");
    shell.settle();
    assert_eq!(shell.step_count(), Some(1));
}
