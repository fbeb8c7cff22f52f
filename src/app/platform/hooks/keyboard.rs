//! Keyboard shortcuts of the simulation page: Space starts or pauses, `.` or
//! → takes one step, ← goes back one. Keys typed into a text field are left alone.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What a key press asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// Start when paused, pause when running.
    Toggle,
    /// Schritt: pause, then one step.
    Step,
    /// Schritt zurück: pause, then back one step.
    Back,
}

/// Where a key press happened, as far as shortcuts care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyTarget {
    /// A text field (input, textarea, select, editable content): typing.
    TextEntry,
    /// A button or link, which Space and Enter activate by themselves.
    Control,
    /// Anywhere else.
    Page,
}

/// The shortcut for a `KeyboardEvent.key`, or `None`. Modified keys (Ctrl,
/// Alt, ⌘) and auto-repeated Space never count.
#[must_use]
pub fn shortcut_for(
    key: &str,
    target: KeyTarget,
    modified: bool,
    repeat: bool,
) -> Option<Shortcut> {
    if modified || target == KeyTarget::TextEntry {
        return None;
    }
    match key {
        " " | "Spacebar" if target == KeyTarget::Page && !repeat => Some(Shortcut::Toggle),
        "." | "ArrowRight" => Some(Shortcut::Step),
        "ArrowLeft" => Some(Shortcut::Back),
        _ => None,
    }
}

/// Calls `on_shortcut` for every shortcut typed anywhere on the page, until
/// the calling component is cleaned up.
pub fn use_simulation_shortcuts(on_shortcut: impl Fn(Shortcut) + 'static) {
    let handle = window_event_listener(ev::keydown, move |event| {
        let modified = event.ctrl_key() || event.alt_key() || event.meta_key();
        let target = classify(event.target());
        if let Some(shortcut) = shortcut_for(&event.key(), target, modified, event.repeat()) {
            // No page scroll on Space, no caret move on → or ←.
            event.prevent_default();
            on_shortcut(shortcut);
        }
    });
    on_cleanup(move || handle.remove());
}

/// Classifies the element a key event was aimed at.
fn classify(target: Option<web_sys::EventTarget>) -> KeyTarget {
    let Some(element) = target.and_then(|target| target.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return KeyTarget::Page;
    };
    if element.is_content_editable() {
        return KeyTarget::TextEntry;
    }
    match element.tag_name().to_ascii_lowercase().as_str() {
        "input" | "textarea" | "select" => KeyTarget::TextEntry,
        // A disabled button (Starten right after it was clicked) does nothing
        // with Space, so the shortcut applies there.
        "button" if element.has_attribute("disabled") => KeyTarget::Page,
        "button" | "a" | "summary" => KeyTarget::Control,
        _ => KeyTarget::Page,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_toggles_and_dot_or_arrow_steps() {
        assert_eq!(
            shortcut_for(" ", KeyTarget::Page, false, false),
            Some(Shortcut::Toggle)
        );
        assert_eq!(
            shortcut_for(".", KeyTarget::Page, false, false),
            Some(Shortcut::Step)
        );
        assert_eq!(
            shortcut_for("ArrowRight", KeyTarget::Page, false, false),
            Some(Shortcut::Step)
        );
        assert_eq!(shortcut_for("a", KeyTarget::Page, false, false), None);
        assert_eq!(
            shortcut_for("ArrowLeft", KeyTarget::Page, false, false),
            Some(Shortcut::Back)
        );
        assert_eq!(shortcut_for("ArrowUp", KeyTarget::Page, false, false), None);
    }

    #[test]
    fn typing_in_a_field_is_never_a_shortcut() {
        for key in [" ", ".", "ArrowRight", "ArrowLeft"] {
            assert_eq!(
                shortcut_for(key, KeyTarget::TextEntry, false, false),
                None,
                "{key:?}"
            );
        }
    }

    #[test]
    fn space_on_a_button_is_left_to_the_button() {
        assert_eq!(shortcut_for(" ", KeyTarget::Control, false, false), None);
        assert_eq!(
            shortcut_for(".", KeyTarget::Control, false, false),
            Some(Shortcut::Step)
        );
    }

    #[test]
    fn modifiers_and_repeated_space_do_nothing() {
        assert_eq!(shortcut_for(" ", KeyTarget::Page, true, false), None);
        assert_eq!(shortcut_for(".", KeyTarget::Page, true, false), None);
        assert_eq!(shortcut_for(" ", KeyTarget::Page, false, true), None);
        // Holding → keeps stepping.
        assert_eq!(
            shortcut_for("ArrowRight", KeyTarget::Page, false, true),
            Some(Shortcut::Step)
        );
    }
}
