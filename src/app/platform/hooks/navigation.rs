//! `use_path_change`: runs a callback whenever the route's path changes
//! (leaving a page pauses the simulation, SPEC §3).

use leptos::prelude::*;
use leptos_router::hooks::use_location;

/// Calls `on_change` whenever the route's path changes; the first path does
/// not count. Call inside the router.
pub fn use_path_change(on_change: impl Fn() + 'static) {
    let pathname = use_location().pathname;
    Effect::new(move |previous: Option<String>| {
        let current = pathname.get();
        if previous.is_some_and(|previous| previous != current) {
            on_change();
        }
        current
    });
}
