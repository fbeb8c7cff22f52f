//! The statistics of one run (SPEC §8): for every §6 measure its mean,
//! sample standard deviation and final value over the window's states, and
//! the polarization susceptibility. Sums run in step order, so the numbers
//! depend only on the run, never on where or alongside what it was computed.
//!
//! A run keeps of each window state only its six measures in a compact
//! [`WindowState`] ([`WINDOW_STEP_BYTES`] bytes), in a window reserved once
//! at its final length: the standard deviations need every value after the
//! mean, so the values themselves are kept, but nothing else.

use crate::model::{Measure, MeasureSet, Measures, Params, Swarm};

use super::plan::MAX_STEPS;

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
    /// No value: an undefined measure, or one not computed.
    pub const NONE: Self = Self {
        mean: None,
        sd: None,
        last: None,
    };

    /// The statistics of `values` in step order (at least one); any
    /// undefined value makes the measure undefined over the window.
    #[must_use]
    pub fn of(values: &[Option<f64>]) -> Self {
        Self::of_sequence(values.iter().copied())
    }

    /// [`WindowStatistics::of`] of the values `values` yields, walked again
    /// for each sum (so nothing is copied): the same sums in the same order.
    fn of_sequence(values: impl Iterator<Item = Option<f64>> + Clone) -> Self {
        if values.clone().any(|value| value.is_none()) {
            return Self::NONE;
        }
        let values = values.flatten();
        let Some(last) = values.clone().last() else {
            return Self::NONE;
        };
        let len = values.clone().count();
        let n = len as f64;
        let mean = values.clone().sum::<f64>() / n;
        let sd = (len > 1).then(|| (squared_deviations(values, mean) / (n - 1.0)).sqrt());
        Self {
            mean: Some(mean),
            sd,
            last: Some(last),
        }
    }
}

/// The Binder cumulant of a window's polarizations φ_k (SPEC §8):
/// `1 − (Σ φ_k⁴ / n) / (3 · (Σ φ_k² / n)²)`, both sums in step order, φ⁴
/// taken as (φ²)²; `None` for an empty window or where Σ φ_k² = 0. Near
/// 2/3 in an ordered phase, near 4/9 in a disordered one (in 3D); the
/// curves of different swarm sizes cross at an ordering transition.
#[must_use]
pub fn binder_cumulant(polarizations: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut squares, mut fourths, mut n) = (0.0, 0.0, 0u64);
    for phi in polarizations {
        let square = phi * phi;
        squares += square;
        fourths += square * square;
        n += 1;
    }
    if n == 0 || squares == 0.0 {
        return None;
    }
    let n = n as f64;
    let second = squares / n;
    Some(1.0 - (fourths / n) / (3.0 * (second * second)))
}

/// `Σ (x − mean)²` in the order of `values`.
fn squared_deviations(values: impl Iterator<Item = f64>, mean: f64) -> f64 {
    values
        .map(|x| {
            let d = x - mean;
            d * d
        })
        .sum()
}

/// The six measures of one window state as a run keeps them: the four
/// real-valued ones as f64, the two counts (`1 ..= N ≤ 50 000`) as u32. The
/// mean nearest distance is 0 where undefined; [`Window`] says so once for
/// the whole window.
#[derive(Debug, Clone, Copy, PartialEq)]
struct WindowState {
    mean_speed: f64,
    polarization: f64,
    mean_neighbours: f64,
    mean_nearest_distance: f64,
    groups: u32,
    largest_group: u32,
}

/// The bytes a run keeps per state of its window: one [`WindowState`]
/// (40 on every target; a full [`Measures`] row takes 48).
pub const WINDOW_STEP_BYTES: u64 = std::mem::size_of::<WindowState>() as u64;

impl WindowState {
    fn of(measures: &Measures) -> Self {
        Self {
            mean_speed: measures.mean_speed,
            polarization: measures.polarization,
            mean_neighbours: measures.mean_neighbours,
            mean_nearest_distance: measures.mean_nearest_distance.unwrap_or(0.0),
            groups: measures.groups,
            largest_group: measures.largest_group,
        }
    }

