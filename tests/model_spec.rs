//! SPEC §1–2, clause by clause, including the edges.

use boids_schwarm::model::{
    HALF_PERIOD, Lcg, PERIOD, ParamError, ParamField, Params, STEP_SECONDS, Swarm, Vec3, cap,
    displacement, displacement_1d, length, steering_brute_force, wrap,
};

mod hand_made;
use hand_made::swarm_at;

fn params(count: u32) -> Params {
    Params {
        count,
        ..Params::default()
    }
}

// --- Periodic space -------------------------------------------------------

#[test]
fn wrap_keeps_values_inside_unchanged() {
    for x in [
        -HALF_PERIOD,
        -1.0,
        -0.0,
        0.0,
        1e-300,
        3.3,
        HALF_PERIOD.next_down(),
    ] {
        assert_eq!(wrap(x).to_bits(), x.to_bits(), "{x}");
    }
}

#[test]
fn wrap_maps_the_upper_face_to_the_lower_one() {
    assert_eq!(wrap(HALF_PERIOD), -HALF_PERIOD);
    assert_eq!(wrap(-HALF_PERIOD), -HALF_PERIOD);
    // 3 × 4.2 is not exact in f64; the result is the periodic image either way.
    for x in [HALF_PERIOD + PERIOD, -HALF_PERIOD - PERIOD] {
        let w = wrap(x);
        assert!((-HALF_PERIOD..HALF_PERIOD).contains(&w));
        assert!(displacement_1d(w - x).abs() < 1e-14);
    }
}

#[test]
fn wrap_never_returns_the_upper_bound_near_the_faces_and_zero() {
    let mut centres = vec![
        HALF_PERIOD,
        -HALF_PERIOD,
        0.0,
        PERIOD,
        -PERIOD,
        3.0 * HALF_PERIOD,
        -3.0 * HALF_PERIOD,
    ];
    centres.extend([1e-17, -1e-17, -1e-300]);
    for centre in centres {
        let mut below = centre;
        let mut above = centre;
        for _ in 0..8 {
            for x in [below, above] {
                let w = wrap(x);
                assert!(
                    (-HALF_PERIOD..HALF_PERIOD).contains(&w),
                    "wrap({x:e}) = {w:e}"
                );
                // Periodically the same point (up to rounding of one shift).
                let back = displacement_1d(w - x);
                assert!(back.abs() < 1e-14, "wrap({x:e}) = {w:e} moved by {back:e}");
            }
            below = below.next_down();
            above = above.next_up();
        }
    }
}

#[test]
fn wrap_handles_far_values() {
    assert_eq!(wrap(8.4 * 3.0 + 1.0), wrap(1.0 + 8.4 * 3.0));
    let w = wrap(-100.0);
    assert!((-HALF_PERIOD..HALF_PERIOD).contains(&w));
    assert!((w - (-100.0 + 12.0 * PERIOD)).abs() < 1e-12);
}

#[test]
fn displacement_is_the_shortest_periodic_one() {
    assert_eq!(displacement_1d(1.0), 1.0);
    assert_eq!(displacement_1d(-1.0), -1.0);
    // A boid just behind the opposite face is close.
    let d = displacement_1d(4.1 - (-4.1));
    assert!((d - (-0.2)).abs() < 1e-12, "{d}");
    let d = displacement_1d(-4.1 - 4.1);
    assert!((d - 0.2).abs() < 1e-12, "{d}");
}

#[test]
fn displacement_tie_resolves_to_minus_half_period() {
    assert_eq!(displacement_1d(HALF_PERIOD), -HALF_PERIOD);
    assert_eq!(displacement_1d(-HALF_PERIOD), -HALF_PERIOD);
}

#[test]
fn displacement_lies_in_half_open_range() {
    let mut d = -PERIOD;
    while d < PERIOD {
        for x in [d, d.next_up(), d.next_down()] {
            let delta = displacement_1d(x);
            assert!(
                (-HALF_PERIOD..HALF_PERIOD).contains(&delta),
                "δ({x}) = {delta}"
            );
        }
        d += 0.0137;
    }
}

#[test]
fn displacement_vector_goes_from_first_to_second() {
    let a = Vec3::new(4.0, 0.0, -4.0);
    let b = Vec3::new(-4.0, 1.0, 4.0);
    let delta = displacement(&a, &b);
    assert!(
        (delta - Vec3::new(0.4, 1.0, -0.4)).norm() < 1e-12,
        "{delta}"
    );
}

