#![cfg(not(target_arch = "wasm32"))]
//! Exit code 1 for a read or write that failed although the call was right
//! (a full disk, an unreadable file, an output file that cannot grow), with
//! one German line on stderr, apart from exit code 2 for a bad call: a
//! script can tell "try again" from "fix the call".

mod cli_support;

use std::fs::File;
use std::process::{Command, Output, Stdio};

use cli_support::{CLI, Dir, stdout};

const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 8}, "seeds": {"from": 1, "count": 12}, "steps": 3, "burn_in": 1}"#;

/// Runs the program with stdout into `/dev/full`, where every write fails
/// for want of space.
fn onto_a_full_disk(args: &[&str]) -> Output {
    Command::new(CLI)
        .args(args)
        .stdout(File::create("/dev/full").expect("/dev/full"))
        .stderr(Stdio::piped())
        .output()
        .expect("run boids-schwarm-cli")
}

/// Exit code 1 and one line on stderr containing `expected`.
fn assert_io_failure(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
}

#[test]
fn a_full_disk_under_stdout_exits_with_1() {
    let dir = Dir::new("full-disk");
    let plan = dir.file("plan.json", PLAN);
    let results = dir.file("results.csv", &stdout(&["study", &plan]));
    let full = "Die Ausgabe konnte nicht geschrieben werden: Der Datenträger ist voll.";
    for args in [
        &["--count", "5", "--steps", "2"][..],
        &["--count", "5", "--steps", "2", "--series"],
        &["--help"],
        &["study", &plan],
        &["study", "--help"],
        &["study-merge", &results],
        &["study-summary", &plan, &results],
    ] {
        assert_io_failure(&onto_a_full_disk(args), full);
    }
}

#[test]
fn a_file_the_system_cannot_read_exits_with_1() {
    // A regular file whose reading fails (EIO) even for root: the memory
    // of the reading process at address 0, which is never mapped.
    let unreadable = "/proc/self/mem";
    let dir = Dir::new("unreadable");
    let plan = dir.file("plan.json", PLAN);
    let said = "Die Datei konnte nicht gelesen werden.";
    for args in [
        &["--state", unreadable, "--steps", "1"][..],
        &["study", unreadable],
        &["study", &plan, "--output", unreadable],
        &["study-merge", unreadable],
        &["study-summary", &plan, unreadable],
    ] {
        let output = Command::new(CLI).args(args).output().unwrap();
        assert_io_failure(&output, said);
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn an_output_file_that_cannot_grow_exits_with_1_and_resumes_later() {
    let dir = Dir::new("cannot-grow");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let output = dir.path("out.csv");
    // The shell lets the file grow to 2 KiB (4 blocks of 512 bytes): the
    // header and a few rows. Past that a write fails (EFBIG) instead of
    // killing the process (SIGXFSZ is ignored, and stays so across exec).
    let limited = Command::new("sh")
        .args([
            "-c",
            r#"trap '' XFSZ; ulimit -f 4; exec "$0" "$@""#,
            CLI,
            "study",
            &plan,
            "--threads",
            "1",
            "--output",
            &output,
        ])
        .output()
        .unwrap();
    assert_io_failure(
        &limited,
        &format!("{output}: Die Datei konnte nicht geschrieben werden"),
    );
    let kept = std::fs::read_to_string(&output).unwrap();
    assert!(kept.len() <= 2048, "{} bytes", kept.len());
    assert!(whole.starts_with(kept.lines().next().unwrap()));
    // Without the limit the same call computes the rest.
    assert_eq!(stdout(&["study", &plan, "--output", &output]), whole);
    assert_eq!(stdout(&["study-merge", &output]), whole);
}

#[test]
fn help_tells_exit_code_1_from_2() {
    for args in [&["--help"][..], &["study", "--help"]] {
        let help = stdout(args);
        assert!(help.contains("Exit-Code 0: Erfolg"), "{help}");
        assert!(
            help.contains("1: Lesen oder Schreiben ist fehlgeschlagen"),
            "{help}"
        );
        assert!(help.contains("Platte"), "{help}");
        assert!(help.contains("2: fehlerhafter Aufruf"), "{help}");
    }
}
