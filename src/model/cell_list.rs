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
//! suffices), the shift `L·floor(..)` is taken once for the stretch; otherwise
//! (only for radii so large that few cells fit on an axis) the formula is
//! evaluated per pair. Every cut of the search range keeps a margin far above
//! rounding, so no neighbour is lost. The neighbour tests compare squared
//! lengths against thresholds that are exactly equivalent to comparing
//! `sqrt(q)` with the radius. The lanes hold two different home boids, so each
//! boid's sums are added in one fixed order.

use wide::bytemuck::cast;
use wide::{f64x2, i64x2};

use super::Vec3;
use super::space::{HALF_PERIOD, PERIOD, displacement_1d};
use super::steering::{Steering, Thresholds, finish};

/// How far, in LE, a boid's computed cell may miss its true one through rounding
/// (far more than the few ulps it can be), added to every cell span and window.
const CELL_MARGIN: f64 = 1e-9;

/// A neighbouring coordinate of a home coordinate on the y or z axis, with
/// the periodic shift shared by every pair of boids in the two cells (`None`:
/// evaluate it per pair).
#[derive(Debug, Clone, Copy)]
struct AxisNeighbor {
    coordinate: usize,
    shift: Option<f64>,
}

/// At most this many neighbouring coordinates per axis (reach 2).
const MAX_AXIS_NEIGHBORS: usize = 5;

/// How far, in LE, the span of d must stay from a tie (`|d| = L/2`) for the
/// periodic shift of a stretch of cells to be taken without a check.
const SHIFT_MARGIN: f64 = 1e-6;

/// A contiguous range of sorted boids to test against the home boids.
#[derive(Debug, Clone, Copy)]
struct Segment {
    start: usize,
    end: usize,
    /// Per-axis shift `L·floor(d/L + 1/2)`, or `None` to evaluate it per pair.
    shift: Option<[f64; 3]>,
    /// The home boids lie inside: skip each boid's pairing with itself.
    contains_home: bool,
}

