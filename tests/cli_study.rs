#![cfg(not(target_arch = "wasm32"))]
//! The study commands of `boids-schwarm-cli` (SPEC §8): results in run
//! order whatever the threads, shards that merge into the whole byte for
//! byte, resuming an interrupted `--output`, the merge's refusals, the
//! summary, and one German line on stderr with exit code 2 for anything bad.

mod cli_support;

use std::process::Command;

use boids_schwarm::model::study::RESULTS_HEADER;
use cli_support::{CLI, Dir, assert_refused, run, stdout};

/// 3 × 2 grid points × 2 seeds = 12 small runs.
const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 15, "radius": 1.5},
  "sweep": [{"parameter": "alignment", "values": [0, 0.2, 0.4]},
            {"parameter": "count", "from": 10, "to": 20, "points": 2}],
  "seeds": [1, 2], "steps": 6, "burn_in": 2}"#;

const OTHER_PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 15}, "seeds": [1, 2, 3], "steps": 5, "burn_in": 0}"#;

#[test]
fn prints_every_run_in_order_the_same_for_any_number_of_threads() {
    let dir = Dir::new("threads");
    let plan = dir.file("plan.json", PLAN);
    let one = stdout(&["study", &plan, "--threads", "1"]);
    let two = stdout(&["study", &plan, "--threads", "2"]);
    let many = stdout(&["study", &plan, "--threads", "5"]);
    assert_eq!(one, two);
    assert_eq!(one, many);
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 14);
    assert!(lines[0].starts_with("# boids-schwarm-study version=2 plan="));
    assert!(lines[1].starts_with("run,count,seed,radius,"));
    for (run, line) in lines[2..].iter().enumerate() {
        assert!(line.starts_with(&format!("{run},")), "{line}");
    }
    // Run 5: grid point 2 = alignment 0.2 (second value) and count 10
    // (first value); seed 2 (second seed).
    assert!(
        lines[7].starts_with("5,10,2,1.5,0.5,0.2,0.2,2,"),
        "{}",
        lines[7]
    );
}

#[test]
fn shards_merge_into_the_whole_byte_for_byte() {
    let dir = Dir::new("shards");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let mut files = Vec::new();
    for shard in 0..3 {
        let file = dir.path(&format!("shard{shard}.csv"));
        let printed = stdout(&[
            "study",
            &plan,
            "--shard",
            &format!("{shard}/3"),
            "--output",
            &file,
        ]);
        assert_eq!(printed.lines().count(), 2 + 4);
        files.push(file);
    }
    let mut args = vec!["study-merge"];
    args.extend(files.iter().rev().map(String::as_str));
    assert_eq!(stdout(&args), whole);
    // Two shards are not the whole: the missing runs are named.
    assert_refused(
        &["study-merge", &files[0], &files[2]],
        "Es fehlen 4 von 12 Läufen: 1, 4, 7, 10.",
    );
    let partial = stdout(&["study-merge", &files[0], &files[2], "--partial"]);
    assert_eq!(partial.lines().count(), 2 + 8);
}

#[test]
fn an_interrupted_output_resumes_with_the_missing_runs() {
    let dir = Dir::new("resume");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let output = dir.path("out.csv");
    // As a killed process leaves it: five rows and half of the sixth.
    let lines: Vec<&str> = whole.split_inclusive('\n').collect();
    let cut = format!("{}{}", lines[..7].concat(), &lines[7][..lines[7].len() / 2]);
    std::fs::write(&output, &cut).unwrap();
    let resumed = stdout(&["study", &plan, "--output", &output, "--threads", "2"]);
    assert_eq!(resumed, whole);
    let file = std::fs::read_to_string(&output).unwrap();
    assert!(file.starts_with(&lines[..7].concat()));
    assert_eq!(file.lines().count(), 14);
    assert_eq!(stdout(&["study-merge", &output]), whole);
    // Nothing left to compute: the file stays as it is.
    assert_eq!(stdout(&["study", &plan, "--output", &output]), whole);
    assert_eq!(std::fs::read_to_string(&output).unwrap(), file);
    // A half-written header is started anew.
    std::fs::write(&output, &whole[..10]).unwrap();
    assert_eq!(stdout(&["study", &plan, "--output", &output]), whole);
}

