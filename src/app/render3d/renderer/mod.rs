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
//! A picture is drawn into an offscreen multisampled framebuffer, the boids
//! in chunks of instances spread over as many animation frames as the GPU
//! needs (see [`pacing`](super::pacing)), and copied to the canvas once it
//! is complete, with the ring on top. Changes that arrive meanwhile wait for
//! the next picture. The instance buffers are refilled only when a picture
//! starts with a new data version; otherwise a frame uploads nothing but a
//! few uniforms and allocates nothing. three-d's high-level
//! `InstancedMesh::set_instances` is avoided on purpose: it clones the
//! instances and creates new GPU buffers on every call, and its render path
//! panics on errors.

use std::sync::Arc;

use nalgebra::Matrix4;
use three_d::context::{self as gl_api, HasContext};
use three_d::core::{
    Blend, ClearState, Context, Cull, DepthTest, ElementBuffer, InstanceBuffer, Program,
    RenderStates, RenderTarget, ScissorBox, VertexBuffer, Viewport, WriteMask,
};
use three_d::{Mat4, Vec2, Vec3, Vec4};
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, WebGl2RenderingContext, WebGlContextAttributes, WebglLoseContext,
};

use super::colours::REST_COLOUR;
use super::geometry::{self, Mesh, REST_SPHERE_RADIUS};
use super::instances::InstanceData;
use super::pacing::{BatchPacer, CHUNK_INSTANCES, chunk_count};
use super::rules_geometry::rules_shapes;
use super::{Drawn, Frame, OrbitCamera, drawing_buffer_size};
use crate::app::rules_overlay::RulesOverlay;
use crate::app::timing::now_ms;
use crate::model::Vec3 as Vec3d;

/// Samples per pixel of the offscreen picture. The canvas itself has no
/// antialiasing: a copy into a multisampled canvas is not allowed.
const SAMPLES: i32 = 4;

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
const DIMMED: f32 = 0.3;

/// Size of a highlighted neighbour's cone relative to the others: a little
/// larger, so it covers its dimmed self and stands out.
const HIGHLIGHT_SCALE: f32 = 1.25;

const MESH_VERTEX: &str = "
uniform mat4 viewProjection;
uniform float size;
uniform float baseShade;
uniform float brightness;
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
    vColour = instanceColour * (normal.z < -0.999 ? baseShade : 1.0) * brightness;
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

const OVERLAY_VERTEX: &str = "
in vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
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

/// Instances in chunks of [`CHUNK_INSTANCES`]; the buffers are kept when
/// the number of chunks shrinks, so refilling allocates only to grow.
struct InstanceChunks {
    chunks: Vec<InstanceBuffers>,
    used: usize,
}

impl InstanceChunks {
    fn new() -> Self {
        Self {
            chunks: Vec::new(),
            used: 0,
        }
    }

    fn fill(
        &mut self,
        context: &Context,
        positions: &[[f32; 3]],
        directions: &[[f32; 3]],
        colours: &[[f32; 3]],
    ) {
        self.used = chunk_count(positions.len());
        while self.chunks.len() < self.used {
            self.chunks.push(InstanceBuffers::new(context));
        }
        let parts = positions
            .chunks(CHUNK_INSTANCES)
            .zip(directions.chunks(CHUNK_INSTANCES))
            .zip(colours.chunks(CHUNK_INSTANCES));
        for (buffers, ((positions, directions), colours)) in self.chunks.iter_mut().zip(parts) {
            buffers.fill(positions, directions, colours);
        }
    }

    fn used(&self) -> &[InstanceBuffers] {
        &self.chunks[..self.used]
    }
}

/// The cones and the rest spheres of one set of boids on the GPU, in chunks.
struct BoidChunks {
    data: InstanceData,
    cones: InstanceChunks,
    rests: InstanceChunks,
    rest_directions: Vec<[f32; 3]>,
    rest_colours: Vec<[f32; 3]>,
}

impl BoidChunks {
    fn new() -> Self {
        Self {
            data: InstanceData::default(),
            cones: InstanceChunks::new(),
            rests: InstanceChunks::new(),
            rest_directions: Vec::new(),
            rest_colours: Vec::new(),
        }
    }

