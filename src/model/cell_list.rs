//! A periodic cell list that finds every boid's neighbours in O(N·k) and sums
//! the steering components, two boids of a cell at a time in f64x2 lanes.
//!
//! Exactness: every pair's displacement is the spec's `d − L·floor(d/L + 1/2)`.
//! Where a whole pair of cells is known to share the same `floor(..)` (it is
//! monotone in d, so checking both ends of the cells' span of d suffices), the
//! shift `L·floor(..)` is taken once per pair of cells; otherwise (only for radii
//! so large that few cells fit on an axis) the formula is evaluated per pair.
//! The neighbour tests compare squared lengths against thresholds that are
//! exactly equivalent to comparing `sqrt(q)` with the radius. The lanes hold two
//! different home boids, so each boid's sums are added in one fixed order.

use wide::f64x2;

use super::Vec3;
use super::space::{HALF_PERIOD, PERIOD, displacement_1d};
use super::steering::{Steering, Thresholds, finish};

/// How far, in LE, a boid's computed cell may miss its true one through rounding
/// (far more than the few ulps it can be), added to every cell span.
const CELL_MARGIN: f64 = 1e-9;

/// Neighbour cells of one home coordinate on one axis: consecutive coordinates
/// `first ..= last` that share a periodic shift (`None`: evaluate per pair).
#[derive(Debug, Clone, Copy)]
struct AxisRun {
    first: usize,
    last: usize,
    shift: Option<f64>,
}

/// A contiguous range of sorted boids to test against the home boids.
#[derive(Debug, Clone, Copy)]
struct Segment {
    start: usize,
    end: usize,
    /// Per-axis shift `L·floor(d/L + 1/2)`, or `None` to evaluate it per pair.
    shift: Option<[f64; 3]>,
    /// The home cell lies inside: skip each boid's pairing with itself.
    contains_home: bool,
}

/// The cell list and its scratch space; reused across steps (no allocation per
/// step once N and the radius are fixed).
#[derive(Debug, Clone)]
pub(crate) struct CellList {
    thresholds: Thresholds,
    cells_per_axis: usize,
    cell_size: f64,
    /// For each home coordinate (same on every axis), its neighbour runs.
    plan: Vec<Vec<AxisRun>>,
    cell_of: Vec<u32>,
    cell_start: Vec<u32>,
    /// Sorted slot → boid index.
    order: Vec<u32>,
    px: Vec<f64>,
    py: Vec<f64>,
    pz: Vec<f64>,
    vx: Vec<f64>,
    vy: Vec<f64>,
    vz: Vec<f64>,
    segments: Vec<Segment>,
}

