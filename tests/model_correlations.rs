//! Structure and correlations of a state (SPEC §10) on hand-made states:
//! the bins and their edges, g, C and ξ, the CSV, and the order of the sums
//! that makes every number of threads give the same bits.

use boids_schwarm::model::{
    BinSums, CORRELATION_BINS, CORRELATIONS_HEADER, Correlations, Lcg, PERIOD, Vec3, bin_of,
    block_count, block_sums, displacement, displacement_1d, displacement_of_coordinates, length,
    shell_volume, velocity_deviations,
};

fn v(x: f64, y: f64, z: f64) -> Vec3 {
    Vec3::new(x, y, z)
}

/// `n` boids scattered uniformly over the whole cube, with velocities in
/// [-1, 1)³, from `seed`.
fn scattered(n: usize, seed: u32) -> (Vec<Vec3>, Vec<Vec3>) {
    let mut lcg = Lcg::new(seed);
    let mut draw = |scale: f64| (lcg.next_unit() - 0.5) * scale;
    let mut positions = Vec::with_capacity(n);
    let mut velocities = Vec::with_capacity(n);
    for _ in 0..n {
        positions.push(v(draw(PERIOD), draw(PERIOD), draw(PERIOD)));
        velocities.push(v(draw(2.0), draw(2.0), draw(2.0)));
    }
    (positions, velocities)
}

fn volume() -> f64 {
    PERIOD * PERIOD * PERIOD
}

#[test]
fn two_boids_across_the_seam_are_one_pair_at_their_short_distance() {
    // 8.13 apart in the numbers, 0.27 through the face at x = ±4.2.
    let positions = [v(-4.1, 0.0, 0.0), v(4.03, 0.0, 0.0)];
    let velocities = [v(1.0, 0.0, 0.0), v(-1.0, 0.0, 0.0)];
    let found = Correlations::of(&positions, &velocities, 1).expect("two boids");
    let counted: Vec<(usize, u64)> = (0..CORRELATION_BINS)
        .filter(|&bin| found.pairs[bin] > 0)
        .map(|bin| (bin, found.pairs[bin]))
        .collect();
    assert_eq!(counted, [(5, 1)], "one pair, in [0,25; 0,30)");
    // g_b = L³ · 2·1 / (2·1·V_b) in its bin, 0 elsewhere.
    assert_eq!(
        found.pair_correlation[5],
        volume() * 2.0 / (2.0 * shell_volume(5))
    );
    assert!(
        (0..CORRELATION_BINS)
            .filter(|&b| b != 5)
            .all(|b| found.pair_correlation[b] == 0.0)
    );
    // V̄ = 0, δv = ±(1, 0, 0), s² = 1: the pair deviates oppositely.
    assert_eq!(found.velocity_correlation[5], Some(-1.0));
    assert!(
        (0..CORRELATION_BINS)
            .filter(|&b| b != 5)
            .all(|b| found.velocity_correlation[b].is_none())
    );
    // The first defined bin is already ≤ 0: ξ is its centre.
    assert_eq!(found.correlation_length, Some(5.5 / 20.0));
}

#[test]
fn a_lattice_has_its_shells_and_nothing_between() {
    // 5 × 5 × 5 boids 1,68 apart fill the cube periodically; per boid the
    // shells at 1,68·√k hold 6, 12, 8, 6, 24, 24 boids for k = 1 … 6, and
    // the next (k = 8, 4,75) lies beyond 4,2.
    let step = PERIOD / 5.0;
    let mut positions = Vec::new();
    for i in 0..5 {
        for j in 0..5 {
            for k in 0..5 {
                let at = |n: i32| -4.2 + step * f64::from(n) + 0.01;
                positions.push(v(at(i), at(j), at(k)));
            }
        }
    }
    let velocities: Vec<Vec3> = (0..125).map(|i| v(f64::from(i % 3), 0.0, 1.0)).collect();
    let found = Correlations::of(&positions, &velocities, 1).expect("125 boids");
    let shells: Vec<(usize, u64)> = (0..CORRELATION_BINS)
        .filter(|&bin| found.pairs[bin] > 0)
        .map(|bin| (bin, found.pairs[bin]))
        .collect();
    // Bins of 1,68, 2,376, 2,910, 3,36, 3,757 and 4,115.
    assert_eq!(
        shells,
        [
            (33, 375),
            (47, 750),
            (58, 500),
            (67, 375),
            (75, 1500),
            (82, 1500)
        ]
    );
    for bin in 0..CORRELATION_BINS {
        let m = found.pairs[bin] as f64;
        let expected = volume() * 2.0 * m / (125.0 * 124.0 * shell_volume(bin));
        assert_eq!(found.pair_correlation[bin], expected, "bin {bin}");
    }
}

