//! SPEC §3 „Going back“ and „Gehe zu Schritt“, and §6's series along the way.

use super::*;

#[test]
fn going_back_and_to_a_step_gives_the_states_of_stepping() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    for _ in 0..20 {
        shell.step();
    }
    shell.select(Some(3));
    for _ in 0..5 {
        shell.step_back().expect("back");
    }
    assert_eq!(shell.json(), Some(by_hand(15)));
    assert_eq!(shell.session.selection(), Some(3), "kept");
    shell.go_to(150).expect("forward");
    shell.go_to(70).expect("back past a checkpoint");
    assert_eq!(shell.json(), Some(by_hand(70)));
    shell.go_to(10).expect("back");
    assert_eq!(shell.json(), Some(by_hand(10)));
    assert_eq!(shell.session.busy(), None);
    assert_eq!(shell.session.run_state(), RunState::Paused);
    shell.go_to(0).expect("back to the start");
    assert_eq!(shell.step_back(), Err(GoToError::BeforeFirst { first: 0 }));
}

#[test]
fn the_series_follows_the_steps_there_and_back() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    assert_eq!(shell.series_csv(), model_series(0));
    for _ in 0..6 {
        shell.step();
    }
    assert_eq!(shell.series_csv(), model_series(6));
    shell.step_back().expect("back");
    assert_eq!(shell.series_csv(), model_series(5), "truncated");
    shell.go_to(140).expect("forward past checkpoints");
    assert_eq!(shell.series_csv(), model_series(140), "every step's row");
    shell.go_to(70).expect("back from a checkpoint");
    assert_eq!(shell.series_csv(), model_series(70));
    let current = shell.session.series().and_then(Series::last).copied();
    assert_eq!(current, shell.session.swarm().map(Swarm::measures));
    shell.reset();
    assert_eq!(shell.session.series(), None);
}

#[test]
fn a_loaded_state_goes_back_only_to_its_own_step() {
    let mut shell = Shell::main_thread();
    let swarm = stepped(30);
    shell.load(&swarm);
    assert_eq!(shell.session.first_step(), Some(30));
    shell.step();
    shell.step_back().expect("back to the loaded step");
    assert_eq!(shell.json(), Some(swarm.to_json()));
    assert_eq!(shell.step_back(), Err(GoToError::BeforeFirst { first: 30 }));
    assert_eq!(shell.go_to(29), Err(GoToError::BeforeFirst { first: 30 }));
    assert_eq!(shell.json(), Some(swarm.to_json()), "nothing changes then");
}

#[test]
fn without_a_swarm_there_is_nowhere_to_go() {
    let mut shell = Shell::main_thread();
    assert_eq!(shell.go_to(3), Err(GoToError::NoSwarm));
    assert_eq!(shell.step_back(), Err(GoToError::NoSwarm));
}

#[test]
fn going_to_the_current_step_changes_nothing_but_pauses() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.step();
    shell.start();
    let version = shell.session.version();
    shell.go_to(1).expect("here already");
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert_eq!(shell.session.version(), version);
}

#[test]
fn a_long_way_shows_its_target_and_abbrechen_stops_where_the_swarm_is() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(40).expect("forward");
    for _ in 0..12 {
        assert!(shell.answer());
    }
    assert_eq!(shell.session.way_step(), Some(12));
    assert_eq!(
        shell.step_count(),
        Some(0),
        "the page shows where the way began"
    );
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 40 }));
    shell.pause(); // Abbrechen
    assert_eq!(shell.session.busy(), None);
    shell.settle();
    assert_eq!(shell.step_count(), Some(12), "stopped where it was");
    assert_eq!(shell.json(), Some(by_hand(12)));
}

#[test]
fn starten_is_disabled_on_the_way_so_a_run_never_mixes_with_it() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(9).expect("forward");
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Paused, "refused");
    shell.frame(0.0);
    shell.frame(200.0);
    shell.settle();
    assert_eq!(shell.step_count(), Some(9), "only the way's steps");
    assert_eq!(shell.session.busy(), None);
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Running);
}

#[test]
fn starten_waits_until_a_way_to_a_step_is_done_or_cancelled() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(9).expect("forward");
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Paused);
    shell.pause();
    shell.start();
    assert_eq!(shell.session.run_state(), RunState::Running);
}

#[test]
fn schritt_stops_the_way_and_takes_one_step_from_where_the_swarm_is() {
    let mut shell = Shell::with_workers(3);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(30).expect("forward");
    for _ in 0..4 {
        shell.answer();
    }
    shell.step();
    assert_eq!(shell.session.busy(), Some(Busy::Stepping));
    shell.settle();
    assert_eq!(shell.step_count(), Some(5));
    assert_eq!(shell.json(), Some(by_hand(5)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn schritt_while_restoring_a_checkpoint_steps_from_where_the_swarm_is() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.go_to(70).expect("forward");
    shell.workers = 2;
    shell.act(|session, _| session.workers_started(2));
    shell.go_to(66).expect("back: restores step 64");
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 66 }));
    shell.step();
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(71)));
}

