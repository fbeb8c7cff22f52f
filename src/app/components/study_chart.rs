//! The study's chart: a measure's mean over the seeds against the first
//! axis, with error bars, one line per value of the second axis, every run
//! a faint dot that opens its last state.

use leptos::prelude::*;

use crate::app::study::StudyStore;
use crate::app::study::chart::{ErrorBars, HEIGHT, WIDTH, chart_data, legend, svg_markup};
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
    // The chart and its legend as markup: empty without a study.
    let drawing = move || {
        let measure = store.measure.get();
        let bars = bars.get();
        store.with_runner(|runner| {
            runner.map(|runner| {
                let plan = runner.plan();
                let data = chart_data(plan, runner.rows(), measure, bars);
                let legend: String = legend(plan)
                    .into_iter()
                    .map(|(colour, text)| {
                        format!("<li><span class=\"swatch\" style=\"background:{colour}\"></span>{text}</li>")
                    })
                    .collect();
                (svg_markup(plan, &data, measure), legend)
            })
        })
    };

    view! {
        <section class="study-chart" aria-labelledby="study-chart-title">
            <h2 id="study-chart-title">"Diagramm"</h2>
            <div class="study-chart-choices">
                <div class="field">
                    <label for="study-measure">"Maß"</label>
                    <select id="study-measure" on:change=on_measure>
                        {Measure::ALL
                            .into_iter()
                            .map(|m| view! {
                                <option value=m.key() selected=move || store.measure.get() == m>{measure_label(m)}</option>
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
            <p class="hint" class:hidden=move || store.with_runner(|r| r.is_some())>
                "Noch keine Studie: Plan wählen und „Studie starten“."
            </p>
            <figure class="study-figure" class:hidden=move || store.with_runner(|r| r.is_none())>
                <svg id="study-chart" viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                    aria-label="Mittelwert über die Seeds je Punkt mit Fehlerbalken; jeder Lauf ein Punkt, der ihn öffnet"
                    inner_html=move || drawing().map(|d| d.0).unwrap_or_default()></svg>
                <figcaption class="hint">
                    "Linie: Mittelwert der Fenstermittel über die Seeds; blasse Punkte: einzelne Läufe \
                     (ein Klick öffnet den letzten Zustand des Laufs in einem neuen Tab)."
                    <ul class="study-legend" inner_html=move || drawing().map(|d| d.1).unwrap_or_default()></ul>
                </figcaption>
            </figure>
        </section>
    }
}
