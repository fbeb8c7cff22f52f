//! The 3D view's machinery (SPEC §4): an orbit camera, picking, the
//! colour scheme, meshes, instance data and pointer gestures as plain,
//! natively tested types, and the three-d/WebGL2 renderer plus the canvas
//! driver (listeners, animation frames, context loss) for the browser.
//!
//! The Leptos component `View3d` wires these to the app state; nothing here
//! knows Leptos.

mod camera;
pub(crate) mod colours;
mod driver;
mod failure;
// The meshes are built only by the browser's renderer; natively the picking
// uses just the cone's dimensions from here.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod geometry;
mod gesture;
// Only the browser's renderer uses these (natively there is just its
// stand-in), so natively they are built for their tests alone.
#[cfg(any(target_arch = "wasm32", test))]
mod instances;
#[cfg(any(target_arch = "wasm32", test))]
mod pacing;
pub mod picking;
#[cfg(any(target_arch = "wasm32", test))]
mod planner;
#[cfg(target_arch = "wasm32")]
mod renderer;
#[cfg(not(target_arch = "wasm32"))]
#[path = "renderer_stub.rs"]
mod renderer;
#[cfg(any(target_arch = "wasm32", test))]
mod rules_geometry;

pub use camera::{CameraAction, OrbitCamera};
pub use driver::{CanvasDriver, DriverHooks};
pub use failure::ViewFailure;
pub use renderer::Renderer;

use crate::app::view::rules_overlay::RulesOverlay;
use crate::model::{Vec3, displacement};

/// Largest drawing buffer side in device pixels (keeps huge or zoomed
/// canvases within what WebGL allows).
pub const MAX_BUFFER_SIDE: u32 = 4096;

/// What one call of the renderer did in an animation frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// Nothing could be drawn (context lost, no area, no buffer).
    Nothing,
    /// The canvas already shows this frame's picture.
    Unchanged,
    /// The GPU is still busy with the last batch: ask again next frame.
    Waiting,
    /// A batch of the picture was drawn; it needs more frames.
    Partial,
    /// A picture went on the canvas; `newer_due` when the frame has changed
    /// since it started, so another picture must follow.
    Shown {
        /// Whether another picture is due.
        newer_due: bool,
    },
}

impl Drawn {
    /// Whether the renderer needs another animation frame.
    #[must_use]
    pub fn wants_more(self) -> bool {
        matches!(
            self,
            Self::Waiting | Self::Partial | Self::Shown { newer_due: true }
        )
    }

    /// Whether this frame drew something.
    #[must_use]
    pub fn drew(self) -> bool {
        matches!(self, Self::Partial | Self::Shown { .. })
    }

    /// Whether a picture went on the canvas.
    #[must_use]
    pub fn shown(self) -> bool {
        matches!(self, Self::Shown { .. })
    }
}

/// How the picture looks beyond the model: „Symbolgröße“ and the
/// presentation mode's thicker lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewStyle {
    /// Every cone's and rest sphere's size relative to normal (> 0); the
    /// same for all boids.
    pub symbol_scale: f32,
    /// Cube edges 4 device pixels wide instead of 1.
    pub thick_lines: bool,
}

impl Default for ViewStyle {
    fn default() -> Self {
        Self {
            symbol_scale: 1.0,
            thick_lines: false,
        }
    }
}

/// Everything one drawing of the 3D view needs.
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    /// Changes whenever positions or velocities change: the instance data
    /// is uploaded again only when it (or the boid count) differs from the
    /// last upload.
    pub data_version: u64,
    /// Boid positions (LE).
    pub positions: &'a [Vec3],
    /// Boid velocities (LE/s), same order as the positions.
    pub velocities: &'a [Vec3],
    /// The selected boid, marked with a ring.
    pub selection: Option<usize>,
    /// The boid the positions are centred on (following it), if any: every
    /// position is then its shortest periodic displacement from that boid.
    pub centred_on: Option<usize>,
    /// The selected boid's rules to draw (of this data version), if shown:
    /// its neighbours highlighted, the others dimmed, outlines and arrows.
    pub rules: Option<&'a RulesOverlay>,
    /// The camera.
    pub camera: &'a OrbitCamera,
    /// Canvas width in CSS pixels.
    pub css_width: f64,
    /// Canvas height in CSS pixels.
    pub css_height: f64,
    /// Device pixels per CSS pixel.
    pub device_pixel_ratio: f64,
    /// Symbol size and line width.
    pub style: ViewStyle,
}

/// The drawing buffer size in device pixels for a canvas of `css_width` ×
/// `css_height` CSS pixels: rounded, at least 1, at most [`MAX_BUFFER_SIDE`]
/// per side. `None` when the canvas has no area (hidden).
#[must_use]
pub fn drawing_buffer_size(
    css_width: f64,
    css_height: f64,
    device_pixel_ratio: f64,
) -> Option<(u32, u32)> {
    let ratio = if device_pixel_ratio.is_finite() && device_pixel_ratio > 0.0 {
        device_pixel_ratio
    } else {
        1.0
    };
    let side = |css: f64| {
        let pixels = (css * ratio).round();
        // Saturating float-to-int casts: NaN gives 0.
        (pixels >= 1.0).then(|| (pixels.min(f64::from(MAX_BUFFER_SIDE))) as u32)
    };
    Some((side(css_width)?, side(css_height)?))
}

/// Fills `out` with every position seen from boid `boid` (its shortest
/// periodic displacement from that boid), for following it: the boid sits at
/// the origin, the cube's centre, and each other boid at its periodic image
/// nearest to it, so nothing near the boid jumps when it crosses a face.
/// Leaves `out` empty when there is no such boid.
pub fn centre_on(positions: &[Vec3], boid: usize, out: &mut Vec<Vec3>) {
    out.clear();
    if let Some(centre) = positions.get(boid) {
        out.extend(positions.iter().map(|p| displacement(centre, p)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::HALF_PERIOD;

    #[test]
    fn centring_puts_the_boid_at_the_origin_and_its_neighbours_beside_it() {
        let h = HALF_PERIOD;
        let positions = [
            Vec3::new(h - 0.1, 0.0, 0.0),
            Vec3::new(-h + 0.1, 0.5, 0.0),
            Vec3::new(0.0, 0.0, 0.0),
        ];
        let mut out = vec![Vec3::zeros(); 7];
        centre_on(&positions, 0, &mut out);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0], Vec3::zeros());
        // Across the seam: just beside the boid, not 8.2 LE away.
        assert!((out[1] - Vec3::new(0.2, 0.5, 0.0)).norm() < 1e-12);
        assert!((out[2] - Vec3::new(-h + 0.1, 0.0, 0.0)).norm() < 1e-12);
        centre_on(&positions, 3, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn buffer_size_follows_the_device_pixel_ratio_within_bounds() {
        assert_eq!(drawing_buffer_size(800.0, 600.0, 1.0), Some((800, 600)));
        assert_eq!(drawing_buffer_size(800.0, 600.0, 2.0), Some((1600, 1200)));
        assert_eq!(drawing_buffer_size(333.3, 100.2, 1.5), Some((500, 150)));
        assert_eq!(
            drawing_buffer_size(800.0, 600.0, f64::NAN),
            Some((800, 600))
        );
        assert_eq!(
            drawing_buffer_size(5000.0, 10.0, 2.0),
            Some((MAX_BUFFER_SIDE, 20))
        );
        assert_eq!(drawing_buffer_size(0.0, 600.0, 1.0), None);
        assert_eq!(drawing_buffer_size(800.0, f64::NAN, 1.0), None);
    }
}
