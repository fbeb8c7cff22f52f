//! The study chart's drawing (Leptos-free, tested natively): a chosen
//! measure's window mean over seeds against the first axis, one line per
//! value of the second axis, error bars of ± one standard deviation or
//! standard error of the runs' means, and every run as a faint dot that is
//! a link to its last state. Everything is placed here; the component only
//! draws what this module placed.

use std::collections::BTreeMap;

use super::run_href;
use crate::model::study::{Plan, ResultRow, WindowStatistics};
use crate::model::{Measure, ParamField};
use crate::texts::{format_value, label, measure_label};

/// What the error bars show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorBars {
    /// ± the sample standard deviation of the runs' means (their spread).
    Sd,
    /// ± the standard error of the mean, sd / √k (how sure the mean is).
    Sem,
}

/// The picture's size in SVG units (it scales with the page).
pub const WIDTH: f64 = 640.0;
pub const HEIGHT: f64 = 360.0;
/// The plot's margins inside the picture: room for ticks and axis labels.
pub const LEFT: f64 = 64.0;
pub const RIGHT: f64 = 16.0;
pub const TOP: f64 = 16.0;
pub const BOTTOM: f64 = 48.0;

/// Line colours, one per value of the second axis (repeated after eight).
const COLOURS: [&str; 8] = [
    "#1f6fb2", "#d9480f", "#2b8a3e", "#862e9c", "#c2255c", "#5c940d", "#1098ad", "#495057",
];

/// One grid point's mean with its error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mean {
    pub x: f64,
    pub mean: f64,
    pub error: Option<f64>,
}

/// A line: the second axis's value (if any) and its means in first-axis order.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub value: Option<f64>,
    pub means: Vec<Mean>,
}

/// A run's window mean.
#[derive(Debug, Clone, PartialEq)]
pub struct Dot {
    pub x: f64,
    pub y: f64,
    pub run: u64,
    pub seed: u32,
    pub line: usize,
    pub href: String,
}

/// Everything the chart draws.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartData {
    pub lines: Vec<Line>,
    pub dots: Vec<Dot>,
}

/// The chart's data for the rows there (a part while the study runs).
#[must_use]
pub fn chart_data(
    plan: &Plan,
    rows: &BTreeMap<u64, ResultRow>,
    measure: Measure,
    bars: ErrorBars,
) -> ChartData {
    let seeds = plan.seeds.len() as u64;
    let second = plan.axes.get(1).map_or(1, |axis| axis.values.len());
    let mut lines: Vec<Line> = (0..second)
        .map(|i| Line {
            value: plan.axes.get(1).map(|axis| axis.values[i]),
            means: Vec::new(),
        })
        .collect();
    let mut dots = Vec::new();
    for point in 0..plan.point_count() {
        let values = plan.point_values(point);
        let x = values.first().copied().unwrap_or(0.0);
        let line = (point % second as u64) as usize;
        let mut means = Vec::new();
        for run in point * seeds..(point + 1) * seeds {
            let Some(row) = rows.get(&run) else { continue };
            let Some(y) = row.stats.of(measure).mean else {
                continue;
            };
            means.push(Some(y));
            dots.push(Dot {
                x,
                y,
                run,
                seed: row.params.seed,
                line,
                href: run_href(&row.params, plan.steps),
            });
        }
        let over = WindowStatistics::of(&means);
        if let Some(mean) = over.mean {
            let error = match bars {
                ErrorBars::Sd => over.sd,
                ErrorBars::Sem => over.sd.map(|sd| sd / (means.len() as f64).sqrt()),
            };
            lines[line].means.push(Mean { x, mean, error });
        }
    }
    ChartData { lines, dots }
}

/// The smallest of 1, 2, 2.5, 5 × 10ᵏ at or above `value` (> 0).
fn nice_ceiling(value: f64) -> f64 {
    let power = 10f64.powf(value.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|step| step * power)
        .find(|&candidate| candidate >= value * (1.0 - 1e-12))
        .unwrap_or(10.0 * power)
}

