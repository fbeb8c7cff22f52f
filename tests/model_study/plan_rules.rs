//! Every rule of the plan (SPEC §8), clause by clause: each refusal names
//! its key and says in German what is wrong.

use boids_schwarm::model::ParamField;
use boids_schwarm::model::study::{Plan, PlanError, PlanProblem};
use boids_schwarm::texts::study::plan_error;

use super::plan_json;

const RUNNABLE: &str = r#""seeds": [1], "steps": 4, "burn_in": 2"#;

fn rejected(json: &str) -> PlanError {
    Plan::parse(json.as_bytes()).expect_err(json)
}

#[test]
fn every_plan_rule_names_its_key() {
    use PlanProblem as P;
    let r = RUNNABLE;
    let cases: Vec<(String, &str, PlanProblem)> = vec![
        ("[1, 2]".into(), "", P::NotAnObject),
        (
            plan_json(&format!(r#""extra": 1, {r}"#)),
            "extra",
            P::UnknownKey,
        ),
        (
            r#"{"version": 1, "seeds": [1], "steps": 4, "burn_in": 0}"#.into(),
            "format",
            P::Missing,
        ),
        (
            r#"{"format": "x", "version": 1}"#.into(),
            "format",
            P::WrongFormat,
        ),
        (
            r#"{"format": "boids-schwarm-study", "version": 2}"#.into(),
            "version",
            P::WrongVersion,
        ),
        (
            plan_json(&format!(r#""base": 3, {r}"#)),
            "base",
            P::NotAnObject,
        ),
        (
            plan_json(&format!(r#""base": {{"seed": 3}}, {r}"#)),
            "base.seed",
            P::SeedInBase,
        ),
        (
            plan_json(&format!(r#""base": {{"radus": 1}}, {r}"#)),
            "base.radus",
            P::UnknownKey,
        ),
        (
            plan_json(&format!(r#""base": {{"radius": "1"}}, {r}"#)),
            "base.radius",
            P::NotANumber,
        ),
        (
            plan_json(&format!(r#""base": {{"radius": 0}}, {r}"#)),
            "base.radius",
            P::InvalidValue {
                field: ParamField::Radius,
            },
        ),
        (
            plan_json(&format!(r#""base": {{"count": 2.5}}, {r}"#)),
            "base.count",
            P::InvalidValue {
                field: ParamField::Count,
            },
        ),
        (
            plan_json(&format!(r#""sweep": {{}}, {r}"#)),
            "sweep",
            P::NotAList,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": [1]}}, {{"parameter": "count", "values": [1]}}, {{"parameter": "cohesion", "values": [1]}}], {r}"#
            )),
            "sweep",
            P::TooManyAxes { axes: 3 },
        ),
        (
            plan_json(&format!(r#""sweep": [5], {r}"#)),
            "sweep[0]",
            P::NotAnObject,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "value": [1]}}], {r}"#
            )),
            "sweep[0].value",
            P::UnknownKey,
        ),
        (
            plan_json(&format!(r#""sweep": [{{"values": [1]}}], {r}"#)),
            "sweep[0].parameter",
            P::Missing,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "seed", "values": [1]}}], {r}"#
            )),
            "sweep[0].parameter",
            P::UnknownParameter,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": [1]}}, {{"parameter": "radius", "values": [2]}}], {r}"#
            )),
            "sweep[1].parameter",
            P::SameParameterTwice,
        ),
        (
            plan_json(&format!(r#""sweep": [{{"parameter": "radius"}}], {r}"#)),
            "sweep[0]",
            P::ValuesOrRange,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": [1], "points": 2}}], {r}"#
            )),
            "sweep[0]",
            P::ValuesOrRange,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": []}}], {r}"#
            )),
            "sweep[0].values",
            P::Empty,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": [1, 5]}}], {r}"#
            )),
            "sweep[0].values[1]",
            P::InvalidValue {
                field: ParamField::Radius,
            },
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "values": [1, 2, 1.0]}}], {r}"#
            )),
            "sweep[0].values[2]",
            P::Repeated { first: 0 },
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "from": 1, "to": 2}}], {r}"#
            )),
            "sweep[0].points",
            P::Missing,
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "from": 1, "to": 2, "points": 1}}], {r}"#
            )),
            "sweep[0].points",
            P::NotAnIntegerIn {
                min: 2,
                max: 10_000,
            },
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "from": 1, "to": 2, "points": 2.5}}], {r}"#
            )),
            "sweep[0].points",
            P::NotAnIntegerIn {
                min: 2,
                max: 10_000,
            },
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "radius", "from": 0, "to": 2, "points": 3}}], {r}"#
            )),
            "sweep[0]",
            P::InvalidRangeValue {
                field: ParamField::Radius,
                position: 0,
                value: 0.0,
            },
        ),
        (
            plan_json(&format!(
                r#""sweep": [{{"parameter": "count", "from": 10, "to": 11, "points": 3}}], {r}"#
            )),
            "sweep[0]",
            P::RepeatedRangeValue {
                position: 2,
                first: 1,
                value: 11.0,
            },
        ),
        (
            plan_json(r#""steps": 4, "burn_in": 0"#),
            "seeds",
            P::Missing,
        ),
        (
            plan_json(r#""seeds": 3, "steps": 4, "burn_in": 0"#),
            "seeds",
            P::NotAList,
        ),
        (
            plan_json(r#""seeds": [], "steps": 4, "burn_in": 0"#),
            "seeds",
            P::Empty,
        ),
        (
            plan_json(r#""seeds": [1, -1], "steps": 4, "burn_in": 0"#),
            "seeds[1]",
            P::NotAnIntegerIn {
                min: 0,
                max: 4_294_967_295,
            },
        ),
        (
            plan_json(r#""seeds": [0, 4294967296], "steps": 4, "burn_in": 0"#),
            "seeds[1]",
            P::NotAnIntegerIn {
                min: 0,
                max: 4_294_967_295,
            },
        ),
        (
            plan_json(r#""seeds": [7, 8, 7], "steps": 4, "burn_in": 0"#),
            "seeds[2]",
            P::Repeated { first: 0 },
        ),
        (
            plan_json(r#""seeds": {"from": 1, "count": 2, "step": 1}, "steps": 4, "burn_in": 0"#),
            "seeds.step",
            P::UnknownKey,
        ),
        (
            plan_json(r#""seeds": {"from": 1, "count": 0}, "steps": 4, "burn_in": 0"#),
            "seeds.count",
            P::NotAnIntegerIn {
                min: 1,
                max: 4_294_967_296,
            },
        ),
        (
            plan_json(r#""seeds": {"from": 4294967295, "count": 2}, "steps": 4, "burn_in": 0"#),
            "seeds.count",
            P::SeedsBeyondLast {
                last: 4_294_967_296,
            },
        ),
        (
            plan_json(r#""seeds": [1], "burn_in": 0"#),
            "steps",
            P::Missing,
        ),
        (
            plan_json(r#""seeds": [1], "steps": 0, "burn_in": 0"#),
            "steps",
            P::NotAnIntegerIn {
                min: 1,
                max: 1_000_000,
            },
        ),
        (
            plan_json(r#""seeds": [1], "steps": 1000001, "burn_in": 0"#),
            "steps",
            P::NotAnIntegerIn {
                min: 1,
                max: 1_000_000,
            },
        ),
        (
            plan_json(r#""seeds": [1], "steps": 4"#),
            "burn_in",
            P::Missing,
        ),
        (
            plan_json(r#""seeds": [1], "steps": 4, "burn_in": 5"#),
            "burn_in",
            P::NotAnIntegerIn { min: 0, max: 4 },
        ),
        (
            plan_json(
                r#""sweep": [{"parameter": "alignment", "from": 0, "to": 1, "points": 101}], "seeds": {"from": 0, "count": 100}, "steps": 4, "burn_in": 0"#,
            ),
            "",
            P::TooManyRuns { runs: 10_100 },
        ),
    ];
    for (json, key, problem) in cases {
        let error = rejected(&json);
        assert_eq!(
            (error.key.as_str(), &error.problem),
            (key, &problem),
            "{json}"
        );
        let message = plan_error(&error);
        assert!(
            message.starts_with(&format!("{key}: ")) || key.is_empty(),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");
    }
}

#[test]
fn a_plan_file_that_is_too_large_or_not_json_is_refused_as_a_whole() {
    let huge = format!("{}{}", plan_json(RUNNABLE), " ".repeat(1 << 20));
    assert!(matches!(
        rejected(&huge).problem,
        PlanProblem::TooLarge { .. }
    ));
    assert_eq!(
        rejected("{\n  \"format\": ,").problem,
        PlanProblem::NotJson {
            line: 2,
            column: 13
        }
    );
    let twice = plan_json(
        r#""seeds": [1], "steps": 4,
        "burn_in": 0, "steps": 40"#,
    );
    assert_eq!(
        rejected(&twice).problem,
        PlanProblem::RepeatedKey {
            name: "steps".into(),
            line: 2,
            column: 29
        }
    );
    assert_eq!(
        plan_error(&rejected(&twice)),
        "Der Schlüssel „steps“ steht zweimal im selben Objekt (Zeile 2, Spalte 29)."
    );
    assert_eq!(
        plan_error(&rejected("{\"format\" 1}")),
        "Der Plan ist kein gültiges JSON (Fehler in Zeile 1, Spalte 11)."
    );
}

#[test]
fn the_german_messages_say_what_is_wrong_at_which_key() {
    let message = |fields: &str| plan_error(&rejected(&plan_json(fields)));
    assert_eq!(
        message(
            r#""sweep": [{"parameter": "radius", "values": [1]}, {"parameter": "count", "from": 1, "to": 2, "points": 1}], "seeds": [1], "steps": 4, "burn_in": 0"#
        ),
        "sweep[1].points: muss eine ganze Zahl von 2 bis 10 000 sein."
    );
    assert_eq!(
        message(r#""base": {"radius": 5}, "seeds": [1], "steps": 4, "burn_in": 0"#),
        "base.radius: Radius muss größer als 0 und höchstens 4,2 sein."
    );
    assert_eq!(
        message(r#""seeds": [3, 4, 3], "steps": 4, "burn_in": 0"#),
        "seeds[2]: derselbe Wert wie seeds[0] (kein Wert darf doppelt vorkommen)."
    );
    assert_eq!(
        message(
            r#""sweep": [{"parameter": "count", "from": 1, "to": 2, "points": 3}], "seeds": [1], "steps": 4, "burn_in": 0"#
        ),
        "sweep[0]: der Wert an Position 2 (2) kommt schon an Position 1 vor (kein Wert darf doppelt vorkommen)."
    );
    assert_eq!(
        message(r#""stepz": 4, "seeds": [1], "steps": 4, "burn_in": 0"#),
        "stepz: unbekannter Schlüssel (Tippfehler?)."
    );
}

/// `n` distinct valid values of a weight (`0.0001` … in steps of 0.0001),
/// seven bytes each with the comma.
fn many_weights(n: u32) -> String {
    let values: Vec<String> = (1..=n)
        .map(|k| format!("{}.{:04}", k / 10_000, k % 10_000))
        .collect();
    values.join(",")
}

/// Two axes of 2¹⁶ values and 2³² seeds: 2⁶⁴ runs, one more than u64
/// holds, in less than 1 MiB. Multiplied in u64 the count wraps to 0
/// (release) or panics (debug); it must be refused with the exact count.
pub fn plan_of_two_to_the_64_runs() -> String {
    let weights = many_weights(1 << 16);
    plan_json(&format!(
        r#""sweep": [{{"parameter": "separation", "values": [{weights}]}},
                     {{"parameter": "alignment", "values": [{weights}]}}],
           "seeds": {{"from": 0, "count": 4294967296}}, "steps": 1, "burn_in": 0"#
    ))
}

#[test]
fn a_run_count_beyond_u64_is_refused_with_its_exact_number() {
    let json = plan_of_two_to_the_64_runs();
    assert!(json.len() < 1 << 20, "{} bytes", json.len());
    let error = rejected(&json);
    assert_eq!(error.problem, PlanProblem::TooManyRuns { runs: 1 << 64 });
    assert_eq!(
        plan_error(&error),
        "Der Plan ergibt 18 446 744 073 709 551 616 Läufe, höchstens 10 000 sind erlaubt."
    );
    // The same with a second axis one value short: no longer a power of two.
    let odd = json.replacen(",6.5536]", "]", 1);
    assert_eq!(
        rejected(&odd).problem,
        PlanProblem::TooManyRuns {
            runs: (1 << 16) * ((1 << 16) - 1) * (1 << 32)
        }
    );
}
