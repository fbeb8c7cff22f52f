//! The time series of the measures (SPEC §6): one row per step from the
//! first recorded state on, and its CSV, the one writer the app's export and
//! the command-line tool's `--series` share.

use super::measures::{Measures, SERIES_HEADER};
use super::swarm::Swarm;

/// The rows a series keeps at least: its last million steps (40 000 s of
/// model time), about 48 MB. Older rows are dropped a quarter of this at a
/// time, so a series holds at most 1,25 million rows however long the swarm
/// runs, and recording stays O(1) per step on average.
pub const SERIES_KEPT_ROWS: usize = 1_000_000;

/// Rows of CSV per part of [`Series::csv_parts`]: about 8 MB of text each.
pub const CSV_ROWS_PER_PART: usize = 100_000;

/// The measures of consecutive steps `first_step ..= last_step`: the last
/// [`SERIES_KEPT_ROWS`] steps at least, every step while there are fewer.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    first_step: u64,
    rows: Vec<Measures>,
    /// Rows kept at least; between this and 1,25 × this, the oldest go.
    kept: usize,
    /// Rows dropped from the front since the series began.
    dropped: u64,
}

impl Default for Series {
    fn default() -> Self {
        Self::keeping(SERIES_KEPT_ROWS)
    }
}

impl Series {
    /// An empty series that keeps [`SERIES_KEPT_ROWS`] rows.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty series that keeps at least the last `kept` rows (≥ 4).
    #[must_use]
    pub fn keeping(kept: usize) -> Self {
        Self {
            first_step: 0,
            rows: Vec::new(),
            kept: kept.max(4),
            dropped: 0,
        }
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
            self.dropped = 0;
        } else {
            self.rows.truncate((step - self.first_step) as usize);
        }
        self.rows.push(measures);
        if self.rows.len() >= self.kept + self.kept / 4 {
            let old = self.rows.len() - self.kept;
            self.rows.drain(..old);
            self.first_step += old as u64;
            self.dropped += old as u64;
        }
    }

    /// Removes every row.
    pub fn clear(&mut self) {
        self.rows.clear();
        self.dropped = 0;
    }

    /// How many rows at the front were dropped since the series began: the
    /// steps before [`Series::first_step`] it no longer holds.
    #[must_use]
    pub fn dropped(&self) -> u64 {
        self.dropped
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
        self.csv_parts(self.rows.len().max(1)).collect()
    }

    /// The same CSV in parts of at most `rows_per_part` rows (≥ 1), the
    /// header at the start of the first: a long series is handed on part by
    /// part and never becomes one string (a browser's strings end at about
    /// 500 MB; a series of 6 million steps would be 480 MB).
    pub fn csv_parts(&self, rows_per_part: usize) -> impl Iterator<Item = String> + '_ {
        let rows_per_part = rows_per_part.max(1);
        let parts = self.rows.len().div_ceil(rows_per_part).max(1);
        (0..parts).map(move |part| {
            let start = part * rows_per_part;
            let rows = &self.rows[start..(start + rows_per_part).min(self.rows.len())];
            let mut csv = String::with_capacity(rows.len() * 96 + SERIES_HEADER.len() + 1);
            if part == 0 {
                csv.push_str(SERIES_HEADER);
                csv.push('\n');
            }
            for (offset, measures) in rows.iter().enumerate() {
                csv.push_str(&measures.csv_row(self.first_step + (start + offset) as u64));
            }
            csv
        })
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
    fn a_long_series_keeps_its_last_rows_in_bounded_memory() {
        let mut series = Series::keeping(8);
        for step in 0..=9 {
            series.record(step, row(step as f64));
        }
        // At 10 rows (8 + 8 / 4) the oldest two went.
        assert_eq!(
            (series.first_step(), series.last_step(), series.dropped()),
            (Some(2), Some(9), 2)
        );
        for step in 10..1_000 {
            series.record(step, row(step as f64));
            assert!(series.len() < 10, "never more than 1,25 × kept");
            assert!(series.len() >= 8, "never fewer than kept");
        }
        assert_eq!(series.last_step(), Some(999));
        assert_eq!(series.first_step(), Some(1_000 - series.len() as u64));
        assert_eq!(series.dropped(), series.first_step().expect("rows"));
        assert_eq!(
            series.rows()[0].mean_speed,
            series.dropped() as f64,
            "the right rows"
        );
        // Going back within the rows kept replaces as before; the count stays.
        series.record(995, row(-1.0));
        assert_eq!(
            (series.last_step(), series.dropped() > 0),
            (Some(995), true)
        );
        series.record(5, row(5.0));
        assert_eq!(
            (series.first_step(), series.dropped()),
            (Some(5), 0),
            "anew"
        );
        series.clear();
        assert_eq!(series.dropped(), 0);
    }

    #[test]
    fn the_csv_in_parts_is_the_csv() {
        let mut series = Series::new();
        for step in 40..47 {
            series.record(step, row(step as f64));
        }
        let whole = series.to_csv();
        for rows_per_part in [1, 2, 3, 7, 100] {
            let parts: Vec<String> = series.csv_parts(rows_per_part).collect();
            assert_eq!(parts.len(), 7usize.div_ceil(rows_per_part));
            assert_eq!(parts.concat(), whole, "{rows_per_part} rows per part");
            assert!(
                parts[1..].iter().all(|part| !part.contains("step")),
                "one header"
            );
        }
        assert_eq!(
            Series::new().csv_parts(5).collect::<Vec<_>>(),
            [format!("{SERIES_HEADER}\n")]
        );
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
