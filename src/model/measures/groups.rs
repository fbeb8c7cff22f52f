//! Groups of linked neighbours (SPEC §6): union-find over the boids of a
//! grid whose cells are linked pair by pair, the nearest cells first.

use std::ops::Range;

use super::grid::{Grid, shifted_delta};
use crate::model::cell_list::CELL_MARGIN;
use crate::model::space::{HALF_PERIOD, PERIOD, Vec3, displacement, squared_length};
use crate::model::steering::{Steering, Thresholds};

/// How far, in LE, a displacement component must stay from ±L/2 for
/// `δ_ji = −δ_ij` to hold exactly: only there can rounding give the two
/// directions of a pair different shifts.
pub(super) const TIE_MARGIN: f64 = 1e-6;

/// The neighbour test of the steering for a pair in either direction.
#[derive(Debug, Clone, Copy)]
pub(super) struct Link {
    pub(super) radius: f64,
    pub(super) neighbour_q: f64,
    /// `|δ_ij| ≤ r` and `|δ_ji| ≤ r` always agree: no neighbour has a
    /// component near ±L/2, where the two directions may round differently.
    pub(super) symmetric: bool,
}

impl Link {
    pub(super) fn new(radius: f64) -> Self {
        let neighbour_q = Thresholds::new(radius).neighbour_q;
        let limit = HALF_PERIOD - TIE_MARGIN;
        Self {
            radius,
            neighbour_q,
            symmetric: neighbour_q < limit * limit,
        }
    }

    pub(super) fn within(&self, delta: &Vec3) -> bool {
        squared_length(delta) <= self.neighbour_q
    }

    /// i and j are linked: j is a neighbour of i (`delta` = δ_ij) or i one of j.
    pub(super) fn links(&self, delta: &Vec3, i: &Vec3, j: &Vec3) -> bool {
        self.within(delta) || (!self.symmetric && self.within(&displacement(j, i)))
    }
}

/// Union-find over slots, by size with path halving.
pub(super) struct Groups {
    pub(super) parent: Vec<u32>,
    pub(super) size: Vec<u32>,
}

impl Groups {
    pub(super) fn new(n: usize) -> Self {
        Self {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    pub(super) fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let grandparent = self.parent[self.parent[a] as usize];
            self.parent[a] = grandparent;
            a = grandparent as usize;
        }
        a
    }

    pub(super) fn union(&mut self, a: usize, b: usize) {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
    }
}

/// The number of groups and the size of the largest (SPEC §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupCount {
    /// Connected groups, `1 ..= N`.
    pub groups: u32,
    /// Boids in the largest group, `1 ..= N`.
    pub largest: u32,
}

/// The groups of `n` boids (slots) linked by `pairs` of slots.
pub(super) fn count_linked(n: usize, pairs: &[(u32, u32)]) -> GroupCount {
    let mut sets = Groups::new(n);
    for &(a, b) in pairs {
        sets.union(a as usize, b as usize);
    }
    let (mut groups, mut largest) = (0, 0);
    for slot in 0..n {
        if sets.find(slot) == slot {
            groups += 1;
            largest = largest.max(sets.size[slot]);
        }
    }
    GroupCount { groups, largest }
}

