//! The „Verlauf“ charts as plain data: one small chart per measure of the
//! whole swarm (SPEC §6) over model time, decimated for drawing. Each pixel
//! column of the plot area draws the least and the greatest value of the
//! steps that fall into it, so a chart of an hour (90 000 steps) costs a few
//! hundred points and still shows every spike; the series itself stays whole
//! for the export.

use std::fmt::Write as _;

use crate::app::format::{GROUP_SEPARATOR, format_decimal, format_measure};
use crate::app::view::scene::{Anchor, Dot, Label, Scene, Segment, Stroke};
use crate::model::{Measure, STEP_SECONDS, Series};
use crate::texts::german_number;

/// Width of a chart's SVG drawing, in its own units (about pixels).
pub const WIDTH: f64 = 320.0;
/// Height of a chart's SVG drawing.
pub const HEIGHT: f64 = 132.0;
/// The plot area: left edge (room for the y labels).
pub const PLOT_LEFT: f64 = 44.0;
/// The plot area: right edge.
pub const PLOT_RIGHT: f64 = 312.0;
/// The plot area: top edge.
pub const PLOT_TOP: f64 = 8.0;
/// The plot area: bottom edge (below it the time axis).
pub const PLOT_BOTTOM: f64 = 100.0;
/// Pixel columns of the plot area: at most two points each are drawn.
pub const COLUMNS: usize = (PLOT_RIGHT - PLOT_LEFT) as usize;
/// The time axis spans at least this many steps (1 s), so a new series grows
/// from the left instead of stretching two points over the whole width.
const MIN_SPAN_STEPS: u64 = 25;

/// A tick on an axis: where (in drawing units) and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// Position along the axis in drawing units.
    pub at: f64,
    /// The German label.
    pub label: String,
}

/// One measure's chart, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The measure drawn.
    pub measure: Measure,
    /// SVG path data of the line (empty when there is nothing to draw).
    pub path: String,
    /// Points in the path: at most two per pixel column.
    pub points: usize,
    /// The current (last) value's point, marked in the chart.
    pub marker: Option<(f64, f64)>,
    /// The current value in German with its unit.
    pub current: String,
    /// Ticks of the value axis (y).
    pub value_ticks: Vec<Tick>,
    /// Ticks of the time axis (x), in seconds.
    pub time_ticks: Vec<Tick>,
}

/// The least number of the form 1, 2 or 5 × 10^k at or above `value > 0`.
#[must_use]
pub fn nice_ceiling(value: f64) -> f64 {
    let power = 10f64.powf(value.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&nice| nice >= value)
        .unwrap_or(10.0 * power)
}

/// The chart of `measure` over the whole series (empty for an empty series).
#[must_use]
pub fn chart(series: &Series, measure: Measure) -> Chart {
    let rows = series.rows();
    let first = series.first_step().unwrap_or(0);
    let span = (rows.len().saturating_sub(1) as u64).max(MIN_SPAN_STEPS);
    let values = || rows.iter().map(move |row| row.get(measure));
    let greatest = values().flatten().fold(0.0f64, f64::max);
    // Polarization has the fixed range 0 ..= 1; the others start at 0 and
    // end at a round number above their greatest value.
    let top = match measure {
        Measure::Polarization => 1.0,
        _ if greatest > 0.0 => nice_ceiling(greatest),
        _ => 1.0,
    };
    let x_of = |offset: f64| PLOT_LEFT + offset / span as f64 * (PLOT_RIGHT - PLOT_LEFT);
    let y_of = |value: f64| PLOT_BOTTOM - (value / top).clamp(0.0, 1.0) * (PLOT_BOTTOM - PLOT_TOP);
    // Per pixel column: the first, least, greatest and last value.
    let mut columns: Vec<Option<[f64; 4]>> = vec![None; COLUMNS + 1];
    for (offset, value) in values().enumerate() {
        let Some(value) = value else { continue };
        let column = offset * COLUMNS / span as usize;
        let entry = columns[column.min(COLUMNS)].get_or_insert([value; 4]);
        entry[1] = entry[1].min(value);
        entry[2] = entry[2].max(value);
        entry[3] = value;
    }
    let mut path = String::new();
    let mut points = 0;
    for (column, entry) in columns.iter().enumerate() {
        let Some([first_value, least, greatest, last_value]) = *entry else {
            continue;
        };
        let x = PLOT_LEFT + column as f64;
        // Through the column in the direction the values went.
        let ends = if first_value <= last_value {
            [least, greatest]
        } else {
            [greatest, least]
        };
        let count = if least == greatest { 1 } else { 2 };
        for value in &ends[..count] {
            let command = if points == 0 { 'M' } else { 'L' };
            let _ = write!(path, "{command}{x:.1} {:.1}", y_of(*value));
            points += 1;
        }
    }
    let last = rows.len().checked_sub(1);
    let current = last.and_then(|offset| rows[offset].get(measure));
    let marker = last
        .zip(current)
        .map(|(offset, value)| (x_of(offset as f64), y_of(value)));
    Chart {
        measure,
        path,
        points,
        marker,
        current: format_measure(measure, current),
        value_ticks: value_ticks(top, y_of),
        time_ticks: time_ticks(first, span, x_of),
    }
}

