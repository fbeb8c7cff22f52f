#![cfg(not(target_arch = "wasm32"))]
//! The measures of SPEC §6: crafted states with values computed by hand, and
//! the grid-based computation against the brute-force reference, bit for bit,
//! on random states of every kind and for every valid radius.

use boids_schwarm::model::{
    HALF_PERIOD, Measure, MeasureAssembler, MeasureShare, Measures, Params, SERIES_HEADER, Share,
    Swarm, Vec3, measures_brute_force, steering_cell_list,
};
use proptest::prelude::*;

mod model_support;
use model_support::positions;

/// The measures as the swarm computes them (neighbour counts from the cell
/// list), after checking them against the brute-force reference bit for bit.
fn measures(positions: &[Vec3], velocities: &[Vec3], radius: f64) -> Measures {
    let steering = steering_cell_list(positions, velocities, radius);
    let fast = Measures::new(positions, velocities, &steering, radius);
    assert_same(&fast, &measures_brute_force(positions, velocities, radius));
    fast
}

fn bits(m: &Measures) -> [Option<u64>; 6] {
    Measure::ALL.map(|measure| m.get(measure).map(f64::to_bits))
}

fn assert_same(fast: &Measures, slow: &Measures) {
    assert_eq!(bits(fast), bits(slow), "{fast:?} vs {slow:?}");
}

fn at_rest(n: usize) -> Vec<Vec3> {
    vec![Vec3::zeros(); n]
}

#[test]
fn a_single_boid() {
    let m = measures(
        &[Vec3::new(1.0, 2.0, 3.0)],
        &[Vec3::new(0.0, 0.0, -1.5)],
        1.2,
    );
    assert_eq!(
        m,
        Measures {
            mean_speed: 1.5,
            polarization: 1.0,
            mean_neighbours: 0.0,
            groups: 1,
            largest_group: 1,
            mean_nearest_distance: None,
        }
    );
}

#[test]
fn all_at_rest_have_no_order() {
    let positions = [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(2.0, 0.0, 0.0),
        Vec3::new(0.0, 3.0, 0.0),
    ];
    let m = measures(&positions, &at_rest(3), 1.2);
    assert_eq!(m.mean_speed, 0.0);
    assert_eq!(m.polarization, 0.0);
    assert_eq!((m.groups, m.largest_group), (3, 1));
    assert_eq!(m.mean_neighbours, 0.0);
    // Nearest: 2, 2 and 3 (not √13, the distance to the second boid).
    assert_eq!(m.mean_nearest_distance, Some((2.0 + 2.0 + 3.0) / 3.0));
}

#[test]
fn polarization_of_crafted_headings() {
    let p = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(3.0, 0.0, 0.0)];
    let polarization = |v: [Vec3; 2]| measures(&p, &v, 1.0).polarization;
    // Same heading, other speeds: 1.
    assert_eq!(
        polarization([Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0)]),
        1.0
    );
    // Opposite: 0.
    assert_eq!(
        polarization([Vec3::new(1.0, 0.0, 0.0), Vec3::new(-3.0, 0.0, 0.0)]),
        0.0
    );
    // Perpendicular: |(1, 1, 0)| / 2.
    assert_eq!(
        polarization([Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 2.0, 0.0)]),
        2f64.sqrt() / 2.0
    );
    // A boid at rest adds nothing, but counts in N.
    assert_eq!(polarization([Vec3::zeros(), Vec3::new(0.0, 0.0, 5.0)]), 0.5);
}

#[test]
fn coincident_boids_are_one_group_at_distance_zero() {
    let p = vec![Vec3::new(-4.2, 1.0, 4.0); 4];
    let v = vec![Vec3::new(0.0, 1.0, 0.0); 4];
    let m = measures(&p, &v, 0.1);
    assert_eq!(m.mean_neighbours, 3.0);
    assert_eq!((m.groups, m.largest_group), (1, 4));
    assert_eq!(m.mean_nearest_distance, Some(0.0));
    assert_eq!((m.mean_speed, m.polarization), (1.0, 1.0));
}

