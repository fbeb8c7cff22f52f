//! The study's chart: a measure's mean over the seeds against the first
//! axis, with error bars, one line per value of the second axis, every run
//! a faint dot that opens its last state.

use leptos::prelude::*;

use super::SvgScene;
use crate::app::platform::timing::now_ms;
use crate::app::study::StudyStore;
use crate::app::study::chart::{
    ErrorBars, HEIGHT, MAX_LINKED_DOTS, WIDTH, chart_data, chart_scene, no_study,
};
use crate::model::Measure;
use crate::texts::measure_label;

/// How often a large study's chart is drawn while it computes, ms.
const CHART_MS: f64 = 2_000.0;

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
    // A study of more runs than dots with links is drawn at most every
    // CHART_MS while it computes, without its run dots (they come when it
    // stops): each drawing is the whole chart, and four a second kept the
    // page busy. Smaller studies and a stopped one are drawn at once.
    let running = store.running();
    let drawn_at = StoredValue::new(f64::NEG_INFINITY);
    let tick = Memo::new(move |before: Option<&u64>| {
        let large = store.with_runner(|runner| {
            runner.is_some_and(|runner| runner.rows().len() > MAX_LINKED_DOTS)
        });
        let now = now_ms();
        let before = before.copied().unwrap_or(0);
        if running.get() && large && now - drawn_at.get_value() < CHART_MS {
            return before;
        }
        drawn_at.set_value(now);
        before + 1
    });
    let drawn = move || {
        // Read, not only tracked: a memo computes when it is read.
        let _ = tick.get();
        let measure = store.measure.get();
        let bars = bars.get();
        let dots = !running.get_untracked();
        untrack(|| {
            store.with_runner(|runner| {
                runner.map_or_else(no_study, |runner| {
                    let plan = runner.plan();
                    let dots = dots || runner.rows().len() <= MAX_LINKED_DOTS;
                    let data = chart_data(plan, runner.rows(), measure, bars, dots);
                    chart_scene(plan, &data, measure)
                })
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
