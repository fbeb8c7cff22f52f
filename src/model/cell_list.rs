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

use wide::bytemuck::cast;
use wide::{f64x2, i64x2};

use super::Vec3;
use super::space::{HALF_PERIOD, PERIOD, displacement_1d};
use super::steering::{Steering, Thresholds, finish};

#[cfg(target_arch = "x86_64")]
mod four_lanes;

/// How far, in LE, a boid's computed cell may miss its true one through rounding
/// (far more than the few ulps it can be), added to every cell span and window.
pub(crate) const CELL_MARGIN: f64 = 1e-9;

/// A neighbouring coordinate of a home coordinate on the y or z axis, with
/// the periodic shift shared by every pair of boids in the two cells (`None`:
/// evaluate it per pair).
#[derive(Debug, Clone, Copy)]
struct AxisNeighbour {
    coordinate: usize,
    shift: Option<f64>,
}

/// At most this many neighbouring coordinates per axis (reach 2).
const MAX_AXIS_NEIGHBOURS: usize = 5;

/// How far, in LE, the span of d must stay from a tie (`|d| = L/2`) for the
/// periodic shift of a stretch of cells to be taken without a check.
const SHIFT_MARGIN: f64 = 1e-6;

/// A contiguous range of sorted boids to test against the home boids.
#[derive(Debug, Clone, Copy)]
struct Segment {
    start: usize,
    end: usize,
    /// The home boids lie inside: skip each boid's pairing with itself.
    contains_home: bool,
}

/// Where `k = floor(d/L + 1/2)` changes for `d = x_j − x_i` with both
/// coordinates in the cube (`|d| < L`, so k is −1, 0 or 1): it is monotone in
/// d, so k = 1 exactly from `up` on and k = −1 exactly below `down`. Found
/// once, by stepping through the floats around ±L/2 as the formula rounds.
#[derive(Debug, Clone, Copy)]
struct TieLimits {
    up: f64,
    down: f64,
}

impl TieLimits {
    fn new() -> Self {
        Self {
            up: smallest_d_with_index(1.0, HALF_PERIOD),
            down: smallest_d_with_index(0.0, -HALF_PERIOD),
        }
    }

    /// `floor(d/L + 1/2)` for `|d| < 3L/2`, bit for bit the formula's.
    fn index(&self, d: f64) -> i8 {
        if d >= self.up {
            1
        } else if d < self.down {
            -1
        } else {
            0
        }
    }

    /// How one lane, whose home coordinate is `home`, takes the shift `L·k`
    /// over the d in `low ..= high` (`None` if both limits lie inside, which
    /// the lanes cannot express).
    fn lane(&self, home: f64, low: f64, high: f64) -> Option<LaneShift> {
        match (self.index(low), self.index(high)) {
            (k_low, k_high) if k_low == k_high => Some(LaneShift {
                shift: PERIOD * f64::from(k_low),
                limit: f64::NEG_INFINITY,
                below: false,
            }),
            (0, 1) => Some(LaneShift {
                shift: PERIOD,
                limit: coordinate_limit(home, self.up),
                below: false,
            }),
            (-1, 0) => Some(LaneShift {
                shift: -PERIOD,
                limit: coordinate_limit(home, self.down),
                below: true,
            }),
            _ => None,
        }
    }
}

/// The smallest coordinate c with `c − home ≥ limit` as f64 subtraction
/// rounds it (monotone in c): the loop compares the neighbour's own
/// coordinate with it, which does not wait for d. Bisection over the floats
/// in order, not steps of an ulp: near 0 there are too many of them.
fn coordinate_limit(home: f64, limit: f64) -> f64 {
    let passes = |c: f64| c - home >= limit;
    // The guess is off by a few ulps of L at most.
    let guess = home + limit;
    let (mut low, mut high) = (order_key(guess - 1e-9), order_key(guess + 1e-9));
    debug_assert!(!passes(from_order_key(low)) && passes(from_order_key(high)));
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if passes(from_order_key(middle)) {
            high = middle;
        } else {
            low = middle;
        }
    }
    from_order_key(high)
}

