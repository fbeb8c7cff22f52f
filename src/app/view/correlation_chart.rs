//! The two charts of „Struktur und Korrelation“ as plain [`Scene`]s (drawn
//! by the app's one chart component): the pair correlation g and the
//! velocity correlation C over the distance r, 0 to 4,2 LE, one point per
//! bin at its centre. g marks where the separation rule acts (0,35 · r,
//! SPEC §1) and the radius r, with a line at 1 (boids scattered at
//! random); C marks its zero and the correlation length ξ.

use std::fmt::Write as _;

use crate::app::correlations::work::CorrelationResult;
use crate::app::view::scene::{Anchor, Label, Scene, Segment, Stroke};
use crate::app::view::series_chart::nice_ceiling;
use crate::model::{BIN_WIDTH, HALF_PERIOD, separation_radius};
use crate::texts::german_number;

/// Width of a chart's drawing, in its own units (about pixels).
pub const WIDTH: f64 = 480.0;
/// Height of a chart's drawing.
pub const HEIGHT: f64 = 230.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 470.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 190.0;

/// A value's text on an axis, a mark or in the description: shortest
/// form, decimal comma.
#[must_use]
pub fn number(value: f64) -> String {
    // Rounded to 12 digits, so 0,35 · 1,2 reads 0,42, not 0,41999999999999993.
    let rounded: f64 = format!("{value:.11e}").parse().unwrap_or(value);
    german_number(&rounded.to_string(), None)
}

/// Places values in the drawing for a value axis from `low` to `high`.
struct Frame {
    low: f64,
    high: f64,
}

impl Frame {
    fn x(r: f64) -> f64 {
        round(LEFT + r / HALF_PERIOD * (RIGHT - LEFT))
    }

    fn y(&self, value: f64) -> f64 {
        let share = ((value - self.low) / (self.high - self.low)).clamp(0.0, 1.0);
        round(BOTTOM - share * (BOTTOM - TOP))
    }

    /// Grid lines at `ticks` with their values, both axes with the r ticks
    /// at whole LE, and the axes' names.
    fn scene(&self, ticks: &[f64], name: &str) -> Scene {
        let mut scene = Scene::default();
        let text = |class, x, y, anchor, text| Label {
            class,
            x,
            y,
            anchor,
            upright: false,
            text,
        };
        let line = |class, (x1, y1), (x2, y2)| Segment {
            class,
            x1,
            y1,
            x2,
            y2,
        };
        for &tick in ticks {
            let y = self.y(tick);
            scene
                .segments
                .push(line("grid-line", (LEFT, y), (RIGHT, y)));
            scene.labels.push(text(
                "tick-label",
                LEFT - 4.0,
                y + 3.5,
                Anchor::End,
                number(tick),
            ));
        }
        scene.segments.extend([
            line("axis", (LEFT, BOTTOM), (RIGHT, BOTTOM)),
            line("axis", (LEFT, TOP), (LEFT, BOTTOM)),
        ]);
        for r in 0..=4 {
            let x = Self::x(f64::from(r));
            scene
                .segments
                .push(line("tick", (x, BOTTOM), (x, BOTTOM + 4.0)));
            scene.labels.push(text(
                "tick-label",
                x,
                BOTTOM + 14.0,
                Anchor::Middle,
                r.to_string(),
            ));
        }
        scene.labels.extend([
            text(
                "axis-label",
                (LEFT + RIGHT) / 2.0,
                HEIGHT - 8.0,
                Anchor::Middle,
                "Abstand r in LE".to_owned(),
            ),
            Label {
                upright: true,
                ..text(
                    "axis-label",
                    12.0,
                    (TOP + BOTTOM) / 2.0,
                    Anchor::Middle,
                    name.to_owned(),
                )
            },
        ]);
        scene
    }

    /// The line through the bins' centres, broken where a value is missing.
    fn line(&self, values: impl Iterator<Item = Option<f64>>) -> Stroke {
        let mut d = String::new();
        let mut drawing = false;
        for (bin, value) in values.enumerate() {
            let Some(value) = value else {
                drawing = false;
                continue;
            };
            let command = if drawing { 'L' } else { 'M' };
            let x = Self::x((bin as f64 + 0.5) * BIN_WIDTH);
            let _ = write!(d, "{command}{x:.1} {:.1}", self.y(value));
            drawing = true;
        }
        Stroke {
            class: "series-line",
            d,
            colour: None,
        }
    }

    /// A vertical mark at distance `r` named `name` above the plot.
    fn mark(scene: &mut Scene, r: f64, name: String) {
        let x = Self::x(r);
        scene.segments.push(Segment {
            class: "mark-line",
            x1: x,
            y1: TOP - 4.0,
            x2: x,
            y2: BOTTOM,
        });
        scene.labels.push(Label {
            class: "mark-label",
            x,
            y: TOP - 8.0,
            anchor: Anchor::Middle,
            upright: false,
            text: name,
        });
    }
}

