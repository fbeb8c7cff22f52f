#![cfg(not(target_arch = "wasm32"))]
//! The command-line tool `boids-schwarm-cli`: prints the state after K steps,
//! or with `--series` the measures' CSV for every step; `--help` prints the German usage; bad arguments give one German line on
//! stderr and exit code 2. (Cargo builds the binary for this test.)

use std::process::{Command, Output};

use boids_schwarm::model::{Measure, ParamField, Params, Swarm};
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

/// The series CSV of SPEC §6 for `swarm` and the `steps` after it, written
/// out here field by field from the in-process model.
fn expected_series(mut swarm: Swarm, steps: u64) -> String {
    let mut csv = "step,time_s,mean_speed,polarization,mean_neighbors,groups,largest_group,\
                   mean_nearest_distance\n"
        .to_owned();
    for k in 0..=steps {
        if k > 0 {
            swarm.step();
        }
        let m = swarm.measures();
        let nearest = m.mean_nearest_distance.map(|d| d.to_string());
        csv += &format!(
            "{},{},{},{},{},{},{},{}\n",
            swarm.step_count(),
            swarm.time_seconds(),
            m.mean_speed,
            m.polarization,
            m.mean_neighbours,
            m.groups,
            m.largest_group,
            nearest.unwrap_or_default()
        );
    }
    csv
}

#[test]
fn series_prints_the_measures_of_steps_0_to_k() {
    let args = [
        "--count", "120", "--seed", "5", "--radius", "1,4", "--steps", "9",
    ];
    let output = run(&[&args[..], &["--series"]].concat());
    assert!(output.status.success());
    assert!(output.stderr.is_empty());
    let swarm = Swarm::new(&Params {
        count: 120,
        seed: 5,
        radius: 1.4,
        ..Params::default()
    })
    .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout, expected_series(swarm, 9));
    assert_eq!(stdout.lines().count(), 11);
    // The option may stand anywhere.
    assert_eq!(
        run(&[
            "--series", args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7]
        ])
        .stdout,
        stdout.as_bytes()
    );
}

#[test]
fn series_of_one_boid_leaves_the_distance_empty() {
    let output = run(&["--count", "1", "--steps", "2", "--series"]);
    let swarm = Swarm::new(&Params {
        count: 1,
        ..Params::default()
    })
    .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout, expected_series(swarm, 2));
    assert!(
        stdout.lines().skip(1).all(|row| row.ends_with(",1,1,")),
        "{stdout}"
    );
}

#[test]
fn series_continues_from_a_state_file_at_its_step() {
    let first = run(&["--count", "40", "--radius", "4.2", "--steps", "4"]);
    let file = TempFile::new("series.json", &first.stdout);
    let output = run(&["--state", file.path(), "--steps", "3", "--series"]);
    assert!(output.status.success());
    let state = Swarm::from_json(&String::from_utf8(first.stdout).unwrap()).unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout, expected_series(state, 3));
    assert!(
        stdout.lines().nth(1).unwrap().starts_with("4,0.16,"),
        "{stdout}"
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
    let cases: [(&[&str], &str); 15] = [
        (&[], "Die Option --steps fehlt."),
        (&["--steps", "x"], "--steps: „x“ ist keine ganze Zahl ab 0."),
        (
            &["--steps", "+5"],
            "--steps: „+5“ ist keine ganze Zahl ab 0.",
        ),
        (
            &["--steps", "1", "--seed", "+5"],
            "--seed: Seed muss eine ganze Zahl von 0 bis 4 294 967 295 sein.",
        ),
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
            &["--steps", "9007199254740992"],
            "--steps: Mehr als 9 007 199 254 740 991 Schritte gibt es nicht.",
        ),
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
            "--state /tmp: Das ist keine gewöhnliche Datei.",
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
        for option in [
            "--steps K",
            "--state DATEI",
            "--series",
            "-h, --help",
            "boids-schwarm-cli study --help",
        ] {
            assert!(help.contains(option), "{option}\n{help}");
        }
        for measure in Measure::ALL {
            let line = help
                .lines()
                .find(|line| {
                    line.trim_start()
                        .starts_with(&format!("{} ", measure.key()))
                })
                .unwrap_or_else(|| panic!("{measure:?} missing:\n{help}"));
            assert!(line.contains(texts::measure_label(measure)), "{line}");
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

#[test]
fn steps_beyond_the_largest_step_from_a_state_file_are_refused() {
    let first = run(&["--count", "3", "--steps", "0"]);
    let near_the_end = String::from_utf8(first.stdout).unwrap().replace(
        "\"step\":0",
        &format!("\"step\":{}", boids_schwarm::model::MAX_STEP - 2),
    );
    let file = TempFile::new("near-end.json", near_the_end.as_bytes());
    assert!(
        run(&["--state", file.path(), "--steps", "2"])
            .status
            .success()
    );
    assert_usage_error(
        &["--state", file.path(), "--steps", "3"],
        "--steps: Von Schritt 9 007 199 254 740 989 aus sind höchstens 2 Schritte möglich \
         (bis zum größten Schritt 9 007 199 254 740 991).",
    );
}
