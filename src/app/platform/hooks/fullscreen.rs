//! The Fullscreen API for „Vollbild“: entering with an element, leaving,
//! and a callback when the user leaves (Esc, the browser's own controls).
//! Where the API is missing or not allowed (an iframe without
//! `allowfullscreen`), the page's own presentation style fills the window
//! instead, and Esc still leaves it.

use leptos::ev;
use leptos::prelude::*;

/// Asks the browser to show `element` fullscreen, where it may.
pub fn enter_fullscreen(element: &web_sys::Element) {
    if document().fullscreen_enabled() {
        let _ = element.request_fullscreen();
    }
}

/// Leaves fullscreen, if the page is in it.
pub fn leave_fullscreen() {
    let document = document();
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    }
}

/// Calls `on_leave` when the page leaves fullscreen or Esc is pressed,
/// until the calling component is cleaned up.
pub fn use_fullscreen_exit(on_leave: impl Fn() + Clone + 'static) {
    let leave = on_leave.clone();
    // `fullscreenchange` bubbles from the element to the document and window.
    let change = window_event_listener_untyped("fullscreenchange", move |_| {
        if document().fullscreen_element().is_none() {
            leave();
        }
    });
    let escape = window_event_listener(ev::keydown, move |event| {
        if event.key() == "Escape" {
            on_leave();
        }
    });
    on_cleanup(move || {
        change.remove();
        escape.remove();
    });
}
