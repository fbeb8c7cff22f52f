//! Studies (SPEC §8) in the model: the plan's rules clause by clause, the
//! expansion into runs, one run's window statistics, the results CSV and
//! its reading back, the plan's identity, merging and the summary.

use std::collections::BTreeMap;

use boids_schwarm::model::study::{
    Columns, MergeError, Plan, RESULTS_HEADER, ResultsError, ResultsFile, ResultsVersion,
    RunStatistics, binder_cumulant, merge, results_header, row_line, run_statistics, summary_csv,
};
use boids_schwarm::model::{Measure, MeasureSet, Measures, Params, Series, Swarm};

/// A plan around `fields` (a JSON object's members without braces).
pub fn plan_json(fields: &str) -> String {
    format!(r#"{{"format": "boids-schwarm-study", "version": 1, {fields}}}"#)
}

fn plan(fields: &str) -> Plan {
    Plan::parse(plan_json(fields).as_bytes()).unwrap()
}

#[path = "model_study/plan_rules.rs"]
mod plan_rules;

#[test]
fn the_example_plan_of_the_spec_is_valid() {
    let plan = plan(
        r#""base": {"count": 200, "radius": 1.2, "separation": 0.5, "alignment": 0.1, "cohesion": 0.2, "max_speed": 2},
           "sweep": [{"parameter": "alignment", "values": [0, 0.05, 0.1, 0.2, 0.4]},
                     {"parameter": "count", "from": 100, "to": 400, "points": 4}],
           "seeds": [1, 2, 3], "steps": 750, "burn_in": 250"#,
    );
    assert_eq!(plan.run_count(), 60);
    assert_eq!(plan.axes[1].values, vec![100.0, 200.0, 300.0, 400.0]);
    assert_eq!(plan.window(), 501);
}

#[test]
fn ranges_expand_in_the_given_order_of_operations() {
    let plan = plan(
        r#""sweep": [{"parameter": "radius", "from": 0.1, "to": 0.7, "points": 7}], "seeds": [1], "steps": 4, "burn_in": 0"#,
    );
    let expected: Vec<f64> = (0..7)
        .map(|i| 0.1 + (0.7 - 0.1) * f64::from(i) / 6.0)
        .collect();
    assert_eq!(plan.axes[0].values, expected);
    // The order matters: 0.1 + 0.6·3/6 is not 0.1 + 0.6·(3/6) in every case,
    // and 0.1 + 0.1·i is not the formula at all.
    assert_eq!(plan.axes[0].values[3], 0.1 + (0.7 - 0.1) * 3.0 / 6.0);
    let descending = plan_json(
        r#""sweep": [{"parameter": "cohesion", "from": 2, "to": 0, "points": 3}], "seeds": [1], "steps": 4, "burn_in": 0"#,
    );
    assert_eq!(
        Plan::parse(descending.as_bytes()).unwrap().axes[0].values,
        vec![2.0, 1.0, 0.0]
    );
}

#[test]
fn counts_are_rounded_half_away_from_zero() {
    let plan = plan(
        r#""sweep": [{"parameter": "count", "from": 1, "to": 4, "points": 3}], "seeds": [1], "steps": 4, "burn_in": 0"#,
    );
    // 2.5 becomes 3 (round half to even would give 2).
    assert_eq!(plan.axes[0].values, vec![1.0, 3.0, 4.0]);
    let plan = plan_json(
        r#""sweep": [{"parameter": "count", "from": 1, "to": 2.2, "points": 2}], "seeds": [1], "steps": 4, "burn_in": 0"#,
    );
    assert_eq!(
        Plan::parse(plan.as_bytes()).unwrap().axes[0].values,
        vec![1.0, 2.0]
    );
}

#[test]
fn runs_go_first_axis_outermost_and_seeds_innermost() {
    let plan = plan(
        r#""base": {"count": 30, "cohesion": 0.3},
           "sweep": [{"parameter": "alignment", "values": [0.2, 0]}, {"parameter": "radius", "values": [1, 2, 0.5]}],
           "seeds": {"from": 9, "count": 2}, "steps": 4, "burn_in": 0"#,
    );
    assert_eq!(plan.run_count(), 12);
    let got: Vec<(u64, f64, f64, u32)> = plan
        .runs()
        .map(|run| {
            (
                run.point,
                run.params.alignment,
                run.params.radius,
                run.params.seed,
            )
        })
        .collect();
    let mut expected = Vec::new();
    for (a, alignment) in [0.2, 0.0].into_iter().enumerate() {
        for (r, radius) in [1.0, 2.0, 0.5].into_iter().enumerate() {
            for seed in [9, 10] {
                expected.push(((a * 3 + r) as u64, alignment, radius, seed));
            }
        }
    }
    assert_eq!(got, expected);
    let run = plan.run(7);
    assert_eq!(
        (run.index, run.params.count, run.params.cohesion),
        (7, 30, 0.3)
    );
    assert_eq!(plan.point_values(5), vec![0.0, 0.5]);
}

fn measures(speed: f64, polarization: f64, nearest: Option<f64>) -> Measures {
    Measures {
        mean_speed: speed,
        polarization,
        mean_neighbours: 2.0,
        groups: 3,
        largest_group: 4,
        mean_nearest_distance: nearest,
    }
}

#[test]
fn window_statistics_follow_the_formulas_in_step_order() {
    let rows: Vec<Measures> = [1.0, 2.0, 3.0, 4.0]
        .iter()
        .zip([0.0, 1.0, 0.0, 1.0])
        .map(|(&speed, polarization)| measures(speed, polarization, Some(speed / 2.0)))
        .collect();
    let stats = RunStatistics::of_window(&rows, 10);
    let speed = stats.of(Measure::MeanSpeed);
    assert_eq!(speed.mean, Some(2.5));
    assert_eq!(speed.sd, Some((5.0f64 / 3.0).sqrt()));
    assert_eq!(speed.last, Some(4.0));
    // Constant measures: standard deviation exactly 0.
    let groups = stats.of(Measure::Groups);
    assert_eq!(
        (groups.mean, groups.sd, groups.last),
        (Some(3.0), Some(0.0), Some(3.0))
    );
    assert_eq!(stats.of(Measure::MeanNearestDistance).mean, Some(1.25));
    // N · Σ (φ − 0.5)² / n = 10 · 1 / 4.
    assert_eq!(stats.polarization_susceptibility, Some(2.5));
}

#[test]
fn one_state_has_no_standard_deviation_and_one_boid_no_nearest_distance() {
    let stats = RunStatistics::of_window(&[measures(1.5, 1.0, None)], 1);
    let speed = stats.of(Measure::MeanSpeed);
    assert_eq!(
        (speed.mean, speed.sd, speed.last),
        (Some(1.5), None, Some(1.5))
    );
    let nearest = stats.of(Measure::MeanNearestDistance);
    assert_eq!((nearest.mean, nearest.sd, nearest.last), (None, None, None));
    assert_eq!(stats.polarization_susceptibility, Some(0.0));
}

#[test]
fn a_run_is_initialisieren_and_steps_times_schritt() {
    let params = Params {
        count: 40,
        seed: 5,
        ..Params::default()
    };
    let mut swarm = Swarm::new(&params).unwrap();
    let mut series = Series::new();
    for step in 0..=12 {
        if step >= 7 {
            series.record(step, swarm.measures());
        }
        if step < 12 {
            swarm.step();
        }
    }
    let expected = RunStatistics::of_window(series.rows(), 40);
    for threads in [1, 3] {
        assert_eq!(
            run_statistics(&params, 12, 7, threads, MeasureSet::ALL),
            expected
        );
    }
    let whole = run_statistics(&params, 12, 12, 1, MeasureSet::ALL);
    assert_eq!(whole.of(Measure::Polarization).sd, None);
    assert_eq!(
        whole.of(Measure::MeanSpeed).last,
        Some(swarm.measures().mean_speed)
    );
    let alone = run_statistics(&Params { count: 1, ..params }, 3, 0, 1, MeasureSet::ALL);
    assert_eq!(alone.of(Measure::MeanNearestDistance).last, None);
}

fn two_by_two() -> Plan {
    plan(
        r#""base": {"count": 12}, "sweep": [{"parameter": "radius", "values": [0.8, 1.6]}],
           "seeds": [3, 4], "steps": 3, "burn_in": 1"#,
    )
}

/// The results CSV of every run of `plan`, computed in order.
fn results_csv(plan: &Plan) -> String {
    let mut csv = results_header(plan.id(), plan.columns());
    for run in plan.runs() {
        csv.push_str(&row_line(
            &run,
            &run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures),
            plan.columns(),
        ));
    }
    csv
}

