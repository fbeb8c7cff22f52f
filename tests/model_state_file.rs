//! The JSON state: bit-identical round trip, and every rejection.

use boids_schwarm::model::{
    ImportError, Kinematics, MAX_STATE_BYTES, MAX_STEP, ParamError, ParamField, Params, StateError,
    Swarm, Vec3,
};
use serde_json::{Value, json};

fn stepped_swarm() -> Swarm {
    let mut swarm = Swarm::new(&Params {
        count: 150,
        seed: 9,
        ..Params::default()
    })
    .unwrap();
    for _ in 0..17 {
        swarm.step();
    }
    swarm
}

fn valid_value() -> Value {
    json!({
        "format": "boids-schwarm-state", "version": 1,
        "params": {"count": 2, "seed": 1, "radius": 1.2, "separation": 0.5,
                   "alignment": 0.1, "cohesion": 0.2, "max_speed": 2.0},
        "step": 17,
        "boids": [
            {"id": 0, "position": [0.1, -2.0, 3.9], "velocity": [0.5, 0.0, -0.2]},
            {"id": 1, "position": [0.2, -2.0, 3.9], "velocity": [0.0, 1.0, 0.0]}
        ]
    })
}

fn read(value: &Value) -> Result<Swarm, ImportError> {
    Swarm::from_json(&value.to_string())
}

#[test]
fn round_trip_is_bit_identical() {
    let swarm = stepped_swarm();
    let text = swarm.to_json();
    let back = Swarm::from_json(&text).unwrap();
    assert_eq!(back.to_json(), text);
    assert_eq!(back.step_count(), 17);
    for (a, b) in swarm.positions().iter().zip(back.positions()) {
        for axis in 0..3 {
            assert_eq!(a[axis].to_bits(), b[axis].to_bits());
        }
    }
    // Continuing from the file gives the same future as continuing in memory.
    let (mut a, mut b) = (swarm, back);
    for _ in 0..50 {
        a.step();
        b.step();
    }
    assert_eq!(a.to_json(), b.to_json());
}

#[test]
fn written_fields_follow_the_format() {
    let swarm = stepped_swarm();
    let value: Value = serde_json::from_str(&swarm.to_json()).unwrap();
    assert_eq!(value["format"], "boids-schwarm-state");
    assert_eq!(value["version"], 1);
    assert_eq!(value["params"]["count"], 150);
    assert_eq!(value["params"]["max_speed"], 2.0);
    assert_eq!(value["step"], 17);
    assert_eq!(value["time_s"].as_f64().unwrap(), 17.0 * 0.04);
    assert_eq!(value["mean_speed"].as_f64().unwrap(), swarm.mean_speed());
    let boid = &value["boids"][3];
    assert_eq!(boid["id"], 3);
    assert_eq!(boid["neighbors"], swarm.steering()[3].neighbours);
    assert_eq!(
        boid["cohesion"][1].as_f64().unwrap(),
        swarm.steering()[3].cohesion.y
    );
    assert_eq!(
        boid["velocity"][2].as_f64().unwrap(),
        swarm.velocities()[3].z
    );
}

#[test]
fn derived_fields_are_recomputed_not_trusted() {
    let mut value = valid_value();
    value["time_s"] = json!(999.0);
    value["mean_speed"] = json!(-5.0);
    value["boids"][0]["neighbors"] = json!(77);
    value["boids"][0]["cohesion"] = json!([9.0, 9.0, 9.0]);
    let swarm = read(&value).unwrap();
    assert_eq!(swarm.time_seconds(), 17.0 * 0.04);
    assert_eq!(swarm.steering()[0].neighbours, 1);
    assert!((swarm.mean_speed() - (0.29f64.sqrt() + 1.0) / 2.0).abs() < 1e-15);
}

#[test]
fn boids_may_come_in_any_order() {
    let mut value = valid_value();
    let boids = value["boids"].as_array_mut().unwrap();
    boids.swap(0, 1);
    let swarm = read(&value).unwrap();
    assert_eq!(swarm.positions()[0].x, 0.1);
}

