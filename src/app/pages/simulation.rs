//! The simulation page ("Ansicht"): parameters, controls, status and the view.

use leptos::prelude::*;

use crate::app::components::{Controls, ParameterForm, Status, SvgView};
use crate::app::hooks::use_simulation_shortcuts;
use crate::app::state::SwarmStore;

/// Parameters, controls and status beside the swarm view; keyboard shortcuts.
#[component]
pub fn SimulationPage() -> impl IntoView {
    use_simulation_shortcuts(expect_context::<SwarmStore>());
    view! {
        <h1 class="visually-hidden">"Ansicht"</h1>
        <div class="simulation">
            <aside class="sidebar">
                <ParameterForm/>
                <Controls/>
                <Status/>
            </aside>
            <section class="view-area" aria-label="Ansicht des Schwarms">
                <SvgView/>
            </section>
        </div>
    }
}
