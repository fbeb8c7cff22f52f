//! How a picture is drawn: its fixed parameters, the background with the
//! cube, the chunks of boids (plain, dimmed or highlighted), and on the
//! canvas over the complete picture the selection ring and the rules'
//! outlines and arrows. Lighting: ambient plus one directional light fixed
//! to the camera (from the upper left behind the viewer), so shading shows
//! each cone's direction from every viewpoint.

use std::ops::Range;

use nalgebra::Matrix4;
use three_d::context::HasContext;
use three_d::core::{Blend, ClearState, Cull, DepthTest, RenderStates, Viewport, WriteMask};
use three_d::{Mat4, Vec2, Vec3, Vec4};

use super::super::geometry::REST_SPHERE_RADIUS;
use super::super::{OrbitCamera, ViewStyle};
use super::Renderer;
use super::buffers::{InstanceBuffers, MeshBuffers};
use super::offscreen::Offscreen;
use crate::model::Vec3 as Vec3d;

/// Background colour (sRGB).
const BACKGROUND: [f32; 3] = [0.085, 0.095, 0.115];

/// Colour of the cube edges (sRGB, opaque).
const CUBE_COLOUR: [f32; 4] = [0.50, 0.55, 0.62, 1.0];

/// Brightness of a cone's base disc relative to its side, so a cone seen
/// from behind shows a darker disc.
const BASE_SHADE: f32 = 0.55;

/// Smallest radius of the selection ring, in CSS pixels.
const RING_MIN_RADIUS_PX: f64 = 14.0;

/// Ring radius relative to the projected cone length when zoomed in.
const RING_PER_CONE: f64 = 0.9;

/// The ring: a dark halo under a bright line, visible on cones and background.
const RING_HALO_COLOUR: [f32; 4] = [0.02, 0.02, 0.03, 1.0];
const RING_LINE_COLOUR: [f32; 4] = [1.0, 0.86, 0.15, 1.0];

/// Brightness of the boids that are not neighbours of the selected boid
/// while its rules are shown.
const DIMMED: f32 = 0.6;

/// Size of a highlighted neighbour's cone relative to the others: a little
/// larger, so it covers its dimmed self and stands out.
const HIGHLIGHT_SCALE: f32 = 1.25;

/// What a picture being drawn over one or more frames needs, fixed when it
/// started.
pub(super) struct Picture {
    pub view_projection: Matrix4<f64>,
    pub aspect: f64,
    pub viewport: Viewport,
    pub device_pixel_ratio: f64,
    pub light: Vec3,
    pub ring_centre: Option<Vec3d>,
    /// Whether the selected boid's rules are drawn: the swarm dimmed, its
    /// neighbours highlighted, the outlines and arrows on top.
    pub rules: bool,
    /// The outlines and arrows (their vertices are uploaded at the start).
    pub overlay_parts: Vec<(usize, usize, [f32; 4])>,
    /// Symbol size and line width.
    pub style: ViewStyle,
}

impl Picture {
    /// The light's direction for `camera`: from the upper left behind the
    /// viewer.
    pub fn light(camera: &OrbitCamera) -> Vec3 {
        let light =
            (camera.right() * -0.35 + camera.up() * 0.6 + camera.backward() * 0.72).normalize();
        Vec3::new(light.x as f32, light.y as f32, light.z as f32)
    }
}

impl Renderer {
    /// Clears the offscreen picture and draws the cube on it.
    pub(super) fn draw_background(&self, offscreen: &Offscreen, picture: &Picture) {
        offscreen.draw_into(&self.context, |target| {
            let [r, g, b] = BACKGROUND;
            target.clear(ClearState::color_and_depth(r, g, b, 1.0, 1.0));
            let _ = target.write(|| {
                self.draw_cube(picture);
                Ok::<(), std::convert::Infallible>(())
            });
        });
    }