#[test]
fn boids_scattered_at_random_have_g_near_one() {
    let (positions, velocities) = scattered(3000, 11);
    let found = Correlations::of(&positions, &velocities, 2).expect("many boids");
    // From r = 1 on every bin holds thousands of pairs: within 10 %.
    for bin in 20..CORRELATION_BINS {
        let g = found.pair_correlation[bin];
        assert!((g - 1.0).abs() < 0.1, "bin {bin}: g = {g}");
    }
    // Independent velocities: C near 0 everywhere it is defined.
    for bin in 20..CORRELATION_BINS {
        let c = found.velocity_correlation[bin].expect("defined");
        assert!(c.abs() < 0.1, "bin {bin}: C = {c}");
    }
}

#[test]
fn equal_velocities_leave_c_and_xi_empty() {
    let (positions, _) = scattered(50, 3);
    // Dyadic components: the mean is exact, so s² is exactly 0 (with 0,3
    // it would be rounding's 1e-32, and C its noise, as the spec's
    // formulas say).
    let velocities = vec![v(0.5, -0.25, 1.0); 50];
    let (_, spread) = velocity_deviations(&velocities);
    assert_eq!(spread, 0.0, "s² = 0");
    let found = Correlations::of(&positions, &velocities, 1).expect("50 boids");
    assert!(found.velocity_correlation.iter().all(Option::is_none));
    assert_eq!(found.correlation_length, None);
    assert!(
        found.pairs.iter().sum::<u64>() > 0,
        "g is there all the same"
    );
}

#[test]
fn xi_interpolates_where_c_changes_sign_between_two_bins() {
    // A–B 0,52 apart (bin 10), A–C 1,02 (bin 20), B–C 1,54 (bin 30).
    let positions = [v(0.0, 0.0, 0.0), v(0.52, 0.0, 0.0), v(-1.02, 0.0, 0.0)];
    let velocities = [v(1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(-2.0, 0.0, 0.0)];
    let found = Correlations::of(&positions, &velocities, 1).expect("three boids");
    // V̄ = 0, s² = (1 + 1 + 4)/3 = 2.
    assert_eq!(found.velocity_correlation[10], Some(0.5));
    assert_eq!(found.velocity_correlation[20], Some(-1.0));
    assert_eq!(found.velocity_correlation[30], Some(-1.0));
    // Between the centres 0,525 (C' = 0,5) and 1,025 (C = −1).
    let xi = found.correlation_length.expect("C falls below 0");
    assert!((xi - (0.525 + 0.5 * 0.5 / 1.5)).abs() < 1e-12, "ξ = {xi}");
    assert!(found.csv(0).starts_with(&format!(
        "# boids-schwarm-correlations version=1 count=3 step=0 correlation_length={xi}\n"
    )));
}

#[test]
fn c_that_never_falls_to_zero_has_no_xi() {
    // Two close pairs at opposite corners of the cube: the pairs between
    // them are beyond 4,2 and not counted, so C is defined only at 0,52.
    let far = |x: f64| v(-4.2 + x, -4.2, -4.2);
    let positions = [v(0.0, 0.0, 0.0), v(0.52, 0.0, 0.0), far(0.0), far(0.52)];
    let velocities = [
        v(1.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(-1.0, 0.0, 0.0),
        v(-1.0, 0.0, 0.0),
    ];
    let found = Correlations::of(&positions, &velocities, 1).expect("four boids");
    assert_eq!(found.pairs.iter().sum::<u64>(), 2);
    assert_eq!(found.velocity_correlation[10], Some(1.0));
    assert_eq!(found.correlation_length, None);
}

#[test]
fn a_distance_at_a_bin_edge_falls_as_floor_of_twenty_d_says() {
    for bin in 1..CORRELATION_BINS {
        let edge = bin as f64 / 20.0;
        for d in [
            edge.next_down().next_down(),
            edge.next_down(),
            edge,
            edge.next_up(),
        ] {
            let expected = ((20.0 * d).floor() as usize).min(CORRELATION_BINS - 1);
            assert_eq!(bin_of(d), Some(expected), "d = {d:e}");
            assert!(expected == bin || expected + 1 == bin, "d = {d:e}");
        }
    }
    // 0,05 itself is just above 1/20 in binary: bin 1; just below: bin 0.
    assert_eq!(bin_of(0.05), Some(1));
    assert_eq!(bin_of(0.05f64.next_down().next_down()), Some(0));
    assert_eq!(bin_of(0.0), Some(0));
    assert_eq!(bin_of(4.2), None, "4,2 is not counted");
    assert_eq!(
        bin_of(4.2f64.next_down()),
        Some(83),
        "just below 4,2: the last bin"
    );
    assert_eq!(bin_of(7.0), None);
}

#[test]
fn coincident_boids_are_a_pair_at_distance_zero() {
    let positions = [v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)];
    let velocities = [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)];
    let found = Correlations::of(&positions, &velocities, 1).expect("two boids");
    assert_eq!(found.pairs[0], 1);
    assert!(found.pair_correlation[0] > 0.0);
}

#[test]
fn one_boid_has_no_correlations() {
    assert_eq!(
        Correlations::of(&[v(0.0, 0.0, 0.0)], &[v(1.0, 0.0, 0.0)], 1),
        None
    );
    assert_eq!(Correlations::of(&[], &[], 4), None);
}