#[test]
fn rejects_wrong_format_and_version() {
    let format = |found: Option<&str>| ImportError::WrongFormat {
        found: found.map(str::to_owned),
    };
    let version = |found: Option<&str>| ImportError::WrongVersion {
        found: found.map(str::to_owned),
    };
    let cases = [
        (
            "format",
            Some(json!("something-else")),
            format(Some("something-else")),
        ),
        ("format", Some(json!(7)), format(Some("7"))),
        ("format", None, format(None)),
        ("version", Some(json!(2)), version(Some("2"))),
        ("version", Some(json!("1")), version(Some("\"1\""))),
        ("version", None, version(None)),
    ];
    for (key, replacement, expected) in cases {
        let mut value = valid_value();
        match &replacement {
            Some(new) => value[key] = new.clone(),
            None => drop(value.as_object_mut().unwrap().remove(key)),
        }
        assert_eq!(
            read(&value).unwrap_err(),
            expected,
            "{key}: {replacement:?}"
        );
    }
}

#[test]
fn rejects_text_that_is_not_json() {
    let error = Swarm::from_json("{\"format\": ").unwrap_err();
    assert!(matches!(error, ImportError::NotJson { line: 1, .. }));
    assert!(matches!(
        Swarm::from_json(""),
        Err(ImportError::NotJson { .. })
    ));
    assert!(matches!(
        Swarm::from_json("\u{feff}[1,2]"),
        Err(ImportError::NotJson { .. })
    ));
}

#[test]
fn rejects_invalid_params() {
    let mut value = valid_value();
    value["params"]["radius"] = json!(5.0);
    let error = read(&value).unwrap_err();
    assert_eq!(
        error,
        ImportError::State(StateError::InvalidParams(ParamError::OutOfRange {
            field: ParamField::Radius,
            range: ParamField::Radius.range(),
        }))
    );
    let mut value = valid_value();
    value["params"]["count"] = json!(1.5);
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
    let mut value = valid_value();
    value["params"]["seed"] = json!(-1);
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
    let mut value = valid_value();
    value["params"]["cohesion"] = json!("0,2");
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
}

#[test]
fn rejects_missing_fields() {
    for field in ["params", "step", "boids"] {
        let mut value = valid_value();
        value.as_object_mut().unwrap().remove(field);
        assert!(
            matches!(read(&value), Err(ImportError::Malformed { .. })),
            "{field}"
        );
    }
    let mut value = valid_value();
    value["boids"][1]
        .as_object_mut()
        .unwrap()
        .remove("velocity");
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
    let mut value = valid_value();
    value["boids"][1]["position"] = json!([0.0, 0.0]);
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
}

#[test]
fn rejects_a_count_different_from_the_boids() {
    let mut value = valid_value();
    value["params"]["count"] = json!(3);
    let error = read(&value).unwrap_err();
    assert_eq!(
        error,
        ImportError::State(StateError::CountMismatch { count: 3, boids: 2 })
    );
}

#[test]
fn rejects_non_finite_numbers() {
    let text = valid_value().to_string().replace("3.9", "1e999");
    assert!(Swarm::from_json(&text).is_err());
    let text = valid_value().to_string().replace("3.9", "NaN");
    assert!(matches!(
        Swarm::from_json(&text),
        Err(ImportError::NotJson { .. })
    ));
    let text = valid_value().to_string().replace("3.9", "Infinity");
    assert!(matches!(
        Swarm::from_json(&text),
        Err(ImportError::NotJson { .. })
    ));
}

#[test]
fn rejects_positions_outside_the_half_open_cube() {
    for bad in [4.2, -4.200000000000001, 5.0, -100.0] {
        let mut value = valid_value();
        value["boids"][1]["position"][2] = json!(bad);
        assert_eq!(
            read(&value).unwrap_err(),
            ImportError::State(StateError::PositionOutOfRange { id: 1 }),
            "{bad}"
        );
    }
    let mut value = valid_value();
    value["boids"][1]["position"][2] = json!(-4.2);
    assert!(read(&value).is_ok());
}

