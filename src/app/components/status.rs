//! The status block: run state, model time, steps, N, the measures of the
//! whole swarm, selection and the live performance readout.

use leptos::prelude::*;

use super::value_list::Line;
use super::{ValueList, WayProgress};
use crate::app::format::{
    MISSING, format_decimal, format_integer, format_measure, format_model_time,
};
use crate::app::simulation::perf::realtime_label;
use crate::app::simulation::state::{RunState, SwarmStore};

use crate::model::Measure;
use crate::texts::engine::engine_note;
use crate::texts::measure_label;

/// State, model time, step count, N, mean speed, selected boid, and steps per
/// second, ms per step, frames per second and ms per drawing while running.
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
    let state_class = Signal::derive(move || match store.run_state() {
        RunState::Empty => "state state-empty",
        RunState::Paused => "state state-paused",
        RunState::Running => "state state-running",
    });
    let note = store.engine_note();

    view! {
        <section class="status" aria-label="Status">
            <h2>"Status"</h2>
            <dl class="status-list">
                <ValueList lines=lines first_class=state_class/>
            </dl>
            <WayProgress id_prefix="status"/>
            <h3>"Leistung" <span class="muted">" (live, während der Schwarm läuft)"</span></h3>
            <dl class="status-list perf" aria-live="off">
                <ValueList lines=perf_lines/>
            </dl>
            {move || note.get().map(|note| view! { <p id="engine-note" class="note" role="status">{engine_note(&note)}</p> })}
        </section>
    }
}