/// The cell list and its scratch space; reused across steps (no allocation per
/// step once N and the radius are fixed).
#[derive(Debug, Clone)]
pub(crate) struct CellList {
    thresholds: Thresholds,
    /// Cells on the y and z axes (at least r/2 wide, or r with reach 1).
    cells_yz: usize,
    /// Cells on the x axis (finer: the x-range is cut per pair of home boids).
    cells_x: usize,
    cell_size_yz: f64,
    cell_size_x: f64,
    /// `1 / cell_size_x` (the margins cover its rounding).
    cells_per_x_length: f64,
    /// For each home coordinate on the y or z axis, its neighbouring ones.
    plan: Vec<Vec<AxisNeighbor>>,
    cell_of: Vec<u32>,
    cell_start: Vec<u32>,
    /// Scratch for the sort: the next free slot of every cell.
    next_slot: Vec<u32>,
    /// Sorted slot → boid index.
    order: Vec<u32>,
    /// The boids in sorted order.
    boids: Vec<SortedBoid>,
    /// Scratch for the hot loop: offsets of boids within the separation radius.
    close: Vec<u32>,
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
        let plan = (0..cells_yz)
            .map(|home| axis_neighbors(home, reach, cells_yz, cell_size_yz))
            .collect();
        Self {
            thresholds: Thresholds::new(radius),
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
            close: Vec::new(),
        }
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
        let count = positions.len() as u64;
        let in_share =
            |row_start: usize| row_start as u64 * u64::from(parts) / count == u64::from(part);
        self.steer_rows(velocities, &mut close, in_share, emit);
        self.close = close;
    }

    /// Steers the boids of every non-empty row whose first sorted slot passes
    /// `take_row`, row after row, two consecutive boids of a row at a time.
    fn steer_rows(
        &self,
        velocities: &[Vec3],
        close: &mut [u32],
        take_row: impl Fn(usize) -> bool,
        mut emit: impl FnMut(usize, Steering),
    ) {
        for hz in 0..self.cells_yz {
            for hy in 0..self.cells_yz {
                let row = self.cell_id(0, hy, hz);
                let (row_start, row_end) = (
                    self.cell_start[row] as usize,
                    self.cell_start[row + self.cells_x] as usize,
                );
                if row_start == row_end || !take_row(row_start) {
                    continue;
                }
                let mut slot = row_start;
                while slot < row_end {
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

    fn coordinate(p: f64, cell_size: f64, cells: usize) -> usize {
        // Positions lie in [-4.2, 4.2), so the quotient is not negative and
        // truncation is floor (without SSE4.1, `floor` is a library call); the
        // clamp catches rounding at the top.
        (((p + HALF_PERIOD) / cell_size) as usize).min(cells - 1)
    }

    /// Counting sort of the boids by cell, stable in index order.
    fn sort(&mut self, positions: &[Vec3], velocities: &[Vec3]) {
        let n = positions.len();
        let cells = self.cells_yz * self.cells_yz * self.cells_x;
        let mut cell_of = std::mem::take(&mut self.cell_of);
        cell_of.clear();
        cell_of.extend(positions.iter().map(|p| {
            self.cell_id(
                Self::coordinate(p.x, self.cell_size_x, self.cells_x),
                Self::coordinate(p.y, self.cell_size_yz, self.cells_yz),
                Self::coordinate(p.z, self.cell_size_yz, self.cells_yz),
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
        let neighbor_q = f64x2::splat(self.thresholds.neighbor_q);
        for (nz, gap_z) in plan_z.iter().zip(gaps_z) {
            for (ny, gap_y) in plan_y.iter().zip(gaps_y) {
                let row = Row {
                    first_cell: self.cell_id(0, ny.coordinate, nz.coordinate),
                    is_home: ny.coordinate == hy && nz.coordinate == hz,
                };
                if let (Some(sy), Some(sz)) = (ny.shift, nz.shift) {
                    // Squared x half-width of the sphere's reach into this row.
                    let reach_q = neighbor_q - gap_y - gap_z;
                    self.sum_row_window(accumulator, &home, &row, reach_q, sy, sz);
                } else {
                    self.sum_cells(accumulator, &home, &row, 0, self.cells_x - 1, None);
                }
            }
        }
    }

    /// Per neighbouring coordinate, each home boid's squared distance (less a
    /// margin) from 0 to the span of δ over that cell (0 when the shift is
    /// per pair: the whole row is scanned then).
    fn squared_gaps(&self, plan: &[AxisNeighbor], home: f64x2) -> [f64x2; MAX_AXIS_NEIGHBORS] {
        let mut gaps = [f64x2::ZERO; MAX_AXIS_NEIGHBORS];
        let size = f64x2::splat(self.cell_size_yz);
        for (gap, neighbor) in gaps.iter_mut().zip(plan) {
            let Some(shift) = neighbor.shift else {
                continue;
            };
            let low = f64x2::splat(neighbor.coordinate as f64 * self.cell_size_yz - HALF_PERIOD)
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
        let margin = f64x2::splat(CELL_MARGIN);
        let reachable = reach_q.simd_ge(-margin).to_bitmask();
        if reachable == 0 {
            return;
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
        // Unwrapped cells (below 0 or from `cells_x` up lie across the seam).
        // The offset keeps the quotient positive (low > -L), so truncation is floor.
        let cells = self.cells_x as i64;
        let to_cell = |u: f64| (u * self.cells_per_x_length + cells as f64) as i64 - cells;
        let (first, last) = (to_cell(low), to_cell(high));
        if last - first + 1 >= cells {
            self.sum_cells(accumulator, home, row, 0, self.cells_x - 1, None);
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
            let shift = shift_x.map(|sx| [sx, sy, sz]);
            self.sum_cells(accumulator, home, row, low_cell, high_cell, shift);
            piece = piece_last + 1;
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
                shift,
                contains_home: row.is_home && (range.contains(&home.a) || range.contains(&home.b)),
            },
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
        let sums = accumulator.sums;
        let counts = sums.count.to_array();
        let sv = [sums.vx.to_array(), sums.vy.to_array(), sums.vz.to_array()];
        let sd = [sums.dx.to_array(), sums.dy.to_array(), sums.dz.to_array()];
        [(0, a), (1, b)].map(|(lane, slot)| {
            finish(
                counts[lane] as u32,
                &velocities[self.order[slot] as usize],
                Vec3::from(sums.separation[lane]),
                Vec3::new(sv[0][lane], sv[1][lane], sv[2][lane]),
                Vec3::new(sd[0][lane], sd[1][lane], sd[2][lane]),
            )
        })
    }

    /// Adds one segment's neighbours to the sums.
    #[inline(always)]
    fn sum_segment(&self, accumulator: &mut Accumulator, segment: &Segment) {
        let Accumulator { lanes, sums, close } = accumulator;
        // Subtracting a zero shift changes nothing (d − 0 = d exactly), so
        // unshifted segments skip it.
        match (segment.shift, segment.contains_home) {
            (Some([0.0, 0.0, 0.0]), false) => {
                self.sum_shifted::<false, false>(lanes, segment, [0.0; 3], sums, close);
            }
            (Some([0.0, 0.0, 0.0]), true) => {
                self.sum_shifted::<true, false>(lanes, segment, [0.0; 3], sums, close);
            }
            (Some(shift), false) => {
                self.sum_shifted::<false, true>(lanes, segment, shift, sums, close);
            }
            // The home boids' own row always has a zero shift, or none.
            _ => self.sum_exact(lanes, segment, sums),
        }
    }

    /// The hot loop: one shift for the whole segment, branch-free sums.
    #[inline(always)]
    fn sum_shifted<const CONTAINS_HOME: bool, const SHIFTED: bool>(
        &self,
        lanes: &Lanes,
        segment: &Segment,
        shift: [f64; 3],
        sums: &mut LaneSums,
        close: &mut [u32],
    ) {
        let (sx, sy, sz) = (
            f64x2::splat(shift[0]),
            f64x2::splat(shift[1]),
            f64x2::splat(shift[2]),
        );
        let neighbor_q = f64x2::splat(self.thresholds.neighbor_q);
        let separation_q = f64x2::splat(self.thresholds.separation_q);
        let one = f64x2::ONE;
        let boids = &self.boids[segment.start..segment.end];
        let delta = |boid: &SortedBoid| {
            let d = [boid.x - lanes.x, boid.y - lanes.y, boid.z - lanes.z];
            if SHIFTED {
                [d[0] - sx, d[1] - sy, d[2] - sz]
            } else {
                d
            }
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
            let mut near = q.simd_le(neighbor_q);
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
        for &k in &close[..close_count] {
            // The same operations as in the loop, so the same δ and q.
            let [dx, dy, dz] = delta(&boids[k as usize]);
            let q = dx * dx + dy * dy + dz * dz;
            add_separation(
                &mut sums.separation,
                q,
                self.thresholds.separation_q,
                [dx, dy, dz],
            );
        }
    }

    /// The per-pair path: the displacement formula evaluated for every pair
    /// (for the home boids' own slots, and where the shift is not constant).
    fn sum_exact(&self, lanes: &Lanes, segment: &Segment, sums: &mut LaneSums) {
        let (xs, ys, zs) = (lanes.x.to_array(), lanes.y.to_array(), lanes.z.to_array());
        let mut count = sums.count.to_array();
        let mut sv = [sums.vx.to_array(), sums.vy.to_array(), sums.vz.to_array()];
        let mut sd = [sums.dx.to_array(), sums.dy.to_array(), sums.dz.to_array()];
        for j in segment.start..segment.end {
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
                if q > self.thresholds.neighbor_q {
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

/// Adds `−δ/|δ|` to each lane's separation sum where `0 < q ≤ separation_q`
/// (the boids are close but do not coincide).
fn add_separation(separation: &mut [[f64; 3]; 2], q: f64x2, separation_q: f64, delta: [f64x2; 3]) {
    let q = q.to_array();
    let delta = delta.map(f64x2::to_array);
    for lane in 0..2 {
        if q[lane] > 0.0 && q[lane] <= separation_q {
            let distance = q[lane].sqrt();
            for (sum, component) in separation[lane].iter_mut().zip(delta) {
                *sum += -component[lane] / distance;
            }
        }
    }
}

/// The neighbouring coordinates of home coordinate `home` on one axis: those
/// within `reach` cells, each once (also when the axis has few cells).
fn axis_neighbors(home: usize, reach: usize, cells: usize, cell_size: f64) -> Vec<AxisNeighbor> {
    let mut coords: Vec<usize> = (0..=2 * reach)
        .map(|k| (home + cells * reach + k - reach) % cells)
        .collect();
    let mut seen = vec![false; cells];
    coords.retain(|&c| !std::mem::replace(&mut seen[c], true));
    coords
        .into_iter()
        .map(|coordinate| AxisNeighbor {
            coordinate,
            shift: cell_pair_shift(home, coordinate, cell_size),
        })
        .collect()
}

/// `L·floor(d/L + 1/2)` if it is the same for every `d = x_j − x_i` with `x_i`
/// in cell `home` and `x_j` in cell `other` (with a margin for rounding).
fn cell_pair_shift(home: usize, other: usize, cell_size: f64) -> Option<f64> {
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
