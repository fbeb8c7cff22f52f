//! The WebGL2 renderer of the 3D view, built on three-d's core layer
//! (context, shader programs, vertex/instance/element buffers).
//!
//! Two instanced draws show the swarm: one cone mesh for every moving boid
//! (oriented along its velocity in the vertex shader) and one small sphere
//! for every boid at rest. The cone has fewer sides for large swarms (see
//! [`geometry::cone_detail`]). The cube edges are lines; the selection ring
//! is a camera-facing annulus of constant screen size drawn last, without
//! depth test. Lighting: ambient plus one directional light fixed to the
//! camera (from the upper left behind the viewer), so shading shows each
//! cone's direction from every viewpoint.
//!
//! The instance buffers are refilled only when the swarm's data version
//! changes; otherwise a frame uploads nothing but a few uniforms and
//! allocates nothing. three-d's high-level `InstancedMesh::set_instances`
//! is avoided on purpose: it clones the instances and creates new GPU
//! buffers on every call, and its render path panics on errors.

use std::sync::Arc;

use nalgebra::Matrix4;
use three_d::context::HasContext;
use three_d::core::{
    Blend, ClearState, Context, Cull, DepthTest, ElementBuffer, InstanceBuffer, Program,
    RenderStates, RenderTarget, VertexBuffer, Viewport, WriteMask,
};
use three_d::{Mat4, Vec2, Vec3, Vec4};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, WebGl2RenderingContext, WebglLoseContext};

use super::colours::REST_COLOUR;
use super::geometry::{self, Mesh, REST_SPHERE_RADIUS};
use super::instances::InstanceData;
use super::{Frame, OrbitCamera, drawing_buffer_size};

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

