//! Random states for the model's property tests (shared by
//! `model_cell_list`, `model_measures` and `model_explain`): coordinates that favour the
//! seam, and states of the kinds where neighbour searches go wrong.

#![allow(dead_code)] // each test file uses a different part

use boids_schwarm::model::{HALF_PERIOD, Vec3, wrap};
use proptest::prelude::*;

/// A coordinate in the cube, often within a few ulps of its faces.
pub fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        8 => -HALF_PERIOD..HALF_PERIOD,
        // At the seam: the last and first few ulps of the cube.
        1 => (0u32..4).prop_map(|k| (0..k).fold(HALF_PERIOD, |x, _| x.next_down()).next_down()),
        1 => (0u32..4).prop_map(|k| (0..k).fold(-HALF_PERIOD, |x, _| x.next_up())),
    ]
}

pub fn point() -> impl Strategy<Value = Vec3> {
    (coordinate(), coordinate(), coordinate()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

/// Up to about `n` boids (`n ≥ 8`): uniform, clustered, coincident, or pairs
/// exactly r apart along an axis (also across the seam).
pub fn positions(r: f64, n: usize) -> impl Strategy<Value = Vec<Vec3>> {
    let uniform = prop::collection::vec(point(), 1..n).boxed();
    let clustered = (
        point(),
        prop::collection::vec((-0.5..0.5f64, -0.5..0.5f64, -0.5..0.5f64), 1..n),
    )
        .prop_map(|(c, offsets)| {
            offsets
                .into_iter()
                .map(|(x, y, z)| Vec3::new(wrap(c.x + x), wrap(c.y + y), wrap(c.z + z)))
                .collect()
        })
        .boxed();
    let coincident = (prop::collection::vec(point(), 1..n / 4), 1usize..5)
        .prop_map(|(points, copies)| {
            points
                .iter()
                .flat_map(|p| std::iter::repeat_n(*p, copies))
                .collect()
        })
        .boxed();
    // Pairs exactly r apart along an axis (also across the seam).
    let at_radius = (prop::collection::vec((point(), 0usize..3), 1..n / 3))
        .prop_map(move |pairs| {
            pairs
                .into_iter()
                .flat_map(|(p, axis)| {
                    let mut q = p;
                    q[axis] = wrap(p[axis] + r);
                    [p, q]
                })
                .collect()
        })
        .boxed();
    prop_oneof![uniform, clustered, coincident, at_radius]
}
