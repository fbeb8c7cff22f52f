//! Measures of the whole swarm (SPEC §6): mean speed, polarization, mean
//! neighbour count, groups of linked neighbours, the largest group and the
//! mean distance to the nearest other boid, each computed exactly in f64 on
//! one state, and their time series as CSV.
//!
//! Exactness: every displacement is the spec's `d − L·floor(d/L + 1/2)` bit
//! for bit, taken as a constant shift per pair of grid cells where that shift
//! is provably the same for every pair of boids in them (as the cell list
//! does), else per pair by the formula. The neighbour test is the steering's
//! (squared length against the threshold equivalent to `|δ| ≤ r`), so linked
//! pairs are exactly the pairs the neighbour counts count. Sums run in boid
//! index order and minima are order-free, so the results are deterministic
//! and equal [`measures_brute_force`] bit for bit.

use std::ops::Range;

use super::Vec3;
use super::cell_list::{CELL_MARGIN, cell_coordinate, cell_pair_shift};
use super::series::Series;
use super::space::{
    HALF_PERIOD, PERIOD, STEP_SECONDS, displacement, displacement_1d, length, squared_length,
};
use super::steering::{Steering, Thresholds};
#[cfg(not(target_arch = "wasm32"))]
use super::swarm::PARALLEL_FROM_COUNT;
use super::swarm::Swarm;

/// The measures of one state (SPEC §6). Every field is a pure function of
/// positions, velocities and the radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measures {
    /// Arithmetic mean of the speeds `|v_i|`, in LE/s; `0 ..= vmax`.
    pub mean_speed: f64,
    /// `|Σ u_i| / N` with the unit headings `u_i = v_i/|v_i|` (`0` for a
    /// boid at rest); dimensionless, `0 ..= 1` up to rounding (a few ulps
    /// above 1 are possible when all fly nearly the same way). 0: no common
    /// direction (or all at rest), 1: all fly the same way.
    pub polarization: f64,
    /// `(1/N)·Σ k_i` with `k_i` the neighbour count of SPEC §1; `0 ..= N − 1`.
    pub mean_neighbours: f64,
    /// Connected groups when every neighbour pair is linked (a boid without
    /// neighbours is a group of one); `1 ..= N`.
    pub groups: u32,
    /// Boids in the largest group; `1 ..= N`, `largest_group ≥ N / groups`.
    pub largest_group: u32,
    /// `(1/N)·Σ_i min_{j≠i} |δ_ij|` over all other boids (not only those
    /// within r), in LE; at most `4.2·√3`. `None` for N = 1.
    pub mean_nearest_distance: Option<f64>,
}

/// One measure: its CSV column (SPEC §6), in the CSV's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    MeanSpeed,
    Polarization,
    MeanNeighbours,
    Groups,
    LargestGroup,
    MeanNearestDistance,
}

impl Measure {
    /// Every measure in the CSV's column order.
    pub const ALL: [Self; 6] = [
        Self::MeanSpeed,
        Self::Polarization,
        Self::MeanNeighbours,
        Self::Groups,
        Self::LargestGroup,
        Self::MeanNearestDistance,
    ];

    /// The CSV column name.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::MeanSpeed => "mean_speed",
            Self::Polarization => "polarization",
            Self::MeanNeighbours => "mean_neighbors",
            Self::Groups => "groups",
            Self::LargestGroup => "largest_group",
            Self::MeanNearestDistance => "mean_nearest_distance",
        }
    }

    /// The unit, if the measure has one.
    #[must_use]
    pub fn unit(self) -> Option<&'static str> {
        match self {
            Self::MeanSpeed => Some("LE/s"),
            Self::MeanNearestDistance => Some("LE"),
            _ => None,
        }
    }
}

/// The header line of the series CSV (without the line break).
pub const SERIES_HEADER: &str =
    "step,time_s,mean_speed,polarization,mean_neighbors,groups,largest_group,mean_nearest_distance";

impl Measures {
    /// The measures of a state: positions in `[-4.2, 4.2)` (LE), velocities
    /// (LE/s) and `steering` of exactly this state and radius `0 < r ≤ 4.2`
    /// (its neighbour counts give `mean_neighbours` and tell the boids
    /// without neighbours, which form groups of one). All three slices have
    /// N ≥ 1 entries. Computed on the calling thread.
    #[must_use]
    pub fn new(
        positions: &[Vec3],
        velocities: &[Vec3],
        steering: &[Steering],
        radius: f64,
    ) -> Self {
        Self::with_threads(positions, velocities, steering, radius, 1)
    }