/// A number for a tick: up to three decimals, decimal comma.
fn tick(value: f64) -> String {
    let text = format!("{:.3}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.replace('.', ",")
}

/// The y axis's top: a round number above every mean + error and dot
/// (polarization: 1).
fn y_top(data: &ChartData, measure: Measure) -> f64 {
    if measure == Measure::Polarization {
        return 1.0;
    }
    let highest = data
        .lines
        .iter()
        .flat_map(|line| &line.means)
        .map(|m| m.mean + m.error.unwrap_or(0.0))
        .chain(data.dots.iter().map(|dot| dot.y))
        .fold(0.0, f64::max);
    if highest > 0.0 {
        nice_ceiling(highest)
    } else {
        1.0
    }
}

/// A tick on an axis: where (in drawing units) and its German label.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub at: f64,
    pub label: String,
}

/// A run's dot where it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedDot {
    pub cx: f64,
    pub cy: f64,
    pub colour: &'static str,
    pub run: u64,
    pub seed: u32,
    pub href: String,
}

/// A mean where it is drawn, with its error bar as SVG path data.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedMean {
    pub cx: f64,
    pub cy: f64,
    pub error_bar: Option<String>,
}

/// A line where it is drawn: its polyline's points and its means.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedLine {
    pub colour: &'static str,
    pub points: String,
    pub means: Vec<PlacedMean>,
}

/// A legend entry: its row's baseline, the line's colour and the value.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    pub y: f64,
    pub colour: &'static str,
    pub text: String,
}

/// The legend's box (top right) and its entries; none without a second axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Legend {
    pub x: f64,
    pub y: f64,
    pub height: f64,
    pub entries: Vec<LegendEntry>,
}

/// Everything of the chart placed in the [`WIDTH`] × [`HEIGHT`] drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartLayout {
    /// The value axis: 0, quarter steps and the top, each with a grid line.
    pub y_ticks: Vec<Tick>,
    /// The first axis's values (none without an axis).
    pub x_ticks: Vec<Tick>,
    pub x_label: String,
    pub y_label: String,
    pub dots: Vec<PlacedDot>,
    pub lines: Vec<PlacedLine>,
    pub legend: Option<Legend>,
}