    /// Uploads these boids (the buffers are kept and refilled).
    fn fill(
        &mut self,
        context: &Context,
        positions: impl Iterator<Item = Vec3d>,
        velocities: impl Iterator<Item = Vec3d>,
    ) {
        self.data.fill_from(positions, velocities);
        let data = &self.data;
        self.cones.fill(
            context,
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
            context,
            &data.rest_positions,
            &self.rest_directions,
            &self.rest_colours,
        );
    }

    /// Every chunk, cones first, each with whether it holds cones.
    fn chunks(&self) -> impl Iterator<Item = (&InstanceBuffers, bool)> {
        let cones = self.cones.used().iter().map(|chunk| (chunk, true));
        cones.chain(self.rests.used().iter().map(|chunk| (chunk, false)))
    }

    fn chunk_count(&self) -> usize {
        self.cones.used().len() + self.rests.used().len()
    }

    /// Forgets the boids (nothing to draw).
    fn clear(&mut self) {
        self.cones.used = 0;
        self.rests.used = 0;
    }
}

/// The offscreen framebuffer a picture is drawn into.
struct Offscreen {
    framebuffer: gl_api::Framebuffer,
    colour: gl_api::Renderbuffer,
    depth: gl_api::Renderbuffer,
    width: u32,
    height: u32,
}

impl Offscreen {
    fn new(context: &Context, width: u32, height: u32) -> Result<Self, String> {
        let (w, h) = (
            i32::try_from(width).unwrap_or(1),
            i32::try_from(height).unwrap_or(1),
        );
        // SAFETY: object creation and storage calls on the live context; the
        // bindings are set back to none before returning.
        unsafe {
            let samples = SAMPLES.min(context.get_parameter_i32(gl_api::MAX_SAMPLES));
            let storage = |buffer, format| {
                context.bind_renderbuffer(gl_api::RENDERBUFFER, Some(buffer));
                if samples > 0 {
                    context.renderbuffer_storage_multisample(
                        gl_api::RENDERBUFFER,
                        samples,
                        format,
                        w,
                        h,
                    );
                } else {
                    context.renderbuffer_storage(gl_api::RENDERBUFFER, format, w, h);
                }
            };
            let framebuffer = context.create_framebuffer()?;
            let colour = context.create_renderbuffer()?;
            let depth = context.create_renderbuffer()?;
            storage(colour, gl_api::RGBA8);
            storage(depth, gl_api::DEPTH_COMPONENT24);
            context.bind_renderbuffer(gl_api::RENDERBUFFER, None);
            context.bind_framebuffer(gl_api::FRAMEBUFFER, Some(framebuffer));
            for (attachment, buffer) in [
                (gl_api::COLOR_ATTACHMENT0, colour),
                (gl_api::DEPTH_ATTACHMENT, depth),
            ] {
                context.framebuffer_renderbuffer(
                    gl_api::FRAMEBUFFER,
                    attachment,
                    gl_api::RENDERBUFFER,
                    Some(buffer),
                );
            }
            let status = context.check_framebuffer_status(gl_api::FRAMEBUFFER);
            context.bind_framebuffer(gl_api::FRAMEBUFFER, None);
            let offscreen = Self {
                framebuffer,
                colour,
                depth,
                width,
                height,
            };
            if status != gl_api::FRAMEBUFFER_COMPLETE {
                offscreen.delete(context);
                return Err(format!(
                    "Der Bildpuffer der 3D-Ansicht ließ sich nicht anlegen ({status:#x})."
                ));
            }
            Ok(offscreen)
        }
    }

