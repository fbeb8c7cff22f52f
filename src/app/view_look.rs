//! How the views draw, beyond the model: presentation mode („Vollbild“) and
//! the symbol size („Symbolgröße“). One setting for the 3D and the SVG view.

use leptos::html;
use leptos::prelude::*;

/// The choices of „Symbolgröße“: factor and German label. Every boid is
/// drawn at the same size, so size never shows speed (SPEC §4).
pub const SYMBOL_SCALES: [(f64, &str); 4] = [
    (1.0, "normal"),
    (1.5, "1,5-fach"),
    (2.0, "doppelt"),
    (3.0, "dreifach"),
];

/// The look of the views, shared through the context.
#[derive(Debug, Clone, Copy)]
pub struct ViewLook {
    /// „Vollbild“: the view fills the screen, with large readouts and
    /// thicker cube lines.
    pub presenting: RwSignal<bool>,
    /// Each symbol's size relative to normal: one of [`SYMBOL_SCALES`].
    pub symbol_scale: RwSignal<f64>,
    /// The element that goes fullscreen: the view with its readouts.
    pub area: NodeRef<html::Section>,
}

impl ViewLook {
    /// Not presenting, normal symbols.
    #[must_use]
    pub fn new() -> Self {
        Self {
            presenting: RwSignal::new(false),
            symbol_scale: RwSignal::new(SYMBOL_SCALES[0].0),
            area: NodeRef::new(),
        }
    }
}

impl Default for ViewLook {
    fn default() -> Self {
        Self::new()
    }
}

/// The scale of a choice's value (`"1.5"`), or `None` if it is not one.
#[must_use]
pub fn scale_of_choice(value: &str) -> Option<f64> {
    let value: f64 = value.parse().ok()?;
    SYMBOL_SCALES
        .iter()
        .map(|&(scale, _)| scale)
        .find(|&scale| scale == value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_offered_scales_are_taken() {
        for (scale, _) in SYMBOL_SCALES {
            assert_eq!(scale_of_choice(&scale.to_string()), Some(scale));
        }
        for bad in ["", "0", "-1", "2.5", "NaN", "inf", "x"] {
            assert_eq!(scale_of_choice(bad), None, "{bad}");
        }
    }
}
