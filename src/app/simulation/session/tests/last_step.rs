//! The largest step (docs/SPEC.md, „Bounds“): Schritt, Starten, a run and a
//! way to a step stop there, never wrap; a target beyond it is refused.

use super::*;
use crate::model::{Kinematics, MAX_STEP};

/// `small()`'s state after 3 steps, moved to `step` (a state file can
/// carry any step up to the largest).
fn at_step(step: u64) -> Swarm {
    let swarm = stepped(3);
    Kinematics::new(
        *swarm.params(),
        step,
        swarm.positions().to_vec(),
        swarm.velocities().to_vec(),
    )
    .expect("a valid state")
    .into_swarm()
}

#[test]
fn schritt_reaches_the_largest_step_and_is_refused_there() {
    let mut shell = Shell::main_thread();
    shell.load(&at_step(MAX_STEP - 1));
    shell.step();
    assert_eq!(shell.step_count(), Some(MAX_STEP));
    let reached = shell.json();
    assert_eq!(shell.try_step(), Err(GoToError::BeyondLast));
    assert_eq!(shell.step_count(), Some(MAX_STEP));
    assert_eq!(shell.json(), reached, "the swarm stays as it is");
    assert_eq!(shell.session.run_state(), RunState::Paused);
}

#[test]
fn starten_at_the_largest_step_does_nothing() {
    let mut shell = Shell::main_thread();
    shell.load(&at_step(MAX_STEP));
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Paused);
    shell.frame(0.0);
    shell.frame(1_000.0);
    assert_eq!(shell.step_count(), Some(MAX_STEP));
}

#[test]
fn a_run_stops_paused_at_the_largest_step() {
    let mut shell = Shell::main_thread();
    shell.load(&at_step(MAX_STEP - 2));
    shell.start();
    shell.frame(0.0);
    shell.frame(200.0); // five steps owed, two possible
    assert_eq!(shell.step_count(), Some(MAX_STEP));
    assert_eq!(shell.session.run_state(), RunState::Paused);
}

#[test]
fn going_to_the_largest_step_works_and_beyond_it_is_refused() {
    let mut shell = Shell::with_workers(2);
    shell.load(&at_step(MAX_STEP - 3));
    shell.settle();
    assert_eq!(shell.go_to(MAX_STEP + 1), Err(GoToError::BeyondLast));
    assert_eq!(shell.go_to(u64::MAX), Err(GoToError::BeyondLast));
    assert_eq!(shell.step_count(), Some(MAX_STEP - 3));
    assert_eq!(shell.go_to(MAX_STEP), Ok(()));
    shell.settle();
    assert_eq!(shell.step_count(), Some(MAX_STEP));
    let mut by_hand = at_step(MAX_STEP - 3);
    for _ in 0..3 {
        by_hand.step();
    }
    assert_eq!(shell.json(), Some(by_hand.to_json()));
}

#[test]
fn a_link_beyond_the_largest_step_stops_there() {
    // Links are refused beyond the largest step when read; the session
    // still never passes it, whatever it is asked.
    let mut shell = Shell::with_workers(1);
    shell.initialise_at(&small(), u64::MAX);
    assert!(shell.answer(), "the build");
    assert_eq!(
        shell.session.busy(),
        Some(Busy::Seeking { target: MAX_STEP })
    );
    shell.pause();
    assert_eq!(shell.step_count(), Some(0));
}
