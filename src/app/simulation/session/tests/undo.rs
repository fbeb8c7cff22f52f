//! Rückgängig: a discarded swarm that had run comes back exactly, with its
//! checkpoints, series and selection, for a minute.

use super::*;

/// A shell with `small()` initialised, stepped `steps` times, boid 3 selected.
fn run_for(steps: u64) -> Shell {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    for _ in 0..steps {
        shell.step();
    }
    shell.select(Some(3));
    shell
}

#[test]
fn an_edit_discards_and_rueckgaengig_brings_back_exactly_the_swarm() {
    let mut shell = run_for(70);
    let before = shell.json();
    let series = shell.series_csv();
    shell.reset(); // what an edit does
    assert_eq!(shell.session.run_state(), RunState::Empty);
    let offer = shell.session.undo_offer(shell.now).expect("offered");
    assert_eq!((offer.step, offer.count), (70, 20));
    let params = shell.act(Session::undo).expect("undone");
    assert_eq!(params, small());
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.json(), before);
    assert_eq!(shell.series_csv(), series);
    assert_eq!(shell.session.selection(), Some(3));
    // The checkpoints came back too: going back works as before.
    assert_eq!(shell.go_to(5), Ok(()));
    assert_eq!(shell.json(), Some(by_hand(5)));
}

#[test]
fn initialising_anew_discards_and_a_second_rueckgaengig_swaps_back() {
    let mut shell = run_for(12);
    let first = shell.json();
    let other = Params { seed: 9, ..small() };
    shell.initialise(&other);
    shell.step();
    let second = shell.json();
    assert_eq!(shell.act(Session::undo), Some(small()));
    assert_eq!(shell.json(), first);
    assert_eq!(shell.act(Session::undo), Some(other));
    assert_eq!(shell.json(), second);
}

#[test]
fn a_swarm_that_never_ran_is_not_offered() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.reset();
    assert_eq!(shell.session.undo_offer(shell.now), None);
    assert_eq!(shell.act(Session::undo), None);
    assert_eq!(shell.session.run_state(), RunState::Empty);
}

#[test]
fn the_offer_ends_after_a_minute() {
    let mut shell = run_for(3);
    shell.reset();
    shell.now += UNDO_WINDOW_MS - 1.0;
    assert!(shell.session.undo_offer(shell.now).is_some());
    shell.now += 1.0;
    assert_eq!(shell.session.undo_offer(shell.now), None);
    assert_eq!(shell.act(Session::undo), None);
}

#[test]
fn a_running_swarm_discarded_comes_back_paused() {
    let mut shell = run_for(0);
    shell.start();
    shell.frame(0.0);
    shell.frame(200.0);
    let steps = shell.step_count().expect("a swarm");
    assert!(steps > 0);
    let before = shell.json();
    shell.reset();
    assert!(shell.act(Session::undo).is_some());
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.json(), before);
}
