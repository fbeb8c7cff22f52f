#![cfg(not(target_arch = "wasm32"))]
//! The cell list finds exactly the brute-force neighbour sets and the same
//! components, on random states of every kind and for every valid radius.

use boids_schwarm::model::{
    HALF_PERIOD, Params, Share, Steering, SteeringSolver, Swarm, Vec3, steering_brute_force,
    steering_cell_list, wrap,
};
use proptest::prelude::*;

mod model_support;
use model_support::{coordinate, point, positions};

/// Velocities that tag each boid: `(j, j², j³)`. Sums of tags are exact
/// integers in f64, so the neighbour sets can be compared through them.
fn tags(n: usize) -> Vec<Vec3> {
    (0..n)
        .map(|j| Vec3::new(j as f64, (j * j) as f64, (j * j * j) as f64))
        .collect()
}

/// The exact power sums (Σj, Σj², Σj³) of boid i's neighbour set, recovered
/// from `A = Σv/k − v_i`.
fn tag_sums(i: usize, k: u32, alignment: &Vec3) -> [i64; 3] {
    let own = [i as f64, (i * i) as f64, (i * i * i) as f64];
    let k = f64::from(k);
    [0, 1, 2].map(|axis| ((alignment[axis] + own[axis]) * k).round() as i64)
}

fn assert_same(positions: &[Vec3], radius: f64) -> Result<(), TestCaseError> {
    let velocities = tags(positions.len());
    let fast = steering_cell_list(positions, &velocities, radius);
    let slow = steering_brute_force(positions, &velocities, radius);
    for (i, (f, s)) in fast.iter().zip(&slow).enumerate() {
        prop_assert_eq!(
            f.neighbours,
            s.neighbours,
            "boid {} count, r = {}",
            i,
            radius
        );
        if s.neighbours > 0 {
            prop_assert_eq!(
                tag_sums(i, f.neighbours, &f.alignment),
                tag_sums(i, s.neighbours, &s.alignment),
                "boid {} neighbour set, r = {}",
                i,
                radius
            );
        }
        let scale = 1e-12 * (1.0 + f64::from(s.neighbours));
        prop_assert!(
            (f.cohesion - s.cohesion).norm() <= scale,
            "boid {} C: {} vs {}",
            i,
            f.cohesion,
            s.cohesion
        );
        prop_assert!(
            (f.separation - s.separation).norm() <= scale * 10.0,
            "boid {} S: {} vs {}",
            i,
            f.separation,
            s.separation
        );
    }
    Ok(())
}

fn radius() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => 0.05..=HALF_PERIOD,
        1 => 0.0001..0.05,
        // Radii at which the number of cells per axis changes, and the largest.
        2 => prop::sample::select(vec![4.2, 4.2f64.next_down(), 2.8, 2.1, 1.68, 1.4, 1.2, 1.05, 1.0, 0.6]),
    ]
}

/// Uniform, clustered, coincident and exactly-at-the-radius states.
fn state() -> impl Strategy<Value = (Vec<Vec3>, f64)> {
    radius().prop_flat_map(|r| (positions(r, 120), Just(r)))
}

/// Thousands of boids, so that the grid has many cells per axis and every
/// pair of home boids scans only part of each neighbouring row: uniform
/// points, coincident copies and pairs exactly r apart along an axis (also
/// across the seam).
fn many_boids() -> impl Strategy<Value = (Vec<Vec3>, f64)> {
    let radius = prop_oneof![
        0.2..1.8f64,
        prop::sample::select(vec![0.3, 0.525, 1.0, 1.05, 1.2, 1.68]),
    ];
    radius.prop_flat_map(|r| {
        (
            prop::collection::vec(point(), 1000..2000),
            prop::collection::vec((point(), 0usize..3), 100..300),
            prop::collection::vec(point(), 0..50),
        )
            .prop_map(move |(uniform, pairs, doubled)| {
                let mut positions = uniform;
                for (p, axis) in pairs {
                    let mut q = p;
                    q[axis] = wrap(p[axis] + r);
                    positions.extend([p, q]);
                }
                positions.extend(doubled.iter().flat_map(|p| [*p, *p]));
                (positions, r)
            })
    })
}

/// Radii from 2.0 up, where few cells fit on an axis and shifts are taken
/// per home boid or per pair: the sizes at which the grid changes, the
/// largest, and any between.
fn large_radius() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 2.0..=HALF_PERIOD,
        1 => prop::sample::select(vec![
            2.0, 2.1, 2.5, 2.8, 2.8f64.next_up(), 3.0, 3.36, 3.5, 4.2f64.next_down(), 4.2,
        ]),
    ]
}

