//! The unweighted steering components S, A, C of SPEC §1 and a brute-force
//! O(N²) reference that states the rule in its plainest form.

use super::params::Params;
use super::space::Vec3;
use super::space::{displacement, length};

/// What the neighbours ask of one boid for the next step, unweighted.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Steering {
    /// Number k of neighbours: other boids with `|δ| ≤ r`.
    pub neighbours: u32,
    /// Separation `S = Σ −δ/|δ|` over neighbours with `0 < |δ| < 0.35·r` (a sum, LE⁰ per neighbour).
    pub separation: Vec3,
    /// Alignment `A = (Σ v_j)/k − v_i`, in LE/s.
    pub alignment: Vec3,
    /// Cohesion `C = (Σ δ_j)/k`, the mean periodic displacement, in LE.
    pub cohesion: Vec3,
}

/// `[w_s·S, w_a·A, w_c·C]` for steering `s`: the step adds exactly these to
/// the velocity, in this order, before capping.
#[must_use]
pub(crate) fn weighted(params: &Params, s: &Steering) -> [Vec3; 3] {
    [
        s.separation * params.separation,
        s.alignment * params.alignment,
        s.cohesion * params.cohesion,
    ]
}

/// The radius of the separation zone for a neighbour radius `radius` (both
/// in LE): `0.35·r`. Only neighbours closer than this push a boid away.
#[must_use]
pub fn separation_radius(radius: f64) -> f64 {
    0.35 * radius
}

/// The squared-length thresholds that decide `|δ| ≤ r` and `|δ| < 0.35·r`
/// exactly as `sqrt(q)` compared with the radius would, without a square root
/// per pair: `sqrt` is monotone, so each test is `q ≤` the largest q that passes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Thresholds {
    /// Largest q with `sqrt(q) ≤ r`.
    pub neighbour_q: f64,
    /// Largest q with `sqrt(q) < 0.35·r` (0 when there is none).
    pub separation_q: f64,
}

impl Thresholds {
    pub(crate) fn new(radius: f64) -> Self {
        let separation_radius = separation_radius(radius);
        Self {
            neighbour_q: largest_q(|q| q.sqrt() <= radius, radius * radius),
            separation_q: largest_q(
                |q| q.sqrt() < separation_radius,
                separation_radius * separation_radius,
            ),
        }
    }
}

/// The largest non-negative q for which `passes` holds, searched from a guess
/// that is within a few ulps; `passes` must be monotone (true, then false).
fn largest_q(passes: impl Fn(f64) -> bool, guess: f64) -> f64 {
    let mut q = guess;
    while q > 0.0 && !passes(q) {
        q = q.next_down();
    }
    while passes(q.next_up()) {
        q = q.next_up();
    }
    q.max(0.0)
}

/// Turns the sums over the neighbours into the components (all zero for k = 0).
pub(crate) fn finish(
    count: u32,
    velocity: &Vec3,
    separation: Vec3,
    velocity_sum: Vec3,
    displacement_sum: Vec3,
) -> Steering {
    if count == 0 {
        return Steering::default();
    }
    let k = f64::from(count);
    Steering {
        neighbours: count,
        separation,
        alignment: Vec3::new(
            velocity_sum.x / k - velocity.x,
            velocity_sum.y / k - velocity.y,
            velocity_sum.z / k - velocity.z,
        ),
        cohesion: Vec3::new(
            displacement_sum.x / k,
            displacement_sum.y / k,
            displacement_sum.z / k,
        ),
    }
}

/// The plain O(N²) statement of the rule, neighbours taken in index order.
/// The reference the cell list is tested against, and the benchmark's baseline.
#[must_use]
pub fn steering_brute_force(positions: &[Vec3], velocities: &[Vec3], radius: f64) -> Vec<Steering> {
    let separation_radius = separation_radius(radius);
    (0..positions.len())
        .map(|i| {
            let mut count = 0;
            let mut separation = Vec3::zeros();
            let mut velocity_sum = Vec3::zeros();
            let mut displacement_sum = Vec3::zeros();
            for j in (0..positions.len()).filter(|&j| j != i) {
                let delta = displacement(&positions[i], &positions[j]);
                let distance = length(&delta);
                if distance > radius {
                    continue;
                }
                count += 1;
                velocity_sum += velocities[j];
                displacement_sum += delta;
                if distance > 0.0 && distance < separation_radius {
                    separation += Vec3::new(
                        -delta.x / distance,
                        -delta.y / distance,
                        -delta.z / distance,
                    );
                }
            }
            finish(
                count,
                &velocities[i],
                separation,
                velocity_sum,
                displacement_sum,
            )
        })
        .collect()
}