#[test]
fn an_edit_or_reset_on_the_way_stops_it_and_nothing_lands_afterwards() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(50).expect("forward");
    shell.answer();
    let job = *shell.sent.last().expect("the next step is out");
    let late = shell.replies(job);
    shell.reset(); // what an edit does
    assert_eq!(shell.session.busy(), None);
    shell.deliver(&late);
    shell.settle();
    assert_eq!(shell.session.run_state(), RunState::Empty);
    assert_eq!(shell.session.swarm().map(|swarm| swarm.len()), None);
}

#[test]
fn schritt_zurueck_pressed_again_on_the_way_goes_back_from_its_target() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(100).expect("forward");
    shell.settle();
    shell.step_back().expect("back to 99: restores 64");
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 99 }));
    shell.step_back().expect("back to 98, not 99 again");
    assert_eq!(shell.session.busy(), Some(Busy::Seeking { target: 98 }));
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(98)));
    assert_eq!(shell.series_csv(), model_series(98));
}

#[test]
fn going_back_keeps_the_selection_and_a_restore_is_no_new_swarm() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(80).expect("forward");
    shell.settle();
    shell.select(Some(5));
    shell.go_to(65).expect("back");
    shell.settle();
    assert_eq!(shell.session.selection(), Some(5));
    assert_eq!(shell.session.first_step(), Some(0));
    assert_eq!(shell.session.origin(), Some(Origin::Initialised));
    assert_eq!(shell.json(), Some(by_hand(65)));
}

#[test]
fn pause_while_a_checkpoint_is_restored_stays_where_the_swarm_is() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(70).expect("forward");
    shell.settle();
    shell.go_to(66).expect("back: restores step 64");
    shell.pause();
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(70)));
    assert_eq!(shell.session.busy(), None);
}

#[test]
fn going_back_shows_only_where_it_lands() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(49).expect("forward");
    shell.settle();
    let version = shell.session.version();
    shell
        .step_back()
        .expect("back to 48: rebuilds step 0, then 48 steps");
    let mut seen = vec![];
    while shell.answer() {
        seen.push(shell.step_count());
        if shell.session.busy().is_some() {
            assert_eq!(shell.session.version(), version, "nothing new to draw");
            assert_eq!(shell.series_csv(), model_series(49), "the series stays too");
        }
    }
    assert!(seen.len() > 40, "{} answers", seen.len());
    let (last, before) = seen.split_last().expect("answers");
    assert!(before.iter().all(|&step| step == Some(49)), "{seen:?}");
    assert_eq!(*last, Some(48));
    assert_eq!(shell.json(), Some(by_hand(48)));
    assert_eq!(shell.series_csv(), model_series(48));
    assert_ne!(shell.session.version(), version);
}

#[test]
fn a_cancelled_way_back_keeps_the_state_it_started_from() {
    let mut shell = on_a_way_back_from_49_to_30();
    assert_eq!(shell.session.way_step(), Some(9));
    shell.pause(); // Abbrechen
    assert_eq!(shell.session.busy(), None);
    shell.settle();
    assert_eq!(
        shell.json(),
        Some(by_hand(49)),
        "nothing of the way was seen"
    );
    assert_eq!(shell.series_csv(), model_series(49));
    // Going on from there works as before.
    shell.step();
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(50)));
}

#[test]
fn schritt_on_a_way_back_steps_from_the_state_shown() {
    let mut shell = on_a_way_back_from_49_to_30();
    shell.step();
    assert_eq!(
        shell.step_count(),
        Some(49),
        "the way's steps were never shown"
    );
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(50)));
}

#[test]
fn going_to_the_step_a_way_back_has_reached_lands_there() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.go_to(70).expect("forward");
    shell.compute_ms = 30.0;
    shell.go_to(66).expect("back: rebuilds 64, then steps");
    assert_eq!(shell.step_count(), Some(70), "shown while on the way");
    let reached = shell.session.way_step().expect("on the way");
    shell.go_to(reached).expect("stop here");
    shell.settle();
    assert_eq!(shell.step_count(), Some(reached));
    assert_eq!(shell.json(), Some(by_hand(reached)));
}

#[test]
fn an_edit_on_a_way_back_offers_back_the_state_the_way_began_from() {
    let mut shell = on_a_way_back_from_49_to_30();
    shell.reset(); // what an edit does
    let offer = shell
        .session
        .undo_offer(shell.now)
        .expect("Rückgängig offered");
    assert_eq!(offer.step, 49);
    shell.act(Session::undo);
    assert_eq!(shell.json(), Some(by_hand(49)));
}

/// A swarm at step 49 on its way back to 30: step 0 rebuilt and 9 steps
/// computed since, none of them shown.
fn on_a_way_back_from_49_to_30() -> Shell {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.settle();
    shell.go_to(49).expect("forward");
    shell.settle();
    shell.go_to(30).expect("back");
    for _ in 0..10 {
        assert!(shell.answer());
    }
    assert_eq!(shell.session.way_step(), Some(9));
    shell
}