// --- Neighbours and components ------------------------------------------

#[test]
fn neighbour_exactly_at_the_radius_counts() {
    let r = 1.0;
    let s = swarm_at(
        Params {
            radius: r,
            ..params(2)
        },
        &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]],
        &[[0.0; 3], [0.0; 3]],
    );
    assert_eq!(s.steering()[0].neighbours, 1);
    assert_eq!(s.steering()[1].neighbours, 1);
}

#[test]
fn neighbour_one_ulp_beyond_the_radius_does_not_count() {
    let r = 1.0;
    let far = 1.0f64.next_up();
    let s = swarm_at(
        Params {
            radius: r,
            ..params(2)
        },
        &[[0.0, 0.0, 0.0], [far, 0.0, 0.0]],
        &[[0.0; 3], [0.0; 3]],
    );
    assert_eq!(s.steering()[0].neighbours, 0);
}

#[test]
fn neighbour_across_the_seam_counts() {
    let s = swarm_at(
        Params {
            radius: 1.0,
            ..params(2)
        },
        &[[-4.1, 0.0, 0.0], [4.1, 0.0, 0.0]],
        &[[0.0; 3], [0.0; 3]],
    );
    let a = s.steering()[0];
    assert_eq!(a.neighbours, 1);
    // C points from boid 0 backwards across the seam.
    assert!(
        (a.cohesion - Vec3::new(-0.2, 0.0, 0.0)).norm() < 1e-12,
        "{}",
        a.cohesion
    );
    // Separation pushes away from the neighbour: forwards.
    assert_eq!(a.separation, Vec3::new(1.0, 0.0, 0.0));
}

#[test]
fn without_neighbours_all_components_are_zero() {
    let s = swarm_at(params(1), &[[0.3, 0.2, 0.1]], &[[1.0, 0.0, 0.0]]);
    let c = s.steering()[0];
    assert_eq!(c.neighbours, 0);
    assert_eq!(c.separation, Vec3::zeros());
    assert_eq!(c.alignment, Vec3::zeros());
    assert_eq!(c.cohesion, Vec3::zeros());
}

#[test]
fn single_boid_moves_straight_on() {
    let mut s = swarm_at(params(1), &[[4.19, 0.0, 0.0]], &[[1.0, 0.5, 0.0]]);
    s.step();
    assert_eq!(s.velocities()[0], Vec3::new(1.0, 0.5, 0.0));
    let expected = wrap(4.19 + STEP_SECONDS * 1.0);
    assert_eq!(
        s.positions()[0],
        Vec3::new(expected, STEP_SECONDS * 0.5, 0.0)
    );
}

#[test]
fn coincident_boids_count_for_alignment_and_cohesion_but_not_separation() {
    let s = swarm_at(
        params(2),
        &[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]],
        &[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
    );
    let c = s.steering()[0];
    assert_eq!(c.neighbours, 1);
    assert_eq!(c.separation, Vec3::zeros());
    assert_eq!(c.cohesion, Vec3::zeros());
    assert_eq!(c.alignment, Vec3::new(-1.0, 1.0, 0.0));
}

#[test]
fn separation_only_strictly_inside_035_r_and_summed() {
    let r = 1.0;
    let sep = 0.35 * r;
    // Neighbours at +x (inside), −y (inside), and +z exactly at 0.35·r (not inside).
    let s = swarm_at(
        Params {
            radius: r,
            ..params(4)
        },
        &[
            [0.0, 0.0, 0.0],
            [0.1, 0.0, 0.0],
            [0.0, -0.2, 0.0],
            [0.0, 0.0, sep],
        ],
        &[[0.0; 3]; 4],
    );
    let c = s.steering()[0];
    assert_eq!(c.neighbours, 3);
    // A sum of unit vectors, not a mean.
    assert_eq!(c.separation, Vec3::new(-1.0, 1.0, 0.0));
}

#[test]
fn alignment_is_mean_neighbour_velocity_minus_own() {
    let s = swarm_at(
        params(3),
        &[[0.0, 0.0, 0.0], [0.5, 0.0, 0.0], [0.0, 0.5, 0.0]],
        &[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.5]],
    );
    let c = s.steering()[0];
    assert_eq!(c.neighbours, 2);
    assert_eq!(
        c.alignment,
        Vec3::new(0.0 / 2.0 - 1.0, 1.0 / 2.0, 1.5 / 2.0)
    );
    assert_eq!(c.cohesion, Vec3::new(0.25, 0.25, 0.0));
}

