#![cfg(not(target_arch = "wasm32"))]
//! What `boids-schwarm-cli` quotes from its arguments, plans and files
//! reaches the terminal escaped and short: a control character (a colour,
//! a screen clear, a line break) shows as its escape, `\u{1b}` or `\n`, so
//! the message stays one plain line; a long key or value is cut after a
//! few dozen characters.

mod cli_support;

use std::process::Output;

use boids_schwarm::model::study::RESULTS_HEADER;
use cli_support::{Dir, run, stdout};

const ESC: char = '\u{1b}';

/// Exit code 2 and one line on stderr, with no control character in it,
/// that contains `expected`.
fn assert_refused_plainly(args: &[&str], expected: &str) -> String {
    let output: Output = run(args);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    let line = stderr.strip_suffix('\n').unwrap_or(&stderr);
    assert!(!line.chars().any(char::is_control), "{args:?}: {line:?}");
    assert!(line.contains(expected), "{args:?}: {line}");
    line.to_owned()
}

fn plan(fields: &str) -> String {
    format!(r#"{{"format": "boids-schwarm-study", "version": 1, {fields}}}"#)
}

#[test]
fn plan_keys_are_escaped_and_cut() {
    let dir = Dir::new("quoted-keys");
    let colour = dir.file(
        "colour.json",
        &plan(r#""seeds": [1], "steps": 1, "burn_in": 0, "\u001b[31mrot": 1"#),
    );
    assert_refused_plainly(&["study", &colour], "\\u{1b}[31mrot: unbekannter Schlüssel");
    let lines = dir.file(
        "lines.json",
        &plan(r#""seeds": [1], "steps": 1, "burn_in": 0, "base": {"a\nb\r": 1}"#),
    );
    assert_refused_plainly(&["study", &lines], "base.a\\nb\\r: unbekannter Schlüssel");
    let twice = dir.file(
        "twice.json",
        &plan(r#""seeds": [1], "steps": 1, "burn_in": 0, "base": {"\u0007": 1, "\u0007": 2}"#),
    );
    assert_refused_plainly(&["study", &twice], "Der Schlüssel „\\u{7}“ steht zweimal");
    let long = dir.file(
        "long.json",
        &plan(&format!(
            r#""seeds": [1], "steps": 1, "burn_in": 0, "{}": 1"#,
            "k".repeat(100_000)
        )),
    );
    let line = assert_refused_plainly(
        &["study", &long],
        &format!("{}…: unbekannter", "k".repeat(40)),
    );
    assert!(line.len() < 300, "{} bytes", line.len());
}

#[test]
fn file_contents_are_escaped_and_cut() {
    let dir = Dir::new("quoted-contents");
    let version = dir.file(
        "version.csv",
        &format!(
            "# boids-schwarm-study version=2{ESC}[2J{} plan=0123456789abcdef runs=1\n{RESULTS_HEADER}\n",
            "9".repeat(10_000)
        ),
    );
    let line = assert_refused_plainly(
        &["study-merge", &version],
        &format!("Version „2\\u{{1b}}[2J{}…“", "9".repeat(30)),
    );
    assert!(line.len() < 400, "{} bytes", line.len());
    let runs = dir.file(
        "runs.csv",
        &format!(
            "# boids-schwarm-study version=1 plan=0123456789abcdef runs=1{ESC}c\n{RESULTS_HEADER}\n"
        ),
    );
    assert_refused_plainly(&["study-merge", &runs], "nennt „1\\u{1b}c“ Läufe");
}

#[test]
fn arguments_and_file_names_are_escaped() {
    let dir = Dir::new("quoted-arguments");
    let plan_file = dir.file(
        "plan.json",
        &plan(r#""seeds": [1], "steps": 1, "burn_in": 0"#),
    );
    assert_refused_plainly(
        &["study", &plan_file, "--x\u{1b}]0;t\u{7}"],
        "Unbekannte Option --x\\u{1b}]0;t\\u{7}.",
    );
    assert_refused_plainly(
        &["study", &plan_file, "--threads", "1\n2"],
        "--threads: „1\\n2“",
    );
    assert_refused_plainly(
        &["study", &plan_file, "--shard", "0\u{1b}/2"],
        "--shard: „0\\u{1b}/2“",
    );
    assert_refused_plainly(&["study-merge", "--y\r"], "Unbekannte Option --y\\r.");
    assert_refused_plainly(
        &["--steps", "1", "--cohesion", "\u{1b}[5m"],
        "„\\u{1b}[5m“ ist keine gültige Zahl",
    );
    let missing = dir.path("neu\nzeile.json");
    let shown = format!("{}: Die Datei gibt es nicht.", missing.replace('\n', "\\n"));
    assert_refused_plainly(&["study", &missing], &shown);
    assert_refused_plainly(&["study-merge", &missing], &shown);
    assert_refused_plainly(
        &["--state", &missing, "--steps", "1"],
        &format!("--state {shown}"),
    );
    // A name within the limit is shown whole, as before.
    let results = dir.file("results.csv", &stdout(&["study", &plan_file]));
    let other = dir.file(
        "other\u{1b}.csv",
        &stdout(&[
            "study",
            &dir.file("o.json", &plan(r#""seeds": [2], "steps": 1, "burn_in": 0"#)),
        ]),
    );
    assert_refused_plainly(
        &["study-merge", &results, &other],
        &format!(
            "{}: gehört zu einem anderen Plan als {results}.",
            other.replace(ESC, "\\u{1b}")
        ),
    );
}