#[test]
fn the_results_csv_reads_back_as_written() {
    let plan = two_by_two();
    let csv = results_csv(&plan);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!(
            "# boids-schwarm-study version=2 plan={} runs=4",
            plan.id().hex()
        )
    );
    assert_eq!(lines.next(), Some(RESULTS_HEADER));
    let file = ResultsFile::parse(&csv).unwrap();
    assert_eq!(file.id, plan.id());
    assert_eq!(file.complete_bytes, csv.len());
    file.check_plan(&plan).unwrap();
    for run in plan.runs() {
        let row = &file.rows[&run.index];
        let stats = run_statistics(&run.params, 3, 1, 1, plan.measures);
        assert_eq!((row.params, row.stats), (run.params, stats));
        assert_eq!(row.line, row_line(&run, &stats, plan.columns()));
    }
    // A row of one boid: the nearest distance's three fields are empty.
    let lonely = plan_json(r#""base": {"count": 1}, "seeds": [1], "steps": 1, "burn_in": 1"#);
    let lonely = Plan::parse(lonely.as_bytes()).unwrap();
    let csv = results_csv(&lonely);
    // Its one boid flies straight on: susceptibility 0, Binder 1 − 1/3.
    assert!(csv.ends_with(",,,,0,0.6666666666666667\n"), "{csv}");
    let row = &ResultsFile::parse(&csv).unwrap().rows[&0];
    assert_eq!(row.stats.of(Measure::MeanNearestDistance).mean, None);
    assert_eq!(row.stats.of(Measure::MeanSpeed).sd, None);
}