/// A coordinate at a place where the shift is decided by a hair: the seam,
/// zero (both ties within reach on a single-cell axis), cell boundaries of
/// the coarse grids (multiples of 8.4/5 and 8.4/6 from -4.2), a few ulps off.
fn edge_coordinate() -> impl Strategy<Value = f64> {
    let base = prop_oneof![
        Just(-HALF_PERIOD),
        Just(0.0),
        Just(-0.0),
        (0u32..5).prop_map(|k| -HALF_PERIOD + f64::from(k) * 1.68),
        (0u32..6).prop_map(|k| -HALF_PERIOD + f64::from(k) * 1.4),
        Just(-2.1),
        Just(2.1),
    ];
    (base, -3i32..=3).prop_map(|(x, ulps)| {
        let mut x = x;
        for _ in 0..ulps.unsigned_abs() {
            x = if ulps > 0 { x.next_up() } else { x.next_down() };
        }
        wrap(x)
    })
}

/// Uniform boids, boids on edges, pairs exactly r apart along an axis (also
/// across the seam), pairs at d = ±4.2 (ties) or a rounding away from it, and
/// coincident copies.
fn large_radius_state() -> impl Strategy<Value = (Vec<Vec3>, f64)> {
    large_radius().prop_flat_map(|r| {
        let edge_point = prop_oneof![
            (edge_coordinate(), coordinate(), coordinate()),
            (coordinate(), edge_coordinate(), coordinate()),
            (coordinate(), coordinate(), edge_coordinate()),
            (edge_coordinate(), edge_coordinate(), edge_coordinate()),
        ]
        .prop_map(|(x, y, z)| Vec3::new(x, y, z));
        (
            prop::collection::vec(point(), 0..300),
            prop::collection::vec(edge_point, 0..60),
            prop::collection::vec((point(), 0usize..3, prop::bool::ANY), 0..60),
            prop::collection::vec(point(), 0..10),
        )
            .prop_map(move |(uniform, edges, pairs, doubled)| {
                let mut positions = uniform;
                positions.extend(edges);
                for (p, axis, tie) in pairs {
                    let mut q = p;
                    q[axis] = wrap(p[axis] + if tie { HALF_PERIOD } else { r });
                    positions.extend([p, q]);
                }
                // Exact ties: the two coordinates are 4.2 apart without rounding.
                positions.extend([
                    Vec3::new(-2.1, 0.5, 0.5),
                    Vec3::new(2.1, 0.5, 0.5),
                    Vec3::new(0.0, -HALF_PERIOD, 0.0),
                    Vec3::new(0.0, 0.0, 0.0),
                ]);
                positions.extend(doubled.iter().flat_map(|p| [*p, *p]));
                (positions, r)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn cell_list_matches_brute_force_at_large_radii((positions, r) in large_radius_state()) {
        assert_same(&positions, r)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn cell_list_matches_brute_force_with_many_cells((positions, r) in many_boids()) {
        assert_same(&positions, r)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn cell_list_matches_brute_force((positions, r) in state()) {
        assert_same(&positions, r)?;
    }

    #[test]
    fn one_and_two_boids((positions, r) in (prop::collection::vec(point(), 1..=2), radius())) {
        assert_same(&positions, r)?;
    }
}

#[test]
fn every_cell_count_per_axis_from_1_to_16() {
    // Sweep radii so that each grid size (fine and coarse) is used.
    let positions: Vec<Vec3> = (0..300)
        .map(|i| {
            let f = i as f64;
            Vec3::new(
                wrap(f * 0.731),
                wrap(f * 1.377 + 0.2),
                wrap(f * 2.113 - 1.0),
            )
        })
        .collect();
    let mut r = 0.5;
    while r <= 4.2 {
        assert_same(&positions, r).unwrap();
        r += 0.0917;
    }
    assert_same(&positions, 4.2).unwrap();
}

#[test]
fn exact_radius_across_the_seam_on_every_axis() {
    for r in [0.3, 1.0, 1.2, 2.1, 4.2] {
        for axis in 0..3 {
            let mut a = Vec3::new(0.1, -0.2, 0.3);
            a[axis] = HALF_PERIOD - r / 2.0;
            let mut b = a;
            b[axis] = wrap(a[axis] + r);
            let result = steering_cell_list(&[a, b], &tags(2), r);
            let reference = steering_brute_force(&[a, b], &tags(2), r);
            assert_eq!(
                result[0].neighbours, reference[0].neighbours,
                "r = {r}, axis {axis}"
            );
        }
    }
}

/// FNV-1a over the bits of every f64 (and the neighbour counts), so that a
/// change in the last bit of any value changes the checksum.
#[derive(Clone, Copy)]
struct Checksum(u64);

impl Checksum {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn add_u64(&mut self, value: u64) {
        for byte in value.to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn add_vec(&mut self, v: &Vec3) {
        for component in v.iter() {
            self.add_u64(component.to_bits());
        }
    }

    fn add_steering(&mut self, steering: &[Steering]) {
        for s in steering {
            self.add_u64(u64::from(s.neighbours));
            self.add_vec(&s.separation);
            self.add_vec(&s.alignment);
            self.add_vec(&s.cohesion);
        }
    }
}

/// Checksum of the steering after every step (including the initial one) and
/// of the final positions and velocities, with `threads` sharing each step.
fn run_checksum(count: u32, radius: f64, steps: u32, threads: u32) -> u64 {
    let params = Params {
        count,
        radius,
        seed: 1,
        ..Params::default()
    };
    let mut swarm = Swarm::new(&params).expect("valid params");
    swarm.set_threads(threads);
    let mut sum = Checksum::new();
    sum.add_steering(swarm.steering());
    for _ in 0..steps {
        swarm.step();
        sum.add_steering(swarm.steering());
    }
    for (p, v) in swarm.positions().iter().zip(swarm.velocities()) {
        sum.add_vec(p);
        sum.add_vec(v);
    }
    sum.0
}

#[test]
fn large_radius_path_is_bit_identical_to_the_recorded_output() {
    // (N, r, steps, checksum): seed 1, other params default. Recorded with the
    // cell list of commit 11d72ad, whose large radii took the scalar per-pair
    // path; the lanes must add every bit the same.
    let recorded: [(u32, f64, u32, u64); 8] = [
        (2_000, 0.3, 20, 0x6c13_00b8_1984_2a65),
        (2_000, 1.2, 20, 0xb011_bb06_7809_8c71),
        (2_000, 2.0, 20, 0xd0a9_d232_e5e7_34ce),
        (2_000, 2.5, 20, 0x4259_e76d_5b7b_e29e),
        (2_000, 3.0, 20, 0xe706_f03a_6df8_0d1f),
        (2_000, 3.5, 20, 0xdfa3_5716_3bba_b2eb),
        (2_000, 4.2, 20, 0xb6cb_0234_149f_5b41),
        (10_000, 4.2, 2, 0x6777_1d38_d861_9676),
    ];
    let mut mismatches = Vec::new();
    for (count, radius, steps, expected) in recorded {
        // One thread, and three sharing each step (N ≥ 2 000 takes the
        // threaded path), must both give the recorded bits.
        for threads in [1, 3] {
            let actual = run_checksum(count, radius, steps, threads);
            println!("({count}, {radius:?}, {steps}, {actual:#018x}), {threads} threads");
            if actual != expected {
                mismatches.push((count, radius, threads, actual));
            }
        }
    }
    assert!(mismatches.is_empty(), "checksums changed: {mismatches:x?}");
}

#[test]
fn steps_shared_by_threads_are_bit_identical_to_one_thread() {
    for (count, radius) in [(2_000, 1.0), (2_001, 2.5), (3_001, 4.2), (4_099, 0.4)] {
        let one = run_checksum(count, radius, 3, 1);
        for threads in [2, 5, 8] {
            assert_eq!(
                run_checksum(count, radius, 3, threads),
                one,
                "N {count}, r {radius}, {threads} threads"
            );
        }
    }
}

#[test]
fn shares_split_even_the_single_row_of_the_largest_radius() {
    // At r = 4.2 the grid has one row; the shares still cut it into parts
    // of about N / parts boids, so workers and threads share the work.
    let count = 1_001;
    let params = Params {
        count,
        radius: 4.2,
        seed: 3,
        ..Params::default()
    };
    let swarm = Swarm::new(&params).expect("valid params");
    for parts in [2, 3, 4, 7] {
        let mut covered = 0;
        for part in 0..parts {
            let share = Share::new(part, parts).expect("part below parts");
            let steering = SteeringSolver::new().solve(
                swarm.positions(),
                swarm.velocities(),
                params.radius,
                share,
            );
            let ideal = f64::from(count) / f64::from(parts);
            let size = steering.indices.len() as f64;
            assert!(
                (size - ideal).abs() <= 2.0,
                "share {part} of {parts}: {size} boids, ideal {ideal}"
            );
            for (&id, s) in steering.indices.iter().zip(&steering.steering) {
                assert_eq!(s, &swarm.steering()[id as usize], "boid {id}");
            }
            covered += steering.indices.len();
        }
        assert_eq!(covered, count as usize, "{parts} parts");
    }
}
