//! The meshes of the 3D view as plain vertex arrays (no GL): the cone of a
//! moving boid, the small sphere of a boid at rest, the selection ring and the
//! twelve cube edges. Triangles wind counter-clockwise seen from outside.

use std::f32::consts::TAU;

use crate::model::{HALF_PERIOD, PERIOD};

/// An indexed triangle mesh with one normal per vertex.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    /// Vertex positions.
    pub positions: Vec<[f32; 3]>,
    /// Unit normals, one per vertex.
    pub normals: Vec<[f32; 3]>,
    /// Three indices per triangle.
    pub indices: Vec<u16>,
}

/// Where the cone's tip lies on its axis, as a fraction of its length; the
/// rest lies behind the boid's position, so the position is near the middle.
pub const TIP_FRACTION: f32 = 0.6;

/// Base radius of a cone relative to its length.
pub const CONE_RADIUS: f32 = 0.28;

/// Radius of the rest sphere relative to the cone length.
pub const REST_SPHERE_RADIUS: f32 = 0.22;

/// The cone's levels of detail: numbers of sides, finest first.
pub const CONE_DETAILS: [u16; 3] = [16, 8, 6];

/// The level of detail (index into [`CONE_DETAILS`]) for a swarm of `count`
/// boids: round cones for few boids, coarser ones for many (triangles
/// dominate the drawing time with software rendering).
#[must_use]
pub fn cone_detail(count: usize) -> usize {
    match count {
        0..=2_000 => 0,
        2_001..=10_000 => 1,
        _ => 2,
    }
}

/// A cone of length 1 along +z: tip at z = `TIP_FRACTION`, base disc at
/// z = `TIP_FRACTION` − 1 with radius `CONE_RADIUS`. The side has smooth
/// normals, the base a flat one.
#[must_use]
pub fn cone(segments: u16) -> Mesh {
    let segments = segments.max(3);
    let (tip, base) = (TIP_FRACTION, TIP_FRACTION - 1.0);
    // Side normal: perpendicular to the slant, tilted forwards by r/h.
    let slope = CONE_RADIUS;
    let mut mesh = Mesh::default();
    for i in 0..segments {
        let (a0, a1) = (angle(i, segments), angle(i + 1, segments));
        let mid = 0.5 * (a0 + a1);
        let first = index(mesh.positions.len());
        // Tip (normal of the facet's middle), then the two base corners.
        mesh.positions.push([0.0, 0.0, tip]);
        mesh.normals.push(normalise([mid.cos(), mid.sin(), slope]));
        for a in [a0, a1] {
            mesh.positions
                .push([CONE_RADIUS * a.cos(), CONE_RADIUS * a.sin(), base]);
            mesh.normals.push(normalise([a.cos(), a.sin(), slope]));
        }
        mesh.indices.extend([first + 1, first + 2, first]);
    }
    // Base disc, facing −z: a fan over the rim.
    let rim = index(mesh.positions.len());
    for i in 0..segments {
        let a = angle(i, segments);
        mesh.positions
            .push([CONE_RADIUS * a.cos(), CONE_RADIUS * a.sin(), base]);
        mesh.normals.push([0.0, 0.0, -1.0]);
    }
    for i in 1..segments - 1 {
        mesh.indices.extend([rim, rim + i + 1, rim + i]);
    }
    mesh
}

/// A UV sphere of radius 1 around the origin.
#[must_use]
pub fn sphere(segments: u16, rings: u16) -> Mesh {
    let (segments, rings) = (segments.max(3), rings.max(2));
    let mut mesh = Mesh::default();
    for ring in 0..=rings {
        let theta = std::f32::consts::PI * f32::from(ring) / f32::from(rings);
        for i in 0..=segments {
            let phi = angle(i, segments);
            let n = [
                theta.sin() * phi.cos(),
                theta.sin() * phi.sin(),
                theta.cos(),
            ];
            mesh.positions.push(n);
            mesh.normals.push(n);
        }
    }
    let row = segments + 1;
    for ring in 0..rings {
        for i in 0..segments {
            let (a, b) = (ring * row + i, ring * row + i + 1);
            let (c, d) = (a + row, b + row);
            if ring > 0 {
                mesh.indices.extend([a, c, b]);
            }
            if ring + 1 < rings {
                mesh.indices.extend([b, c, d]);
            }
        }
    }
    mesh
}

/// A flat ring (annulus) in the plane as a list of triangles (no indices):
/// radii relative to the ring's nominal radius 1.
#[must_use]
pub fn annulus(inner: f32, outer: f32, segments: u16) -> Vec<[f32; 2]> {
    let segments = segments.max(3);
    let mut triangles = Vec::with_capacity(usize::from(segments) * 6);
    for i in 0..segments {
        let (a0, a1) = (angle(i, segments), angle(i + 1, segments));
        let point = |r: f32, a: f32| [r * a.cos(), r * a.sin()];
        let (i0, o0, i1, o1) = (
            point(inner, a0),
            point(outer, a0),
            point(inner, a1),
            point(outer, a1),
        );
        triangles.extend([i0, o0, o1, i0, o1, i1]);
    }
    triangles
}