#[test]
fn an_output_file_of_another_plan_is_refused() {
    let dir = Dir::new("other");
    let plan = dir.file("plan.json", PLAN);
    let other = dir.file("other.json", OTHER_PLAN);
    let output = dir.path("out.csv");
    stdout(&["study", &other, "--output", &output]);
    let before = std::fs::read_to_string(&output).unwrap();
    assert_refused(&["study", &plan, "--output", &output], "anderen Plans");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), before);
    let not_results = dir.file("notes.txt", "Einkaufsliste\n");
    assert_refused(
        &["study", &plan, "--output", &not_results],
        "keine Ergebnisdatei",
    );
}

#[test]
fn merging_refuses_other_plans_and_different_rows_for_one_run() {
    let dir = Dir::new("merge");
    let plan = dir.file("plan.json", PLAN);
    let other = dir.file("other.json", OTHER_PLAN);
    let whole = stdout(&["study", &plan]);
    let a = dir.file("a.csv", &whole);
    let b = dir.file("b.csv", &stdout(&["study", &other]));
    assert_refused(
        &["study-merge", &a, &b],
        &format!("{b}: gehört zu einem anderen Plan als {a}."),
    );
    let lines: Vec<&str> = whole.split_inclusive('\n').collect();
    let changed_row = lines[4].replacen(",2,", ",2.5,", 1);
    let changed = dir.file("c.csv", &format!("{}{}{changed_row}", lines[0], lines[1]));
    assert_refused(
        &["study-merge", &a, &changed],
        &format!("Lauf 2 steht in {a} und in {changed} mit verschiedenen Ergebnissen."),
    );
    // The same row twice counts once.
    let again = dir.file("d.csv", &lines[..5].concat());
    assert_eq!(stdout(&["study-merge", &a, &again]), whole);
    assert_refused(&["study-merge"], "mindestens eine Ergebnisdatei");
    assert_refused(
        &["study-merge", &dir.path("missing.csv")],
        "Die Datei gibt es nicht.",
    );
}

#[test]
fn merging_with_the_plan_refuses_rows_whose_parameters_are_not_their_runs() {
    let dir = Dir::new("merge-plan");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let lines: Vec<&str> = whole.split_inclusive('\n').collect();
    // Run 3's row (seed 2) numbered as run 2 (seed 1): a valid row, of the
    // same plan's identity, that the files alone cannot tell from run 2.
    let moved = lines[5].replacen("3,", "2,", 1);
    let moved = dir.file("moved.csv", &format!("{}{}{moved}", lines[0], lines[1]));
    stdout(&["study-merge", "--partial", &moved]);
    assert_refused(
        &["study-merge", "--partial", &moved, "--plan", &plan],
        &format!("{moved}: Lauf 2 hat andere Parameter als im Plan."),
    );
    let results = dir.file("results.csv", &whole);
    assert_eq!(stdout(&["study-merge", "--plan", &plan, &results]), whole);
    let other = dir.file("other.json", OTHER_PLAN);
    assert_refused(
        &["study-merge", &results, "--plan", &other],
        &format!("{results}: Die Ergebnisse gehören zu einem anderen Plan."),
    );
    assert_refused(
        &["study-merge", &results, "--plan"],
        "--plan braucht einen Wert.",
    );
    assert_refused(
        &["study-merge", &results, "--plan", &plan, "--plan", &plan],
        "--plan ist zweimal angegeben.",
    );
    assert_refused(
        &["study-merge", &results, "--plan", &dir.path("none.json")],
        "Die Datei gibt es nicht.",
    );
}

#[test]
fn merging_refuses_rows_with_infinite_or_nan_statistics() {
    let dir = Dir::new("not-finite");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let lines: Vec<&str> = whole.split_inclusive('\n').collect();
    let (row, _) = lines[3].rsplit_once(',').unwrap();
    let infinite = dir.file("inf.csv", &format!("{}{}{row},inf\n", lines[0], lines[1]));
    let message = "Zeile 3: Eine Statistik ist keine endliche Zahl (inf oder NaN)";
    assert_refused(&["study-merge", &infinite], message);
    assert_refused(&["study-merge", "--partial", &infinite], message);
    let results = dir.file("results.csv", &whole);
    assert_refused(&["study-merge", &results, &infinite], message);
    assert_refused(&["study-summary", &plan, &infinite], message);
}

