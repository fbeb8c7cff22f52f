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
use super::space::{HALF_PERIOD, PERIOD, displacement_of_coordinates};

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

/// The per-bin sums of block `block` (its boids i in index order, for each
/// every j > i in index order). `positions` and `deviations` are the whole
/// swarm's, of equal length.
#[must_use]
pub fn block_sums(positions: &[Vec3], deviations: &[Vec3], block: usize) -> BinSums {
    let mut sums = BinSums::default();
    let n = positions.len();
    let first = block * CORRELATION_BLOCK;
    for i in first..(first + CORRELATION_BLOCK).min(n) {
        let (at, deviation) = (positions[i], deviations[i]);
        for j in i + 1..n {
            let to = &positions[j];
            // §1's δ and length, as `length(&displacement(..))` computes them.
            let (x, y, z) = (
                displacement_of_coordinates(to.x - at.x),
                displacement_of_coordinates(to.y - at.y),
                displacement_of_coordinates(to.z - at.z),
            );
            let squared = x * x + y * y + z * z;
            // Beyond 4.2 (4.2² = 17.64) with room to spare: skipped
            // without the root.
            if squared > 17.7 {
                continue;
            }
            if let Some(bin) = bin_of(squared.sqrt()) {
                sums.pairs[bin] += 1;
                sums.products[bin] += dot(&deviation, &deviations[j]);
            }
        }
    }
    sums
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
    let blocks = block_count(positions.len());
    // On wasm the model computes on the calling thread (the app spreads
    // blocks over its Web Workers instead).
    #[cfg(target_arch = "wasm32")]
    let _ = threads;
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && blocks > 1 {
        let threads = (threads as usize).min(blocks);
        let mut sums = vec![BinSums::default(); blocks];
        let parts: Vec<Vec<(usize, BinSums)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|first| {
                    scope.spawn(move || {
                        (first..blocks)
                            .step_by(threads)
                            .map(|block| (block, block_sums(positions, deviations, block)))
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
    (0..blocks)
        .map(|block| block_sums(positions, deviations, block))
        .collect()
}
