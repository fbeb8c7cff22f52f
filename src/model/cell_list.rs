//! A periodic cell list that finds every boid's neighbours in O(N·k) and sums
//! the steering components, two boids at a time in f64x2 lanes.
//!
//! The grid has rows along x: cells at least r/2 wide in y and z (searched two
//! cells to each side), and finer cells along x. Two consecutive boids of a row
//! share the lanes; for every neighbouring row they scan only the x-range that
//! the sphere of radius r around either of them can reach in that row, so the
//! scanned volume stays close to the sphere's.
//!
//! Exactness: every pair's displacement is the spec's `d − L·floor(d/L + 1/2)`.
//! Where a stretch of cells is known to share the same `floor(..)` for both
//! lanes (it is monotone in d, so checking both ends of the span of d
//! suffices), the shift `L·floor(..)` is taken once for the stretch. For radii
//! so large that few cells fit on an axis (above about 2.1), a neighbouring
//! row may not share one y or z shift with the home row: there each home boid
//! takes its own shift from its own coordinate (the span of d from one boid to
//! a cell is narrower than from cell to cell), and where even that is not
//! constant (d reaches ±L/2 within the stretch) the lanes choose it per pair.
//! For `|d| < L` the index k is 1 exactly from one float on and −1 exactly
//! below another ([`TieLimits`], found once by stepping through the floats as
//! the formula rounds); per lane they become limits on the neighbour's
//! coordinate, so a comparison and bit operations pick the shift ±L or +0 and
//! `d − shift` is the formula's δ bit for bit. Only a home boid within a
//! margin of the middle of an axis with a single cell, where both limits are
//! within its reach, leaves a row to the formula evaluated per pair. Such rows
//! are summed in ascending order of cells, as a scan of the whole row adds
//! them, not from the start of the x window as the other rows are: the order
//! of the sums is part of the output's bits. Every cut of the search range
//! keeps a margin far above rounding, so no neighbour is lost. The neighbour
//! tests compare squared lengths against thresholds that are exactly
//! equivalent to comparing `sqrt(q)` with the radius. The lanes hold two
//! different home boids, so each boid's sums are added in one fixed order,
//! which does not depend on the other rows. Where every row takes per-lane
//! shifts (radii above about 3.36) and the processor has AVX2, four home
//! boids share 256-bit lanes instead ([`four_lanes`]), adding the same
//! values in the same order.

use super::bucketing::Buckets;
use super::space::{PERIOD, Vec3};
use super::steering::{Steering, Thresholds};

#[cfg(target_arch = "x86_64")]
mod four_lanes;
mod plan;
mod rows;
mod shifts;
mod two_lanes;

use plan::{AxisNeighbour, axis_neighbours};
pub(crate) use plan::{CELL_MARGIN, cell_coordinate, cell_pair_shift};
use shifts::TieLimits;
use two_lanes::SortedBoid;

/// The cell list and its scratch space; reused across steps (no allocation per
/// step once N and the radius are fixed).
#[derive(Debug, Clone)]
pub(crate) struct CellList {
    thresholds: Thresholds,
    ties: TieLimits,
    /// Cells on the y and z axes (at least r/2 wide, or r with reach 1).
    cells_yz: usize,
    /// Cells on the x axis (finer: the x-range is cut per pair of home boids).
    cells_x: usize,
    cell_size_yz: f64,
    cell_size_x: f64,
    /// `1 / cell_size_x` (the margins cover its rounding).
    cells_per_x_length: f64,
    /// For each home coordinate on the y or z axis, its neighbouring ones.
    plan: Vec<Vec<AxisNeighbour>>,
    /// The boids sorted by cell: a cell's sorted slots, and slot → boid index.
    buckets: Buckets,
    /// The boids in sorted order.
    boids: Vec<SortedBoid>,
    /// The boids in sorted order, each value once: what the four-lane loop
    /// reads (half the bytes; it broadcasts them as it loads them; about
    /// 7 % faster at N = 10 000, r = 4.2 than reading `boids`).
    #[cfg(target_arch = "x86_64")]
    compact: Vec<four_lanes::CompactBoid>,
    /// Scratch for the hot loop: offsets of boids within the separation radius.
    close: Vec<u32>,
    /// Every row takes per-lane shifts and the processor has 256-bit lanes:
    /// four home boids share them (see `four_lanes`; WebAssembly has two).
    #[cfg(target_arch = "x86_64")]
    four_lanes: Option<four_lanes::Avx2>,
}