#[test]
fn boids_exactly_r_apart_are_linked_just_beyond_not() {
    let r = 1.5;
    let p = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.0, r, 0.0)];
    let m = measures(&p, &at_rest(2), r);
    assert_eq!((m.groups, m.largest_group, m.mean_neighbours), (1, 2, 1.0));
    assert_eq!(m.mean_nearest_distance, Some(r));

    let beyond = r.next_up();
    let p = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.0, beyond, 0.0)];
    let m = measures(&p, &at_rest(2), r);
    assert_eq!((m.groups, m.largest_group, m.mean_neighbours), (2, 1, 0.0));
    // Not a neighbour, but still the nearest boid.
    assert_eq!(m.mean_nearest_distance, Some(beyond));
}

#[test]
fn a_chain_is_one_group_and_a_loner_its_own() {
    // 0 — 1 — 2 linked in a chain (0 and 2 are 2 apart), −3 alone: it is
    // 3 from 0 and, across the seam, 8.4 − 5 = 3.4 from 2.
    let p = [0.0, 1.0, 2.0, -3.0].map(|x| Vec3::new(x, 0.0, 0.0));
    let m = measures(&p, &at_rest(4), 1.0);
    assert_eq!((m.groups, m.largest_group), (2, 3));
    assert_eq!(m.mean_neighbours, (1 + 2 + 1) as f64 / 4.0);
    assert_eq!(m.mean_nearest_distance, Some((1.0 + 1.0 + 1.0 + 3.0) / 4.0));
}

#[test]
fn pairs_across_the_seam() {
    // x = 3.9 and −4.0 are 8.4 − 7.9 ≈ 0.5 apart across the face x = ±4.2;
    // y = −4.1 and 4.1 likewise ≈ 0.2 apart.
    let p = [
        Vec3::new(3.9, 0.0, 0.0),
        Vec3::new(-4.0, 0.0, 0.0),
        Vec3::new(0.0, -4.1, 2.0),
        Vec3::new(0.0, 4.1, 2.0),
    ];
    let m = measures(&p, &at_rest(4), 0.6);
    assert_eq!((m.groups, m.largest_group, m.mean_neighbours), (2, 2, 1.0));
    let across_x = ((-4.0f64 - 3.9) + 8.4).abs();
    let across_y = ((4.1f64 - -4.1) - 8.4).abs();
    assert!((across_x - 0.5).abs() < 1e-12 && (across_y - 0.2).abs() < 1e-12);
    assert_eq!(
        m.mean_nearest_distance,
        Some((across_x + across_x + across_y + across_y) / 4.0)
    );
}

#[test]
fn the_largest_radius_links_across_half_the_period() {
    // A and B are exactly 4.2 apart (a tie of the displacement, −4.2 both
    // ways): neighbours at r = 4.2. C is 4.2·√2 from B and 4.2·√3 from A.
    let h = HALF_PERIOD;
    let p = [
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(-h, 0.0, 0.0),
        Vec3::new(-h, -h, -h),
    ];
    let m = measures(&p, &at_rest(3), h);
    assert_eq!((m.groups, m.largest_group), (2, 2));
    assert_eq!(m.mean_neighbours, 2.0 / 3.0);
    let diagonal = (h * h + h * h).sqrt();
    assert_eq!(m.mean_nearest_distance, Some((h + h + diagonal) / 3.0));
}

#[test]
fn the_swarm_gives_the_same_as_the_reference() {
    for (count, radius, steps) in [
        (1, 1.2, 3),
        (2, 4.2, 5),
        (600, 1.2, 20),
        (1500, 0.3, 2),
        (1500, 4.2, 2),
    ] {
        let mut swarm = Swarm::new(&Params {
            count,
            radius,
            seed: 11,
            ..Params::default()
        })
        .unwrap();
        for _ in 0..steps {
            swarm.step();
        }
        let reference = measures_brute_force(swarm.positions(), swarm.velocities(), radius);
        assert_same(&swarm.measures(), &reference);
    }
}

#[test]
fn threads_give_the_same_bits() {
    for radius in [0.4, 1.2, 4.2] {
        let swarm = Swarm::new(&Params {
            count: 3_000,
            radius,
            seed: 2,
            ..Params::default()
        })
        .unwrap();
        let (p, v, s) = (swarm.positions(), swarm.velocities(), swarm.steering());
        let reference = measures_brute_force(p, v, radius);
        for threads in [1, 2, 3, 7] {
            assert_same(
                &Measures::with_threads(p, v, s, radius, threads),
                &reference,
            );
        }
    }
}