#[test]
fn the_summary_has_one_row_per_grid_point() {
    let dir = Dir::new("summary");
    let plan = dir.file("plan.json", PLAN);
    let results = dir.file("results.csv", &stdout(&["study", &plan]));
    let summary = stdout(&["study-summary", &plan, &results]);
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 2 + 6);
    assert!(lines[1].starts_with("point,alignment,count,runs,mean_speed_mean,"));
    assert!(lines[7].starts_with("5,0.4,20,2,"), "{}", lines[7]);
    let half = dir.file("half.csv", &stdout(&["study", &plan, "--shard", "0/2"]));
    assert_refused(
        &["study-summary", &plan, &half],
        "Es fehlen 6 von 12 Läufen",
    );
    let other = dir.file("other.json", OTHER_PLAN);
    assert_refused(&["study-summary", &other, &results], "anderen Plan");
}

/// `csv` (results version 2 of a plan of every measure) as an earlier
/// version wrote it: version 1 has no Binder cumulant, its last column.
fn as_version_1(csv: &str) -> String {
    let mut lines = csv.lines();
    let comment = lines.next().unwrap().replacen("version=2", "version=1", 1);
    let mut old = format!("{comment}\n");
    for line in lines {
        old.push_str(&line[..line.rfind(',').unwrap()]);
        old.push('\n');
    }
    old
}

#[test]
fn version_1_files_are_merged_and_summarised_as_version_1_but_never_appended_to() {
    let dir = Dir::new("version-1");
    let plan = dir.file("plan.json", PLAN);
    let whole = stdout(&["study", &plan]);
    let old = as_version_1(&whole);
    assert!(
        old.lines()
            .nth(1)
            .unwrap()
            .ends_with(",polarization_susceptibility")
    );
    let shards: Vec<String> = (0..2)
        .map(|shard| {
            let part = stdout(&["study", &plan, "--shard", &format!("{shard}/2")]);
            dir.file(&format!("old-{shard}.csv"), &as_version_1(&part))
        })
        .collect();
    assert_eq!(stdout(&["study-merge", &shards[0], &shards[1]]), old);
    let old_file = dir.file("old.csv", &old);
    let summary = stdout(&["study-summary", &plan, &old_file]);
    assert!(summary.starts_with("# boids-schwarm-study version=1 plan="));
    assert!(!summary.contains("binder"));
    let new_file = dir.file("new.csv", &whole);
    let new_summary = stdout(&["study-summary", &plan, &new_file]);
    assert!(new_summary.starts_with("# boids-schwarm-study version=2 plan="));
    assert!(
        new_summary
            .lines()
            .nth(1)
            .unwrap()
            .ends_with(",polarization_binder_sem")
    );
    assert_refused(
        &["study-merge", &shards[0], &new_file],
        "andere Version des Ergebnisformats",
    );
    // Half a version-1 study: --output refuses it and changes nothing.
    let half = dir.file("half.csv", &std::fs::read_to_string(&shards[0]).unwrap());
    assert_refused(&["study", &plan, "--output", &half], "Ergebnisformat 1");
    assert_eq!(
        std::fs::read_to_string(&half).unwrap(),
        std::fs::read_to_string(&shards[0]).unwrap()
    );
}

#[test]
fn a_plan_naming_measures_prints_only_their_columns() {
    let dir = Dir::new("measures");
    let named = PLAN.replacen(
        r#""burn_in": 2}"#,
        r#""burn_in": 2, "measures": ["polarization"]}"#,
        1,
    );
    assert_ne!(named, PLAN);
    let plan = dir.file("plan.json", &named);
    let printed = stdout(&["study", &plan, "--threads", "2"]);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(
        lines[1],
        "run,count,seed,radius,separation,alignment,cohesion,max_speed,\
         polarization_mean,polarization_sd,polarization_final,\
         polarization_susceptibility,polarization_binder"
    );
    let full = stdout(&["study", &dir.file("full.json", PLAN)]);
    for (line, full_line) in lines[2..].iter().zip(full.lines().skip(2)) {
        let fields: Vec<&str> = line.split(',').collect();
        let full_fields: Vec<&str> = full_line.split(',').collect();
        assert_eq!(fields[..8], full_fields[..8]);
        assert_eq!(fields[8..11], full_fields[11..14]);
        assert_eq!(fields[11..], full_fields[26..]);
    }
    let bad = dir.file(
        "bad.json",
        &PLAN.replacen(
            r#""burn_in": 2}"#,
            r#""burn_in": 2, "measures": ["polarization", "ordnung"]}"#,
            1,
        ),
    );
    assert_refused(
        &["study", &bad],
        "measures[1]: muss der Name eines Maßes sein",
    );
}