#[test]
fn rejects_speed_above_max_speed_beyond_tolerance() {
    let mut value = valid_value();
    value["boids"][1]["velocity"] = json!([2.0 * (1.0 + 2e-9), 0.0, 0.0]);
    assert!(matches!(
        read(&value),
        Err(ImportError::State(StateError::TooFast { id: 1, .. }))
    ));
    value["boids"][1]["velocity"] = json!([2.0 * (1.0 + 0.5e-9), 0.0, 0.0]);
    assert!(read(&value).is_ok());
}

#[test]
fn steps_up_to_the_largest_step_are_read_and_none_beyond() {
    let mut value = valid_value();
    value["step"] = json!(MAX_STEP);
    let swarm = read(&value).expect("the largest step");
    assert_eq!(swarm.step_count(), MAX_STEP);
    assert!(!swarm.can_step());
    for beyond in [MAX_STEP + 1, 50_000_000_000_000_000, u64::MAX] {
        value["step"] = json!(beyond);
        assert_eq!(
            read(&value).unwrap_err(),
            ImportError::State(StateError::StepBeyondLast { step: beyond }),
            "{beyond}"
        );
    }
}

#[test]
fn the_step_count_never_passes_the_largest_step() {
    let mut value = valid_value();
    value["step"] = json!(MAX_STEP - 1);
    let mut swarm = read(&value).unwrap();
    assert!(swarm.next_kinematics().is_some());
    swarm.step();
    assert_eq!(swarm.step_count(), MAX_STEP);
    let at_last = swarm.to_json();
    assert_eq!(swarm.next_kinematics(), None);
    swarm.step();
    assert_eq!(swarm.step_count(), MAX_STEP);
    assert_eq!(
        swarm.to_json(),
        at_last,
        "a step at the largest step changes nothing"
    );
}

#[test]
fn rejects_duplicate_and_missing_ids() {
    let mut value = valid_value();
    value["boids"][1]["id"] = json!(0);
    let error = read(&value).unwrap_err();
    assert_eq!(error, ImportError::DuplicateId { id: 0 });
    // Id 1 missing, 2 in its place.
    let mut value = valid_value();
    value["boids"][1]["id"] = json!(2);
    let error = read(&value).unwrap_err();
    assert_eq!(error, ImportError::IdOutOfRange { id: 2, count: 2 });
    let mut value = valid_value();
    value["boids"][1]["id"] = json!(-1);
    assert!(matches!(read(&value), Err(ImportError::Malformed { .. })));
}

#[test]
fn rejects_a_file_that_is_too_large() {
    let text = " ".repeat(MAX_STATE_BYTES + 1);
    assert!(matches!(
        Swarm::from_json(&text),
        Err(ImportError::TooLarge { .. })
    ));
}

#[test]
fn a_boid_is_named_by_its_id_in_the_file_and_met_in_the_files_order() {
    // Boids listed as ids 1, 0: the second in the file (id 0) is too fast.
    let mut value = valid_value();
    value["boids"][0]["id"] = json!(1);
    value["boids"][1]["id"] = json!(0);
    assert!(read(&value).is_ok());
    value["boids"][1]["velocity"] = json!([3.0, 0.0, 0.0]);
    assert!(matches!(
        read(&value),
        Err(ImportError::State(StateError::TooFast { id: 0, .. }))
    ));
    // An id error of an earlier boid comes first, a later one after.
    value["boids"][0]["id"] = json!(7);
    assert_eq!(
        read(&value).unwrap_err(),
        ImportError::IdOutOfRange { id: 7, count: 2 }
    );
    let mut value = valid_value();
    value["boids"][0]["position"][0] = json!(9.0);
    value["boids"][1]["id"] = json!(7);
    assert_eq!(
        read(&value).unwrap_err(),
        ImportError::State(StateError::PositionOutOfRange { id: 0 })
    );
}

#[test]
fn the_reader_keeps_the_files_values_by_id() {
    let mut value = valid_value();
    let first = value["boids"][0].clone();
    value["boids"][0] = value["boids"][1].clone();
    value["boids"][1] = first;
    let swapped = read(&value).unwrap();
    let ordered = read(&valid_value()).unwrap();
    assert_eq!(swapped.kinematics(), ordered.kinematics());
}

