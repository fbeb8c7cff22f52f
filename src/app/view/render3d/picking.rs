//! Picking in the 3D view: which boid lies nearest to a click on the canvas.
//! Every position is projected with the same view-projection matrix the
//! renderer uses; the nearest one in screen space within a few pixels wins.

use nalgebra::Matrix4;

use super::geometry::{CONE_RADIUS, TIP_FRACTION, cone_length};
use crate::app::view::projection::next_of_nearest;
use crate::model::Vec3;

/// A click selects the nearest boid whose drawn symbol lies within this
/// many CSS pixels of it.
pub const PICK_RADIUS_PX: f64 = 12.0;

/// How far a boid's drawn cone reaches from its position, in LE, for a
/// swarm of `count`: the tip lies [`TIP_FRACTION`] of the cone's length
/// ahead, farther than any point of the base rim.
#[must_use]
pub fn symbol_extent(count: usize) -> f64 {
    let rim = (1.0 - TIP_FRACTION).hypot(CONE_RADIUS);
    f64::from(cone_length(count) * TIP_FRACTION.max(rim))
}

/// A model position projected onto the canvas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CanvasPoint {
    /// CSS pixels from the canvas' left edge.
    pub x: f64,
    /// CSS pixels from the canvas' top edge.
    pub y: f64,
    /// Normalised depth in [−1, 1]: smaller is nearer to the eye.
    pub depth: f64,
}

/// Projects a model position onto a canvas of `width` × `height` CSS pixels,
/// or `None` when it lies behind the eye or outside the near/far range.
#[must_use]
pub fn project_to_canvas(
    position: &Vec3,
    view_projection: &Matrix4<f64>,
    width: f64,
    height: f64,
) -> Option<CanvasPoint> {
    let clip = view_projection * position.push(1.0);
    if clip.w.is_nan() || clip.w <= 1e-9 {
        return None;
    }
    let (x, y, z) = (clip.x / clip.w, clip.y / clip.w, clip.z / clip.w);
    if !(x.is_finite() && y.is_finite() && (-1.0..=1.0).contains(&z)) {
        return None;
    }
    Some(CanvasPoint {
        x: (x + 1.0) * 0.5 * width,
        y: (1.0 - y) * 0.5 * height,
        depth: z,
    })
}

/// The boid whose projected position lies nearest to the cursor (CSS pixels
/// from the canvas' top left corner), if its drawn symbol comes within
/// `reach` pixels of it: a symbol reaching `extent` LE from the boid's
/// position in any direction counts as its projected size larger (nearer
/// cones are drawn larger). Distances are compared in whole pixels
/// (rounded): boids equally near in that sense go to the one nearer to the
/// eye, then to the lower index, so a click on boids drawn over each other
/// picks the front one.
#[must_use]
pub fn pick_nearest(
    positions: &[Vec3],
    view_projection: &Matrix4<f64>,
    (width, height): (f64, f64),
    (cursor_x, cursor_y): (f64, f64),
    reach: f64,
    extent: f64,
) -> Option<usize> {
    if !(cursor_x.is_finite() && cursor_y.is_finite() && reach >= 0.0 && extent >= 0.0) {
        return None;
    }
    let mut best: Option<(f64, f64, usize)> = None; // (whole pixels, depth, index)
    for (index, position) in positions.iter().enumerate() {
        let Some(point) = project_to_canvas(position, view_projection, width, height) else {
            continue;
        };
        let (dx, dy) = (point.x - cursor_x, point.y - cursor_y);
        let distance_squared = dx * dx + dy * dy;
        let symbol_px =
            projected_extent(position, &point, extent, view_projection, (width, height));
        let boid_reach = reach + symbol_px;
        if distance_squared > boid_reach * boid_reach {
            continue;
        }
        let pixels = distance_squared.sqrt().round();
        let better = match best {
            None => true,
            Some((d, depth, _)) => pixels < d || (pixels == d && point.depth < depth),
        };
        if better {
            best = Some((pixels, point.depth, index));
        }
    }
    best.map(|(_, _, index)| index)
}

/// The boid the keyboard selects next: of the visible boids projected
/// nearest to the canvas' centre (ties: nearer to the eye, then the lower
/// index), as [`next_of_nearest`] cycles them.
#[must_use]
pub fn next_near_centre(
    positions: &[Vec3],
    view_projection: &Matrix4<f64>,
    (width, height): (f64, f64),
    current: Option<usize>,
) -> Option<usize> {
    let keys = positions
        .iter()
        .enumerate()
        .filter_map(|(index, position)| {
            let point = project_to_canvas(position, view_projection, width, height)?;
            let distance = (point.x - width / 2.0).hypot(point.y - height / 2.0);
            Some((distance, point.depth, index))
        });
    next_of_nearest(keys, current)
}

