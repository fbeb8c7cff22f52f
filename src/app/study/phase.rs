//! The phase diagram of a study with two axes (SPEC §8), Leptos-free and
//! tested natively: a grid of cells, the first axis across and the second
//! up, each cell coloured by the mean over its seeds of the chosen number,
//! on a scale of nine colours from the lowest to the highest cell mean,
//! with its legend and numbers. Each cell is a link to its row of the
//! results table, which lists its runs (each a link to its last state) and
//! holds the same numbers for screen readers. Drawn as a [`Scene`] like the
//! chart.

use std::collections::BTreeMap;

use super::chart::{HEIGHT, WIDTH, axis_label, round, tick};
use crate::app::format::format_quantity;
use crate::app::platform::base_path::route_href;
use crate::app::view::scene::{Anchor, Label, Link, Scene, Swatch};
use crate::model::study::{Plan, Quantity, ResultRow, WindowStatistics};
use crate::texts::{format_axis_value, label, quantity_label};

/// The colour scale, lowest to highest: perceptually even and readable in
/// grey and with the common colour vision deficiencies (viridis).
pub const SCALE: [&str; 9] = [
    "#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30",
    "#fde725",
];
/// The first colour of the scale on which dark text reads better.
const LIGHT_FROM: usize = 5;

/// The plot inside the picture: room for the value labels, the axis names
/// and the legend on the right.
const LEFT: f64 = 64.0;
const RIGHT: f64 = 96.0;
const TOP: f64 = 28.0;
const BOTTOM: f64 = 44.0;
/// Up to this many cells each carry their number.
const MAX_NUMBERED_CELLS: usize = 144;
/// Up to this many cells are links (beyond, the table keeps them).
const MAX_LINKED_CELLS: usize = 2_500;
/// The most values along an axis that each get a label.
const MAX_AXIS_LABELS: usize = 12;

/// One grid point's cell: its place and the mean over the runs there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cell {
    pub point: u64,
    /// Index along the first axis (across).
    pub column: usize,
    /// Index along the second axis (up).
    pub row: usize,
    /// The mean over the point's runs there; `None` before any (or where
    /// a run's number is undefined).
    pub mean: Option<f64>,
    pub runs: usize,
}

/// The cells of a two-axis plan over the rows there; empty for a plan
/// without two axes.
#[must_use]
pub fn phase_cells(plan: &Plan, rows: &BTreeMap<u64, ResultRow>, quantity: Quantity) -> Vec<Cell> {
    let [_, second] = plan.axes.as_slice() else {
        return Vec::new();
    };
    let seeds = plan.seeds.len() as u64;
    let up = second.values.len() as u64;
    (0..plan.point_count())
        .map(|point| {
            let values: Vec<Option<f64>> = (point * seeds..(point + 1) * seeds)
                .filter_map(|run| rows.get(&run))
                .map(|row| quantity.of(&row.stats))
                .collect();
            Cell {
                point,
                column: (point / up) as usize,
                row: (point % up) as usize,
                mean: WindowStatistics::of(&values).mean,
                runs: values.len(),
            }
        })
        .collect()
}

/// The colour index of `value` on a scale from `low` to `high`.
#[must_use]
pub fn scale_step(value: f64, low: f64, high: f64) -> usize {
    if high <= low {
        return SCALE.len() / 2;
    }
    let share = (value - low) / (high - low);
    ((share * SCALE.len() as f64).floor().max(0.0) as usize).min(SCALE.len() - 1)
}

/// The scale's ends: the lowest and highest cell mean.
fn scale_ends(cells: &[Cell]) -> Option<(f64, f64)> {
    cells
        .iter()
        .filter_map(|cell| cell.mean)
        .fold(None, |ends, mean| match ends {
            None => Some((mean, mean)),
            Some((low, high)) => Some((f64::min(low, mean), f64::max(high, mean))),
        })
}