#[test]
fn series_csv_has_a_row_per_step() {
    let mut swarm = Swarm::new(&Params {
        count: 30,
        seed: 3,
        ..Params::default()
    })
    .unwrap();
    let mut copy = swarm.clone();
    let csv = swarm.series_csv(3);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], SERIES_HEADER);
    assert!(csv.ends_with('\n'));
    for (k, line) in lines[1..].iter().enumerate() {
        let m = copy.measures();
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 8);
        assert_eq!(fields[0], k.to_string());
        assert_eq!(fields[1].parse::<f64>().unwrap(), copy.time_seconds());
        assert_eq!(fields[5], m.groups.to_string());
        assert_eq!(
            fields[7].parse::<f64>().unwrap(),
            m.mean_nearest_distance.unwrap()
        );
        copy.step();
    }
    assert_eq!(swarm.step_count(), 3);
    // Undefined for one boid: an empty last field.
    let mut single = Swarm::new(&Params {
        count: 1,
        ..Params::default()
    })
    .unwrap();
    assert!(
        single
            .series_csv(0)
            .lines()
            .nth(1)
            .unwrap()
            .ends_with(",1,1,")
    );
}

/// The measures put together from `parts` shares computed apart (as the
/// Web Workers compute them), the shares handed in last to first.
fn assembled(positions: &[Vec3], velocities: &[Vec3], radius: f64, parts: u32) -> Measures {
    let steering = steering_cell_list(positions, velocities, radius);
    let mut assembler = MeasureAssembler::new(positions.len());
    for part in (0..parts).rev() {
        assert!(!assembler.is_complete(), "complete before share {part}");
        let share = Share::new(part, parts).unwrap();
        assembler
            .add(&MeasureShare::compute(positions, radius, share))
            .expect("shares do not overlap");
    }
    assert!(assembler.is_complete());
    assembler.finish(velocities, &steering).expect("complete")
}

/// Shares give the bits of the whole computation and of the reference.
fn assert_shares_agree(positions: &[Vec3], velocities: &[Vec3], radius: f64) {
    let steering = steering_cell_list(positions, velocities, radius);
    let whole = Measures::new(positions, velocities, &steering, radius);
    assert_same(&whole, &measures_brute_force(positions, velocities, radius));
    for parts in [1, 2, 3, 5, 8] {
        assert_same(&assembled(positions, velocities, radius, parts), &whole);
    }
}

#[test]
fn shares_put_together_equal_the_whole_computation() {
    for (count, radius, steps) in [
        (1, 1.2, 0),
        (2, 4.2, 3),
        (40, 0.6, 5),
        (700, 1.2, 10),
        (3_000, 1.0, 2),
        (3_000, 2.5, 1),
        (1_500, 4.2, 1),
    ] {
        let mut swarm = Swarm::new(&Params {
            count,
            radius,
            seed: 5,
            ..Params::default()
        })
        .unwrap();
        for _ in 0..steps {
            swarm.step();
        }
        assert_shares_agree(swarm.positions(), swarm.velocities(), radius);
    }
    // Across the seam, at the largest radius, coincident, all at rest.
    let h = HALF_PERIOD;
    let seam = [
        Vec3::new(h.next_down(), 0.0, 0.0),
        Vec3::new(-h, 0.0, 0.0),
        Vec3::new(0.0, -4.1, 2.0),
        Vec3::new(0.0, 4.1, 2.0),
        Vec3::new(1.0, 1.0, 1.0),
        Vec3::new(1.0, 1.0, 1.0),
    ];
    for radius in [0.3, 1.2, h] {
        assert_shares_agree(&seam, &at_rest(seam.len()), radius);
    }
}

#[test]
fn a_share_that_does_not_fit_is_refused() {
    let p = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0)];
    let whole = MeasureShare::compute(&p, 1.2, Share::WHOLE);
    let mut assembler = MeasureAssembler::new(2);
    assembler.add(&whole).expect("fits");
    assert!(assembler.add(&whole).is_err(), "the same boids twice");
    let mut short = MeasureAssembler::new(1);
    assert!(short.add(&whole).is_err(), "an id beyond N");
    assert!(!short.is_complete());
    let mut broken = whole.clone();
    broken.nearest.pop();
    assert!(MeasureAssembler::new(2).add(&broken).is_err());
}