#[test]
fn the_checked_constructor_states_the_invariants() {
    let params = Params {
        count: 2,
        ..Params::default()
    };
    let positions = vec![Vec3::new(0.5, -4.2, 1.0), Vec3::new(-1.0, 2.0, 4.1)];
    let velocities = vec![Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, -2.0, 0.0)];
    let state = Kinematics::new(params, 9, positions.clone(), velocities.clone()).unwrap();
    assert_eq!(
        (state.step_count(), state.positions(), state.velocities()),
        (9, positions.as_slice(), velocities.as_slice())
    );
    let with = |positions: Vec<Vec3>, velocities: Vec<Vec3>| {
        Kinematics::new(params, 0, positions, velocities).unwrap_err()
    };
    assert_eq!(
        with(positions.clone(), velocities[..1].to_vec()),
        StateError::LengthMismatch {
            positions: 2,
            velocities: 1
        }
    );
    assert_eq!(
        with(positions[..1].to_vec(), velocities[..1].to_vec()),
        StateError::CountMismatch { count: 2, boids: 1 }
    );
    let mut bad = positions.clone();
    bad[1].z = f64::NAN;
    assert_eq!(
        with(bad, velocities.clone()),
        StateError::NotFinite { id: 1 }
    );
    let mut bad = positions.clone();
    bad[0].y = 4.2;
    assert_eq!(
        with(bad, velocities.clone()),
        StateError::PositionOutOfRange { id: 0 }
    );
    let mut fast = velocities.clone();
    fast[1].y = -2.1;
    assert!(matches!(
        with(positions.clone(), fast),
        StateError::TooFast { id: 1, .. }
    ));
    let invalid = Params {
        max_speed: 0.0,
        ..params
    };
    assert!(matches!(
        Kinematics::new(invalid, 0, positions, velocities),
        Err(StateError::InvalidParams(_))
    ));
}

#[test]
fn format_version_and_params_are_checked_before_the_boids() {
    // Boids that would be an error of their own do not matter while the
    // format, the version or the params are wrong.
    let mut value = valid_value();
    value["boids"] = json!("not a list");
    value["version"] = json!(2);
    assert_eq!(
        read(&value).unwrap_err(),
        ImportError::WrongVersion {
            found: Some("2".to_owned())
        }
    );
    value["format"] = json!("other");
    assert!(matches!(read(&value), Err(ImportError::WrongFormat { .. })));
    let mut value = valid_value();
    value["boids"] = json!("not a list");
    value["params"]["radius"] = json!(5.0);
    assert!(matches!(
        read(&value),
        Err(ImportError::State(StateError::InvalidParams(_)))
    ));
}

#[test]
fn more_boids_than_the_count_are_a_count_mismatch_with_their_number() {
    // 200 000 boids for a count of 2 (the reader builds two and only counts
    // the rest, which this cannot see; the number must still be right).
    let boid = r#"{"id":0,"position":[0,0,0],"velocity":[0,0,0]}"#;
    let boids = vec![boid; 200_000].join(",");
    let text = valid_value()
        .to_string()
        .replace(&valid_value()["boids"].to_string(), &format!("[{boids}]"));
    assert_eq!(
        Swarm::from_json(&text).unwrap_err(),
        ImportError::State(StateError::CountMismatch {
            count: 2,
            boids: 200_000
        })
    );
}

#[test]
fn messages_quote_at_most_a_few_dozen_characters_of_the_file() {
    let huge = "x".repeat(100_000);
    let mut value = valid_value();
    value["format"] = json!(huge);
    let ImportError::WrongFormat { found: Some(found) } = read(&value).unwrap_err() else {
        panic!("a wrong format");
    };
    assert_eq!(found, format!("{}…", "x".repeat(40)));
    let mut value = valid_value();
    value["version"] = json!([huge]);
    let ImportError::WrongVersion { found: Some(found) } = read(&value).unwrap_err() else {
        panic!("a wrong version");
    };
    assert!(found.chars().count() <= 41, "{found}");
    let mut value = valid_value();
    value["step"] = json!(huge);
    let ImportError::Malformed { detail } = read(&value).unwrap_err() else {
        panic!("a malformed step");
    };
    assert!(detail.chars().count() < 60, "{detail}");
}
