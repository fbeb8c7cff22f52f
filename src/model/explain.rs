//! One boid's rules spelled out (SPEC §1): which boids are its neighbours,
//! which of them push it away, and the three weighted contributions to its
//! velocity change in the next step. The views draw this for the selected
//! boid; it costs one pass over the swarm, O(N).

use super::space::Vec3;
use super::space::{displacement, squared_length};
use super::steering::{Thresholds, weighted};
use super::swarm::Swarm;

/// The rules acting on one boid in the next step.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The boid explained.
    pub boid: usize,
    /// Ids of its neighbours (`|δ| ≤ r`, coincident boids included), ascending.
    pub neighbours: Vec<usize>,
    /// Ids of the neighbours that push it away (`0 < |δ| < 0.35·r`), ascending.
    pub separating: Vec<usize>,
    /// `w_s·S`, in LE/s per step.
    pub separation: Vec3,
    /// `w_a·A`, in LE/s per step.
    pub alignment: Vec3,
    /// `w_c·C`, in LE/s per step.
    pub cohesion: Vec3,
    /// `w_s·S + w_a·A + w_c·C`: the velocity change of the step before the
    /// speed is capped (up to the rounding of adding it to v in another order).
    pub sum: Vec3,
}

/// The rules acting on boid `boid` of the swarm in its next step, or `None`
/// when there is no such boid. The neighbours are found with the model's own
/// test (squared length of the shortest periodic displacement against the
/// thresholds equivalent to `|δ| ≤ r` and `|δ| < 0.35·r`); the contributions
/// are the swarm's own steering of that boid, weighted as the step weights it.
#[must_use]
pub fn explain(swarm: &Swarm, boid: usize) -> Option<Explanation> {
    let positions = swarm.positions();
    let own = positions.get(boid)?;
    let steering = swarm.steering().get(boid)?;
    let thresholds = Thresholds::new(swarm.params().radius);
    let mut neighbours = Vec::new();
    let mut separating = Vec::new();
    for (j, other) in positions.iter().enumerate() {
        if j == boid {
            continue;
        }
        let q = squared_length(&displacement(own, other));
        if q <= thresholds.neighbour_q {
            neighbours.push(j);
            if q > 0.0 && q <= thresholds.separation_q {
                separating.push(j);
            }
        }
    }
    let [separation, alignment, cohesion] = weighted(swarm.params(), steering);
    Some(Explanation {
        boid,
        neighbours,
        separating,
        separation,
        alignment,
        cohesion,
        sum: separation + alignment + cohesion,
    })
}
