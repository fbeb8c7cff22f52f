//! The orbit camera of the 3D view: it circles the centre of the periodic cube
//! at a distance, turned by yaw (around the model's y axis, which points up)
//! and pitch (above or below the x-z plane). Plain f64 maths without GL, so it
//! is tested natively; the renderer converts the matrices at its boundary.

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI, TAU};

use nalgebra::{Matrix4, Perspective3, Point3};

use crate::model::{HALF_PERIOD, Vec3};

/// Vertical field of view of a landscape canvas, in radians (45°).
pub const FIELD_OF_VIEW: f64 = FRAC_PI_4;

/// Radius of the sphere around the cube centre that holds the whole cube, in LE.
pub const CUBE_RADIUS: f64 = HALF_PERIOD * 1.732_050_807_568_877_2;

/// Distance of the reset camera from the cube centre, in LE: the whole cube
/// fits the picture with a small margin.
pub const DEFAULT_DISTANCE: f64 = 20.0;

/// Nearest allowed distance, in LE (inside the cube, close to the centre).
pub const MIN_DISTANCE: f64 = 1.5;

/// Farthest allowed distance, in LE.
pub const MAX_DISTANCE: f64 = 80.0;

/// Highest pitch, in radians (just below 90°, so "up" stays defined).
pub const MAX_PITCH: f64 = 89.0 * PI / 180.0;

/// Rotation per CSS pixel of drag, in radians (a drag across 400 px turns
/// the view by about 180°).
pub const RADIANS_PER_PIXEL: f64 = 0.008;

/// Rotation per arrow-key press, in radians (10°).
pub const KEY_ROTATION: f64 = 10.0 * PI / 180.0;

/// Distance factor per +/− key press.
pub const KEY_ZOOM: f64 = 1.15;

/// Reset yaw: the camera looks from the (1, 1, 1) side like the SVG view.
const DEFAULT_YAW: f64 = FRAC_PI_4;

/// Reset pitch: asin(1/√3), the elevation of the (1, 1, 1) diagonal.
const DEFAULT_PITCH: f64 = 0.615_479_708_670_387_3;

/// What a key press or button asks of the camera.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraAction {
    /// Turn by this many radians of yaw and pitch.
    Rotate { yaw: f64, pitch: f64 },
    /// Multiply the distance by this factor (> 1 moves away).
    Zoom(f64),
    /// Back to the initial view.
    Reset,
}

/// The camera action for a `KeyboardEvent.key` pressed while the canvas has
/// focus, or `None` for keys the view leaves alone. Arrow keys rotate, + and −
/// zoom, 0 resets.
#[must_use]
pub fn action_for_key(key: &str) -> Option<CameraAction> {
    match key {
        "ArrowLeft" => Some(CameraAction::Rotate {
            yaw: KEY_ROTATION,
            pitch: 0.0,
        }),
        "ArrowRight" => Some(CameraAction::Rotate {
            yaw: -KEY_ROTATION,
            pitch: 0.0,
        }),
        "ArrowUp" => Some(CameraAction::Rotate {
            yaw: 0.0,
            pitch: KEY_ROTATION,
        }),
        "ArrowDown" => Some(CameraAction::Rotate {
            yaw: 0.0,
            pitch: -KEY_ROTATION,
        }),
        "+" | "=" | "Add" => Some(CameraAction::Zoom(1.0 / KEY_ZOOM)),
        "-" | "_" | "Subtract" => Some(CameraAction::Zoom(KEY_ZOOM)),
        "0" => Some(CameraAction::Reset),
        _ => None,
    }
}

/// The distance factor for one wheel event (`deltaY` in the unit `deltaMode`
/// gives: 0 pixels, 1 lines, 2 pages). Scrolling down (positive) moves away.
/// One event changes the distance by at most a factor of 2.
#[must_use]
pub fn wheel_zoom_factor(delta_y: f64, delta_mode: u32) -> f64 {
    let pixels = match delta_mode {
        1 => delta_y * 16.0,
        2 => delta_y * 400.0,
        _ => delta_y,
    };
    if !pixels.is_finite() {
        return 1.0;
    }
    (pixels * 0.002)
        .clamp(-std::f64::consts::LN_2, std::f64::consts::LN_2)
        .exp()
}

/// An orbit camera around the cube centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OrbitCamera {
    yaw: f64,
    pitch: f64,
    distance: f64,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        Self::new()
    }
}

