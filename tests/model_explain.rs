//! One boid's rules spelled out (`model::explain`): its neighbours are the
//! ones the step counts, and its contributions are what the step adds to
//! its velocity before capping.

#![cfg(not(target_arch = "wasm32"))]

use boids_schwarm::model::{
    Explanation, HALF_PERIOD, Params, Swarm, Vec3, cap, displacement, explain, length,
};
use proptest::prelude::*;

mod hand_made;
mod model_support;
use hand_made::swarm_at;
use model_support::positions;

fn params(radius: f64) -> Params {
    Params {
        radius,
        ..Params::default()
    }
}

fn explained(swarm: &Swarm, boid: usize) -> Explanation {
    explain(swarm, boid).expect("the boid exists")
}

/// What every explanation must satisfy against the swarm and its next step.
fn assert_agrees_with_the_step(swarm: &Swarm, boid: usize) {
    let e = explained(swarm, boid);
    let s = swarm.steering()[boid];
    let p = swarm.params();
    assert_eq!(e.boid, boid);
    assert_eq!(
        e.neighbours.len(),
        s.neighbours as usize,
        "count of boid {boid}"
    );
    assert!(e.separating.iter().all(|j| e.neighbours.contains(j)));
    assert!(!e.neighbours.contains(&boid));
    assert_eq!(e.separation, s.separation * p.separation);
    assert_eq!(e.alignment, s.alignment * p.alignment);
    assert_eq!(e.cohesion, s.cohesion * p.cohesion);
    assert_eq!(e.sum, e.separation + e.alignment + e.cohesion);

    // The separation is the sum over exactly the separating neighbours.
    let own = swarm.positions()[boid];
    let pushed: Vec3 = e
        .separating
        .iter()
        .map(|&j| {
            let delta = displacement(&own, &swarm.positions()[j]);
            -delta / length(&delta)
        })
        .sum();
    let tolerance = 1e-9 * (1.0 + e.separating.len() as f64);
    assert!(
        (pushed - s.separation).norm() <= tolerance,
        "{pushed:?} vs {:?}",
        s.separation
    );

    // The step: v' = cap(v + w_s·S + w_a·A + w_c·C), bit for bit.
    let v = swarm.velocities()[boid];
    let mut next = swarm.clone();
    next.step();
    let stepped = next.velocities()[boid];
    assert_eq!(
        cap(v + e.separation + e.alignment + e.cohesion, p.max_speed),
        stepped
    );
    // And v + sum is the same velocity up to the order of the additions.
    let unclamped = v + e.separation + e.alignment + e.cohesion;
    assert!((v + e.sum - unclamped).norm() <= 1e-12 * (1.0 + unclamped.norm()));
}

#[test]
fn a_single_boid_has_no_neighbours_and_no_contributions() {
    let swarm = swarm_at(params(1.2), &[[0.5, -1.0, 2.0]], &[[0.3, 0.0, -0.4]]);
    let e = explained(&swarm, 0);
    assert!(e.neighbours.is_empty() && e.separating.is_empty());
    assert_eq!(e.sum, Vec3::zeros());
    assert_agrees_with_the_step(&swarm, 0);
    assert_eq!(explain(&swarm, 1), None);
}

#[test]
fn neighbours_across_the_seam_at_the_radius_and_coincident() {
    let r = 1.0;
    let h = HALF_PERIOD;
    let positions = [
        [h - 0.1, 0.0, 0.0],    // 0: the boid, near the +x face
        [-h + 0.1, 0.0, 0.0],   // 1: across the seam, 0.2 away: separating
        [h - 0.1, 1.0, 0.0],    // 2: exactly at the radius: a neighbour
        [h - 0.1, 0.0, 1.0001], // 3: just beyond the radius
        [h - 0.1, 0.0, 0.0],    // 4: coincident: a neighbour, no push
        [h - 0.1, -0.3, 0.0],   // 5: 0.3 < 0.35·r: separating
        [h - 0.1, 0.0, -0.35],  // 6: exactly 0.35·r: a neighbour, no push
        [0.0, 0.0, 0.0],        // 7: far away
    ];
    let velocities = [
        [0.5, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [1.0, 1.0, 0.0],
        [-0.5, 0.0, 0.0],
        [0.0, 0.0, -1.0],
        [0.2, 0.2, 0.2],
        [1.0, 0.0, 0.0],
    ];
    let swarm = swarm_at(params(r), &positions, &velocities);
    let e = explained(&swarm, 0);
    assert_eq!(e.neighbours, vec![1, 2, 4, 5, 6]);
    assert_eq!(e.separating, vec![1, 5]);
    // The boid across the seam pushes towards −x, away from the face it is behind.
    assert!(e.separation.x < 0.0);
    for boid in 0..positions.len() {
        assert_agrees_with_the_step(&swarm, boid);
    }
}

#[test]
fn the_whole_cube_at_the_largest_radius() {
    let swarm = Swarm::new(&Params {
        count: 300,
        seed: 5,
        ..params(4.2)
    })
    .unwrap();
    for boid in [0, 1, 150, 299] {
        assert_agrees_with_the_step(&swarm, boid);
    }
    // At r = 4.2 most of the swarm neighbours every boid.
    assert!(explained(&swarm, 0).neighbours.len() > 150);
}

#[test]
fn the_explanation_follows_the_swarm_over_steps() {
    let mut swarm = Swarm::new(&Params {
        count: 400,
        seed: 11,
        ..Params::default()
    })
    .unwrap();
    for _ in 0..20 {
        swarm.step();
    }
    for boid in (0..400).step_by(37) {
        assert_agrees_with_the_step(&swarm, boid);
    }
}

fn state() -> impl Strategy<Value = (Vec<Vec3>, f64, f64)> {
    (0.05..=HALF_PERIOD, 0.0..1.1f64)
        .prop_flat_map(|(r, speed)| (positions(r, 40), Just(r), Just(speed)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn every_boid_agrees_with_the_step((positions, r, speed) in state()) {
        let points: Vec<[f64; 3]> = positions.iter().map(|p| [p.x, p.y, p.z]).collect();
        // Velocities that differ per boid but need no extra strategy.
        let velocities: Vec<[f64; 3]> = positions
            .iter()
            .map(|p| [speed * p.y.sin(), speed * p.z.cos(), -speed * p.x.sin()])
            .collect();
        let swarm = swarm_at(Params { separation: 1.3, alignment: 0.7, cohesion: 0.9, ..params(r) }, &points, &velocities);
        for boid in 0..points.len() {
            assert_agrees_with_the_step(&swarm, boid);
        }
    }
}
