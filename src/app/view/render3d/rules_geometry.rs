//! The selected boid's rules in the 3D view as flat shapes on the picture:
//! the outlines of its neighbourhood (radius r) and of its separation zone
//! (0.35·r), seen as circles facing the camera plus a faint horizontal ring
//! of radius r, and the four arrows from the boid (see
//! [`Rule`](crate::app::view::rules_overlay::Rule)). Everything is projected here
//! and built as triangles in normalised device coordinates, so the renderer
//! draws it with one tiny program and lines keep their width in pixels.

use nalgebra::Matrix4;

use super::OrbitCamera;
use crate::app::view::rules_overlay::{Rule, RulesOverlay};
use crate::model::Vec3;

/// Segments per circle.
const CIRCLE_SEGMENTS: usize = 72;

/// Widths in CSS pixels.
const OUTLINE_WIDTH_PX: f64 = 1.5;
const SHAFT_WIDTH_PX: f64 = 3.0;
const HALO_PX: f64 = 1.5;
const HEAD_LENGTH_PX: f64 = 11.0;
const HEAD_HALF_WIDTH_PX: f64 = 6.0;

/// An arrow shorter than this on the picture (CSS pixels) is not drawn.
const SHORTEST_ARROW_PX: f64 = 2.0;

/// Colours (sRGB with alpha, drawn with blending).
const NEIGHBOURHOOD_COLOUR: [f32; 4] = [0.88, 0.90, 0.96, 0.6];
const RING_COLOUR: [f32; 4] = [0.88, 0.90, 0.96, 0.3];
const HALO_COLOUR: [f32; 4] = [0.02, 0.02, 0.03, 0.85];

/// Triangles in NDC, drawn part by part, each in one colour.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OverlayShapes {
    /// Three vertices per triangle (x, y in NDC).
    pub vertices: Vec<[f32; 2]>,
    /// (first vertex, vertex count, colour) in drawing order.
    pub parts: Vec<(usize, usize, [f32; 4])>,
}

impl OverlayShapes {
    fn part(&mut self, colour: [f32; 4], build: impl FnOnce(&mut Vec<[f32; 2]>)) {
        let first = self.vertices.len();
        build(&mut self.vertices);
        let count = self.vertices.len() - first;
        if count > 0 {
            self.parts.push((first, count, colour));
        }
    }
}

/// How model points land on the picture: device pixels from the centre of
/// the picture, y up.
struct Screen<'a> {
    view_projection: &'a Matrix4<f64>,
    half: (f64, f64),
    /// Device pixels per CSS pixel.
    ratio: f64,
}

impl Screen<'_> {
    /// The point on the picture, or `None` behind (or at) the eye.
    fn project(&self, p: &Vec3) -> Option<(f64, f64)> {
        let clip = self.view_projection * p.push(1.0);
        let visible = clip.w > 1e-6 && clip.iter().all(|c| c.is_finite());
        visible.then(|| (clip.x / clip.w * self.half.0, clip.y / clip.w * self.half.1))
    }

    fn ndc(&self, (x, y): (f64, f64)) -> [f32; 2] {
        [(x / self.half.0) as f32, (y / self.half.1) as f32]
    }

    /// A band of `width` CSS pixels from a to b, as two triangles.
    fn band(&self, out: &mut Vec<[f32; 2]>, a: (f64, f64), b: (f64, f64), width: f64) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx.hypot(dy);
        if !(length > 0.0 && length.is_finite()) {
            return;
        }
        let half = 0.5 * width * self.ratio;
        let (nx, ny) = (-dy / length * half, dx / length * half);
        let corners = [
            (a.0 + nx, a.1 + ny),
            (a.0 - nx, a.1 - ny),
            (b.0 - nx, b.1 - ny),
            (b.0 + nx, b.1 + ny),
        ];
        for i in [0, 1, 2, 0, 2, 3] {
            out.push(self.ndc(corners[i]));
        }
    }

    /// A closed polyline through the projected points (segments with a
    /// point behind the eye are left out).
    fn outline(&self, out: &mut Vec<[f32; 2]>, points: &[Vec3], width: f64) {
        let projected: Vec<_> = points.iter().map(|p| self.project(p)).collect();
        for (i, a) in projected.iter().enumerate() {
            if let (Some(a), Some(b)) = (a, projected[(i + 1) % projected.len()]) {
                self.band(out, *a, b, width);
            }
        }
    }

    /// An arrow from a to b with a head of constant size; `grow` (CSS
    /// pixels) widens every part, for the halo under it.
    fn arrow(&self, out: &mut Vec<[f32; 2]>, a: (f64, f64), b: (f64, f64), grow: f64) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx.hypot(dy);
        if !(length >= SHORTEST_ARROW_PX * self.ratio && length.is_finite()) {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let g = grow * self.ratio;
        let head = (HEAD_LENGTH_PX * self.ratio).min(0.6 * length);
        let neck = (b.0 - ux * head, b.1 - uy * head);
        let start = (a.0 - ux * g, a.1 - uy * g);
        self.band(out, start, neck, SHAFT_WIDTH_PX + 2.0 * grow);
        // A short arrow gets a proportionally smaller head.
        let wing = HEAD_HALF_WIDTH_PX * self.ratio * head / (HEAD_LENGTH_PX * self.ratio) + g;
        let tip = (b.0 + ux * 2.0 * g, b.1 + uy * 2.0 * g);
        let back = (neck.0 - ux * g, neck.1 - uy * g);
        for corner in [
            tip,
            (back.0 - uy * wing, back.1 + ux * wing),
            (back.0 + uy * wing, back.1 - ux * wing),
        ] {
            out.push(self.ndc(corner));
        }
    }
}

