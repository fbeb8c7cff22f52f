//! The mean distance to the nearest other boid (SPEC §6): each boid's
//! search in growing shells of cells, shared out over threads or over the
//! app's workers by ranges of x cells.

use std::ops::Range;

use super::grid::{Grid, shifted_delta};
use super::groups::{GroupCount, Link, count_linked};
use crate::model::cell_list::CELL_MARGIN;
use crate::model::space::{HALF_PERIOD, PERIOD, Vec3, squared_length};
#[cfg(not(target_arch = "wasm32"))]
use crate::model::threads::PARALLEL_FROM_COUNT;

/// `(1/N)·Σ_i min_{j≠i} |δ_ij|`, `None` for N = 1, and with `radius` the
/// groups too where this grid finds every pair of neighbours (its cells at
/// least r wide; `None` where not). On a grid of at least [`BLOCK_CELLS`]
/// cells per axis (about one boid per cell), every pair of boids in cells
/// at most one apart on each axis is measured once and lowers the minimum
/// of both (see [`block_pass`]); a boid whose nearest found so far may lie
/// beyond that block searches on in growing shells. Coarser grids (a few
/// boids) search each boid's block alone.
pub(super) fn mean_nearest_distance(
    positions: &[Vec3],
    threads: u32,
    radius: Option<f64>,
) -> (Option<f64>, Option<GroupCount>) {
    let n = positions.len();
    if n < 2 {
        return (None, None);
    }
    let grid = nearest_grid(positions);
    let cells = grid.cells;
    let block = cells >= BLOCK_CELLS;
    // The groups come along where every neighbour lies in the block and
    // both directions of a pair agree.
    let link = radius
        .map(Link::new)
        .filter(|link| groups_come_along(n, link));
    // The squared distances by sorted slot.
    let mut by_slot = vec![f64::INFINITY; n];
    #[cfg(not(target_arch = "wasm32"))]
    let threads = if n >= PARALLEL_FROM_COUNT {
        (threads as usize).min(cells)
    } else {
        1
    };
    #[cfg(target_arch = "wasm32")]
    let threads = {
        let _ = threads;
        1
    };
    let mut linked = Linked {
        neighbour_q: link.map_or(0.0, |link| link.neighbour_q),
        pairs: Vec::new(),
    };
    if threads > 1 {
        #[cfg(not(target_arch = "wasm32"))]
        nearest_threaded(
            &grid,
            threads,
            &mut by_slot,
            link.is_some().then_some(&mut linked),
        );
    } else if block {
        if link.is_some() {
            block_pass_linking::<true>(&grid, 0..cells, &mut by_slot, &mut linked);
        } else {
            block_pass(&grid, 0..cells, &mut by_slot);
        }
        settle(&grid, 0..cells, &mut by_slot);
    } else {
        nearest_in(&grid, 0..cells, &mut by_slot);
    }
    let groups = link.map(|_| count_linked(n, &linked.pairs));
    let mut nearest = vec![0.0; n];
    for (slot, q) in by_slot.into_iter().enumerate() {
        nearest[grid.buckets.order[slot] as usize] = q.sqrt();
    }
    (Some(nearest.iter().sum::<f64>() / n as f64), groups)
}

/// The least cell size at which every pair within `radius` lies in cells
/// at most one apart on each axis (with margins for the rounding of cells).
fn grid_radius(radius: f64) -> f64 {
    radius * (1.0 + 1e-6) + 4.0 * CELL_MARGIN
}

