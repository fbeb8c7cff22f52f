//! Picking in the 3D view: which boid lies nearest to a click on the canvas.
//! Every position is projected with the same view-projection matrix the
//! renderer uses; the nearest one in screen space within a few pixels wins.

use nalgebra::Matrix4;

use crate::model::Vec3;

/// A click selects the nearest boid within this many CSS pixels.
pub const PICK_RADIUS_PX: f64 = 12.0;

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
/// from the canvas' top left corner), if one lies within `reach` pixels.
/// Distances are compared in whole pixels (rounded): boids equally near in
/// that sense go to the one nearer to the eye, then to the lower index, so
/// a click on boids drawn over each other picks the front one.
#[must_use]
pub fn pick_nearest(
    positions: &[Vec3],
    view_projection: &Matrix4<f64>,
    (width, height): (f64, f64),
    (cursor_x, cursor_y): (f64, f64),
    reach: f64,
) -> Option<usize> {
    if !(cursor_x.is_finite() && cursor_y.is_finite() && reach >= 0.0) {
        return None;
    }
    let reach_squared = reach * reach;
    let mut best: Option<(f64, f64, usize)> = None; // (whole pixels, depth, index)
    for (index, position) in positions.iter().enumerate() {
        let Some(point) = project_to_canvas(position, view_projection, width, height) else {
            continue;
        };
        let (dx, dy) = (point.x - cursor_x, point.y - cursor_y);
        let distance_squared = dx * dx + dy * dy;
        if distance_squared > reach_squared {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::render3d::camera::OrbitCamera;

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
                    PICK_RADIUS_PX
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
            pick_nearest(&positions, &vp, SIZE, (400.0 + 13.0, 300.0), PICK_RADIUS_PX),
            None
        );
        assert_eq!(
            pick_nearest(&positions, &vp, SIZE, (400.0 + 11.0, 300.0), PICK_RADIUS_PX),
            Some(0)
        );
        assert_eq!(
            pick_nearest(&[], &vp, SIZE, (400.0, 300.0), PICK_RADIUS_PX),
            None
        );
        assert_eq!(
            pick_nearest(&positions, &vp, SIZE, (f64::NAN, 300.0), PICK_RADIUS_PX),
            None
        );
    }

    #[test]
    fn the_nearest_in_screen_space_wins() {
        let (camera, vp) = setup();
        let a = camera.right() * 0.1;
        let b = camera.right() * 0.3;
        let positions = vec![b, a];
        let sa = screen(&a, &vp);
        assert_eq!(
            pick_nearest(&positions, &vp, SIZE, (sa.x - 1.0, sa.y), 50.0),
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
            pick_nearest(&[back, front], &vp, SIZE, (sb.x, sb.y), PICK_RADIUS_PX),
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
            pick_nearest(&positions, &vp, SIZE, (400.0, 300.0), PICK_RADIUS_PX),
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
            pick_nearest(&[behind], &vp, SIZE, (400.0, 300.0), 1e6),
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
        let hit = pick_nearest(&positions, &vp, SIZE, (target.x, target.y), PICK_RADIUS_PX);
        let hit = hit.expect("the boid under the cursor");
        let s = screen(&positions[hit], &vp);
        // Another boid within half a pixel and nearer to the eye may win.
        assert!((s.x - target.x).hypot(s.y - target.y) < 0.5);
    }
}