impl OrbitCamera {
    /// The initial view: from the (1, 1, 1) side, the whole cube in sight.
    #[must_use]
    pub fn new() -> Self {
        Self {
            yaw: DEFAULT_YAW,
            pitch: DEFAULT_PITCH,
            distance: DEFAULT_DISTANCE,
        }
    }

    /// Yaw in radians, in (−π, π]: 0 looks from +z towards −z.
    #[must_use]
    pub fn yaw(&self) -> f64 {
        self.yaw
    }

    /// Pitch in radians, in [−`MAX_PITCH`, `MAX_PITCH`]: positive looks down
    /// from above.
    #[must_use]
    pub fn pitch(&self) -> f64 {
        self.pitch
    }

    /// Distance of the eye from the cube centre, in LE.
    #[must_use]
    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// Whether the camera is in its initial state.
    #[must_use]
    pub fn is_reset(&self) -> bool {
        *self == Self::new()
    }

    /// Back to the initial view.
    pub fn reset(&mut self) {
        *self = Self::new();
    }

    /// Turns the view by yaw and pitch in radians; non-finite input is ignored.
    pub fn rotate(&mut self, yaw: f64, pitch: f64) {
        if !(yaw.is_finite() && pitch.is_finite()) {
            return;
        }
        let mut turned = (self.yaw + yaw).rem_euclid(TAU);
        if turned > PI {
            turned -= TAU;
        }
        self.yaw = turned;
        self.pitch = (self.pitch + pitch).clamp(-MAX_PITCH, MAX_PITCH);
    }

    /// Turns the view for a drag by `dx`, `dy` CSS pixels: the picture follows
    /// the pointer (drag right turns the cube to the right, drag down tips its
    /// top towards the viewer).
    pub fn rotate_by_pixels(&mut self, dx: f64, dy: f64) {
        self.rotate(-dx * RADIANS_PER_PIXEL, dy * RADIANS_PER_PIXEL);
    }

    /// Multiplies the distance by `factor` (> 1 moves away), clamped to
    /// [`MIN_DISTANCE`, `MAX_DISTANCE`]; a non-positive or non-finite factor
    /// is ignored.
    pub fn zoom(&mut self, factor: f64) {
        if factor.is_finite() && factor > 0.0 {
            self.distance = (self.distance * factor).clamp(MIN_DISTANCE, MAX_DISTANCE);
        }
    }

    /// Applies a key or button action.
    pub fn apply(&mut self, action: CameraAction) {
        match action {
            CameraAction::Rotate { yaw, pitch } => self.rotate(yaw, pitch),
            CameraAction::Zoom(factor) => self.zoom(factor),
            CameraAction::Reset => self.reset(),
        }
    }

    /// Unit vector from the cube centre towards the eye.
    #[must_use]
    pub fn backward(&self) -> Vec3 {
        let (sin_yaw, cos_yaw) = self.yaw.sin_cos();
        let (sin_pitch, cos_pitch) = self.pitch.sin_cos();
        Vec3::new(cos_pitch * sin_yaw, sin_pitch, cos_pitch * cos_yaw)
    }

    /// The eye position in model coordinates (LE).
    #[must_use]
    pub fn eye(&self) -> Vec3 {
        self.backward() * self.distance
    }

    /// Unit vector pointing right on screen.
    #[must_use]
    pub fn right(&self) -> Vec3 {
        let (sin_yaw, cos_yaw) = self.yaw.sin_cos();
        Vec3::new(cos_yaw, 0.0, -sin_yaw)
    }

    /// Unit vector pointing up on screen.
    #[must_use]
    pub fn up(&self) -> Vec3 {
        self.backward().cross(&self.right())
    }

    /// The view matrix (model coordinates to eye coordinates, right-handed,
    /// the eye looks along −z).
    #[must_use]
    pub fn view_matrix(&self) -> Matrix4<f64> {
        let eye = Point3::from(self.eye());
        Matrix4::look_at_rh(&eye, &Point3::origin(), &Vec3::y())
    }

    /// Vertical field of view for a canvas of this aspect ratio (width ÷
    /// height): 45° for landscape; for portrait the horizontal field is kept
    /// at 45° so the cube still fits.
    #[must_use]
    pub fn vertical_fov(aspect: f64) -> f64 {
        let aspect = sane_aspect(aspect);
        if aspect >= 1.0 {
            FIELD_OF_VIEW
        } else {
            (2.0 * ((FIELD_OF_VIEW / 2.0).tan() / aspect).atan()).min(FRAC_PI_2 * 1.8)
        }
    }

