//! Structure and correlations of one state (SPEC §10): the pair
//! correlation g(r), the velocity-fluctuation correlation C(r) (Cavagna et
//! al. 2010) and the correlation length ξ, over 84 bins of 1/20 LE that
//! cover [0, 4.2).
//!
//! Every pair i < j at a minimum-image distance below 4.2 is counted. The
//! sums run in a fixed order so that any number of threads or workers
//! gives the same bits: the boids form blocks of [`CORRELATION_BLOCK`] by
//! index; a block's per-bin sums run over its boids i in index order and,
//! for each i, over every j > i in index order ([`block_sums`]); the totals
//! add the blocks' sums in block order ([`Correlations::assemble`]). A
//! thread or a worker computes whole blocks, so splitting the work never
//! changes a sum.

use super::Vec3;
use super::space::{
    HALF_PERIOD, PERIOD, displacement, displacement_away_from_half_period, is_near_half_period,
    length,
};

/// Bins of the correlations: 84 of width [`BIN_WIDTH`] LE over [0, 4.2).
pub const CORRELATION_BINS: usize = 84;

/// The width of a bin in LE (1/20).
pub const BIN_WIDTH: f64 = 1.0 / 20.0;

/// Boids per block of the sums' order (see the module docs).
pub const CORRELATION_BLOCK: usize = 64;

/// A block's per-bin sums: pairs counted and Σ δv_i·δv_j.
#[derive(Debug, Clone, PartialEq)]
pub struct BinSums {
    /// Pairs per bin.
    pub pairs: [u64; CORRELATION_BINS],
    /// Σ δv_i·δv_j over the bin's pairs, in the order of the module docs.
    pub products: [f64; CORRELATION_BINS],
}

impl Default for BinSums {
    fn default() -> Self {
        Self {
            pairs: [0; CORRELATION_BINS],
            products: [0.0; CORRELATION_BINS],
        }
    }
}

/// The bin of a distance `d` (LE, ≥ 0): `min(floor(20·d), 83)` in f64, or
/// `None` from 4.2 on (such pairs are not counted: up to 4.2 every shell
/// lies whole inside the periodic cube).
#[must_use]
pub fn bin_of(d: f64) -> Option<usize> {
    // For d ≥ 0 truncation is floor (and cheaper); below 4.2, 20·d < 84.
    (d < HALF_PERIOD).then(|| ((20.0 * d) as usize).min(CORRELATION_BINS - 1))
}

/// The velocities' deviations from their mean, δv_i = v_i − V̄ with
/// V̄ = (Σ v_i) / N, and s² = (Σ |δv_i|²) / N, both sums in index order.
/// `velocities` must not be empty.
#[must_use]
pub fn velocity_deviations(velocities: &[Vec3]) -> (Vec<Vec3>, f64) {
    let n = velocities.len() as f64;
    let sum = velocities.iter().fold(Vec3::zeros(), |sum, v| sum + v);
    let mean = sum / n;
    let deviations: Vec<Vec3> = velocities.iter().map(|v| v - mean).collect();
    let squares = deviations.iter().fold(0.0, |sum, d| sum + dot(d, d));
    (deviations, squares / n)
}

/// `(x·x' + y·y') + z·z'`, the order [`length`] squares in.
fn dot(a: &Vec3, b: &Vec3) -> f64 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// The number of blocks of `n` boids.
#[must_use]
pub fn block_count(n: usize) -> usize {
    n.div_ceil(CORRELATION_BLOCK)
}

/// The swarm by coordinate (positions and velocity deviations), as the
/// pair loop reads it: a few pairs at a time in the same operations.
#[derive(Debug, Clone)]
pub struct PairColumns {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
    u: Vec<f64>,
    v: Vec<f64>,
    w: Vec<f64>,
}

/// Pairs looked at together in the pair loop.
const LANES: usize = 8;

/// The bins, then four spare slots for the pairs from 4.2 on (written in
/// turn, so those writes do not wait on each other).
const SLOTS: usize = CORRELATION_BINS + 4;

impl PairColumns {
    /// The columns of `positions` and `deviations` (of equal length).
    #[must_use]
    pub fn new(positions: &[Vec3], deviations: &[Vec3]) -> Self {
        let column = |of: &[Vec3], axis: usize| of.iter().map(|p| p[axis]).collect();
        Self {
            x: column(positions, 0),
            y: column(positions, 1),
            z: column(positions, 2),
            u: column(deviations, 0),
            v: column(deviations, 1),
            w: column(deviations, 2),
        }
    }