/// The squared nearest distances by sorted slot on `threads` threads, each
/// over a range of x cell coordinates: the pairs of the block pass into a
/// copy of its own (minima do not depend on the order they are taken in),
/// with `linked` also the linked pairs, then each boid's own search beyond
/// the block. Bit-identical for any count.
#[cfg(not(target_arch = "wasm32"))]
fn nearest_threaded(grid: &Grid, threads: usize, by_slot: &mut [f64], linked: Option<&mut Linked>) {
    let cells = grid.cells;
    let bounds: Vec<usize> = (0..=threads).map(|k| k * cells / threads).collect();
    if cells >= BLOCK_CELLS {
        let neighbour_q = linked.as_ref().map(|linked| linked.neighbour_q);
        let parts: Vec<(Vec<f64>, Linked)> = std::thread::scope(|scope| {
            let handles: Vec<_> = bounds
                .windows(2)
                .map(|part| {
                    let xs = part[0]..part[1];
                    scope.spawn(move || {
                        let mut best = vec![f64::INFINITY; grid.points.len()];
                        let mut mine = Linked {
                            neighbour_q: neighbour_q.unwrap_or(0.0),
                            pairs: Vec::new(),
                        };
                        if neighbour_q.is_some() {
                            block_pass_linking::<true>(grid, xs, &mut best, &mut mine);
                        } else {
                            block_pass(grid, xs, &mut best);
                        }
                        (best, mine)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a block pass does not panic"))
                .collect()
        });
        let mut all = linked;
        for (part, mine) in &parts {
            for (best, q) in by_slot.iter_mut().zip(part) {
                *best = best.min(*q);
            }
            if let Some(all) = all.as_deref_mut() {
                all.pairs.extend_from_slice(&mine.pairs);
            }
        }
    }
    std::thread::scope(|scope| {
        let mut rest = by_slot;
        for part in bounds.windows(2) {
            // The cell after the last has id cells³: the end of `start`.
            let end = grid.buckets.start[grid.cell_id([part[1], 0, 0])];
            let start = grid.buckets.start[grid.cell_id([part[0], 0, 0])];
            let (mine, others) = rest.split_at_mut((end - start) as usize);
            rest = others;
            let xs = part[0]..part[1];
            if cells >= BLOCK_CELLS {
                scope.spawn(move || settle(grid, xs, mine));
            } else {
                scope.spawn(move || nearest_in(grid, xs, mine));
            }
        }
    });
}

/// Grids with at least this many cells per axis take the block pass: the
/// block of a cell and the next on each axis does not wrap onto itself, and
/// every displacement within it stays far from ±L/2, so `δ_ji = −δ_ij`
/// exactly and one measurement serves both boids of a pair.
pub(crate) const BLOCK_CELLS: usize = 5;

/// The grid the nearest distances are searched in: about one boid per cell
/// where they are spread evenly (two in the initial cube), so that the
/// block of a cell and its neighbours holds a boid nearer than the block's
/// faces for all but a few; grids coarser than [`BLOCK_CELLS`] for a few
/// boids, searched boid by boid.
pub(crate) fn nearest_grid(positions: &[Vec3]) -> Grid {
    Grid::new(
        positions,
        0..positions.len(),
        nearest_cells(positions.len()),
    )
}

/// Cells per axis of the nearest distances' grid for `n` boids.
fn nearest_cells(n: usize) -> usize {
    ((n as f64).cbrt().round() as usize).clamp(1, 96)
}

/// Whether [`mean_nearest_distance`] of `n ≥ 2` boids finds the groups of
/// `link` too: its grid takes the block pass, every neighbour lies in a
/// boid's block (cells at least r wide) and both directions of a pair agree.
pub(super) fn groups_come_along(n: usize, link: &Link) -> bool {
    let cells = nearest_cells(n);
    cells >= BLOCK_CELLS && link.symmetric && PERIOD / cells as f64 >= grid_radius(link.radius)
}

/// The distance `|δ|` to the nearest other boid for the boids of the cells
/// with x coordinate in `xs` (a part of `0..cells`), with their ids: each
/// boid's minimum is its own, so any split of the cells gives the same values.
pub(crate) fn nearest_of_cells(grid: &Grid, xs: Range<usize>) -> (Vec<u32>, Vec<f64>) {
    let start = grid.buckets.start[grid.cell_id([xs.start, 0, 0])] as usize;
    let end = grid.buckets.start[grid.cell_id([xs.end, 0, 0])] as usize;
    let mut squared = vec![f64::INFINITY; end - start];
    if !xs.is_empty() {
        let cells = grid.cells;
        if cells >= BLOCK_CELLS {
            // The pairs of these boids are measured from their own cells or
            // from the cells one lower in x: those take part as homes too.
            let mut best = vec![f64::INFINITY; grid.points.len()];
            if xs.len() < cells {
                let below = (xs.start + cells - 1) % cells;
                block_pass(grid, below..below + 1, &mut best);
            }
            block_pass(grid, xs.clone(), &mut best);
            squared.copy_from_slice(&best[start..end]);
            settle(grid, xs, &mut squared);
        } else {
            nearest_in(grid, xs, &mut squared);
        }
    }
    let distances = squared.into_iter().map(f64::sqrt).collect();
    (grid.buckets.order[start..end].to_vec(), distances)
}

/// The rows of the half block: from a home cell, the cells `(ox, oy, oz)`
/// with `oz` from the given first to +1, so that of every two cells at
/// most one apart on each axis exactly one is the other's half-block cell
/// (the home cell's own pairs are taken apart). Each row's cells are
/// contiguous in slot order unless it crosses the seam on z.
const HALF_BLOCK_ROWS: [(isize, isize, isize); 5] =
    [(0, 0, 1), (0, 1, -1), (1, -1, -1), (1, 0, -1), (1, 1, -1)];

/// Lowers `best` (squared lengths by sorted slot) over every pair of boids
/// in cells at most one apart on each axis where the lower of the two cells
/// (in the half-block sense) has x coordinate in `xs`: each pair measured
/// once, for both boids. Needs at least [`BLOCK_CELLS`] cells per axis.
pub(crate) fn block_pass(grid: &Grid, xs: Range<usize>, best: &mut [f64]) {
    block_pass_linking::<false>(grid, xs, best, &mut Linked::default());
}

/// Pairs of slots found within the neighbour radius by a linking block pass.
#[derive(Debug, Default)]
pub(super) struct Linked {
    /// The squared length up to which a pair is linked (the steering's).
    pub(super) neighbour_q: f64,
    pub(super) pairs: Vec<(u32, u32)>,
}

/// [`block_pass`], with `LINK` also every pair within `linked.neighbour_q`
/// into `linked.pairs`: every pair of neighbours where the cells are at
/// least r wide (plus margins), since neighbours then lie in cells at most
/// one apart on each axis.
pub(super) fn block_pass_linking<const LINK: bool>(
    grid: &Grid,
    xs: Range<usize>,
    best: &mut [f64],
    linked: &mut Linked,
) {
    let cells = grid.cells as isize;
    debug_assert!(cells >= BLOCK_CELLS as isize);
    for (home, home_slots) in grid.occupied(xs) {
        let [hx, hy, hz] = home;
        pairs_within::<LINK>(grid, home_slots.clone(), best, linked);
        for (ox, oy, first_z) in HALF_BLOCK_ROWS {
            let (x, y) = (grid.offset(hx, ox), grid.offset(hy, oy));
            let (low, high) = (hz as isize + first_z, hz as isize + 1);
            // One contiguous run of cells where it does not cross the seam
            // on z, all with the home cell's z shift (0: next to it, off
            // the seam); else cell by cell.
            let mut runs = [(low, high); 3];
            let count = if low >= 0 && high < cells {
                1
            } else {
                for (run, oz) in runs.iter_mut().zip(first_z..=1) {
                    let z = grid.offset(hz, oz) as isize;
                    *run = (z, z);
                }
                (2 - first_z) as usize
            };
            for &(low, high) in &runs[..count] {
                let slots = grid.buckets.start[grid.cell_id([x, y, low as usize])] as usize
                    ..grid.buckets.start[grid.cell_id([x, y, high as usize]) + 1] as usize;
                let shift = grid.shift(home, [x, y, low as usize]);
                pairs_between::<LINK>(grid, home_slots.clone(), slots, shift, best, linked);
            }
        }
    }
}

/// Lowers `best` of both boids of every pair within one cell's `slots`.
fn pairs_within<const LINK: bool>(
    grid: &Grid,
    slots: Range<usize>,
    best: &mut [f64],
    linked: &mut Linked,
) {
    for a in slots.clone() {
        pairs_of::<LINK>(grid, a, a + 1..slots.end, best, linked, |from, to| {
            Vec3::new(to.x - from.x, to.y - from.y, to.z - from.z)
        });
    }
}

/// Lowers `best` of both boids of every pair of a boid in `home` and one
/// in `others` (another cell), whose cells have the shifts `shift`.
fn pairs_between<const LINK: bool>(
    grid: &Grid,
    home: Range<usize>,
    others: Range<usize>,
    shift: [Option<f64>; 3],
    best: &mut [f64],
    linked: &mut Linked,
) {
    if others.is_empty() {
        return;
    }
    if let [Some(sx), Some(sy), Some(sz)] = shift {
        // The common case, with the shifts out of the loop.
        for a in home {
            pairs_of::<LINK>(grid, a, others.clone(), best, linked, |from, to| {
                Vec3::new(
                    (to.x - from.x) - sx,
                    (to.y - from.y) - sy,
                    (to.z - from.z) - sz,
                )
            });
        }
    } else {
        // Not on a grid of BLOCK_CELLS or more; the formula where needed.
        for a in home {
            pairs_of::<LINK>(grid, a, others.clone(), best, linked, |from, to| {
                shifted_delta(from, to, &shift)
            });
        }
    }
}

/// Lowers `best` of boid `a` and of each boid in `others` (slots after
/// `a`'s or in another cell) by their squared distance, δ from `a` by
/// `delta` (the other boid's δ is its exact negation: the same square).
#[inline(always)]
fn pairs_of<const LINK: bool>(
    grid: &Grid,
    a: usize,
    others: Range<usize>,
    best: &mut [f64],
    linked: &mut Linked,
    delta: impl Fn(&Vec3, &Vec3) -> Vec3,
) {
    let from = grid.points[a];
    let mut nearest = best[a];
    let points = &grid.points[others.clone()];
    for (b, (to, other)) in others.clone().zip(points.iter().zip(&mut best[others])) {
        let q = squared_length(&delta(&from, to));
        if LINK && q <= linked.neighbour_q {
            linked.pairs.push((a as u32, b as u32));
        }
        nearest = least(nearest, q);
        *other = least(*other, q);
    }
    best[a] = nearest;
}

/// The lesser of two squared lengths, never NaN: one `minsd` on x86,
/// where `f64::min` adds the NaN handling to the hottest loop here.
#[inline(always)]
fn least(a: f64, b: f64) -> f64 {
    if b < a { b } else { a }
}

/// Finishes the boids of the cells with x coordinate in `xs` after the
/// block pass (`out` by sorted slot from those cells' first slot on): a
/// boid whose nearest found may lie beyond its block searches on.
fn settle(grid: &Grid, xs: Range<usize>, out: &mut [f64]) {
    let base = grid.buckets.start[grid.cell_id([xs.start, 0, 0])] as usize;
    for (home, slots) in grid.occupied(xs) {
        for slot in slots {
            let best = &mut out[slot - base];
            *best = widen(grid, slot, home, *best, 1);
        }
    }
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
    for (home, home_slots) in grid.occupied(xs) {
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
            let gaps = [0, 1, 2]
                .map(|axis| [-1, 0, 1].map(|o| grid.axis_gap_q(point[axis], home[axis], o)));
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
