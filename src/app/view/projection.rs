//! The fixed isometric projection of the SVG view and the drawing of its
//! symbols as SVG path data. Plain functions without browser access.
//!
//! The viewer looks from the (1, 1, 1) diagonal at the cube's centre with the
//! model's y axis pointing up on screen. Picture coordinates ("units") are
//! hundredths of an LE, rounded to integers, with y pointing down as in SVG.

use std::fmt::Write;

use crate::model::{HALF_PERIOD, Vec3};

/// Picture units per LE.
pub const UNITS_PER_LE: f64 = 100.0;

/// The SVG `viewBox`: the projected cube (±594 × ±686 units) plus a margin
/// for symbols and axis labels.
pub const VIEW_BOX: (i32, i32, i32, i32) = (-680, -740, 1360, 1480);

/// Length of an arrowhead symbol from its back to its tip, in units.
pub const SYMBOL_LENGTH: f64 = 30.0;

/// Half the width of an arrowhead's back, in units.
pub const SYMBOL_HALF_WIDTH: f64 = 10.0;

/// Radius of the point drawn for a boid without a visible direction, in units.
pub const POINT_RADIUS: i32 = 5;

/// A projected velocity shorter than this fraction of the speed counts as
/// perpendicular to the picture: the boid is drawn as a point.
pub const PERPENDICULAR_TOLERANCE: f64 = 1e-6;

/// Number of depth layers; far layers are drawn first and paler.
pub const DEPTH_LAYERS: usize = 4;

const SQRT_2: f64 = std::f64::consts::SQRT_2;
/// √6, the norm of (−1, 2, −1).
const SQRT_6: f64 = 2.449_489_742_783_178;
/// √3, the norm of (1, 1, 1).
const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// A point in the picture, in units (x right, y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenPoint {
    pub x: f64,
    pub y: f64,
}

/// Projects a model position (LE) into the picture.
#[must_use]
pub fn project(p: &Vec3) -> ScreenPoint {
    let (x, y) = project_direction(p);
    ScreenPoint {
        x: x * UNITS_PER_LE,
        y: y * UNITS_PER_LE,
    }
}

/// Screen components of a model vector: right = (1, 0, −1)/√2, down = −(−1, 2, −1)/√6.
fn project_direction(v: &Vec3) -> (f64, f64) {
    ((v.x - v.z) / SQRT_2, (v.x - 2.0 * v.y + v.z) / SQRT_6)
}

/// Distance towards the viewer along (1, 1, 1)/√3, in LE: larger is nearer.
#[must_use]
pub fn depth(p: &Vec3) -> f64 {
    (p.x + p.y + p.z) / SQRT_3
}

/// The depth layer of a position, 0 (farthest) to `DEPTH_LAYERS - 1` (nearest).
#[must_use]
pub fn depth_layer(p: &Vec3) -> usize {
    let max_depth = 3.0 * HALF_PERIOD / SQRT_3;
    let fraction = (depth(p) + max_depth) / (2.0 * max_depth);
    // Saturating cast: NaN and negatives give 0, too large is clamped.
    ((fraction * DEPTH_LAYERS as f64) as usize).min(DEPTH_LAYERS - 1)
}

/// The unit direction of a velocity in the picture, or `None` when the boid is
/// at rest or moves perpendicular to the picture plane (drawn as a point).
#[must_use]
pub fn screen_direction(v: &Vec3) -> Option<(f64, f64)> {
    let speed = v.norm();
    let (x, y) = project_direction(v);
    let length = x.hypot(y);
    let visible = speed > 0.0 && length > PERPENDICULAR_TOLERANCE * speed;
    if !visible {
        return None;
    }
    Some((x / length, y / length))
}