    /// The number of boids.
    #[must_use]
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no boids.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }

    /// The per-bin sums of block `block`: its boids i in index order, for
    /// each every j > i in index order.
    ///
    /// Eight pairs at a time: first their distances, slots and products
    /// without a branch (the compiler computes them side by side), then
    /// the additions into the slots one by one in j order. δ is taken by
    /// [`displacement_away_from_half_period`], so a pair near a half period
    /// on an axis makes the eight be computed by §1's formula instead.
    #[must_use]
    pub fn block_sums(&self, block: usize) -> BinSums {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just now.
            return unsafe { self.block_sums_avx2(block) };
        }
        self.block_sums_here(block)
    }

    /// [`PairColumns::block_sums`] compiled for AVX2: the same operations
    /// on the same values in the same order (no fused multiply-add), four
    /// lanes per instruction instead of two.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn block_sums_avx2(&self, block: usize) -> BinSums {
        self.block_sums_here(block)
    }

    #[inline(always)]
    fn block_sums_here(&self, block: usize) -> BinSums {
        let mut pairs = [0u64; SLOTS];
        let mut products = [0.0f64; SLOTS];
        let n = self.len();
        let first = block * CORRELATION_BLOCK;
        for i in first..(first + CORRELATION_BLOCK).min(n) {
            let mut j = i + 1;
            while j + LANES <= n {
                let (slots, dots) = self.lanes(i, j);
                for (slot, dot) in slots.into_iter().zip(dots) {
                    pairs[slot] += 1;
                    products[slot] += dot;
                }
                j += LANES;
            }
            for j in j..n {
                let (slot, dot) = self.pair(i, j, j);
                pairs[slot] += 1;
                products[slot] += dot;
            }
        }
        let mut sums = BinSums::default();
        sums.pairs.copy_from_slice(&pairs[..CORRELATION_BINS]);
        sums.products.copy_from_slice(&products[..CORRELATION_BINS]);
        sums
    }

    /// Slots and products of the pairs (i, j) … (i, j + 7).
    #[inline(always)]
    fn lanes(&self, i: usize, j: usize) -> ([usize; LANES], [f64; LANES]) {
        let range = j..j + LANES;
        let (x, y, z) = (
            &self.x[range.clone()],
            &self.y[range.clone()],
            &self.z[range.clone()],
        );
        let (u, v, w) = (
            &self.u[range.clone()],
            &self.v[range.clone()],
            &self.w[range],
        );
        let (xi, yi, zi) = (self.x[i], self.y[i], self.z[i]);
        let (ui, vi, wi) = (self.u[i], self.v[i], self.w[i]);
        let mut slots = [0.0f64; LANES];
        let mut dots = [0.0f64; LANES];
        let mut near_half = false;
        for k in 0..LANES {
            let (dx, dy, dz) = (x[k] - xi, y[k] - yi, z[k] - zi);
            near_half |=
                is_near_half_period(dx) | is_near_half_period(dy) | is_near_half_period(dz);
            let (dx, dy, dz) = (
                displacement_away_from_half_period(dx),
                displacement_away_from_half_period(dy),
                displacement_away_from_half_period(dz),
            );
            let d = (dx * dx + dy * dy + dz * dz).sqrt();
            // [`slot_of`] in floating point, side by side for the lanes:
            // for d ≥ 0 truncation is floor, and min then trunc is trunc
            // then min.
            let bin = (20.0 * d).min((CORRELATION_BINS - 1) as f64).trunc();
            let spare = (CORRELATION_BINS + (k & 3)) as f64;
            slots[k] = if d < HALF_PERIOD { bin } else { spare };
            dots[k] = ui * u[k] + vi * v[k] + wi * w[k];
        }
        if near_half {
            return (std::array::from_fn(|k| self.pair(i, j + k, k).0), dots);
        }
        // Whole numbers from 0 to 87: exact as u32.
        (std::array::from_fn(|k| slots[k] as u32 as usize), dots)
    }

    /// Slot and product of the pair (i, j) by §1's formulas; `turn` picks
    /// the spare slot of a pair beyond 4.2.
    fn pair(&self, i: usize, j: usize, turn: usize) -> (usize, f64) {
        let at = Vec3::new(self.x[i], self.y[i], self.z[i]);
        let to = Vec3::new(self.x[j], self.y[j], self.z[j]);
        let d = length(&displacement(&at, &to));
        let dot = self.u[i] * self.u[j] + self.v[i] * self.v[j] + self.w[i] * self.w[j];
        (slot_of(d, turn), dot)
    }
}

