#![cfg(not(target_arch = "wasm32"))]
//! Fuzzing every parser of outside input: the state file, links, the
//! parameter fields, whole numbers, study plans and results files. Each gets
//! arbitrary bytes and valid inputs with bytes changed, cut or repeated; none
//! may panic, and what it accepts must hold its promises (a state accepted
//! round-trips bit for bit, accepted parameters are valid, a plan accepted
//! expands into at most the largest number of runs).
//!
//! Bounded here for `make test` (a few hundred cases each); a longer run:
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz_parsers`. Any
//! input that ever made one fail stays below as a test named after it.

use boids_schwarm::link;
use boids_schwarm::model::study::{MAX_RUNS, Plan, ResultsFile};
use boids_schwarm::model::{JsonProblem, ParamField, Params, Swarm, parse_whole_number, read_json};
use proptest::prelude::*;

fn valid_state() -> String {
    let mut swarm = Swarm::new(&Params {
        count: 4,
        seed: 3,
        ..Params::default()
    })
    .unwrap();
    swarm.step();
    swarm.to_json()
}

const VALID_PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 20, "radius": 1.5},
  "sweep": [{"parameter": "alignment", "values": [0, 0.2]},
            {"parameter": "count", "from": 10, "to": 20, "points": 2}],
  "seeds": {"from": 1, "count": 2}, "steps": 3, "burn_in": 1}"#;

const VALID_LINK: &str = "?anzahl=200&seed=1&radius=1.2&abstand=0.5&richtung=0.1&kohaesion=0.2&hoechsttempo=2&schritt=40";

/// A change to a valid input: bytes replaced, a cut, a piece repeated.
#[derive(Debug, Clone)]
enum Mutation {
    Replace {
        at: usize,
        bytes: Vec<u8>,
    },
    Cut {
        at: usize,
    },
    Repeat {
        from: usize,
        len: usize,
        times: usize,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::Replace { at, bytes }),
        any::<usize>().prop_map(|at| Mutation::Cut { at }),
        (any::<usize>(), 1usize..40, 1usize..50).prop_map(|(from, len, times)| Mutation::Repeat {
            from,
            len,
            times
        }),
    ]
}

fn mutate(valid: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = valid.as_bytes().to_vec();
    for mutation in mutations {
        if bytes.is_empty() {
            break;
        }
        match mutation {
            Mutation::Replace { at, bytes: new } => {
                let at = at % bytes.len();
                let end = (at + new.len()).min(bytes.len());
                bytes.splice(at..end, new.iter().copied());
            }
            Mutation::Cut { at } => bytes.truncate(at % bytes.len()),
            Mutation::Repeat { from, len, times } => {
                let from = from % bytes.len();
                let end = (from + len).min(bytes.len());
                let piece = bytes[from..end].repeat(*times);
                bytes.splice(end..end, piece);
            }
        }
    }
    bytes
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn check_state(text: &str) {
    if let Ok(swarm) = Swarm::from_json(text) {
        let again = Swarm::from_json(&swarm.to_json()).expect("a written state reads back");
        assert_eq!(again.to_json(), swarm.to_json());
    }
}

fn check_plan(bytes: &[u8]) {
    if let Ok(plan) = Plan::parse(bytes) {
        assert!(plan.run_count() >= 1 && plan.run_count() <= MAX_RUNS);
        assert!(plan.burn_in <= plan.steps);
        let last = plan.run(plan.run_count() - 1);
        assert!(last.params.validate().is_ok(), "{:?}", last.params);
    }
}

/// The model's JSON reader agrees with serde_json (exact floats) on every
/// input, except that it refuses a key named twice where serde_json keeps
/// the last.
fn check_json(bytes: &[u8]) {
    let ours = read_json(bytes);
    let theirs = serde_json::from_slice::<serde_json::Value>(bytes);
    match ours {
        Ok(value) => assert_eq!(Some(value), theirs.ok(), "{:?}", lossy(bytes)),
        Err(JsonProblem::NotJson { .. }) => {
            assert!(theirs.is_err(), "{:?} → {:?}", lossy(bytes), theirs);
        }
        Err(JsonProblem::RepeatedKey { .. }) => {}
    }
}

fn check_link(text: &str) {
    if let Some(request) = link::parse(text)
        && let Ok(params) = request.params()
    {
        assert!(params.validate().is_ok(), "{params:?}");
    }
}

fn check_fields(text: &str) {
    for field in ParamField::ALL {
        if let Ok(value) = field.parse(text) {
            let mut params = Params::default();
            if field.set(&mut params, value).is_ok() {
                assert!(params.validate().is_ok(), "{field:?} {text:?}");
            }
        }
    }
    if let Ok(number) = parse_whole_number(text) {
        assert!(
            text.trim().chars().all(|c| c.is_ascii_digit()),
            "{text:?} → {number}"
        );
    }
}

/// 300 cases each unless `PROPTEST_CASES` asks for more.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn the_state_file_reader_survives_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_state(&lossy(&bytes));
    }

    #[test]
    fn the_state_file_reader_survives_changed_states(mutations in prop::collection::vec(mutation(), 1..4)) {
        check_state(&lossy(&mutate(&valid_state(), &mutations)));
    }

    #[test]
    fn the_plan_reader_survives_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_plan(&bytes);
    }

    #[test]
    fn the_plan_reader_survives_changed_plans(mutations in prop::collection::vec(mutation(), 1..4)) {
        check_plan(&mutate(VALID_PLAN, &mutations));
    }

    #[test]
    fn the_json_reader_agrees_with_serde_json_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_json(&bytes);
    }

    #[test]
    fn the_json_reader_agrees_with_serde_json_on_changed_plans(mutations in prop::collection::vec(mutation(), 1..4)) {
        check_json(&mutate(VALID_PLAN, &mutations));
    }

    #[test]
    fn the_json_reader_agrees_with_serde_json_on_json_like_text(text in "[\\[\\]{}\",:. 0-9eE+\\-a-z\\\\]{0,60}") {
        check_json(text.as_bytes());
    }

    #[test]
    fn the_json_reader_reads_every_float_exactly(value in any::<f64>().prop_filter("finite", |v| v.is_finite())) {
        let text = format!("[{value}, {value:e}]");
        let read = read_json(text.as_bytes()).unwrap();
        prop_assert_eq!(read[0].as_f64().unwrap().to_bits(), value.to_bits());
        prop_assert_eq!(read[1].as_f64().unwrap().to_bits(), value.to_bits());
    }

    #[test]
    fn the_results_reader_survives_changed_files(mutations in prop::collection::vec(mutation(), 1..4)) {
        let plan = Plan::parse(VALID_PLAN.as_bytes()).unwrap();
        let mut csv = boids_schwarm::model::study::results_header(plan.id(), plan.columns());
        for run in plan.runs().take(2) {
            let stats = boids_schwarm::model::study::run_statistics(&run.params, plan.steps, plan.burn_in, 1, plan.measures);
            csv.push_str(&boids_schwarm::model::study::row_line(&run, &stats, plan.columns()));
        }
        let text = lossy(&mutate(&csv, &mutations));
        if let Ok(file) = ResultsFile::parse(&text) {
            prop_assert!((1..=MAX_RUNS).contains(&file.id.runs), "{}", file.id.runs);
            for row in file.rows.values() {
                prop_assert!(row.params.validate().is_ok(), "{:?}", row.params);
                prop_assert!(row.stats.is_finite(), "{:?}", row.stats);
            }
            // Checking against a plan answers, whatever the file says.
            let _ = file.check_plan(&plan);
        }
    }

    #[test]
    fn links_survive_any_text(text in ".{0,300}") {
        check_link(&text);
    }

    #[test]
    fn links_survive_changed_links(mutations in prop::collection::vec(mutation(), 1..4)) {
        check_link(&lossy(&mutate(VALID_LINK, &mutations)));
    }

    #[test]
    fn parameter_fields_and_whole_numbers_survive_any_text(text in ".{0,40}") {
        check_fields(&text);
    }

    #[test]
    fn parameter_fields_survive_number_like_text(text in "[ +\\-0-9.,eE_]{0,30}") {
        check_fields(&text);
    }
}
