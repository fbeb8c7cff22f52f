//! The measures of SPEC §6 computed in shares, beside the steering: each
//! share finds the nearest distances of the boids in its part of the
//! nearest-distance grid, and share 0 counts the groups. Put together with
//! the velocities and the assembled steering they equal [`Measures::new`]
//! bit for bit, for every number of shares: each boid's nearest distance is
//! found alone, the sums run in boid index order on the side that assembles,
//! and a count of groups does not depend on how it was found.

use super::measures::{GroupCount, Measures, groups, nearest_grid, nearest_of_cells};
use super::shares::{Coverage, Share, ShareError};
use super::space::Vec3;
use super::steering::Steering;

/// One share's part of the measures.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeasureShare {
    /// Boid ids, each at most once.
    pub ids: Vec<u32>,
    /// The distance `|δ|` to the nearest other boid, in LE, per id.
    pub nearest: Vec<f64>,
    /// The groups, from share 0 only.
    pub groups: Option<GroupCount>,
}

impl MeasureShare {
    /// Share `share`'s part of the measures of positions in `[-4.2, 4.2)`
    /// (LE) with radius `0 < r ≤ 4.2`: the nearest distances of the boids in
    /// the share's part of the grid's x cells (none for N = 1), and with
    /// share 0 the groups (every share builds the grid, O(N), to search it).
    #[must_use]
    pub fn compute(positions: &[Vec3], radius: f64, share: Share) -> Self {
        let groups =
            (share.part() == 0 && !positions.is_empty()).then(|| groups(positions, None, radius));
        if positions.len() < 2 {
            return Self {
                groups,
                ..Self::default()
            };
        }
        let grid = nearest_grid(positions);
        let (part, parts) = (share.part() as usize, share.parts() as usize);
        let xs = part * grid.cells / parts..(part + 1) * grid.cells / parts;
        let (ids, nearest) = nearest_of_cells(&grid, xs);
        Self {
            ids,
            nearest,
            groups,
        }
    }
}

/// Puts the measure shares of one state together.
#[derive(Debug, Clone)]
pub struct MeasureAssembler {
    nearest: Vec<f64>,
    coverage: Coverage,
    groups: Option<GroupCount>,
}

impl MeasureAssembler {
    /// Waits for the shares of a state of `count` boids (a single boid has
    /// no nearest distance to wait for).
    #[must_use]
    pub fn new(count: usize) -> Self {
        Self {
            nearest: vec![0.0; count],
            coverage: Coverage::new(if count < 2 { 0 } else { count }),
            groups: None,
        }
    }

    /// Takes one share; a share that does not fit is rejected and changes
    /// nothing.
    pub fn add(&mut self, share: &MeasureShare) -> Result<(), ShareError> {
        if share.ids.len() != share.nearest.len() {
            return Err(ShareError::LengthMismatch);
        }
        if let (Some(_), Some(_)) = (self.groups, share.groups) {
            return Err(ShareError::LengthMismatch);
        }
        self.coverage.cover(&share.ids)?;
        for (&id, &distance) in share.ids.iter().zip(&share.nearest) {
            self.nearest[id as usize] = distance;
        }
        if share.groups.is_some() {
            self.groups = share.groups;
        }
        Ok(())
    }

    /// Whether every boid has its nearest distance and the groups are in.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.coverage.is_complete() && self.groups.is_some()
    }

    /// The measures of the state with these `velocities` and its assembled
    /// `steering` (one entry per boid), once complete; the sums in index
    /// order.
    #[must_use]
    pub fn finish(self, velocities: &[Vec3], steering: &[Steering]) -> Option<Measures> {
        let count = self.nearest.len();
        let fits = velocities.len() == count && steering.len() == count && count > 0;
        let groups = self
            .groups
            .filter(|_| fits && self.coverage.is_complete())?;
        let nearest = (count > 1).then(|| self.nearest.iter().sum::<f64>() / count as f64);
        Some(Measures::from_parts(velocities, steering, groups, nearest))
    }
}