/// 0, the middle and the top of the value axis, in shortest form
/// (`0`, `2,5`, `5`).
fn value_ticks(top: f64, y_of: impl Fn(f64) -> f64) -> Vec<Tick> {
    [0.0, top / 2.0, top]
        .into_iter()
        .map(|value| Tick {
            at: y_of(value),
            label: german_number(&value.to_string(), Some(GROUP_SEPARATOR)),
        })
        .collect()
}

/// Round seconds (1, 2 or 5 × 10^k apart, three to six of them) along the
/// time axis from step `first` over `span` steps.
fn time_ticks(first: u64, span: u64, x_of: impl Fn(f64) -> f64) -> Vec<Tick> {
    let start = first as f64 * STEP_SECONDS;
    let seconds = span as f64 * STEP_SECONDS;
    let step = nice_ceiling(seconds / 5.0);
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    let first_tick = (start / step).ceil();
    let end = start + seconds * (1.0 + 1e-9);
    // Counted by an integer, not by adding to a float: beyond 2^53 adding
    // 1.0 no longer changes a float, and a loop on it would never end.
    (0..MAX_TIME_TICKS)
        .map(|index| (first_tick + f64::from(index)) * step)
        .take_while(|&time| time <= end)
        .map(|time| Tick {
            at: x_of((time - start) / STEP_SECONDS),
            label: format_decimal(time, decimals),
        })
        .collect()
}

/// At most this many time ticks: with 1, 2 or 5 × 10^k apart over a span,
/// six fit, one more for rounding.
const MAX_TIME_TICKS: u32 = 7;

impl Chart {
    /// The chart's shapes: grid lines with the value ticks, the axes, the
    /// time ticks, the decimated line, a dot on the current value and the
    /// axis's name.
    #[must_use]
    pub fn scene(&self) -> Scene {
        let mut scene = Scene::default();
        for tick in &self.value_ticks {
            scene.segments.push(Segment {
                class: "grid-line",
                x1: PLOT_LEFT,
                y1: tick.at,
                x2: PLOT_RIGHT,
                y2: tick.at,
            });
            scene.labels.push(Label {
                class: "tick-label",
                x: PLOT_LEFT - 4.0,
                y: tick.at + 3.5,
                anchor: Anchor::End,
                upright: false,
                text: tick.label.clone(),
            });
        }
        scene.segments.extend([
            Segment {
                class: "axis",
                x1: PLOT_LEFT,
                y1: PLOT_BOTTOM,
                x2: PLOT_RIGHT,
                y2: PLOT_BOTTOM,
            },
            Segment {
                class: "axis",
                x1: PLOT_LEFT,
                y1: PLOT_TOP,
                x2: PLOT_LEFT,
                y2: PLOT_BOTTOM,
            },
        ]);
        for tick in &self.time_ticks {
            scene.segments.push(Segment {
                class: "tick",
                x1: tick.at,
                y1: PLOT_BOTTOM,
                x2: tick.at,
                y2: PLOT_BOTTOM + 4.0,
            });
            scene.labels.push(Label {
                class: "tick-label",
                x: tick.at,
                y: PLOT_BOTTOM + 14.0,
                anchor: Anchor::Middle,
                upright: false,
                text: tick.label.clone(),
            });
        }
        scene.strokes.push(Stroke {
            class: "series-line",
            d: self.path.clone(),
            colour: None,
        });
        scene.dots.extend(self.marker.map(|(cx, cy)| Dot {
            class: "series-marker",
            cx,
            cy,
            r: 3.5,
            colour: None,
            link: None,
        }));
        scene.labels.push(Label {
            class: "axis-label",
            x: (PLOT_LEFT + PLOT_RIGHT) / 2.0,
            y: HEIGHT - 4.0,
            anchor: Anchor::Middle,
            upright: false,
            text: "Modellzeit in s".to_owned(),
        });
        scene
    }
}