    /// Runs `draw` with the framebuffer as three-d's target.
    fn draw_into(&self, context: &Context, draw: impl FnOnce(&RenderTarget<'_>)) {
        let target =
            RenderTarget::from_framebuffer(context, self.width, self.height, self.framebuffer);
        draw(&target);
        // Hand the framebuffer back: a dropped target would delete it.
        let _ = target.into_framebuffer();
    }

    /// Copies (and resolves) the picture onto the canvas.
    fn show(&self, context: &Context) {
        let (w, h) = (
            i32::try_from(self.width).unwrap_or(0),
            i32::try_from(self.height).unwrap_or(0),
        );
        // The scissor box also limits the copy: cover everything.
        context.set_scissor(ScissorBox::new_at_origo(self.width, self.height));
        // SAFETY: binds this live framebuffer for reading and the canvas for
        // drawing, copies, and binds the canvas for both again.
        unsafe {
            context.bind_framebuffer(gl_api::READ_FRAMEBUFFER, Some(self.framebuffer));
            context.bind_framebuffer(gl_api::DRAW_FRAMEBUFFER, None);
            context.blit_framebuffer(
                0,
                0,
                w,
                h,
                0,
                0,
                w,
                h,
                gl_api::COLOR_BUFFER_BIT,
                gl_api::NEAREST,
            );
            context.bind_framebuffer(gl_api::FRAMEBUFFER, None);
        }
    }

    fn delete(&self, context: &Context) {
        // SAFETY: deletes the objects this struct created; nothing uses them
        // afterwards.
        unsafe {
            context.delete_framebuffer(self.framebuffer);
            context.delete_renderbuffer(self.colour);
            context.delete_renderbuffer(self.depth);
        }
    }
}

/// Which boid data a picture shows: data version, boid count, and the boid
/// the positions are centred on.
type DataKey = (u64, usize, Option<usize>);

/// What a picture shows: when any of it changes, a new picture is due.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PictureKey {
    data: DataKey,
    selection: Option<usize>,
    /// The boid whose rules are drawn.
    rules: Option<usize>,
    camera: OrbitCamera,
    size: (u32, u32),
    device_pixel_ratio: f64,
}

/// A picture being drawn over one or more frames, with everything it needs
/// fixed when it started.
struct Picture {
    key: PictureKey,
    view_projection: Matrix4<f64>,
    aspect: f64,
    viewport: Viewport,
    light: Vec3,
    ring_centre: Option<crate::model::Vec3>,
    /// Whether the selected boid's rules are drawn: the swarm dimmed, its
    /// neighbours highlighted, the outlines and arrows on top.
    rules: bool,
    /// The outlines and arrows (their vertices are uploaded at the start).
    overlay_parts: Vec<(usize, usize, [f32; 4])>,
    /// Chunks drawn so far (the swarm's, then the highlighted boids').
    drawn_chunks: usize,
}

/// A batch handed to the GPU: its fence, when it was issued, its size.
struct Batch {
    fence: gl_api::Fence,
    issued_ms: f64,
    chunks: usize,
}

/// Draws the swarm into a WebGL2 canvas.
pub struct Renderer {
    canvas: HtmlCanvasElement,
    gl: WebGl2RenderingContext,
    context: Context,
    mesh_program: Program,
    line_program: Program,
    ring_program: Program,
    overlay_program: Program,
    /// One cone mesh per level of detail (see [`geometry::CONE_DETAILS`]).
    cone_meshes: [MeshBuffers; 3],
    sphere: MeshBuffers,
    cube: VertexBuffer<[f32; 3]>,
    cube_vertices: i32,
    ring_halo: VertexBuffer<[f32; 2]>,
    ring_line: VertexBuffer<[f32; 2]>,
    swarm: BoidChunks,
    uploaded: Option<DataKey>,
    /// The selected boid and its neighbours, drawn bright over the dimmed
    /// swarm, and of which data and boid they are.
    highlighted: BoidChunks,
    highlighted_key: Option<(DataKey, usize)>,
    overlay_vertices: VertexBuffer<[f32; 2]>,
    cone_length: f32,
    cone_detail: usize,
    offscreen: Option<Offscreen>,
    picture: Option<Picture>,
    /// What the canvas shows (the last complete picture).
    shown: Option<PictureKey>,
    batch: Option<Batch>,
    pacer: BatchPacer,
}

/// The root element's attribute with the static shell's WebGL2 check:
/// `available`, `missing` or `lost`.
const SHELL_ANSWER: &str = "data-webgl2";
const NO_CANVAS: &str = "Die Seite konnte keine Zeichenfläche anlegen.";
const NO_WEBGL2: &str = "Dieser Browser stellt kein WebGL2 bereit.";
const CONTEXT_LOST: &str = "Der WebGL2-Kontext ist verloren gegangen.";

