//! The key readouts over the view (state, Modellzeit, Schritte, Ordnung,
//! Gruppen) and a long way's progress with „Abbrechen“, so the swarm and
//! its numbers are seen together on any screen, and large in „Vollbild“.

use leptos::prelude::*;

use super::value_list::Line;
use super::{ValueList, WayProgress};
use crate::app::format::{MISSING, format_integer, format_measure, format_model_time};
use crate::app::simulation::state::{RunState, SwarmStore};
use crate::model::Measure;
use crate::texts::measure_label;

/// A small panel in the view's upper left corner; an empty view shows none.
#[component]
pub fn ViewReadouts() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let state = Memo::new(move |_| store.run_state());
    // Shown with a swarm, while one is being computed (a link's way), and
    // while the session asks before it computes one.
    let hidden = Memo::new(move |_| {
        state.get() == RunState::Empty && store.busy().is_none() && store.question().is_none()
    });
    let lines = move || -> Vec<Line> {
        let step = store.summary().map(|summary| summary.step);
        let measures = store.measures();
        let measure = |measure: Measure| {
            measures.as_ref().map_or_else(
                || MISSING.to_owned(),
                |m| format_measure(measure, m.get(measure)),
            )
        };
        vec![
            ("view-state", "Zustand", state.get().label().to_owned()),
            (
                "view-time",
                "Modellzeit",
                step.map_or_else(|| MISSING.to_owned(), format_model_time),
            ),
            (
                "view-steps",
                "Schritte",
                step.map_or_else(|| MISSING.to_owned(), format_integer),
            ),
            (
                "view-polarization",
                measure_label(Measure::Polarization),
                measure(Measure::Polarization),
            ),
            (
                "view-groups",
                measure_label(Measure::Groups),
                measure(Measure::Groups),
            ),
        ]
    };
    view! {
        <div class="view-readouts" class:hidden=move || hidden.get()>
            <dl aria-label="Kennzahlen">
                <ValueList lines=lines grouped=true/>
            </dl>
            <WayProgress id_prefix="view"/>
        </div>
    }
}