#[test]
fn components_read_the_same_old_state_for_every_boid() {
    // Swapping the order of two boids must mirror the result: no boid sees
    // another's already-updated state.
    let p = [[0.0, 0.0, 0.0], [0.3, 0.0, 0.0]];
    let v = [[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0]];
    let mut a = swarm_at(params(2), &p, &v);
    let mut b = swarm_at(params(2), &[p[1], p[0]], &[v[1], v[0]]);
    a.step();
    b.step();
    assert_eq!(a.velocities()[0], b.velocities()[1]);
    assert_eq!(a.velocities()[1], b.velocities()[0]);
    assert_eq!(a.positions()[0], b.positions()[1]);
    // Symmetric situation gives symmetric velocities.
    assert_eq!(a.velocities()[0].x, -a.velocities()[1].x);
}

#[test]
fn step_applies_the_weights_then_caps_then_wraps() {
    let p = Params {
        separation: 0.5,
        alignment: 0.1,
        cohesion: 0.2,
        max_speed: 2.0,
        ..params(3)
    };
    let positions = [[4.19, 0.0, 0.0], [-4.15, 0.1, 0.0], [4.15, -0.3, 0.2]];
    let velocities = [[1.9, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]];
    let mut s = swarm_at(p, &positions, &velocities);
    let before = s.steering().to_vec();
    s.step();
    for i in 0..3 {
        let v = Vec3::from(velocities[i]);
        let c = before[i];
        let u = Vec3::new(
            v.x + p.separation * c.separation.x
                + p.alignment * c.alignment.x
                + p.cohesion * c.cohesion.x,
            v.y + p.separation * c.separation.y
                + p.alignment * c.alignment.y
                + p.cohesion * c.cohesion.y,
            v.z + p.separation * c.separation.z
                + p.alignment * c.alignment.z
                + p.cohesion * c.cohesion.z,
        );
        let v_new = cap(u, p.max_speed);
        assert_eq!(s.velocities()[i], v_new);
        let x = Vec3::from(positions[i]);
        let x_new = Vec3::new(
            wrap(x.x + 0.04 * v_new.x),
            wrap(x.y + 0.04 * v_new.y),
            wrap(x.z + 0.04 * v_new.z),
        );
        assert_eq!(s.positions()[i], x_new);
        if i == 0 {
            // Boid 0 crossed the upper face and came in at the lower one.
            assert!(x.x + 0.04 * v_new.x >= HALF_PERIOD);
            assert!(s.positions()[0].x < -4.0);
        }
    }
}

#[test]
fn cap_limits_to_max_speed_and_keeps_slower_ones() {
    let u = Vec3::new(3.0, 4.0, 0.0);
    let capped = cap(u, 2.0);
    assert!((length(&capped) - 2.0).abs() < 1e-15);
    assert_eq!(capped, Vec3::new(3.0 * 0.4, 4.0 * 0.4, 0.0));
    assert_eq!(cap(Vec3::new(0.1, 0.2, 0.3), 2.0), Vec3::new(0.1, 0.2, 0.3));
    assert_eq!(cap(Vec3::zeros(), 2.0), Vec3::zeros());
}

#[test]
fn step_counter_is_an_integer_and_time_derives_from_it() {
    let mut s = Swarm::new(&params(5)).unwrap();
    assert_eq!(s.step_count(), 0);
    assert_eq!(s.time_seconds(), 0.0);
    for _ in 0..25 {
        s.step();
    }
    assert_eq!(s.step_count(), 25);
    assert_eq!(s.time_seconds(), 25.0 * 0.04);
}

#[test]
fn mean_speed_is_the_mean_of_the_speeds_not_the_speed_of_the_mean() {
    let s = swarm_at(
        params(2),
        &[[0.0; 3], [3.0, 3.0, 3.0]],
        &[[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0]],
    );
    assert_eq!(s.mean_speed(), 1.0);
}

#[test]
fn radius_close_to_half_the_cube_counts_everyone_once() {
    let p = Params {
        radius: 4.2,
        ..params(40)
    };
    let s = Swarm::new(&p).unwrap();
    let reference = steering_brute_force(s.positions(), s.velocities(), p.radius);
    for (i, (got, want)) in s.steering().iter().zip(&reference).enumerate() {
        assert_eq!(got.neighbours, want.neighbours, "boid {i}");
        assert!(got.neighbours <= 39);
    }
}

// --- Initial state --------------------------------------------------------