    /// Draws `chunks` of the picture offscreen: the swarm's chunks (cones,
    /// then rest spheres) come first, then the highlighted boids'.
    pub(super) fn draw_chunks(
        &self,
        offscreen: &Offscreen,
        picture: &Picture,
        chunks: Range<usize>,
    ) {
        let vp = to_mat4(&picture.view_projection);
        let brightness = if picture.rules { DIMMED } else { 1.0 };
        offscreen.draw_into(&self.context, |target| {
            let _ = target.write(|| {
                let swarm = self
                    .swarm
                    .chunks()
                    .map(|(chunk, cones)| (chunk, cones, false));
                let bright = self
                    .highlighted
                    .chunks()
                    .map(|(chunk, cones)| (chunk, cones, true));
                for (instances, cones, highlighted) in
                    swarm.chain(bright).skip(chunks.start).take(chunks.len())
                {
                    let mesh = if cones {
                        self.cone_mesh()
                    } else {
                        &self.sphere
                    };
                    let look = if highlighted {
                        Look::Highlighted
                    } else {
                        Look::Plain { brightness }
                    };
                    self.draw_instances(picture, vp, mesh, instances, cones, look);
                }
                Ok::<(), std::convert::Infallible>(())
            });
        });
    }

    /// Puts the complete picture on the canvas, the ring and the rules'
    /// outlines and arrows over it.
    pub(super) fn show(&self, offscreen: &Offscreen, picture: &Picture) {
        offscreen.show(&self.context);
        if let Some(centre) = &picture.ring_centre {
            self.draw_ring(centre, picture);
        }
        // Over the ring: short arrows start inside it.
        self.draw_overlay(picture);
    }

    /// The cube's edges: WebGL draws lines one pixel wide, so a thick line
    /// is the thin one drawn again shifted by a pixel each way.
    fn draw_cube(&self, picture: &Picture) {
        let viewport = picture.viewport;
        let program = &self.programs.line;
        program.use_uniform("viewProjection", to_mat4(&picture.view_projection));
        program.use_uniform("colour", Vec4::from(CUBE_COLOUR));
        let states = RenderStates {
            cull: Cull::None,
            ..RenderStates::default()
        };
        let count = self.cube_vertices;
        let shifts: &[f32] = if picture.style.thick_lines {
            &[-1.5, -0.5, 0.5, 1.5]
        } else {
            &[0.0]
        };
        // One device pixel in clip units.
        let pixel = Vec2::new(
            2.0 / viewport.width.max(1) as f32,
            2.0 / viewport.height.max(1) as f32,
        );
        for &dx in shifts {
            for &dy in shifts {
                program.use_uniform("offset", Vec2::new(dx * pixel.x, dy * pixel.y));
                // Bound for each draw: a draw unbinds its attributes.
                program.use_vertex_attribute("position", &self.cube);
                // SAFETY: a plain draw call on the live context; the
                // attribute it reads was bound just above.
                program.draw_with(states, viewport, || unsafe {
                    self.context.draw_arrays(three_d::context::LINES, 0, count);
                });
            }
        }
    }

    /// One chunk of cones (`cones`) or of rest spheres.
    fn draw_instances(
        &self,
        picture: &Picture,
        vp: Mat4,
        mesh: &MeshBuffers,
        instances: &InstanceBuffers,
        cones: bool,
        look: Look,
    ) {
        if instances.count == 0 {
            return;
        }
        let length = self.cone_length * picture.style.symbol_scale;
        let (size, base_shade) = if cones {
            (length, BASE_SHADE)
        } else {
            (length * REST_SPHERE_RADIUS, 1.0)
        };
        let (scale, brightness, depth_test) = match look {
            Look::Plain { brightness } => (1.0, brightness, DepthTest::Less),
            // Drawn after the swarm: must win over its own dimmed self.
            Look::Highlighted => (HIGHLIGHT_SCALE, 1.0, DepthTest::LessOrEqual),
        };
        let program = &self.programs.mesh;
        let states = RenderStates {
            cull: Cull::Back,
            depth_test,
            ..RenderStates::default()
        };
        program.use_uniform("viewProjection", vp);
        program.use_uniform("size", size * scale);
        program.use_uniform("baseShade", base_shade);
        program.use_uniform("brightness", brightness);
        program.use_uniform("lightDirection", picture.light);
        program.use_vertex_attribute("position", &mesh.positions);
        program.use_vertex_attribute("normal", &mesh.normals);
        program.use_instance_attribute("instancePosition", &instances.positions);
        program.use_instance_attribute("instanceDirection", &instances.directions);
        program.use_instance_attribute("instanceColour", &instances.colours);
        program.draw_elements_instanced(states, picture.viewport, &mesh.elements, instances.count);
    }