/// The chart's data placed in the drawing.
#[must_use]
pub fn layout(plan: &Plan, data: &ChartData, measure: Measure) -> ChartLayout {
    let first = plan.axes.first().map(|axis| axis.field);
    let xs: Vec<f64> = plan
        .axes
        .first()
        .map_or_else(|| vec![0.0], |axis| axis.values.clone());
    let (mut x_min, mut x_max) = xs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        });
    if x_min == x_max {
        x_min -= 1.0;
        x_max += 1.0;
    }
    let top = y_top(data, measure);
    let px = |x: f64| round(LEFT + (x - x_min) / (x_max - x_min) * (WIDTH - LEFT - RIGHT));
    let py = |y: f64| round(HEIGHT - BOTTOM - y / top * (HEIGHT - TOP - BOTTOM));
    let y_ticks = (0..=4)
        .map(|i| {
            let y = top * f64::from(i) / 4.0;
            Tick {
                at: py(y),
                label: tick(y),
            }
        })
        .collect();
    let x_ticks = first.map_or_else(Vec::new, |field| {
        xs.iter()
            .map(|&x| Tick {
                at: px(x),
                label: format_value(field, x),
            })
            .collect()
    });
    let dots = data
        .dots
        .iter()
        .map(|dot| PlacedDot {
            cx: px(dot.x),
            cy: py(dot.y),
            colour: colour(dot.line),
            run: dot.run,
            seed: dot.seed,
            href: dot.href.clone(),
        })
        .collect();
    let lines = data
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| PlacedLine {
            colour: colour(index),
            points: line
                .means
                .iter()
                .map(|m| format!("{:.1},{:.1}", px(m.x), py(m.mean)))
                .collect::<Vec<_>>()
                .join(" "),
            means: line
                .means
                .iter()
                .map(|m| {
                    let (x, y) = (px(m.x), py(m.mean));
                    let error_bar = m.error.map(|error| {
                        let (lo, hi) = (py((m.mean - error).max(0.0)), py(m.mean + error));
                        let left = x - 4.0;
                        format!("M{x:.1} {lo:.1}V{hi:.1}M{left:.1} {lo:.1}h8M{left:.1} {hi:.1}h8")
                    });
                    PlacedMean {
                        cx: x,
                        cy: y,
                        error_bar,
                    }
                })
                .collect(),
        })
        .collect();
    let entries = legend(plan);
    let legend = (!entries.is_empty()).then(|| {
        let (x, y) = (WIDTH - RIGHT - 150.0, TOP + 4.0);
        Legend {
            x,
            y,
            height: entries.len() as f64 * 16.0 + 6.0,
            entries: entries
                .into_iter()
                .enumerate()
                .map(|(i, (colour, text))| LegendEntry {
                    y: y + 15.0 + i as f64 * 16.0,
                    colour,
                    text,
                })
                .collect(),
        }
    });
    ChartLayout {
        y_ticks,
        x_ticks,
        x_label: first.map_or_else(|| "alle Läufe".to_owned(), axis_label),
        y_label: match measure.unit() {
            Some(unit) => format!("{} in {unit}", measure_label(measure)),
            None => measure_label(measure).to_owned(),
        },
        dots,
        lines,
        legend,
    }
}

/// A drawing coordinate to a tenth of a unit: finer is invisible, and the
/// page's markup stays short.
fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// The colour of line `index` (repeated after eight).
fn colour(index: usize) -> &'static str {
    COLOURS[index % COLOURS.len()]
}

/// The first axis's label with its unit: „Richtung“, „Radius in LE“.
fn axis_label(field: ParamField) -> String {
    match field.unit() {
        Some(unit) => format!("{} in {unit}", label(field)),
        None => label(field).to_owned(),
    }
}

