//! The time series of the measures (SPEC §6): one row per step from the
//! first recorded state on, and its CSV, the one writer the app's export and
//! the command-line tool's `--series` share.

use super::measures::{Measures, SERIES_HEADER};
use super::swarm::Swarm;

/// The measures of consecutive steps `first_step ..= last_step`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    first_step: u64,
    rows: Vec<Measures>,
}

impl Series {
    /// An empty series.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Records the measures of the state at `step`. A step right after the
    /// last row is appended; a step at or before it (the swarm went back)
    /// replaces that row and drops the rows after it; anything else (an
    /// empty series, a step before the first or beyond the next) starts the
    /// series anew at `step`. So the rows always run without a gap up to the
    /// step recorded last.
    pub fn record(&mut self, step: u64, measures: Measures) {
        let next = self.first_step + self.rows.len() as u64;
        if self.rows.is_empty() || step < self.first_step || step > next {
            self.first_step = step;
            self.rows.clear();
        } else {
            self.rows.truncate((step - self.first_step) as usize);
        }
        self.rows.push(measures);
    }

    /// Removes every row.
    pub fn clear(&mut self) {
        self.rows.clear();
    }

    /// The step of the first row; `None` when empty.
    #[must_use]
    pub fn first_step(&self) -> Option<u64> {
        (!self.rows.is_empty()).then_some(self.first_step)
    }

    /// The step of the last row; `None` when empty.
    #[must_use]
    pub fn last_step(&self) -> Option<u64> {
        (!self.rows.is_empty()).then(|| self.first_step + self.rows.len() as u64 - 1)
    }

    /// The rows, the first at [`Series::first_step`].
    #[must_use]
    pub fn rows(&self) -> &[Measures] {
        &self.rows
    }

    /// The measures of the last row.
    #[must_use]
    pub fn last(&self) -> Option<&Measures> {
        self.rows.last()
    }

    /// The number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is no row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The CSV of SPEC §6: the header and one line per row, each with its
    /// line break.
    #[must_use]
    pub fn to_csv(&self) -> String {
        let mut csv = String::with_capacity(SERIES_HEADER.len() + 1 + self.rows.len() * 128);
        csv.push_str(SERIES_HEADER);
        csv.push('\n');
        for (offset, measures) in self.rows.iter().enumerate() {
            csv.push_str(&measures.csv_row(self.first_step + offset as u64));
        }
        csv
    }
}

impl Swarm {
    /// The series CSV of SPEC §6 from the current state on: the header, the
    /// current step's row, then `steps` steps, each followed by its row (so
    /// `steps + 1` rows). The swarm is left after the last step.
    pub fn series_csv(&mut self, steps: u64) -> String {
        let mut csv = String::new();
        let written: Result<(), std::convert::Infallible> = self.write_series(steps, |text| {
            csv.push_str(text);
            Ok(())
        });
        match written {
            Ok(()) => csv,
        }
    }

    /// The same CSV as [`Swarm::series_csv`], handed to `write` a line at a
    /// time as each step is computed, so that a long series needs no memory
    /// for its rows. The first error of `write` stops the steps and is
    /// returned; the swarm is then left at the step of the last line written.
    pub fn write_series<E>(
        &mut self,
        steps: u64,
        mut write: impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        write(SERIES_HEADER)?;
        write("\n")?;
        write(&self.measures().csv_row(self.step_count()))?;
        for _ in 0..steps {
            self.step();
            write(&self.measures().csv_row(self.step_count()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(value: f64) -> Measures {
        Measures {
            mean_speed: value,
            polarization: 0.5,
            mean_neighbours: 0.0,
            groups: 1,
            largest_group: 1,
            mean_nearest_distance: None,
        }
    }

    #[test]
    fn going_back_replaces_the_row_and_drops_the_later_ones() {
        let mut series = Series::new();
        for step in 3..=7 {
            series.record(step, row(step as f64));
        }
        assert_eq!(
            (series.first_step(), series.last_step()),
            (Some(3), Some(7))
        );
        series.record(5, row(50.0));
        assert_eq!(series.last_step(), Some(5));
        assert_eq!(series.rows()[2].mean_speed, 50.0);
        series.record(6, row(6.0));
        assert_eq!(series.len(), 4);
    }

    #[test]
    fn a_gap_or_a_step_before_the_first_starts_anew() {
        let mut series = Series::new();
        series.record(3, row(3.0));
        series.record(9, row(9.0));
        assert_eq!((series.first_step(), series.len()), (Some(9), 1));
        series.record(2, row(2.0));
        assert_eq!((series.first_step(), series.len()), (Some(2), 1));
        series.clear();
        assert_eq!((series.first_step(), series.last()), (None, None));
    }

    #[test]
    fn the_csv_numbers_its_rows_from_the_first_step() {
        let mut series = Series::new();
        series.record(25, row(1.5));
        series.record(26, row(2.0));
        assert_eq!(
            series.to_csv(),
            format!("{SERIES_HEADER}\n25,1,1.5,0.5,0,1,1,\n26,1.04,2,0.5,0,1,1,\n")
        );
    }
}