    /// A measure's value, as [`Measures::get`] gives it (`nearest_defined`:
    /// whether the nearest distance is defined).
    fn get(&self, measure: Measure, nearest_defined: bool) -> Option<f64> {
        let measures = Measures {
            mean_speed: self.mean_speed,
            polarization: self.polarization,
            mean_neighbours: self.mean_neighbours,
            groups: self.groups,
            largest_group: self.largest_group,
            mean_nearest_distance: nearest_defined.then_some(self.mean_nearest_distance),
        };
        measures.get(measure)
    }
}

/// A run's window: its states' measures in step order.
struct Window {
    states: Vec<WindowState>,
    /// Whether every state's mean nearest distance is defined.
    nearest_defined: bool,
}

impl Window {
    /// An empty window with room for `len` states reserved at once (so it
    /// never grows by doubling), at most a plan's longest.
    fn with_room(len: u64) -> Self {
        let room = usize::try_from(len.min(MAX_STEPS + 1)).unwrap_or(0);
        Self {
            states: Vec::with_capacity(room),
            nearest_defined: true,
        }
    }

    fn push(&mut self, measures: &Measures) {
        self.nearest_defined &= measures.mean_nearest_distance.is_some();
        self.states.push(WindowState::of(measures));
    }

    /// The statistics of the measures `set` of the states of a swarm of
    /// `count` boids.
    fn statistics(&self, count: u32, set: MeasureSet) -> RunStatistics {
        let defined = self.nearest_defined;
        RunStatistics::of_values(
            |measure| self.states.iter().map(move |s| s.get(measure, defined)),
            count,
            set,
        )
    }
}

/// The statistics of one run over its window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunStatistics {
    /// One entry per measure, in the order of [`Measure::ALL`] (§6); a
    /// measure the run did not compute is [`WindowStatistics::NONE`].
    pub measures: [WindowStatistics; 6],
    /// `N · Σ (φ_k − φ̄)² / n` with φ the polarization and φ̄ its window
    /// mean, summed in step order; dimensionless, ≥ 0. `None` when the
    /// polarization was not computed.
    pub polarization_susceptibility: Option<f64>,
    /// [`binder_cumulant`] of the window's polarizations; `None` when the
    /// polarization was not computed, where Σ φ² = 0, and in rows of
    /// results version 1 (which had no such column).
    pub polarization_binder: Option<f64>,
}

impl RunStatistics {
    /// The statistics of the window's measures `rows` (in step order, at
    /// least one) of a swarm of `count` boids: all of them.
    ///
    /// # Panics
    /// When `rows` is empty.
    #[must_use]
    pub fn of_window(rows: &[Measures], count: u32) -> Self {
        assert!(!rows.is_empty(), "a window holds at least one state");
        Self::of_values(
            |measure| rows.iter().map(move |row| row.get(measure)),
            count,
            MeasureSet::ALL,
        )
    }

    /// The statistics of the measures `set` of a window whose values of a
    /// measure `values` yields in step order (at least one state,
    /// polarization always defined).
    fn of_values<I>(values: impl Fn(Measure) -> I, count: u32, set: MeasureSet) -> Self
    where
        I: Iterator<Item = Option<f64>> + Clone,
    {
        let measures = Measure::ALL.map(|measure| {
            if set.contains(measure) {
                WindowStatistics::of_sequence(values(measure))
            } else {
                WindowStatistics::NONE
            }
        });
        let (susceptibility, binder) = if set.contains(Measure::Polarization) {
            let polarization = values(Measure::Polarization).flatten();
            let mean = measures[1].mean.expect("polarization is always defined");
            let n = polarization.clone().count() as f64;
            (
                Some(f64::from(count) * squared_deviations(polarization.clone(), mean) / n),
                binder_cumulant(polarization),
            )
        } else {
            (None, None)
        };
        Self {
            measures,
            polarization_susceptibility: susceptibility,
            polarization_binder: binder,
        }
    }