/// A circle of radius `radius` around `centre` in the plane spanned by the
/// unit vectors `a` and `b`.
fn circle(centre: &Vec3, radius: f64, a: &Vec3, b: &Vec3) -> Vec<Vec3> {
    (0..CIRCLE_SEGMENTS)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / CIRCLE_SEGMENTS as f64;
            centre + (a * angle.cos() + b * angle.sin()) * radius
        })
        .collect()
}

/// The shapes of the overlay for the boid drawn at `centre`, on a picture
/// of `size_px` device pixels with `ratio` device pixels per CSS pixel.
#[must_use]
pub fn rules_shapes(
    centre: &Vec3,
    overlay: &RulesOverlay,
    camera: &OrbitCamera,
    view_projection: &Matrix4<f64>,
    size_px: (f64, f64),
    ratio: f64,
) -> OverlayShapes {
    let mut shapes = OverlayShapes::default();
    let ratio = if ratio.is_finite() && ratio > 0.0 {
        ratio
    } else {
        1.0
    };
    let screen = Screen {
        view_projection,
        half: (0.5 * size_px.0, 0.5 * size_px.1),
        ratio,
    };
    let (right, up) = (camera.right(), camera.up());
    let (x, z) = (Vec3::x(), Vec3::z());
    shapes.part(RING_COLOUR, |out| {
        screen.outline(
            out,
            &circle(centre, overlay.radius, &x, &z),
            OUTLINE_WIDTH_PX,
        );
    });
    shapes.part(NEIGHBOURHOOD_COLOUR, |out| {
        screen.outline(
            out,
            &circle(centre, overlay.radius, &right, &up),
            OUTLINE_WIDTH_PX,
        );
    });
    shapes.part(Rule::Separation.rgba(0.8), |out| {
        let zone = circle(centre, overlay.separation_radius(), &right, &up);
        screen.outline(out, &zone, OUTLINE_WIDTH_PX);
    });
    let Some(from) = screen.project(centre) else {
        return shapes;
    };
    for rule in Rule::ALL {
        let Some(to) = screen.project(&(centre + rule.arrow(&overlay.explanation))) else {
            continue;
        };
        shapes.part(HALO_COLOUR, |out| screen.arrow(out, from, to, HALO_PX));
        shapes.part(rule.rgba(1.0), |out| screen.arrow(out, from, to, 0.0));
    }
    shapes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Params, Swarm};

    fn overlay() -> RulesOverlay {
        let mut overlay = RulesOverlay::of(&Swarm::new(&Params::default()).unwrap(), 0, 1).unwrap();
        overlay.explanation.separation = Vec3::new(0.5, 0.0, 0.0);
        overlay.explanation.alignment = Vec3::new(0.0, 0.5, 0.0);
        overlay.explanation.cohesion = Vec3::zeros();
        overlay.explanation.sum = Vec3::new(0.5, 0.5, 0.0);
        overlay
    }

    fn shapes_at(centre: Vec3) -> OverlayShapes {
        let camera = OrbitCamera::new();
        let vp = camera.view_projection(1.0);
        rules_shapes(&centre, &overlay(), &camera, &vp, (800.0, 800.0), 1.0)
    }

    #[test]
    fn outlines_and_visible_arrows_become_triangles_in_their_colours() {
        let shapes = shapes_at(Vec3::zeros());
        // Three outlines, and halo + arrow for the three arrows that have a
        // length (the cohesion is zero).
        assert_eq!(shapes.parts.len(), 3 + 2 * 3);
        for (first, count, _) in &shapes.parts {
            assert_eq!(count % 3, 0);
            assert!(first + count <= shapes.vertices.len());
        }
        let colours: Vec<_> = shapes.parts.iter().map(|p| p.2).collect();
        assert_eq!(colours.last(), Some(&Rule::Sum.rgba(1.0)));
        assert!(!colours.contains(&Rule::Cohesion.rgba(1.0)));
    }

    #[test]
    fn the_neighbourhood_circle_has_the_projected_radius() {
        let camera = OrbitCamera::new();
        let vp = camera.view_projection(1.0);
        let shapes = rules_shapes(
            &Vec3::zeros(),
            &overlay(),
            &camera,
            &vp,
            (800.0, 800.0),
            1.0,
        );
        let (first, count, _) = shapes.parts[1];
        // r = 1.2 LE at 20 LE from the eye with a 45° field of view.
        let expected = 1.2 / 20.0 / (std::f64::consts::FRAC_PI_8).tan();
        for v in &shapes.vertices[first..first + count] {
            let distance = f64::from(v[0]).hypot(f64::from(v[1]));
            assert!(
                (distance - expected).abs() < 0.01,
                "{distance} vs {expected}"
            );
        }
    }

    #[test]
    fn the_arrow_points_from_the_boid_along_its_contribution() {
        let shapes = shapes_at(Vec3::zeros());
        // The alignment arrow points up (+y): its tip is the highest vertex.
        let (first, count, _) = *shapes
            .parts
            .iter()
            .find(|p| p.2 == Rule::Alignment.rgba(1.0))
            .expect("the alignment arrow is drawn");
        let top = shapes.vertices[first..first + count]
            .iter()
            .map(|v| v[1])
            .fold(f32::MIN, f32::max);
        assert!(top > 0.05, "{top}");
        let lowest = shapes.vertices[first..first + count]
            .iter()
            .map(|v| v[1])
            .fold(f32::MAX, f32::min);
        assert!(lowest.abs() < 0.01, "starts at the boid: {lowest}");
    }

    #[test]
    fn a_boid_behind_the_eye_draws_no_arrows() {
        let camera = OrbitCamera::new();
        let behind = camera.eye() * 1.5;
        let shapes = shapes_at(behind);
        assert!(shapes.parts.len() <= 3);
    }
}
