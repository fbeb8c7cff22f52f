#![cfg(not(target_arch = "wasm32"))]
//! The headless example: prints the state after K steps; bad arguments give one
//! line on stderr and exit code 2. (`cargo test` builds the examples.)

use std::path::PathBuf;
use std::process::{Command, Output};

use boids_schwarm::model::{Params, Swarm};

fn headless() -> PathBuf {
    // target/<profile>/deps/<this test> → target/<profile>/examples/headless
    let mut path = std::env::current_exe().expect("test binary path");
    path.pop();
    path.pop();
    path.push("examples");
    path.push(format!("headless{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} missing: cargo test builds it",
        path.display()
    );
    path
}

fn run(args: &[&str]) -> Output {
    Command::new(headless())
        .args(args)
        .output()
        .expect("run headless")
}

fn assert_usage_error(args: &[&str], expected: &str) {
    let output = run(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
}

#[test]
fn prints_the_state_after_k_steps() {
    let output = run(&[
        "--count",
        "50",
        "--seed",
        "7",
        "--radius",
        "1,5",
        "--cohesion",
        "0.3",
        "--steps",
        "12",
    ]);
    assert!(output.status.success());
    let mut expected = Swarm::new(&Params {
        count: 50,
        seed: 7,
        radius: 1.5,
        cohesion: 0.3,
        ..Params::default()
    })
    .unwrap();
    for _ in 0..12 {
        expected.step();
    }
    assert_eq!(
        String::from_utf8(output.stdout).unwrap().trim_end(),
        expected.to_json()
    );
}

#[test]
fn continues_from_a_state_file() {
    let first = run(&["--count", "30", "--steps", "5"]);
    let path = std::env::temp_dir().join(format!("boids-headless-{}.json", std::process::id()));
    std::fs::write(&path, &first.stdout).unwrap();
    let continued = run(&["--state", path.to_str().unwrap(), "--steps", "7"]);
    let direct = run(&["--count", "30", "--steps", "12"]);
    std::fs::remove_file(&path).ok();
    assert!(continued.status.success());
    assert_eq!(continued.stdout, direct.stdout);
}

#[test]
fn bad_arguments_give_one_line_and_exit_code_2() {
    assert_usage_error(&[], "--steps is required");
    assert_usage_error(&["--steps", "x"], "--steps");
    assert_usage_error(
        &["--steps", "1", "--radius", "5"],
        "Radius muss größer als 0 und höchstens 4,2 sein.",
    );
    assert_usage_error(
        &["--steps", "1", "--count", "1,5"],
        "Anzahl muss eine ganze Zahl",
    );
    assert_usage_error(&["--steps", "1", "--bogus", "1"], "unknown option --bogus");
    assert_usage_error(&["--steps"], "--steps needs a value");
    assert_usage_error(
        &["--steps", "1", "--state", "/nonexistent/state.json"],
        "--state /nonexistent/state.json",
    );
    assert_usage_error(
        &["--steps", "1", "--state", "x.json", "--seed", "3"],
        "do not combine",
    );
}

#[test]
fn a_malformed_state_file_is_a_usage_error() {
    let path = std::env::temp_dir().join(format!("boids-headless-bad-{}.json", std::process::id()));
    std::fs::write(&path, "{\"format\": \"other\"}").unwrap();
    let output = run(&["--state", path.to_str().unwrap(), "--steps", "1"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("kein Boids-Schwarm-Zustand")
    );
}
