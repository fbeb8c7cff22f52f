//! One step's expensive half split into shares that can be computed in
//! parallel (each in its own Web Worker) from the same old state.
//!
//! A share is a contiguous run of the cell list's sorted slots holding about
//! `N / parts` boids, cut only between the pairs of home boids that a row
//! steers together (so the single row of the largest radii splits too). Each
//! boid's steering depends only on its row and its pair, never on the share,
//! so the shares put together are bit-identical to one whole computation,
//! whatever the number of parts.

use super::cell_list::CellList;
use super::space::Vec3;
use super::steering::Steering;

/// Share `part` of `parts` (`parts ≥ 1`, `part < parts`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    part: u32,
    parts: u32,
}

impl Share {
    /// The whole computation as one share.
    pub const WHOLE: Self = Self { part: 0, parts: 1 };

    /// Share `part` of `parts`; `None` unless `part < parts`.
    #[must_use]
    pub fn new(part: u32, parts: u32) -> Option<Self> {
        (part < parts).then_some(Self { part, parts })
    }

    /// Which share (from 0).
    #[must_use]
    pub fn part(self) -> u32 {
        self.part
    }

    /// How many shares there are.
    #[must_use]
    pub fn parts(self) -> u32 {
        self.parts
    }
}

/// The steering of the boids in one share: `steering[k]` belongs to boid
/// `indices[k]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShareSteering {
    /// Boid ids, each at most once.
    pub indices: Vec<u32>,
    /// Their steering, in the same order.
    pub steering: Vec<Steering>,
}

/// Computes shares of the steering, keeping the cell list's scratch space
/// from one call to the next while N and the radius stay the same.
#[derive(Debug, Default)]
pub struct SteeringSolver {
    cells: Option<(u64, usize, CellList)>,
}

impl SteeringSolver {
    /// A solver with no scratch space yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The steering of the boids in `share` for positions in `[-4.2, 4.2)`
    /// (LE), velocities (LE/s) of the same length and a radius `0 < r ≤ 4.2`.
    pub fn solve(
        &mut self,
        positions: &[Vec3],
        velocities: &[Vec3],
        radius: f64,
        share: Share,
    ) -> ShareSteering {
        let count = positions.len().min(velocities.len());
        let key = (radius.to_bits(), count);
        let cells = match &mut self.cells {
            Some((bits, n, cells)) if (*bits, *n) == key => cells,
            slot => &mut slot.insert((key.0, key.1, CellList::new(radius, count))).2,
        };
        let mut result = ShareSteering::default();
        if count == 0 {
            return result;
        }
        cells.steer_share(
            &positions[..count],
            &velocities[..count],
            share.part,
            share.parts,
            |boid, steering| {
                // A row's last boid without a partner is emitted twice.
                if result.indices.last() != Some(&(boid as u32)) {
                    result.indices.push(boid as u32);
                    result.steering.push(steering);
                }
            },
        );
        result
    }
}

/// Puts shares together: the steering of every boid, by id, once every boid
/// was covered by exactly one share.
#[derive(Debug, Clone)]
pub struct ShareAssembler {
    steering: Vec<Steering>,
    coverage: Coverage,
}

/// Which boid ids the shares taken so far cover: each at most once, and
/// complete when every id is covered.
#[derive(Debug, Clone)]
pub(crate) struct Coverage {
    covered: Vec<bool>,
    missing: usize,
}

impl Coverage {
    /// Nothing covered yet of the ids `0 .. count`.
    pub(crate) fn new(count: usize) -> Self {
        Self {
            covered: vec![false; count],
            missing: count,
        }
    }

    /// Covers `ids`, all or none: an id out of range or covered before
    /// leaves the coverage as it was.
    pub(crate) fn cover(&mut self, ids: &[u32]) -> Result<(), ShareError> {
        for (k, &id) in ids.iter().enumerate() {
            let error = match self.covered.get_mut(id as usize) {
                None => Some(ShareError::IdOutOfRange(id)),
                Some(covered) if *covered => Some(ShareError::Duplicate(id)),
                Some(covered) => {
                    *covered = true;
                    None
                }
            };
            if let Some(error) = error {
                for &taken in &ids[..k] {
                    self.covered[taken as usize] = false;
                }
                return Err(error);
            }
        }
        self.missing -= ids.len();
        Ok(())
    }

    /// Whether every id is covered.
    pub(crate) fn is_complete(&self) -> bool {
        self.missing == 0
    }
}

/// A share that does not fit the state being assembled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareError {
    /// Indices and steering differ in length.
    LengthMismatch,
    /// A boid id is not below N.
    IdOutOfRange(u32),
    /// A boid came in a second time.
    Duplicate(u32),
}

impl ShareAssembler {
    /// Waits for the steering of `count` boids.
    #[must_use]
    pub fn new(count: usize) -> Self {
        Self {
            steering: vec![Steering::default(); count],
            coverage: Coverage::new(count),
        }
    }

    /// Takes one share's steering; a share that does not fit is rejected
    /// and changes nothing.
    pub fn add(&mut self, indices: &[u32], steering: &[Steering]) -> Result<(), ShareError> {
        if indices.len() != steering.len() {
            return Err(ShareError::LengthMismatch);
        }
        self.coverage.cover(indices)?;
        for (&id, s) in indices.iter().zip(steering) {
            self.steering[id as usize] = *s;
        }
        Ok(())
    }

    /// Whether every boid has its steering.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.coverage.is_complete()
    }

    /// The steering by boid id, once complete.
    #[must_use]
    pub fn finish(self) -> Option<Vec<Steering>> {
        self.is_complete().then_some(self.steering)
    }
}
