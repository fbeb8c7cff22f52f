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
use crate::app::study::phase::phase_scene;
use crate::texts::quantity_label;

/// How often a large study's chart is drawn while it computes, ms.
const CHART_MS: f64 = 2_000.0;

/// The measure and error-bar choices, the chart and its legend.
#[component]
pub fn StudyChart() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let bars = RwSignal::new(ErrorBars::Sd);
    // A study with two axes: the lines or the phase diagram.
    let phase = RwSignal::new(false);
    let two_axes = Memo::new(move |_| {
        store.with_runner(|runner| runner.is_some_and(|runner| runner.plan().axes.len() == 2))
    });
    let phase_shown = move || phase.get() && two_axes.get();
    // Memos: the study changes with every row, its columns almost never.
    let quantities = Memo::new(move |_| store.quantities());
    let shown = Memo::new(move |_| store.shown());
    let on_measure = move |event| {
        let key = event_target_value(&event);
        if let Some(quantity) = quantities
            .get_untracked()
            .into_iter()
            .find(|q| q.key() == key)
        {
            store.measure.set(quantity);
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
        let measure = shown.get();
        let bars = bars.get();
        let phase = phase_shown();
        let dots = !running.get_untracked();
        untrack(|| {
            store.with_runner(|runner| {
                runner.map_or_else(no_study, |runner| {
                    let plan = runner.plan();
                    if phase {
                        return phase_scene(plan, runner.rows(), measure);
                    }
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
                    <select id="study-measure" prop:value=move || shown.get().key() on:change=on_measure>
                        {move || quantities
                            .get()
                            .into_iter()
                            .map(|q| view! {
                                <option value=q.key() selected=shown.get_untracked() == q>{quantity_label(q)}</option>
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field" class:hidden=move || !two_axes.get()>
                    <label for="study-view">"Darstellung"</label>
                    <select id="study-view" on:change=move |event| phase.set(event_target_value(&event) == "phase")>
                        <option value="lines">"Linien über die erste Achse"</option>
                        <option value="phase">"Phasendiagramm"</option>
                    </select>
                </div>
                <div class="field" class:hidden=phase_shown>
                    <label for="study-bars">"Fehlerbalken"</label>
                    <select id="study-bars" on:change=on_bars>
                        <option value="sd">"± Standardabweichung der Seeds"</option>
                        <option value="sem">"± Standardfehler des Mittelwerts"</option>
                    </select>
                </div>
            </div>
            <figure class="study-figure">
                <svg id="study-chart" viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                    aria-label=move || if phase_shown() {
                        "Phasendiagramm: je Punkt des Rasters ein Feld, gefärbt nach dem Mittel über die Seeds; jedes Feld führt zu seinen Läufen in der Tabelle"
                    } else {
                        "Mittelwert über die Seeds je Punkt mit Fehlerbalken; jeder Lauf ein Punkt, der ihn öffnet"
                    }>
                    {move || view! { <SvgScene scene=drawn()/> }}
                </svg>
                <figcaption class="hint">
                    {move || if phase_shown() {
                        "Erste Achse nach rechts, zweite nach oben; die Farbe zeigt das Mittel über \
                         die Seeds (Skala rechts). Klick auf ein Feld: seine Zeile in der Tabelle \
                         mit den Läufen; dieselben Zahlen stehen dort auch zum Vorlesen."
                    } else {
                        "Linie: Mittel über die Seeds; blasse Punkte: einzelne Läufe (Klick: letzter \
                         Zustand im neuen Tab)."
                    }}
                </figcaption>
            </figure>
        </section>
    }
}
