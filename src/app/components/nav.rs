//! The navigation bar.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::app::platform::base_path::route_href;

/// The app's title and the links to its pages; the current page is marked.
#[component]
pub fn Nav() -> impl IntoView {
    view! {
        <header class="topbar">
            <a class="skip-link" href="#inhalt">"Zum Inhalt springen"</a>
            <span class="brand" aria-hidden="true">"Boids-Schwarm"</span>
            <nav aria-label="Seiten">
                <ul class="nav-links">
                    <li><A href=route_href("/") exact=true>"Ansicht"</A></li>
                    <li><A href=route_href("/tabelle")>"Tabelle"</A></li>
                    <li><A href=route_href("/studie")>"Studie"</A></li>
                    <li><A href=route_href("/info")>"Info"</A></li>
                </ul>
            </nav>
        </header>
    }
}
