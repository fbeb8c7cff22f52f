//! The statistics of one run (SPEC §8): for every §6 measure its mean,
//! sample standard deviation and final value over the window's states, and
//! the polarization susceptibility. Sums run in step order, so the numbers
//! depend only on the run, never on where or alongside what it was computed.

use crate::model::{Measure, Measures, Params, Series, Swarm};

/// One measure over a window of n states.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowStatistics {
    /// `(Σ x_k) / n`, summed in step order; `None` where the measure is
    /// undefined (the nearest distance of a single boid).
    pub mean: Option<f64>,
    /// `sqrt(Σ (x_k − mean)² / (n − 1))`, summed in step order; `None` for
    /// n = 1 or an undefined measure.
    pub sd: Option<f64>,
    /// The value at the window's last step; `None` for an undefined measure.
    pub last: Option<f64>,
}

impl WindowStatistics {
    /// The statistics of `values` in step order (at least one); any
    /// undefined value makes the measure undefined over the window.
    #[must_use]
    pub fn of(values: &[Option<f64>]) -> Self {
        let undefined = Self {
            mean: None,
            sd: None,
            last: None,
        };
        let Some(values) = values.iter().copied().collect::<Option<Vec<f64>>>() else {
            return undefined;
        };
        let Some(&last) = values.last() else {
            return undefined;
        };
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let sd = (values.len() > 1).then(|| (squared_deviations(&values, mean) / (n - 1.0)).sqrt());
        Self {
            mean: Some(mean),
            sd,
            last: Some(last),
        }
    }
}

/// `Σ (x − mean)²` in the order of `values`.
fn squared_deviations(values: &[f64], mean: f64) -> f64 {
    values
        .iter()
        .map(|x| {
            let d = x - mean;
            d * d
        })
        .sum()
}

/// The statistics of one run over its window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunStatistics {
    /// One entry per measure, in the order of [`Measure::ALL`] (§6).
    pub measures: [WindowStatistics; 6],
    /// `N · Σ (φ_k − φ̄)² / n` with φ the polarization and φ̄ its window
    /// mean, summed in step order; dimensionless, ≥ 0.
    pub polarization_susceptibility: f64,
}

impl RunStatistics {
    /// The statistics of the window's measures `rows` (in step order, at
    /// least one) of a swarm of `count` boids.
    ///
    /// # Panics
    /// When `rows` is empty.
    #[must_use]
    pub fn of_window(rows: &[Measures], count: u32) -> Self {
        assert!(!rows.is_empty(), "a window holds at least one state");
        let measures = Measure::ALL.map(|measure| {
            let values: Vec<Option<f64>> = rows.iter().map(|row| row.get(measure)).collect();
            WindowStatistics::of(&values)
        });
        let polarization: Vec<f64> = rows.iter().map(|row| row.polarization).collect();
        let mean = measures[1].mean.expect("polarization is always defined");
        let susceptibility =
            f64::from(count) * squared_deviations(&polarization, mean) / rows.len() as f64;
        Self {
            measures,
            polarization_susceptibility: susceptibility,
        }
    }

    /// Whether every number is finite (undefined ones are absent, not NaN).
    #[must_use]
    pub fn is_finite(&self) -> bool {
        let finite = |value: Option<f64>| value.is_none_or(f64::is_finite);
        self.polarization_susceptibility.is_finite()
            && self
                .measures
                .iter()
                .all(|m| finite(m.mean) && finite(m.sd) && finite(m.last))
    }

    /// The statistics of one measure.
    #[must_use]
    pub fn of(&self, measure: Measure) -> WindowStatistics {
        let position = Measure::ALL
            .iter()
            .position(|&m| m == measure)
            .expect("every measure is listed");
        self.measures[position]
    }
}

/// Computes one run: the initial state of `params` (step 0), then `steps`
/// steps, exactly as Initialisieren and `steps` × Schritt; the measures of
/// every state from step `burn_in` to step `steps` make the window. The
/// swarm's step shares `threads` threads (results are the same for any).
///
/// # Panics
/// When `params` are invalid or `burn_in > steps`.
#[must_use]
pub fn run_statistics(params: &Params, steps: u64, burn_in: u64, threads: u32) -> RunStatistics {
    assert!(
        burn_in <= steps,
        "the window starts at or before the last step"
    );
    let mut swarm = Swarm::new(params).expect("a plan's runs have valid parameters");
    swarm.set_threads(threads);
    let mut window = Series::new();
    loop {
        let step = swarm.step_count();
        if step >= burn_in {
            window.record(step, swarm.measures());
        }
        if step == steps {
            break;
        }
        swarm.step();
    }
    RunStatistics::of_window(window.rows(), params.count)
}
