//! The mean distance to the nearest other boid (SPEC §6): each boid's
//! search in growing shells of cells, shared out over threads or over the
//! app's workers by ranges of x cells.

use std::ops::Range;

use super::grid::{Grid, shifted_delta};
use crate::model::cell_list::CELL_MARGIN;
use crate::model::space::{HALF_PERIOD, Vec3, squared_length};
#[cfg(not(target_arch = "wasm32"))]
use crate::model::threads::PARALLEL_FROM_COUNT;

/// `(1/N)·Σ_i min_{j≠i} |δ_ij|`, `None` for N = 1. Each boid searches a grid
/// of a few boids per cell in growing shells of cells around its own,
/// until no boid outside the shells can be nearer than the nearest found.
/// The first block (the home cell and the cells next to it, which settle
/// almost every boid) is planned once per home cell, and cells too far to
/// beat the nearest found so far are skipped.
pub(super) fn mean_nearest_distance(positions: &[Vec3], threads: u32) -> Option<f64> {
    let n = positions.len();
    if n < 2 {
        return None;
    }
    let grid = nearest_grid(positions);
    let cells = grid.cells;
    // The squared distances by sorted slot; the slots of a range of x cell
    // coordinates are contiguous, so threads can share them out.
    let mut by_slot = vec![0.0; n];
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && n >= PARALLEL_FROM_COUNT {
        let threads = (threads as usize).min(cells);
        let bounds: Vec<usize> = (0..=threads).map(|k| k * cells / threads).collect();
        std::thread::scope(|scope| {
            let mut rest = by_slot.as_mut_slice();
            for part in bounds.windows(2) {
                // The cell after the last has id cells³: the end of `start`.
                let end = grid.buckets.start[grid.cell_id([part[1], 0, 0])];
                let start = grid.buckets.start[grid.cell_id([part[0], 0, 0])];
                let (mine, others) = rest.split_at_mut((end - start) as usize);
                rest = others;
                let grid = &grid;
                scope.spawn(move || nearest_in(grid, part[0]..part[1], mine));
            }
        });
    } else {
        nearest_in(&grid, 0..cells, &mut by_slot);
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = threads;
        nearest_in(&grid, 0..cells, &mut by_slot);
    }
    let mut nearest = vec![0.0; n];
    for (slot, q) in by_slot.into_iter().enumerate() {
        nearest[grid.buckets.order[slot] as usize] = q.sqrt();
    }
    Some(nearest.iter().sum::<f64>() / n as f64)
}

/// The grid the nearest distances are searched in: about eight boids per
/// cell where they are spread evenly, so that the home cell usually holds a
/// boid near enough that most cells next to it are skipped (finer grids were
/// slower at N = 50 000: more cells to visit).
pub(crate) fn nearest_grid(positions: &[Vec3]) -> Grid {
    let cells = ((0.5 * (positions.len() as f64).cbrt()) as usize).clamp(1, 64);
    Grid::new(positions, 0..positions.len(), cells)
}

/// The distance `|δ|` to the nearest other boid for the boids of the cells
/// with x coordinate in `xs` (a part of `0..cells`), with their ids: each
/// boid's search is its own, so any split of the cells gives the same values.
pub(crate) fn nearest_of_cells(grid: &Grid, xs: Range<usize>) -> (Vec<u32>, Vec<f64>) {
    let start = grid.buckets.start[grid.cell_id([xs.start, 0, 0])] as usize;
    let end = grid.buckets.start[grid.cell_id([xs.end, 0, 0])] as usize;
    let mut squared = vec![0.0; end - start];
    if !xs.is_empty() {
        nearest_in(grid, xs, &mut squared);
    }
    let distances = squared.into_iter().map(f64::sqrt).collect();
    (grid.buckets.order[start..end].to_vec(), distances)
}