    /// [`Measures::new`] with the nearest distances shared by `threads`
    /// threads natively (as [`Swarm`] shares its step; one on wasm).
    /// Bit-identical for every count: each boid's distance is found alone
    /// and the sum runs in index order.
    #[must_use]
    pub fn with_threads(
        positions: &[Vec3],
        velocities: &[Vec3],
        steering: &[Steering],
        radius: f64,
        threads: u32,
    ) -> Self {
        let group_count = groups(positions, Some(steering), radius);
        Self::from_parts(
            velocities,
            steering,
            group_count,
            mean_nearest_distance(positions, threads),
        )
    }

    /// Puts the measures together from the parts computed elsewhere (the
    /// groups and the mean nearest distance) and the O(N) sums over the
    /// velocities and the neighbour counts, in index order.
    pub(super) fn from_parts(
        velocities: &[Vec3],
        steering: &[Steering],
        group_count: GroupCount,
        mean_nearest_distance: Option<f64>,
    ) -> Self {
        let n = velocities.len();
        let neighbour_sum: u64 = steering.iter().map(|s| u64::from(s.neighbours)).sum();
        Self {
            mean_speed: mean_speed(velocities),
            polarization: polarization(velocities),
            mean_neighbours: neighbour_sum as f64 / n as f64,
            groups: group_count.groups,
            largest_group: group_count.largest,
            mean_nearest_distance,
        }
    }

    /// A measure's value as a number (`None` only for an undefined mean
    /// nearest distance). Counts are exact in f64.
    #[must_use]
    pub fn get(&self, measure: Measure) -> Option<f64> {
        match measure {
            Measure::MeanSpeed => Some(self.mean_speed),
            Measure::Polarization => Some(self.polarization),
            Measure::MeanNeighbours => Some(self.mean_neighbours),
            Measure::Groups => Some(f64::from(self.groups)),
            Measure::LargestGroup => Some(f64::from(self.largest_group)),
            Measure::MeanNearestDistance => self.mean_nearest_distance,
        }
    }

    /// One line of the series CSV for these measures at step `step` (with
    /// its line break): shortest round-trip numbers (`{}` of f64 and
    /// integers), an empty field for an undefined value, model time
    /// `step × 0.04` as the swarm derives it.
    #[must_use]
    pub fn csv_row(&self, step: u64) -> String {
        let mut row = format!("{step},{}", step_time_seconds(step));
        for measure in Measure::ALL {
            row.push(',');
            match measure {
                Measure::Groups => row.push_str(&self.groups.to_string()),
                Measure::LargestGroup => row.push_str(&self.largest_group.to_string()),
                _ => {
                    if let Some(value) = self.get(measure) {
                        row.push_str(&value.to_string());
                    }
                }
            }
        }
        row.push('\n');
        row
    }
}

/// Model time at step `k` in seconds: `k × 0.04`, from the integer count.
#[must_use]
pub fn step_time_seconds(step: u64) -> f64 {
    step as f64 * STEP_SECONDS
}

/// Arithmetic mean of the speeds `|v|` in index order, in LE/s.
pub(crate) fn mean_speed(velocities: &[Vec3]) -> f64 {
    velocities.iter().map(length).sum::<f64>() / velocities.len() as f64
}

/// `|Σ u_i| / N`, the unit headings summed in index order.
fn polarization(velocities: &[Vec3]) -> f64 {
    let mut sum = Vec3::zeros();
    for v in velocities {
        let speed = length(v);
        if speed > 0.0 {
            sum += Vec3::new(v.x / speed, v.y / speed, v.z / speed);
        }
    }
    length(&sum) / velocities.len() as f64
}

/// How far, in LE, a displacement component must stay from ±L/2 for
/// `δ_ji = −δ_ij` to hold exactly: only there can rounding give the two
/// directions of a pair different shifts.
const TIE_MARGIN: f64 = 1e-6;

/// The neighbour test of the steering for a pair in either direction.
#[derive(Debug, Clone, Copy)]
struct Link {
    neighbour_q: f64,
    /// `|δ_ij| ≤ r` and `|δ_ji| ≤ r` always agree: no neighbour has a
    /// component near ±L/2, where the two directions may round differently.
    symmetric: bool,
}

impl Link {
    fn new(radius: f64) -> Self {
        let neighbour_q = Thresholds::new(radius).neighbour_q;
        let limit = HALF_PERIOD - TIE_MARGIN;
        Self {
            neighbour_q,
            symmetric: neighbour_q < limit * limit,
        }
    }

    fn within(&self, delta: &Vec3) -> bool {
        squared_length(delta) <= self.neighbour_q
    }