#[test]
fn bad_plans_and_arguments_give_one_german_line_and_exit_code_2() {
    let dir = Dir::new("bad");
    let plan = dir.file("plan.json", PLAN);
    let bad = dir.file(
        "bad.json",
        &PLAN.replace(r#""points": 2"#, r#""points": 1"#),
    );
    assert_refused(
        &["study", &bad],
        &format!("{bad}: sweep[1].points: muss eine ganze Zahl von 2 bis 10 000 sein."),
    );
    let typo = dir.file("typo.json", &PLAN.replace("burn_in", "burnin"));
    assert_refused(&["study", &typo], "burnin: unbekannter Schlüssel");
    assert_refused(
        &["study", &dir.path("none.json")],
        "Die Datei gibt es nicht.",
    );
    assert_refused(&["study"], "Die Plandatei fehlt.");
    assert_refused(&["study", &plan, &plan], "genau eine Plandatei");
    assert_refused(&["study", &plan, "--shard", "3/3"], "--shard: „3/3“");
    assert_refused(&["study", &plan, "--shard", "1"], "die Form I/N");
    assert_refused(&["study", &plan, "--threads", "0"], "--threads: „0“");
    assert_refused(
        &["study", &plan, "--threads"],
        "--threads braucht einen Wert.",
    );
    assert_refused(&["study", &plan, "--fast"], "Unbekannte Option --fast.");
    assert_refused(
        &["study-summary", &plan],
        "genau eine Plandatei und eine Ergebnisdatei",
    );
    // The same call fails again: a bad call (2), not a failed write (1).
    assert_refused(
        &["study", &plan, "--output", &dir.path("none/out.csv")],
        "none/out.csv: Die Datei kann dort nicht angelegt werden: Den Ordner gibt es nicht.",
    );
    assert_refused(
        &["study", &dir.path("plan.json/x")],
        "plan.json/x: Die Datei gibt es nicht.",
    );
    let huge = dir.file("huge.json", &" ".repeat((1 << 20) + 1));
    assert_refused(&["study", &huge], "zu groß");
}

#[test]
fn a_plan_of_more_runs_than_u64_holds_is_refused_not_wrapped() {
    // Two axes of 2¹⁶ weights and 2³² seeds, under 1 MiB: 2⁶⁴ runs, which
    // a u64 product turns into 0 runs (or a panic).
    let weights: Vec<String> = (1..=1u32 << 16)
        .map(|k| format!("{}.{:04}", k / 10_000, k % 10_000))
        .collect();
    let weights = weights.join(",");
    let dir = Dir::new("beyond-u64");
    let plan = dir.file(
        "plan.json",
        &format!(
            r#"{{"format": "boids-schwarm-study", "version": 1,
              "sweep": [{{"parameter": "separation", "values": [{weights}]}},
                        {{"parameter": "cohesion", "values": [{weights}]}}],
              "seeds": {{"from": 0, "count": 4294967296}}, "steps": 1, "burn_in": 0}}"#
        ),
    );
    let refused =
        "Der Plan ergibt 18 446 744 073 709 551 616 Läufe, höchstens 10 000 sind erlaubt.";
    assert_refused(&["study", &plan], refused);
    assert_refused(&["study", &plan, "--shard", "0/2"], refused);
}

