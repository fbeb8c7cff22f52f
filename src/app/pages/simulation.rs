//! The simulation page ("Ansicht"): parameters, controls, status, the view
//! and below it the „Verlauf“ of the measures.

use leptos::prelude::*;

use crate::app::components::{
    Controls, GoToStep, LinkNotice, MediaPanel, ParameterForm, SeriesPlots, ShareLink, Status,
    SvgView, UndoNotice, View3d,
};
use crate::app::platform::hooks::{Shortcut, use_after_first_paint, use_simulation_shortcuts};
use crate::app::simulation::state::SwarmStore;
use crate::app::view::render3d::ViewFailure;
use crate::app::view::view_look::ViewLook;
use crate::texts;
use crate::texts::view::view_failure;

/// Parameters, controls and status beside the swarm view; keyboard shortcuts.
#[component]
pub fn SimulationPage() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    use_simulation_shortcuts(move |shortcut| match shortcut {
        Shortcut::Toggle => store.toggle(),
        Shortcut::Step => store.step(),
        // At the first state there is nothing to go back to: the key does nothing.
        Shortcut::Back => {
            let _ = store.step_back();
        }
    });
    let unavailable = RwSignal::new(None::<ViewFailure>);
    // The view and the charts mount in a task of their own after the first
    // paint of the sidebar (nothing shown above them moves).
    let main_column = use_after_first_paint();
    let look = expect_context::<ViewLook>();
    let presenting = look.presenting;
    view! {
        <h1 class="visually-hidden">"Ansicht"</h1>
        <p class="page-lead">{texts::SIMULATION_LEAD}</p>
        <div class="simulation">
            <aside class="sidebar">
                <LinkNotice/>
                <ParameterForm/>
                <Controls/>
                <UndoNotice/>
                <GoToStep/>
                <ShareLink/>
                <MediaPanel/>
                <Status/>
            </aside>
            {move || main_column.get().then(|| view! {
            <div class="main-column">
            <section
                class="view-area"
                class:presenting=move || presenting.get()
                node_ref=look.area
                tabindex="-1"
                aria-label="Ansicht des Schwarms"
            >
                <Show
                    when=move || unavailable.with(Option::is_none)
                    fallback=move || view! {
                        <p class="view-fallback-note" role="status">
                            "Die 3D-Ansicht ist nicht verfügbar: "
                            {move || unavailable.with(|failure| failure.as_ref().map(view_failure))}
                            " Stattdessen zeigt die SVG-Ansicht denselben Zustand."
                        </p>
                        <SvgView/>
                    }
                >
                    <View3d on_unavailable=move |reason: ViewFailure| unavailable.set(Some(reason))/>
                </Show>
            </section>
            <SeriesPlots/>
            </div>
            })}
        </div>
    }
}