    /// The outlines and arrows of the selected boid's rules, on the canvas
    /// over the picture (translucent where their colour says so).
    fn draw_overlay(&self, picture: &Picture) {
        if picture.overlay_parts.is_empty() {
            return;
        }
        let states = RenderStates {
            write_mask: WriteMask::COLOR,
            depth_test: DepthTest::Always,
            blend: Blend::TRANSPARENCY,
            cull: Cull::None,
        };
        let program = &self.programs.overlay;
        for &(first, count, colour) in &picture.overlay_parts {
            let (Ok(first), Ok(count)) = (i32::try_from(first), i32::try_from(count)) else {
                continue;
            };
            program.use_uniform("colour", Vec4::from(colour));
            program.use_vertex_attribute("position", &self.overlay_vertices);
            // SAFETY: a plain draw call on the live context; the attribute it
            // reads was bound just above and holds first + count vertices.
            program.draw_with(states, picture.viewport, || unsafe {
                self.context
                    .draw_arrays(three_d::context::TRIANGLES, first, count);
            });
        }
    }

    /// The ring around the selected boid, on the canvas over the picture.
    fn draw_ring(&self, centre: &Vec3d, picture: &Picture) {
        let view_projection = &picture.view_projection;
        let viewport = picture.viewport;
        let clip = view_projection * centre.push(1.0);
        if !(clip.w > 1e-6 && clip.iter().all(|c| c.is_finite())) {
            return;
        }
        let height_px = f64::from(viewport.height);
        let width_px = f64::from(viewport.width);
        let ratio = picture.device_pixel_ratio;
        let ratio = if ratio.is_finite() && ratio > 0.0 {
            ratio
        } else {
            1.0
        };
        // The ring grows with the cone when zoomed in, never below a minimum.
        let focal_px = 0.5 * height_px / (0.5 * OrbitCamera::vertical_fov(picture.aspect)).tan();
        let cone_px = f64::from(self.cone_length * picture.style.symbol_scale) * focal_px / clip.w;
        let radius_px = (RING_MIN_RADIUS_PX * ratio).max(RING_PER_CONE * cone_px);
        let radius = Vec2::new(
            (2.0 * radius_px / width_px) as f32,
            (2.0 * radius_px / height_px) as f32,
        );
        let centre = Vec3::new(centre.x as f32, centre.y as f32, centre.z as f32);
        let states = RenderStates {
            write_mask: WriteMask::COLOR,
            depth_test: DepthTest::Always,
            blend: Blend::Disabled,
            cull: Cull::None,
        };
        let program = &self.programs.ring;
        let vp = to_mat4(view_projection);
        for (buffer, colour) in [
            (&self.ring_halo, RING_HALO_COLOUR),
            (&self.ring_line, RING_LINE_COLOUR),
        ] {
            program.use_uniform("viewProjection", vp);
            program.use_uniform("centre", centre);
            program.use_uniform("radius", radius);
            program.use_uniform("colour", Vec4::from(colour));
            program.use_vertex_attribute("position", buffer);
            program.draw_arrays(states, viewport, buffer.vertex_count());
        }
    }
}

/// How a chunk of boids is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Look {
    /// Normal size, at this brightness (1 plain, less when dimmed).
    Plain { brightness: f32 },
    /// The selected boid and its neighbours while its rules are shown.
    Highlighted,
}

/// nalgebra's f64 matrix as three-d's f32 matrix (both column-major).
fn to_mat4(m: &Matrix4<f64>) -> Mat4 {
    let column = |j: usize| {
        Vec4::new(
            m[(0, j)] as f32,
            m[(1, j)] as f32,
            m[(2, j)] as f32,
            m[(3, j)] as f32,
        )
    };
    Mat4::from_cols(column(0), column(1), column(2), column(3))
}
