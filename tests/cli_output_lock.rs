#![cfg(not(target_arch = "wasm32"))]
//! `study --output FILE` holds FILE's lock while it runs: a second study
//! with the same FILE, a real second process, is refused with one German
//! line and exit code 2 and leaves FILE as it was, so the first one's rows
//! are neither lost nor mixed.

mod cli_support;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

use cli_support::{CLI, Dir, assert_refused, stdout};

/// 5 000 tiny runs: their rows fill a pipe many times over.
const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 1},
  "seeds": {"from": 0, "count": 5000}, "steps": 1, "burn_in": 0}"#;

const OTHER_PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 3}, "seeds": [1], "steps": 1, "burn_in": 0}"#;

#[test]
fn a_second_study_with_the_same_output_is_refused_and_changes_nothing() {
    let dir = Dir::new("lock");
    let plan = dir.file("plan.json", PLAN);
    let other = dir.file("other.json", OTHER_PLAN);
    let output = dir.path("out.csv");
    // The first study prints its header once it holds the file, then
    // blocks on its full stdout pipe, which is read only later: it is
    // certainly running, with the file open, while the second one starts.
    let mut first = Command::new(CLI)
        .args(["study", &plan, "--threads", "1", "--output", &output])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut printed = BufReader::new(first.stdout.take().unwrap());
    let mut header = String::new();
    printed.read_line(&mut header).unwrap();
    assert!(header.starts_with("# boids-schwarm-study"), "{header}");
    let before = std::fs::read(&output).unwrap();
    let locked = "wird gerade von einem anderen Prozess beschrieben";
    assert_refused(&["study", &plan, "--output", &output], locked);
    // Refused before the file is read: another plan gets the same answer.
    assert_refused(&["study", &other, "--output", &output], locked);
    assert!(std::fs::read(&output).unwrap().starts_with(&before));
    let mut rest = String::new();
    printed.read_to_string(&mut rest).unwrap();
    let status = first.wait().unwrap();
    let mut stderr = String::new();
    first
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(status.success(), "{stderr}");
    let whole = header + &rest;
    assert_eq!(whole.lines().count(), 2 + 5000);
    // Every row once, in order (one thread finishes them in order).
    assert_eq!(std::fs::read_to_string(&output).unwrap(), whole);
    // The lock ends with its study: now the same call finds every run done.
    assert_eq!(stdout(&["study", &plan, "--output", &output]), whole);
}
