//! The periodic cube: constants, wrapping, the shortest periodic displacement.

/// A vector in model space (positions in LE, velocities in LE/s).
pub type Vec3 = nalgebra::Vector3<f64>;

/// Period of the cube on every axis, in LE (length units).
pub const PERIOD: f64 = 8.4;
/// Half the period: every position coordinate lies in `[-HALF_PERIOD, HALF_PERIOD)`.
pub const HALF_PERIOD: f64 = 4.2;
/// Model time of one step, in seconds. Time after k steps is `k × STEP_SECONDS`.
pub const STEP_SECONDS: f64 = 0.04;

/// Maps a coordinate into `[-4.2, 4.2)`. Never returns 4.2, also not through rounding.
///
/// Values already inside are returned unchanged (bit for bit). Non-finite input
/// is returned as it is; the model never produces it.
#[must_use]
pub fn wrap(x: f64) -> f64 {
    if (-HALF_PERIOD..HALF_PERIOD).contains(&x) || !x.is_finite() {
        return x;
    }
    let mut w = x - PERIOD * ((x + HALF_PERIOD) / PERIOD).floor();
    // The product and the difference above are rounded: push a result that
    // landed just outside back by one period.
    if w >= HALF_PERIOD {
        w -= PERIOD;
    }
    if w < -HALF_PERIOD {
        w += PERIOD;
    }
    // Only reachable when the true value lies within half an ulp below 4.2,
    // which is periodically closest to -4.2.
    if w >= HALF_PERIOD { -HALF_PERIOD } else { w }
}

/// Wraps every coordinate of a position, see [`wrap`].
#[must_use]
pub fn wrap_position(p: Vec3) -> Vec3 {
    Vec3::new(wrap(p.x), wrap(p.y), wrap(p.z))
}

/// Shortest periodic displacement along one axis for a raw difference
/// `d = x_j − x_i`: `δ = d − L·floor(d/L + 1/2)`, in `[-4.2, 4.2)`.
/// A tie (`|d| = 4.2`) resolves to `-4.2`.
#[must_use]
pub fn displacement_1d(d: f64) -> f64 {
    d - PERIOD * (d / PERIOD + 0.5).floor()
}

/// [`displacement_1d`] of the difference of two coordinates (`|d| < 8.4`,
/// as for any two positions in the cube), bit for bit, without its
/// division and `floor` where the answer is clear: below 4.19 in size
/// `floor(d/L + 1/2)` is 0, above 4.21 it is ±1, and only between is the
/// formula evaluated. For loops over many pairs.
#[must_use]
#[inline]
pub fn displacement_of_coordinates(d: f64) -> f64 {
    if is_near_half_period(d) {
        return displacement_1d(d);
    }
    displacement_away_from_half_period(d)
}

/// Whether `d` is within 0.01 of a half period in size, where
/// [`displacement_away_from_half_period`] does not apply.
#[must_use]
#[inline(always)]
pub fn is_near_half_period(d: f64) -> bool {
    (d.abs() - HALF_PERIOD).abs() <= 0.01
}

/// [`displacement_of_coordinates`] for a difference farther than 0.01 from
/// a half period in size. A select rather than a branch: which side is
/// unpredictable in a loop over pairs. L·0 and L·(±1) are exact, so this
/// is d − L·floor(d/L + 1/2).
#[must_use]
#[inline(always)]
pub fn displacement_away_from_half_period(d: f64) -> f64 {
    let turns = if d.abs() > HALF_PERIOD {
        1.0f64.copysign(d)
    } else {
        0.0
    };
    d - PERIOD * turns
}

/// Shortest periodic displacement δ from position `from` to position `to`.
#[must_use]
pub fn displacement(from: &Vec3, to: &Vec3) -> Vec3 {
    Vec3::new(
        displacement_1d(to.x - from.x),
        displacement_1d(to.y - from.y),
        displacement_1d(to.z - from.z),
    )
}

/// Euclidean length, always evaluated as `sqrt((x·x + y·y) + z·z)` so that every
/// part of the model (neighbour test, cap, speed, measures) rounds the same way.
#[must_use]
pub fn length(v: &Vec3) -> f64 {
    squared_length(v).sqrt()
}

/// `(x·x + y·y) + z·z`, the square [`length`] takes the root of. `sqrt` is
/// correctly rounded and so monotone: comparing squared lengths (against
/// the thresholds of the neighbour tests, or with each other for a minimum)
/// decides exactly as comparing the lengths would.
#[must_use]
pub fn squared_length(v: &Vec3) -> f64 {
    v.x * v.x + v.y * v.y + v.z * v.z
}

/// `u · min(1, vmax/|u|)`: limits a velocity `u` (LE/s) to the maximum
/// speed `max_speed` (LE/s, positive), keeping its direction.
#[must_use]
pub fn cap(u: Vec3, max_speed: f64) -> Vec3 {
    let factor = (max_speed / length(&u)).min(1.0);
    Vec3::new(u.x * factor, u.y * factor, u.z * factor)
}