/// The diagram: a cell per grid point, the axes' values and names, and
/// the colour scale with its numbers (right).
#[must_use]
pub fn phase_scene(plan: &Plan, rows: &BTreeMap<u64, ResultRow>, quantity: Quantity) -> Scene {
    let mut scene = Scene::default();
    let [first, second] = plan.axes.as_slice() else {
        return scene;
    };
    let cells = phase_cells(plan, rows, quantity);
    let (across, up) = (first.values.len(), second.values.len());
    let width = (WIDTH - LEFT - RIGHT) / across as f64;
    let height = (HEIGHT - TOP - BOTTOM) / up as f64;
    let ends = scale_ends(&cells);
    let numbered = cells.len() <= MAX_NUMBERED_CELLS;
    let linked = cells.len() <= MAX_LINKED_CELLS;
    for cell in &cells {
        let x = LEFT + cell.column as f64 * width;
        let y = HEIGHT - BOTTOM - (cell.row + 1) as f64 * height;
        let step = cell
            .mean
            .zip(ends)
            .map(|(mean, (low, high))| scale_step(mean, low, high));
        let words = format!(
            "{} = {} · {} = {}: {} ({} Läufe)",
            label(first.field),
            format_axis_value(first.field, first.values[cell.column]),
            label(second.field),
            format_axis_value(second.field, second.values[cell.row]),
            format_quantity(quantity, cell.mean),
            cell.runs
        );
        scene.swatches.push(Swatch {
            class: if step.is_some() { "cell" } else { "cell-empty" },
            x: round(x),
            y: round(y),
            width: round(width),
            height: round(height),
            colour: step.map(|step| SCALE[step]),
            link: linked.then(|| Link {
                // The page's own address: a bare `#…` would resolve
                // against the document's base, the simulation page.
                href: format!("{}#study-point-{}", route_href("/studie"), cell.point),
                title: format!("{words} – zu den Läufen in der Tabelle"),
                run: None,
                new_tab: false,
            }),
        });
        if numbered && let (Some(mean), Some(step)) = (cell.mean, step) {
            scene.labels.push(Label {
                class: if step >= LIGHT_FROM {
                    "cell-value"
                } else {
                    "cell-value-light"
                },
                x: round(x + width / 2.0),
                y: round(y + height / 2.0 + 4.0),
                anchor: Anchor::Middle,
                upright: false,
                text: tick(mean),
            });
        }
    }
    let text = |class, x: f64, y: f64, anchor, text| Label {
        class,
        x: round(x),
        y: round(y),
        anchor,
        upright: false,
        text,
    };
    for (column, &value) in first.values.iter().enumerate().step_by(every(across)) {
        let x = LEFT + (column as f64 + 0.5) * width;
        let value = format_axis_value(first.field, value);
        scene.labels.push(text(
            "tick",
            x,
            HEIGHT - BOTTOM + 16.0,
            Anchor::Middle,
            value,
        ));
    }
    for (row, &value) in second.values.iter().enumerate().step_by(every(up)) {
        let y = HEIGHT - BOTTOM - (row as f64 + 0.5) * height + 4.0;
        let value = format_axis_value(second.field, value);
        scene
            .labels
            .push(text("tick", LEFT - 6.0, y, Anchor::End, value));
    }
    let middle = (LEFT + WIDTH - RIGHT) / 2.0;
    scene.labels.extend([
        text(
            "axis-label",
            middle,
            HEIGHT - 8.0,
            Anchor::Middle,
            axis_label(first.field),
        ),
        Label {
            upright: true,
            ..text(
                "axis-label",
                14.0,
                (TOP + HEIGHT - BOTTOM) / 2.0,
                Anchor::Middle,
                axis_label(second.field),
            )
        },
    ]);
    legend(&mut scene, quantity, ends);
    scene
}

/// Every how many values an axis of `len` values is labelled.
fn every(len: usize) -> usize {
    if len <= MAX_AXIS_LABELS {
        1
    } else {
        len.div_ceil(10)
    }
}