/// Number of groups and the size of the largest. The boids with neighbours
/// go into a grid of cells at most `r/√3` wide where N allows (a clique
/// grid: the boids of one cell are all linked, so each pair of nearby cells
/// needs only one linked pair of boids, and none once the cells are in one
/// group), else into cells at least r wide (only the next cell on each side
/// can hold a neighbour). Only occupied cells are visited. The nearest cells
/// are linked first; then the farther cells (a clique grid reaches two cells
/// to each side) only from the boids not yet in the largest group, where
/// that group holds most boids: two boids of that group need no test.
/// Without the `steering` of the state (a worker that computed only a share
/// of it) every boid goes into the grid: the same count, a little slower.
pub(crate) fn groups(positions: &[Vec3], steering: Option<&[Steering]>, radius: f64) -> GroupCount {
    let link = Link::new(radius);
    // A boid without neighbours is a group of its own, unless the directions
    // of a pair may disagree (then i may be linked to j without neighbours).
    let linked =
        |&i: &usize| !link.symmetric || steering.is_none_or(|steering| steering[i].neighbours > 0);
    let members = (0..positions.len()).filter(linked);
    let count = members.clone().count();
    let alone = (positions.len() - count) as u32;
    if count == 0 {
        return GroupCount {
            groups: alone,
            largest: 1,
        };
    }
    let grid = Grid::new(positions, members, group_cells(radius, count));
    let cells = grid.cells;
    // Two boids in one cell are at most its diagonal apart (plus rounding).
    let padded = grid.size + 2.0 * CELL_MARGIN;
    let clique = 3.0 * padded * padded * (1.0 + 1e-9) <= link.neighbour_q;
    // Cells this many apart on an axis may hold neighbours.
    let reach = 1 + ((radius + 3.0 * CELL_MARGIN) / grid.size) as isize;
    // Offsets of every cell once: the stencil, or the whole axis where the
    // stencil would wrap onto itself (then without the bound of `gap_q`).
    let stencil = 2 * reach + 1 < cells as isize;
    let axis: Vec<isize> = if stencil {
        (-reach..=reach).collect()
    } else {
        (0..cells as isize).collect()
    };
    let mut offsets: Vec<[isize; 3]> = axis
        .iter()
        .flat_map(|&x| {
            let axis = &axis;
            axis.iter()
                .flat_map(move |&y| axis.iter().map(move |&z| [x, y, z]))
        })
        .collect();
    if clique {
        offsets.retain(|o| *o != [0; 3]);
    }
    // Nearest first (on a whole axis, offsets near `cells` are near too).
    let wrapped = |c: isize| {
        if stencil {
            c
        } else {
            c.min(cells as isize - c)
        }
    };
    offsets.sort_by_key(|o| o.map(|c| wrapped(c) * wrapped(c)).iter().sum::<isize>());
    // The near offsets (at most the next cell on each axis, also across
    // the seam of a whole axis) and the far ones.
    let last = cells as isize - 1;
    let (near, far): (Vec<[isize; 3]>, Vec<[isize; 3]>) = offsets
        .into_iter()
        .partition(|o| o.iter().all(|&c| c.abs() <= 1 || (!stencil && c == last)));
    let occupied: Vec<(usize, [usize; 3])> = (0..cells)
        .flat_map(|x| (0..cells).flat_map(move |y| (0..cells).map(move |z| [x, y, z])))
        .enumerate()
        .filter(|(cell, _)| !grid.slots(*cell).is_empty())
        .collect();
    let mut sets = Groups::new(grid.points.len());
    if clique {
        for &(cell, _) in &occupied {
            let slots = grid.slots(cell);
            for slot in slots.clone().skip(1) {
                sets.union(slots.start, slot);
            }
        }
    }
    let mut pass = Pass {
        grid: &grid,
        link: &link,
        clique,
        stencil,
        sets: &mut sets,
        settled: None,
    };
    // Each unordered pair of cells once: of the stencil's `o` and `−o` only
    // the one positive in lexicographic order (the stencil does not wrap
    // onto itself, so no two offsets reach the same cell); on a whole axis
    // the cell with the larger id.
    let halved = |offsets: &[[isize; 3]]| -> Vec<[isize; 3]> {
        offsets
            .iter()
            .copied()
            .filter(|o| !stencil || *o >= [0; 3])
            .collect()
    };
    pass.link_offsets(&occupied, &halved(&near), true);
    if !far.is_empty() {
        // The largest group so far: where it holds most boids, only the
        // others need their far cells searched (in both directions).
        let mut largest = 0;
        for slot in 0..grid.points.len() {
            let root = pass.sets.find(slot);
            if pass.sets.size[root] > pass.sets.size[largest] {
                largest = root;
            }
        }
        if 2 * pass.sets.size[largest] as usize > grid.points.len() {
            let settled: Vec<bool> = (0..grid.points.len())
                .map(|slot| pass.sets.find(slot) == largest)
                .collect();
            // Cells whose boids are all settled search nothing: leave them
            // out once rather than at every far offset.
            let open: Vec<(usize, [usize; 3])> = occupied
                .iter()
                .copied()
                .filter(|&(cell, _)| grid.slots(cell).any(|slot| !settled[slot]))
                .collect();
            pass.settled = Some(settled);
            pass.link_offsets(&open, &far, false);
        } else {
            pass.link_offsets(&occupied, &halved(&far), true);
        }
    }
    let mut groups = alone;
    let mut largest = u32::from(alone > 0);
    for slot in 0..grid.points.len() {
        if sets.find(slot) == slot {
            groups += 1;
            largest = largest.max(sets.size[slot]);
        }
    }
    GroupCount { groups, largest }
}