impl CellList {
    /// Plans the grid for a radius `0 < r ≤ 4.2` and `count` boids: cells of at
    /// least r/2 searched two cells to each side, or of at least r searched one
    /// cell to each side when the finer grid would not have five cells per axis.
    /// Small radii get larger cells than that, so that there are never many
    /// more cells than boids (at most 64 per axis).
    pub(crate) fn new(radius: f64, count: usize) -> Self {
        let padded = radius * (1.0 + CELL_MARGIN) + CELL_MARGIN;
        let limit = (2 * (count as f64).cbrt().ceil() as usize).clamp(4, 64);
        let fine = ((2.0 * PERIOD / padded).floor() as usize).min(limit);
        let (reach, cells_per_axis) = if fine >= 5 {
            (2, fine)
        } else {
            (1, ((PERIOD / padded).floor() as usize).clamp(1, limit))
        };
        let cell_size = PERIOD / cells_per_axis as f64;
        let plan = (0..cells_per_axis)
            .map(|home| axis_runs(home, reach, cells_per_axis, cell_size))
            .collect();
        Self {
            thresholds: Thresholds::new(radius),
            cells_per_axis,
            cell_size,
            plan,
            cell_of: Vec::new(),
            cell_start: Vec::new(),
            order: Vec::new(),
            px: Vec::new(),
            py: Vec::new(),
            pz: Vec::new(),
            vx: Vec::new(),
            vy: Vec::new(),
            vz: Vec::new(),
            segments: Vec::new(),
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
        out.clear();
        out.resize(positions.len(), Steering::default());
        let m = self.cells_per_axis;
        for az in 0..m {
            for ay in 0..m {
                for ax in 0..m {
                    let home = self.cell_id(ax, ay, az);
                    let (h0, h1) = (
                        self.cell_start[home] as usize,
                        self.cell_start[home + 1] as usize,
                    );
                    if h0 == h1 {
                        continue;
                    }
                    self.plan_segments(ax, ay, az);
                    let mut slot = h0;
                    while slot < h1 {
                        let partner = if slot + 1 < h1 { slot + 1 } else { slot };
                        let [first, second] = self.steer_lanes(slot, partner, velocities);
                        out[self.order[slot] as usize] = first;
                        out[self.order[partner] as usize] = second;
                        slot += 2;
                    }
                }
            }
        }
    }

    fn cell_id(&self, x: usize, y: usize, z: usize) -> usize {
        (z * self.cells_per_axis + y) * self.cells_per_axis + x
    }

    fn coordinate(&self, p: f64) -> usize {
        // Positions lie in [-4.2, 4.2); the clamp catches rounding at the top.
        (((p + HALF_PERIOD) / self.cell_size).floor().max(0.0) as usize)
            .min(self.cells_per_axis - 1)
    }

    /// Counting sort of the boids by cell, stable in index order.
    fn sort(&mut self, positions: &[Vec3], velocities: &[Vec3]) {
        let n = positions.len();
        let cells = self.cells_per_axis.pow(3);
        let mut cell_of = std::mem::take(&mut self.cell_of);
        cell_of.clear();
        cell_of.extend(positions.iter().map(|p| {
            self.cell_id(
                self.coordinate(p.x),
                self.coordinate(p.y),
                self.coordinate(p.z),
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
        for column in [
            &mut self.px,
            &mut self.py,
            &mut self.pz,
            &mut self.vx,
            &mut self.vy,
            &mut self.vz,
        ] {
            column.resize(n, 0.0);
        }
        // Fill by advancing a copy of the starts, then the starts stay intact.
        let mut next: Vec<u32> = self.cell_start[..cells].to_vec();
        for (index, &cell) in self.cell_of.iter().enumerate() {
            let slot = next[cell as usize] as usize;
            next[cell as usize] += 1;
            self.order[slot] = index as u32;
            let (p, v) = (positions[index], velocities[index]);
            (self.px[slot], self.py[slot], self.pz[slot]) = (p.x, p.y, p.z);
            (self.vx[slot], self.vy[slot], self.vz[slot]) = (v.x, v.y, v.z);
        }
    }

    /// The contiguous ranges of boids around one home cell, in a fixed order.
    fn plan_segments(&mut self, ax: usize, ay: usize, az: usize) {
        self.segments.clear();
        for run_z in &self.plan[az] {
            for bz in run_z.first..=run_z.last {
                for run_y in &self.plan[ay] {
                    for by in run_y.first..=run_y.last {
                        for run_x in &self.plan[ax] {
                            let start = self.cell_start[self.cell_id(run_x.first, by, bz)] as usize;
                            let end =
                                self.cell_start[self.cell_id(run_x.last, by, bz) + 1] as usize;
                            if start == end {
                                continue;
                            }
                            let shift = match (run_x.shift, run_y.shift, run_z.shift) {
                                (Some(x), Some(y), Some(z)) => Some([x, y, z]),
                                _ => None,
                            };
                            let contains_home =
                                bz == az && by == ay && (run_x.first..=run_x.last).contains(&ax);
                            self.segments.push(Segment {
                                start,
                                end,
                                shift,
                                contains_home,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Steering of the boids in sorted slots `a` and `b` (which may be equal).
    fn steer_lanes(&self, a: usize, b: usize, velocities: &[Vec3]) -> [Steering; 2] {
        let lanes = Lanes {
            x: f64x2::new([self.px[a], self.px[b]]),
            y: f64x2::new([self.py[a], self.py[b]]),
            z: f64x2::new([self.pz[a], self.pz[b]]),
            slot: f64x2::new([a as f64, b as f64]),
        };
        let mut sums = LaneSums::default();
        for segment in &self.segments {
            // Subtracting a zero shift changes nothing (d − 0 = d exactly), so
            // unshifted segments skip it.
            match segment.shift {
                Some(shift) if segment.contains_home => {
                    self.sum_shifted::<true, false>(&lanes, segment, shift, &mut sums);
                }
                Some([0.0, 0.0, 0.0]) => {
                    self.sum_shifted::<false, false>(&lanes, segment, [0.0; 3], &mut sums);
                }
                Some(shift) => self.sum_shifted::<false, true>(&lanes, segment, shift, &mut sums),
                None => self.sum_exact(&lanes, segment, &mut sums),
            }
        }
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

    /// The hot loop: one shift for the whole segment, branch-free sums.
    #[inline(always)]
    fn sum_shifted<const CONTAINS_HOME: bool, const SHIFTED: bool>(
        &self,
        lanes: &Lanes,
        segment: &Segment,
        shift: [f64; 3],
        sums: &mut LaneSums,
    ) {
        let (sx, sy, sz) = (
            f64x2::splat(shift[0]),
            f64x2::splat(shift[1]),
            f64x2::splat(shift[2]),
        );
        let neighbor_q = f64x2::splat(self.thresholds.neighbor_q);
        let separation_q = f64x2::splat(self.thresholds.separation_q);
        let one = f64x2::ONE;
        let range = segment.start..segment.end;
        let (px, py, pz) = (
            &self.px[range.clone()],
            &self.py[range.clone()],
            &self.pz[range.clone()],
        );
        let (vx, vy, vz) = (
            &self.vx[range.clone()],
            &self.vy[range.clone()],
            &self.vz[range],
        );
        // Locals, not `sums`' fields: the cold path below only touches the
        // separation sums, so these stay in registers through the loop.
        let (mut count, mut svx, mut svy, mut svz) = (sums.count, sums.vx, sums.vy, sums.vz);
        let (mut sdx, mut sdy, mut sdz) = (sums.dx, sums.dy, sums.dz);
        let separation = &mut sums.separation;
        for k in 0..px.len() {
            let (mut dx, mut dy, mut dz) = (
                f64x2::splat(px[k]) - lanes.x,
                f64x2::splat(py[k]) - lanes.y,
                f64x2::splat(pz[k]) - lanes.z,
            );
            if SHIFTED {
                (dx, dy, dz) = (dx - sx, dy - sy, dz - sz);
            }
            let q = dx * dx + dy * dy + dz * dz;
            let mut near = q.simd_le(neighbor_q);
            if CONTAINS_HOME {
                near &= lanes.slot.simd_ne(f64x2::splat((segment.start + k) as f64));
            }
            count += near & one;
            svx += near & f64x2::splat(vx[k]);
            svy += near & f64x2::splat(vy[k]);
            svz += near & f64x2::splat(vz[k]);
            sdx += near & dx;
            sdy += near & dy;
            sdz += near & dz;
            // Rare: the cold path also drops q = 0 (coincident, or the boid itself).
            let close = q.simd_le(separation_q);
            if close.any() {
                add_separation(separation, close, q, [dx, dy, dz]);
            }
        }
        (sums.count, sums.vx, sums.vy, sums.vz) = (count, svx, svy, svz);
        (sums.dx, sums.dy, sums.dz) = (sdx, sdy, sdz);
    }

    /// The per-pair path: the displacement formula evaluated for every pair.
    fn sum_exact(&self, lanes: &Lanes, segment: &Segment, sums: &mut LaneSums) {
        let (xs, ys, zs, slots) = (
            lanes.x.to_array(),
            lanes.y.to_array(),
            lanes.z.to_array(),
            lanes.slot.to_array(),
        );
        let mut count = sums.count.to_array();
        let mut sv = [sums.vx.to_array(), sums.vy.to_array(), sums.vz.to_array()];
        let mut sd = [sums.dx.to_array(), sums.dy.to_array(), sums.dz.to_array()];
        for j in segment.start..segment.end {
            for lane in 0..2 {
                if segment.contains_home && slots[lane] == j as f64 {
                    continue;
                }
                let d = [
                    displacement_1d(self.px[j] - xs[lane]),
                    displacement_1d(self.py[j] - ys[lane]),
                    displacement_1d(self.pz[j] - zs[lane]),
                ];
                let q = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                if q > self.thresholds.neighbor_q {
                    continue;
                }
                count[lane] += 1.0;
                for (axis, v) in [self.vx[j], self.vy[j], self.vz[j]].into_iter().enumerate() {
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
        sums.count = f64x2::from(count);
        (sums.vx, sums.vy, sums.vz) = (f64x2::from(sv[0]), f64x2::from(sv[1]), f64x2::from(sv[2]));
        (sums.dx, sums.dy, sums.dz) = (f64x2::from(sd[0]), f64x2::from(sd[1]), f64x2::from(sd[2]));
    }
}

/// Two home boids side by side.
struct Lanes {
    x: f64x2,
    y: f64x2,
    z: f64x2,
    /// Sorted slots, as f64 (exact below 2⁵³), to recognise a boid's own entry.
    slot: f64x2,
}

/// Running sums over the neighbours for two home boids.
#[derive(Default)]
struct LaneSums {
    count: f64x2,
    vx: f64x2,
    vy: f64x2,
    vz: f64x2,
    dx: f64x2,
    dy: f64x2,
    dz: f64x2,
    separation: [[f64; 3]; 2],
}

/// Adds `−δ/|δ|` to each lane's separation sum where `close` is set and the
/// boids do not coincide (`q > 0`).
#[cold]
fn add_separation(separation: &mut [[f64; 3]; 2], close: f64x2, q: f64x2, delta: [f64x2; 3]) {
    let (close, q) = (close.to_array(), q.to_array());
    let delta = delta.map(f64x2::to_array);
    for lane in 0..2 {
        if close[lane].to_bits() != 0 && q[lane] > 0.0 {
            let distance = q[lane].sqrt();
            for (sum, component) in separation[lane].iter_mut().zip(delta) {
                *sum += -component[lane] / distance;
            }
        }
    }
}

/// The neighbour runs of home coordinate `home` on one axis: coordinates within
/// `reach` cells (each once, also when the axis has few cells), grouped into
/// runs of consecutive coordinates with the same shift.
fn axis_runs(home: usize, reach: usize, cells: usize, cell_size: f64) -> Vec<AxisRun> {
    let mut coords: Vec<usize> = (0..=2 * reach)
        .map(|k| (home + cells * reach + k - reach) % cells)
        .collect();
    let mut seen = vec![false; cells];
    coords.retain(|&c| !std::mem::replace(&mut seen[c], true));
    let mut runs: Vec<AxisRun> = Vec::new();
    for c in coords {
        let shift = cell_pair_shift(home, c, cell_size);
        match runs.last_mut() {
            Some(run) if run.last + 1 == c && run.shift == shift && shift.is_some() => run.last = c,
            _ => runs.push(AxisRun {
                first: c,
                last: c,
                shift,
            }),
        }
    }
    runs
}

/// `L·floor(d/L + 1/2)` if it is the same for every `d = x_j − x_i` with `x_i`
/// in cell `home` and `x_j` in cell `other` (with a margin for rounding).
fn cell_pair_shift(home: usize, other: usize, cell_size: f64) -> Option<f64> {
    let offset = other as f64 - home as f64;
    let low = (offset - 1.0) * cell_size - CELL_MARGIN;
    let high = (offset + 1.0) * cell_size + CELL_MARGIN;
    let k_low = (low / PERIOD + 0.5).floor();
    let k_high = (high / PERIOD + 0.5).floor();
    (k_low == k_high).then_some(PERIOD * k_low)
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