/// The twelve edges of the periodic cube [−4.2, 4.2]³ as 24 line end points.
#[must_use]
pub fn cube_edges() -> Vec<[f32; 3]> {
    let h = HALF_PERIOD as f32;
    let corner = |bits: u8| {
        let sign = |bit: u8| if bits & bit == 0 { -h } else { h };
        [sign(1), sign(2), sign(4)]
    };
    let mut lines = Vec::with_capacity(24);
    for a in 0..8u8 {
        for bit in [1u8, 2, 4] {
            if a & bit == 0 {
                lines.push(corner(a));
                lines.push(corner(a | bit));
            }
        }
    }
    lines
}

/// The cone length in LE for a swarm of `count` boids: about the mean spacing
/// of the boids, between 0.16 and 0.5 LE. Every cone of one swarm has the
/// same size; the size never shows speed.
#[must_use]
pub fn cone_length(count: usize) -> f32 {
    let volume = PERIOD * PERIOD * PERIOD;
    let spacing = (volume / count.max(1) as f64).cbrt();
    (0.9 * spacing).clamp(0.16, 0.5) as f32
}

fn angle(i: u16, segments: u16) -> f32 {
    TAU * f32::from(i % segments) / f32::from(segments)
}

fn index(len: usize) -> u16 {
    u16::try_from(len).unwrap_or(u16::MAX)
}

fn normalise(v: [f32; 3]) -> [f32; 3] {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if n > 0.0 {
        [v[0] / n, v[1] / n, v[2] / n]
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }

    fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    }

    fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    /// Every triangle winds counter-clockwise seen from the side its normals face.
    fn assert_outward(mesh: &Mesh) {
        assert_eq!(mesh.positions.len(), mesh.normals.len());
        assert_eq!(mesh.indices.len() % 3, 0);
        for n in &mesh.normals {
            assert!((dot(*n, *n) - 1.0).abs() < 1e-5);
        }
        for t in mesh.indices.chunks(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(usize::from);
            let face = cross(
                sub(mesh.positions[b], mesh.positions[a]),
                sub(mesh.positions[c], mesh.positions[a]),
            );
            let normal =
                [0, 1, 2].map(|k| mesh.normals[a][k] + mesh.normals[b][k] + mesh.normals[c][k]);
            assert!(dot(face, normal) > 0.0, "triangle {t:?} winds inwards");
        }
    }

    #[test]
    fn the_cone_points_along_plus_z_and_winds_outwards() {
        let mesh = cone(12);
        assert_outward(&mesh);
        let max_z = mesh.positions.iter().map(|p| p[2]).fold(f32::MIN, f32::max);
        let min_z = mesh.positions.iter().map(|p| p[2]).fold(f32::MAX, f32::min);
        assert!((max_z - TIP_FRACTION).abs() < 1e-6);
        assert!((max_z - min_z - 1.0).abs() < 1e-6, "length 1");
        // The tip is on the axis.
        let tip = mesh.positions.iter().find(|p| p[2] == max_z).copied();
        assert_eq!(tip.map(|p| [p[0], p[1]]), Some([0.0, 0.0]));
        // 12 side triangles and a fan of 10 for the base.
        assert_eq!(mesh.indices.len(), (12 + 10) * 3);
        let coarse = cone(3);
        assert_outward(&coarse);
        assert_eq!(coarse.indices.len(), (3 + 1) * 3);
    }

    #[test]
    fn the_sphere_is_closed_and_winds_outwards() {
        let mesh = sphere(10, 6);
        assert_outward(&mesh);
        for p in &mesh.positions {
            assert!((dot(*p, *p) - 1.0).abs() < 1e-5);
        }
        assert_eq!(mesh.indices.len(), 10 * (2 * 6 - 2) * 3);
    }

    #[test]
    fn the_annulus_lies_between_its_radii() {
        let ring = annulus(0.8, 1.0, 24);
        assert_eq!(ring.len(), 24 * 6);
        for p in &ring {
            let r = p[0].hypot(p[1]);
            assert!((0.8 - 1e-5..=1.0 + 1e-5).contains(&r));
        }
    }

    #[test]
    fn the_cube_has_twelve_edges_of_the_period() {
        let lines = cube_edges();
        assert_eq!(lines.len(), 24);
        for edge in lines.chunks(2) {
            let d = sub(edge[1], edge[0]);
            assert!((dot(d, d).sqrt() - PERIOD as f32).abs() < 1e-5);
            // Parallel to one axis.
            assert_eq!(d.iter().filter(|c| c.abs() > 1e-6).count(), 1);
        }
    }

    #[test]
    fn cones_get_coarser_with_the_count() {
        assert_eq!(CONE_DETAILS[cone_detail(200)], 16);
        assert_eq!(CONE_DETAILS[cone_detail(10_000)], 8);
        assert_eq!(CONE_DETAILS[cone_detail(50_000)], 6);
    }

    #[test]
    fn cones_shrink_with_the_count_within_bounds() {
        assert_eq!(cone_length(1), 0.5);
        assert_eq!(cone_length(0), 0.5);
        assert!(cone_length(10_000) < cone_length(1_000));
        assert_eq!(cone_length(1_000_000), 0.16);
        assert!(cone_length(50_000) >= 0.16);
    }
}