/// The least squared length of δ to another boid, for the boids of the
/// cells with x coordinate in `xs`, into `out` by sorted slot (from the
/// first slot of those cells on).
fn nearest_in(grid: &Grid, xs: Range<usize>, out: &mut [f64]) {
    let cells = grid.cells;
    let base = grid.buckets.start[grid.cell_id([xs.start, 0, 0])] as usize;
    // The block home ± 1, where it does not wrap onto itself, the home cell
    // first: it gives the first bound.
    let first_reach = usize::from(cells >= 3);
    let r = first_reach as isize;
    let mut block: Vec<[isize; 3]> = (-r..=r)
        .flat_map(|x| (-r..=r).flat_map(move |y| (-r..=r).map(move |z| [x, y, z])))
        .collect();
    block.sort_by_key(|o| o.map(isize::abs).iter().sum::<isize>());
    let mut near = Vec::with_capacity(block.len());
    for hx in xs {
        for hy in 0..cells {
            for hz in 0..cells {
                let home = [hx, hy, hz];
                let home_slots = grid.slots(grid.cell_id(home));
                if home_slots.is_empty() {
                    continue;
                }
                near.clear();
                near.extend(block.iter().filter_map(|&offset| {
                    let other = [0, 1, 2].map(|axis| grid.offset(home[axis], offset[axis]));
                    let slots = grid.slots(grid.cell_id(other));
                    let index = offset.map(|o| (o + 1) as usize);
                    (!slots.is_empty()).then(|| (index, slots, grid.shift(home, other)))
                }));
                for slot in home_slots {
                    let point = &grid.points[slot];
                    // The terms of `gap_q` for the offsets of the block, per axis.
                    let gaps = [0, 1, 2].map(|axis| {
                        [-1, 0, 1].map(|o| grid.axis_gap_q(point[axis], home[axis], o))
                    });
                    let mut best = f64::INFINITY;
                    for (index, slots, shift) in &near {
                        let bound = gaps[0][index[0]] + gaps[1][index[1]] + gaps[2][index[2]];
                        if bound <= best {
                            scan(grid, slot, slots.clone(), shift, &mut best);
                        }
                    }
                    out[slot - base] = widen(grid, slot, home, best, first_reach);
                }
            }
        }
    }
}

/// Lowers `best` to the least squared length of δ from the boid in `slot`
/// to the other boids in `slots`, whose cell has the shifts `shift`.
fn scan(grid: &Grid, slot: usize, slots: Range<usize>, shift: &[Option<f64>; 3], best: &mut f64) {
    let point = &grid.points[slot];
    match *shift {
        // The common case, with the shifts out of the loop.
        [Some(sx), Some(sy), Some(sz)] => {
            for j in slots {
                let to = &grid.points[j];
                let delta = Vec3::new(
                    (to.x - point.x) - sx,
                    (to.y - point.y) - sy,
                    (to.z - point.z) - sz,
                );
                if j != slot {
                    *best = best.min(squared_length(&delta));
                }
            }
        }
        _ => {
            for j in slots.filter(|&j| j != slot) {
                let delta = shifted_delta(point, &grid.points[j], shift);
                *best = best.min(squared_length(&delta));
            }
        }
    }
}

/// Continues the search of the boid in `slot` (in cell `home`) that has
/// visited every cell within `reach` of its own and found `best`: shell by
/// shell, until no boid outside the visited block can be nearer, or every
/// cell was visited. Returns the least squared length of δ to another boid.
fn widen(grid: &Grid, slot: usize, home: [usize; 3], mut best: f64, mut reach: usize) -> f64 {
    let point = &grid.points[slot];
    let cells = grid.cells;
    let visit = |best: &mut f64, other: [usize; 3]| {
        let slots = grid.slots(grid.cell_id(other));
        scan(grid, slot, slots, &grid.shift(home, other), best);
    };
    loop {
        if 2 * reach + 1 >= cells {
            return best;
        }
        // Every boid not visited lies outside the block of cells home ±
        // reach: at least this far on some axis.
        let gap = [point.x, point.y, point.z]
            .into_iter()
            .zip(home)
            .map(|(c, h)| {
                let u = c + HALF_PERIOD;
                let low = (h as f64 - reach as f64) * grid.size;
                let high = (h as f64 + reach as f64 + 1.0) * grid.size;
                (u - low).min(high - u)
            })
            .fold(f64::INFINITY, f64::min)
            - 3.0 * CELL_MARGIN;
        if gap > 0.0 && best <= gap * gap * (1.0 - 1e-12) {
            return best;
        }
        reach += 1;
        if 2 * reach + 1 > cells {
            // The shell would wrap onto itself: scan every cell.
            for x in 0..cells {
                for y in 0..cells {
                    for z in 0..cells {
                        visit(&mut best, [x, y, z]);
                    }
                }
            }
            return best;
        }
        let r = reach as isize;
        for ox in -r..=r {
            for oy in -r..=r {
                for oz in -r..=r {
                    if ox.abs().max(oy.abs()).max(oz.abs()) == r
                        && grid.gap_q(point, home, [ox, oy, oz]) <= best
                    {
                        let other = [
                            grid.offset(home[0], ox),
                            grid.offset(home[1], oy),
                            grid.offset(home[2], oz),
                        ];
                        visit(&mut best, other);
                    }
                }
            }
        }
    }
}