/// The colour scale on the right, lowest at the bottom, with the number
/// at every third step's edge and the quantity's name above.
fn legend(scene: &mut Scene, quantity: Quantity, ends: Option<(f64, f64)>) {
    let x = WIDTH - RIGHT + 14.0;
    let step_height = (HEIGHT - TOP - BOTTOM) / SCALE.len() as f64;
    let bottom = HEIGHT - BOTTOM;
    scene.labels.push(Label {
        class: "legend",
        x: (LEFT + WIDTH - RIGHT) / 2.0,
        y: TOP - 10.0,
        anchor: Anchor::Middle,
        upright: false,
        text: format!("Farbe: {}, Mittel über die Seeds", quantity_label(quantity)),
    });
    for (index, colour) in SCALE.iter().enumerate() {
        scene.swatches.push(Swatch {
            class: "scale-step",
            x,
            y: round(bottom - (index + 1) as f64 * step_height),
            width: 16.0,
            height: round(step_height),
            colour: Some(colour),
            link: None,
        });
    }
    let Some((low, high)) = ends else {
        return;
    };
    let edges: &[usize] = if high > low { &[0, 3, 6, 9] } else { &[0] };
    for &edge in edges {
        let value = low + (high - low) * edge as f64 / SCALE.len() as f64;
        scene.labels.push(Label {
            class: "tick",
            x: x + 20.0,
            y: round(bottom - edge as f64 * step_height + 4.0),
            anchor: Anchor::Start,
            upright: false,
            text: tick(value),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measure;

    fn plan() -> Plan {
        Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 20},
               "sweep": [{"parameter": "alignment", "values": [0, 0.5, 1]},
                         {"parameter": "count", "values": [10, 30]}],
               "seeds": [1, 2], "steps": 6, "burn_in": 2}"#,
        )
        .expect("valid")
    }

    fn rows(plan: &Plan, keep: impl Fn(u64) -> bool) -> BTreeMap<u64, ResultRow> {
        super::super::computed_rows(plan, keep)
    }

    const ORDER: Quantity = Quantity::Mean(Measure::Polarization);

    #[test]
    fn a_cell_per_point_first_axis_across_second_up_mean_over_seeds() {
        let plan = plan();
        let rows = rows(&plan, |run| run != 3);
        let cells = phase_cells(&plan, &rows, ORDER);
        assert_eq!(cells.len(), 6);
        // Point 1: alignment 0 (column 0), count 30 (row 1): runs 2 and 3.
        assert_eq!((cells[1].column, cells[1].row), (0, 1));
        assert_eq!(cells[1].runs, 1, "run 3 is missing");
        assert_eq!(cells[1].mean, rows[&2].stats.of(Measure::Polarization).mean);
        // Point 4: alignment 1 (column 2), count 10 (row 0): runs 8 and 9.
        let both: Vec<Option<f64>> = [8, 9]
            .iter()
            .map(|run| rows[run].stats.of(Measure::Polarization).mean)
            .collect();
        assert_eq!((cells[4].column, cells[4].row), (2, 0));
        assert_eq!(cells[4].mean, WindowStatistics::of(&both).mean);
        let one_axis = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "seeds": [1], "steps": 1, "burn_in": 0,
               "sweep": [{"parameter": "alignment", "values": [0, 1]}]}"#,
        )
        .expect("valid");
        assert!(phase_cells(&one_axis, &BTreeMap::new(), ORDER).is_empty());
        assert_eq!(
            phase_scene(&one_axis, &BTreeMap::new(), ORDER),
            Scene::default()
        );
    }

    #[test]
    fn the_scale_runs_from_the_lowest_to_the_highest_cell() {
        assert_eq!(scale_step(0.0, 0.0, 1.0), 0);
        assert_eq!(
            scale_step(1.0, 0.0, 1.0),
            8,
            "the highest is in the last step"
        );
        assert_eq!(scale_step(0.5, 0.0, 1.0), 4);
        assert_eq!(scale_step(0.111, 0.0, 1.0), 0);
        assert_eq!(scale_step(0.112, 0.0, 1.0), 1);
        assert_eq!(scale_step(3.0, 3.0, 3.0), 4, "all equal: the middle");
        let plan = plan();
        let rows = rows(&plan, |_| true);
        let cells = phase_cells(&plan, &rows, ORDER);
        let scene = phase_scene(&plan, &rows, ORDER);
        let drawn: Vec<&Swatch> = scene
            .swatches
            .iter()
            .filter(|s| s.class == "cell")
            .collect();
        assert_eq!(drawn.len(), 6);
        let means: Vec<f64> = cells.iter().filter_map(|cell| cell.mean).collect();
        let low = means.iter().copied().fold(f64::INFINITY, f64::min);
        let lowest = cells.iter().position(|c| c.mean == Some(low)).unwrap();
        assert_eq!(drawn[lowest].colour, Some(SCALE[0]));
        // The legend: nine colours, the ends' numbers, the name.
        assert_eq!(
            scene
                .swatches
                .iter()
                .filter(|s| s.class == "scale-step")
                .count(),
            9
        );
        assert!(scene.texts("tick").contains(&tick(low).as_str()));
        assert_eq!(
            scene.texts("legend"),
            ["Farbe: Ordnung (Polarisation), Mittel über die Seeds"]
        );
    }

    #[test]
    fn each_cell_links_to_its_runs_in_the_table_and_says_its_number() {
        let plan = plan();
        let rows = rows(&plan, |run| run < 4);
        let scene = phase_scene(&plan, &rows, ORDER);
        let cells: Vec<&Swatch> = scene
            .swatches
            .iter()
            .filter(|s| s.class.starts_with("cell"))
            .collect();
        assert_eq!(cells.len(), 6);
        let link = cells[1].link.as_ref().expect("a link");
        assert_eq!(link.href, "/studie#study-point-1");
        assert!(!link.new_tab);
        assert!(
            link.title.starts_with("Richtung = 0 · Anzahl = 30: 0,"),
            "{}",
            link.title
        );
        assert!(
            link.title
                .ends_with("(2 Läufe) – zu den Läufen in der Tabelle")
        );
        // Points without runs yet: grey, no number.
        assert_eq!(cells[5].class, "cell-empty");
        assert_eq!(cells[5].colour, None);
        let numbers = scene.texts("cell-value").len() + scene.texts("cell-value-light").len();
        assert_eq!(numbers, 2);
        // Axis values under the columns and beside the rows, both names.
        assert_eq!(scene.texts("tick")[..5], ["0", "0,5", "1", "10", "30"]);
        assert_eq!(scene.texts("axis-label"), ["Richtung", "Anzahl"]);
    }
}
