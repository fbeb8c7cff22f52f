//! The study chart's drawing (Leptos-free, tested natively): a chosen
//! measure's window mean over seeds against the first axis, one line per
//! value of the second axis, error bars of ± one standard deviation or
//! standard error of the runs' means, and every run as a faint dot that is
//! a link to its last state. Everything is placed here, as a
//! [`Scene`] that the shared chart component draws.

use std::collections::BTreeMap;

use super::run_href;
use crate::app::view::scene::{Anchor, Dot, Label, Link, Scene, Segment, Stroke, Swatch};
use crate::model::study::{Plan, Quantity, ResultRow, WindowStatistics};
use crate::model::{Measure, ParamField};
use crate::texts::{format_axis_value, label, quantity_label};

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
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 48.0;

/// Up to this many runs each dot is a link to its run; beyond, the dots
/// are drawn as one path per line, without links.
pub const MAX_LINKED_DOTS: usize = 1_000;

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
pub struct RunPoint {
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
    pub dots: Vec<RunPoint>,
}

/// The chart's data for the rows there (a part while the study runs), with
/// a dot per run or (`with_dots` false) the means alone.
#[must_use]
pub fn chart_data(
    plan: &Plan,
    rows: &BTreeMap<u64, ResultRow>,
    quantity: Quantity,
    bars: ErrorBars,
    with_dots: bool,
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
    // Beyond MAX_LINKED_DOTS the dots carry no links (chart_scene): their
    // addresses are not even formatted.
    let linked = rows.len() <= MAX_LINKED_DOTS;
    for point in 0..plan.point_count() {
        let values = plan.point_values(point);
        let x = values.first().copied().unwrap_or(0.0);
        let line = (point % second as u64) as usize;
        let mut means = Vec::new();
        for run in point * seeds..(point + 1) * seeds {
            let Some(row) = rows.get(&run) else { continue };
            let Some(y) = quantity.of(&row.stats) else {
                continue;
            };
            means.push(Some(y));
            if !with_dots {
                continue;
            }
            dots.push(RunPoint {
                x,
                y,
                run,
                seed: row.params.seed,
                line,
                href: if linked {
                    run_href(&row.params, plan.steps)
                } else {
                    String::new()
                },
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
pub(super) fn tick(value: f64) -> String {
    let text = format!("{:.3}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.replace('.', ",")
}

/// The y axis's top: a round number above every mean + error and dot
/// (polarization and its Binder cumulant, at most 2/3: 1).
fn y_top(data: &ChartData, quantity: Quantity) -> f64 {
    if matches!(
        quantity,
        Quantity::Mean(Measure::Polarization) | Quantity::Binder
    ) {
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

/// The chart's data placed in the drawing: grid lines with the value
/// ticks, the first axis's values, both axes' names, every run as a faint
/// dot that links to its last state, a line per value of the second axis
/// with its means and error bars, and the legend (top right).
#[must_use]
pub fn chart_scene(plan: &Plan, data: &ChartData, quantity: Quantity) -> Scene {
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
    let top = y_top(data, quantity);
    let px = |x: f64| round(LEFT + (x - x_min) / (x_max - x_min) * (WIDTH - LEFT - RIGHT));
    // Below 0 (a Binder cumulant can be, rarely) is drawn on the axis.
    let py = |y: f64| round(HEIGHT - BOTTOM - y.max(0.0) / top * (HEIGHT - TOP - BOTTOM));
    let text = |class, x, y, anchor, text| Label {
        class,
        x,
        y,
        anchor,
        upright: false,
        text,
    };
    let mut scene = Scene::default();
    for i in 0..=4 {
        let y = top * f64::from(i) / 4.0;
        let at = py(y);
        scene.segments.push(Segment {
            class: "grid",
            x1: LEFT,
            y1: at,
            x2: WIDTH - RIGHT,
            y2: at,
        });
        scene
            .labels
            .push(text("tick", LEFT - 6.0, at + 4.0, Anchor::End, tick(y)));
    }
    if let Some(field) = first {
        // Up to twelve values each have a label; more get about ten (a
        // hundred would be written over each other), from the first on.
        let every = if xs.len() <= MAX_X_LABELS {
            1
        } else {
            xs.len().div_ceil(10)
        };
        for &x in xs.iter().step_by(every) {
            let label = format_axis_value(field, x);
            let y = HEIGHT - BOTTOM + 16.0;
            scene
                .labels
                .push(text("tick", px(x), y, Anchor::Middle, label));
        }
    }
    let x_label = first.map_or_else(|| "alle Läufe".to_owned(), axis_label);
    let unit = match quantity {
        Quantity::Mean(measure) => measure.unit(),
        _ => None,
    };
    let y_label = match unit {
        Some(unit) => format!("{} in {unit}", quantity_label(quantity)),
        None => quantity_label(quantity).to_owned(),
    };
    let middle = (LEFT + WIDTH - RIGHT) / 2.0;
    scene.labels.extend([
        text("axis-label", middle, HEIGHT - 8.0, Anchor::Middle, x_label),
        Label {
            upright: true,
            ..text(
                "axis-label",
                14.0,
                (TOP + HEIGHT - BOTTOM) / 2.0,
                Anchor::Middle,
                y_label,
            )
        },
    ]);
    if data.dots.len() <= MAX_LINKED_DOTS {
        scene.dots.extend(data.dots.iter().map(|dot| Dot {
            class: "run-dot",
            cx: px(dot.x),
            cy: py(dot.y),
            r: 4.0,
            colour: Some(colour(dot.line)),
            link: Some(Link {
                href: dot.href.clone(),
                title: format!("Lauf {} (Seed {}) öffnen", dot.run, dot.seed),
                run: Some(dot.run),
                new_tab: true,
            }),
        }));
    } else {
        // One path of round dots per line: thousands of links in a small
        // chart could not be aimed at, and as views each redraw would cost
        // the page seconds. The table keeps a link per run.
        for index in 0..data.lines.len() {
            let d: String = data
                .dots
                .iter()
                .filter(|dot| dot.line == index)
                .map(|dot| format!("M{:.1} {:.1}h0", px(dot.x), py(dot.y)))
                .collect();
            if !d.is_empty() {
                scene.strokes.push(Stroke {
                    class: "run-dots",
                    d,
                    colour: Some(colour(index)),
                });
            }
        }
    }
    for (index, line) in data.lines.iter().enumerate() {
        let colour = Some(colour(index));
        let points: Vec<String> = line
            .means
            .iter()
            .map(|m| format!("{:.1} {:.1}", px(m.x), py(m.mean)))
            .collect();
        if !points.is_empty() {
            scene.strokes.push(Stroke {
                class: "mean-line",
                d: format!("M{}", points.join("L")),
                colour,
            });
        }
        // A line's bars and its means as one path each, not a shape per
        // point: a large study's chart is drawn again while it computes.
        let mut bars = String::new();
        let mut means = String::new();
        for m in &line.means {
            let (x, y) = (px(m.x), py(m.mean));
            if let Some(error) = m.error {
                let (lo, hi) = (py((m.mean - error).max(0.0)), py(m.mean + error));
                let left = x - 4.0;
                bars.push_str(&format!(
                    "M{x:.1} {lo:.1}V{hi:.1}M{left:.1} {lo:.1}h8M{left:.1} {hi:.1}h8"
                ));
            }
            means.push_str(&format!("M{x:.1} {y:.1}h0"));
        }
        for (class, d) in [("error-bar", bars), ("mean-dots", means)] {
            if !d.is_empty() {
                scene.strokes.push(Stroke { class, d, colour });
            }
        }
    }
    let entries = legend(plan);
    if !entries.is_empty() {
        let (x, y) = (WIDTH - RIGHT - 150.0, TOP + 4.0);
        scene.swatches.push(Swatch {
            class: "legend-box",
            x,
            y,
            width: 146.0,
            height: entries.len() as f64 * 16.0 + 6.0,
            colour: None,
            link: None,
        });
        for (i, (colour, entry)) in entries.into_iter().enumerate() {
            let row = y + 15.0 + i as f64 * 16.0;
            scene.swatches.push(Swatch {
                class: "legend-key",
                x: x + 6.0,
                y: row - 9.0,
                width: 10.0,
                height: 10.0,
                colour: Some(colour),
                link: None,
            });
            scene
                .labels
                .push(text("legend", x + 22.0, row, Anchor::Start, entry));
        }
    }
    scene
}

/// The most values under the horizontal axis that each get a label.
const MAX_X_LABELS: usize = 12;

/// The chart before any study: a line saying what to do.
#[must_use]
pub fn no_study() -> Scene {
    Scene {
        labels: vec![Label {
            class: "axis-label",
            x: WIDTH / 2.0,
            y: HEIGHT / 2.0,
            anchor: Anchor::Middle,
            upright: false,
            text: "Noch keine Studie: Plan wählen und „Studie starten“.".to_owned(),
        }],
        ..Scene::default()
    }
}

/// A drawing coordinate to a tenth of a unit: finer is invisible, and the
/// page's markup stays short.
pub(super) fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// The colour of line `index` (repeated after eight).
fn colour(index: usize) -> &'static str {
    COLOURS[index % COLOURS.len()]
}

/// The first axis's label with its unit: „Richtung“, „Radius in LE“.
pub(super) fn axis_label(field: ParamField) -> String {
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
                    format_axis_value(axis.field, value)
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
        super::super::computed_rows(plan, |run| run != 4)
    }

    #[test]
    fn means_over_seeds_per_line_with_both_kinds_of_error_bars() {
        let plan = plan();
        let rows = rows(&plan);
        let sd = chart_data(
            &plan,
            &rows,
            Quantity::Mean(Measure::Polarization),
            ErrorBars::Sd,
            true,
        );
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
        let means_only = chart_data(
            &plan,
            &rows,
            Quantity::Mean(Measure::Polarization),
            ErrorBars::Sd,
            false,
        );
        assert!(means_only.dots.is_empty());
        assert_eq!(
            means_only.lines, sd.lines,
            "the same means without the dots"
        );
        let sem = chart_data(
            &plan,
            &rows,
            Quantity::Mean(Measure::Polarization),
            ErrorBars::Sem,
            true,
        );
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
    fn the_binder_cumulant_is_drawn_from_each_runs_own_on_a_scale_to_one() {
        let plan = plan();
        let rows = rows(&plan);
        let data = chart_data(&plan, &rows, Quantity::Binder, ErrorBars::Sd, true);
        let ys: Vec<Option<f64>> = (0..3)
            .map(|run| rows[&run].stats.polarization_binder)
            .collect();
        assert!(ys.iter().all(Option::is_some));
        assert_eq!(
            Some(data.lines[0].means[0].mean),
            WindowStatistics::of(&ys).mean
        );
        assert_eq!(data.dots[0].y, ys[0].unwrap());
        let drawn = chart_scene(&plan, &data, Quantity::Binder);
        assert!(
            drawn
                .texts("axis-label")
                .contains(&"Binder-Kumulante der Ordnung"),
            "{:?}",
            drawn.texts("axis-label")
        );
        assert_eq!(drawn.texts("tick")[4], "1", "the scale ends at 1");
    }

    #[test]
    fn the_scene_has_a_link_per_run_labels_and_a_line_per_value() {
        let plan = plan();
        let data = chart_data(
            &plan,
            &rows(&plan),
            Quantity::Mean(Measure::MeanSpeed),
            ErrorBars::Sd,
            true,
        );
        let drawn = chart_scene(&plan, &data, Quantity::Mean(Measure::MeanSpeed));
        let links: Vec<&Link> = drawn.dots.iter().filter_map(|d| d.link.as_ref()).collect();
        assert_eq!(links.len(), 17, "a dot per run");
        assert_eq!(links[4].run, Some(5));
        assert_eq!(links[4].title, "Lauf 5 (Seed 3) öffnen");
        let lines: Vec<&Stroke> = drawn
            .strokes
            .iter()
            .filter(|s| s.class == "mean-line")
            .collect();
        assert_eq!(lines.len(), 2, "a line per radius");
        assert_eq!(lines[1].colour, Some(COLOURS[1]));
        assert_eq!(
            lines[1].d.matches('L').count(),
            2,
            "through three alignments"
        );
        assert_eq!(
            drawn.texts("axis-label"),
            ["Richtung", "Mittleres Tempo in LE/s"]
        );
        assert_eq!(
            drawn.texts("tick")[5..],
            ["0", "1", "2"],
            "after the five y ticks"
        );
        let x_ticks: Vec<f64> = drawn.labels[5..8].iter().map(|label| label.x).collect();
        assert_eq!(
            (x_ticks[0], x_ticks[2]),
            (LEFT, WIDTH - RIGHT),
            "the axis spans the plot"
        );
        assert_eq!(drawn.segments[0].y1, HEIGHT - BOTTOM, "0 at the bottom");
        assert_eq!(drawn.segments[4].y1, TOP, "the top at the top");
        assert_eq!(
            drawn
                .strokes
                .iter()
                .filter(|s| s.class == "error-bar")
                .map(|s| s.d.matches('V').count())
                .collect::<Vec<_>>(),
            [3, 3],
            "one path per line; every mean of two or three runs has a bar"
        );
        assert_eq!(drawn.texts("legend"), ["Radius = 1", "Radius = 2"]);
        assert_eq!(drawn.swatches[2].colour, Some(COLOURS[1]));
    }

    #[test]
    fn one_axis_has_no_legend_and_one_run_per_point_no_error_bar() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "radius", "values": [1, 2]}],
               "seeds": [7], "steps": 3, "burn_in": 0}"#,
        )
        .expect("valid");
        let mut text = results_header(plan.id(), plan.columns());
        for run in plan.runs() {
            text.push_str(&row_line(
                &run,
                &run_statistics(&run.params, 3, 0, 1, plan.measures),
                plan.columns(),
            ));
        }
        let rows = ResultsFile::parse(&text).expect("rows").rows;
        let data = chart_data(
            &plan,
            &rows,
            Quantity::Mean(Measure::Polarization),
            ErrorBars::Sd,
            true,
        );
        let drawn = chart_scene(&plan, &data, Quantity::Mean(Measure::Polarization));
        assert!(drawn.swatches.is_empty() && drawn.texts("legend").is_empty());
        assert_eq!(drawn.texts("tick")[4], "1", "polarization ends at 1");
        assert!(drawn.strokes.iter().all(|s| s.class != "error-bar"));
        assert_eq!(no_study().texts("axis-label").len(), 1);
    }

    #[test]
    fn beyond_a_thousand_runs_the_dots_are_one_path_per_line_without_links() {
        let plan = plan();
        let rows = rows(&plan);
        let mut data = chart_data(
            &plan,
            &rows,
            Quantity::Mean(Measure::Polarization),
            ErrorBars::Sd,
            true,
        );
        let one = data.dots[0].clone();
        data.dots = (0..=MAX_LINKED_DOTS)
            .map(|i| RunPoint {
                line: i % 2,
                ..one.clone()
            })
            .collect();
        let drawn = chart_scene(&plan, &data, Quantity::Mean(Measure::Polarization));
        assert!(drawn.dots.iter().all(|dot| dot.link.is_none()), "no links");
        let paths: Vec<&Stroke> = drawn
            .strokes
            .iter()
            .filter(|s| s.class == "run-dots")
            .collect();
        assert_eq!(paths.len(), 2, "one per line");
        assert_eq!(
            paths[0].d.matches('M').count(),
            (MAX_LINKED_DOTS + 1).div_ceil(2)
        );
        data.dots.truncate(MAX_LINKED_DOTS);
        let linked = chart_scene(&plan, &data, Quantity::Mean(Measure::Polarization));
        assert_eq!(
            linked.dots.iter().filter(|dot| dot.link.is_some()).count(),
            MAX_LINKED_DOTS
        );
    }

    #[test]
    fn a_long_axis_has_about_ten_labels_from_its_first_value_on() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 10},
               "sweep": [{"parameter": "separation", "from": 0, "to": 9.9, "points": 100}],
               "seeds": [1], "steps": 2, "burn_in": 0}"#,
        )
        .expect("valid");
        let data = chart_data(
            &plan,
            &BTreeMap::new(),
            Quantity::Mean(Measure::Groups),
            ErrorBars::Sd,
            true,
        );
        let drawn = chart_scene(&plan, &data, Quantity::Mean(Measure::Groups));
        // Five value ticks on the left, then those below the axis.
        let below = &drawn.texts("tick")[5..];
        assert_eq!(below.len(), 10, "{below:?}");
        assert_eq!(below[0], "0");
        assert_eq!(below[1], "1", "every tenth of 0, 0,1 … 9,9");
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