#[test]
fn lcg_golden_values() {
    let mut rng = Lcg::new(0);
    assert_eq!(rng.next_u32(), 1_013_904_223);
    assert_eq!(rng.next_u32(), 1_196_435_762);
    assert_eq!(rng.next_u32(), 3_519_870_697);
    assert_eq!(Lcg::new(0).next_unit(), 1_013_904_223.0 / 4_294_967_296.0);
    let mut wraps = Lcg::new(u32::MAX);
    assert_eq!(
        wraps.next_u32(),
        u32::MAX.wrapping_mul(1_664_525).wrapping_add(1_013_904_223)
    );
}

#[test]
fn initial_state_follows_the_draw_order() {
    let p = Params {
        seed: 0,
        max_speed: 50.0,
        ..params(2)
    };
    let s = Swarm::new(&p).unwrap();
    let mut rng = Lcg::new(0);
    for i in 0..2 {
        let pos: Vec<f64> = (0..3)
            .map(|_| (rng.next_unit() - 0.5) * 4.2 * 1.6)
            .collect();
        let vel: Vec<f64> = (0..3).map(|_| (rng.next_unit() - 0.5) * 2.0).collect();
        assert_eq!(s.positions()[i], Vec3::new(pos[0], pos[1], pos[2]));
        assert_eq!(s.velocities()[i], Vec3::new(vel[0], vel[1], vel[2]));
    }
    assert_eq!(
        s.positions()[0].x,
        (1_013_904_223.0 / 4_294_967_296.0 - 0.5) * 4.2 * 1.6
    );
}

#[test]
fn initial_velocity_is_capped() {
    let p = Params {
        seed: 7,
        max_speed: 0.3,
        ..params(500)
    };
    let s = Swarm::new(&p).unwrap();
    let mut capped = 0;
    for v in s.velocities() {
        assert!(length(v) <= 0.3 * (1.0 + 1e-15));
        if (length(v) - 0.3).abs() < 1e-12 {
            capped += 1;
        }
    }
    assert!(capped > 100, "{capped} capped");
}

#[test]
fn initial_positions_lie_in_the_cube() {
    let s = Swarm::new(&Params {
        seed: 0,
        ..params(5000)
    })
    .unwrap();
    for p in s.positions() {
        for c in [p.x, p.y, p.z] {
            assert!((-HALF_PERIOD..HALF_PERIOD).contains(&c));
        }
    }
}

#[test]
fn same_seed_gives_bit_identical_state_after_1000_steps() {
    let p = Params {
        seed: 42,
        ..params(300)
    };
    let mut a = Swarm::new(&p).unwrap();
    let mut b = Swarm::new(&p).unwrap();
    for _ in 0..1000 {
        a.step();
        b.step();
    }
    assert_eq!(a.to_json(), b.to_json());
    let other = Swarm::new(&Params { seed: 43, ..p }).unwrap();
    assert_ne!(a.positions()[0], other.positions()[0]);
}

// --- Parameters -------------------------------------------------------------

#[test]
fn defaults_are_the_spec_defaults_and_valid() {
    let p = Params::default();
    assert_eq!((p.count, p.seed), (200, 1));
    assert_eq!(
        (p.radius, p.separation, p.alignment, p.cohesion, p.max_speed),
        (1.2, 0.5, 0.1, 0.2, 2.0)
    );
    assert!(p.validate().is_ok());
}

#[test]
fn parser_accepts_comma_point_and_spaces() {
    assert_eq!(ParamField::Radius.parse("0,35").unwrap(), 0.35);
    assert_eq!(ParamField::Radius.parse("0.35").unwrap(), 0.35);
    assert_eq!(ParamField::Radius.parse("  1,2 ").unwrap(), 1.2);
    assert_eq!(ParamField::Radius.parse(",5").unwrap(), 0.5);
    assert_eq!(ParamField::Count.parse(" 50000 ").unwrap(), 50_000.0);
    assert_eq!(ParamField::Seed.parse("0").unwrap(), 0.0);
    assert_eq!(ParamField::Count.parse("0200").unwrap(), 200.0);
    assert_eq!(
        ParamField::Seed.parse("4294967295").unwrap(),
        4_294_967_295.0
    );
    assert_eq!(ParamField::Separation.parse("0").unwrap(), 0.0);
    assert_eq!(ParamField::Separation.parse("10").unwrap(), 10.0);
    assert_eq!(ParamField::MaxSpeed.parse("50").unwrap(), 50.0);
    assert_eq!(ParamField::Radius.parse("4,2").unwrap(), 4.2);
}