impl Renderer {
    /// Whether this browser gives a canvas a WebGL2 context, or the German
    /// reason why not. Tried on a canvas of its own, outside the page, and
    /// released at once: the view's canvas gets its context only when there
    /// is something to draw, and until then the page does not composite it.
    ///
    /// The static shell (index.html) checks the same way before the page's
    /// first paint and leaves its answer on the root element; that answer is
    /// taken once, and any later call checks again.
    pub fn probe() -> Result<(), String> {
        let document = web_sys::window()
            .and_then(|window| window.document())
            .ok_or_else(|| NO_CANVAS.to_owned())?;
        if let Some(root) = document.document_element() {
            let answer = root.get_attribute(SHELL_ANSWER);
            let _ = root.remove_attribute(SHELL_ANSWER);
            match answer.as_deref() {
                Some("available") => return Ok(()),
                Some("missing") => return Err(NO_WEBGL2.to_owned()),
                Some("lost") => return Err(CONTEXT_LOST.to_owned()),
                _ => {}
            }
        }
        let canvas = document
            .create_element("canvas")
            .ok()
            .and_then(|element| element.dyn_into::<HtmlCanvasElement>().ok())
            .ok_or_else(|| NO_CANVAS.to_owned())?;
        let gl = Self::context(&canvas)?;
        if let Ok(Some(extension)) = gl.get_extension("WEBGL_lose_context") {
            extension
                .unchecked_into::<WebglLoseContext>()
                .lose_context();
        }
        Ok(())
    }

    /// The canvas's WebGL2 context (created on the first call, the same one
    /// afterwards), or the German reason why there is none.
    fn context(canvas: &HtmlCanvasElement) -> Result<WebGl2RenderingContext, String> {
        let attributes = WebGlContextAttributes::new();
        attributes.set_antialias(false);
        attributes.set_depth(false);
        let gl = canvas
            .get_context_with_context_options("webgl2", &attributes)
            .ok()
            .flatten()
            .and_then(|object| object.dyn_into::<WebGl2RenderingContext>().ok())
            .ok_or_else(|| NO_WEBGL2.to_owned())?;
        if gl.is_context_lost() {
            return Err(CONTEXT_LOST.to_owned());
        }
        Ok(gl)
    }

