//! The selected boid's rules as both views draw them: which arrows, in
//! which colour, at which scale, and the switches that turn the overlay on
//! and make the 3D view follow the selection. Plain data and functions; the
//! views and the legend share them, so the picture and the legend agree.

use leptos::prelude::*;

use crate::app::simulation::state::SwarmStore;
use crate::model::{Explanation, ParamField, Swarm, Vec3, explain, separation_radius};
use crate::texts;

/// Arrow length in LE per LE/s of velocity change in one step. At the
/// default parameters a boid's alignment and cohesion contributions are
/// about 0.05–0.2 LE/s and the push of one close neighbour 0.5 LE/s: at this
/// scale the short arrows reach out of the selection ring of the 3D view
/// (0.1 LE/s is about 28 CSS pixels in the reset view) and one push stays
/// within the cube (4 LE).
pub const ARROW_LE_PER_VELOCITY: f64 = 8.0;

/// The four arrows drawn from the selected boid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// `w_s·S`, „Abstand“.
    Separation,
    /// `w_a·A`, „Richtung“.
    Alignment,
    /// `w_c·C`, „Kohäsion“.
    Cohesion,
    /// The velocity change before capping, „Summe“.
    Sum,
}

impl Rule {
    /// In the order they are drawn (the sum last, on top).
    pub const ALL: [Rule; 4] = [Rule::Separation, Rule::Alignment, Rule::Cohesion, Rule::Sum];

    /// The German label (the parameters' names, and „Summe“).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Rule::Separation => texts::label(ParamField::Separation),
            Rule::Alignment => texts::label(ParamField::Alignment),
            Rule::Cohesion => texts::label(ParamField::Cohesion),
            Rule::Sum => "Summe",
        }
    }

    /// A short key for class names and test hooks.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Rule::Separation => "separation",
            Rule::Alignment => "alignment",
            Rule::Cohesion => "cohesion",
            Rule::Sum => "sum",
        }
    }

    /// The arrow colour (sRGB, 0–255): saturated, so that it differs from
    /// every pale heading colour of the cones, and visible on the dark 3D
    /// background as on the light SVG one.
    #[must_use]
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Rule::Separation => [235, 45, 60],
            Rule::Alignment => [40, 110, 255],
            Rule::Cohesion => [20, 190, 70],
            Rule::Sum => [215, 40, 215],
        }
    }

    /// The colour with opacity `alpha`, each channel in 0 ..= 1 (for WebGL).
    #[must_use]
    pub fn rgba(self, alpha: f32) -> [f32; 4] {
        let [r, g, b] = self.rgb().map(|c| f32::from(c) / 255.0);
        [r, g, b, alpha]
    }

    /// The colour as CSS.
    #[must_use]
    pub fn css(self) -> String {
        let [r, g, b] = self.rgb();
        format!("rgb({r}, {g}, {b})")
    }

    /// The contribution this arrow shows, in LE/s.
    #[must_use]
    pub fn vector(self, explanation: &Explanation) -> Vec3 {
        match self {
            Rule::Separation => explanation.separation,
            Rule::Alignment => explanation.alignment,
            Rule::Cohesion => explanation.cohesion,
            Rule::Sum => explanation.sum,
        }
    }

    /// The arrow from the boid, in LE.
    #[must_use]
    pub fn arrow(self, explanation: &Explanation) -> Vec3 {
        self.vector(explanation) * ARROW_LE_PER_VELOCITY
    }
}

/// What the views draw for the selected boid: its rules at one state of
/// the swarm, with the radius of its neighbourhood.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesOverlay {
    /// The swarm version it was computed for (see `SwarmStore::version`).
    pub data_version: u64,
    /// The neighbour radius r, in LE.
    pub radius: f64,
    /// The rules of the selected boid.
    pub explanation: Explanation,
}

impl RulesOverlay {
    /// The overlay of boid `boid` in `swarm` at version `data_version`.
    #[must_use]
    pub fn of(swarm: &Swarm, boid: usize, data_version: u64) -> Option<Self> {
        Some(Self {
            data_version,
            radius: swarm.params().radius,
            explanation: explain(swarm, boid)?,
        })
    }

    /// The separation zone's radius, 0.35·r, in LE.
    #[must_use]
    pub fn separation_radius(&self) -> f64 {
        separation_radius(self.radius)
    }
}

/// The overlay's switches, shared by both views and kept across pages.
#[derive(Debug, Clone, Copy)]
pub struct OverlaySettings {
    /// „Regeln der Auswahl zeigen“ (on by default).
    pub show_rules: RwSignal<bool>,
    /// „Auswahl verfolgen“ in the 3D view (off by default).
    pub follow: RwSignal<bool>,
}

impl OverlaySettings {
    /// The defaults: rules shown, not following.
    #[must_use]
    pub fn new() -> Self {
        Self {
            show_rules: RwSignal::new(true),
            follow: RwSignal::new(false),
        }
    }
}

impl Default for OverlaySettings {
    fn default() -> Self {
        Self::new()
    }
}

/// The selected boid's rules while „Regeln der Auswahl zeigen“ is on,
/// recomputed whenever the swarm or the selection changes (one pass over the
/// swarm on this thread: about a millisecond at N = 50 000).
#[must_use]
pub fn use_selection_rules(
    store: SwarmStore,
    settings: OverlaySettings,
) -> Memo<Option<RulesOverlay>> {
    Memo::new(move |_| {
        let version = store.version().get();
        let boid = store.selection().get()?;
        if !settings.show_rules.get() {
            return None;
        }
        store.with_swarm(|swarm| RulesOverlay::of(swarm?, boid, version))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Params;

    #[test]
    fn arrows_are_the_contributions_at_the_stated_scale() {
        let swarm = Swarm::new(&Params::default()).unwrap();
        let overlay = RulesOverlay::of(&swarm, 3, 7).unwrap();
        assert_eq!(overlay.data_version, 7);
        assert_eq!(overlay.radius, 1.2);
        assert!((overlay.separation_radius() - 0.42).abs() < 1e-12);
        let e = &overlay.explanation;
        for rule in Rule::ALL {
            assert_eq!(rule.arrow(e), rule.vector(e) * ARROW_LE_PER_VELOCITY);
        }
        assert_eq!(Rule::Sum.vector(e), e.sum);
        assert_eq!(RulesOverlay::of(&swarm, 200, 7), None);
    }

    #[test]
    fn the_four_colours_differ_clearly() {
        for (i, a) in Rule::ALL.iter().enumerate() {
            for b in &Rule::ALL[i + 1..] {
                let distance: i32 = a
                    .rgb()
                    .iter()
                    .zip(b.rgb())
                    .map(|(x, y)| (i32::from(*x) - i32::from(y)).abs())
                    .sum();
                assert!(distance > 150, "{a:?} and {b:?}");
            }
        }
        assert_eq!(Rule::Cohesion.css(), "rgb(20, 190, 70)");
        assert_eq!(crate::app::format::format_decimal(0.5, 2), "0,50");
    }
}
