//! The grid's plan on each axis: which cells can hold a neighbour of a
//! home cell, and the periodic shift every pair of boids in two cells
//! shares where it is provably the same (the measures' grids plan theirs
//! with the same two functions).

use crate::model::space::{HALF_PERIOD, PERIOD};

/// How far, in LE, a boid's computed cell may miss its true one through rounding
/// (far more than the few ulps it can be), added to every cell span and window.
pub(crate) const CELL_MARGIN: f64 = 1e-9;

/// A neighbouring coordinate of a home coordinate on the y or z axis, with
/// the periodic shift shared by every pair of boids in the two cells (`None`:
/// evaluate it per pair).
#[derive(Debug, Clone, Copy)]
pub(super) struct AxisNeighbour {
    pub(super) coordinate: usize,
    pub(super) shift: Option<f64>,
}

/// At most this many neighbouring coordinates per axis (reach 2).
pub(super) const MAX_AXIS_NEIGHBOURS: usize = 5;

/// The neighbouring coordinates of home coordinate `home` on one axis: those
/// within `reach` cells, each once (also when the axis has few cells).
pub(super) fn axis_neighbours(
    home: usize,
    reach: usize,
    cells: usize,
    cell_size: f64,
) -> Vec<AxisNeighbour> {
    let mut coords: Vec<usize> = (0..=2 * reach)
        .map(|k| (home + cells * reach + k - reach) % cells)
        .collect();
    let mut seen = vec![false; cells];
    coords.retain(|&c| !std::mem::replace(&mut seen[c], true));
    coords
        .into_iter()
        .map(|coordinate| AxisNeighbour {
            coordinate,
            shift: cell_pair_shift(home, coordinate, cell_size),
        })
        .collect()
}

/// The cell of coordinate `p` on an axis of `cells` cells of `cell_size`
/// (those two as [`CellList`] and the measures' grids plan them).
pub(crate) fn cell_coordinate(p: f64, cell_size: f64, cells: usize) -> usize {
    // Positions lie in [-4.2, 4.2), so the quotient is not negative and
    // truncation is floor (without SSE4.1, `floor` is a library call); the
    // clamp catches rounding at the top.
    (((p + HALF_PERIOD) / cell_size) as usize).min(cells - 1)
}

/// `L·floor(d/L + 1/2)` if it is the same for every `d = x_j − x_i` with `x_i`
/// in cell `home` and `x_j` in cell `other` (with a margin for rounding).
pub(crate) fn cell_pair_shift(home: usize, other: usize, cell_size: f64) -> Option<f64> {
    let offset = other as f64 - home as f64;
    shift_if_constant(
        (offset - 1.0) * cell_size - CELL_MARGIN,
        (offset + 1.0) * cell_size + CELL_MARGIN,
    )
}

/// `L·floor(d/L + 1/2)` if it is the same at both ends of `low ..= high`, and
/// so (being monotone in d) for every d between them.
pub(super) fn shift_if_constant(low: f64, high: f64) -> Option<f64> {
    let k_low = (low / PERIOD + 0.5).floor();
    let k_high = (high / PERIOD + 0.5).floor();
    (k_low == k_high).then_some(PERIOD * k_low)
}