    /// Creates the WebGL2 context of the canvas and everything the renderer
    /// keeps on the GPU. Errors are German sentences for the page.
    pub fn new(canvas: &HtmlCanvasElement) -> Result<Self, String> {
        let gl = Self::context(canvas)?;
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
        let overlay_program = program(OVERLAY_VERTEX, FLAT_FRAGMENT)?;
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
            swarm: BoidChunks::new(),
            uploaded: None,
            highlighted: BoidChunks::new(),
            highlighted_key: None,
            overlay_vertices: VertexBuffer::new(&context),
            cone_length: geometry::cone_length(1),
            cone_detail: 0,
            offscreen: None,
            picture: None,
            shown: None,
            batch: None,
            pacer: BatchPacer::new(),
            mesh_program,
            line_program,
            ring_program,
            overlay_program,
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
    pub fn release(mut self) {
        let gl = self.gl.clone();
        if !gl.is_context_lost() {
            if let Some(offscreen) = self.offscreen.take() {
                offscreen.delete(&self.context);
            }
            if let Some(batch) = self.batch.take() {
                // SAFETY: the fence was created on this live context.
                unsafe { self.context.delete_sync(batch.fence) };
            }
        }
        drop(self);
        if let Ok(Some(extension)) = gl.get_extension("WEBGL_lose_context") {
            extension
                .unchecked_into::<WebglLoseContext>()
                .lose_context();
        }
    }

    /// Works on the picture for one animation frame: waits while the GPU is
    /// busy with the last batch, starts a picture of the current frame when
    /// none is in progress and the canvas does not show it yet, draws the
    /// next batch of chunks, and shows the picture once it is complete.
    pub fn render(&mut self, frame: &Frame<'_>) -> Drawn {
        if self.gl.is_context_lost() {
            return Drawn::Nothing;
        }
        let Some((width, height)) =
            drawing_buffer_size(frame.css_width, frame.css_height, frame.device_pixel_ratio)
        else {
            return Drawn::Nothing;
        };
        if !self.gpu_is_ready() {
            return Drawn::Waiting;
        }
        let key = PictureKey {
            data: (frame.data_version, frame.positions.len(), frame.centred_on),
            selection: frame.selection,
            rules: frame.rules.map(|rules| rules.explanation.boid),
            camera: *frame.camera,
            size: (width, height),
            device_pixel_ratio: frame.device_pixel_ratio,
        };
        if self.picture.is_none() {
            if self.shown == Some(key) {
                return Drawn::Unchanged;
            }
            if let Err(reason) = self.start_picture(frame, key) {
                web_sys::console::error_1(&reason.into());
                return Drawn::Nothing;
            }
        }
        if self.draw_batch() {
            Drawn::Shown {
                newer_due: self.shown != Some(key),
            }
        } else {
            Drawn::Partial
        }
    }

    /// Whether the GPU has finished the last batch (it then adapts the size
    /// of the next one).
    fn gpu_is_ready(&mut self) -> bool {
        let Some(batch) = &self.batch else {
            return true;
        };
        // SAFETY: queries and deletes a fence created on this live context.
        unsafe {
            if self.context.get_sync_status(batch.fence) != gl_api::SIGNALED {
                return false;
            }
            self.context.delete_sync(batch.fence);
        }
        self.pacer
            .finished(batch.chunks, now_ms() - batch.issued_ms);
        self.batch = None;
        true
    }

    /// Sizes the canvas and the offscreen buffer, uploads the instances of
    /// a new data version and clears the picture with the cube on it.
    fn start_picture(&mut self, frame: &Frame<'_>, key: PictureKey) -> Result<(), String> {
        let (width, height) = key.size;
        if self.canvas.width() != width {
            self.canvas.set_width(width);
        }
        if self.canvas.height() != height {
            self.canvas.set_height(height);
        }
        if self
            .offscreen
            .as_ref()
            .is_none_or(|o| (o.width, o.height) != (width, height))
        {
            if let Some(old) = self.offscreen.take() {
                old.delete(&self.context);
            }
            self.offscreen = Some(Offscreen::new(&self.context, width, height)?);
        }
        if self.uploaded != Some(key.data) {
            self.upload(frame);
            self.uploaded = Some(key.data);
        }
        let aspect = f64::from(width) / f64::from(height);
        let view_projection = frame.camera.view_projection(aspect);
        let camera = frame.camera;
        let rules = frame.rules.zip(
            frame
                .selection
                .and_then(|boid| frame.positions.get(boid).copied()),
        );
        if let Some((rules, _)) = rules {
            self.highlight(frame, rules, key.data);
        }
        let overlay_parts = match rules {
            Some((rules, centre)) => {
                let shapes = rules_shapes(
                    &centre,
                    rules,
                    camera,
                    &view_projection,
                    (f64::from(width), f64::from(height)),
                    frame.device_pixel_ratio,
                );
                self.overlay_vertices.fill(&shapes.vertices);
                shapes.parts
            }
            None => Vec::new(),
        };
        let light =
            (camera.right() * -0.35 + camera.up() * 0.6 + camera.backward() * 0.72).normalize();
        let picture = Picture {
            key,
            view_projection,
            aspect,
            viewport: Viewport::new_at_origo(width, height),
            light: Vec3::new(light.x as f32, light.y as f32, light.z as f32),
            ring_centre: frame
                .selection
                .and_then(|i| frame.positions.get(i))
                .copied(),
            rules: rules.is_some(),
            overlay_parts,
            drawn_chunks: 0,
        };
        if let Some(offscreen) = &self.offscreen {
            offscreen.draw_into(&self.context, |target| {
                let [r, g, b] = BACKGROUND;
                target.clear(ClearState::color_and_depth(r, g, b, 1.0, 1.0));
                let _ = target.write(|| {
                    self.draw_cube(to_mat4(&picture.view_projection), picture.viewport);
                    Ok::<(), std::convert::Infallible>(())
                });
            });
        }
        self.picture = Some(picture);
        Ok(())
    }

    /// Draws the next batch of chunks of the picture in progress; shows the
    /// picture when that was the last. Returns whether it is complete.
    fn draw_batch(&mut self) -> bool {
        let (Some(picture), Some(offscreen)) = (&self.picture, &self.offscreen) else {
            return false;
        };
        let swarm_chunks = self.swarm.chunk_count();
        let highlighted = if picture.rules {
            self.highlighted.chunk_count()
        } else {
            0
        };
        let total = swarm_chunks + highlighted;
        let first = picture.drawn_chunks;
        let end = (first + self.pacer.chunks_per_batch()).min(total);
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
                    swarm.chain(bright).skip(first).take(end - first)
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
        let complete = end >= total;
        if complete {
            offscreen.show(&self.context);
            if let Some(centre) = &picture.ring_centre {
                self.draw_ring(centre, picture);
            }
            // Over the ring: short arrows start inside it.
            self.draw_overlay(picture);
        }
        // SAFETY: a fence and a flush on the live context.
        let fence = unsafe {
            let fence = self
                .context
                .fence_sync(gl_api::SYNC_GPU_COMMANDS_COMPLETE, 0);
            self.context.flush();
            fence
        };
        self.batch = fence.ok().map(|fence| Batch {
            fence,
            issued_ms: now_ms(),
            chunks: end - first,
        });
        if complete {
            self.shown = self.picture.take().map(|picture| picture.key);
        } else if let Some(picture) = &mut self.picture {
            picture.drawn_chunks = end;
        }
        complete
    }

    fn cone_mesh(&self) -> &MeshBuffers {
        &self.cone_meshes[self.cone_detail.min(self.cone_meshes.len() - 1)]
    }

    fn upload(&mut self, frame: &Frame<'_>) {
        self.swarm.fill(
            &self.context,
            frame.positions.iter().copied(),
            frame.velocities.iter().copied(),
        );
        self.cone_length = geometry::cone_length(frame.positions.len());
        self.cone_detail = geometry::cone_detail(frame.positions.len());
    }

    /// Uploads the selected boid and its neighbours as the highlighted
    /// boids, unless they are already there for this data and boid.
    fn highlight(&mut self, frame: &Frame<'_>, rules: &RulesOverlay, data: DataKey) {
        let boid = rules.explanation.boid;
        if self.highlighted_key == Some((data, boid)) {
            return;
        }
        let ids: Vec<usize> = std::iter::once(boid)
            .chain(rules.explanation.neighbours.iter().copied())
            .filter(|&i| i < frame.positions.len())
            .collect();
        let zero = Vec3d::zeros();
        let velocity = |i: usize| frame.velocities.get(i).copied().unwrap_or(zero);
        if ids.is_empty() {
            self.highlighted.clear();
        } else {
            self.highlighted.fill(
                &self.context,
                ids.iter().map(|&i| frame.positions[i]),
                ids.iter().map(|&i| velocity(i)),
            );
        }
        self.highlighted_key = Some((data, boid));
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
        let (size, base_shade) = if cones {
            (self.cone_length, BASE_SHADE)
        } else {
            (self.cone_length * REST_SPHERE_RADIUS, 1.0)
        };
        let (scale, brightness, depth_test) = match look {
            Look::Plain { brightness } => (1.0, brightness, DepthTest::Less),
            // Drawn after the swarm: must win over its own dimmed self.
            Look::Highlighted => (HIGHLIGHT_SCALE, 1.0, DepthTest::LessOrEqual),
        };
        let program = &self.mesh_program;
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
        let program = &self.overlay_program;
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
    fn draw_ring(&self, centre: &crate::model::Vec3, picture: &Picture) {
        let view_projection = &picture.view_projection;
        let viewport = picture.viewport;
        let clip = view_projection * centre.push(1.0);
        if !(clip.w > 1e-6 && clip.iter().all(|c| c.is_finite())) {
            return;
        }
        let height_px = f64::from(viewport.height);
        let width_px = f64::from(viewport.width);
        let ratio = picture.key.device_pixel_ratio;
        let ratio = if ratio.is_finite() && ratio > 0.0 {
            ratio
        } else {
            1.0
        };
        // The ring grows with the cone when zoomed in, never below a minimum.
        let focal_px = 0.5 * height_px / (0.5 * OrbitCamera::vertical_fov(picture.aspect)).tan();
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