    /// i and j are linked: j is a neighbour of i (`delta` = δ_ij) or i one of j.
    fn links(&self, delta: &Vec3, i: &Vec3, j: &Vec3) -> bool {
        self.within(delta) || (!self.symmetric && self.within(&displacement(j, i)))
    }
}

/// A cubic grid of `cells³` cells over the period holding some boids in cell
/// order, with the periodic shift of every pair of cell coordinates.
pub(super) struct Grid {
    pub(super) cells: usize,
    size: f64,
    /// Slots of cell c: `start[c] .. start[c + 1]`.
    start: Vec<u32>,
    /// Slot → boid index.
    order: Vec<u32>,
    /// Slot → position.
    points: Vec<Vec3>,
    /// `shifts[home·cells + other]`: `L·floor(d/L + 1/2)` for every d from a
    /// coordinate in cell `home` to one in cell `other` on an axis, if constant.
    shifts: Vec<Option<f64>>,
}

impl Grid {
    /// Counting sort of `boids` (indices into `positions`, stable) into
    /// `cells³` cells.
    fn new(positions: &[Vec3], boids: impl Iterator<Item = usize> + Clone, cells: usize) -> Self {
        let size = PERIOD / cells as f64;
        let cell_of = |p: &Vec3| {
            let [x, y, z] = [p.x, p.y, p.z].map(|c| cell_coordinate(c, size, cells));
            (x * cells + y) * cells + z
        };
        let mut start = vec![0u32; cells * cells * cells + 1];
        for i in boids.clone() {
            start[cell_of(&positions[i]) + 1] += 1;
        }
        for c in 0..cells * cells * cells {
            start[c + 1] += start[c];
        }
        let mut next = start.clone();
        let used = start[cells * cells * cells] as usize;
        let mut order = vec![0u32; used];
        let mut points = vec![Vec3::zeros(); used];
        for i in boids {
            let cell = cell_of(&positions[i]);
            let slot = next[cell] as usize;
            next[cell] += 1;
            order[slot] = i as u32;
            points[slot] = positions[i];
        }
        let shifts = (0..cells * cells)
            .map(|k| cell_pair_shift(k / cells, k % cells, size))
            .collect();
        Self {
            cells,
            size,
            start,
            order,
            points,
            shifts,
        }
    }

    fn cell_id(&self, [x, y, z]: [usize; 3]) -> usize {
        (x * self.cells + y) * self.cells + z
    }

    fn slots(&self, cell: usize) -> Range<usize> {
        self.start[cell] as usize..self.start[cell + 1] as usize
    }

    /// The shifts from cell coordinates `home` to `other`, per axis.
    fn shift(&self, home: [usize; 3], other: [usize; 3]) -> [Option<f64>; 3] {
        [0, 1, 2].map(|axis| self.shifts[home[axis] * self.cells + other[axis]])
    }

    /// A lower bound of the squared length (as computed) of δ from `point`,
    /// in cell `home`, to any boid in the cell `offset` cells away on each
    /// axis (`2·|offset| + 1 ≤ cells`, so that this image of the cell is its
    /// nearest): the gaps to the cell's faces, less margins for the rounding
    /// of cells and of δ.
    fn gap_q(&self, point: &Vec3, home: [usize; 3], offset: [isize; 3]) -> f64 {
        [point.x, point.y, point.z]
            .into_iter()
            .enumerate()
            .map(|(axis, c)| self.axis_gap_q(c, home[axis], offset[axis]))
            .sum()
    }

