//! The page for unknown addresses.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::app::platform::base_path::route_href;

/// A German "page not found" message with a way back.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    view! {
        <div class="page narrow">
            <h1>"Seite nicht gefunden"</h1>
            <p>"Unter dieser Adresse gibt es keine Seite."</p>
            <p>
                <A href=route_href("/")>"Zur Ansicht"</A>
                " · "
                <A href=route_href("/tabelle")>"Zur Tabelle"</A>
                " · "
                <A href=route_href("/info")>"Zur Info"</A>
            </p>
        </div>
    }
}