/// The bin of distance `d` ([`bin_of`]), or from 4.2 on a spare slot by
/// `turn` (the pair-at-a-time path; the eight-at-a-time loop computes the
/// same without a branch).
fn slot_of(d: f64, turn: usize) -> usize {
    bin_of(d).unwrap_or(CORRELATION_BINS + (turn & 3))
}

/// The per-bin sums of block `block` (its boids i in index order, for each
/// every j > i in index order). `positions` and `deviations` are the whole
/// swarm's, of equal length. To compute many blocks, build the
/// [`PairColumns`] once.
#[must_use]
pub fn block_sums(positions: &[Vec3], deviations: &[Vec3], block: usize) -> BinSums {
    PairColumns::new(positions, deviations).block_sums(block)
}

/// g, C and ξ of one state of N ≥ 2 boids (SPEC §10).
#[derive(Debug, Clone, PartialEq)]
pub struct Correlations {
    /// N.
    pub count: usize,
    /// m_b: the pairs per bin.
    pub pairs: [u64; CORRELATION_BINS],
    /// g_b = L³ · 2·m_b / (N·(N − 1) · V_b): 1 for boids scattered at
    /// random, 0 where no pair is.
    pub pair_correlation: [f64; CORRELATION_BINS],
    /// C_b = Σ δv_i·δv_j / (m_b · s²), `None` where m_b = 0 or s² = 0.
    pub velocity_correlation: [Option<f64>; CORRELATION_BINS],
    /// ξ in LE: where C first falls to 0 or below; `None` when it never
    /// does.
    pub correlation_length: Option<f64>,
}

impl Correlations {
    /// The correlations of `positions` and `velocities` (N ≥ 2, else
    /// `None`), their blocks spread over `threads` threads (natively; the
    /// result is the same bits for every count).
    #[must_use]
    pub fn of(positions: &[Vec3], velocities: &[Vec3], threads: u32) -> Option<Self> {
        let n = positions.len();
        if n < 2 || velocities.len() != n {
            return None;
        }
        let (deviations, spread) = velocity_deviations(velocities);
        let sums = all_block_sums(positions, &deviations, threads);
        Some(Self::assemble(n, &sums, spread))
    }

    /// Puts the blocks' sums (every block's, in block order) together for
    /// N = `count` boids whose velocity deviations have s² = `spread`.
    #[must_use]
    pub fn assemble(count: usize, blocks: &[BinSums], spread: f64) -> Self {
        let mut pairs = [0u64; CORRELATION_BINS];
        let mut products = [0.0f64; CORRELATION_BINS];
        for block in blocks {
            for bin in 0..CORRELATION_BINS {
                pairs[bin] += block.pairs[bin];
                products[bin] += block.products[bin];
            }
        }
        let n = count as f64;
        let volume = PERIOD * PERIOD * PERIOD;
        let pair_correlation = std::array::from_fn(|bin| {
            volume * 2.0 * pairs[bin] as f64 / (n * (n - 1.0) * shell_volume(bin))
        });
        let velocity_correlation = std::array::from_fn(|bin| {
            (pairs[bin] > 0 && spread > 0.0).then(|| products[bin] / (pairs[bin] as f64 * spread))
        });
        Self {
            count,
            pairs,
            pair_correlation,
            velocity_correlation,
            correlation_length: correlation_length(&velocity_correlation),
        }
    }

    /// SPEC §10's CSV of the state at step `step`: the comment line, the
    /// header and one row per bin, shortest round-trip numbers.
    #[must_use]
    pub fn csv(&self, step: u64) -> String {
        let mut csv = format!(
            "{CORRELATIONS_COMMENT} count={} step={step} correlation_length={}\n{CORRELATIONS_HEADER}\n",
            self.count,
            self.correlation_length
                .map(|xi| xi.to_string())
                .unwrap_or_default()
        );
        for bin in 0..CORRELATION_BINS {
            let (from, to) = bin_range(bin);
            csv.push_str(&format!(
                "{from},{to},{},{},{}\n",
                self.pairs[bin],
                self.pair_correlation[bin],
                self.velocity_correlation[bin]
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            ));
        }
        csv
    }
}

/// The CSV's first words.
pub const CORRELATIONS_COMMENT: &str = "# boids-schwarm-correlations version=1";

