//! The page for unknown addresses.

use leptos::prelude::*;
use leptos_router::components::A;

/// A German "page not found" message with a way back.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    view! {
        <div class="page narrow">
            <h1>"Seite nicht gefunden"</h1>
            <p>"Unter dieser Adresse gibt es keine Seite."</p>
            <p>
                <A href="/">"Zur Ansicht"</A>
                " · "
                <A href="/tabelle">"Zur Tabelle"</A>
                " · "
                <A href="/info">"Zur Info"</A>
            </p>
        </div>
    }
}
