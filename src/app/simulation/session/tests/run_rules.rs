//! SPEC §3 „Controls“ and „Rules“: Initialisieren, Starten, Pause, Schritt,
//! Zurücksetzen, real time becoming steps, the selection.

use super::*;

#[test]
fn initialise_gives_a_paused_swarm_at_step_zero() {
    let mut shell = Shell::main_thread();
    assert_eq!(shell.session.run_state(), RunState::Empty);
    shell.initialise(&small());
    assert_eq!(shell.session.run_state(), RunState::Paused);
    let swarm = shell.session.swarm().expect("swarm exists");
    assert_eq!((swarm.step_count(), swarm.len()), (0, 20));
}

#[test]
fn step_while_running_pauses_and_adds_exactly_one_step() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.start();
    shell.frame(0.0);
    shell.frame(100.0); // two steps, 20 ms carried
    assert_eq!(shell.step_count(), Some(2));
    shell.step();
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.step_count(), Some(3));
    // Paused: frames do nothing.
    shell.frame(1_000.0);
    assert_eq!(shell.step_count(), Some(3));
}

#[test]
fn pause_discards_the_carry_and_start_continues() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.start();
    shell.frame(0.0);
    shell.frame(79.0); // one step, 39 ms carried
    shell.pause();
    shell.start();
    shell.frame(5_000.0); // first frame after start only starts the clock
    shell.frame(5_001.0); // the 39 ms are gone: no step
    assert_eq!(shell.step_count(), Some(1));
    shell.frame(5_040.0);
    assert_eq!(shell.step_count(), Some(2));
}

#[test]
fn each_frame_adds_at_most_250_ms_and_whole_40_ms_steps_are_due() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.start();
    shell.frame(0.0);
    shell.frame(10_000.0); // a stall: 250 ms, six steps, 10 ms carried
    assert_eq!(shell.step_count(), Some(6));
    shell.frame(10_030.0); // 10 + 30 ms: one more
    assert_eq!(shell.step_count(), Some(7));
    assert_eq!(
        shell.session.busy(),
        None,
        "a run is no computation waited for"
    );
}

#[test]
fn reset_removes_swarm_and_selection() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.select(Some(7));
    assert_eq!(shell.session.selection(), Some(7));
    shell.start();
    shell.reset();
    assert_eq!(shell.session.run_state(), RunState::Empty);
    assert_eq!(shell.session.selection(), None);
    // Without a swarm nothing starts or steps.
    shell.start();
    shell.step();
    assert_eq!(shell.session.run_state(), RunState::Empty);
    assert_eq!(shell.session.origin(), None);
}

#[test]
fn selection_out_of_range_is_ignored() {
    let mut shell = Shell::main_thread();
    shell.select(Some(0));
    assert_eq!(shell.session.selection(), None);
    shell.initialise(&small());
    shell.select(Some(20));
    assert_eq!(shell.session.selection(), None);
    shell.select(Some(19));
    assert_eq!(shell.session.selection(), Some(19));
    shell.select(None);
    assert_eq!(shell.session.selection(), None);
}

#[test]
fn initialisieren_again_builds_a_new_swarm_without_selection() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.step();
    shell.select(Some(4));
    shell.initialise(&small());
    assert_eq!(shell.step_count(), Some(0));
    assert_eq!(shell.session.selection(), None);
    assert_eq!(shell.session.origin(), Some(Origin::Initialised));
}

#[test]
fn space_starts_or_pauses() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.act(Session::toggle);
    assert_eq!(shell.session.run_state(), RunState::Running);
    shell.act(Session::toggle);
    assert_eq!(shell.session.run_state(), RunState::Paused);
}

#[test]
fn the_version_changes_whenever_the_swarm_changes() {
    let mut shell = Shell::main_thread();
    let empty = shell.session.version();
    shell.initialise(&small());
    let built = shell.session.version();
    assert_ne!(built, empty);
    shell.select(Some(1));
    shell.pause();
    assert_eq!(shell.session.version(), built, "the swarm did not change");
    shell.step();
    let stepped = shell.session.version();
    assert_ne!(stepped, built);
    shell.reset();
    assert_ne!(shell.session.version(), stepped);
}

#[test]
fn the_performance_is_shown_only_while_running() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.start();
    shell.frame(0.0);
    shell.act(|session, _| session.record_draw(2.0));
    shell.frame(600.0); // six steps are owed and taken
    assert_eq!(shell.session.perf(), None, "the window waits for a step");
    shell.frame(1_200.0);
    let readout = shell.session.perf().expect("a full window");
    assert!(readout.steps_per_second > 0.0);
    assert_eq!(readout.ms_per_draw, Some(2.0));
    shell.pause();
    assert_eq!(shell.session.perf(), None);
    shell.start();
    assert_eq!(shell.session.perf(), None, "a new run measures afresh");
}

#[test]
fn a_loaded_state_is_marked_as_imported_until_reset() {
    let mut shell = Shell::main_thread();
    shell.load(&stepped(0));
    assert_eq!(shell.session.origin(), Some(Origin::Imported));
    shell.reset();
    assert_eq!(shell.session.origin(), None);
}

#[test]
fn a_loaded_state_starts_the_series_at_its_step() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.step();
    let mut swarm = stepped(30);
    shell.load(&swarm);
    assert_eq!(shell.session.selection(), None);
    shell.step();
    assert_eq!(shell.series_csv(), swarm.series_csv(1));
}

#[test]
fn initialise_at_a_step_equals_stepping_by_hand() {
    let mut shell = Shell::main_thread();
    shell.initialise_at(&small(), 7);
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.session.busy(), None, "done");
    assert_eq!(shell.session.origin(), Some(Origin::Initialised));
    assert_eq!(shell.json(), Some(by_hand(7)));
}