/// Maps floats to integers in the same order (−0 just below +0).
fn order_key(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

/// The inverse of [`order_key`].
fn from_order_key(key: i64) -> f64 {
    f64::from_bits((key ^ (((key >> 63) as u64) >> 1) as i64) as u64)
}

/// The formula's `floor(d/L + 1/2)`, only to find the [`TieLimits`].
fn period_index(d: f64) -> f64 {
    (d / PERIOD + 0.5).floor()
}

/// The smallest d with `period_index(d) ≥ k`, searched from a guess within a
/// few ulps (the index is monotone in d).
fn smallest_d_with_index(k: f64, guess: f64) -> f64 {
    let mut d = guess;
    while period_index(d) < k {
        d = d.next_up();
    }
    while period_index(d.next_down()) >= k {
        d = d.next_down();
    }
    d
}

/// One lane's shift `L·k` on one axis over a segment: `shift` where the
/// neighbour's coordinate is at least `limit` (or, if `below`, below it),
/// else 0. A constant `L·k` has the limit −∞.
#[derive(Debug, Clone, Copy)]
struct LaneShift {
    shift: f64,
    limit: f64,
    below: bool,
}

impl LaneShift {
    fn varies(&self) -> bool {
        self.limit != f64::NEG_INFINITY
    }

    /// A lower bound (less the margins of `low`, `high`) of `|δ|` over every
    /// d in `low ..= high`.
    fn distance(&self, low: f64, high: f64) -> f64 {
        if !self.varies() {
            (low - self.shift).max(self.shift - high).max(0.0)
        } else if self.shift > 0.0 {
            // δ = d below the tie (near L/2), δ = d − L from it on.
            low.max(0.0).min((PERIOD - high).max(0.0))
        } else {
            (low + PERIOD).max(0.0).min((-high).max(0.0))
        }
    }
}

/// How the hot loop takes an axis's shift: not at all (it is 0 in both
/// lanes, and `d − 0 = d` exactly), one per lane, or chosen per pair.
type ShiftMode = u8;
const NO_SHIFT: ShiftMode = 0;
const CONSTANT: ShiftMode = 1;
const VARYING: ShiftMode = 2;

/// Both lanes' [`LaneShift`] on one axis.
#[derive(Debug, Clone, Copy)]
struct AxisShift {
    shift: f64x2,
    limit: f64x2,
    /// All ones in the lanes whose shift applies below the limit.
    below: f64x2,
    /// Some lane's k is not constant: the loop compares coordinates with the
    /// limits.
    varies: bool,
}

impl AxisShift {
    fn new(a: LaneShift, b: LaneShift) -> Self {
        let mask = |below: bool| f64::from_bits(if below { u64::MAX } else { 0 });
        Self {
            shift: f64x2::new([a.shift, b.shift]),
            limit: f64x2::new([a.limit, b.limit]),
            below: f64x2::new([mask(a.below), mask(b.below)]),
            varies: a.varies() || b.varies(),
        }
    }

    /// The same shift for both lanes over the whole segment.
    fn constant(shift: f64) -> Self {
        Self::new(
            LaneShift {
                shift,
                limit: f64::NEG_INFINITY,
                below: false,
            },
            LaneShift {
                shift,
                limit: f64::NEG_INFINITY,
                below: false,
            },
        )
    }

    /// `d − L·k` for d from the home boids to a neighbour at `coordinate`,
    /// bit for bit: the masked shift is exactly ±L or +0 (as `L·k` is), so
    /// `d − 0` keeps a −0 as the formula does. Bit operations, not an
    /// addition, pick the shift: the adders are the loop's busiest units.
    #[inline(always)]
    fn apply<const MODE: ShiftMode>(&self, d: f64x2, coordinate: f64x2) -> f64x2 {
        match MODE {
            NO_SHIFT => d,
            CONSTANT => d - self.shift,
            _ => d - ((coordinate.simd_ge(self.limit) ^ self.below) & self.shift),
        }
    }

    /// The cheapest way the loop can take this shift.
    fn mode(&self) -> ShiftMode {
        if self.varies {
            VARYING
        } else if self.shift.to_array() == [0.0; 2] {
            NO_SHIFT
        } else {
            CONSTANT
        }
    }
}

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
    cell_of: Vec<u32>,
    cell_start: Vec<u32>,
    /// Scratch for the sort: the next free slot of every cell.
    next_slot: Vec<u32>,
    /// Sorted slot → boid index.
    order: Vec<u32>,
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
            cell_of: Vec::new(),
            cell_start: Vec::new(),
            next_slot: Vec::new(),
            order: Vec::new(),
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
                    self.cell_start[row] as usize,
                    self.cell_start[row + self.cells_x] as usize,
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
                                emit(self.order[slot] as usize, steering);
                            }
                            slot += 4;
                            continue;
                        }
                    }
                    let partner = if slot + 1 < row_end { slot + 1 } else { slot };
                    let [first, second] =
                        self.steer_pair([hy, hz], [slot, partner], velocities, close);
                    emit(self.order[slot] as usize, first);
                    emit(self.order[partner] as usize, second);
                    slot += 2;
                }
            }
        }
    }

    fn cell_id(&self, x: usize, y: usize, z: usize) -> usize {
        (z * self.cells_yz + y) * self.cells_x + x
    }

    /// Counting sort of the boids by cell, stable in index order.
    fn sort(&mut self, positions: &[Vec3], velocities: &[Vec3]) {
        let n = positions.len();
        let cells = self.cells_yz * self.cells_yz * self.cells_x;
        let mut cell_of = std::mem::take(&mut self.cell_of);
        cell_of.clear();
        cell_of.extend(positions.iter().map(|p| {
            self.cell_id(
                cell_coordinate(p.x, self.cell_size_x, self.cells_x),
                cell_coordinate(p.y, self.cell_size_yz, self.cells_yz),
                cell_coordinate(p.z, self.cell_size_yz, self.cells_yz),
            ) as u32
        }));
        self.cell_of = cell_of;
        self.cell_start.clear();
        self.cell_start.resize(cells + 1, 0);
        for &cell in &self.cell_of {
            self.cell_start[cell as usize + 1] += 1;
        }
        for cell in 0..cells {
            self.cell_start[cell + 1] += self.cell_start[cell];
        }
        self.order.resize(n, 0);
        self.boids.resize(n, SortedBoid::default());
        // Fill by advancing a copy of the starts, then the starts stay intact.
        let mut next = std::mem::take(&mut self.next_slot);
        next.clear();
        next.extend_from_slice(&self.cell_start[..cells]);
        for (index, &cell) in self.cell_of.iter().enumerate() {
            let slot = next[cell as usize] as usize;
            next[cell as usize] += 1;
            self.order[slot] = index as u32;
            self.boids[slot] = SortedBoid::new(&positions[index], &velocities[index]);
        }
        self.next_slot = next;
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

    /// Adds up the neighbours of home boids `a` and `b` (sorted slots in the
    /// row at y, z coordinates `hy`, `hz`), row by row in a fixed order.
    fn sum_rows(&self, hy: usize, hz: usize, a: usize, b: usize, accumulator: &mut Accumulator) {
        let home = Home {
            a,
            b,
            x: f64x2::new([self.boids[a].x(), self.boids[b].x()]) + f64x2::splat(HALF_PERIOD),
        };
        let (plan_y, plan_z) = (&self.plan[hy], &self.plan[hz]);
        let (home_a, home_b) = (&self.boids[a], &self.boids[b]);
        let gaps_y = self.squared_gaps(plan_y, f64x2::new([home_a.y(), home_b.y()]));
        let gaps_z = self.squared_gaps(plan_z, f64x2::new([home_a.z(), home_b.z()]));
        let neighbour_q = f64x2::splat(self.thresholds.neighbour_q);
        for (nz, gap_z) in plan_z.iter().zip(gaps_z) {
            for (ny, gap_y) in plan_y.iter().zip(gaps_y) {
                let row = Row {
                    first_cell: self.cell_id(0, ny.coordinate, nz.coordinate),
                    is_home: ny.coordinate == hy && nz.coordinate == hz,
                };
                if let (Some(sy), Some(sz)) = (ny.shift, nz.shift) {
                    // Squared x half-width of the sphere's reach into this row.
                    let reach_q = neighbour_q - gap_y - gap_z;
                    self.sum_row_window(accumulator, &home, &row, reach_q, sy, sz);
                } else {
                    self.sum_row_per_lane(accumulator, &home, &row, [ny, nz]);
                }
            }
        }
    }

    /// Adds up a row whose cells do not share one y or z shift with the home
    /// row: each home boid takes its own shift from its y and z (the span of
    /// d from one boid to a cell is narrower than from cell to cell), compared
    /// per pair with the [`TieLimits`] where even that is not constant. The
    /// x cells are taken in ascending order, as a scan of the whole row takes
    /// them: the order of the sums is part of the output's bits.
    fn sum_row_per_lane(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        [ny, nz]: [&AxisNeighbour; 2],
    ) {
        let (home_a, home_b) = (&self.boids[home.a], &self.boids[home.b]);
        let (Some((y, gap_y)), Some((z, gap_z))) = (
            self.yz_shift(ny.coordinate, [home_a.y(), home_b.y()]),
            self.yz_shift(nz.coordinate, [home_a.z(), home_b.z()]),
        ) else {
            // Only for a home boid within a margin of the middle of an axis
            // with a single cell: both ties are within its reach.
            self.sum_cells(accumulator, home, row, 0, self.cells_x - 1, None);
            return;
        };
        let reach_q = f64x2::splat(self.thresholds.neighbour_q) - gap_y - gap_z;
        let Some((first, last)) = self.x_window(home, reach_q) else {
            return;
        };
        let cells = self.cells_x as i64;
        if last - first + 1 >= cells {
            self.sum_run(accumulator, home, row, 0, self.cells_x - 1, [y, z]);
            return;
        }
        // Ascending: the part beyond the upper seam, the middle, the part
        // below the lower seam (at most one of the two exists).
        if last >= cells {
            self.sum_run(accumulator, home, row, 0, (last - cells) as usize, [y, z]);
        }
        self.sum_run(
            accumulator,
            home,
            row,
            first.max(0) as usize,
            last.min(cells - 1) as usize,
            [y, z],
        );
        if first < 0 {
            self.sum_run(
                accumulator,
                home,
                row,
                (first + cells) as usize,
                self.cells_x - 1,
                [y, z],
            );
        }
    }

    /// Both home boids' shifts (y or z coordinates `home`) to the cells at
    /// `coordinate` on that axis, and the squares of their distances from 0
    /// to the span of δ there (less margins); `None` if a lane cannot take
    /// its shift through one limit.
    fn yz_shift(&self, coordinate: usize, home: [f64; 2]) -> Option<(AxisShift, f64x2)> {
        let ((a, distance_a), (b, distance_b)) = (
            self.yz_lane(coordinate, home[0])?,
            self.yz_lane(coordinate, home[1])?,
        );
        let distance = f64x2::new([distance_a, distance_b]);
        Some((AxisShift::new(a, b), distance * distance))
    }

    /// One home boid's shift (y or z coordinate `home`) to the cells at
    /// `coordinate` on that axis, and its distance from 0 to the span of δ
    /// there (less margins); `None` if it cannot take it through one limit.
    fn yz_lane(&self, coordinate: usize, home: f64) -> Option<(LaneShift, f64)> {
        let low = coordinate as f64 * self.cell_size_yz - HALF_PERIOD;
        let (d_low, d_high) = (
            low - home - CELL_MARGIN,
            low + self.cell_size_yz - home + CELL_MARGIN,
        );
        self.ties
            .lane(home, d_low, d_high)
            .map(|shift| (shift, shift.distance(d_low, d_high)))
    }

    /// Per neighbouring coordinate, each home boid's squared distance (less a
    /// margin) from 0 to the span of δ over that cell (0 where the cells
    /// share no shift: those rows take each lane's own).
    fn squared_gaps(&self, plan: &[AxisNeighbour], home: f64x2) -> [f64x2; MAX_AXIS_NEIGHBOURS] {
        let mut gaps = [f64x2::ZERO; MAX_AXIS_NEIGHBOURS];
        let size = f64x2::splat(self.cell_size_yz);
        for (gap, neighbour) in gaps.iter_mut().zip(plan) {
            let Some(shift) = neighbour.shift else {
                continue;
            };
            let low = f64x2::splat(neighbour.coordinate as f64 * self.cell_size_yz - HALF_PERIOD)
                - home
                - f64x2::splat(shift);
            let distance =
                (low.fast_max(-(low + size)) - f64x2::splat(CELL_MARGIN)).fast_max(f64x2::ZERO);
            *gap = distance * distance;
        }
        gaps
    }

    /// Adds up the x cells of a row (y and z shifts `sy`, `sz`) that can hold a
    /// neighbour of either home boid: those within `sqrt(reach_q)` (per lane,
    /// with margins) of its x; nothing when `reach_q` is negative in both lanes.
    #[inline(always)]
    fn sum_row_window(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        reach_q: f64x2,
        sy: f64,
        sz: f64,
    ) {
        let Some((first, last)) = self.x_window(home, reach_q) else {
            return;
        };
        let cells = self.cells_x as i64;
        let yz = [AxisShift::constant(sy), AxisShift::constant(sz)];
        if last - first + 1 >= cells {
            self.sum_run(accumulator, home, row, 0, self.cells_x - 1, yz);
            return;
        }
        // Every d' = x_j + L·q − x_i over the window, with q the period of x_j's piece.
        let [d_low, d_high] = self.x_span_of_d(home, first, last);
        let clear_of_tie =
            d_low > -HALF_PERIOD + SHIFT_MARGIN && d_high < HALF_PERIOD - SHIFT_MARGIN;
        let mut piece = first;
        while piece <= last {
            // Pieces: below the seam (q = -1), inside (q = 0), above (q = 1).
            let period = if piece < 0 {
                -1
            } else {
                i64::from(piece >= cells)
            };
            let piece_last = last.min((period + 1) * cells - 1);
            let (low_cell, high_cell) = (
                (piece - period * cells) as usize,
                (piece_last - period * cells) as usize,
            );
            // Clear of the tie, d lies within L/2 of -q·L, so floor(d/L + 1/2) = -q.
            let shift_x = if clear_of_tie {
                Some(-(period as f64) * PERIOD)
            } else {
                self.x_shift(home, low_cell, high_cell)
            };
            match shift_x {
                Some(sx) => self.sum_cells(
                    accumulator,
                    home,
                    row,
                    low_cell,
                    high_cell,
                    Some([sx, sy, sz]),
                ),
                None => self.sum_run(accumulator, home, row, low_cell, high_cell, yz),
            }
            piece = piece_last + 1;
        }
    }

    /// The unwrapped x cells `first ..= last` (below 0 or from `cells_x` up
    /// they lie across the seam) within `sqrt(reach_q)` (per lane, with
    /// margins) of either home boid's x; `None` when `reach_q` is negative in
    /// both lanes.
    fn x_window(&self, home: &Home, reach_q: f64x2) -> Option<(i64, i64)> {
        let margin = f64x2::splat(CELL_MARGIN);
        let reachable = reach_q.simd_ge(-margin).to_bitmask();
        if reachable == 0 {
            return None;
        }
        let half_width = (reach_q.fast_max(f64x2::ZERO) + margin).sqrt() + margin;
        let (low, high) = (
            (home.x - half_width).to_array(),
            (home.x + half_width).to_array(),
        );
        let (low, high) = match reachable {
            0b01 => (low[0], high[0]),
            0b10 => (low[1], high[1]),
            _ => (
                if low[0] < low[1] { low[0] } else { low[1] },
                if high[0] > high[1] { high[0] } else { high[1] },
            ),
        };
        // The offset keeps the quotient positive (low > -L), so truncation is floor.
        let cells = self.cells_x as i64;
        let to_cell = |u: f64| (u * self.cells_per_x_length + cells as f64) as i64 - cells;
        Some((to_cell(low), to_cell(high)))
    }

    /// Adds up x cells `low ..= high` of a row (ascending) with y and z
    /// shifts `yz`: cut into stretches where each lane's x shift is constant
    /// and the cells around each lane's ties, where the loop compares the
    /// neighbours' x with the limits.
    fn sum_run(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        low: usize,
        high: usize,
        yz: [AxisShift; 2],
    ) {
        let whole = self.x_axis_shift(home, low, high);
        if whole.is_some_and(|x| !x.varies) {
            self.sum_stretch(accumulator, home, row, [low, high], whole, yz);
            return;
        }
        let ties = [self.ties.up, self.ties.down];
        let stretches: Stretches<PAIR_STRETCHES> =
            self.x_stretches(&home.x.to_array(), &ties, low, high);
        for &[first, last] in stretches.as_slice() {
            let x = self.x_axis_shift(home, first, last);
            self.sum_stretch(accumulator, home, row, [first, last], x, yz);
        }
    }

    /// Cuts x cells `low ..= high` into ascending stretches: the cells
    /// around each home boid's (`x + L/2` in `xs`) d reaching one of
    /// `limits` (the ties, where its shift changes, and others the caller
    /// wants cut at), and those between. The cuts need not be exact: each
    /// stretch's shifts are checked as it is summed.
    /// `N` holds at least one stretch per zone (`xs.len() · limits.len()`)
    /// and one between each.
    fn x_stretches<const N: usize>(
        &self,
        xs: &[f64],
        limits: &[f64],
        low: usize,
        high: usize,
    ) -> Stretches<N> {
        let cells = self.cells_x as i64;
        let to_cell = |u: f64| (u * self.cells_per_x_length + cells as f64) as i64 - cells;
        debug_assert!(2 * xs.len() * limits.len() < N);
        let mut zones = [(0, 0); N];
        let mut zone_count = 0;
        for &x in xs {
            for &limit in limits {
                let zone = (
                    to_cell(x + limit - SHIFT_MARGIN).max(low as i64),
                    to_cell(x + limit + SHIFT_MARGIN).min(high as i64),
                );
                if zone.0 <= zone.1 {
                    zones[zone_count] = (zone.0 as usize, zone.1 as usize);
                    zone_count += 1;
                }
            }
        }
        let zones = &mut zones[..zone_count];
        zones.sort_unstable();
        let mut stretches = Stretches::default();
        let mut cell = low;
        for &(zone_low, zone_high) in zones.iter() {
            if zone_high < cell {
                continue;
            }
            let zone_low = zone_low.max(cell);
            if cell < zone_low {
                stretches.push([cell, zone_low - 1]);
            }
            stretches.push([zone_low, zone_high]);
            cell = zone_high + 1;
        }
        if cell <= high {
            stretches.push([cell, high]);
        }
        stretches
    }

    /// One home boid's x shift (its x coordinate `home`) over x cells
    /// `low ..= high`, and its distance from 0 to the span of δ there (less
    /// margins); `None`: it would need both limits.
    fn x_lane(&self, home: f64, low: usize, high: usize) -> Option<(LaneShift, f64)> {
        let x = home + HALF_PERIOD;
        let (d_low, d_high) = (
            low as f64 * self.cell_size_x - x - CELL_MARGIN,
            (high + 1) as f64 * self.cell_size_x - x + CELL_MARGIN,
        );
        self.ties
            .lane(home, d_low, d_high)
            .map(|shift| (shift, shift.distance(d_low, d_high)))
    }

    /// Both lanes' x shifts over x cells `low ..= high` (`None`: a lane
    /// would need both limits).
    fn x_axis_shift(&self, home: &Home, low: usize, high: usize) -> Option<AxisShift> {
        Some(AxisShift::new(
            self.x_lane(self.boids[home.a].x(), low, high)?.0,
            self.x_lane(self.boids[home.b].x(), low, high)?.0,
        ))
    }

    /// Adds up x cells `low ..= high` of a row with the shifts `x` (`None`:
    /// per pair by the formula) and `yz`; the home boids' own slots by the
    /// formula, so the lanes never compare a boid with itself.
    fn sum_stretch(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        [low, high]: [usize; 2],
        x: Option<AxisShift>,
        [y, z]: [AxisShift; 2],
    ) {
        let start = self.cell_start[row.first_cell + low] as usize;
        let end = self.cell_start[row.first_cell + high + 1] as usize;
        let Some(x) = x else {
            let Accumulator { lanes, sums, .. } = accumulator;
            self.sum_exact(lanes, start, end, sums);
            return;
        };
        let shift = [x, y, z];
        if !row.is_home {
            self.sum_lanes(accumulator, start, end, &shift);
            return;
        }
        // The home slots are consecutive: a, and b = a or a + 1.
        let home_start = home.a.clamp(start, end);
        let home_end = (home.b + 1).clamp(home_start, end);
        self.sum_lanes(accumulator, start, home_start, &shift);
        let Accumulator { lanes, sums, .. } = accumulator;
        self.sum_exact(lanes, home_start, home_end, sums);
        self.sum_lanes(accumulator, home_end, end, &shift);
    }

    /// Adds up sorted slots `start .. end` with the shifts `shift`, none of
    /// them a home boid.
    #[inline(always)]
    fn sum_lanes(
        &self,
        accumulator: &mut Accumulator,
        start: usize,
        end: usize,
        shift: &[AxisShift; 3],
    ) {
        if start == end {
            return;
        }
        let Accumulator { lanes, sums, close } = accumulator;
        let segment = Segment {
            start,
            end,
            contains_home: false,
        };
        let yz = shift[1].mode().max(shift[2].mode());
        match (shift[0].mode(), yz) {
            (NO_SHIFT, NO_SHIFT) => {
                self.sum_shifted::<false, NO_SHIFT, NO_SHIFT>(lanes, &segment, shift, sums, close);
            }
            (NO_SHIFT, CONSTANT) => {
                self.sum_shifted::<false, NO_SHIFT, CONSTANT>(lanes, &segment, shift, sums, close);
            }
            (NO_SHIFT, _) => {
                self.sum_shifted::<false, NO_SHIFT, VARYING>(lanes, &segment, shift, sums, close);
            }
            (CONSTANT, NO_SHIFT | CONSTANT) => {
                self.sum_shifted::<false, CONSTANT, CONSTANT>(lanes, &segment, shift, sums, close);
            }
            (CONSTANT, _) => {
                self.sum_shifted::<false, CONSTANT, VARYING>(lanes, &segment, shift, sums, close);
            }
            (_, NO_SHIFT | CONSTANT) => {
                self.sum_shifted::<false, VARYING, CONSTANT>(lanes, &segment, shift, sums, close);
            }
            _ => {
                self.sum_shifted::<false, VARYING, VARYING>(lanes, &segment, shift, sums, close);
            }
        }
    }

    /// `L·floor(d/L + 1/2)` if it is the same for every `d = x_j − x_i` with
    /// `x_i` a home boid and `x_j` in x cells `low ..= high` (with a margin).
    fn x_shift(&self, home: &Home, low: usize, high: usize) -> Option<f64> {
        let [d_low, d_high] = self.x_span_of_d(home, low as i64, high as i64);
        shift_if_constant(d_low, d_high)
    }

    /// The span of `d = x_j − x_i` (with a margin) for `x_i` a home boid and
    /// `x_j` in x cells `low ..= high` (unwrapped coordinates allowed).
    fn x_span_of_d(&self, home: &Home, low: i64, high: i64) -> [f64; 2] {
        let [xa, xb] = home.x.to_array();
        let (x_min, x_max) = if xa < xb { (xa, xb) } else { (xb, xa) };
        [
            low as f64 * self.cell_size_x - x_max - CELL_MARGIN,
            (high + 1) as f64 * self.cell_size_x - x_min + CELL_MARGIN,
        ]
    }

    /// Adds up the boids in x cells `low ..= high` of a row, if any.
    #[inline(always)]
    fn sum_cells(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        low: usize,
        high: usize,
        shift: Option<[f64; 3]>,
    ) {
        let start = self.cell_start[row.first_cell + low] as usize;
        let end = self.cell_start[row.first_cell + high + 1] as usize;
        if start == end {
            return;
        }
        let range = start..end;
        self.sum_segment(
            accumulator,
            &Segment {
                start,
                end,
                contains_home: row.is_home && (range.contains(&home.a) || range.contains(&home.b)),
            },
            shift,
        );
    }

    /// Steering of the boids in sorted slots `a` and `b` (which may be equal)
    /// of the row at y, z coordinates `hy`, `hz`.
    fn steer_pair(
        &self,
        [hy, hz]: [usize; 2],
        [a, b]: [usize; 2],
        velocities: &[Vec3],
        close: &mut [u32],
    ) -> [Steering; 2] {
        let (home_a, home_b) = (&self.boids[a], &self.boids[b]);
        let lanes = Lanes {
            x: f64x2::new([home_a.x(), home_b.x()]),
            y: f64x2::new([home_a.y(), home_b.y()]),
            z: f64x2::new([home_a.z(), home_b.z()]),
            slots: [a, b],
        };
        let mut accumulator = Accumulator {
            lanes,
            sums: LaneSums::default(),
            close,
        };
        self.sum_rows(hy, hz, a, b, &mut accumulator);
        self.finish_lanes(&accumulator.sums, [a, b], velocities)
    }

    /// The steering of home boids in sorted slots `slots` from their sums.
    fn finish_lanes(
        &self,
        sums: &LaneSums,
        slots: [usize; 2],
        velocities: &[Vec3],
    ) -> [Steering; 2] {
        let counts = sums.count.to_array();
        let sv = [sums.vx.to_array(), sums.vy.to_array(), sums.vz.to_array()];
        let sd = [sums.dx.to_array(), sums.dy.to_array(), sums.dz.to_array()];
        [0, 1].map(|lane| {
            finish(
                counts[lane] as u32,
                &velocities[self.order[slots[lane]] as usize],
                Vec3::from(sums.separation[lane]),
                Vec3::new(sv[0][lane], sv[1][lane], sv[2][lane]),
                Vec3::new(sd[0][lane], sd[1][lane], sd[2][lane]),
            )
        })
    }

    /// Steering of the boids in consecutive sorted slots `slots` (the last
    /// may repeat the third) of the row at y, z coordinates `hy`, `hz`, four
    /// lanes at once, when every row takes per-lane shifts; `None` when a
    /// lane cannot take its shift on an axis through one limit (a home
    /// coordinate within a margin of an axis's middle): two pairs then.
    #[cfg(target_arch = "x86_64")]
    fn steer_four(
        &self,
        avx2: four_lanes::Avx2,
        [hy, hz]: [usize; 2],
        slots: [usize; 4],
        velocities: &[Vec3],
        close: &mut [u32],
    ) -> Option<[Steering; 4]> {
        use four_lanes::{FourHomes, FourShifts, Stretch};
        let homes = FourHomes {
            position: [0, 1, 2].map(|axis| slots.map(|slot| self.boids[slot].position()[axis])),
        };
        // Each lane's shift on an axis and a lower bound of its |δ| there.
        let lanes = |lanes: [Option<(LaneShift, f64)>; 4]| -> Option<(FourShifts, [f64; 4])> {
            let [a, b, c, d] = lanes;
            let [a, b, c, d] = [a?, b?, c?, d?];
            Some((FourShifts::new([a.0, b.0, c.0, d.0]), [a.1, b.1, c.1, d.1]))
        };
        // x: the same stretches in every row, cut also where a lane's
        // separation zone (or its periodic image) begins and ends, so that
        // the stretches beyond it need not look for close boids.
        let xs = homes.position[0].map(|h| h + HALF_PERIOD);
        let zone = self.thresholds.separation_q.sqrt();
        let cuts = [
            self.ties.up,
            self.ties.down,
            zone,
            -zone,
            zone - PERIOD,
            PERIOD - zone,
        ];
        let mut x_shifts = [([0, 0], FourShifts::default(), [0.0; 4]); FOUR_STRETCHES];
        let stretches: Stretches<FOUR_STRETCHES> =
            self.x_stretches(&xs, &cuts, 0, self.cells_x - 1);
        for (shift, &cells) in x_shifts.iter_mut().zip(stretches.as_slice()) {
            let (x, gap) = lanes(homes.position[0].map(|h| self.x_lane(h, cells[0], cells[1])))?;
            *shift = (cells, x, gap);
        }
        let x_shifts = &x_shifts[..stretches.len];
        let pair = |first: usize| Lanes {
            x: f64x2::new([homes.position[0][first], homes.position[0][first + 1]]),
            y: f64x2::new([homes.position[1][first], homes.position[1][first + 1]]),
            z: f64x2::new([homes.position[2][first], homes.position[2][first + 1]]),
            slots: [slots[first], slots[first + 1]],
        };
        let pairs = [pair(0), pair(2)];
        // The home slots by the formula, so no lane meets itself.
        let (home_start, home_end) = (slots[0], slots[3] + 1);
        let mut sums = [LaneSums::default(), LaneSums::default()];
        for nz in &self.plan[hz] {
            let (z, gap_z) = lanes(homes.position[2].map(|h| self.yz_lane(nz.coordinate, h)))?;
            for ny in &self.plan[hy] {
                let (y, gap_y) = lanes(homes.position[1].map(|h| self.yz_lane(ny.coordinate, h)))?;
                let row = self.cell_id(0, ny.coordinate, nz.coordinate);
                let is_home = ny.coordinate == hy && nz.coordinate == hz;
                for &(cells, x, gap_x) in x_shifts {
                    let start = self.cell_start[row + cells[0]] as usize;
                    let end = self.cell_start[row + cells[1] + 1] as usize;
                    // q, rounded as the loop rounds it, is at least this
                    // sum of the lower bounds' squares (rounding is monotone).
                    let may_be_close = (0..4).any(|lane| {
                        let [gx, gy, gz] = [gap_x[lane], gap_y[lane], gap_z[lane]];
                        gx * gx + gy * gy + gz * gz <= self.thresholds.separation_q
                    });
                    let mut sum = |start: usize, end: usize, sums: &mut [LaneSums; 2]| {
                        if start < end {
                            let stretch = Stretch {
                                boids: &self.compact[start..end],
                                homes: &homes,
                                shifts: [x, y, z],
                                thresholds: &self.thresholds,
                                may_be_close,
                            };
                            avx2.sum(&stretch, sums, close);
                        }
                    };
                    if is_home {
                        let first_home = home_start.clamp(start, end);
                        let last_home = home_end.clamp(first_home, end);
                        sum(start, first_home, &mut sums);
                        for (lanes, sums) in pairs.iter().zip(&mut sums) {
                            self.sum_exact(lanes, first_home, last_home, sums);
                        }
                        sum(last_home, end, &mut sums);
                    } else {
                        sum(start, end, &mut sums);
                    }
                }
            }
        }
        let [a, b] = self.finish_lanes(&sums[0], [slots[0], slots[1]], velocities);
        let [c, d] = self.finish_lanes(&sums[1], [slots[2], slots[3]], velocities);
        Some([a, b, c, d])
    }

    /// Adds one segment's neighbours to the sums, with the per-axis shift
    /// `L·floor(d/L + 1/2)` shared by every pair in it (`None`: per pair).
    #[inline(always)]
    fn sum_segment(
        &self,
        accumulator: &mut Accumulator,
        segment: &Segment,
        shift: Option<[f64; 3]>,
    ) {
        let Accumulator { lanes, sums, close } = accumulator;
        let zero = [AxisShift::constant(0.0); 3];
        // Subtracting a zero shift changes nothing (d − 0 = d exactly), so
        // unshifted segments skip it.
        match (shift, segment.contains_home) {
            (Some([0.0, 0.0, 0.0]), false) => {
                self.sum_shifted::<false, NO_SHIFT, NO_SHIFT>(lanes, segment, &zero, sums, close);
            }
            (Some([0.0, 0.0, 0.0]), true) => {
                self.sum_shifted::<true, NO_SHIFT, NO_SHIFT>(lanes, segment, &zero, sums, close);
            }
            (Some(shift), false) => {
                let shift = shift.map(AxisShift::constant);
                self.sum_shifted::<false, CONSTANT, CONSTANT>(lanes, segment, &shift, sums, close);
            }
            // The home boids' own row always has a zero shift, or none.
            _ => self.sum_exact(lanes, segment.start, segment.end, sums),
        }
    }

    /// The hot loop: branch-free sums over a segment, with the x and the y,
    /// z shifts taken as `X` and `YZ` say (a [`ShiftMode`]).
    #[inline(always)]
    fn sum_shifted<const CONTAINS_HOME: bool, const X: ShiftMode, const YZ: ShiftMode>(
        &self,
        lanes: &Lanes,
        segment: &Segment,
        shift: &[AxisShift; 3],
        sums: &mut LaneSums,
        close: &mut [u32],
    ) {
        let [sx, sy, sz] = *shift;
        let neighbour_q = f64x2::splat(self.thresholds.neighbour_q);
        let separation_q = f64x2::splat(self.thresholds.separation_q);
        let one = f64x2::ONE;
        let boids = &self.boids[segment.start..segment.end];
        let delta = |boid: &SortedBoid| {
            let d = [boid.x - lanes.x, boid.y - lanes.y, boid.z - lanes.z];
            [
                sx.apply::<X>(d[0], boid.x),
                sy.apply::<YZ>(d[1], boid.y),
                sz.apply::<YZ>(d[2], boid.z),
            ]
        };
        // Locals, so that they stay in registers through the loop.
        let (mut count, mut svx, mut svy, mut svz) = (sums.count, sums.vx, sums.vy, sums.vz);
        let (mut sdx, mut sdy, mut sdz) = (sums.dx, sums.dy, sums.dz);
        // Offsets of the rare boids within the separation radius of a lane,
        // handled after the loop: a call inside would evict the sums.
        let close = &mut close[..boids.len()];
        let mut close_count = 0;
        // Each lane's own offset in the segment (as f64, exact), and a running
        // offset to compare it with: a boid is not its own neighbour.
        let own = f64x2::new(lanes.slots.map(|slot| slot as f64 - segment.start as f64));
        let mut offset = f64x2::ZERO;
        for (k, boid) in boids.iter().enumerate() {
            let [dx, dy, dz] = delta(boid);
            let q = dx * dx + dy * dy + dz * dz;
            let mut near = q.simd_le(neighbour_q);
            if CONTAINS_HOME {
                near &= own.simd_ne(offset);
                offset += one;
            }
            // A set lane is all ones, which is -1 as an integer.
            count -= cast::<f64x2, i64x2>(near);
            svx += near & boid.vx;
            svy += near & boid.vy;
            svz += near & boid.vz;
            sdx += near & dx;
            sdy += near & dy;
            sdz += near & dz;
            close[close_count] = k as u32;
            close_count += usize::from(q.simd_le(separation_q).any());
        }
        (sums.count, sums.vx, sums.vy, sums.vz) = (count, svx, svy, svz);
        (sums.dx, sums.dy, sums.dz) = (sdx, sdy, sdz);
        let mut separation =
            [0, 1, 2].map(|axis| f64x2::new([sums.separation[0][axis], sums.separation[1][axis]]));
        for &k in &close[..close_count] {
            // The same operations as in the loop, so the same δ and q.
            let [dx, dy, dz] = delta(&boids[k as usize]);
            let q = dx * dx + dy * dy + dz * dz;
            add_separation(&mut separation, q, separation_q, [dx, dy, dz]);
        }
        let by_axis = separation.map(f64x2::to_array);
        for (lane, sum) in sums.separation.iter_mut().enumerate() {
            *sum = by_axis.map(|values| values[lane]);
        }
    }

    /// The per-pair path: the displacement formula evaluated for every pair
    /// in sorted slots `start .. end` (for the home boids' own slots, and
    /// where a lane's shift cannot be taken through one limit).
    fn sum_exact(&self, lanes: &Lanes, start: usize, end: usize, sums: &mut LaneSums) {
        let (xs, ys, zs) = (lanes.x.to_array(), lanes.y.to_array(), lanes.z.to_array());
        let mut count = sums.count.to_array();
        let mut sv = [sums.vx.to_array(), sums.vy.to_array(), sums.vz.to_array()];
        let mut sd = [sums.dx.to_array(), sums.dy.to_array(), sums.dz.to_array()];
        for j in start..end {
            let boid = &self.boids[j];
            for lane in 0..2 {
                if lanes.slots[lane] == j {
                    continue;
                }
                let d = [
                    displacement_1d(boid.x() - xs[lane]),
                    displacement_1d(boid.y() - ys[lane]),
                    displacement_1d(boid.z() - zs[lane]),
                ];
                let q = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                if q > self.thresholds.neighbour_q {
                    continue;
                }
                count[lane] += 1;
                for (axis, v) in boid.velocity().into_iter().enumerate() {
                    sv[axis][lane] += v;
                    sd[axis][lane] += d[axis];
                }
                if q > 0.0 && q <= self.thresholds.separation_q {
                    let distance = q.sqrt();
                    for (axis, component) in d.into_iter().enumerate() {
                        sums.separation[lane][axis] += -component / distance;
                    }
                }
            }
        }
        sums.count = i64x2::from(count);
        (sums.vx, sums.vy, sums.vz) = (f64x2::from(sv[0]), f64x2::from(sv[1]), f64x2::from(sv[2]));
        (sums.dx, sums.dy, sums.dz) = (f64x2::from(sd[0]), f64x2::from(sd[1]), f64x2::from(sd[2]));
    }
}

