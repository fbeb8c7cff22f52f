//! A plan's runs in the order of SPEC §8: the first axis's values
//! outermost, then the second axis's, the seeds innermost, each in the
//! plan's order. Run `i` belongs to grid point `i / seeds` and uses seed
//! `seeds[i % seeds]`.

use super::plan::Plan;
use crate::model::Params;

/// One run of a study: its number (from 0), grid point and parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Run {
    /// The run's number, `0 ..` [`Plan::run_count`].
    pub index: u64,
    /// The grid point (combination of axis values), `0 ..` [`Plan::point_count`].
    pub point: u64,
    /// `base` with the point's axis values and the run's seed put in; valid.
    pub params: Params,
}

impl Plan {
    /// The number of grid points: the product of the axes' lengths (1 without axes).
    /// A parsed plan has at most 10 000; one built by hand beyond u64
    /// saturates rather than wraps.
    #[must_use]
    pub fn point_count(&self) -> u64 {
        self.axes
            .iter()
            .map(|axis| axis.values.len() as u64)
            .fold(1, u64::saturating_mul)
    }

    /// The number of runs: grid points × seeds, at most 10 000 for a parsed
    /// plan (saturating, like [`Plan::point_count`]).
    #[must_use]
    pub fn run_count(&self) -> u64 {
        self.point_count().saturating_mul(self.seeds.len() as u64)
    }

    /// The axis values of a grid point, one per axis in the plan's order.
    ///
    /// # Panics
    /// When `point` is not below [`Plan::point_count`].
    #[must_use]
    pub fn point_values(&self, point: u64) -> Vec<f64> {
        assert!(point < self.point_count(), "no grid point {point}");
        let mut rest = point;
        let mut values: Vec<f64> = self
            .axes
            .iter()
            .rev()
            .map(|axis| {
                let len = axis.values.len() as u64;
                let value = axis.values[(rest % len) as usize];
                rest /= len;
                value
            })
            .collect();
        values.reverse();
        values
    }

    /// Run `index` of the plan.
    ///
    /// # Panics
    /// When `index` is not below [`Plan::run_count`].
    #[must_use]
    pub fn run(&self, index: u64) -> Run {
        assert!(index < self.run_count(), "no run {index}");
        let seeds = self.seeds.len() as u64;
        let point = index / seeds;
        let mut params = Params {
            seed: self.seeds[(index % seeds) as usize],
            ..self.base
        };
        for (axis, value) in self.axes.iter().zip(self.point_values(point)) {
            // Every axis value was checked against the field's range.
            axis.field
                .set(&mut params, value)
                .expect("axis values are valid");
        }
        Run {
            index,
            point,
            params,
        }
    }

    /// Every run in order.
    pub fn runs(&self) -> impl Iterator<Item = Run> + '_ {
        (0..self.run_count()).map(|index| self.run(index))
    }
}
