//! The correlations of one state (SPEC §10) shared among workers: the page
//! sends every worker the state (positions and velocities, flat like a
//! share's) and a range of blocks of 64 boids; the worker answers with each
//! block's per-bin sums, computed by the model's one pair loop
//! ([`PairColumns::block_sums`]). The page adds the blocks' sums in block
//! order ([`crate::model::Correlations::assemble`]), so the result is the
//! command-line tool's bit for bit however the blocks were split.

#[cfg(any(target_arch = "wasm32", test))]
use super::protocol::unflatten;
use crate::model::{BinSums, CORRELATION_BINS};
#[cfg(any(target_arch = "wasm32", test))]
use crate::model::{HALF_PERIOD, PairColumns, block_count, velocity_deviations};

/// Work for one worker: the sums of blocks `first_block .. end_block` of
/// one state.
#[derive(Debug, Clone, PartialEq)]
pub struct CorrelationRequest {
    /// The page's job number the range belongs to.
    pub job: u32,
    /// The range's first block.
    pub first_block: u32,
    /// The block after the range's last (exclusive).
    pub end_block: u32,
    /// Positions `[x0, y0, z0, x1, …]` in LE.
    pub positions: Vec<f64>,
    /// Velocities `[vx0, vy0, vz0, vx1, …]` in LE/s.
    pub velocities: Vec<f64>,
}

/// A worker's answer: the per-bin sums of each block of the range, block
/// after block ([`CORRELATION_BINS`] numbers per block in each list).
#[derive(Debug, Clone, PartialEq)]
pub struct CorrelationReply {
    /// The job number of the request.
    pub job: u32,
    /// The range's first block.
    pub first_block: u32,
    /// Pairs per bin (whole numbers, exact in a double up to 2⁵³).
    pub pairs: Vec<f64>,
    /// Σ δv_i·δv_j per bin.
    pub products: Vec<f64>,
}

// Only the browser's workers solve (natively, the tests).
#[cfg(any(target_arch = "wasm32", test))]
impl CorrelationRequest {
    /// Computes the range's sums (what a worker does with the request);
    /// `None` for a request the page never makes (positions and velocities
    /// of different lengths or not whole triples, fewer than two boids, a
    /// coordinate outside the cube, a velocity not finite, a range that is
    /// empty or beyond the last block), so that a malformed message never
    /// panics the worker.
    #[must_use]
    pub fn solve(&self) -> Option<CorrelationReply> {
        let positions = unflatten(&self.positions)?;
        let velocities = unflatten(&self.velocities)?;
        let in_cube = |c: &f64| (-HALF_PERIOD..HALF_PERIOD).contains(c);
        let valid = positions.len() == velocities.len()
            && positions.len() >= 2
            && self.positions.iter().all(in_cube)
            && self.velocities.iter().all(|c| c.is_finite())
            && self.first_block < self.end_block
            && self.end_block as usize <= block_count(positions.len());
        if !valid {
            return None;
        }
        let (deviations, _) = velocity_deviations(&velocities);
        let columns = PairColumns::new(&positions, &deviations);
        let mut reply = CorrelationReply {
            job: self.job,
            first_block: self.first_block,
            pairs: Vec::new(),
            products: Vec::new(),
        };
        for block in self.first_block..self.end_block {
            let sums = columns.block_sums(block as usize);
            reply
                .pairs
                .extend(sums.pairs.iter().map(|&pairs| pairs as f64));
            reply.products.extend(sums.products);
        }
        Some(reply)
    }
}

