//! Four home boids at a time in 256-bit lanes (AVX2, detected at run time;
//! native only: WebAssembly has 128-bit lanes), for the radii at which every
//! row of the grid takes per-lane shifts (above about 3.36, where the rows
//! are scanned almost whole anyway). Each lane adds the same values in the
//! same order as the two-lane loop: its neighbours in ascending sorted slots
//! over the row, with `δ` from the [`LaneShift`] limits, so the results are
//! bit for bit those of two pairs of home boids. Only the number of lanes
//! per instruction changes: the large-radius step is bound by arithmetic, not
//! by memory.

use std::arch::x86_64::{
    __m256d, __m256i, _CMP_GE_OQ, _CMP_GT_OQ, _CMP_LE_OQ, _mm256_add_pd, _mm256_and_pd,
    _mm256_castpd_si256, _mm256_cmp_pd, _mm256_div_pd, _mm256_movemask_pd, _mm256_mul_pd,
    _mm256_set1_pd, _mm256_setzero_pd, _mm256_sqrt_pd, _mm256_sub_epi64, _mm256_sub_pd,
    _mm256_xor_pd,
};

use wide::bytemuck::cast;
use wide::{f64x2, i64x2};

use super::CellList;
use super::rows::{FOUR_STRETCHES, Stretches};
use super::shifts::{CONSTANT, LaneShift, NO_SHIFT, ShiftMode, VARYING};
use super::two_lanes::{LaneSums, Lanes};
use crate::model::space::{HALF_PERIOD, PERIOD, Vec3};
use crate::model::steering::{Steering, Thresholds};

/// Proof that this processor has AVX2: only [`Avx2::detect`] makes one, so
/// the loop it runs is safe to call.
#[derive(Debug, Clone, Copy)]
pub(super) struct Avx2(());

impl Avx2 {
    pub(super) fn detect() -> Option<Self> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Self(()))
    }

    /// Adds a stretch of boids to the sums of the two pairs of home boids
    /// in `sums` (x as cheaply as the stretch allows). `close` is scratch of
    /// at least as many slots as the stretch has boids.
    pub(super) fn sum(self, stretch: &Stretch, sums: &mut [LaneSums; 2], close: &mut [u32]) {
        // SAFETY: an `Avx2` exists only where the processor has AVX2.
        unsafe {
            match (stretch.shifts[0].mode(), stretch.may_be_close) {
                (NO_SHIFT, false) => sum_four::<NO_SHIFT, false>(stretch, sums, close),
                (NO_SHIFT, true) => sum_four::<NO_SHIFT, true>(stretch, sums, close),
                (CONSTANT, false) => sum_four::<CONSTANT, false>(stretch, sums, close),
                (CONSTANT, true) => sum_four::<CONSTANT, true>(stretch, sums, close),
                (_, false) => sum_four::<VARYING, false>(stretch, sums, close),
                (_, true) => sum_four::<VARYING, true>(stretch, sums, close),
            }
        }
    }
}

/// One boid in sorted order: position (LE) and velocity (LE/s).
#[derive(Debug, Clone, Copy)]
pub(super) struct CompactBoid {
    position: [f64; 3],
    velocity: [f64; 3],
}

impl CompactBoid {
    pub(super) fn new(position: [f64; 3], velocity: [f64; 3]) -> Self {
        Self { position, velocity }
    }
}

/// Four lanes' [`LaneShift`] on one axis (as plain values, so that it is
/// built without the processor feature).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FourShifts {
    shift: [f64; 4],
    limit: [f64; 4],
    /// All ones in the lanes whose shift applies below the limit.
    below: [f64; 4],
}

impl FourShifts {
    pub(super) fn new(lanes: [LaneShift; 4]) -> Self {
        Self {
            shift: lanes.map(|lane| lane.shift),
            limit: lanes.map(|lane| lane.limit),
            below: lanes.map(|lane| f64::from_bits(if lane.below { u64::MAX } else { 0 })),
        }
    }