/// Appends one boid's symbol to SVG path data, as exactly one subpath group
/// that starts with `M` at the boid's projected position: an arrowhead of
/// constant size along the projected velocity, or a small disc. `scale`
/// (the „Symbolgröße“, > 0) multiplies every symbol's size alike.
pub fn write_symbol(out: &mut String, position: &Vec3, velocity: &Vec3, scale: f64) {
    let centre = project(position);
    let (cx, cy) = (round(centre.x), round(centre.y));
    let _ = write!(out, "M{cx} {cy}");
    match screen_direction(velocity) {
        Some((ux, uy)) => {
            // Tip ahead of the centre, two back corners and a notch between.
            let (nx, ny) = (-uy, ux);
            let (length, half_width) = (SYMBOL_LENGTH * scale, SYMBOL_HALF_WIDTH * scale);
            let tip = (0.6 * length * ux, 0.6 * length * uy);
            let back = (-0.4 * length * ux, -0.4 * length * uy);
            let notch = (-0.15 * length * ux, -0.15 * length * uy);
            let corners = [
                tip,
                (back.0 + half_width * nx, back.1 + half_width * ny),
                notch,
                (back.0 - half_width * nx, back.1 - half_width * ny),
            ];
            // Relative moves between rounded absolute corners: exact shapes.
            let (mut px, mut py) = (cx, cy);
            for (i, (dx, dy)) in corners.iter().enumerate() {
                let (x, y) = (round(centre.x + dx), round(centre.y + dy));
                let command = if i == 0 { 'm' } else { 'l' };
                let _ = write!(out, "{command}{} {}", x - px, y - py);
                (px, py) = (x, y);
            }
            out.push('z');
        }
        None => {
            let r = round(f64::from(POINT_RADIUS) * scale).max(1);
            let _ = write!(
                out,
                "m{} 0a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 {} 0z",
                -r,
                2 * r,
                -2 * r
            );
        }
    }
}

/// Length of an arrow's head, in units.
pub const ARROW_HEAD_LENGTH: f64 = 26.0;

/// Half the width of an arrow's head, in units.
pub const ARROW_HEAD_HALF_WIDTH: f64 = 13.0;

/// Appends an arrow from `from` to `to` to SVG path data: an open line for
/// the shaft (drawn by the stroke) and a closed head (filled). A short arrow
/// gets a proportionally smaller head; one shorter than a unit is left out.
pub fn write_arrow(out: &mut String, from: ScreenPoint, to: ScreenPoint) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy);
    if !(length >= 1.0 && length.is_finite()) {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = ARROW_HEAD_LENGTH.min(0.6 * length);
    let wing = ARROW_HEAD_HALF_WIDTH * head / ARROW_HEAD_LENGTH;
    let (nx, ny) = (to.x - ux * head, to.y - uy * head);
    let _ = write!(
        out,
        "M{} {}L{} {}M{} {}L{} {}L{} {}z",
        round(from.x),
        round(from.y),
        round(nx),
        round(ny),
        round(to.x),
        round(to.y),
        round(nx - uy * wing),
        round(ny + ux * wing),
        round(nx + uy * wing),
        round(ny - ux * wing),
    );
}

/// The twelve edges of the periodic cube as pairs of picture points.
#[must_use]
pub fn cube_edges() -> Vec<(ScreenPoint, ScreenPoint)> {
    let h = HALF_PERIOD;
    let corner = |i: u8| {
        let pick = |bit: u8| if i & bit == 0 { -h } else { h };
        Vec3::new(pick(1), pick(2), pick(4))
    };
    let mut edges = Vec::with_capacity(12);
    for i in 0u8..8 {
        for bit in [1u8, 2, 4] {
            if i & bit == 0 {
                edges.push((project(&corner(i)), project(&corner(i | bit))));
            }
        }
    }
    edges
}