impl CorrelationReply {
    /// The blocks' sums, in block order from [`CorrelationReply::first_block`];
    /// `None` when the lists differ in length, are not whole blocks, or a
    /// pair count is not a whole number from 0 to 2⁵³.
    #[must_use]
    pub fn block_sums(&self) -> Option<Vec<BinSums>> {
        let fits = self.pairs.len() == self.products.len()
            && self.pairs.len().is_multiple_of(CORRELATION_BINS);
        if !fits {
            return None;
        }
        self.pairs
            .chunks_exact(CORRELATION_BINS)
            .zip(self.products.chunks_exact(CORRELATION_BINS))
            .map(|(pairs, products)| {
                let mut sums = BinSums::default();
                for (to, &count) in sums.pairs.iter_mut().zip(pairs) {
                    *to = super::messages::whole_u64(count)?;
                }
                sums.products.copy_from_slice(products);
                Some(sums)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Correlations, Params, Swarm};
    use crate::worker::protocol::flatten;

    fn request(count: u32, first_block: u32, end_block: u32) -> CorrelationRequest {
        let mut swarm = Swarm::new(&Params {
            count,
            seed: 8,
            ..Params::default()
        })
        .expect("valid params");
        swarm.step();
        CorrelationRequest {
            job: 3,
            first_block,
            end_block,
            positions: flatten(swarm.positions()),
            velocities: flatten(swarm.velocities()),
        }
    }

    #[test]
    fn ranges_through_messages_give_the_models_correlations_bit_for_bit() {
        // 300 boids: five blocks, the last of 44.
        let whole = request(300, 0, 5);
        let positions = unflatten(&whole.positions).expect("triples");
        let velocities = unflatten(&whole.velocities).expect("triples");
        let expected = Correlations::of(&positions, &velocities, 1).expect("N ≥ 2");
        let mut sums = Vec::new();
        for (first, end) in [(0, 1), (1, 4), (4, 5)] {
            let reply = request(300, first, end).solve().expect("a valid request");
            assert_eq!((reply.job, reply.first_block), (3, first));
            let blocks = reply.block_sums().expect("whole blocks");
            assert_eq!(blocks.len(), (end - first) as usize);
            sums.extend(blocks);
        }
        let (_, spread) = velocity_deviations(&velocities);
        let assembled = Correlations::assemble(300, &sums, spread);
        assert_eq!(assembled.csv(1), expected.csv(1));
        assert_eq!(
            assembled.pair_correlation.map(f64::to_bits),
            expected.pair_correlation.map(f64::to_bits)
        );
    }

    #[test]
    fn malformed_requests_are_refused_without_panic() {
        type Spoiler = fn(&mut CorrelationRequest);
        let spoilers: [(&str, Spoiler); 8] = [
            ("a coordinate missing", |r| {
                r.positions.pop();
            }),
            ("a boid's velocity missing", |r| {
                r.velocities.truncate(r.velocities.len() - 3);
            }),
            ("one boid", |r| {
                r.positions.truncate(3);
                r.velocities.truncate(3);
            }),
            ("outside the cube", |r| r.positions[4] = HALF_PERIOD),
            ("not a number", |r| r.positions[0] = f64::NAN),
            ("an infinite velocity", |r| r.velocities[7] = f64::INFINITY),
            ("an empty range", |r| r.end_block = r.first_block),
            ("beyond the last block", |r| r.end_block = 6),
        ];
        assert!(request(300, 0, 5).solve().is_some(), "the unspoilt request");
        for (what, spoil) in spoilers {
            let mut bad = request(300, 0, 5);
            spoil(&mut bad);
            assert_eq!(bad.solve(), None, "{what}");
        }
    }

    #[test]
    fn a_reply_that_is_not_whole_blocks_is_refused() {
        let good = request(100, 0, 2).solve().expect("a valid request");
        assert_eq!(good.block_sums().map(|b| b.len()), Some(2));
        let mut short = good.clone();
        short.products.pop();
        assert_eq!(short.block_sums(), None);
        let mut cut = good.clone();
        cut.pairs.truncate(CORRELATION_BINS + 1);
        cut.products.truncate(CORRELATION_BINS + 1);
        assert_eq!(cut.block_sums(), None);
        for count in [-1.0, 0.5, f64::NAN] {
            let mut odd = good.clone();
            odd.pairs[3] = count;
            assert_eq!(odd.block_sums(), None, "{count}");
        }
    }
}
