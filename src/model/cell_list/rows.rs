//! The walk over the rows for two home boids: which rows and which x cells
//! of each can hold a neighbour, cut into stretches of constant shifts, each
//! handed to the two-lane loops; and the steering put together from the
//! sums.

use wide::f64x2;

use super::CellList;
use super::plan::{AxisNeighbour, CELL_MARGIN, MAX_AXIS_NEIGHBOURS, shift_if_constant};
use super::shifts::{AxisShift, LaneShift, SHIFT_MARGIN};
use super::two_lanes::{Accumulator, LaneSums, Lanes, Segment};
use crate::model::space::{HALF_PERIOD, PERIOD, Vec3};
use crate::model::steering::{Steering, finish};

impl CellList {
    /// Adds up the neighbours of home boids `a` and `b` (sorted slots in the
    /// row at y, z coordinates `hy`, `hz`), row by row in a fixed order.
    pub(super) fn sum_rows(
        &self,
        hy: usize,
        hz: usize,
        a: usize,
        b: usize,
        accumulator: &mut Accumulator,
    ) {
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
    pub(super) fn sum_row_per_lane(
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
    pub(super) fn yz_shift(&self, coordinate: usize, home: [f64; 2]) -> Option<(AxisShift, f64x2)> {
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
    pub(super) fn yz_lane(&self, coordinate: usize, home: f64) -> Option<(LaneShift, f64)> {
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
    pub(super) fn squared_gaps(
        &self,
        plan: &[AxisNeighbour],
        home: f64x2,
    ) -> [f64x2; MAX_AXIS_NEIGHBOURS] {
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
    pub(super) fn sum_row_window(
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
    pub(super) fn x_window(&self, home: &Home, reach_q: f64x2) -> Option<(i64, i64)> {
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
    pub(super) fn sum_run(
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
    pub(super) fn x_stretches<const N: usize>(
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
    pub(super) fn x_lane(&self, home: f64, low: usize, high: usize) -> Option<(LaneShift, f64)> {
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
    pub(super) fn x_axis_shift(&self, home: &Home, low: usize, high: usize) -> Option<AxisShift> {
        Some(AxisShift::new(
            self.x_lane(self.boids[home.a].x(), low, high)?.0,
            self.x_lane(self.boids[home.b].x(), low, high)?.0,
        ))
    }

    /// Adds up x cells `low ..= high` of a row with the shifts `x` (`None`:
    /// per pair by the formula) and `yz`; the home boids' own slots by the
    /// formula, so the lanes never compare a boid with itself.
    pub(super) fn sum_stretch(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        [low, high]: [usize; 2],
        x: Option<AxisShift>,
        [y, z]: [AxisShift; 2],
    ) {
        let start = self.buckets.start[row.first_cell + low] as usize;
        let end = self.buckets.start[row.first_cell + high + 1] as usize;
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

    /// `L·floor(d/L + 1/2)` if it is the same for every `d = x_j − x_i` with
    /// `x_i` a home boid and `x_j` in x cells `low ..= high` (with a margin).
    pub(super) fn x_shift(&self, home: &Home, low: usize, high: usize) -> Option<f64> {
        let [d_low, d_high] = self.x_span_of_d(home, low as i64, high as i64);
        shift_if_constant(d_low, d_high)
    }

    /// The span of `d = x_j − x_i` (with a margin) for `x_i` a home boid and
    /// `x_j` in x cells `low ..= high` (unwrapped coordinates allowed).
    pub(super) fn x_span_of_d(&self, home: &Home, low: i64, high: i64) -> [f64; 2] {
        let [xa, xb] = home.x.to_array();
        let (x_min, x_max) = if xa < xb { (xa, xb) } else { (xb, xa) };
        [
            low as f64 * self.cell_size_x - x_max - CELL_MARGIN,
            (high + 1) as f64 * self.cell_size_x - x_min + CELL_MARGIN,
        ]
    }

    /// Adds up the boids in x cells `low ..= high` of a row, if any.
    #[inline(always)]
    pub(super) fn sum_cells(
        &self,
        accumulator: &mut Accumulator,
        home: &Home,
        row: &Row,
        low: usize,
        high: usize,
        shift: Option<[f64; 3]>,
    ) {
        let start = self.buckets.start[row.first_cell + low] as usize;
        let end = self.buckets.start[row.first_cell + high + 1] as usize;
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
    pub(super) fn steer_pair(
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
    pub(super) fn finish_lanes(
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
                &velocities[self.buckets.order[slots[lane]] as usize],
                Vec3::from(sums.separation[lane]),
                Vec3::new(sv[0][lane], sv[1][lane], sv[2][lane]),
                Vec3::new(sd[0][lane], sd[1][lane], sd[2][lane]),
            )
        })
    }
}

/// Room for the stretches of a row's x cells cut for two home boids at
/// their ties (two zones each, a stretch per zone and one between each).
pub(super) const PAIR_STRETCHES: usize = 2 * 2 * 2 + 1;

/// The same for four home boids cut at two ties and four edges of the
/// separation zone (its periodic images) each.
#[cfg(target_arch = "x86_64")]
pub(super) const FOUR_STRETCHES: usize = 2 * 4 * 6 + 1;

/// Ascending stretches of x cells (first, last), at most `N`; sized per
/// caller, as the two-lane path builds one per pair of home boids and row.
pub(super) struct Stretches<const N: usize> {
    pub(super) cells: [[usize; 2]; N],
    pub(super) len: usize,
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
    pub(super) fn push(&mut self, stretch: [usize; 2]) {
        self.cells[self.len] = stretch;
        self.len += 1;
    }

    pub(super) fn as_slice(&self) -> &[[usize; 2]] {
        &self.cells[..self.len]
    }
}

/// Two home boids: their sorted slots and `x + L/2`.
pub(super) struct Home {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) x: f64x2,
}

/// A row of cells along x.
pub(super) struct Row {
    pub(super) first_cell: usize,
    /// The home boids' own row.
    pub(super) is_home: bool,
}