/// A drawing coordinate to a tenth of a unit: finer is invisible.
fn round(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// g over r: from 0 to a round top, a line at 1 (random), the marks at
/// 0,35 · r and r.
#[must_use]
pub fn pair_correlation_scene(result: &CorrelationResult) -> Scene {
    let g = &result.correlations.pair_correlation;
    let greatest = g.iter().copied().fold(1.0, f64::max);
    let frame = Frame {
        low: 0.0,
        high: nice_ceiling(greatest),
    };
    let mut scene = frame.scene(&[0.0, frame.high / 2.0, frame.high], "g(r)");
    let y = frame.y(1.0);
    scene.segments.push(Segment {
        class: "reference-line",
        x1: LEFT,
        y1: y,
        x2: RIGHT,
        y2: y,
    });
    scene.strokes.push(frame.line(g.iter().copied().map(Some)));
    let radius = result.mark.radius;
    Frame::mark(
        &mut scene,
        separation_radius(radius),
        format!("0,35·r = {}", number(separation_radius(radius))),
    );
    Frame::mark(&mut scene, radius, format!("r = {}", number(radius)));
    scene
}

/// C over r: from a round value at or below its least (at most 0) to one
/// at or above its greatest, the zero line, the mark at ξ.
#[must_use]
pub fn velocity_correlation_scene(result: &CorrelationResult) -> Scene {
    let c = &result.correlations.velocity_correlation;
    let (least, greatest) = c
        .iter()
        .flatten()
        .fold((0.0f64, 0.0f64), |(lo, hi), &c| (lo.min(c), hi.max(c)));
    let frame = Frame {
        low: if least < 0.0 {
            -nice_ceiling(-least)
        } else {
            0.0
        },
        high: if greatest > 0.0 {
            nice_ceiling(greatest)
        } else {
            1.0
        },
    };
    let mut scene = frame.scene(&[frame.low, 0.0, frame.high], "C(r)");
    scene.strokes.push(frame.line(c.iter().copied()));
    if let Some(xi) = result.correlations.correlation_length {
        Frame::mark(&mut scene, xi, format!("ξ ≈ {}", format_xi(xi)));
    }
    scene
}

/// ξ as the section says it: two decimals, decimal comma.
#[must_use]
pub fn format_xi(xi: f64) -> String {
    crate::app::format::format_decimal(xi, 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::correlations::work::StateMark;
    use crate::model::{CORRELATION_BINS, Correlations, Params, Swarm, Vec3};

    fn result(velocities: impl Fn(&Swarm) -> Vec<Vec3>) -> CorrelationResult {
        let mut swarm = Swarm::new(&Params {
            count: 400,
            seed: 2,
            ..Params::default()
        })
        .expect("valid params");
        for _ in 0..20 {
            swarm.step();
        }
        let velocities = velocities(&swarm);
        let (_, spread) = crate::model::velocity_deviations(&velocities);
        CorrelationResult {
            mark: StateMark {
                version: 1,
                step: 20,
                radius: 1.2,
            },
            spread,
            correlations: Correlations::of(swarm.positions(), &velocities, 1).expect("N ≥ 2"),
        }
    }

    #[test]
    fn g_is_marked_at_the_separation_distance_and_the_radius_with_a_line_at_one() {
        let result = result(|swarm| swarm.velocities().to_vec());
        let scene = pair_correlation_scene(&result);
        assert_eq!(scene.texts("mark-label"), ["0,35·r = 0,42", "r = 1,2"]);
        let marks: Vec<f64> = scene
            .segments
            .iter()
            .filter(|s| s.class == "mark-line")
            .map(|s| s.x1)
            .collect();
        assert_eq!(marks, [Frame::x(0.42), Frame::x(1.2)]);
        assert_eq!(scene.texts("tick-label")[3..], ["0", "1", "2", "3", "4"]);
        assert_eq!(scene.texts("axis-label"), ["Abstand r in LE", "g(r)"]);
        // One point per bin, none missing: g is defined everywhere.
        assert_eq!(
            scene.strokes[0].d.matches('L').count(),
            CORRELATION_BINS - 1
        );
        let greatest = result
            .correlations
            .pair_correlation
            .iter()
            .copied()
            .fold(0.0, f64::max);
        let top: f64 = scene.texts("tick-label")[2]
            .replace(',', ".")
            .parse()
            .expect("a number");
        assert!(top >= greatest && top >= 1.0, "{top} below {greatest}");
    }

    #[test]
    fn c_is_marked_at_xi_and_drawn_only_where_defined() {
        let result = result(|swarm| swarm.velocities().to_vec());
        let xi = result
            .correlations
            .correlation_length
            .expect("C falls to zero");
        let scene = velocity_correlation_scene(&result);
        assert_eq!(
            scene.texts("mark-label"),
            [format!("ξ ≈ {}", format_xi(xi))]
        );
        let ticks = scene.texts("tick-label");
        assert!(ticks[0].starts_with('-'), "C goes below zero: {ticks:?}");
        assert_eq!(ticks[1], "0");
        // Equal velocities: C nowhere defined, nothing drawn, no ξ.
        let still = result_with_equal_velocities();
        let scene = velocity_correlation_scene(&still);
        assert_eq!(scene.strokes[0].d, "");
        assert!(scene.texts("mark-label").is_empty());
    }

    fn result_with_equal_velocities() -> CorrelationResult {
        // Exactly equal (a mean of 0,3s would round: SPEC §10).
        result(|swarm| vec![Vec3::new(0.5, 0.0, -0.25); swarm.len()])
    }

    #[test]
    fn numbers_read_as_written() {
        assert_eq!(number(0.35 * 1.2), "0,42");
        assert_eq!(number(-0.5), "-0,5");
    }
}
