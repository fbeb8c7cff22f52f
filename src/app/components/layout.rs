//! The frame around every page: navigation, the hint of a new version, the
//! routed page, a footer.

use leptos::prelude::*;

use super::{Nav, UpdateNotice};
use crate::app::platform::hooks::{use_path_change, use_service_worker};

/// Navigation bar, the page of the current route (`children`) and the footer.
/// Call inside the router.
#[component]
pub fn Layout(
    /// Called whenever the route's path changes (leaving a page pauses).
    #[prop(into)]
    on_navigate: Callback<()>,
    children: Children,
) -> impl IntoView {
    use_path_change(move || on_navigate.run(()));
    let update = use_service_worker();
    view! {
        <Nav/>
        <UpdateNotice update/>
        <main id="inhalt">{children()}</main>
        <footer class="footer">
            "Boids-Schwarm · Modell nach Reynolds (1987) in einer eigenen Variante · "
            "Längen in LE (Längeneinheiten)"
        </footer>
    }
}
