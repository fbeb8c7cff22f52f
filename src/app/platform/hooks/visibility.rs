//! `use_document_hidden`: runs a callback when the page is hidden (background
//! tab, minimised window), which pauses the simulation (SPEC §3).

use leptos::prelude::*;

/// Calls `on_hidden` whenever the document becomes hidden. The listener is
/// removed when the calling component is cleaned up.
pub fn use_document_hidden(on_hidden: impl Fn() + 'static) {
    // `visibilitychange` is fired at the document and bubbles to the window.
    let handle = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            on_hidden();
        }
    });
    on_cleanup(move || handle.remove());
}
