//! The identity of a plan: a hash of its normalised form and its run count,
//! written in the first line of every results file so that files of
//! different plans are never mixed.
//!
//! The normalised form is the text
//!
//! ```text
//! boids-schwarm-study 1
//! steps=<steps> burn_in=<burn_in>
//! measures=<code names in §6 order, comma-separated>   (only when not all six)
//! <count>,<seed>,<radius>,<separation>,<alignment>,<cohesion>,<max_speed>   (one line per run, in run order)
//! ```
//!
//! with numbers in shortest round-trip form and every line ending in `\n`.
//! The `measures` line is left out for a plan of every measure, so that
//! such a plan keeps the hash it had before plans could name measures.
//! It holds exactly what the results rows depend on, so two plans with the
//! same runs (however their axes, lists, ranges, key order or spacing were
//! written) have the same hash, and plans with different runs differ. The
//! hash is 64-bit FNV-1a over its UTF-8 bytes: small, fixed forever, and the
//! same on every machine (no std hasher, whose output may change).

use super::plan::Plan;

/// A plan's identity: hash of the normalised form and number of runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlanId {
    /// 64-bit FNV-1a of the normalised form.
    pub hash: u64,
    /// The plan's number of runs.
    pub runs: u64,
}

impl PlanId {
    /// The hash as 16 lowercase hex digits.
    #[must_use]
    pub fn hex(self) -> String {
        format!("{:016x}", self.hash)
    }
}

/// 64-bit FNV-1a, fed piece by piece.
struct Fnv1a(u64);

impl Fnv1a {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn feed(&mut self, text: &str) {
        for byte in text.bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }
}

impl Plan {
    /// The plan's normalised form (see the module documentation).
    #[must_use]
    pub fn normalised(&self) -> String {
        let mut text = format!(
            "boids-schwarm-study 1\nsteps={} burn_in={}\n",
            self.steps, self.burn_in
        );
        if !self.measures.is_all() {
            let names: Vec<&str> = self.measures.iter().map(|m| m.key()).collect();
            text.push_str(&format!("measures={}\n", names.join(",")));
        }
        for run in self.runs() {
            let p = run.params;
            text.push_str(&format!(
                "{},{},{},{},{},{},{}\n",
                p.count, p.seed, p.radius, p.separation, p.alignment, p.cohesion, p.max_speed
            ));
        }
        text
    }

    /// The plan's identity.
    #[must_use]
    pub fn id(&self) -> PlanId {
        let mut hash = Fnv1a(Fnv1a::OFFSET);
        hash.feed(&self.normalised());
        PlanId {
            hash: hash.0,
            runs: self.run_count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Fnv1a;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        for (text, expected) in [
            ("", 0xcbf2_9ce4_8422_2325),
            ("a", 0xaf63_dc4c_8601_ec8c),
            ("foobar", 0x8594_4171_f739_67e8),
        ] {
            let mut hash = Fnv1a(Fnv1a::OFFSET);
            hash.feed(text);
            assert_eq!(hash.0, expected, "{text:?}");
        }
    }
}
