//! The colour scheme of the 3D view and its German legend.
//!
//! A cone's hue shows its heading in the horizontal x-z plane (like a compass:
//! +x red, +z yellow-green, −x cyan, −z violet; every hue equally bright);
//! the steeper a boid climbs or sinks (along y, up on screen), the paler it
//! gets. A boid at rest is grey.
//! Colour never shows speed. All colours are sRGB components in [0, 1].

use std::f64::consts::TAU;

use crate::model::Vec3;

/// An sRGB colour, components in [0, 1].
pub type Rgb = [f32; 3];

/// The colour of a boid at rest (drawn as a small sphere).
pub const REST_COLOUR: Rgb = [0.62, 0.64, 0.68];

/// Lightness (OKLab L) of every heading colour: all hues equally bright, so
/// none vanishes on the dark background.
const LIGHTNESS: f64 = 0.75;

/// Chroma (OKLCh C) of a boid flying horizontally.
const MAX_CHROMA: f64 = 0.15;

/// Fraction of the chroma left for a boid flying straight up or down.
const MIN_CHROMA_FRACTION: f64 = 0.06;

/// OKLCh hue of a boid flying towards +x, in radians (about 29°: red).
const HUE_OFFSET: f64 = 0.506;

/// The colour for a velocity: hue by horizontal heading, paler the steeper.
/// A zero or non-finite velocity gives [`REST_COLOUR`].
#[must_use]
pub fn heading_colour(velocity: &Vec3) -> Rgb {
    let speed = velocity.norm();
    if !(speed.is_finite() && speed > 0.0) {
        return REST_COLOUR;
    }
    let horizontal = velocity.x.hypot(velocity.z);
    let heading = velocity.z.atan2(velocity.x);
    let flatness = (horizontal / speed).clamp(0.0, 1.0);
    let chroma = MAX_CHROMA * (MIN_CHROMA_FRACTION + (1.0 - MIN_CHROMA_FRACTION) * flatness);
    oklch_to_srgb(LIGHTNESS, chroma, (heading + HUE_OFFSET).rem_euclid(TAU))
}

/// OKLCh (lightness, chroma, hue in radians) to sRGB, clamped into the gamut
/// (Björn Ottosson's OKLab matrices).
#[must_use]
pub fn oklch_to_srgb(lightness: f64, chroma: f64, hue: f64) -> Rgb {
    let (a, b) = (chroma * hue.cos(), chroma * hue.sin());
    let l = (lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b).powi(3);
    let m = (lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b).powi(3);
    let s = (lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b).powi(3);
    let linear = [
        4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
        -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
        -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s,
    ];
    linear.map(|c| {
        let c = if c.is_finite() {
            c.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let encoded = if c <= 0.003_130_8 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        encoded as f32
    })
}

/// A colour as a CSS hex string (`#rrggbb`).
#[must_use]
pub fn css_hex(colour: Rgb) -> String {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        byte(colour[0]),
        byte(colour[1]),
        byte(colour[2])
    )
}

/// One swatch of the legend: a German label and its colour.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    /// What the colour means, in German.
    pub label: &'static str,
    /// The colour as CSS hex.
    pub colour: String,
}

/// The swatches of the legend, in compass order, then steep and at rest.
#[must_use]
pub fn legend_entries() -> Vec<LegendEntry> {
    let entry = |label, velocity: Vec3| LegendEntry {
        label,
        colour: css_hex(heading_colour(&velocity)),
    };
    vec![
        entry("nach +x", Vec3::x()),
        entry("nach +z", Vec3::z()),
        entry("nach −x", -Vec3::x()),
        entry("nach −z", -Vec3::z()),
        entry("steil auf- oder absteigend (±y)", Vec3::new(0.05, 1.0, 0.0)),
        LegendEntry {
            label: "in Ruhe (Kugel statt Kegel)",
            colour: css_hex(REST_COLOUR),
        },
    ]
}

/// A CSS `conic-gradient` showing every heading, for a colour wheel. The
/// wheel is drawn as seen from above (+y towards the viewer), +x to the
/// right and +z downwards, so the hue turns clockwise.
#[must_use]
pub fn heading_wheel_css() -> String {
    let mut css = String::from("conic-gradient(from 90deg");
    for step in 0..=12 {
        let angle = f64::from(step) / 12.0 * TAU;
        let colour = heading_colour(&Vec3::new(angle.cos(), 0.0, angle.sin()));
        css.push_str(&format!(", {} {}deg", css_hex(colour), step * 30));
    }
    css.push(')');
    css
}

