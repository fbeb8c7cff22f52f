//! The renderer's data on the GPU: meshes, and the boids' per-instance
//! attributes in chunks that are kept and refilled (allocating only to
//! grow).

use three_d::core::{Context, ElementBuffer, InstanceBuffer, VertexBuffer};

use super::super::colours::REST_COLOUR;
use super::super::geometry::Mesh;
use super::super::instances::InstanceData;
use super::super::pacing::{CHUNK_INSTANCES, chunk_count};
use crate::model::Vec3;

/// A mesh on the GPU.
pub(super) struct MeshBuffers {
    pub(super) positions: VertexBuffer<[f32; 3]>,
    pub(super) normals: VertexBuffer<[f32; 3]>,
    pub(super) elements: ElementBuffer<u16>,
}

impl MeshBuffers {
    pub(super) fn new(context: &Context, mesh: &Mesh) -> Self {
        Self {
            positions: VertexBuffer::new_with_data(context, &mesh.positions),
            normals: VertexBuffer::new_with_data(context, &mesh.normals),
            elements: ElementBuffer::new_with_data(context, &mesh.indices),
        }
    }
}

/// Per-instance attributes on the GPU.
pub(super) struct InstanceBuffers {
    pub(super) positions: InstanceBuffer<[f32; 3]>,
    pub(super) directions: InstanceBuffer<[f32; 3]>,
    pub(super) colours: InstanceBuffer<[f32; 3]>,
    pub(super) count: u32,
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
pub(super) struct BoidChunks {
    data: InstanceData,
    cones: InstanceChunks,
    rests: InstanceChunks,
    rest_directions: Vec<[f32; 3]>,
    rest_colours: Vec<[f32; 3]>,
}

impl BoidChunks {
    pub(super) fn new() -> Self {
        Self {
            data: InstanceData::default(),
            cones: InstanceChunks::new(),
            rests: InstanceChunks::new(),
            rest_directions: Vec::new(),
            rest_colours: Vec::new(),
        }
    }

    /// Uploads these boids (the buffers are kept and refilled).
    pub(super) fn fill(
        &mut self,
        context: &Context,
        positions: impl Iterator<Item = Vec3>,
        velocities: impl Iterator<Item = Vec3>,
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
    pub(super) fn chunks(&self) -> impl Iterator<Item = (&InstanceBuffers, bool)> {
        let cones = self.cones.used().iter().map(|chunk| (chunk, true));
        cones.chain(self.rests.used().iter().map(|chunk| (chunk, false)))
    }

    pub(super) fn chunk_count(&self) -> usize {
        self.cones.used().len() + self.rests.used().len()
    }

    /// Forgets the boids (nothing to draw).
    pub(super) fn clear(&mut self) {
        self.cones.used = 0;
        self.rests.used = 0;
    }
}
