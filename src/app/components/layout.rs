//! The frame around every page: navigation, the routed page, a footer.

use leptos::prelude::*;

use super::Nav;
use crate::app::hooks::use_pause_on_navigation;
use crate::app::state::SwarmStore;

/// Navigation bar, the page of the current route (`children`) and the footer.
/// Call inside the router.
#[component]
pub fn Layout(children: Children) -> impl IntoView {
    use_pause_on_navigation(expect_context::<SwarmStore>());
    view! {
        <Nav/>
        <main id="inhalt">{children()}</main>
        <footer class="footer">
            "Boids-Schwarm · Modell nach Reynolds (1987) in einer eigenen Variante · "
            "Längen in LE (Längeneinheiten)"
        </footer>
    }
}
