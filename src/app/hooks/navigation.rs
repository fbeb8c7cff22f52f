//! `use_pause_on_navigation`: leaving a page pauses the simulation; the swarm
//! and the selection stay (SPEC §3).

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::app::state::SwarmStore;

/// Pauses `store` whenever the route's path changes. Call inside the router.
pub fn use_pause_on_navigation(store: SwarmStore) {
    let pathname = use_location().pathname;
    Effect::new(move |previous: Option<String>| {
        let current = pathname.get();
        if previous.is_some_and(|previous| previous != current) {
            store.pause();
        }
        current
    });
}
