//! The status block: run state, model time, steps, N, the measures of the
//! whole swarm, selection and the live performance readout.

use leptos::prelude::*;

use super::WayProgress;
use crate::app::format::{
    MISSING, format_decimal, format_integer, format_measure, format_model_time,
};
use crate::app::perf::realtime_label;
use crate::app::state::{RunState, SwarmStore};
use crate::model::Measure;
use crate::texts::measure_label;

/// State, model time, step count, N, mean speed, selected boid, and steps per
/// second, ms per step, frames per second and ms per drawing while running.
#[component]
pub fn Status() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let state = Memo::new(move |_| store.run_state());
    let summary = Memo::new(move |_| store.summary());
    let perf = store.perf();
    let selection = store.selection();

    let show = move |value: Option<String>| value.unwrap_or_else(|| MISSING.to_owned());
    let time = move || show(summary.get().map(|s| format_model_time(s.step)));
    let steps = move || show(summary.get().map(|s| format_integer(s.step)));
    let count = move || show(summary.get().map(|s| format_integer(s.count as u64)));
    let speed = move || {
        show(
            summary
                .get()
                .map(|s| format!("{} LE/s", format_decimal(s.mean_speed, 3))),
        )
    };
    let measures = Memo::new(move |_| store.measures());
    // The measures of SPEC §6 beyond the mean speed (shown above already).
    let measure_rows = [
        (Measure::Polarization, "status-polarization"),
        (Measure::MeanNeighbours, "status-neighbours"),
        (Measure::Groups, "status-groups"),
        (Measure::LargestGroup, "status-largest-group"),
        (Measure::MeanNearestDistance, "status-nearest"),
    ]
    .map(|(measure, id)| {
        let value = move || {
            show(
                measures
                    .get()
                    .map(|m| format_measure(measure, m.get(measure))),
            )
        };
        view! {
            <dt>{measure_label(measure)}</dt>
            <dd id=id>{value}</dd>
        }
    });
    let selected = move || match selection.get() {
        Some(boid) => format!("Boid Nr. {boid}"),
        None => "keine".to_owned(),
    };
    let steps_per_second = move || show(perf.get().map(|p| format_decimal(p.steps_per_second, 1)));
    let ms_per_step = move || {
        show(
            perf.get()
                .and_then(|p| p.ms_per_step)
                .map(|ms| format_decimal(ms, 2)),
        )
    };
    let pictures_per_second =
        move || show(perf.get().map(|p| format_decimal(p.pictures_per_second, 1)));
    let ms_per_draw = move || {
        show(
            perf.get()
                .and_then(|p| p.ms_per_draw)
                .map(|ms| format_decimal(ms, 2)),
        )
    };
    let realtime = move || show(perf.get().map(|p| realtime_label(p.realtime_factor())));
    let note = store.main_thread_note();
    let state_class = move || match state.get() {
        RunState::Empty => "state state-empty",
        RunState::Paused => "state state-paused",
        RunState::Running => "state state-running",
    };

    view! {
        <section class="status" aria-label="Status">
            <h2>"Status"</h2>
            <dl class="status-list">
                <dt>"Zustand"</dt>
                <dd id="status-state" class=state_class>{move || state.get().label()}</dd>
                <dt>"Modellzeit"</dt>
                <dd id="status-time">{time}</dd>
                <dt>"Schritte"</dt>
                <dd id="status-steps">{steps}</dd>
                <dt>"Anzahl N"</dt>
                <dd id="status-count">{count}</dd>
                <dt>"Mittleres Tempo"</dt>
                <dd id="status-speed">{speed}</dd>
                {measure_rows}
                <dt>"Auswahl"</dt>
                <dd id="status-selection">{selected}</dd>
            </dl>
            <WayProgress id_prefix="status"/>
            <h3>"Leistung" <span class="muted">" (live, während der Schwarm läuft)"</span></h3>
            <dl class="status-list perf" aria-live="off">
                <dt>"Modellzeit läuft in"</dt>
                <dd id="perf-realtime">{realtime}</dd>
                <dt>"Schritte pro Sekunde"</dt>
                <dd id="perf-steps-per-second">{steps_per_second}</dd>
                <dt>"ms pro Schritt"</dt>
                <dd id="perf-ms-per-step">{ms_per_step}</dd>
                <dt>"Bilder pro Sekunde"</dt>
                <dd id="perf-pictures-per-second">{pictures_per_second}</dd>
                <dt>"ms pro Bild"</dt>
                <dd id="perf-ms-per-draw">{ms_per_draw}</dd>
            </dl>
            {move || note.get().map(|note| view! { <p id="engine-note" class="note" role="status">{note}</p> })}
        </section>
    }
}