#[test]
fn a_half_written_last_line_is_left_out_and_bad_rows_are_refused() {
    let plan = two_by_two();
    let csv = results_csv(&plan);
    let cut = csv.len() - 20;
    let file = ResultsFile::parse(&csv[..cut]).unwrap();
    assert_eq!(file.rows.keys().copied().collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(file.complete_bytes, csv[..cut].rfind('\n').unwrap() + 1);
    let header_lines = 2;
    let bad = csv.replacen(",12,3,", ",12,3.0,", 1);
    assert_eq!(
        ResultsFile::parse(&bad),
        Err(ResultsError::BadRow {
            line: header_lines + 1
        })
    );
    assert_eq!(
        ResultsFile::parse(&csv.replace("version=2", "version=3")),
        Err(ResultsError::WrongVersion { found: "3".into() })
    );
    assert_eq!(
        ResultsFile::parse("run,count\n"),
        Err(ResultsError::NotResults)
    );
    let beyond = csv.replace("\n3,", "\n9,");
    assert_eq!(
        ResultsFile::parse(&beyond),
        Err(ResultsError::RunBeyondPlan {
            line: 6,
            run: 9,
            runs: 4
        })
    );
    let other = two_by_two_with_steps(4);
    assert_eq!(
        ResultsFile::parse(&csv).unwrap().check_plan(&other),
        Err(ResultsError::OtherPlan)
    );
}

#[test]
fn a_run_count_no_plan_can_have_is_refused_before_anything_is_sized_by_it() {
    let csv = results_csv(&two_by_two());
    assert!(csv.contains(" runs=4\n"), "{csv}");
    for claim in [
        "18446744073709551615",
        "99999999999999999999999",
        "10001",
        "0",
        "-1",
        "4x",
    ] {
        let text = csv.replacen(" runs=4\n", &format!(" runs={claim}\n"), 1);
        assert_eq!(
            ResultsFile::parse(&text),
            Err(ResultsError::ImpossibleRunCount {
                found: claim.into()
            }),
            "{claim}"
        );
    }
    let most = csv.replacen(" runs=4\n", " runs=10000\n", 1);
    assert_eq!(ResultsFile::parse(&most).unwrap().id.runs, 10_000);
    let long = csv.replacen(" runs=4\n", &format!(" runs={}\n", "9".repeat(1000)), 1);
    let Err(ResultsError::ImpossibleRunCount { found }) = ResultsFile::parse(&long) else {
        panic!("accepted {long}");
    };
    assert_eq!(found, format!("{}…", "9".repeat(40)));
}

#[test]
fn every_row_checked_against_the_plan_carries_its_runs_parameters() {
    let plan = two_by_two();
    let file = ResultsFile::parse(&results_csv(&plan)).unwrap();
    assert_eq!(file.check_plan(&plan), Ok(()));
    // Run 1's row (seed 4) standing for run 0 (seed 3).
    let mut moved = file.clone();
    let mut row = file.rows[&1].clone();
    row.index = 0;
    moved.rows.insert(0, row);
    assert_eq!(
        moved.check_plan(&plan),
        Err(ResultsError::RowNotOfPlan { run: 0 })
    );
    // A file built by hand with a run beyond the plan: refused, no panic.
    let mut beyond = file.clone();
    let mut row = file.rows[&1].clone();
    row.index = 99;
    beyond.rows.insert(99, row);
    assert_eq!(
        beyond.check_plan(&plan),
        Err(ResultsError::RowNotOfPlan { run: 99 })
    );
}

#[test]
fn rows_with_infinite_or_nan_statistics_are_refused() {
    let csv = results_csv(&two_by_two());
    let rows: Vec<&str> = csv.split_inclusive('\n').collect();
    let fields: Vec<&str> = rows[3].trim_end().split(',').collect();
    for (field, value) in [(26, "inf"), (8, "NaN"), (9, "-inf"), (25, "NaN")] {
        let mut changed = fields.clone();
        changed[field] = value;
        let text = format!("{}{}{}\n", rows[0], rows[1], changed.join(","));
        assert_eq!(
            ResultsFile::parse(&text),
            Err(ResultsError::NotFinite { line: 3 }),
            "field {field}: {value}"
        );
    }
}

fn two_by_two_with_steps(steps: u64) -> Plan {
    plan(&format!(
        r#""base": {{"count": 12}}, "sweep": [{{"parameter": "radius", "values": [0.8, 1.6]}}],
           "seeds": [3, 4], "steps": {steps}, "burn_in": 1"#
    ))
}

#[test]
fn plans_with_the_same_runs_have_the_same_identity() {
    let written_otherwise = plan(
        r#""burn_in": 1, "steps": 3, "seeds": {"count": 2, "from": 3},
           "sweep": [{"to": 1.6, "points": 2, "from": 0.8, "parameter": "radius"}],
           "base": {"count": 12.0, "separation": 0.5}"#,
    );
    assert_eq!(written_otherwise.id(), two_by_two().id());
    assert_ne!(two_by_two_with_steps(4).id(), two_by_two().id());
    let other_seed = plan(
        r#""base": {"count": 12}, "sweep": [{"parameter": "radius", "values": [0.8, 1.6]}],
           "seeds": [3, 5], "steps": 3, "burn_in": 1"#,
    );
    assert_ne!(other_seed.id(), two_by_two().id());
    assert_eq!(two_by_two().id().hex().len(), 16);
}

#[test]
fn merging_joins_parts_and_refuses_what_does_not_fit() {
    let plan = two_by_two();
    let csv = results_csv(&plan);
    let lines: Vec<&str> = csv.lines().collect();
    let part = |runs: &[usize]| {
        let mut text = format!("{}\n{}\n", lines[0], lines[1]);
        for &run in runs {
            text.push_str(lines[2 + run]);
            text.push('\n');
        }
        ResultsFile::parse(&text).unwrap()
    };
    let merged = merge(&[part(&[3, 1]), part(&[0, 1]), part(&[2])]).unwrap();
    assert_eq!(merged.csv(), csv);
    assert!(merged.missing().is_empty());
    let partial = merge(&[part(&[3]), part(&[0])]).unwrap();
    assert_eq!(partial.missing(), vec![1, 2]);
    let other = ResultsFile::parse(&results_csv(&two_by_two_with_steps(4))).unwrap();
    assert_eq!(
        merge(&[part(&[0]), other]),
        Err(MergeError::OtherPlan { file: 1 })
    );
    let mut changed = part(&[1]);
    let row = changed.rows.get_mut(&1).unwrap();
    row.line = row.line.replacen(",12,4,", ",12,4,1", 1);
    assert_eq!(
        merge(&[part(&[0, 1]), changed]),
        Err(MergeError::ConflictingRows {
            run: 1,
            first: 0,
            file: 1
        })
    );
    assert_eq!(merge(&[]), Err(MergeError::NoFiles));
}

#[test]
fn the_summary_averages_each_grid_point_over_its_seeds() {
    let plan = two_by_two();
    let file = ResultsFile::parse(&results_csv(&plan)).unwrap();
    let summary = summary_csv(&plan, file.columns.version, &file.rows);
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with(
        "point,radius,runs,mean_speed_mean,mean_speed_sd,mean_speed_sem,polarization_mean,"
    ));
    assert!(lines[1].ends_with(
        ",polarization_susceptibility_mean,polarization_susceptibility_sd,polarization_susceptibility_sem,\
         polarization_binder_mean,polarization_binder_sd,polarization_binder_sem"
    ));
    let header: Vec<&str> = lines[1].split(',').collect();
    let row: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(header.len(), row.len());
    assert_eq!(&row[..3], &["1", "1.6", "2"]);
    let means: Vec<f64> = [2, 3]
        .iter()
        .map(|run| file.rows[run].stats.of(Measure::Polarization).mean.unwrap())
        .collect();
    let mean = (means[0] + means[1]) / 2.0;
    let sd = (((means[0] - mean).powi(2) + (means[1] - mean).powi(2)) / 1.0).sqrt();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert_eq!(row[column("polarization_mean")], mean.to_string());
    assert_eq!(row[column("polarization_sd")], sd.to_string());
    assert_eq!(
        row[column("polarization_sem")],
        (sd / 2f64.sqrt()).to_string()
    );
    // One run of a point: no spread.
    let one: BTreeMap<_, _> = file
        .rows
        .iter()
        .filter(|(run, _)| **run != 0)
        .map(|(k, v)| (*k, v.clone()))
        .collect();
    let summary = summary_csv(&plan, ResultsVersion::Two, &one);
    let first: Vec<&str> = summary.lines().nth(2).unwrap().split(',').collect();
    assert_eq!((first[2], first[4], first[5]), ("1", "", ""));
}

