//! The periodic shift `L·floor(d/L + 1/2)` as the loops take it: where it
//! changes ([`TieLimits`]), how one lane takes it over a stretch of cells
//! ([`LaneShift`]), and both lanes on one axis ([`AxisShift`]), with the
//! modes the hot loop is compiled for.

use wide::f64x2;

use crate::model::space::{HALF_PERIOD, PERIOD};

/// How far, in LE, the span of d must stay from a tie (`|d| = L/2`) for the
/// periodic shift of a stretch of cells to be taken without a check.
pub(super) const SHIFT_MARGIN: f64 = 1e-6;

/// Where `k = floor(d/L + 1/2)` changes for `d = x_j − x_i` with both
/// coordinates in the cube (`|d| < L`, so k is −1, 0 or 1): it is monotone in
/// d, so k = 1 exactly from `up` on and k = −1 exactly below `down`. Found
/// once, by stepping through the floats around ±L/2 as the formula rounds.
#[derive(Debug, Clone, Copy)]
pub(super) struct TieLimits {
    pub(super) up: f64,
    pub(super) down: f64,
}

impl TieLimits {
    pub(super) fn new() -> Self {
        Self {
            up: smallest_d_with_index(1.0, HALF_PERIOD),
            down: smallest_d_with_index(0.0, -HALF_PERIOD),
        }
    }

    /// `floor(d/L + 1/2)` for `|d| < 3L/2`, bit for bit the formula's.
    pub(super) fn index(&self, d: f64) -> i8 {
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
    pub(super) fn lane(&self, home: f64, low: f64, high: f64) -> Option<LaneShift> {
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
pub(super) fn coordinate_limit(home: f64, limit: f64) -> f64 {
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
pub(super) fn order_key(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

/// The inverse of [`order_key`].
pub(super) fn from_order_key(key: i64) -> f64 {
    f64::from_bits((key ^ (((key >> 63) as u64) >> 1) as i64) as u64)
}

/// The formula's `floor(d/L + 1/2)`, only to find the [`TieLimits`].
pub(super) fn period_index(d: f64) -> f64 {
    (d / PERIOD + 0.5).floor()
}

/// The smallest d with `period_index(d) ≥ k`, searched from a guess within a
/// few ulps (the index is monotone in d).
pub(super) fn smallest_d_with_index(k: f64, guess: f64) -> f64 {
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
pub(super) struct LaneShift {
    pub(super) shift: f64,
    pub(super) limit: f64,
    pub(super) below: bool,
}

impl LaneShift {
    pub(super) fn varies(&self) -> bool {
        self.limit != f64::NEG_INFINITY
    }

    /// A lower bound (less the margins of `low`, `high`) of `|δ|` over every
    /// d in `low ..= high`.
    pub(super) fn distance(&self, low: f64, high: f64) -> f64 {
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
pub(super) type ShiftMode = u8;
pub(super) const NO_SHIFT: ShiftMode = 0;
pub(super) const CONSTANT: ShiftMode = 1;
pub(super) const VARYING: ShiftMode = 2;

/// Both lanes' [`LaneShift`] on one axis.
#[derive(Debug, Clone, Copy)]
pub(super) struct AxisShift {
    pub(super) shift: f64x2,
    pub(super) limit: f64x2,
    /// All ones in the lanes whose shift applies below the limit.
    pub(super) below: f64x2,
    /// Some lane's k is not constant: the loop compares coordinates with the
    /// limits.
    pub(super) varies: bool,
}

impl AxisShift {
    pub(super) fn new(a: LaneShift, b: LaneShift) -> Self {
        let mask = |below: bool| f64::from_bits(if below { u64::MAX } else { 0 });
        Self {
            shift: f64x2::new([a.shift, b.shift]),
            limit: f64x2::new([a.limit, b.limit]),
            below: f64x2::new([mask(a.below), mask(b.below)]),
            varies: a.varies() || b.varies(),
        }
    }

    /// The same shift for both lanes over the whole segment.
    pub(super) fn constant(shift: f64) -> Self {
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
    pub(super) fn apply<const MODE: ShiftMode>(&self, d: f64x2, coordinate: f64x2) -> f64x2 {
        match MODE {
            NO_SHIFT => d,
            CONSTANT => d - self.shift,
            _ => d - ((coordinate.simd_ge(self.limit) ^ self.below) & self.shift),
        }
    }

    /// The cheapest way the loop can take this shift.
    pub(super) fn mode(&self) -> ShiftMode {
        if self.varies {
            VARYING
        } else if self.shift.to_array() == [0.0; 2] {
            NO_SHIFT
        } else {
            CONSTANT
        }
    }
}