/// Cells per axis of the groups' grid for `count` boids with neighbours:
/// cells at most `r/√3` wide (every two boids of a cell linked) where there
/// are at most about eight cells per such boid, else cells at least r wide
/// (as many as the same limit allows).
fn group_cells(radius: f64, count: usize) -> usize {
    let limit = (2 * (count as f64).cbrt().ceil() as usize).clamp(1, 64);
    let clique_size = radius / 3f64.sqrt() * (1.0 - 1e-6) - 3.0 * CELL_MARGIN;
    if clique_size > 0.0 {
        let clique_cells = (PERIOD / clique_size).ceil() as usize;
        if clique_cells <= limit {
            return clique_cells.max(1);
        }
    }
    ((PERIOD / (radius * (1.0 + 1e-6) + 4.0 * CELL_MARGIN)) as usize).clamp(1, limit)
}

/// One sweep of cell pairs over the occupied cells.
struct Pass<'a> {
    grid: &'a Grid,
    link: &'a Link,
    clique: bool,
    stencil: bool,
    sets: &'a mut Groups,
    /// Slots known to be in one group already: not searched from.
    settled: Option<Vec<bool>>,
}

impl Pass<'_> {
    /// Links the boids of every occupied cell with those of the cells at
    /// `offsets` from it, the offsets in the order given. `halved`: the
    /// offsets hold one of each pair `o`, `−o` (on a whole axis: every
    /// unordered pair of cells is taken once, from the larger id).
    fn link_offsets(
        &mut self,
        occupied: &[(usize, [usize; 3])],
        offsets: &[[isize; 3]],
        halved: bool,
    ) {
        let grid = self.grid;
        for &offset in offsets {
            for &(home_cell, home) in occupied {
                let home_slots = grid.slots(home_cell);
                if let Some(settled) = &self.settled
                    && self.clique
                    && settled[home_slots.start]
                {
                    continue;
                }
                let other = [0, 1, 2].map(|axis| grid.offset(home[axis], offset[axis]));
                let other_cell = grid.cell_id(other);
                if halved && !self.stencil && other_cell < home_cell {
                    continue;
                }
                if self.clique && other_cell == home_cell {
                    continue;
                }
                let other_slots = grid.slots(other_cell);
                if other_slots.is_empty()
                    || (self.clique
                        && self.sets.find(home_slots.start) == self.sets.find(other_slots.start))
                {
                    continue;
                }
                let pair = CellPair {
                    home,
                    offset: self.stencil.then_some(offset),
                    shift: grid.shift(home, other),
                    home_slots,
                    other_slots,
                };
                self.link_cells(pair);
            }
        }
    }

    /// Links the boids of two cells (or of one cell with itself, each pair
    /// once). Between two clique cells one linked pair joins them all. A
    /// home boid too far from the other cell's faces to reach any of its
    /// boids is skipped: the pairs of cells that are not linked must test
    /// every pair within reach, and most of them are far.
    fn link_cells(&mut self, pair: CellPair) {
        let (grid, link, sets) = (self.grid, self.link, &mut *self.sets);
        let (home, other) = (pair.home_slots, pair.other_slots);
        let same = home == other;
        if self.clique && sets.find(home.start) == sets.find(other.start) {
            return;
        }
        for a in home {
            if self.settled.as_ref().is_some_and(|settled| settled[a]) {
                continue;
            }
            let from = &grid.points[a];
            if let Some(offset) = pair.offset
                && grid.gap_q(from, pair.home, offset) > link.neighbour_q
            {
                continue;
            }
            let others = if same {
                a + 1..other.end
            } else {
                other.clone()
            };
            for b in others {
                let to = &grid.points[b];
                if link.links(&shifted_delta(from, to, &pair.shift), from, to) {
                    sets.union(a, b);
                    if self.clique {
                        return;
                    }
                }
            }
        }
    }
}

/// Two cells whose boids may be linked.
struct CellPair {
    home: [usize; 3],
    /// The other cell's offset from `home`, where it bounds the distance.
    offset: Option<[isize; 3]>,
    shift: [Option<f64>; 3],
    home_slots: Range<usize>,
    other_slots: Range<usize>,
}