#[test]
fn parser_rejects_everything_else_naming_field_and_reason() {
    let empty = |field| ParamError::Empty { field };
    let not_a_number = |field, text: &str| ParamError::NotANumber {
        field,
        text: text.to_owned(),
    };
    let out_of_range = |field: ParamField| ParamError::OutOfRange {
        field,
        range: field.range(),
    };
    let radius = ParamField::Radius;
    let cases = [
        (radius, "", empty(radius)),
        (radius, "   ", empty(radius)),
        (radius, "abc", not_a_number(radius, "abc")),
        (radius, " NaN ", not_a_number(radius, "NaN")),
        (radius, "inf", not_a_number(radius, "inf")),
        (radius, "1e999", not_a_number(radius, "1e999")),
        (radius, "1,2,3", not_a_number(radius, "1,2,3")),
        (radius, "0", out_of_range(radius)),
        (radius, "4,2000001", out_of_range(radius)),
        (radius, "-1", out_of_range(radius)),
        (ParamField::Count, "1,5", out_of_range(ParamField::Count)),
        // Digits only: „1.000“ is never one thousand.
        (ParamField::Count, "1.000", out_of_range(ParamField::Count)),
        (ParamField::Count, "0", out_of_range(ParamField::Count)),
        (ParamField::Count, "50001", out_of_range(ParamField::Count)),
        (
            ParamField::Seed,
            "4294967296",
            out_of_range(ParamField::Seed),
        ),
        (ParamField::Seed, "-1", out_of_range(ParamField::Seed)),
        // Whole numbers are digits only: no sign, not even on zero.
        (ParamField::Seed, "-0", out_of_range(ParamField::Seed)),
        (ParamField::Count, "+5", out_of_range(ParamField::Count)),
        (
            ParamField::Seed,
            "99999999999999999999999",
            out_of_range(ParamField::Seed),
        ),
        (ParamField::Count, "+", not_a_number(ParamField::Count, "+")),
        (
            ParamField::Cohesion,
            "10,01",
            out_of_range(ParamField::Cohesion),
        ),
        (
            ParamField::Alignment,
            "-0,1",
            out_of_range(ParamField::Alignment),
        ),
        (
            ParamField::Separation,
            "x",
            not_a_number(ParamField::Separation, "x"),
        ),
        (
            ParamField::MaxSpeed,
            "0",
            out_of_range(ParamField::MaxSpeed),
        ),
        (
            ParamField::MaxSpeed,
            "50,5",
            out_of_range(ParamField::MaxSpeed),
        ),
    ];
    for (field, text, expected) in cases {
        let error = field.parse(text).unwrap_err();
        assert_eq!(error.field(), field);
        assert_eq!(error, expected, "{field:?} {text:?}");
    }
    // A digit string too long for f64 is out of range, not a crash.
    let huge = "9".repeat(400);
    assert_eq!(
        ParamField::Radius.parse(&huge).unwrap_err(),
        out_of_range(ParamField::Radius)
    );
}

#[test]
fn ranges_are_the_spec_ranges() {
    let bounds = ParamField::ALL.map(|field| {
        let range = field.range();
        (range.min, range.max, range.min_exclusive, range.integer)
    });
    assert_eq!(
        bounds,
        [
            (1.0, 50_000.0, false, true),
            (0.0, 4_294_967_295.0, false, true),
            (0.0, 4.2, true, false),
            (0.0, 10.0, false, false),
            (0.0, 10.0, false, false),
            (0.0, 10.0, false, false),
            (0.0, 50.0, true, false),
        ]
    );
    assert!(ParamField::Radius.accepts(4.2));
    assert!(!ParamField::Radius.accepts(0.0));
    assert!(ParamField::Cohesion.accepts(0.0));
    assert!(!ParamField::Count.accepts(1.5));
    assert!(!ParamField::Separation.accepts(f64::NAN));
    assert!(!ParamField::Separation.accepts(f64::INFINITY));
}

#[test]
fn validation_names_the_failing_field() {
    let bad = Params {
        cohesion: 11.0,
        ..Params::default()
    };
    let error = bad.validate().unwrap_err();
    assert_eq!(error.field(), ParamField::Cohesion);
    let bad = Params {
        radius: f64::NAN,
        ..Params::default()
    };
    assert_eq!(bad.validate().unwrap_err().field(), ParamField::Radius);
    assert!(
        Swarm::new(&Params {
            count: 0,
            ..Params::default()
        })
        .is_err()
    );
}
