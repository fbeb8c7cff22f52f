//! How the views draw, beyond the model: presentation mode („Vollbild“) and
//! the symbol size („Symbolgröße“). One setting for the 3D and the SVG view,
//! and the way the view on the page hands over a picture of itself.

use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;

/// Asks the view on the page for a complete picture of the current state,
/// `size` device pixels large (`None`: the view's own size), and hands its
/// element (the 3D canvas or the SVG) to the callback in the task in which
/// the picture is complete: a 3D canvas can be read only then.
pub type TakePicture = Rc<dyn Fn(Option<(u32, u32)>, Box<dyn FnOnce(web_sys::Element)>)>;

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
    /// How the view on the page takes a picture, with the number of its
    /// offer ([`ViewLook::offer_pictures`]); `None` without a view.
    taker: StoredValue<Option<(u64, TakePicture)>, LocalStorage>,
    /// Whether a view on the page takes pictures (a film holds while none
    /// does); set again by every view that offers, so that a film asks the
    /// new view.
    pub has_view: RwSignal<bool>,
}

impl ViewLook {
    /// Not presenting, normal symbols.
    #[must_use]
    pub fn new() -> Self {
        Self {
            presenting: RwSignal::new(false),
            symbol_scale: RwSignal::new(SYMBOL_SCALES[0].0),
            area: NodeRef::new(),
            taker: StoredValue::new_local(None),
            has_view: RwSignal::new(false),
        }
    }

    /// The view being mounted takes the pictures until its owner is cleaned
    /// up (then it withdraws only its own offer: the other view may have
    /// taken over already).
    pub fn offer_pictures(&self, take: TakePicture) {
        let offer = self
            .taker
            .with_value(|taker| taker.as_ref().map_or(0, |(offer, _)| offer + 1));
        self.taker.set_value(Some((offer, take)));
        self.has_view.set(true);
        let (taker, has_view) = (self.taker, self.has_view);
        on_cleanup(move || {
            let withdrawn = taker.try_update_value(|taker| {
                let own = taker.as_ref().is_some_and(|(current, _)| *current == offer);
                if own {
                    *taker = None;
                }
                own
            });
            if withdrawn == Some(true) {
                has_view.try_set(false);
            }
        });
    }

    /// Asks the view on the page for a picture (see [`TakePicture`]);
    /// `false` when there is no view.
    pub fn take_picture(
        &self,
        size: Option<(u32, u32)>,
        deliver: Box<dyn FnOnce(web_sys::Element)>,
    ) -> bool {
        let Some(take) = self
            .taker
            .try_with_value(|taker| taker.as_ref().map(|(_, take)| Rc::clone(take)))
            .flatten()
        else {
            return false;
        };
        take(size, deliver);
        true
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