/// The on-canvas length, in CSS pixels, of `extent` LE at `position` laid
/// out across the view (the longest a cone there can be drawn): locally the
/// projection maps the three axes onto the canvas plane, and their squared
/// canvas lengths sum to twice the squared length of any direction across
/// the view.
fn projected_extent(
    position: &Vec3,
    centre: &CanvasPoint,
    extent: f64,
    view_projection: &Matrix4<f64>,
    (width, height): (f64, f64),
) -> f64 {
    if extent == 0.0 {
        return 0.0;
    }
    let squared_sum = [Vec3::x(), Vec3::y(), Vec3::z()]
        .iter()
        .filter_map(|axis| {
            project_to_canvas(&(position + axis * extent), view_projection, width, height)
        })
        .map(|end| (end.x - centre.x).powi(2) + (end.y - centre.y).powi(2))
        .sum::<f64>();
    (squared_sum / 2.0).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::view::render3d::camera::OrbitCamera;

    const SIZE: (f64, f64) = (800.0, 600.0);

    fn setup() -> (OrbitCamera, Matrix4<f64>) {
        let camera = OrbitCamera::new();
        let vp = camera.view_projection(SIZE.0 / SIZE.1);
        (camera, vp)
    }

    fn screen(p: &Vec3, vp: &Matrix4<f64>) -> CanvasPoint {
        project_to_canvas(p, vp, SIZE.0, SIZE.1).expect("visible")
    }

    #[test]
    fn the_centre_projects_to_the_middle_of_the_canvas() {
        let (_, vp) = setup();
        let c = screen(&Vec3::zeros(), &vp);
        assert!((c.x - 400.0).abs() < 1e-9 && (c.y - 300.0).abs() < 1e-9);
    }

    #[test]
    fn a_click_on_a_boid_selects_it() {
        let (_, vp) = setup();
        let positions = vec![
            Vec3::new(-3.0, 1.0, 2.0),
            Vec3::new(2.0, -2.0, 0.5),
            Vec3::new(0.0, 3.0, -3.0),
        ];
        for (i, p) in positions.iter().enumerate() {
            let s = screen(p, &vp);
            assert_eq!(
                pick_nearest(
                    &positions,
                    &vp,
                    SIZE,
                    (s.x + 3.0, s.y - 2.0),
                    PICK_RADIUS_PX,
                    0.0
                ),
                Some(i)
            );
        }
    }

    #[test]
    fn a_click_beside_every_boid_selects_nothing() {
        let (_, vp) = setup();
        let positions = vec![Vec3::zeros()];
        assert_eq!(
            pick_nearest(
                &positions,
                &vp,
                SIZE,
                (400.0 + 13.0, 300.0),
                PICK_RADIUS_PX,
                0.0
            ),
            None
        );
        assert_eq!(
            pick_nearest(
                &positions,
                &vp,
                SIZE,
                (400.0 + 11.0, 300.0),
                PICK_RADIUS_PX,
                0.0
            ),
            Some(0)
        );
        assert_eq!(
            pick_nearest(&[], &vp, SIZE, (400.0, 300.0), PICK_RADIUS_PX, 0.0),
            None
        );
        assert_eq!(
            pick_nearest(
                &positions,
                &vp,
                SIZE,
                (f64::NAN, 300.0),
                PICK_RADIUS_PX,
                0.0
            ),
            None
        );
    }

    #[test]
    fn a_click_within_the_margin_of_a_large_drawn_cone_selects_it() {
        let (camera, vp) = setup();
        let boid = Vec3::zeros();
        let centre = screen(&boid, &vp);
        // The cone's tip, turned along the camera's right: its drawn end.
        let extent = symbol_extent(1);
        let tip = screen(&(camera.right() * extent), &vp);
        let drawn = tip.x - centre.x;
        assert!(drawn > 8.0, "a cone of some size: {drawn} px");
        let pick_at = |dx: f64| {
            pick_nearest(
                &[boid],
                &vp,
                SIZE,
                (centre.x + dx, centre.y),
                PICK_RADIUS_PX,
                extent,
            )
        };
        assert_eq!(
            pick_at(drawn + PICK_RADIUS_PX - 1.0),
            Some(0),
            "12 px beyond the tip"
        );
        assert_eq!(
            pick_at(drawn * 1.1 + PICK_RADIUS_PX + 1.0),
            None,
            "beyond the margin"
        );
        assert_eq!(
            pick_at(PICK_RADIUS_PX + 1.0),
            Some(0),
            "the point-sized reach grew"
        );
    }

    #[test]
    fn the_keyboard_cycles_through_the_boids_nearest_the_centre() {
        let (camera, vp) = setup();
        // Boid k lies k steps right of the centre; 11 is behind the eye.
        let mut positions: Vec<Vec3> = (0..10)
            .map(|k| camera.right() * (0.2 * f64::from(k)))
            .rev()
            .collect();
        positions.push(camera.eye() + camera.backward());
        let order: Vec<usize> =
            std::iter::successors(next_near_centre(&positions, &vp, SIZE, None), |&current| {
                next_near_centre(&positions, &vp, SIZE, Some(current))
            })
            .take(crate::app::view::projection::KEY_CANDIDATES + 1)
            .collect();
        assert_eq!(
            order,
            [9, 8, 7, 6, 5, 4, 3, 2, 9],
            "nearest first, then round"
        );
        assert_eq!(
            next_near_centre(&positions, &vp, SIZE, Some(0)),
            Some(9),
            "far: nearest"
        );
        assert_eq!(next_near_centre(&[], &vp, SIZE, None), None);
    }

    #[test]
    fn the_extent_is_the_cones_farthest_point_from_its_position() {
        assert!((symbol_extent(1) - 0.5 * 0.6).abs() < 1e-7);
        assert!(symbol_extent(50_000) < symbol_extent(300));
    }

    #[test]
    fn the_nearest_in_screen_space_wins() {
        let (camera, vp) = setup();
        let a = camera.right() * 0.1;
        let b = camera.right() * 0.3;
        let positions = vec![b, a];
        let sa = screen(&a, &vp);
        assert_eq!(
            pick_nearest(&positions, &vp, SIZE, (sa.x - 1.0, sa.y), 50.0, 0.0),
            Some(1)
        );
    }

    #[test]
    fn within_a_pixel_the_front_boid_wins() {
        let (camera, vp) = setup();
        let front = camera.backward() * 3.0 + camera.right() * 0.01;
        let back = -camera.backward() * 3.0;
        let (sf, sb) = (screen(&front, &vp), screen(&back, &vp));
        assert!((sf.x - sb.x).abs() < 0.5 && sf.x != sb.x, "{sf:?} {sb:?}");
        assert_eq!(
            pick_nearest(&[back, front], &vp, SIZE, (sb.x, sb.y), PICK_RADIUS_PX, 0.0),
            Some(1)
        );
    }

    #[test]
    fn equal_screen_distance_goes_to_the_front_boid_then_the_lower_index() {
        let (camera, vp) = setup();
        // Two boids on one line of sight: the same pixel.
        let front = camera.backward() * 3.0;
        let back = -camera.backward() * 3.0;
        let positions = vec![back, front, front];
        assert_eq!(
            pick_nearest(&positions, &vp, SIZE, (400.0, 300.0), PICK_RADIUS_PX, 0.0),
            Some(1)
        );
    }

    #[test]
    fn boids_behind_the_eye_are_never_picked() {
        let mut camera = OrbitCamera::new();
        camera.zoom(1e-9); // the eye is inside the cube
        let vp = camera.view_projection(SIZE.0 / SIZE.1);
        let behind = camera.eye() + camera.backward() * 0.5;
        assert_eq!(project_to_canvas(&behind, &vp, SIZE.0, SIZE.1), None);
        assert_eq!(
            pick_nearest(&[behind], &vp, SIZE, (400.0, 300.0), 1e6, 0.0),
            None
        );
    }

    #[test]
    fn fifty_thousand_boids_are_searched() {
        let (_, vp) = setup();
        let positions: Vec<Vec3> = (0..50_000)
            .map(|i| {
                let t = f64::from(i);
                Vec3::new(
                    (t * 0.37).sin() * 4.0,
                    (t * 0.11).cos() * 4.0,
                    (t * 0.07).sin() * 4.0,
                )
            })
            .collect();
        let target = screen(&positions[31_337], &vp);
        let hit = pick_nearest(
            &positions,
            &vp,
            SIZE,
            (target.x, target.y),
            PICK_RADIUS_PX,
            0.0,
        );
        let hit = hit.expect("the boid under the cursor");
        let s = screen(&positions[hit], &vp);
        // Another boid within half a pixel and nearer to the eye may win.
        assert!((s.x - target.x).hypot(s.y - target.y) < 0.5);
    }
}
