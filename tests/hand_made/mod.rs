//! Swarms at hand-made states for the model's tests (shared by `model_spec`
//! and `model_explain`; no proptest, so it builds for every target).

use boids_schwarm::model::{Kinematics, Params, Swarm, Vec3};

/// A swarm at a hand-made state at step 0 (through the checked constructor,
/// which checks the invariants); `params.count` is the number of boids.
pub fn swarm_at(params: Params, positions: &[[f64; 3]], velocities: &[[f64; 3]]) -> Swarm {
    let params = Params {
        count: positions.len() as u32,
        ..params
    };
    let vectors = |values: &[[f64; 3]]| values.iter().copied().map(Vec3::from).collect();
    Kinematics::new(params, 0, vectors(positions), vectors(velocities))
        .expect("a valid hand-made state")
        .into_swarm()
}
