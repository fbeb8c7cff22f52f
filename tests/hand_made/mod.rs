//! Swarms at hand-made states for the model's tests (shared by `model_spec`
//! and `model_explain`; no proptest, so it builds for every target).

use boids_schwarm::model::{Params, Swarm};

/// A swarm at a hand-made state (via the state file, which checks invariants).
pub fn swarm_at(params: Params, positions: &[[f64; 3]], velocities: &[[f64; 3]]) -> Swarm {
    let boids: Vec<String> = positions
        .iter()
        .zip(velocities)
        .enumerate()
        .map(|(id, (p, v))| {
            format!(
                r#"{{"id":{id},"position":[{:?},{:?},{:?}],"velocity":[{:?},{:?},{:?}]}}"#,
                p[0], p[1], p[2], v[0], v[1], v[2]
            )
        })
        .collect();
    let text = format!(
        r#"{{"format":"boids-schwarm-state","version":1,"params":{},"step":0,"boids":[{}]}}"#,
        serde_json::to_string(&Params {
            count: positions.len() as u32,
            ..params
        })
        .unwrap(),
        boids.join(",")
    );
    Swarm::from_json(&text).unwrap()
}
