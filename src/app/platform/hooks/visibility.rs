//! `use_document_hidden`: tells when the page is hidden (background tab,
//! minimised window, a locked screen) and shown again: hiding pauses the
//! simulation and holds a film (SPEC §3, §9).

use leptos::prelude::*;

/// Calls `on_change(hidden)` whenever the document becomes hidden or
/// visible. The listener is removed when the calling component is cleaned
/// up.
pub fn use_document_hidden(on_change: impl Fn(bool) + 'static) {
    // `visibilitychange` is fired at the document and bubbles to the window.
    let handle = window_event_listener_untyped("visibilitychange", move |_| {
        on_change(document().hidden());
    });
    on_cleanup(move || handle.remove());
}
