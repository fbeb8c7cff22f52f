//! The shader programs of the 3D view. The GLSL sources sit beside this
//! file; three-d puts the `#version 300 es` header and precision in front.

use three_d::core::{Context, Program};

use crate::app::view::render3d::ViewFailure;

const MESH_VERTEX: &str = include_str!("mesh.vert.glsl");
const MESH_FRAGMENT: &str = include_str!("mesh.frag.glsl");
const LINE_VERTEX: &str = include_str!("line.vert.glsl");
const RING_VERTEX: &str = include_str!("ring.vert.glsl");
const OVERLAY_VERTEX: &str = include_str!("overlay.vert.glsl");
const FLAT_FRAGMENT: &str = include_str!("flat.frag.glsl");

/// Every program the renderer draws with.
pub(super) struct Programs {
    /// Lit, instanced cones and rest spheres.
    pub mesh: Program,
    /// The cube edges.
    pub line: Program,
    /// The selection ring.
    pub ring: Program,
    /// The rules' outlines and arrows.
    pub overlay: Program,
}

impl Programs {
    /// Compiles and links the programs; the error is a German sentence for
    /// the page.
    pub fn new(context: &Context) -> Result<Self, ViewFailure> {
        let program = |vertex: &str, fragment: &str| {
            Program::from_source(context, vertex, fragment)
                .map_err(|error| ViewFailure::Shaders(error.to_string()))
        };
        Ok(Self {
            mesh: program(MESH_VERTEX, MESH_FRAGMENT)?,
            line: program(LINE_VERTEX, FLAT_FRAGMENT)?,
            ring: program(RING_VERTEX, FLAT_FRAGMENT)?,
            overlay: program(OVERLAY_VERTEX, FLAT_FRAGMENT)?,
        })
    }
}