/// The legend's explanation, in German.
pub const LEGEND_TEXT: &str = "Die Farbe zeigt die Flugrichtung in der waagerechten x-z-Ebene wie ein Kompass; \
     je steiler ein Boid steigt oder sinkt, desto blasser ist er. Die Farbe zeigt kein Tempo.";

#[cfg(test)]
mod tests {
    use super::*;

    fn dominant(colour: Rgb) -> usize {
        (0..3)
            .max_by(|&a, &b| colour[a].total_cmp(&colour[b]))
            .unwrap_or(0)
    }

    fn chroma(colour: Rgb) -> f32 {
        let max = colour.iter().copied().fold(0.0, f32::max);
        let min = colour.iter().copied().fold(1.0, f32::min);
        max - min
    }

    /// Relative luminance (WCAG) of an sRGB colour.
    fn luminance(colour: Rgb) -> f32 {
        let linear = colour.map(|c| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        });
        0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    #[test]
    fn compass_directions_have_distinct_hues() {
        let px = heading_colour(&Vec3::x());
        let pz = heading_colour(&Vec3::z());
        let nx = heading_colour(&-Vec3::x());
        let nz = heading_colour(&-Vec3::z());
        assert_eq!(dominant(px), 0, "+x is red: {px:?}");
        assert!(pz[0] > pz[2] && pz[1] > pz[2], "+z is yellow-green: {pz:?}");
        assert!(nx[0] < nx[1] && nx[0] < nx[2], "−x is cyan: {nx:?}");
        assert_eq!(dominant(nz), 2, "−z is violet/blue: {nz:?}");
        let all = [px, pz, nx, nz].map(css_hex);
        for (i, a) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(a), "{all:?}");
        }
    }

    #[test]
    fn every_heading_is_about_equally_bright() {
        for step in 0..36 {
            let angle = f64::from(step) * TAU / 36.0;
            let c = heading_colour(&Vec3::new(angle.cos(), 0.0, angle.sin()));
            let y = luminance(c);
            assert!((0.3..=0.65).contains(&y), "{step}: {c:?} has luminance {y}");
        }
    }

    #[test]
    fn speed_does_not_change_the_colour() {
        let v = Vec3::new(0.3, -0.2, 0.9);
        assert_eq!(heading_colour(&v), heading_colour(&(v * 17.0)));
        assert_eq!(heading_colour(&v), heading_colour(&(v * 1e-6)));
    }

    #[test]
    fn steep_boids_are_pale_and_resting_ones_grey() {
        let flat = heading_colour(&Vec3::new(1.0, 0.0, 0.0));
        let steep = heading_colour(&Vec3::new(0.1, 1.0, 0.0));
        let vertical = heading_colour(&Vec3::new(0.0, -1.0, 0.0));
        assert!(chroma(flat) > 0.3, "{flat:?}");
        assert!(chroma(steep) < chroma(flat) / 3.0, "{steep:?}");
        assert!(chroma(vertical) < 0.05, "{vertical:?}");
        assert_eq!(heading_colour(&Vec3::zeros()), REST_COLOUR);
        assert_eq!(heading_colour(&Vec3::new(f64::NAN, 0.0, 1.0)), REST_COLOUR);
        assert_eq!(
            heading_colour(&Vec3::new(f64::INFINITY, 0.0, 1.0)),
            REST_COLOUR
        );
    }

    #[test]
    fn every_colour_is_in_range() {
        for i in 0..1000 {
            let t = f64::from(i);
            let v = Vec3::new((t * 0.7).sin(), (t * 1.3).cos(), (t * 0.3).sin() - 0.2);
            let c = heading_colour(&v);
            assert!(c.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?} → {c:?}");
        }
        // OKLab white and black.
        assert_eq!(
            oklch_to_srgb(1.0, 0.0, 0.0).map(|c| (c * 255.0).round()),
            [255.0; 3]
        );
        assert_eq!(oklch_to_srgb(0.0, 0.0, 0.0), [0.0; 3]);
    }

    #[test]
    fn the_legend_is_german_and_has_hex_colours() {
        let entries = legend_entries();
        assert_eq!(entries.len(), 6);
        for entry in &entries {
            assert!(
                entry.colour.starts_with('#') && entry.colour.len() == 7,
                "{entry:?}"
            );
        }
        assert!(entries.iter().any(|e| e.label.contains("Ruhe")));
        assert_eq!(css_hex([1.0, 0.0, 0.5]), "#ff0080");
        assert!(heading_wheel_css().starts_with("conic-gradient("));
        assert!(LEGEND_TEXT.contains("kein Tempo"));
    }
}