const MESH_VERTEX: &str = "
uniform mat4 viewProjection;
uniform float size;
uniform float baseShade;
in vec3 position;
in vec3 normal;
in vec3 instancePosition;
in vec3 instanceDirection;
in vec3 instanceColour;
out vec3 vNormal;
out vec3 vColour;
void main() {
    vec3 f = instanceDirection;
    vec3 helper = abs(f.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 s = normalize(cross(helper, f));
    vec3 u = cross(f, s);
    mat3 basis = mat3(s, u, f);
    vNormal = basis * normal;
    vColour = instanceColour * (normal.z < -0.999 ? baseShade : 1.0);
    gl_Position = viewProjection * vec4(instancePosition + basis * (position * size), 1.0);
}
";

const MESH_FRAGMENT: &str = "
uniform vec3 lightDirection;
in vec3 vNormal;
in vec3 vColour;
layout (location = 0) out vec4 outColour;
void main() {
    vec3 n = normalize(vNormal);
    float diffuse = max(dot(n, lightDirection), 0.0);
    vec3 linear = pow(vColour, vec3(2.2));
    vec3 lit = linear * (0.22 + 0.9 * diffuse);
    outColour = vec4(pow(clamp(lit, 0.0, 1.0), vec3(1.0 / 2.2)), 1.0);
}
";

const LINE_VERTEX: &str = "
uniform mat4 viewProjection;
in vec3 position;
void main() {
    gl_Position = viewProjection * vec4(position, 1.0);
}
";

const RING_VERTEX: &str = "
uniform mat4 viewProjection;
uniform vec3 centre;
uniform vec2 radius;
in vec2 position;
void main() {
    vec4 c = viewProjection * vec4(centre, 1.0);
    gl_Position = vec4(c.xy + position * radius * c.w, 0.0, c.w);
}
";

const FLAT_FRAGMENT: &str = "
uniform vec4 colour;
layout (location = 0) out vec4 outColour;
void main() {
    outColour = colour;
}
";

/// A mesh on the GPU.
struct MeshBuffers {
    positions: VertexBuffer<[f32; 3]>,
    normals: VertexBuffer<[f32; 3]>,
    elements: ElementBuffer<u16>,
}

impl MeshBuffers {
    fn new(context: &Context, mesh: &Mesh) -> Self {
        Self {
            positions: VertexBuffer::new_with_data(context, &mesh.positions),
            normals: VertexBuffer::new_with_data(context, &mesh.normals),
            elements: ElementBuffer::new_with_data(context, &mesh.indices),
        }
    }
}

/// Per-instance attributes on the GPU.
struct InstanceBuffers {
    positions: InstanceBuffer<[f32; 3]>,
    directions: InstanceBuffer<[f32; 3]>,
    colours: InstanceBuffer<[f32; 3]>,
    count: u32,
}

impl InstanceBuffers {
    fn new(context: &Context) -> Self {
        Self {
            positions: InstanceBuffer::new(context),
            directions: InstanceBuffer::new(context),
            colours: InstanceBuffer::new(context),
            count: 0,
        }
    }

    fn fill(&mut self, positions: &[[f32; 3]], directions: &[[f32; 3]], colours: &[[f32; 3]]) {
        self.positions.fill(positions);
        self.directions.fill(directions);
        self.colours.fill(colours);
        self.count = u32::try_from(positions.len()).unwrap_or(0);
    }
}

/// Draws the swarm into a WebGL2 canvas.
pub struct Renderer {
    canvas: HtmlCanvasElement,
    gl: WebGl2RenderingContext,
    context: Context,
    mesh_program: Program,
    line_program: Program,
    ring_program: Program,
    /// One cone mesh per level of detail (see [`geometry::CONE_DETAILS`]).
    cone_meshes: [MeshBuffers; 3],
    sphere: MeshBuffers,
    cube: VertexBuffer<[f32; 3]>,
    cube_vertices: i32,
    ring_halo: VertexBuffer<[f32; 2]>,
    ring_line: VertexBuffer<[f32; 2]>,
    cones: InstanceBuffers,
    rests: InstanceBuffers,
    data: InstanceData,
    rest_directions: Vec<[f32; 3]>,
    rest_colours: Vec<[f32; 3]>,
    uploaded: Option<(u64, usize)>,
    cone_length: f32,
    cone_detail: usize,
}

impl Renderer {
    /// Creates the WebGL2 context of the canvas and everything the renderer
    /// keeps on the GPU. Errors are German sentences for the page.
    pub fn new(canvas: &HtmlCanvasElement) -> Result<Self, String> {
        let gl = canvas
            .get_context("webgl2")
            .ok()
            .flatten()
            .and_then(|object| object.dyn_into::<WebGl2RenderingContext>().ok())
            .ok_or_else(|| "Dieser Browser stellt kein WebGL2 bereit.".to_owned())?;
        if gl.is_context_lost() {
            return Err("Der WebGL2-Kontext ist verloren gegangen.".to_owned());
        }
        let glow = three_d::context::Context::from_webgl2_context(gl.clone());
        // three-d takes an `Arc`; WebGL lives on this one thread anyway.
        #[allow(clippy::arc_with_non_send_sync)]
        let glow = Arc::new(glow);
        let context = Context::from_gl_context(glow)
            .map_err(|error| format!("Der WebGL2-Kontext ließ sich nicht einrichten: {error}"))?;
        let program = |vertex: &str, fragment: &str| {
            Program::from_source(&context, vertex, fragment).map_err(|error| {
                format!("Die Shader der 3D-Ansicht ließen sich nicht übersetzen: {error}")
            })
        };
        let mesh_program = program(MESH_VERTEX, MESH_FRAGMENT)?;
        let line_program = program(LINE_VERTEX, FLAT_FRAGMENT)?;
        let ring_program = program(RING_VERTEX, FLAT_FRAGMENT)?;
        let edges = geometry::cube_edges();
        Ok(Self {
            canvas: canvas.clone(),
            cone_meshes: geometry::CONE_DETAILS
                .map(|segments| MeshBuffers::new(&context, &geometry::cone(segments))),
            sphere: MeshBuffers::new(&context, &geometry::sphere(10, 6)),
            cube: VertexBuffer::new_with_data(&context, &edges),
            cube_vertices: i32::try_from(edges.len()).unwrap_or(0),
            ring_halo: VertexBuffer::new_with_data(&context, &geometry::annulus(0.78, 1.22, 48)),
            ring_line: VertexBuffer::new_with_data(&context, &geometry::annulus(0.9, 1.1, 48)),
            cones: InstanceBuffers::new(&context),
            rests: InstanceBuffers::new(&context),
            data: InstanceData::default(),
            rest_directions: Vec::new(),
            rest_colours: Vec::new(),
            uploaded: None,
            cone_length: geometry::cone_length(1),
            cone_detail: 0,
            mesh_program,
            line_program,
            ring_program,
            gl,
            context,
        })
    }

    /// Whether the browser took the GL context away (nothing can be drawn
    /// until it is restored and a new renderer is made).
    #[must_use]
    pub fn is_context_lost(&self) -> bool {
        self.gl.is_context_lost()
    }

    /// Frees the GPU objects and hands the context back to the browser
    /// (when the view goes away), instead of waiting for garbage collection.
    pub fn release(self) {
        let gl = self.gl.clone();
        drop(self);
        if let Ok(Some(extension)) = gl.get_extension("WEBGL_lose_context") {
            extension
                .unchecked_into::<WebglLoseContext>()
                .lose_context();
        }
    }

    /// Draws one frame: sizes the drawing buffer to the canvas, uploads the
    /// instance data if its version changed, and draws cube, boids and ring.
    /// Returns false when nothing could be drawn (context lost, no area).
    pub fn render(&mut self, frame: &Frame<'_>) -> bool {
        if self.gl.is_context_lost() {
            return false;
        }
        let Some((width, height)) =
            drawing_buffer_size(frame.css_width, frame.css_height, frame.device_pixel_ratio)
        else {
            return false;
        };
        if self.canvas.width() != width {
            self.canvas.set_width(width);
        }
        if self.canvas.height() != height {
            self.canvas.set_height(height);
        }
        let version = (frame.data_version, frame.positions.len());
        if self.uploaded != Some(version) {
            self.upload(frame);
            self.uploaded = Some(version);
        }

        let aspect = f64::from(width) / f64::from(height);
        let view_projection = frame.camera.view_projection(aspect);
        let vp = to_mat4(&view_projection);
        let viewport = Viewport::new_at_origo(width, height);
        let [r, g, b] = BACKGROUND;
        RenderTarget::screen(&self.context, width, height)
            .clear(ClearState::color_and_depth(r, g, b, 1.0, 1.0));

        self.draw_cube(vp, viewport);
        self.draw_boids(frame.camera, vp, viewport);
        if let Some(centre) = frame.selection.and_then(|i| frame.positions.get(i)) {
            self.draw_ring(centre, &view_projection, aspect, viewport, frame);
        }
        true
    }

    fn upload(&mut self, frame: &Frame<'_>) {
        self.data.fill(frame.positions, frame.velocities);
        let data = &self.data;
        self.cones.fill(
            &data.cone_positions,
            &data.cone_directions,
            &data.cone_colours,
        );
        let rests = data.rest_count();
        self.rest_directions.clear();
        self.rest_directions.resize(rests, [0.0, 0.0, 1.0]);
        self.rest_colours.clear();
        self.rest_colours.resize(rests, REST_COLOUR);
        self.rests.fill(
            &data.rest_positions,
            &self.rest_directions,
            &self.rest_colours,
        );
        self.cone_length = geometry::cone_length(frame.positions.len());
        self.cone_detail = geometry::cone_detail(frame.positions.len());
    }

    fn draw_cube(&self, vp: Mat4, viewport: Viewport) {
        let program = &self.line_program;
        program.use_uniform("viewProjection", vp);
        program.use_uniform("colour", Vec4::from(CUBE_COLOUR));
        program.use_vertex_attribute("position", &self.cube);
        let states = RenderStates {
            cull: Cull::None,
            ..RenderStates::default()
        };
        let count = self.cube_vertices;
        // SAFETY: a plain draw call on the live context; the attribute it
        // reads was bound just above.
        program.draw_with(states, viewport, || unsafe {
            self.context.draw_arrays(three_d::context::LINES, 0, count);
        });
    }

    fn draw_boids(&self, camera: &OrbitCamera, vp: Mat4, viewport: Viewport) {
        let light =
            (camera.right() * -0.35 + camera.up() * 0.6 + camera.backward() * 0.72).normalize();
        let light = Vec3::new(light.x as f32, light.y as f32, light.z as f32);
        let program = &self.mesh_program;
        let states = RenderStates {
            cull: Cull::Back,
            ..RenderStates::default()
        };
        let cone = &self.cone_meshes[self.cone_detail.min(self.cone_meshes.len() - 1)];
        let sphere_size = self.cone_length * REST_SPHERE_RADIUS;
        let draws = [
            (cone, &self.cones, self.cone_length, BASE_SHADE),
            (&self.sphere, &self.rests, sphere_size, 1.0),
        ];
        for (mesh, instances, size, base_shade) in draws {
            if instances.count == 0 {
                continue;
            }
            program.use_uniform("viewProjection", vp);
            program.use_uniform("size", size);
            program.use_uniform("baseShade", base_shade);
            program.use_uniform("lightDirection", light);
            program.use_vertex_attribute("position", &mesh.positions);
            program.use_vertex_attribute("normal", &mesh.normals);
            program.use_instance_attribute("instancePosition", &instances.positions);
            program.use_instance_attribute("instanceDirection", &instances.directions);
            program.use_instance_attribute("instanceColour", &instances.colours);
            program.draw_elements_instanced(states, viewport, &mesh.elements, instances.count);
        }
    }

    fn draw_ring(
        &self,
        centre: &crate::model::Vec3,
        view_projection: &Matrix4<f64>,
        aspect: f64,
        viewport: Viewport,
        frame: &Frame<'_>,
    ) {
        let clip = view_projection * centre.push(1.0);
        if !(clip.w > 1e-6 && clip.iter().all(|c| c.is_finite())) {
            return;
        }
        let height_px = f64::from(viewport.height);
        let width_px = f64::from(viewport.width);
        let ratio = if frame.device_pixel_ratio.is_finite() && frame.device_pixel_ratio > 0.0 {
            frame.device_pixel_ratio
        } else {
            1.0
        };
        // The ring grows with the cone when zoomed in, never below a minimum.
        let focal_px = 0.5 * height_px / (0.5 * OrbitCamera::vertical_fov(aspect)).tan();
        let cone_px = f64::from(self.cone_length) * focal_px / clip.w;
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
        let program = &self.ring_program;
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