/// The file name of the exported series at step `step`.
#[must_use]
pub fn series_file_name(step: u64) -> String {
    format!("boids-schwarm-verlauf-{step}.csv")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measures;

    fn row(speed: f64) -> Measures {
        Measures {
            mean_speed: speed,
            polarization: 0.5,
            mean_neighbours: 3.0,
            groups: 4,
            largest_group: 7,
            mean_nearest_distance: None,
        }
    }

    fn series(values: impl IntoIterator<Item = f64>, first: u64) -> Series {
        let mut series = Series::new();
        for (k, value) in values.into_iter().enumerate() {
            series.record(first + k as u64, row(value));
        }
        series
    }

    #[test]
    fn nice_ceilings() {
        assert_eq!(nice_ceiling(0.7), 1.0);
        assert_eq!(nice_ceiling(1.0), 1.0);
        assert_eq!(nice_ceiling(1.3), 2.0);
        assert_eq!(nice_ceiling(3.0), 5.0);
        assert_eq!(nice_ceiling(170.0), 200.0);
    }

    #[test]
    fn an_hour_is_drawn_with_two_points_per_column_and_keeps_its_spike() {
        // 90 000 steps (one hour), one spike in the middle.
        let values = (0..90_000).map(|k| if k == 45_000 { 9.0 } else { 1.0 });
        let chart = chart(&series(values, 0), Measure::MeanSpeed);
        assert!(chart.points <= 2 * (COLUMNS + 1), "{}", chart.points);
        // The spike reaches the top of the axis (its round ceiling is 10).
        let spike_y = PLOT_BOTTOM - 0.9 * (PLOT_BOTTOM - PLOT_TOP);
        assert!(
            chart.path.contains(&format!(" {spike_y:.1}")),
            "{}",
            chart.path
        );
        assert_eq!(chart.current, "1,000 LE/s");
        let labels: Vec<&str> = chart.time_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0", "1000", "2000", "3000"]);
    }

    #[test]
    fn a_series_far_out_in_time_gets_its_ticks_at_once() {
        // Once a state file could start near 5·10^16 steps, where adding 1.0
        // to a float no longer changes it and the tick loop never ended.
        for first in [
            crate::model::MAX_STEP - 5,
            50_000_000_000_000_000,
            u64::MAX - 5,
        ] {
            let chart = chart(&series([1.0, 2.0, 3.0], first), Measure::MeanSpeed);
            assert!(!chart.time_ticks.is_empty(), "{first}");
            assert!(chart.time_ticks.len() <= MAX_TIME_TICKS as usize, "{first}");
        }
    }

    #[test]
    fn a_short_series_grows_from_the_left_and_marks_its_last_value() {
        let chart = chart(&series([1.0, 2.0, 4.0], 10), Measure::MeanSpeed);
        assert_eq!(chart.points, 3);
        let (x, y) = chart.marker.expect("a current value");
        assert_eq!(x, PLOT_LEFT + 2.0 / 25.0 * (PLOT_RIGHT - PLOT_LEFT));
        assert!((y - (PLOT_TOP + 0.2 * (PLOT_BOTTOM - PLOT_TOP))).abs() < 1e-9);
        // Steps 10 ..= 35: 0,4 s to 1,4 s.
        let labels: Vec<&str> = chart.time_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0,4", "0,6", "0,8", "1,0", "1,2", "1,4"]);
        let values: Vec<&str> = chart.value_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(values, ["0", "2,5", "5"]);
    }

    #[test]
    fn an_undefined_measure_draws_nothing_and_an_empty_series_too() {
        let one = chart(&series([1.0], 0), Measure::MeanNearestDistance);
        assert_eq!(
            (one.path.as_str(), one.marker, one.current.as_str()),
            ("", None, "–")
        );
        let empty = chart(&Series::new(), Measure::Polarization);
        assert_eq!((empty.points, empty.marker), (0, None));
    }

    #[test]
    fn the_value_axis_is_labelled_in_german_from_zero_to_a_round_top() {
        let chart = chart(&series([1.0, 2.0, 4.0], 10), Measure::MeanSpeed);
        let labels: Vec<&str> = chart.value_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0", "2,5", "5"]);
        assert_eq!(chart.value_ticks[0].at, PLOT_BOTTOM);
        assert_eq!(chart.value_ticks[2].at, PLOT_TOP);
        let scene = chart.scene();
        assert_eq!(scene.texts("tick-label")[..3], ["0", "2,5", "5"]);
        assert_eq!(scene.texts("axis-label"), ["Modellzeit in s"]);
        assert_eq!(scene.strokes[0].d, chart.path);
        assert_eq!(scene.dots.len(), 1, "the current value");
    }

    #[test]
    fn the_file_name_carries_the_step() {
        assert_eq!(series_file_name(42), "boids-schwarm-verlauf-42.csv");
    }
}