    /// One axis's term of [`Grid::gap_q`] for coordinate `c` in cell `home`.
    fn axis_gap_q(&self, c: f64, home: usize, offset: isize) -> f64 {
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
    fn offset(&self, home: usize, offset: isize) -> usize {
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
fn shifted_delta(from: &Vec3, to: &Vec3, shift: &[Option<f64>; 3]) -> Vec3 {
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

/// Union-find over slots, by size with path halving.
struct Groups {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Groups {
    fn new(n: usize) -> Self {
        Self {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let grandparent = self.parent[self.parent[a] as usize];
            self.parent[a] = grandparent;
            a = grandparent as usize;
        }
        a
    }

    fn union(&mut self, a: usize, b: usize) {
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

/// Number of groups and the size of the largest. The boids with neighbours
/// go into a grid of cells at most `r/√3` wide where N allows, so that the
/// boids of one cell are all linked; then each pair of nearby cells needs
/// only one linked pair of boids, and none once the cells are in one group.
/// Without the `steering` of the state (a worker that computed only a share
/// of it) every boid goes into the grid: the same count, a little slower.
pub(super) fn groups(positions: &[Vec3], steering: Option<&[Steering]>, radius: f64) -> GroupCount {
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
    let clique_size = radius / 3f64.sqrt() * (1.0 - 1e-6) - 3.0 * CELL_MARGIN;
    let limit = (2 * (count as f64).cbrt().ceil() as usize).clamp(1, 64);
    let cells = if clique_size > 0.0 {
        ((PERIOD / clique_size).ceil() as usize).clamp(1, limit)
    } else {
        limit
    };
    let grid = Grid::new(positions, members, cells);
    // Two boids in one cell are at most its diagonal apart (plus rounding).
    let padded = grid.size + 2.0 * CELL_MARGIN;
    let clique = 3.0 * padded * padded * (1.0 + 1e-9) <= link.neighbour_q;
    // Cells this many apart on an axis may hold neighbours.
    let reach = 1 + ((radius + 3.0 * CELL_MARGIN) / grid.size) as isize;
    // Offsets of every cell once: the stencil, or the whole axis where the
    // stencil would wrap onto itself (then without the bound of `gap_q`).
    let stencil = 2 * reach + 1 < cells as isize;
    let offsets: Vec<isize> = if stencil {
        (-reach..=reach).collect()
    } else {
        (0..cells as isize).collect()
    };
    let mut sets = Groups::new(grid.points.len());
    if clique {
        for cell in 0..cells * cells * cells {
            let slots = grid.slots(cell);
            for slot in slots.clone().skip(1) {
                sets.union(slots.start, slot);
            }
        }
    }
    // Nearest offsets first: cells next to each other are almost always
    // linked, so once they are, most farther pairs of cells are in one
    // group already and need no pair of boids tested.
    let mut triples: Vec<[isize; 3]> = offsets
        .iter()
        .flat_map(|&x| {
            let offsets = &offsets;
            offsets
                .iter()
                .flat_map(move |&y| offsets.iter().map(move |&z| [x, y, z]))
        })
        .collect();
    if stencil {
        // Each unordered pair of cells once: of `o` and `−o` only the one
        // that is positive in lexicographic order (the stencil does not wrap
        // onto itself, so no two offsets reach the same cell).
        triples.retain(|o| *o > [0; 3] || (!clique && *o == [0; 3]));
    }
    triples.sort_by_key(|o| o.map(|c| c * c).iter().sum::<isize>());
    for offset in triples {
        for (home_cell, home) in (0..cells)
            .flat_map(|x| (0..cells).flat_map(move |y| (0..cells).map(move |z| [x, y, z])))
            .enumerate()
        {
            let home_slots = grid.slots(home_cell);
            if home_slots.is_empty() {
                continue;
            }
            let other = [0, 1, 2].map(|axis| grid.offset(home[axis], offset[axis]));
            let other_cell = grid.cell_id(other);
            // Each unordered pair of cells once (the offsets are symmetric;
            // the stencil's are halved already); a clique cell is linked
            // within already.
            if (!stencil && other_cell < home_cell) || (clique && other_cell == home_cell) {
                continue;
            }
            let other_slots = grid.slots(other_cell);
            if other_slots.is_empty() {
                continue;
            }
            let pair = CellPair {
                home,
                offset: stencil.then_some(offset),
                shift: grid.shift(home, other),
                home_slots,
                other_slots,
            };
            link_cells(&grid, &mut sets, &link, clique, pair);
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

/// Two cells whose boids may be linked.
struct CellPair {
    home: [usize; 3],
    /// The other cell's offset from `home`, where it bounds the distance.
    offset: Option<[isize; 3]>,
    shift: [Option<f64>; 3],
    home_slots: Range<usize>,
    other_slots: Range<usize>,
}

/// Links the boids of two cells (or of one cell with itself, each pair
/// once). Between two clique cells one linked pair joins them all. A home
/// boid too far from the other cell's faces to reach any of its boids is
/// skipped: the pairs of cells that are not linked must test every pair
/// within reach, and most of them are far.
fn link_cells(grid: &Grid, sets: &mut Groups, link: &Link, clique: bool, pair: CellPair) {
    let (home, other) = (pair.home_slots, pair.other_slots);
    let same = home == other;
    if clique && sets.find(home.start) == sets.find(other.start) {
        return;
    }
    for a in home {
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
            if !clique && sets.find(a) == sets.find(b) {
                continue;
            }
            let to = &grid.points[b];
            if link.links(&shifted_delta(from, to, &pair.shift), from, to) {
                sets.union(a, b);
                if clique {
                    return;
                }
            }
        }
    }
}

/// `(1/N)·Σ_i min_{j≠i} |δ_ij|`, `None` for N = 1. Each boid searches a grid
/// of a few boids per cell in growing shells of cells around its own,
/// until no boid outside the shells can be nearer than the nearest found.
/// The first block (the home cell and the cells next to it, which settle
/// almost every boid) is planned once per home cell, and cells too far to
/// beat the nearest found so far are skipped.
fn mean_nearest_distance(positions: &[Vec3], threads: u32) -> Option<f64> {
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
                let end = grid.start[grid.cell_id([part[1], 0, 0])];
                let start = grid.start[grid.cell_id([part[0], 0, 0])];
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
        nearest[grid.order[slot] as usize] = q.sqrt();
    }
    Some(nearest.iter().sum::<f64>() / n as f64)
}

/// The grid the nearest distances are searched in: about eight boids per
/// cell where they are spread evenly, so that the home cell usually holds a
/// boid near enough that most cells next to it are skipped (finer grids were
/// slower at N = 50 000: more cells to visit).
pub(super) fn nearest_grid(positions: &[Vec3]) -> Grid {
    let cells = ((0.5 * (positions.len() as f64).cbrt()) as usize).clamp(1, 64);
    Grid::new(positions, 0..positions.len(), cells)
}

/// The distance `|δ|` to the nearest other boid for the boids of the cells
/// with x coordinate in `xs` (a part of `0..cells`), with their ids: each
/// boid's search is its own, so any split of the cells gives the same values.
pub(super) fn nearest_of_cells(grid: &Grid, xs: Range<usize>) -> (Vec<u32>, Vec<f64>) {
    let start = grid.start[grid.cell_id([xs.start, 0, 0])] as usize;
    let end = grid.start[grid.cell_id([xs.end, 0, 0])] as usize;
    let mut squared = vec![0.0; end - start];
    if !xs.is_empty() {
        nearest_in(grid, xs, &mut squared);
    }
    let distances = squared.into_iter().map(f64::sqrt).collect();
    (grid.order[start..end].to_vec(), distances)
}

/// The least squared length of δ to another boid, for the boids of the
/// cells with x coordinate in `xs`, into `out` by sorted slot (from the
/// first slot of those cells on).
fn nearest_in(grid: &Grid, xs: Range<usize>, out: &mut [f64]) {
    let cells = grid.cells;
    let base = grid.start[grid.cell_id([xs.start, 0, 0])] as usize;
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

/// The plain O(N²) statement of SPEC §6, pairs in index order: the reference
/// [`Measures::new`] is tested against. Positions in `[-4.2, 4.2)`, N ≥ 1.
#[must_use]
pub fn measures_brute_force(positions: &[Vec3], velocities: &[Vec3], radius: f64) -> Measures {
    let n = positions.len();
    let neighbour =
        |i: usize, j: usize| length(&displacement(&positions[i], &positions[j])) <= radius;
    let mut neighbour_sum = 0u64;
    let mut sets = Groups::new(n);
    let mut nearest_sum = 0.0;
    for i in 0..n {
        let mut nearest = f64::INFINITY;
        for j in (0..n).filter(|&j| j != i) {
            nearest = nearest.min(length(&displacement(&positions[i], &positions[j])));
            if neighbour(i, j) {
                neighbour_sum += 1;
                sets.union(i, j);
            }
        }
        nearest_sum += nearest;
    }
    let roots: Vec<usize> = (0..n).filter(|&i| sets.find(i) == i).collect();
    Measures {
        mean_speed: mean_speed(velocities),
        polarization: polarization(velocities),
        mean_neighbours: neighbour_sum as f64 / n as f64,
        groups: roots.len() as u32,
        largest_group: roots.iter().map(|&i| sets.size[i]).max().unwrap_or(0),
        mean_nearest_distance: (n > 1).then(|| nearest_sum / n as f64),
    }
}

impl Swarm {
    /// The measures of the current state (SPEC §6), on the threads that
    /// share a step (see [`Swarm::set_threads`]).
    #[must_use]
    pub fn measures(&self) -> Measures {
        Measures::with_threads(
            self.positions(),
            self.velocities(),
            self.steering(),
            self.params().radius,
            self.threads(),
        )
    }

    /// The series CSV of SPEC §6 from the current state on: the header, the
    /// current step's row, then `steps` steps, each followed by its row (so
    /// `steps + 1` rows). The swarm is left after the last step.
    pub fn series_csv(&mut self, steps: u64) -> String {
        let mut series = Series::new();
        series.record(self.step_count(), self.measures());
        for _ in 0..steps {
            self.step();
            series.record(self.step_count(), self.measures());
        }
        series.to_csv()
    }
}