/// The legend's entries: each line's colour and the second axis's value.
#[must_use]
pub fn legend(plan: &Plan) -> Vec<(&'static str, String)> {
    let Some(axis) = plan.axes.get(1) else {
        return Vec::new();
    };
    axis.values
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            (
                colour(i),
                format!(
                    "{} = {}",
                    label(axis.field),
                    format_value(axis.field, value)
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::study::{ResultsFile, results_header, row_line, run_statistics};

    fn plan() -> Plan {
        Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 20},
               "sweep": [{"parameter": "alignment", "values": [0, 1, 2]},
                         {"parameter": "radius", "values": [1, 2]}],
               "seeds": [1, 2, 3], "steps": 5, "burn_in": 1}"#,
        )
        .expect("valid")
    }

    fn rows(plan: &Plan) -> BTreeMap<u64, ResultRow> {
        let mut text = results_header(plan.id());
        for run in plan.runs().filter(|run| run.index != 4) {
            text.push_str(&row_line(&run, &run_statistics(&run.params, 5, 1, 1)));
        }
        ResultsFile::parse(&text).expect("rows").rows
    }

    #[test]
    fn means_over_seeds_per_line_with_both_kinds_of_error_bars() {
        let plan = plan();
        let rows = rows(&plan);
        let sd = chart_data(&plan, &rows, Measure::Polarization, ErrorBars::Sd);
        assert_eq!(sd.lines.len(), 2, "one line per radius");
        assert_eq!(sd.lines[1].value, Some(2.0));
        assert_eq!(sd.dots.len(), 17, "run 4 is missing");
        // Point 0 (alignment 0, radius 1): runs 0, 1, 2.
        let ys: Vec<Option<f64>> = (0..3)
            .map(|run| rows[&run].stats.of(Measure::Polarization).mean)
            .collect();
        let expected = WindowStatistics::of(&ys);
        let first = sd.lines[0].means[0];
        assert_eq!(
            (first.x, Some(first.mean), first.error),
            (0.0, expected.mean, expected.sd)
        );
        let sem = chart_data(&plan, &rows, Measure::Polarization, ErrorBars::Sem);
        assert_eq!(
            sem.lines[0].means[0].error,
            expected.sd.map(|sd| sd / 3f64.sqrt())
        );
        // Point 1 (alignment 0, radius 2) has two runs, 3 and 5.
        assert_eq!(sd.lines[1].means[0].x, 0.0);
        let dot = &sd.dots[4];
        assert_eq!((dot.run, dot.seed, dot.line), (5, 3, 1));
        assert!(
            dot.href
                .ends_with("&richtung=0&kohaesion=0.2&hoechsttempo=2&schritt=5"),
            "{}",
            dot.href
        );
    }

    #[test]
    fn the_layout_has_a_link_per_run_labels_and_a_line_per_value() {
        let plan = plan();
        let data = chart_data(&plan, &rows(&plan), Measure::MeanSpeed, ErrorBars::Sd);
        let placed = layout(&plan, &data, Measure::MeanSpeed);
        assert_eq!(placed.dots.len(), 17);
        assert_eq!(placed.lines.len(), 2);
        assert_eq!(placed.x_label, "Richtung");
        assert_eq!(placed.y_label, "Mittleres Tempo in LE/s");
        let x_labels: Vec<&str> = placed.x_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(x_labels, ["0", "1", "2"]);
        assert_eq!(
            (placed.x_ticks[0].at, placed.x_ticks[2].at),
            (LEFT, WIDTH - RIGHT),
            "the first axis spans the plot"
        );
        assert_eq!(placed.y_ticks[0].at, HEIGHT - BOTTOM, "0 at the bottom");
        assert_eq!(placed.y_ticks[4].at, TOP, "the top at the top");
        let line = &placed.lines[1];
        assert_eq!(line.colour, COLOURS[1]);
        assert_eq!(line.points.split(' ').count(), 3, "a point per alignment");
        assert!(line.means.iter().all(|m| m.error_bar.is_some()));
        let legend = placed.legend.expect("a legend for the second axis");
        assert_eq!(legend.entries[1].text, "Radius = 2");
        assert_eq!(legend.entries[1].colour, COLOURS[1]);
    }

    #[test]
    fn one_axis_has_no_legend_and_one_run_per_point_no_error_bar() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "radius", "values": [1, 2]}],
               "seeds": [7], "steps": 3, "burn_in": 0}"#,
        )
        .expect("valid");
        let mut text = results_header(plan.id());
        for run in plan.runs() {
            text.push_str(&row_line(&run, &run_statistics(&run.params, 3, 0, 1)));
        }
        let rows = ResultsFile::parse(&text).expect("rows").rows;
        let data = chart_data(&plan, &rows, Measure::Polarization, ErrorBars::Sd);
        let placed = layout(&plan, &data, Measure::Polarization);
        assert_eq!(placed.legend, None);
        assert_eq!(placed.y_ticks[4].label, "1", "polarization ends at 1");
        assert!(placed.lines[0].means.iter().all(|m| m.error_bar.is_none()));
    }

    #[test]
    fn round_tops_and_ticks() {
        assert_eq!(nice_ceiling(0.83), 1.0);
        assert_eq!(nice_ceiling(1.7), 2.0);
        assert_eq!(nice_ceiling(2.2), 2.5);
        assert_eq!(nice_ceiling(37.0), 50.0);
        assert_eq!(nice_ceiling(200.0), 200.0);
        assert_eq!(tick(0.25), "0,25");
        assert_eq!(tick(50.0), "50");
    }
}