impl CellList {
    /// Plans the grid for a radius `0 < r ≤ 4.2` and `count` boids: y and z
    /// cells of at least r/2 searched two cells to each side, or of at least r
    /// when the finer grid would not have five cells per axis. Small radii get
    /// larger cells, so that there are never many more cells than boids (at
    /// most 64 per axis); cells at least r wide are searched one cell to each
    /// side. Six times as many cells on x (at most about four per boid).
    pub(crate) fn new(radius: f64, count: usize) -> Self {
        let padded = radius * (1.0 + CELL_MARGIN) + CELL_MARGIN;
        let limit = (2 * (count as f64).cbrt().ceil() as usize).clamp(4, 64);
        let fine = ((2.0 * PERIOD / padded).floor() as usize).min(limit);
        let cells_yz = if fine >= 5 {
            fine
        } else {
            ((PERIOD / padded).floor() as usize).clamp(1, limit)
        };
        // Cells at least r wide (a coarse grid, or a fine one capped by the
        // limit) need only the next cell on each side.
        let reach = if PERIOD / cells_yz as f64 >= padded {
            1
        } else {
            2
        };
        let cells_x =
            (6 * cells_yz).min(((4 * count + 4096) / (cells_yz * cells_yz)).max(cells_yz));
        let cell_size_yz = PERIOD / cells_yz as f64;
        let plan: Vec<Vec<AxisNeighbour>> = (0..cells_yz)
            .map(|home| axis_neighbours(home, reach, cells_yz, cell_size_yz))
            .collect();
        #[cfg(target_arch = "x86_64")]
        let four_lanes =
            four_lanes::Avx2::detect().filter(|_| plan.iter().flatten().all(|n| n.shift.is_none()));
        Self {
            thresholds: Thresholds::new(radius),
            ties: TieLimits::new(),
            cells_yz,
            cells_x,
            cell_size_yz,
            cell_size_x: PERIOD / cells_x as f64,
            cells_per_x_length: cells_x as f64 / PERIOD,
            plan,
            buckets: Buckets::default(),
            boids: Vec::new(),
            #[cfg(target_arch = "x86_64")]
            compact: Vec::new(),
            close: Vec::new(),
            #[cfg(target_arch = "x86_64")]
            four_lanes,
        }
    }

    /// The same cell list taking two home boids at a time everywhere (to
    /// compare the four-lane loop with).
    #[cfg(all(test, target_arch = "x86_64"))]
    fn with_two_lanes(mut self) -> Self {
        self.four_lanes = None;
        self
    }

    /// Computes every boid's steering components into `out` (index order).
    pub(crate) fn steer(
        &mut self,
        positions: &[Vec3],
        velocities: &[Vec3],
        out: &mut Vec<Steering>,
    ) {
        self.sort(positions, velocities);
        // A segment holds at most every boid.
        let mut close = std::mem::take(&mut self.close);
        close.resize(positions.len(), 0);
        out.clear();
        out.resize(positions.len(), Steering::default());
        self.steer_rows(
            velocities,
            &mut close,
            |_| true,
            |boid, steering| {
                out[boid] = steering;
            },
        );
        self.close = close;
    }

    /// Computes the steering of the boids in one of `parts` shares of the rows
    /// (rows in order, each share about `N / parts` boids); `emit(boid index,
    /// steering)` receives them in sorted order. Every boid belongs to exactly
    /// one share, and its steering is bit-identical to what [`CellList::steer`]
    /// gives: a row's pairing of home boids does not depend on the share.
    pub(crate) fn steer_share(
        &mut self,
        positions: &[Vec3],
        velocities: &[Vec3],
        part: u32,
        parts: u32,
        emit: impl FnMut(usize, Steering),
    ) {
        self.sort(positions, velocities);
        let mut close = std::mem::take(&mut self.close);
        close.resize(positions.len(), 0);
        self.steer_rows(
            velocities,
            &mut close,
            in_share(part, parts, positions.len()),
            emit,
        );
        self.close = close;
    }