#[test]
fn the_binder_cumulant_of_hand_computed_windows() {
    // All ordered: 1 − 1/(3·1) = 2/3.
    assert_eq!(
        binder_cumulant([1.0, 1.0, 1.0].into_iter()),
        Some(1.0 - 1.0 / 3.0)
    );
    // φ = 1 and 0: Σφ⁴/n = 1/2, Σφ²/n = 1/2, so 1 − (1/2)/(3/4) = 1/3.
    assert_eq!(
        binder_cumulant([1.0, 0.0].into_iter()),
        Some(1.0 - 0.5 / 0.75)
    );
    // φ = 0,5 throughout: 1 − 0,0625/(3·0,0625) = 2/3 again.
    assert_eq!(
        binder_cumulant([0.5; 4].into_iter()),
        Some(1.0 - 0.0625 / 0.1875)
    );
    // φ = 0,2 and 0,6: Σφ²/n = 0,2, Σφ⁴/n = (0,0016 + 0,1296)/2 = 0,0656.
    let mixed = binder_cumulant([0.2, 0.6].into_iter()).expect("defined");
    assert!(
        (mixed - (1.0 - 0.0656 / (3.0 * 0.04))).abs() < 1e-15,
        "{mixed}"
    );
    // Undefined without order or without states.
    assert_eq!(binder_cumulant([0.0, 0.0].into_iter()), None);
    assert_eq!(binder_cumulant(std::iter::empty()), None);
}