    /// The cheapest way the loop can take these shifts.
    fn mode(&self) -> ShiftMode {
        if self.limit.iter().any(|&limit| limit != f64::NEG_INFINITY) {
            VARYING
        } else if self.shift == [0.0; 4] {
            NO_SHIFT
        } else {
            CONSTANT
        }
    }
}

/// Four home boids: their coordinates per axis (lanes 0, 1 are the first
/// pair, 2, 3 the second).
pub(super) struct FourHomes {
    pub(super) position: [[f64; 4]; 3],
}

/// Sorted boids, none of them a home boid, to add to four home boids' sums,
/// each axis's `δ` taken through the lanes' limits in `shifts`.
pub(super) struct Stretch<'a> {
    pub(super) boids: &'a [CompactBoid],
    pub(super) homes: &'a FourHomes,
    pub(super) shifts: [FourShifts; 3],
    pub(super) thresholds: &'a Thresholds,
    /// Some boid may lie within a lane's separation radius (else the loop
    /// does not look for them).
    pub(super) may_be_close: bool,
}

/// [`Avx2::sum`] for one way of taking the x shifts, looking for close
/// boids or not.
#[target_feature(enable = "avx2")]
fn sum_four<const X: ShiftMode, const MAY_BE_CLOSE: bool>(
    stretch: &Stretch,
    sums: &mut [LaneSums; 2],
    close: &mut [u32],
) {
    let Stretch {
        boids,
        homes,
        shifts,
        thresholds,
        ..
    } = stretch;
    let wide = |pair: [f64x2; 2]| cast::<[f64x2; 2], __m256d>(pair);
    let [hx, hy, hz] = homes.position.map(cast::<[f64; 4], __m256d>);
    let [sx, sy, sz] =
        shifts.map(|axis| [axis.shift, axis.limit, axis.below].map(cast::<[f64; 4], __m256d>));
    let neighbour_q = _mm256_set1_pd(thresholds.neighbour_q);
    let separation_q = _mm256_set1_pd(thresholds.separation_q);
    // d − L·k as the two-lane loop's VARYING shift takes it: bit operations
    // pick exactly ±L or +0.
    let delta = |c: __m256d, home: __m256d, [shift, limit, below]: [__m256d; 3]| {
        let applies = _mm256_xor_pd(_mm256_cmp_pd::<_CMP_GE_OQ>(c, limit), below);
        _mm256_sub_pd(_mm256_sub_pd(c, home), _mm256_and_pd(applies, shift))
    };
    // On x the shift may also be none (`d − 0 = d` exactly) or the same
    // over the whole stretch.
    let delta_x = |c: __m256d| match X {
        NO_SHIFT => _mm256_sub_pd(c, hx),
        CONSTANT => _mm256_sub_pd(_mm256_sub_pd(c, hx), sx[0]),
        _ => delta(c, hx, sx),
    };
    let [first, second] = sums;
    let mut count = cast::<[i64x2; 2], __m256i>([first.count, second.count]);
    let mut svx = wide([first.vx, second.vx]);
    let mut svy = wide([first.vy, second.vy]);
    let mut svz = wide([first.vz, second.vz]);
    let mut sdx = wide([first.dx, second.dx]);
    let mut sdy = wide([first.dy, second.dy]);
    let mut sdz = wide([first.dz, second.dz]);
    let close = &mut close[..boids.len()];
    let mut close_count = 0;
    let deltas = |boid: &CompactBoid| {
        let [x, y, z] = boid.position;
        let dx = delta_x(_mm256_set1_pd(x));
        let dy = delta(_mm256_set1_pd(y), hy, sy);
        let dz = delta(_mm256_set1_pd(z), hz, sz);
        let q = _mm256_add_pd(
            _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)),
            _mm256_mul_pd(dz, dz),
        );
        (dx, dy, dz, q)
    };
    for (k, boid) in boids.iter().enumerate() {
        let (dx, dy, dz, q) = deltas(boid);
        let near = _mm256_cmp_pd::<_CMP_LE_OQ>(q, neighbour_q);
        // A set lane is all ones, which is -1 as an integer.
        count = _mm256_sub_epi64(count, _mm256_castpd_si256(near));
        let [vx, vy, vz] = boid.velocity;
        svx = _mm256_add_pd(svx, _mm256_and_pd(near, _mm256_set1_pd(vx)));
        svy = _mm256_add_pd(svy, _mm256_and_pd(near, _mm256_set1_pd(vy)));
        svz = _mm256_add_pd(svz, _mm256_and_pd(near, _mm256_set1_pd(vz)));
        sdx = _mm256_add_pd(sdx, _mm256_and_pd(near, dx));
        sdy = _mm256_add_pd(sdy, _mm256_and_pd(near, dy));
        sdz = _mm256_add_pd(sdz, _mm256_and_pd(near, dz));
        if MAY_BE_CLOSE {
            close[close_count] = k as u32;
            close_count +=
                usize::from(_mm256_movemask_pd(_mm256_cmp_pd::<_CMP_LE_OQ>(q, separation_q)) != 0);
        }
    }
    let pairs = |sum: __m256d| cast::<__m256d, [f64x2; 2]>(sum);
    [first.count, second.count] = cast::<__m256i, [i64x2; 2]>(count);
    [first.vx, second.vx] = pairs(svx);
    [first.vy, second.vy] = pairs(svy);
    [first.vz, second.vz] = pairs(svz);
    [first.dx, second.dx] = pairs(sdx);
    [first.dy, second.dy] = pairs(sdy);
    [first.dz, second.dz] = pairs(sdz);
    // The rare boids within a lane's separation radius, in ascending order as
    // the two-lane loop adds them, with the same operations (so the same δ
    // and q), and as `add_separation` adds them: +0 in the lanes that are
    // not close.
    let zero = _mm256_setzero_pd();
    let negative_zero = _mm256_set1_pd(-0.0);
    let separation = |axis: usize| {
        let [first, second] = &*sums;
        cast::<[f64; 4], __m256d>([
            first.separation[0][axis],
            first.separation[1][axis],
            second.separation[0][axis],
            second.separation[1][axis],
        ])
    };
    let (mut separation_x, mut separation_y, mut separation_z) =
        (separation(0), separation(1), separation(2));
    for &k in &close[..close_count] {
        let (dx, dy, dz, q) = deltas(&boids[k as usize]);
        let applies = _mm256_and_pd(
            _mm256_cmp_pd::<_CMP_GT_OQ>(q, zero),
            _mm256_cmp_pd::<_CMP_LE_OQ>(q, separation_q),
        );
        let distance = _mm256_sqrt_pd(q);
        // −δ/|δ| per axis, as the scalar `-component / distance`.
        let push = |component: __m256d| {
            _mm256_and_pd(
                applies,
                _mm256_div_pd(_mm256_xor_pd(component, negative_zero), distance),
            )
        };
        separation_x = _mm256_add_pd(separation_x, push(dx));
        separation_y = _mm256_add_pd(separation_y, push(dy));
        separation_z = _mm256_add_pd(separation_z, push(dz));
    }
    let by_axis = [separation_x, separation_y, separation_z].map(cast::<__m256d, [f64; 4]>);
    for lane in 0..4 {
        sums[lane / 2].separation[lane % 2] = by_axis.map(|values| values[lane]);
    }
}

impl CellList {
    /// Steering of the boids in consecutive sorted slots `slots` (the last
    /// may repeat the third) of the row at y, z coordinates `hy`, `hz`, four
    /// lanes at once, when every row takes per-lane shifts; `None` when a
    /// lane cannot take its shift on an axis through one limit (a home
    /// coordinate within a margin of an axis's middle): two pairs then.
    pub(super) fn steer_four(
        &self,
        avx2: Avx2,
        [hy, hz]: [usize; 2],
        slots: [usize; 4],
        velocities: &[Vec3],
        close: &mut [u32],
    ) -> Option<[Steering; 4]> {
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
                    let start = self.buckets.start[row + cells[0]] as usize;
                    let end = self.buckets.start[row + cells[1] + 1] as usize;
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
}
