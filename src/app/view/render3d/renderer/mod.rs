//! The WebGL2 renderer of the 3D view, built on three-d's core layer
//! (context, shader programs, vertex/instance/element buffers).
//!
//! Two instanced draws show the swarm: one cone mesh for every moving boid
//! (oriented along its velocity in the vertex shader) and one small sphere
//! for every boid at rest. The cone has fewer sides for large swarms (see
//! [`geometry::cone_detail`]). The cube edges are lines; the selection ring
//! is a camera-facing annulus of constant screen size drawn last, without
//! depth test.
//!
//! A picture is drawn into an offscreen multisampled framebuffer, the boids
//! in chunks of instances spread over as many animation frames as the GPU
//! needs (see [`pacing`](super::pacing); which chunks when is the
//! [`planner`](super::planner)'s), and copied to the canvas once it is
//! complete, with the ring on top. Changes that arrive meanwhile wait for
//! the next picture. The instance buffers are refilled only when a picture
//! starts with a new data version; otherwise a frame uploads nothing but a
//! few uniforms and allocates nothing. three-d's high-level
//! `InstancedMesh::set_instances` is avoided on purpose: it clones the
//! instances and creates new GPU buffers on every call, and its render path
//! panics on errors.

mod buffers;
mod draw;
mod fence;
mod offscreen;
mod probe;
mod shaders;

use std::sync::Arc;

use three_d::core::{Context, VertexBuffer, Viewport};
use web_sys::{HtmlCanvasElement, WebGl2RenderingContext};

use super::geometry;
use super::pacing::BatchPacer;
use super::planner::{BatchPlan, DataKey, Next, PictureKey, PicturePlanner};
use super::rules_geometry::rules_shapes;
use super::{Drawn, Frame, ViewFailure, drawing_buffer_size};
use crate::app::view::rules_overlay::RulesOverlay;
use crate::model::Vec3;
use buffers::{BoidChunks, MeshBuffers};
use draw::Picture;
use fence::BatchInFlight;
use offscreen::Offscreen;
use shaders::Programs;

/// Draws the swarm into a WebGL2 canvas.
pub struct Renderer {
    canvas: HtmlCanvasElement,
    gl: WebGl2RenderingContext,
    context: Context,
    programs: Programs,
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
    /// What the picture in progress draws (while the planner has one).
    picture: Option<Picture>,
    planner: PicturePlanner,
    batch: Option<BatchInFlight>,
    pacer: BatchPacer,
}

impl Renderer {
    /// Whether this browser gives a canvas a WebGL2 context, or the German
    /// reason why not: the static shell's answer when it left one, else
    /// tried on a canvas of its own and released at once.
    pub fn probe() -> Result<(), ViewFailure> {
        probe::probe()
    }

    /// Creates the WebGL2 context of the canvas and everything the renderer
    /// keeps on the GPU. Errors are German sentences for the page.
    pub fn new(canvas: &HtmlCanvasElement) -> Result<Self, ViewFailure> {
        let gl = probe::context(canvas)?;
        let glow = three_d::context::Context::from_webgl2_context(gl.clone());
        // three-d takes an `Arc`; WebGL lives on this one thread anyway.
        #[allow(clippy::arc_with_non_send_sync)]
        let glow = Arc::new(glow);
        let context = Context::from_gl_context(glow)
            .map_err(|error| ViewFailure::Setup(error.to_string()))?;
        let programs = Programs::new(&context)?;
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
            planner: PicturePlanner::new(),
            batch: None,
            pacer: BatchPacer::new(),
            programs,
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
                batch.finish(&self.context);
            }
        }
        drop(self);
        probe::lose_context(&gl);
    }

    /// The next frame draws a fresh picture even when the canvas shows
    /// that frame already.
    pub fn draw_afresh(&mut self) {
        self.planner.forget_shown();
    }

    /// Works on the picture for one animation frame: waits while the GPU is
    /// busy with the last batch, starts a picture of the current frame when
    /// none is in progress and the canvas does not show it yet, draws the
    /// next batch of chunks, and shows the picture once it is complete.
    pub fn render(&mut self, frame: &Frame<'_>) -> Drawn {
        if self.gl.is_context_lost() {
            return Drawn::Nothing;
        }
        let Some(size) =
            drawing_buffer_size(frame.css_width, frame.css_height, frame.device_pixel_ratio)
        else {
            return Drawn::Nothing;
        };
        if !self.gpu_is_ready() {
            return Drawn::Waiting;
        }
        let key = PictureKey::new(frame, size);
        match self.planner.next(&key) {
            Next::Unchanged => return Drawn::Unchanged,
            Next::Start => match self.start_picture(frame, &key) {
                Ok(chunks) => self.planner.start(key, chunks),
                Err(reason) => {
                    web_sys::console::error_1(&crate::texts::view::view_failure(&reason).into());
                    return Drawn::Nothing;
                }
            },
            Next::Continue => {}
        }
        match self.planner.next_batch(self.pacer.chunks_per_batch(), &key) {
            Some(batch) => {
                self.draw_batch(&batch);
                batch.drawn
            }
            None => Drawn::Nothing,
        }
    }

    /// Whether the GPU has finished the last batch (it then adapts the size
    /// of the next one).
    fn gpu_is_ready(&mut self) -> bool {
        if self
            .batch
            .as_ref()
            .is_some_and(|batch| !batch.is_finished(&self.context))
        {
            return false;
        }
        if let Some(batch) = self.batch.take() {
            let (chunks, elapsed_ms) = batch.finish(&self.context);
            self.pacer.finished(chunks, elapsed_ms);
        }
        true
    }

    /// Sizes the canvas and the offscreen buffer, uploads the instances of
    /// a new data version and clears the picture with the cube on it.
    /// Returns the number of chunks the picture has.
    fn start_picture(&mut self, frame: &Frame<'_>, key: &PictureKey) -> Result<usize, ViewFailure> {
        let (width, height) = key.size;
        if self.canvas.width() != width {
            self.canvas.set_width(width);
        }
        if self.canvas.height() != height {
            self.canvas.set_height(height);
        }
        if self.offscreen.as_ref().is_none_or(|o| o.size() != key.size) {
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
        let picture = Picture {
            view_projection,
            aspect,
            viewport: Viewport::new_at_origo(width, height),
            device_pixel_ratio: key.device_pixel_ratio,
            light: Picture::light(camera),
            ring_centre: frame
                .selection
                .and_then(|i| frame.positions.get(i))
                .copied(),
            rules: rules.is_some(),
            overlay_parts,
            style: key.style,
        };
        if let Some(offscreen) = &self.offscreen {
            self.draw_background(offscreen, &picture);
        }
        let highlighted = if picture.rules {
            self.highlighted.chunk_count()
        } else {
            0
        };
        self.picture = Some(picture);
        Ok(self.swarm.chunk_count() + highlighted)
    }

    /// Draws a batch of chunks of the picture in progress and, when it is
    /// the last, shows the picture; then hands the batch to the GPU.
    fn draw_batch(&mut self, batch: &BatchPlan) {
        let (Some(picture), Some(offscreen)) = (&self.picture, &self.offscreen) else {
            return;
        };
        self.draw_chunks(offscreen, picture, batch.chunks.clone());
        if batch.completes() {
            self.show(offscreen, picture);
            self.picture = None;
        }
        self.batch = BatchInFlight::issue(&self.context, batch.chunks.len());
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
        let zero = Vec3::zeros();
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
}