    /// [`CellList::steer`] with the rows' pairs of home boids spread over
    /// `threads` threads (shares as in [`CellList::steer_share`]): sorted
    /// once, then read by every thread, so the result is bit-identical to
    /// one thread's.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn steer_parallel(
        &mut self,
        positions: &[Vec3],
        velocities: &[Vec3],
        out: &mut Vec<Steering>,
        threads: u32,
    ) {
        if threads <= 1 {
            self.steer(positions, velocities, out);
            return;
        }
        self.sort(positions, velocities);
        let count = positions.len();
        out.clear();
        out.resize(count, Steering::default());
        let this = &*self;
        let shares: Vec<Vec<(usize, Steering)>> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|part| {
                    scope.spawn(move || {
                        let mut close = vec![0; count];
                        let mut share = Vec::with_capacity(count / threads as usize + 2);
                        this.steer_rows(
                            velocities,
                            &mut close,
                            in_share(part, threads, count),
                            |boid, steering| share.push((boid, steering)),
                        );
                        share
                    })
                })
                .collect();
            let mut close = vec![0; count];
            this.steer_rows(
                velocities,
                &mut close,
                in_share(0, threads, count),
                |boid, steering| out[boid] = steering,
            );
            helpers
                .into_iter()
                // A helper panics only on a bug in the model; pass it on.
                .map(|helper| {
                    helper
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e))
                })
                .collect()
        });
        for (boid, steering) in shares.into_iter().flatten() {
            out[boid] = steering;
        }
    }

    /// Steers the boids of every row, row after row, two consecutive boids of
    /// a row at a time (a pair starts at the row's first sorted slot or two
    /// after a pair's start), taking the pairs whose first slot passes
    /// `take_pair`.
    fn steer_rows(
        &self,
        velocities: &[Vec3],
        close: &mut [u32],
        take_pair: impl Fn(usize) -> bool,
        mut emit: impl FnMut(usize, Steering),
    ) {
        for hz in 0..self.cells_yz {
            for hy in 0..self.cells_yz {
                let row = self.cell_id(0, hy, hz);
                let (row_start, row_end) = (
                    self.buckets.start[row] as usize,
                    self.buckets.start[row + self.cells_x] as usize,
                );
                let mut slot = row_start;
                while slot < row_end {
                    if !take_pair(slot) {
                        slot += 2;
                        continue;
                    }
                    #[cfg(target_arch = "x86_64")]
                    if let Some(avx2) = self.four_lanes
                        && slot + 2 < row_end
                        && take_pair(slot + 2)
                    {
                        let slots = [slot, slot + 1, slot + 2, (slot + 3).min(row_end - 1)];
                        if let Some(steering) =
                            self.steer_four(avx2, [hy, hz], slots, velocities, close)
                        {
                            // A repeated last slot is emitted once.
                            let emitted = if slots[3] == slots[2] { 3 } else { 4 };
                            for (&slot, steering) in slots.iter().zip(steering).take(emitted) {
                                emit(self.buckets.order[slot] as usize, steering);
                            }
                            slot += 4;
                            continue;
                        }
                    }
                    let partner = if slot + 1 < row_end { slot + 1 } else { slot };
                    let [first, second] =
                        self.steer_pair([hy, hz], [slot, partner], velocities, close);
                    emit(self.buckets.order[slot] as usize, first);
                    emit(self.buckets.order[partner] as usize, second);
                    slot += 2;
                }
            }
        }
    }

    fn cell_id(&self, x: usize, y: usize, z: usize) -> usize {
        (z * self.cells_yz + y) * self.cells_x + x
    }

    /// Counting sort of the boids by cell, stable in index order, and the
    /// boids copied into sorted order.
    fn sort(&mut self, positions: &[Vec3], velocities: &[Vec3]) {
        let cells = self.cells_yz * self.cells_yz * self.cells_x;
        let mut buckets = std::mem::take(&mut self.buckets);
        buckets.sort(
            cells,
            positions.iter().enumerate().map(|(index, p)| {
                let cell = self.cell_id(
                    cell_coordinate(p.x, self.cell_size_x, self.cells_x),
                    cell_coordinate(p.y, self.cell_size_yz, self.cells_yz),
                    cell_coordinate(p.z, self.cell_size_yz, self.cells_yz),
                );
                (index, cell)
            }),
        );
        self.buckets = buckets;
        self.boids.clear();
        self.boids.extend(self.buckets.order.iter().map(|&index| {
            let index = index as usize;
            SortedBoid::new(&positions[index], &velocities[index])
        }));
        #[cfg(target_arch = "x86_64")]
        if self.four_lanes.is_some() {
            self.compact.clear();
            self.compact.extend(
                self.boids
                    .iter()
                    .map(|boid| four_lanes::CompactBoid::new(boid.position(), boid.velocity())),
            );
        }
    }
}

/// Whether the pair of home boids starting at sorted slot `slot` belongs to
/// share `part` of `parts` of `count` boids: slots cut into `parts` runs of
/// about `count / parts`, so a share may end inside a row (even inside the
/// single row of the largest radii) but never splits a pair.
fn in_share(part: u32, parts: u32, count: usize) -> impl Fn(usize) -> bool {
    move |slot| slot as u64 * u64::from(parts) / count as u64 == u64::from(part)
}