    /// Near and far clipping distances that hold the whole cube.
    #[must_use]
    pub fn clip_range(&self) -> (f64, f64) {
        let far = self.distance + CUBE_RADIUS + 1.0;
        let near = (self.distance - CUBE_RADIUS - 1.0).max(0.02);
        (near, far)
    }

    /// The perspective projection for a canvas of this aspect ratio.
    #[must_use]
    pub fn projection_matrix(&self, aspect: f64) -> Matrix4<f64> {
        let aspect = sane_aspect(aspect);
        let (near, far) = self.clip_range();
        Perspective3::new(aspect, Self::vertical_fov(aspect), near, far).to_homogeneous()
    }

    /// Projection × view: model coordinates to clip coordinates.
    #[must_use]
    pub fn view_projection(&self, aspect: f64) -> Matrix4<f64> {
        self.projection_matrix(aspect) * self.view_matrix()
    }
}

/// A usable aspect ratio: finite and positive, else square.
fn sane_aspect(aspect: f64) -> f64 {
    if aspect.is_finite() && aspect > 1e-3 {
        aspect.min(1e3)
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Vector4;

    fn clip(camera: &OrbitCamera, aspect: f64, p: Vec3) -> Vector4<f64> {
        camera.view_projection(aspect) * p.push(1.0)
    }

    fn ndc(camera: &OrbitCamera, aspect: f64, p: Vec3) -> Vec3 {
        let c = clip(camera, aspect, p);
        Vec3::new(c.x / c.w, c.y / c.w, c.z / c.w)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn the_initial_view_looks_from_the_one_one_one_diagonal() {
        let camera = OrbitCamera::new();
        let back = camera.backward();
        let diagonal = Vec3::new(1.0, 1.0, 1.0).normalize();
        assert!((back - diagonal).norm() < 1e-9, "{back:?}");
        assert!(close(camera.eye().norm(), DEFAULT_DISTANCE));
        assert!(camera.is_reset());
    }

    #[test]
    fn the_basis_is_orthonormal_and_y_points_up_on_screen() {
        let mut camera = OrbitCamera::new();
        camera.rotate(1.3, -0.4);
        let (r, u, b) = (camera.right(), camera.up(), camera.backward());
        for v in [r, u, b] {
            assert!(close(v.norm(), 1.0));
        }
        assert!(close(r.dot(&u), 0.0) && close(r.dot(&b), 0.0) && close(u.dot(&b), 0.0));
        // Right-handed: right × up = backward.
        assert!((r.cross(&u) - b).norm() < 1e-9);
        // The model's +y axis projects upwards.
        assert!(u.y > 0.0);
    }

    #[test]
    fn the_centre_is_in_the_middle_and_the_whole_cube_is_visible() {
        for aspect in [0.5, 1.0, 16.0 / 9.0] {
            let camera = OrbitCamera::new();
            let centre = ndc(&camera, aspect, Vec3::zeros());
            assert!(centre.x.abs() < 1e-9 && centre.y.abs() < 1e-9);
            for corner in 0..8 {
                let sign = |bit: i32| {
                    if corner & bit == 0 {
                        -HALF_PERIOD
                    } else {
                        HALF_PERIOD
                    }
                };
                let p = ndc(&camera, aspect, Vec3::new(sign(1), sign(2), sign(4)));
                assert!(
                    p.x.abs() < 0.95 && p.y.abs() < 0.95,
                    "aspect {aspect}: {p:?}"
                );
                assert!(p.z > -1.0 && p.z < 1.0, "inside the clip range: {p:?}");
            }
        }
    }

    #[test]
    fn screen_directions_match_right_and_up() {
        let camera = OrbitCamera::new();
        let right = ndc(&camera, 1.0, camera.right());
        let up = ndc(&camera, 1.0, camera.up());
        assert!(right.x > 0.0 && close(right.y, 0.0));
        assert!(up.y > 0.0 && close(up.x, 0.0));
        // Nearer points have a smaller depth.
        let near = ndc(&camera, 1.0, camera.backward());
        let far = ndc(&camera, 1.0, -camera.backward());
        assert!(near.z < far.z);
    }

    #[test]
    fn dragging_right_turns_the_front_to_the_right() {
        let mut camera = OrbitCamera::new();
        // A point between the centre and the eye (in the middle of the picture).
        let front = camera.backward() * 2.0;
        let before = ndc(&camera, 1.0, front);
        camera.rotate_by_pixels(40.0, 0.0);
        let after = ndc(&camera, 1.0, front);
        assert!(after.x > before.x + 0.01, "{before:?} → {after:?}");
        // Dragging down tips the top towards the viewer: the front point moves down.
        let mut camera = OrbitCamera::new();
        camera.rotate_by_pixels(0.0, 40.0);
        let after = ndc(&camera, 1.0, front);
        assert!(after.y < before.y - 0.01, "{before:?} → {after:?}");
    }

    #[test]
    fn pitch_is_clamped_and_yaw_wraps() {
        let mut camera = OrbitCamera::new();
        camera.rotate_by_pixels(0.0, 1e6);
        assert!(close(camera.pitch(), MAX_PITCH));
        camera.rotate_by_pixels(0.0, -1e6);
        assert!(close(camera.pitch(), -MAX_PITCH));
        for _ in 0..100 {
            camera.rotate(1.0, 0.0);
            assert!(camera.yaw() > -PI && camera.yaw() <= PI);
        }
        // Still a valid view straight from above.
        let m = camera.view_projection(1.0);
        assert!(m.iter().all(|x| x.is_finite()));
    }

    #[test]
    fn zoom_is_clamped_and_bad_input_is_ignored() {
        let mut camera = OrbitCamera::new();
        camera.zoom(0.5);
        assert!(close(camera.distance(), DEFAULT_DISTANCE / 2.0));
        camera.zoom(1e-9);
        assert!(close(camera.distance(), MIN_DISTANCE));
        camera.zoom(1e9);
        assert!(close(camera.distance(), MAX_DISTANCE));
        let before = camera;
        for bad in [0.0, -2.0, f64::NAN, f64::INFINITY] {
            camera.zoom(bad);
        }
        camera.rotate(f64::NAN, 1.0);
        camera.rotate_by_pixels(f64::INFINITY, 0.0);
        assert_eq!(camera, before);
        camera.reset();
        assert!(camera.is_reset());
    }

    #[test]
    fn zoomed_in_the_clip_range_stays_valid() {
        let mut camera = OrbitCamera::new();
        camera.zoom(1e-9);
        let (near, far) = camera.clip_range();
        assert!(near > 0.0 && far > near);
        // A cube corner behind the eye is clipped, the centre is not.
        let centre = ndc(&camera, 1.0, Vec3::zeros());
        assert!(centre.z > -1.0 && centre.z < 1.0);
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(action_for_key("0"), Some(CameraAction::Reset));
        assert!(matches!(action_for_key("+"), Some(CameraAction::Zoom(f)) if f < 1.0));
        assert!(matches!(action_for_key("-"), Some(CameraAction::Zoom(f)) if f > 1.0));
        assert!(
            matches!(action_for_key("ArrowLeft"), Some(CameraAction::Rotate { yaw, .. }) if yaw > 0.0)
        );
        assert!(
            matches!(action_for_key("ArrowUp"), Some(CameraAction::Rotate { pitch, .. }) if pitch > 0.0)
        );
        assert_eq!(action_for_key(" "), None);
        assert_eq!(action_for_key("a"), None);
        let mut camera = OrbitCamera::new();
        camera.apply(CameraAction::Zoom(2.0));
        camera.apply(CameraAction::Rotate {
            yaw: 0.3,
            pitch: 0.1,
        });
        assert!(!camera.is_reset());
        camera.apply(CameraAction::Reset);
        assert!(camera.is_reset());
    }

    #[test]
    fn wheel_factor_follows_delta_and_is_bounded() {
        assert!(close(wheel_zoom_factor(0.0, 0), 1.0));
        assert!(wheel_zoom_factor(100.0, 0) > 1.0);
        assert!(wheel_zoom_factor(-100.0, 0) < 1.0);
        assert!(close(wheel_zoom_factor(1e9, 0), 2.0));
        assert!(close(wheel_zoom_factor(-1e9, 0), 0.5));
        assert!(wheel_zoom_factor(3.0, 1) > wheel_zoom_factor(3.0, 0));
        assert!(close(wheel_zoom_factor(f64::NAN, 0), 1.0));
    }

    #[test]
    fn portrait_canvases_keep_the_horizontal_field() {
        let wide = OrbitCamera::vertical_fov(2.0);
        let tall = OrbitCamera::vertical_fov(0.5);
        assert!(close(wide, FIELD_OF_VIEW));
        assert!(tall > FIELD_OF_VIEW && tall < PI);
        assert!(close(OrbitCamera::vertical_fov(f64::NAN), FIELD_OF_VIEW));
    }
}
