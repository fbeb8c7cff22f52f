#![cfg(not(target_arch = "wasm32"))]
//! The command-line tool `boids-schwarm-cli`: prints the state after K steps;
//! `--help` prints the German usage; bad arguments give one German line on
//! stderr and exit code 2. (Cargo builds the binary for this test.)

use std::process::{Command, Output};

use boids_schwarm::model::{ParamField, Params, Swarm};
use boids_schwarm::texts;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boids-schwarm-cli"))
        .args(args)
        .output()
        .expect("run boids-schwarm-cli")
}

fn assert_usage_error(args: &[&str], expected: &str) {
    let output = run(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
}

/// A state file with the given content, removed on drop.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, content: &[u8]) -> Self {
        let path = std::env::temp_dir().join(format!("boids-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
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
    let file = TempFile::new("state.json", &first.stdout);
    let continued = run(&["--state", file.path(), "--steps", "7"]);
    let direct = run(&["--count", "30", "--steps", "12"]);
    assert!(continued.status.success());
    assert_eq!(continued.stdout, direct.stdout);
}

#[test]
fn bad_arguments_give_one_line_and_exit_code_2() {
    let cases: [(&[&str], &str); 12] = [
        (&[], "Die Option --steps fehlt."),
        (&["--steps", "x"], "--steps: „x“ ist keine ganze Zahl ab 0."),
        (
            &["--steps", "-1"],
            "--steps: „-1“ ist keine ganze Zahl ab 0.",
        ),
        (
            &["--steps", "1", "--radius", "5"],
            "--radius: Radius muss größer als 0 und höchstens 4,2 sein.",
        ),
        (
            &["--steps", "1", "--count", "1,5"],
            "Anzahl muss eine ganze Zahl",
        ),
        (
            &["--steps", "1", "--cohesion", "viel"],
            "--cohesion: Kohäsion: „viel“ ist keine gültige Zahl (Beispiel: 1,2).",
        ),
        (
            &["--steps", "1", "--bogus", "1"],
            "Unbekannte Option --bogus. (Hilfe: boids-schwarm-cli --help)",
        ),
        (
            &["--steps", "1", "state.json"],
            "Unbekannte Option state.json.",
        ),
        (&["--steps"], "--steps braucht einen Wert."),
        (
            &["--steps", "1", "--state", "/nonexistent/state.json"],
            "--state /nonexistent/state.json: Die Datei gibt es nicht.",
        ),
        (
            &["--steps", "1", "--state", "x.json", "--seed", "3"],
            "nicht mit Parameteroptionen kombinieren",
        ),
        (
            &["--state", "/tmp", "--steps", "1"],
            "Die Datei konnte nicht gelesen werden.",
        ),
    ];
    for (args, expected) in cases {
        assert_usage_error(args, expected);
    }
}

#[test]
fn an_unusable_state_file_is_a_usage_error_in_the_apps_words() {
    let file = TempFile::new("other.json", br#"{"format": "other"}"#);
    let output = run(&["--state", file.path(), "--steps", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "boids-schwarm-cli: --state {}: Die Datei ist kein Boids-Schwarm-Zustand \
             (Format „other“ statt „boids-schwarm-state“).\n",
            file.path()
        )
    );
    let file = TempFile::new("bytes.json", &[0xff, 0xfe, b'{']);
    assert_usage_error(
        &["--state", file.path(), "--steps", "1"],
        "Die Datei ist kein gültiges JSON",
    );
}

#[test]
fn help_lists_every_option_with_range_and_default_and_exits_0() {
    for flag in ["--help", "-h"] {
        // Help wins over everything else on the line, even over errors after it.
        let output = run(&["--count", "7", flag, "--bogus"]);
        assert_eq!(output.status.code(), Some(0), "{flag}");
        assert!(output.stderr.is_empty());
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(help.starts_with("Aufruf: boids-schwarm-cli [OPTIONEN] --steps K\n"));
        for option in ["--steps K", "--state DATEI", "-h, --help"] {
            assert!(help.contains(option), "{option}\n{help}");
        }
        let defaults = Params::default();
        for field in ParamField::ALL {
            let line = help
                .lines()
                .find(|line| line.contains(&format!("--{} ", field.key().replace('_', "-"))))
                .unwrap_or_else(|| panic!("{field:?} missing:\n{help}"));
            assert!(line.contains(texts::label(field)), "{line}");
            assert!(line.contains(&texts::range_phrase(field)), "{line}");
            let default = texts::format_value(field, field.get(&defaults));
            assert!(line.contains(&format!("(Standard: {default})")), "{line}");
        }
    }
}

#[test]
fn exit_codes_are_0_for_success_and_2_for_every_error() {
    assert_eq!(run(&["--steps", "0"]).status.code(), Some(0));
    assert_eq!(
        run(&["--count", "1", "--steps", "3"]).status.code(),
        Some(0)
    );
    for args in [
        &[][..],
        &["--steps", "1", "--max-speed", "0"],
        &["--steps", "1", "--seed", "1.5"],
        &["--steps", "1", "--help-me"],
        &["--state", "/nonexistent", "--steps", "1"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