#[test]
fn a_results_file_claiming_runs_no_plan_can_have_is_refused_before_allocating() {
    let dir = Dir::new("claims");
    let plan = dir.file("plan.json", PLAN);
    let claims = dir.file(
        "claims.csv",
        &format!(
            "# boids-schwarm-study version=1 plan=0123456789abcdef runs=18446744073709551615\n\
             {RESULTS_HEADER}\n"
        ),
    );
    let refused =
        "Die erste Zeile nennt „18446744073709551615“ Läufe; ein Plan hat 1 bis 10 000 Läufe.";
    for args in [
        &["study-merge", "--partial", &claims][..],
        &["study-merge", &claims],
        &["study-summary", &plan, &claims],
        &["study", &plan, "--output", &claims],
    ] {
        // In 1 GiB of address space: a reader that listed the claimed
        // missing runs would abort at once instead of filling the machine.
        let output = Command::new("sh")
            .args(["-c", r#"ulimit -v 1048576; exec "$0" "$@""#, CLI])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(refused), "{stderr}");
    }
}

/// Four runs of 10 boids over a window of 5 001 states: each is estimated
/// at 200 040 + 5 120 + 1 048 576 bytes (1.2 MiB), so 3 MiB hold two of them.
const FOUR_RUNS: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 10}, "seeds": [1, 2, 3, 4], "steps": 5000, "burn_in": 0}"#;

#[test]
fn runs_that_would_exceed_the_memory_bound_run_on_fewer_threads_and_say_so() {
    let dir = Dir::new("memory");
    let plan = dir.file("plan.json", FOUR_RUNS);
    let output = run(&["study", &plan, "--threads", "4", "--memory", "3"]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("Ein Lauf braucht bis zu 1,2 MiB Speicher")
            && stderr.contains("höchstens 3 MiB")
            && stderr.contains("rechnen 2 statt 4 Läufe gleichzeitig"),
        "{stderr}"
    );
    // The same bytes as on one thread; within the default bound nothing is said.
    let alone = run(&["study", &plan, "--threads", "1"]);
    assert!(alone.stderr.is_empty());
    assert_eq!(output.stdout, alone.stdout);
    let within = run(&["study", &plan, "--threads", "4", "--memory", "5"]);
    assert!(within.stderr.is_empty(), "4 × 1.2 MiB fit in 5 MiB");
    // Only the runs left count: one run missing needs no second thread.
    let output_file = dir.path("results.csv");
    let three_rows: String = String::from_utf8(alone.stdout.clone())
        .unwrap()
        .lines()
        .take(5)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&output_file, three_rows).unwrap();
    let resume = |mib: &str| {
        let args = ["--threads", "4", "--memory", mib, "--output", &output_file];
        run(&[&["study", plan.as_str()][..], &args].concat())
    };
    assert_eq!(
        resume("1").status.code(),
        Some(2),
        "1 MiB holds not one run"
    );
    let resumed = resume("2");
    assert!(resumed.stderr.is_empty(), "one run left, on one thread");
    assert_eq!(resumed.stdout, alone.stdout);
}

#[test]
fn a_plan_whose_one_run_exceeds_the_memory_bound_is_refused_up_front() {
    let dir = Dir::new("memory-refused");
    // 10 boids over 1 000 001 states: 39.2 MiB for one run.
    let plan = dir.file(
        "plan.json",
        r#"{"format": "boids-schwarm-study", "version": 1,
            "base": {"count": 10}, "seeds": [1], "steps": 1000000, "burn_in": 0}"#,
    );
    let output = dir.path("results.csv");
    assert_refused(
        &["study", &plan, "--memory", "16", "--output", &output],
        "Ein Lauf dieses Plans braucht bis zu 39,2 MiB Speicher, mehr als die Grenze von 16 MiB",
    );
    assert!(
        !std::path::Path::new(&output).exists(),
        "refused before the output is opened"
    );
    for bad in ["0", "1048577", "viel", "-3"] {
        assert_refused(
            &["study", &plan, "--memory", bad],
            "keine ganze Zahl von 1 bis 1 048 576 (MiB)",
        );
    }
}

#[test]
fn help_explains_the_study_commands_in_german() {
    for command in ["study", "study-merge", "study-summary"] {
        let help = stdout(&[command, "--help"]);
        for needle in [
            "--shard I/N",
            "--output DATEI",
            "--partial",
            "--plan PLAN.json",
            "--memory MiB",
            "burn_in",
            "polarization_susceptibility",
        ] {
            assert!(help.contains(needle), "{command}: {needle}");
        }
    }
}
