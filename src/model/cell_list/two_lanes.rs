//! The two-lane hot loops: a segment of sorted boids added to the sums of
//! two home boids at once in f64x2 lanes, with the shifts taken as cheaply
//! as the segment allows, and the per-pair formula where it cannot be.

use wide::bytemuck::cast;
use wide::{f64x2, i64x2};

use super::CellList;
use super::shifts::{AxisShift, CONSTANT, NO_SHIFT, ShiftMode, VARYING};
use crate::model::space::{Vec3, displacement_1d};

/// A contiguous range of sorted boids to test against the home boids.
#[derive(Debug, Clone, Copy)]
pub(super) struct Segment {
    pub(super) start: usize,
    pub(super) end: usize,
    /// The home boids lie inside: skip each boid's pairing with itself.
    pub(super) contains_home: bool,
}

impl CellList {
    /// Adds up sorted slots `start .. end` with the shifts `shift`, none of
    /// them a home boid.
    #[inline(always)]
    pub(super) fn sum_lanes(
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

    /// Adds one segment's neighbours to the sums, with the per-axis shift
    /// `L·floor(d/L + 1/2)` shared by every pair in it (`None`: per pair).
    #[inline(always)]
    pub(super) fn sum_segment(
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
    pub(super) fn sum_shifted<
        const CONTAINS_HOME: bool,
        const X: ShiftMode,
        const YZ: ShiftMode,
    >(
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
    pub(super) fn sum_exact(&self, lanes: &Lanes, start: usize, end: usize, sums: &mut LaneSums) {
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
pub(super) struct SortedBoid {
    pub(super) x: f64x2,
    pub(super) y: f64x2,
    pub(super) z: f64x2,
    pub(super) vx: f64x2,
    pub(super) vy: f64x2,
    pub(super) vz: f64x2,
}

impl SortedBoid {
    pub(super) fn new(position: &Vec3, velocity: &Vec3) -> Self {
        Self {
            x: f64x2::splat(position.x),
            y: f64x2::splat(position.y),
            z: f64x2::splat(position.z),
            vx: f64x2::splat(velocity.x),
            vy: f64x2::splat(velocity.y),
            vz: f64x2::splat(velocity.z),
        }
    }

    pub(super) fn x(&self) -> f64 {
        self.x.to_array()[0]
    }

    pub(super) fn y(&self) -> f64 {
        self.y.to_array()[0]
    }

    pub(super) fn z(&self) -> f64 {
        self.z.to_array()[0]
    }

    #[cfg(target_arch = "x86_64")]
    pub(super) fn position(&self) -> [f64; 3] {
        [self.x(), self.y(), self.z()]
    }

    pub(super) fn velocity(&self) -> [f64; 3] {
        [self.vx, self.vy, self.vz].map(|v| v.to_array()[0])
    }
}

/// What the segments of one pair of home boids add up to.
pub(super) struct Accumulator<'a> {
    pub(super) lanes: Lanes,
    pub(super) sums: LaneSums,
    pub(super) close: &'a mut [u32],
}

/// Two home boids side by side.
pub(super) struct Lanes {
    pub(super) x: f64x2,
    pub(super) y: f64x2,
    pub(super) z: f64x2,
    /// Sorted slots, to recognise a boid's own entry.
    pub(super) slots: [usize; 2],
}

/// Running sums over the neighbours for two home boids.
#[derive(Default)]
pub(super) struct LaneSums {
    pub(super) count: i64x2,
    pub(super) vx: f64x2,
    pub(super) vy: f64x2,
    pub(super) vz: f64x2,
    pub(super) dx: f64x2,
    pub(super) dy: f64x2,
    pub(super) dz: f64x2,
    pub(super) separation: [[f64; 3]; 2],
}

/// Adds `−δ/|δ|` to each lane's separation sums (one vector per axis) where
/// `0 < q ≤ separation_q` (close, but not coincident). Other lanes add +0,
/// which leaves a sum as it is (no sum is −0: each starts at +0, and x + (−x)
/// is +0); square root and division are IEEE in every lane, so each lane gets
/// the scalar formula's value without a branch per lane.
pub(super) fn add_separation(
    separation: &mut [f64x2; 3],
    q: f64x2,
    separation_q: f64x2,
    delta: [f64x2; 3],
) {
    let applies = q.simd_gt(f64x2::ZERO) & q.simd_le(separation_q);
    let distance = q.sqrt();
    for (sum, component) in separation.iter_mut().zip(delta) {
        *sum += applies & (-component / distance);
    }
}
