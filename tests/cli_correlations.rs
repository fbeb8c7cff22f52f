#![cfg(not(target_arch = "wasm32"))]
//! `boids-schwarm-cli correlations` (SPEC §10): the CSV of the state after
//! K steps, from parameters or a state file, exactly the model's; German
//! help and errors.

mod cli_support;

use boids_schwarm::model::{Correlations, Params, Swarm};
use cli_support::{Dir, assert_refused, stdout};

fn model_csv(params: &Params, steps: u64) -> String {
    let mut swarm = Swarm::new(params).expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    Correlations::of(swarm.positions(), swarm.velocities(), 1)
        .expect("two boids or more")
        .csv(steps)
}

#[test]
fn the_csv_is_the_models_for_the_state_after_k_steps() {
    let printed = stdout(&[
        "correlations",
        "--count",
        "300",
        "--seed",
        "4",
        "--steps",
        "12",
    ]);
    let params = Params {
        count: 300,
        seed: 4,
        ..Params::default()
    };
    assert_eq!(printed, model_csv(&params, 12));
    assert!(printed.starts_with("# boids-schwarm-correlations version=1 count=300 step=12 "));
    assert_eq!(printed.lines().count(), 2 + 84);
}

#[test]
fn a_state_file_goes_on_from_its_step() {
    let dir = Dir::new("correlations-state");
    let state = stdout(&["--count", "40", "--seed", "9", "--steps", "5"]);
    let file = dir.file("state.json", &state);
    let printed = stdout(&["correlations", "--state", &file, "--steps", "3"]);
    let params = Params {
        count: 40,
        seed: 9,
        ..Params::default()
    };
    assert_eq!(printed, model_csv(&params, 8), "step 8 = 5 + 3");
}

#[test]
fn one_boid_and_bad_calls_are_refused_in_german() {
    assert_refused(
        &["correlations", "--count", "1", "--steps", "0"],
        "mindestens zwei Boids",
    );
    assert_refused(
        &["correlations", "--count", "2"],
        "Die Option --steps fehlt.",
    );
    assert_refused(
        &["correlations", "--series", "--steps", "1"],
        "Unbekannte Option",
    );
}

#[test]
fn the_help_explains_the_columns() {
    let help = stdout(&["correlations", "--help"]);
    for word in [
        "pair_correlation",
        "velocity_correlation",
        "correlation_length",
        "4,2 LE",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
    assert!(stdout(&["--help"]).contains("correlations --help"));
}
