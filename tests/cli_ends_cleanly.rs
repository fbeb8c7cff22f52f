#![cfg(not(target_arch = "wasm32"))]
//! `boids-schwarm-cli` ends cleanly whatever it is given or wherever its
//! output goes: a reader that closes the pipe early ends it quietly (no
//! panic), an argument that is not UTF-8 and an endless input (a device, a
//! folder) get one German line and exit code 2, and `--series` writes each
//! row as its step is computed instead of holding the whole series.
//!
//! Endless inputs and streaming are checked against a watchdog: a command
//! that would read or compute for ever is killed after `PATIENCE` and the
//! test fails (a correct one answers at once).

mod cli_support;

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::ffi::OsStrExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use boids_schwarm::model::{Params, Swarm};
use cli_support::{CLI, Dir};

const PATIENCE: Duration = Duration::from_secs(60);

fn spawn(args: &[&OsStr]) -> Child {
    Command::new(CLI)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start boids-schwarm-cli")
}

/// Waits for the child's end; kills it and fails after `PATIENCE`.
fn wait(child: &mut Child, what: &str) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > PATIENCE {
            child.kill().ok();
            child.wait().ok();
            panic!("{what}: still running after {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    text
}

fn os(args: &[&str]) -> Vec<&'static OsStr> {
    args.iter()
        .map(|arg| OsStr::new(Box::leak(arg.to_string().into_boxed_str())))
        .collect()
}

/// Exit code 2, nothing on stdout, one line on stderr containing `expected`,
/// in good time.
fn assert_refused_in_time(args: &[&OsStr], expected: &str) {
    let mut child = spawn(args);
    let status = wait(&mut child, &format!("{args:?}"));
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    let stderr = stderr_of(&mut child);
    assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
}

/// Reads one line of the child's stdout, then closes the pipe: the child
/// must end by itself, with success and nothing on stderr.
fn assert_quiet_after_closed_pipe(args: &[&OsStr]) {
    let mut child = spawn(args);
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    drop(reader);
    let status = wait(&mut child, &format!("{args:?} after the pipe closed"));
    let stderr = stderr_of(&mut child);
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    assert_eq!(status.code(), Some(0), "{args:?}");
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    // Far more than a pipe's buffer, so the writer meets the closed end.
    assert_quiet_after_closed_pipe(&os(&["--count", "5", "--steps", "100000", "--series"]));
    let dir = Dir::new("closed-pipe");
    let plan = dir.file(
        "plan.json",
        r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 1},
            "seeds": {"from": 0, "count": 5000}, "steps": 1, "burn_in": 0}"#,
    );
    assert_quiet_after_closed_pipe(&os(&["study", &plan, "--threads", "1"]));
    let results = dir.path("results.csv");
    let written = Command::new(CLI)
        .args(["study", &plan, "--output", &results])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(written.success());
    assert_quiet_after_closed_pipe(&os(&["study-merge", &results]));
    assert_quiet_after_closed_pipe(&os(&["--help"]));
}

#[test]
fn an_argument_that_is_not_utf8_is_refused_in_german() {
    let bad = OsStr::from_bytes(b"plan-\xff.json");
    let expected = "Ein Argument ist kein gültiger Text (UTF-8): „plan-\u{fffd}.json“.";
    assert_refused_in_time(&[OsStr::new("--steps"), OsStr::new("1"), bad], expected);
    assert_refused_in_time(&[OsStr::new("study"), bad], expected);
}

#[test]
fn devices_and_folders_are_refused_before_reading() {
    let not_a_file = "Das ist keine gewöhnliche Datei.";
    for input in ["/dev/zero", "/dev/urandom", "/tmp"] {
        assert_refused_in_time(&os(&["--state", input, "--steps", "1"]), not_a_file);
        assert_refused_in_time(&os(&["study", input]), not_a_file);
        assert_refused_in_time(&os(&["study-merge", input]), not_a_file);
    }
    let dir = Dir::new("devices");
    let plan = dir.file(
        "plan.json",
        r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 3},
            "seeds": [1], "steps": 1, "burn_in": 0}"#,
    );
    assert_refused_in_time(&os(&["study", &plan, "--output", "/dev/zero"]), not_a_file);
    assert_refused_in_time(&os(&["study-summary", &plan, "/dev/zero"]), not_a_file);
}

#[test]
fn long_messages_quote_only_the_beginning_of_what_was_given() {
    let long = "x".repeat(10_000);
    let mut child = spawn(&os(&["--steps", &long]));
    let status = wait(&mut child, "--steps with 10 000 characters");
    let stderr = stderr_of(&mut child);
    assert_eq!(status.code(), Some(2));
    assert!(stderr.len() < 200, "{} bytes: {stderr}", stderr.len());
    assert!(
        stderr.contains(&format!("„{}…“", "x".repeat(40))),
        "{stderr}"
    );
}

#[test]
fn the_series_arrives_row_by_row_while_the_steps_are_computed() {
    // A million steps of 2 000 boids would take hours: the first rows can
    // only arrive in time if each is written as soon as its step is done.
    let mut child = spawn(&os(&["--count", "2000", "--steps", "1000000", "--series"]));
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    let start = Instant::now();
    while lines.len() < 3 {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "the series ended early"
        );
        lines.push(line);
        assert!(start.elapsed() < PATIENCE, "no rows after {PATIENCE:?}");
    }
    child.kill().ok();
    child.wait().ok();
    let mut swarm = Swarm::new(&Params {
        count: 2000,
        ..Params::default()
    })
    .unwrap();
    let expected = swarm.series_csv(1);
    assert_eq!(lines.concat(), expected);
}