/// Every measure bit for bit as the reference, on one thread and shared
/// over several (the nearest distances' block pass splits by x cells).
fn assert_reference_on_threads(p: &[Vec3], v: &[Vec3], radius: f64) {
    let steering = steering_cell_list(p, v, radius);
    let reference = measures_brute_force(p, v, radius);
    for threads in [1, 2, 3] {
        assert_same(
            &Measures::with_threads(p, v, &steering, radius, threads),
            &reference,
        );
    }
}

/// Coordinates on the faces of a grid of `cells` cells per axis (where a
/// boid's cell may round either way) and the floats beside them.
fn cell_faces(cells: usize) -> Vec<f64> {
    let size = 2.0 * HALF_PERIOD / cells as f64;
    (0..cells)
        .map(|k| k as f64 * size - HALF_PERIOD)
        .flat_map(|c| [c, c.next_up(), c.next_down()])
        .chain([HALF_PERIOD.next_down(), -HALF_PERIOD])
        .filter(|c| (-HALF_PERIOD..HALF_PERIOD).contains(c))
        .collect()
}

#[test]
fn many_boids_on_cell_faces_and_the_seam_equal_the_reference() {
    // From 125 boids on, the nearest distances take the block pass (a grid
    // of about one boid per cell, at least five per axis), and where its
    // cells are at least r wide the groups come from the same pass: radii
    // below, at and above a cell's width, and near half the cube.
    let mut rng = boids_schwarm::model::Lcg::new(5);
    for count in [125usize, 343, 2_197] {
        let cells = (count as f64).cbrt().round() as usize;
        let size = 2.0 * HALF_PERIOD / cells as f64;
        let faces = cell_faces(cells);
        let mut pick = || faces[(rng.next_unit() * faces.len() as f64) as usize];
        let mut p: Vec<Vec3> = (0..count - 3)
            .map(|_| Vec3::new(pick(), pick(), pick()))
            .collect();
        // Coincident boids, and one pair across the seam on every axis.
        p.push(p[0]);
        p.push(Vec3::new(-HALF_PERIOD, -HALF_PERIOD, -HALF_PERIOD));
        p.push(Vec3::new(
            HALF_PERIOD.next_down(),
            HALF_PERIOD.next_down(),
            0.0,
        ));
        let v = vec![Vec3::new(0.5, -0.25, 1.0); p.len()];
        for radius in [
            1e-4,
            0.05,
            size.next_down(),
            size,
            size.next_up(),
            1.2,
            HALF_PERIOD.next_down(),
            HALF_PERIOD,
        ] {
            assert_reference_on_threads(&p, &v, radius);
        }
    }
}

#[test]
fn a_lattice_exactly_r_apart_in_a_large_swarm() {
    // 512 boids 0.5 apart on each axis (exact in binary): at r = 0.5 each
    // has its six lattice neighbours and all form one group; just below,
    // none. The groups then come from the nearest distances' block pass.
    let p: Vec<Vec3> = (0..512)
        .map(|k| {
            let c = |i: usize| 0.5 * i as f64 - 4.0;
            Vec3::new(c(k / 64), c(k / 8 % 8), c(k % 8))
        })
        .collect();
    let v = at_rest(p.len());
    let m = measures(&p, &v, 0.5);
    let inner = |n: f64| 2.0 * (n - 1.0) / n; // lattice neighbours per axis
    assert_eq!(m.mean_neighbours, 3.0 * inner(8.0));
    assert_eq!((m.groups, m.largest_group), (1, 512));
    assert_eq!(m.mean_nearest_distance, Some(0.5));
    let m = measures(&p, &v, 0.5f64.next_down());
    assert_eq!(
        (m.groups, m.largest_group, m.mean_neighbours),
        (512, 1, 0.0)
    );
    assert_reference_on_threads(&p, &v, 0.5);
}

#[test]
fn a_far_loner_searches_beyond_its_block() {
    // 400 boids packed in a small cube and one far from all of them: its
    // nearest boid lies many cells away, beyond the block of cells next to
    // its own, and beyond r (it is a group of its own).
    let mut rng = boids_schwarm::model::Lcg::new(9);
    let mut p: Vec<Vec3> = (0..400)
        .map(|_| {
            let mut c = || 0.8 * rng.next_unit() - 3.0;
            Vec3::new(c(), c(), c())
        })
        .collect();
    p.push(Vec3::new(2.5, 2.0, 1.5));
    let v = at_rest(p.len());
    for radius in [0.05, 0.3, 2.0] {
        assert_reference_on_threads(&p, &v, radius);
    }
    let m = measures(&p, &v, 0.3);
    assert!(m.groups >= 2, "{m:?}");
}

