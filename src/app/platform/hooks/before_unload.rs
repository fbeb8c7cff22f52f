//! `use_before_unload`: while `active` is true, leaving or reloading the
//! page asks first (the browser's own question), so that a running study or
//! a long way to a step is not closed by accident.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// Asks before the page is left while `active` is true. The listener is
/// removed when the calling component is cleaned up.
pub fn use_before_unload(active: Signal<bool>) {
    let handle = window_event_listener_untyped("beforeunload", move |event| {
        if active.get_untracked() {
            // Both, for older and newer browsers: the default prevented and
            // a non-empty returnValue.
            event.prevent_default();
            let _ = js_sys::Reflect::set(
                &event,
                &JsValue::from_str("returnValue"),
                &JsValue::from_str("Eine Berechnung läuft noch."),
            );
        }
    });
    on_cleanup(move || handle.remove());
}