    /// Whether every number is finite (undefined ones are absent, not NaN).
    #[must_use]
    pub fn is_finite(&self) -> bool {
        let finite = |value: Option<f64>| value.is_none_or(f64::is_finite);
        finite(self.polarization_susceptibility)
            && finite(self.polarization_binder)
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

/// One number per run that the summary averages over a grid point's seeds
/// and the study chart draws: a measure's window mean, the polarization
/// susceptibility or the Binder cumulant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// `m_mean` of a measure.
    Mean(Measure),
    /// `polarization_susceptibility`.
    Susceptibility,
    /// `polarization_binder`.
    Binder,
}

impl Quantity {
    /// The column name the summary's `_mean`, `_sd` and `_sem` follow.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Mean(measure) => measure.key(),
            Self::Susceptibility => "polarization_susceptibility",
            Self::Binder => "polarization_binder",
        }
    }

    /// The run's value (`None`: undefined or not computed).
    #[must_use]
    pub fn of(self, stats: &RunStatistics) -> Option<f64> {
        match self {
            Self::Mean(measure) => stats.of(measure).mean,
            Self::Susceptibility => stats.polarization_susceptibility,
            Self::Binder => stats.polarization_binder,
        }
    }
}

/// Computes one run: the initial state of `params` (step 0), then `steps`
/// steps, exactly as Initialisieren and `steps` × Schritt; the measures
/// `set` of every state from step `burn_in` to step `steps` make the
/// window (the others are not computed). The swarm's step shares `threads`
/// threads (results are the same for any).
///
/// # Panics
/// When `params` are invalid or `burn_in > steps`.
#[must_use]
pub fn run_statistics(
    params: &Params,
    steps: u64,
    burn_in: u64,
    threads: u32,
    set: MeasureSet,
) -> RunStatistics {
    assert!(
        burn_in <= steps,
        "the window starts at or before the last step"
    );
    let mut swarm = Swarm::new(params).expect("a plan's runs have valid parameters");
    swarm.set_threads(threads);
    let mut window = Window::with_room(steps - burn_in + 1);
    loop {
        let step = swarm.step_count();
        if step >= burn_in {
            window.push(&swarm.measures_among(set));
        }
        if step == steps {
            break;
        }
        swarm.step();
    }
    window.statistics(params.count, set)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statistics by the formulas in plain loops over full rows, as a
    /// run computed them before it kept a compact window: the reference.
    fn by_the_formulas(rows: &[Measures], count: u32) -> RunStatistics {
        let n = rows.len() as f64;
        let of = |measure: Measure| {
            let values: Option<Vec<f64>> = rows.iter().map(|row| row.get(measure)).collect();
            let Some(values) = values else {
                return WindowStatistics {
                    mean: None,
                    sd: None,
                    last: None,
                };
            };
            let mut sum = 0.0;
            for x in &values {
                sum += x;
            }
            let mean = sum / n;
            let mut squares = 0.0;
            for x in &values {
                squares += (x - mean) * (x - mean);
            }
            WindowStatistics {
                mean: Some(mean),
                sd: (values.len() > 1).then(|| (squares / (n - 1.0)).sqrt()),
                last: values.last().copied(),
            }
        };
        let measures = Measure::ALL.map(of);
        let mean = measures[1].mean.unwrap();
        let (mut squares, mut second, mut fourth) = (0.0, 0.0, 0.0);
        for row in rows {
            squares += (row.polarization - mean) * (row.polarization - mean);
            second += row.polarization * row.polarization;
            fourth += (row.polarization * row.polarization) * (row.polarization * row.polarization);
        }
        RunStatistics {
            measures,
            polarization_susceptibility: Some(f64::from(count) * squares / n),
            polarization_binder: (second != 0.0)
                .then(|| 1.0 - (fourth / n) / (3.0 * ((second / n) * (second / n)))),
        }
    }

    /// Every number's bits (`==` would take −0 for 0).
    fn bits(stats: &RunStatistics) -> Vec<Option<u64>> {
        let mut bits = vec![
            stats.polarization_susceptibility.map(f64::to_bits),
            stats.polarization_binder.map(f64::to_bits),
        ];
        for m in &stats.measures {
            bits.extend([m.mean, m.sd, m.last].map(|v| v.map(f64::to_bits)));
        }
        bits
    }

    fn compact(rows: &[Measures], count: u32) -> RunStatistics {
        let mut window = Window::with_room(rows.len() as u64);
        for row in rows {
            window.push(row);
        }
        window.statistics(count, MeasureSet::ALL)
    }

    #[test]
    fn a_window_state_is_smaller_than_a_row() {
        assert_eq!(WINDOW_STEP_BYTES, 40);
        assert_eq!(std::mem::size_of::<Measures>(), 48);
    }

    #[test]
    fn the_compact_window_gives_the_formulas_bits_in_step_order() {
        // Values whose sum depends on the order: 1e16 + 1 + 1 stays 1e16
        // in step order, while 1 + 1 + 1e16 is 1e16 + 2.
        let row = |speed: f64, nearest: Option<f64>, groups: u32| Measures {
            mean_speed: speed,
            polarization: speed / 3e16,
            mean_neighbours: 1.0 / speed,
            groups,
            largest_group: 50_000 - groups,
            mean_nearest_distance: nearest,
        };
        let rows: Vec<Measures> = [1e16, 1.0, 1.0, 3.0, 0.1]
            .iter()
            .zip(1..)
            .map(|(&speed, groups)| row(speed, Some(speed.sqrt()), groups))
            .collect();
        let expected = by_the_formulas(&rows, 50_000);
        assert_eq!(bits(&compact(&rows, 50_000)), bits(&expected));
        assert_eq!(
            bits(&RunStatistics::of_window(&rows, 50_000)),
            bits(&expected)
        );
        let mut reversed = rows.clone();
        reversed.reverse();
        assert_ne!(
            bits(&compact(&reversed, 50_000)),
            bits(&expected),
            "the order of the sums shows"
        );
        // One undefined nearest distance makes it undefined for the window.
        let mut gap = rows.clone();
        gap[2].mean_nearest_distance = None;
        let stats = compact(&gap, 50_000);
        assert_eq!(bits(&stats), bits(&by_the_formulas(&gap, 50_000)));
        assert_eq!(stats.of(Measure::MeanNearestDistance).mean, None);
        // One state: no standard deviation.
        assert_eq!(
            bits(&compact(&rows[..1], 1)),
            bits(&by_the_formulas(&rows[..1], 1))
        );
    }

    #[test]
    fn runs_give_the_formulas_bits_over_their_full_rows() {
        for (count, radius, steps, burn_in) in
            [(1, 1.0, 9, 0), (30, 1.2, 60, 20), (200, 2.5, 25, 25)]
        {
            let params = Params {
                count,
                seed: 11,
                radius,
                ..Params::default()
            };
            let mut swarm = Swarm::new(&params).unwrap();
            let mut rows = Vec::new();
            for step in 0..=steps {
                if step >= burn_in {
                    rows.push(swarm.measures());
                }
                if step < steps {
                    swarm.step();
                }
            }
            assert_eq!(
                bits(&run_statistics(&params, steps, burn_in, 1, MeasureSet::ALL)),
                bits(&by_the_formulas(&rows, count)),
                "N = {count}"
            );
        }
    }

    #[test]
    fn a_run_of_some_measures_gives_the_full_runs_bits_for_those_only() {
        let window_bits =
            |m: &WindowStatistics| [m.mean, m.sd, m.last].map(|v| v.map(f64::to_bits));
        for (count, radius) in [(60, 0.9), (1, 1.0), (400, 0.3)] {
            let params = Params {
                count,
                seed: 5,
                radius,
                ..Params::default()
            };
            let full = run_statistics(&params, 30, 10, 1, MeasureSet::ALL);
            for bits in 1..64 {
                let set = MeasureSet::from_bits(bits).unwrap();
                let part = run_statistics(&params, 30, 10, 2, set);
                for (position, measure) in Measure::ALL.into_iter().enumerate() {
                    let expected = if set.contains(measure) {
                        full.measures[position]
                    } else {
                        WindowStatistics::NONE
                    };
                    assert_eq!(
                        window_bits(&part.measures[position]),
                        window_bits(&expected),
                        "{measure:?} of {set:?}, N = {count}"
                    );
                }
                let polarization = set.contains(Measure::Polarization);
                let only = |value: Option<f64>| value.filter(|_| polarization).map(f64::to_bits);
                assert_eq!(
                    part.polarization_susceptibility.map(f64::to_bits),
                    only(full.polarization_susceptibility)
                );
                assert_eq!(
                    part.polarization_binder.map(f64::to_bits),
                    only(full.polarization_binder)
                );
            }
        }
    }
}