/// Where the axis names stand: beside the middle of one outline edge parallel
/// to each axis (the edges of the bottom front of the picture).
#[must_use]
pub fn axis_labels() -> [(&'static str, ScreenPoint); 3] {
    let h = HALF_PERIOD;
    let beside = |edge_middle: Vec3, dx: f64, dy: f64| {
        let p = project(&edge_middle);
        ScreenPoint {
            x: p.x + dx,
            y: p.y + dy,
        }
    };
    [
        ("x", beside(Vec3::new(0.0, -h, h), -30.0, 40.0)),
        ("y", beside(Vec3::new(-h, 0.0, h), -40.0, 0.0)),
        ("z", beside(Vec3::new(h, -h, 0.0), 30.0, 40.0)),
    ]
}

/// Maps a point given in CSS pixels relative to the SVG element's box of size
/// `width` × `height` into picture units, for `preserveAspectRatio` "xMidYMid
/// meet" (the default). `None` for an empty box.
#[must_use]
pub fn client_to_picture(x: f64, y: f64, width: f64, height: f64) -> Option<ScreenPoint> {
    let (vx, vy, vw, vh) = VIEW_BOX;
    let (vw, vh) = (f64::from(vw), f64::from(vh));
    let scale = (width / vw).min(height / vh);
    let usable = scale > 0.0 && scale.is_finite();
    if !usable {
        return None;
    }
    let offset_x = (width - vw * scale) / 2.0;
    let offset_y = (height - vh * scale) / 2.0;
    Some(ScreenPoint {
        x: f64::from(vx) + (x - offset_x) / scale,
        y: f64::from(vy) + (y - offset_y) / scale,
    })
}

/// The boid whose picture position is nearest to `target`, if it lies within
/// `max_distance` units; on equal distance the one nearer to the viewer wins.
#[must_use]
pub fn nearest_boid(positions: &[Vec3], target: ScreenPoint, max_distance: f64) -> Option<usize> {
    let mut best: Option<(usize, f64, f64)> = None;
    for (i, p) in positions.iter().enumerate() {
        let s = project(p);
        let distance = (s.x - target.x).hypot(s.y - target.y);
        if distance > max_distance {
            continue;
        }
        let d = depth(p);
        let better = match best {
            None => true,
            Some((_, best_distance, best_depth)) => {
                distance < best_distance || (distance == best_distance && d > best_depth)
            }
        };
        if better {
            best = Some((i, distance, d));
        }
    }
    best.map(|(i, _, _)| i)
}

/// How many of the boids nearest the picture's centre the keyboard cycles
/// through (in either view).
pub const KEY_CANDIDATES: usize = 8;

/// The boid the keyboard selects next in the SVG view: of the
/// [`KEY_CANDIDATES`] boids whose picture positions lie nearest to the
/// picture's centre (ties: nearer to the viewer, then the lower index), the
/// one after `current` in that order, or the nearest when `current` is not
/// among them; `None` without boids.
#[must_use]
pub fn next_near_centre(positions: &[Vec3], current: Option<usize>) -> Option<usize> {
    next_of_nearest(
        positions.iter().enumerate().map(|(i, p)| {
            let s = project(p);
            (s.x.hypot(s.y), -depth(p), i)
        }),
        current,
    )
}

/// The keyboard's cycle over boids keyed `(distance from the centre, depth
/// with nearer first, index)`: of the [`KEY_CANDIDATES`] smallest keys, the
/// boid after `current`, or the first when `current` is not among them.
/// Shared by the SVG and the 3D view, which differ only in their keys.
#[must_use]
pub fn next_of_nearest(
    keys: impl Iterator<Item = (f64, f64, usize)>,
    current: Option<usize>,
) -> Option<usize> {
    let mut nearest: Vec<(f64, f64, usize)> = Vec::with_capacity(KEY_CANDIDATES + 1);
    for key in keys {
        let at = nearest
            .partition_point(|other| other.partial_cmp(&key) == Some(std::cmp::Ordering::Less));
        if at < KEY_CANDIDATES {
            nearest.insert(at, key);
            nearest.truncate(KEY_CANDIDATES);
        }
    }
    let rank = current.and_then(|boid| nearest.iter().position(|&(.., i)| i == boid));
    let next = rank.map_or(0, |rank| (rank + 1) % nearest.len());
    nearest.get(next).map(|&(.., i)| i)
}

/// Rounds picture units to the integers written into path data.
fn round(value: f64) -> i64 {
    // Saturating cast; positions are bounded, so this never saturates.
    value.round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> Vec3 {
        Vec3::new(x, y, z)
    }

    #[test]
    fn the_keyboard_cycles_through_the_boids_nearest_the_centre() {
        // Boid k lies k · 0.3 LE up from the centre: nearer first.
        let positions: Vec<Vec3> = (0..10).map(|k| v(0.0, 0.3 * f64::from(k), 0.0)).collect();
        let order: Vec<usize> = std::iter::successors(next_near_centre(&positions, None), |&c| {
            next_near_centre(&positions, Some(c))
        })
        .take(KEY_CANDIDATES + 1)
        .collect();
        assert_eq!(order, [0, 1, 2, 3, 4, 5, 6, 7, 0]);
        assert_eq!(
            next_near_centre(&positions, Some(9)),
            Some(0),
            "far: nearest"
        );
        assert_eq!(next_near_centre(&[], None), None);
    }

    #[test]
    fn the_centre_projects_to_the_origin_and_y_points_up() {
        assert_eq!(project(&v(0.0, 0.0, 0.0)), ScreenPoint { x: 0.0, y: 0.0 });
        let up = project(&v(0.0, 1.0, 0.0));
        assert!(up.x.abs() < 1e-12 && up.y < 0.0);
        let right = project(&v(1.0, 0.0, -1.0));
        assert!(right.x > 0.0 && right.y.abs() < 1e-12);
    }

    #[test]
    fn the_cube_fits_the_view_box_with_room_for_symbols() {
        let (vx, vy, vw, vh) = VIEW_BOX;
        let edges = cube_edges();
        assert_eq!(edges.len(), 12);
        for (a, b) in edges {
            for p in [a, b] {
                assert!(
                    p.x - SYMBOL_LENGTH > f64::from(vx) && p.x + SYMBOL_LENGTH < f64::from(vx + vw)
                );
                assert!(
                    p.y - SYMBOL_LENGTH > f64::from(vy) && p.y + SYMBOL_LENGTH < f64::from(vy + vh)
                );
            }
        }
    }

    #[test]
    fn axis_labels_lie_inside_the_view_box() {
        let (vx, vy, vw, vh) = VIEW_BOX;
        for (_, p) in axis_labels() {
            assert!(
                p.x > f64::from(vx) + 20.0 && p.x < f64::from(vx + vw) - 20.0,
                "{p:?}"
            );
            assert!(
                p.y > f64::from(vy) + 20.0 && p.y < f64::from(vy + vh) - 20.0,
                "{p:?}"
            );
        }
    }

    #[test]
    fn every_edge_has_the_length_of_a_projected_cube_edge() {
        // Each axis shortens by the same factor √(2/3) in an isometric view.
        let expected = 2.0 * HALF_PERIOD * UNITS_PER_LE * (2.0f64 / 3.0).sqrt();
        for (a, b) in cube_edges() {
            assert!(((a.x - b.x).hypot(a.y - b.y) - expected).abs() < 1e-9);
        }
    }

    #[test]
    fn a_velocity_along_the_view_axis_is_a_point() {
        assert_eq!(screen_direction(&v(1.0, 1.0, 1.0)), None);
        assert_eq!(screen_direction(&v(-0.3, -0.3, -0.3)), None);
        assert_eq!(screen_direction(&v(0.0, 0.0, 0.0)), None);
        let (x, y) = screen_direction(&v(0.0, 2.0, 0.0)).expect("upwards is visible");
        assert!(x.abs() < 1e-12 && (y + 1.0).abs() < 1e-12);
    }

    #[test]
    fn symbol_size_does_not_depend_on_speed() {
        let mut slow = String::new();
        let mut fast = String::new();
        write_symbol(&mut slow, &v(0.5, 0.5, 0.5), &v(0.01, 0.0, 0.0), 1.0);
        write_symbol(&mut fast, &v(0.5, 0.5, 0.5), &v(40.0, 0.0, 0.0), 1.0);
        assert_eq!(slow, fast);
    }

    #[test]
    fn each_symbol_is_one_group_starting_at_the_boid() {
        let mut path = String::new();
        write_symbol(&mut path, &v(1.0, 0.0, -1.0), &v(1.0, 0.0, 0.0), 1.0);
        write_symbol(&mut path, &v(0.0, 0.0, 0.0), &v(1.0, 1.0, 1.0), 1.0);
        assert_eq!(path.matches('M').count(), 2);
        assert!(path.starts_with("M141 0m"), "{path}");
        assert!(path.contains("M0 0m-5 0a5 5 0 1 0 10 0"), "{path}");
        assert_eq!(path.matches('z').count(), 2);
    }

    #[test]
    fn the_arrow_tip_points_along_the_projected_velocity() {
        let mut path = String::new();
        write_symbol(&mut path, &v(0.0, 0.0, 0.0), &v(0.0, 1.0, 0.0), 1.0);
        // Tip 0.6 × 30 = 18 units up (negative y) from the centre.
        assert!(path.starts_with("M0 0m0 -18l"), "{path}");
    }

    #[test]
    fn the_symbol_size_scales_every_symbol_alike() {
        let mut doubled = String::new();
        write_symbol(&mut doubled, &v(0.0, 0.0, 0.0), &v(0.0, 1.0, 0.0), 2.0);
        assert!(doubled.starts_with("M0 0m0 -36l"), "{doubled}");
        let mut point = String::new();
        write_symbol(&mut point, &v(0.0, 0.0, 0.0), &v(0.0, 0.0, 0.0), 2.0);
        assert!(point.contains("m-10 0a10 10 0 1 0 20 0"), "{point}");
    }

    #[test]
    fn an_arrow_is_a_shaft_and_a_head_at_its_tip() {
        let mut path = String::new();
        let from = ScreenPoint { x: 0.0, y: 0.0 };
        write_arrow(&mut path, from, ScreenPoint { x: 100.0, y: 0.0 });
        assert_eq!(path, "M0 0L74 0M100 0L74 13L74 -13z");
        let mut short = String::new();
        write_arrow(&mut short, from, ScreenPoint { x: 10.0, y: 0.0 });
        assert_eq!(short, "M0 0L4 0M10 0L4 3L4 -3z");
        let mut none = String::new();
        write_arrow(&mut none, from, ScreenPoint { x: 0.5, y: 0.0 });
        assert!(none.is_empty());
    }

    #[test]
    fn depth_layers_run_from_far_to_near() {
        let h = HALF_PERIOD;
        assert_eq!(depth_layer(&v(-h, -h, -h)), 0);
        assert_eq!(depth_layer(&v(h, h, h)), DEPTH_LAYERS - 1);
        assert_eq!(depth_layer(&v(0.1, 0.0, 0.0)), DEPTH_LAYERS / 2);
    }

    #[test]
    fn clicks_map_into_the_view_box() {
        let (vx, vy, vw, vh) = VIEW_BOX;
        // A box with the view box's aspect ratio at half scale.
        let (w, h) = (f64::from(vw) / 2.0, f64::from(vh) / 2.0);
        let corner = client_to_picture(0.0, 0.0, w, h).expect("box not empty");
        assert_eq!((corner.x, corner.y), (f64::from(vx), f64::from(vy)));
        let centre = client_to_picture(w / 2.0, h / 2.0, w, h).expect("box not empty");
        assert!((centre.x - f64::from(vx + vw / 2)).abs() < 1e-9);
        // A wider box letterboxes left and right.
        let wide =
            client_to_picture(100.0 + w / 2.0, h / 2.0, w + 200.0, h).expect("box not empty");
        assert!((wide.x - centre.x).abs() < 1e-9 && (wide.y - centre.y).abs() < 1e-9);
        assert_eq!(client_to_picture(1.0, 1.0, 0.0, 10.0), None);
    }

    #[test]
    fn the_nearest_boid_within_reach_is_chosen() {
        let positions = [v(0.0, 0.0, 0.0), v(1.0, 0.0, -1.0), v(-1.0, 0.0, 1.0)];
        let at = |p: &Vec3| project(p);
        assert_eq!(nearest_boid(&positions, at(&positions[1]), 10.0), Some(1));
        let near_origin = ScreenPoint { x: 5.0, y: 3.0 };
        assert_eq!(nearest_boid(&positions, near_origin, 10.0), Some(0));
        assert_eq!(
            nearest_boid(&positions, ScreenPoint { x: 400.0, y: 400.0 }, 10.0),
            None
        );
    }

    #[test]
    fn overlapping_boids_pick_the_one_nearer_to_the_viewer() {
        // Both lie on the view axis through the origin: same picture point.
        let positions = [v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0)];
        assert_eq!(
            nearest_boid(&positions, ScreenPoint { x: 0.0, y: 0.0 }, 1.0),
            Some(1)
        );
    }
}