#[test]
fn every_number_of_threads_gives_the_same_bits() {
    let (positions, velocities) = scattered(1000, 5);
    let one = Correlations::of(&positions, &velocities, 1).expect("many boids");
    for threads in [2, 3, 8] {
        let many = Correlations::of(&positions, &velocities, threads).expect("many boids");
        assert_eq!(many.csv(7), one.csv(7), "{threads} threads");
        let bits = |c: &Correlations| -> Vec<u64> {
            c.pair_correlation
                .iter()
                .chain(c.velocity_correlation.iter().flatten())
                .map(|x| x.to_bits())
                .collect()
        };
        assert_eq!(bits(&many), bits(&one), "{threads} threads");
    }
    // Blocks computed one by one (as workers would) and put together.
    let (deviations, spread) = velocity_deviations(&velocities);
    let blocks: Vec<BinSums> = (0..block_count(positions.len()))
        .rev()
        .map(|block| block_sums(&positions, &deviations, block))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    assert_eq!(Correlations::assemble(1000, &blocks, spread), one);
}

#[test]
fn the_sums_agree_with_a_plain_count_of_every_pair() {
    let (positions, velocities) = scattered(300, 9);
    let found = Correlations::of(&positions, &velocities, 1).expect("many boids");
    let (deviations, spread) = velocity_deviations(&velocities);
    let mut pairs = [0u64; CORRELATION_BINS];
    let mut products = [0.0f64; CORRELATION_BINS];
    for i in 0..positions.len() {
        for j in 0..positions.len() {
            let d = length(&displacement(&positions[i], &positions[j]));
            if i != j && d < 4.2 {
                let bin = ((d * 20.0) as usize).min(83);
                pairs[bin] += 1;
                products[bin] += deviations[i].dot(&deviations[j]);
            }
        }
    }
    for bin in 0..CORRELATION_BINS {
        assert_eq!(2 * found.pairs[bin], pairs[bin], "bin {bin}");
        if let Some(c) = found.velocity_correlation[bin] {
            let plain = products[bin] / (pairs[bin] as f64 * spread);
            assert!((c - plain).abs() < 1e-9, "bin {bin}: {c} against {plain}");
        }
    }
}

#[test]
fn the_csv_has_a_row_per_bin_with_empty_fields_where_undefined() {
    let positions = [v(-4.1, 0.0, 0.0), v(4.03, 0.0, 0.0)];
    let velocities = [v(1.0, 0.0, 0.0), v(-1.0, 0.0, 0.0)];
    let csv = Correlations::of(&positions, &velocities, 1)
        .expect("two boids")
        .csv(12);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "# boids-schwarm-correlations version=1 count=2 step=12 correlation_length=0.275"
    );
    assert_eq!(lines[1], CORRELATIONS_HEADER);
    assert_eq!(lines.len(), 2 + CORRELATION_BINS);
    assert_eq!(lines[2], "0,0.05,0,0,");
    assert!(lines[7].starts_with("0.25,0.3,1,"), "{}", lines[7]);
    assert!(lines[7].ends_with(",-1"), "{}", lines[7]);
    assert_eq!(lines[85], "4.15,4.2,0,0,");
    assert!(csv.ends_with('\n'));
    let all_equal = Correlations::of(&positions, &[velocities[0]; 2], 1)
        .expect("two boids")
        .csv(0);
    assert!(
        all_equal
            .lines()
            .next()
            .unwrap()
            .ends_with("correlation_length=")
    );
}

#[test]
fn the_pair_loops_displacement_is_the_spec_formula_bit_for_bit() {
    let mut lcg = Lcg::new(21);
    let mut values: Vec<f64> = (0..200_000)
        .map(|_| (lcg.next_unit() - 0.5) * 2.0 * PERIOD)
        .collect();
    for edge in [4.19, 4.2, 4.21, PERIOD, 0.0] {
        let mut at = edge;
        for _ in 0..40 {
            values.extend([at, -at]);
            at = at.next_down();
        }
        at = edge;
        for _ in 0..40 {
            values.extend([at, -at]);
            at = at.next_up();
        }
    }
    for d in values.into_iter().filter(|d| d.abs() < PERIOD) {
        assert_eq!(
            displacement_of_coordinates(d).to_bits(),
            displacement_1d(d).to_bits(),
            "d = {d:e}"
        );
    }
}

#[test]
fn a_pair_half_a_period_apart_is_not_counted() {
    // δ = −4,2 exactly: the tie of §1, at the end of the range.
    let positions = [v(-2.1, 0.0, 0.0), v(2.1, 0.0, 0.0)];
    let velocities = [v(1.0, 0.0, 0.0), v(-1.0, 0.0, 0.0)];
    assert_eq!(length(&displacement(&positions[0], &positions[1])), 4.2);
    let found = Correlations::of(&positions, &velocities, 1).expect("two boids");
    assert_eq!(found.pairs.iter().sum::<u64>(), 0);
    assert_eq!(found.correlation_length, None);
}
