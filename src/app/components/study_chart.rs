//! The study's chart: a measure's mean over the seeds against the first
//! axis, with error bars, one line per value of the second axis, every run
//! a faint dot that opens its last state.

use leptos::prelude::*;

use super::SvgScene;
use crate::app::study::StudyStore;
use crate::app::study::chart::{ErrorBars, HEIGHT, WIDTH, chart_data, chart_scene, no_study};
use crate::model::Measure;
use crate::texts::measure_label;

/// The measure and error-bar choices, the chart and its legend.
#[component]
pub fn StudyChart() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let bars = RwSignal::new(ErrorBars::Sd);
    let on_measure = move |event| {
        let key = event_target_value(&event);
        if let Some(measure) = Measure::ALL.into_iter().find(|m| m.key() == key) {
            store.measure.set(measure);
        }
    };
    let on_bars = move |event| {
        bars.set(if event_target_value(&event) == "sem" {
            ErrorBars::Sem
        } else {
            ErrorBars::Sd
        });
    };
    let drawn = move || {
        let measure = store.measure.get();
        let bars = bars.get();
        store.with_runner(|runner| {
            runner.map_or_else(no_study, |runner| {
                let plan = runner.plan();
                let data = chart_data(plan, runner.rows(), measure, bars);
                chart_scene(plan, &data, measure)
            })
        })
    };

    view! {
        <section class="study-chart" aria-labelledby="study-chart-title">
            <h2 id="study-chart-title">"Diagramm"</h2>
            <div class="study-chart-choices">
                <div class="field">
                    <label for="study-measure">"Maß"</label>
                    <select id="study-measure" prop:value=move || store.measure.get().key() on:change=on_measure>
                        {Measure::ALL
                            .into_iter()
                            .map(|m| view! {
                                <option value=m.key() selected=store.measure.get_untracked() == m>{measure_label(m)}</option>
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label for="study-bars">"Fehlerbalken"</label>
                    <select id="study-bars" on:change=on_bars>
                        <option value="sd">"± Standardabweichung der Seeds"</option>
                        <option value="sem">"± Standardfehler des Mittelwerts"</option>
                    </select>
                </div>
            </div>
            <figure class="study-figure">
                <svg id="study-chart" viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                    aria-label="Mittelwert über die Seeds je Punkt mit Fehlerbalken; jeder Lauf ein Punkt, der ihn öffnet">
                    {move || view! { <SvgScene scene=drawn()/> }}
                </svg>
                <figcaption class="hint">
                    "Linie: Mittel über die Seeds; blasse Punkte: einzelne Läufe (Klick: letzter \
                     Zustand im neuen Tab)."
                </figcaption>
            </figure>
        </section>
    }
}