/// One boid in sorted order, every value in both lanes (so the hot loop loads
/// it as it is, without a shuffle).
#[derive(Debug, Clone, Copy, Default)]
struct SortedBoid {
    x: f64x2,
    y: f64x2,
    z: f64x2,
    vx: f64x2,
    vy: f64x2,
    vz: f64x2,
}

impl SortedBoid {
    fn new(position: &Vec3, velocity: &Vec3) -> Self {
        Self {
            x: f64x2::splat(position.x),
            y: f64x2::splat(position.y),
            z: f64x2::splat(position.z),
            vx: f64x2::splat(velocity.x),
            vy: f64x2::splat(velocity.y),
            vz: f64x2::splat(velocity.z),
        }
    }

    fn x(&self) -> f64 {
        self.x.to_array()[0]
    }

    fn y(&self) -> f64 {
        self.y.to_array()[0]
    }

    fn z(&self) -> f64 {
        self.z.to_array()[0]
    }

    #[cfg(target_arch = "x86_64")]
    fn position(&self) -> [f64; 3] {
        [self.x(), self.y(), self.z()]
    }

    fn velocity(&self) -> [f64; 3] {
        [self.vx, self.vy, self.vz].map(|v| v.to_array()[0])
    }
}

/// What the segments of one pair of home boids add up to.
struct Accumulator<'a> {
    lanes: Lanes,
    sums: LaneSums,
    close: &'a mut [u32],
}