#[test]
fn a_boid_joins_the_largest_group_only_through_a_far_cell() {
    // A lattice of 7³ boids 0.5 apart (one group at r = 1.2), one boid 1.1
    // beyond its corner and a loner. At r = 1.2 the groups' grid has cells
    // of 8.4/13 ≈ 0.65 (every two boids of a cell linked), so the outsider's
    // only neighbour lies two cells away: it is linked in the search of the
    // far cells, which only the boids outside the largest group make.
    let axis = |k: usize| -4.0 + 0.5 * k as f64;
    let mut p: Vec<Vec3> = (0..343)
        .map(|k| Vec3::new(axis(k / 49), axis(k / 7 % 7), axis(k % 7)))
        .collect();
    p.push(Vec3::new(0.1, -1.0, -1.0));
    p.push(Vec3::new(3.0, 3.0, 3.0));
    let m = measures(&p, &at_rest(p.len()), 1.2);
    assert_eq!((m.groups, m.largest_group), (2, 344));
    // Just beyond r the outsider is a group of its own.
    p[343].x = 0.25;
    let m = measures(&p, &at_rest(p.len()), 1.2);
    assert_eq!((m.groups, m.largest_group), (3, 343));
}

#[test]
fn a_single_boid_and_two_at_every_radius() {
    for radius in [1e-4, 0.05, 0.6, 2.1, HALF_PERIOD.next_down(), HALF_PERIOD] {
        let one = measures(&[Vec3::new(-4.2, 0.0, 4.1)], &at_rest(1), radius);
        assert_eq!(
            (one.groups, one.largest_group, one.mean_nearest_distance),
            (1, 1, None)
        );
        let two = [Vec3::new(-4.2, 0.0, 4.1), Vec3::new(4.1, 0.0, -4.2)];
        let m = measures(&two, &at_rest(2), radius);
        let apart = (0.1f64 * 0.1 + 0.1 * 0.1).sqrt();
        assert!((m.mean_nearest_distance.unwrap() - apart).abs() < 1e-12);
    }
}

fn velocity() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        4 => (-2.0..2.0f64, -2.0..2.0f64, -2.0..2.0f64).prop_map(|(x, y, z)| Vec3::new(x, y, z)),
        1 => Just(Vec3::zeros()),
        1 => Just(Vec3::new(0.0, 1.0, 0.0)),
    ]
}

fn radius() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => 0.05..=HALF_PERIOD,
        1 => 0.0001..0.05,
        2 => prop::sample::select(vec![4.2, 4.2f64.next_down(), 2.8, 2.1, 1.2, 1.0, 0.6]),
    ]
}

fn state(n: usize) -> impl Strategy<Value = (Vec<Vec3>, Vec<Vec3>, f64)> {
    radius().prop_flat_map(move |r| {
        positions(r, n).prop_flat_map(move |p| {
            let len = p.len();
            (Just(p), prop::collection::vec(velocity(), len), Just(r))
        })
    })
}

proptest! {
    #[test]
    fn measures_equal_the_brute_force_reference((p, v, r) in state(120)) {
        measures(&p, &v, r);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Thousands of boids: grids with many cells, shells of several cells.
    #[test]
    fn many_boids_equal_the_brute_force_reference((p, v, r) in state(2500)) {
        measures(&p, &v, r);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// Small radii over hundreds to thousands of boids: the nearest
    /// distances and the groups from one block pass, on several threads.
    #[test]
    fn small_radii_over_many_boids_equal_the_reference(
        (p, v, r) in (0.0001..0.7f64).prop_flat_map(|r| {
            positions(r, 1_500).prop_flat_map(move |p| {
                let len = p.len();
                (Just(p), prop::collection::vec(velocity(), len), Just(r))
            })
        })
    ) {
        assert_reference_on_threads(&p, &v, r);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Shares in any number give the whole computation's bits.
    #[test]
    fn shares_equal_the_whole_computation((p, v, r) in state(600), parts in 1u32..9) {
        let steering = steering_cell_list(&p, &v, r);
        let whole = Measures::new(&p, &v, &steering, r);
        assert_same(&assembled(&p, &v, r, parts), &whole);
    }
}