mod measures {
    use super::*;
    use boids_schwarm::model::study::{PlanError, PlanProblem};

    fn parse(measures: &str) -> Result<Plan, PlanError> {
        let json = plan_json(&format!(
            r#""base": {{"count": 12}}, "seeds": [1, 2], "steps": 4, "burn_in": 1, "measures": {measures}"#
        ));
        Plan::parse(json.as_bytes())
    }

    fn problem(measures: &str) -> (String, PlanProblem) {
        let error = parse(measures).expect_err(measures);
        (error.key, error.problem)
    }

    #[test]
    fn measures_are_a_non_empty_list_of_known_names_none_twice() {
        assert_eq!(
            problem(r#"["polarization", "speed"]"#),
            ("measures[1]".into(), PlanProblem::UnknownMeasure)
        );
        assert_eq!(
            problem(r#"["groups", 3]"#),
            ("measures[1]".into(), PlanProblem::UnknownMeasure)
        );
        assert_eq!(
            problem(r#"["groups", "polarization", "groups"]"#),
            ("measures[2]".into(), PlanProblem::Repeated { first: 0 })
        );
        assert_eq!(problem("[]"), ("measures".into(), PlanProblem::Empty));
        assert_eq!(
            problem(r#""polarization""#),
            ("measures".into(), PlanProblem::NotAList)
        );
        let plan = parse(r#"["mean_nearest_distance", "mean_speed"]"#).unwrap();
        assert_eq!(
            plan.measures.iter().collect::<Vec<_>>(),
            [Measure::MeanSpeed, Measure::MeanNearestDistance]
        );
        assert!(
            Plan::parse(plan_json(r#""seeds": [1], "steps": 1, "burn_in": 0"#).as_bytes())
                .unwrap()
                .measures
                .is_all()
        );
    }

    #[test]
    fn the_hash_covers_the_measures_and_all_six_hash_like_none() {
        let all = r#"["mean_speed", "polarization", "mean_neighbors", "groups", "largest_group", "mean_nearest_distance"]"#;
        let without = Plan::parse(
            plan_json(r#""base": {"count": 12}, "seeds": [1, 2], "steps": 4, "burn_in": 1"#)
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(parse(all).unwrap().id(), without.id());
        let some = parse(r#"["groups", "polarization"]"#).unwrap().id();
        assert_ne!(some, without.id());
        assert_eq!(parse(r#"["polarization", "groups"]"#).unwrap().id(), some);
        assert_ne!(parse(r#"["polarization"]"#).unwrap().id(), some);
    }

    /// The fields of `line` under the columns named in `header`.
    fn fields<'a>(header: &'a str, line: &'a str) -> BTreeMap<&'a str, &'a str> {
        header.split(',').zip(line.split(',')).collect()
    }

    #[test]
    fn a_subset_writes_the_full_studys_columns_byte_for_byte_and_no_others() {
        let base = r#""base": {"count": 30, "radius": 0.6},
            "sweep": [{"parameter": "alignment", "values": [0, 0.3]}],
            "seeds": [1, 2], "steps": 12, "burn_in": 4"#;
        let full = results_csv(&plan(base));
        let full_lines: Vec<&str> = full.lines().collect();
        for named in [
            r#"["polarization"]"#,
            r#"["groups", "mean_speed"]"#,
            r#"["mean_nearest_distance"]"#,
            r#"["largest_group", "mean_neighbors", "polarization"]"#,
        ] {
            let subset = plan(&format!(r#"{base}, "measures": {named}"#));
            let csv = results_csv(&subset);
            let lines: Vec<&str> = csv.lines().collect();
            assert_eq!(lines.len(), full_lines.len());
            assert!(lines[0].starts_with("# boids-schwarm-study version=2 plan="));
            let polarization = subset.measures.contains(Measure::Polarization);
            let header: Vec<&str> = lines[1].split(',').collect();
            assert_eq!(
                header.len(),
                8 + 3 * subset.measures.iter().count() + if polarization { 2 } else { 0 }
            );
            for measure in Measure::ALL {
                assert_eq!(
                    lines[1].contains(&format!("{}_mean", measure.key())),
                    subset.measures.contains(measure),
                    "{named}: {measure:?}"
                );
            }
            assert_eq!(lines[1].contains("polarization_binder"), polarization);
            for (line, full_line) in lines[2..].iter().zip(&full_lines[2..]) {
                let full_fields = fields(full_lines[1], full_line);
                for (column, value) in fields(lines[1], line) {
                    assert_eq!(value, full_fields[column], "{named}: {column}");
                }
            }
            let file = ResultsFile::parse(&csv).unwrap();
            file.check_plan(&subset).unwrap();
            assert_eq!(file.columns, subset.columns());
            assert_eq!(
                ResultsFile::parse(&csv).unwrap().check_plan(&plan(base)),
                Err(ResultsError::OtherPlan)
            );
            let summary = summary_csv(&subset, ResultsVersion::Two, &file.rows);
            let summary_header = summary.lines().nth(1).unwrap();
            assert_eq!(
                summary_header.contains("polarization_binder_sem"),
                polarization
            );
            assert_eq!(
                summary_header.contains("groups_mean"),
                subset.measures.contains(Measure::Groups)
            );
        }
    }

    /// `plan`'s results as an earlier version wrote them.
    fn version_1_csv(plan: &Plan) -> String {
        let mut csv = results_header(plan.id(), Columns::VERSION_1);
        for run in plan.runs() {
            let stats = run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures);
            csv.push_str(&row_line(&run, &stats, Columns::VERSION_1));
        }
        csv
    }

    #[test]
    fn version_1_files_are_read_merged_and_summarised_as_version_1() {
        let plan = two_by_two();
        let old = version_1_csv(&plan);
        let new = results_csv(&plan);
        // Version 1 is version 2 without the Binder cumulant's column.
        for (old_line, new_line) in old.lines().zip(new.lines()).skip(1) {
            let cut = new_line.rfind(',').unwrap();
            assert_eq!(old_line, &new_line[..cut]);
        }
        assert!(old.starts_with("# boids-schwarm-study version=1 plan="));
        let file = ResultsFile::parse(&old).unwrap();
        assert_eq!(file.columns, Columns::VERSION_1);
        file.check_plan(&plan).unwrap();
        assert_eq!(file.rows[&0].stats.polarization_binder, None);
        let part = |runs: &[u64]| {
            let mut part = file.clone();
            part.rows.retain(|run, _| runs.contains(run));
            part
        };
        let merged = merge(&[part(&[0, 3]), part(&[1, 2])]).unwrap();
        assert_eq!(merged.csv(), old);
        let summary = summary_csv(&plan, file.columns.version, &file.rows);
        assert!(summary.starts_with("# boids-schwarm-study version=1 plan="));
        assert!(summary.contains("polarization_susceptibility_sem\n"));
        assert!(!summary.contains("binder"));
        // One version per merge.
        let newer = ResultsFile::parse(&new).unwrap();
        assert_eq!(
            merge(&[part(&[0]), newer]),
            Err(MergeError::OtherVersion { file: 1 })
        );
        // A version-1 header under a version-2 comment is no header.
        assert_eq!(
            ResultsFile::parse(&old.replacen("version=1", "version=2", 1)),
            Err(ResultsError::WrongHeader)
        );
    }
}