/// Two home boids side by side.
struct Lanes {
    x: f64x2,
    y: f64x2,
    z: f64x2,
    /// Sorted slots, to recognise a boid's own entry.
    slots: [usize; 2],
}

/// Running sums over the neighbours for two home boids.
#[derive(Default)]
struct LaneSums {
    count: i64x2,
    vx: f64x2,
    vy: f64x2,
    vz: f64x2,
    dx: f64x2,
    dy: f64x2,
    dz: f64x2,
    separation: [[f64; 3]; 2],
}

/// Adds `−δ/|δ|` to each lane's separation sums (one vector per axis) where
/// `0 < q ≤ separation_q` (close, but not coincident). Other lanes add +0,
/// which leaves a sum as it is (no sum is −0: each starts at +0, and x + (−x)
/// is +0); square root and division are IEEE in every lane, so each lane gets
/// the scalar formula's value without a branch per lane.
fn add_separation(separation: &mut [f64x2; 3], q: f64x2, separation_q: f64x2, delta: [f64x2; 3]) {
    let applies = q.simd_gt(f64x2::ZERO) & q.simd_le(separation_q);
    let distance = q.sqrt();
    for (sum, component) in separation.iter_mut().zip(delta) {
        *sum += applies & (-component / distance);
    }
}

/// The neighbouring coordinates of home coordinate `home` on one axis: those
/// within `reach` cells, each once (also when the axis has few cells).
fn axis_neighbours(home: usize, reach: usize, cells: usize, cell_size: f64) -> Vec<AxisNeighbour> {
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
fn shift_if_constant(low: f64, high: f64) -> Option<f64> {
    let k_low = (low / PERIOD + 0.5).floor();
    let k_high = (high / PERIOD + 0.5).floor();
    (k_low == k_high).then_some(PERIOD * k_low)
}

/// Room for the stretches of a row's x cells cut for two home boids at
/// their ties (two zones each, a stretch per zone and one between each).
const PAIR_STRETCHES: usize = 2 * 2 * 2 + 1;

/// The same for four home boids cut at two ties and four edges of the
/// separation zone (its periodic images) each.
#[cfg(target_arch = "x86_64")]
const FOUR_STRETCHES: usize = 2 * 4 * 6 + 1;

/// Ascending stretches of x cells (first, last), at most `N`; sized per
/// caller, as the two-lane path builds one per pair of home boids and row.
struct Stretches<const N: usize> {
    cells: [[usize; 2]; N],
    len: usize,
}

impl<const N: usize> Default for Stretches<N> {
    fn default() -> Self {
        Self {
            cells: [[0; 2]; N],
            len: 0,
        }
    }
}

impl<const N: usize> Stretches<N> {
    fn push(&mut self, stretch: [usize; 2]) {
        self.cells[self.len] = stretch;
        self.len += 1;
    }

    fn as_slice(&self) -> &[[usize; 2]] {
        &self.cells[..self.len]
    }
}

/// Two home boids: their sorted slots and `x + L/2`.
struct Home {
    a: usize,
    b: usize,
    x: f64x2,
}

/// A row of cells along x.
struct Row {
    first_cell: usize,
    /// The home boids' own row.
    is_home: bool,
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
    use super::*;
    use crate::model::Lcg;

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
