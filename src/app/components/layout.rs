//! The frame around every page: navigation, the routed page, a footer.

use leptos::prelude::*;
use leptos_router::components::{Route, Routes};
use leptos_router::path;

use super::Nav;
use crate::app::hooks::use_pause_on_navigation;
use crate::app::pages::{AboutPage, NotFoundPage, SimulationPage, TablePage};
use crate::app::state::SwarmStore;

/// Navigation bar, the page of the current route and the footer.
#[component]
pub fn Layout() -> impl IntoView {
    use_pause_on_navigation(expect_context::<SwarmStore>());
    view! {
        <Nav/>
        <main id="inhalt">
            <Routes fallback=|| view! { <NotFoundPage/> }>
                <Route path=path!("/") view=SimulationPage/>
                <Route path=path!("/tabelle") view=TablePage/>
                <Route path=path!("/info") view=AboutPage/>
            </Routes>
        </main>
        <footer class="footer">
            "Boids-Schwarm · Modell nach Reynolds (1987) in einer eigenen Variante · "
            "Längen in LE (Längeneinheiten)"
        </footer>
    }
}
