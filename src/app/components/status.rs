//! The status block: run state, model time, steps, N, the measures of the
//! whole swarm, selection and the live performance readout.

use leptos::prelude::*;

use super::WayProgress;
use crate::app::format::{
    MISSING, format_decimal, format_integer, format_measure, format_model_time,
};
use crate::app::simulation::perf::realtime_label;
use crate::app::simulation::state::{RunState, SwarmStore};
use crate::app::view::value_list::{Line, list_markup, write_values};
use crate::model::Measure;
use crate::texts::engine::engine_note;
use crate::texts::measure_label;

/// State, model time, step count, N, mean speed, selected boid, and steps per
/// second, ms per step, frames per second and ms per drawing while running.
/// The lists are markup built once; their values are written into the same
/// elements whenever they change (far less wasm than a view per line, and
/// each value stays one element that observers and screen readers follow).
#[component]
pub fn Status() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let perf = store.perf();
    let selection = store.selection();
    let show = |value: Option<String>| value.unwrap_or_else(|| MISSING.to_owned());
    let lines = move || -> Vec<Line> {
        let summary = store.summary();
        let measures = store.measures();
        let mut lines = vec![
            (
                "status-state",
                "Zustand",
                store.run_state().label().to_owned(),
            ),
            (
                "status-time",
                "Modellzeit",
                show(summary.map(|s| format_model_time(s.step))),
            ),
            (
                "status-steps",
                "Schritte",
                show(summary.map(|s| format_integer(s.step))),
            ),
            (
                "status-count",
                "Anzahl N",
                show(summary.map(|s| format_integer(s.count as u64))),
            ),
            (
                "status-speed",
                "Mittleres Tempo",
                show(summary.map(|s| format!("{} LE/s", format_decimal(s.mean_speed, 3)))),
            ),
        ];
        // The measures of SPEC §6 beyond the mean speed (shown above already).
        for (measure, id) in [
            (Measure::Polarization, "status-polarization"),
            (Measure::MeanNeighbours, "status-neighbours"),
            (Measure::Groups, "status-groups"),
            (Measure::LargestGroup, "status-largest-group"),
            (Measure::MeanNearestDistance, "status-nearest"),
        ] {
            let value = measures
                .as_ref()
                .map(|m| format_measure(measure, m.get(measure)));
            lines.push((id, measure_label(measure), show(value)));
        }
        let selected = match selection.get() {
            Some(boid) => format!("Boid Nr. {boid}"),
            None => "keine".to_owned(),
        };
        lines.push(("status-selection", "Auswahl", selected));
        lines
    };
    let perf_lines = move || -> Vec<Line> {
        let perf = perf.get();
        let decimal =
            |value: Option<f64>, decimals| show(value.map(|v| format_decimal(v, decimals)));
        vec![
            (
                "perf-realtime",
                "Modellzeit läuft in",
                show(perf.map(|p| realtime_label(p.realtime_factor()))),
            ),
            (
                "perf-steps-per-second",
                "Schritte pro Sekunde",
                decimal(perf.map(|p| p.steps_per_second), 1),
            ),
            (
                "perf-ms-per-step",
                "ms pro Schritt",
                decimal(perf.and_then(|p| p.ms_per_step), 2),
            ),
            (
                "perf-pictures-per-second",
                "Bilder pro Sekunde",
                decimal(perf.map(|p| p.pictures_per_second), 1),
            ),
            (
                "perf-ms-per-draw",
                "ms pro Bild",
                decimal(perf.and_then(|p| p.ms_per_draw), 2),
            ),
        ]
    };
    let list = untrack(|| list_markup(&lines(), false));
    let perf_list = untrack(|| list_markup(&perf_lines(), false));
    let section = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        let lines = lines();
        if let Some(section) = section.get() {
            write_values(&section, &lines);
            if let Ok(Some(state)) = section.query_selector("#status-state") {
                let class = match store.run_state() {
                    RunState::Empty => "state state-empty",
                    RunState::Paused => "state state-paused",
                    RunState::Running => "state state-running",
                };
                state.set_class_name(class);
            }
        }
    });
    Effect::new(move |_| {
        let lines = perf_lines();
        if let Some(section) = section.get() {
            write_values(&section, &lines);
        }
    });
    let note = store.engine_note();

    view! {
        <section class="status" aria-label="Status" node_ref=section>
            <h2>"Status"</h2>
            <dl class="status-list" inner_html=list></dl>
            <WayProgress id_prefix="status"/>
            <h3>"Leistung" <span class="muted">" (live, während der Schwarm läuft)"</span></h3>
            <dl class="status-list perf" aria-live="off" inner_html=perf_list></dl>
            {move || note.get().map(|note| view! { <p id="engine-note" class="note" role="status">{engine_note(&note)}</p> })}
        </section>
    }
}