/// The CSV's header line.
pub const CORRELATIONS_HEADER: &str = "r_from,r_to,pairs,pair_correlation,velocity_correlation";

/// Bin `bin`'s range [b/20, (b+1)/20) in LE.
#[must_use]
pub fn bin_range(bin: usize) -> (f64, f64) {
    (bin as f64 / 20.0, (bin + 1) as f64 / 20.0)
}

/// V_b = (4π/3)·(((b+1)/20)³ − (b/20)³), the volume of bin `bin`'s shell.
#[must_use]
pub fn shell_volume(bin: usize) -> f64 {
    let (inner, outer) = bin_range(bin);
    4.0 * std::f64::consts::PI / 3.0 * (outer * outer * outer - inner * inner * inner)
}

/// ξ from C: the first defined bin with C ≤ 0 — its centre if it is the
/// first defined bin, else the linear interpolation from the previous
/// defined bin's centre r' (where C' > 0): r' + (r_b − r')·C'/(C' − C_b).
#[must_use]
pub fn correlation_length(velocity_correlation: &[Option<f64>; CORRELATION_BINS]) -> Option<f64> {
    let centre = |bin: usize| (bin as f64 + 0.5) / 20.0;
    let mut before: Option<(f64, f64)> = None;
    for (bin, c) in velocity_correlation.iter().enumerate() {
        let Some(c) = *c else { continue };
        let r = centre(bin);
        if c <= 0.0 {
            return Some(match before {
                None => r,
                Some((r0, c0)) => r0 + (r - r0) * c0 / (c0 - c),
            });
        }
        before = Some((r, c));
    }
    None
}

/// Every block's sums, in block order, computed by `threads` threads
/// (block k by thread k mod threads, so each has a share of the long and
/// the short blocks).
fn all_block_sums(positions: &[Vec3], deviations: &[Vec3], threads: u32) -> Vec<BinSums> {
    let columns = PairColumns::new(positions, deviations);
    let blocks = block_count(positions.len());
    // On wasm the model computes on the calling thread (the app spreads
    // blocks over its Web Workers instead).
    #[cfg(target_arch = "wasm32")]
    let _ = threads;
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && blocks > 1 {
        let threads = (threads as usize).min(blocks);
        let columns = &columns;
        let mut sums = vec![BinSums::default(); blocks];
        let parts: Vec<Vec<(usize, BinSums)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|first| {
                    scope.spawn(move || {
                        (first..blocks)
                            .step_by(threads)
                            .map(|block| (block, columns.block_sums(block)))
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a block's sums do not panic"))
                .collect()
        });
        for (block, block_sum) in parts.into_iter().flatten() {
            sums[block] = block_sum;
        }
        return sums;
    }
    (0..blocks).map(|block| columns.block_sums(block)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Lcg;

    #[test]
    fn the_avx2_loop_gives_the_plain_loops_bits() {
        let mut lcg = Lcg::new(17);
        let mut draw = |scale: f64| (lcg.next_unit() - 0.5) * scale;
        let positions: Vec<Vec3> = (0..700)
            .map(|_| Vec3::new(draw(PERIOD), draw(PERIOD), draw(PERIOD)))
            .collect();
        let velocities: Vec<Vec3> = (0..700)
            .map(|_| Vec3::new(draw(2.0), draw(2.0), draw(2.0)))
            .collect();
        let (deviations, _) = velocity_deviations(&velocities);
        let columns = PairColumns::new(&positions, &deviations);
        for block in 0..block_count(positions.len()) {
            let plain = columns.block_sums_here(block);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: checked just now.
                let wide = unsafe { columns.block_sums_avx2(block) };
                assert_eq!(wide.pairs, plain.pairs, "block {block}");
                let bits = |sums: &BinSums| sums.products.map(f64::to_bits);
                assert_eq!(bits(&wide), bits(&plain), "block {block}");
            }
            // The eight-at-a-time loop against one pair at a time.
            let mut one_by_one = BinSums::default();
            let first = block * CORRELATION_BLOCK;
            for i in first..(first + CORRELATION_BLOCK).min(positions.len()) {
                for j in i + 1..positions.len() {
                    let (slot, dot) = columns.pair(i, j, j);
                    if slot < CORRELATION_BINS {
                        one_by_one.pairs[slot] += 1;
                        one_by_one.products[slot] += dot;
                    }
                }
            }
            assert_eq!(plain, one_by_one, "block {block}");
        }
    }
}
