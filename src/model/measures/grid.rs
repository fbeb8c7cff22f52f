//! The measures' grids: a cubic grid of cells over the period holding some
//! boids in cell order, with the periodic shift of every pair of cell
//! coordinates and lower bounds of the distance from a boid to a cell.

use std::ops::Range;

use crate::model::bucketing::Buckets;
use crate::model::cell_list::{CELL_MARGIN, cell_coordinate, cell_pair_shift};
use crate::model::space::{HALF_PERIOD, PERIOD, Vec3, displacement_1d};

/// A cubic grid of `cells³` cells over the period holding some boids in cell
/// order, with the periodic shift of every pair of cell coordinates.
pub(crate) struct Grid {
    pub(crate) cells: usize,
    pub(super) size: f64,
    /// The boids sorted by cell: a cell's slots, and slot → boid index.
    pub(super) buckets: Buckets,
    /// Slot → position.
    pub(super) points: Vec<Vec3>,
    /// `shifts[home·cells + other]`: `L·floor(d/L + 1/2)` for every d from a
    /// coordinate in cell `home` to one in cell `other` on an axis, if constant.
    pub(super) shifts: Vec<Option<f64>>,
}

impl Grid {
    /// Counting sort of `boids` (indices into `positions`, stable) into
    /// `cells³` cells.
    pub(super) fn new(
        positions: &[Vec3],
        boids: impl Iterator<Item = usize>,
        cells: usize,
    ) -> Self {
        let size = PERIOD / cells as f64;
        let cell_of = |p: &Vec3| {
            let [x, y, z] = [p.x, p.y, p.z].map(|c| cell_coordinate(c, size, cells));
            (x * cells + y) * cells + z
        };
        let mut buckets = Buckets::default();
        buckets.sort(
            cells * cells * cells,
            boids.map(|i| (i, cell_of(&positions[i]))),
        );
        let points = buckets
            .order
            .iter()
            .map(|&i| positions[i as usize])
            .collect();
        let shifts = (0..cells * cells)
            .map(|k| cell_pair_shift(k / cells, k % cells, size))
            .collect();
        Self {
            cells,
            size,
            buckets,
            points,
            shifts,
        }
    }

    pub(super) fn cell_id(&self, [x, y, z]: [usize; 3]) -> usize {
        (x * self.cells + y) * self.cells + z
    }

    pub(super) fn slots(&self, cell: usize) -> Range<usize> {
        self.buckets.slots(cell)
    }

    /// The occupied cells with x coordinate in `xs`, in slot order: each
    /// cell's coordinates and slots.
    pub(super) fn occupied(
        &self,
        xs: Range<usize>,
    ) -> impl Iterator<Item = ([usize; 3], Range<usize>)> + '_ {
        let cells = self.cells;
        xs.flat_map(move |x| (0..cells).flat_map(move |y| (0..cells).map(move |z| [x, y, z])))
            .map(|home| (home, self.slots(self.cell_id(home))))
            .filter(|(_, slots)| !slots.is_empty())
    }

    /// The shifts from cell coordinates `home` to `other`, per axis.
    pub(super) fn shift(&self, home: [usize; 3], other: [usize; 3]) -> [Option<f64>; 3] {
        [0, 1, 2].map(|axis| self.shifts[home[axis] * self.cells + other[axis]])
    }

    /// A lower bound of the squared length (as computed) of δ from `point`,
    /// in cell `home`, to any boid in the cell `offset` cells away on each
    /// axis (`2·|offset| + 1 ≤ cells`, so that this image of the cell is its
    /// nearest): the gaps to the cell's faces, less margins for the rounding
    /// of cells and of δ.
    pub(super) fn gap_q(&self, point: &Vec3, home: [usize; 3], offset: [isize; 3]) -> f64 {
        [point.x, point.y, point.z]
            .into_iter()
            .enumerate()
            .map(|(axis, c)| self.axis_gap_q(c, home[axis], offset[axis]))
            .sum()
    }

    /// One axis's term of [`Grid::gap_q`] for coordinate `c` in cell `home`.
    pub(super) fn axis_gap_q(&self, c: f64, home: usize, offset: isize) -> f64 {
        let u = c + HALF_PERIOD;
        let cell = home as f64 + offset as f64;
        let gap = match offset {
            0 => 0.0,
            o if o > 0 => cell * self.size - u,
            _ => u - (cell + 1.0) * self.size,
        };
        let gap = (gap - 3.0 * CELL_MARGIN).max(0.0);
        gap * gap * (1.0 - 1e-12)
    }

    /// The cell coordinate `offset` cells from `home` on an axis,
    /// periodically, for `|offset| ≤ cells` (no division: this runs for
    /// every cell visited).
    pub(super) fn offset(&self, home: usize, offset: isize) -> usize {
        let (c, cells) = (home as isize + offset, self.cells as isize);
        (if c < 0 {
            c + cells
        } else if c >= cells {
            c - cells
        } else {
            c
        }) as usize
    }
}

/// δ from `from` to `to` with the shifts of their cells: bit for bit
/// [`displacement`], since a constant shift is the formula's `L·floor(..)`.
pub(super) fn shifted_delta(from: &Vec3, to: &Vec3, shift: &[Option<f64>; 3]) -> Vec3 {
    let axis = |d: f64, shift: Option<f64>| match shift {
        Some(s) => d - s,
        None => displacement_1d(d),
    };
    Vec3::new(
        axis(to.x - from.x, shift[0]),
        axis(to.y - from.y, shift[1]),
        axis(to.z - from.z, shift[2]),
    )
}