/// Every boid's steering components by the cell list (what [`Swarm`] uses),
/// for positions in `[-4.2, 4.2)` and a radius `0 < r ≤ 4.2`.
///
/// [`Swarm`]: super::Swarm
#[must_use]
pub fn steering_cell_list(positions: &[Vec3], velocities: &[Vec3], radius: f64) -> Vec<Steering> {
    let mut out = Vec::new();
    CellList::new(radius, positions.len()).steer(positions, velocities, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use wide::f64x2;

    use super::shifts::{
        AxisShift, CONSTANT, LaneShift, VARYING, coordinate_limit, from_order_key, order_key,
        period_index,
    };
    use super::*;
    use crate::model::Lcg;
    use crate::model::space::{HALF_PERIOD, displacement_1d};

    /// Coordinates in the cube: the edges (the seam, the middle, ±L/4, tiny
    /// values, each with its neighbouring floats) and random ones.
    fn coordinates(random: usize) -> Vec<f64> {
        let mut values = Vec::new();
        for center in [HALF_PERIOD, 0.0, 2.1, 1e-300, 1e-9, 1.4, 1.68] {
            let (mut up, mut down) = (center, center);
            for _ in 0..6 {
                values.extend([up, down, -up, -down]);
                (up, down) = (up.next_up(), down.next_down());
            }
        }
        values.push(-0.0);
        let mut rng = Lcg::new(7);
        values.extend((0..random).map(|_| (rng.next_unit() - 0.5) * PERIOD));
        values.retain(|c| (-HALF_PERIOD..HALF_PERIOD).contains(c));
        values
    }

    #[test]
    fn tie_limits_give_the_formulas_index() {
        let ties = TieLimits::new();
        let mut values: Vec<f64> = coordinates(0)
            .iter()
            .flat_map(|&h| coordinates(300).into_iter().map(move |c| c - h))
            .collect();
        for center in [ties.up, ties.down, PERIOD.next_down(), -PERIOD.next_down()] {
            let (mut up, mut down) = (center, center);
            for _ in 0..8 {
                values.extend([up, down]);
                (up, down) = (up.next_up(), down.next_down());
            }
        }
        for d in values {
            assert_eq!(f64::from(ties.index(d)), period_index(d), "d = {d:e}");
        }
        // The limits sit at the ties, within rounding.
        assert!((ties.up - HALF_PERIOD).abs() < 1e-14);
        assert!((ties.down + HALF_PERIOD).abs() < 1e-14);
    }

    #[test]
    fn coordinate_limits_are_the_smallest_passing_coordinates() {
        let ties = TieLimits::new();
        for home in coordinates(1_000) {
            for limit in [ties.up, ties.down] {
                let c = coordinate_limit(home, limit);
                assert!(c - home >= limit, "home = {home:e}");
                assert!(c.next_down() - home < limit, "home = {home:e}");
            }
        }
        for x in [-0.0, 0.0, 1e-310, -1e-310, 4.2, -4.2, f64::MIN_POSITIVE] {
            assert_eq!(from_order_key(order_key(x)).to_bits(), x.to_bits());
            assert!(order_key(x.next_down()) < order_key(x));
        }
    }

    /// A lane for home coordinate `home` over neighbours in `low ..= high`
    /// (with the cell list's margin).
    fn lane(ties: &TieLimits, home: f64, [low, high]: [f64; 2]) -> Option<LaneShift> {
        ties.lane(home, low - home - CELL_MARGIN, high - home + CELL_MARGIN)
    }

    #[test]
    fn lanes_shift_every_d_as_the_formula() {
        let ties = TieLimits::new();
        let neighbours = coordinates(2_000);
        let mut checked = [0; 2];
        for home in coordinates(300) {
            // The whole cube (one limit inside, or both for a home within a
            // margin of 0), and parts of it (constant shifts too).
            for range in [
                [-HALF_PERIOD, HALF_PERIOD],
                [-HALF_PERIOD, 0.0],
                [0.0, HALF_PERIOD],
                [-1.0, 1.0],
            ] {
                let Some(shift) = lane(&ties, home, range) else {
                    assert!(home.abs() < 2.0 * CELL_MARGIN, "home = {home:e}");
                    continue;
                };
                let axis = AxisShift::new(shift, shift);
                for &c in neighbours
                    .iter()
                    .filter(|c| (range[0]..=range[1]).contains(c))
                {
                    let d = f64x2::splat(c - home);
                    let expected = [displacement_1d(c - home).to_bits(); 2];
                    let varying = axis.apply::<VARYING>(d, f64x2::splat(c));
                    assert_eq!(
                        varying.to_array().map(f64::to_bits),
                        expected,
                        "home = {home:e}, c = {c:e}"
                    );
                    if !axis.varies {
                        let constant = axis.apply::<CONSTANT>(d, f64x2::splat(c));
                        assert_eq!(constant.to_array().map(f64::to_bits), expected);
                    }
                    checked[usize::from(axis.varies)] += 1;
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 10_000), "{checked:?}");
    }

    #[test]
    fn lanes_of_both_kinds_side_by_side() {
        let ties = TieLimits::new();
        let cube = [-HALF_PERIOD, HALF_PERIOD];
        for (a, b) in [(-1.0, 2.5), (3.9, -4.2), (-2.1, 2.1), (-1e-6, 1e-6)] {
            let axis = AxisShift::new(lane(&ties, a, cube).unwrap(), lane(&ties, b, cube).unwrap());
            assert!(axis.varies);
            for c in coordinates(5_000) {
                let d = f64x2::new([c - a, c - b]);
                let got = axis.apply::<VARYING>(d, f64x2::splat(c));
                let expected = [c - a, c - b].map(|d| displacement_1d(d).to_bits());
                assert_eq!(got.to_array().map(f64::to_bits), expected, "c = {c:e}");
            }
        }
    }

    /// Every value's bits, to compare steering exactly.
    #[cfg(target_arch = "x86_64")]
    fn bits(steering: &[Steering]) -> Vec<[u64; 10]> {
        steering
            .iter()
            .map(|s| {
                let mut out = [u64::from(s.neighbours); 10];
                for (axis, v) in [s.separation, s.alignment, s.cohesion].iter().enumerate() {
                    for (k, c) in v.iter().enumerate() {
                        out[1 + 3 * axis + k] = c.to_bits();
                    }
                }
                out
            })
            .collect()
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn four_lanes_add_every_bit_as_two() {
        let edges = coordinates(0);
        let mut rng = Lcg::new(11);
        let mut pick = |edge_share: f64| {
            if rng.next_unit() < edge_share {
                edges[(rng.next_unit() * edges.len() as f64) as usize]
            } else {
                (rng.next_unit() - 0.5) * PERIOD
            }
        };
        let mut compared = 0;
        for radius in [3.37, 3.5, 4.0, 4.2] {
            for count in [1, 2, 3, 4, 5, 6, 7, 9, 64, 1_001] {
                for edge_share in [0.0, 0.3, 1.0] {
                    let positions: Vec<Vec3> = (0..count)
                        .map(|_| Vec3::new(pick(edge_share), pick(edge_share), pick(edge_share)))
                        .collect();
                    // Coincident boids too.
                    let positions: Vec<Vec3> = positions
                        .iter()
                        .chain(positions.iter().take(2))
                        .copied()
                        .collect();
                    let velocities: Vec<Vec3> = (0..positions.len())
                        .map(|_| Vec3::new(pick(0.0), pick(0.0), pick(0.0)))
                        .collect();
                    let mut four = CellList::new(radius, positions.len());
                    assert_eq!(
                        four.four_lanes.is_some(),
                        four_lanes::Avx2::detect().is_some(),
                        "r = {radius}"
                    );
                    let mut two = CellList::new(radius, positions.len()).with_two_lanes();
                    let (mut by_four, mut by_two) = (Vec::new(), Vec::new());
                    four.steer(&positions, &velocities, &mut by_four);
                    two.steer(&positions, &velocities, &mut by_two);
                    assert_eq!(bits(&by_four), bits(&by_two), "r = {radius}, N = {count}");
                    // Shares cut the rows into parts of pairs; a quad is
                    // taken only where both its pairs are in the share.
                    let mut shared = vec![Steering::default(); positions.len()];
                    for part in 0..3 {
                        four.steer_share(&positions, &velocities, part, 3, |boid, s| {
                            shared[boid] = s;
                        });
                    }
                    assert_eq!(bits(&shared), bits(&by_two), "r = {radius}, N = {count}");
                    compared += positions.len();
                }
            }
        }
        assert!(compared > 12_000, "{compared}");
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn four_lanes_only_where_every_row_takes_per_lane_shifts() {
        for radius in [0.1, 1.0, 2.5, 3.3] {
            assert!(
                CellList::new(radius, 10_000).four_lanes.is_none(),
                "r = {radius}"
            );
        }
    }
}
