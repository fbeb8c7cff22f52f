//! The study's chart: a measure's mean over the seeds against the first
//! axis, with error bars, one line per value of the second axis, every run
//! a faint dot that opens its last state.

use leptos::prelude::*;

use crate::app::study::StudyStore;
use crate::app::study::chart::{
    BOTTOM, ChartLayout, ErrorBars, HEIGHT, LEFT, RIGHT, TOP, WIDTH, chart_data, layout,
};
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
    let placed = move || {
        let measure = store.measure.get();
        let bars = bars.get();
        store.with_runner(|runner| {
            runner.map(|runner| {
                let plan = runner.plan();
                layout(
                    plan,
                    &chart_data(plan, runner.rows(), measure, bars),
                    measure,
                )
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
                    {move || match placed() {
                        Some(placed) => drawing(placed).into_any(),
                        None => view! {
                            <text class="axis-label" x=WIDTH / 2.0 y=HEIGHT / 2.0 text-anchor="middle">
                                "Noch keine Studie: Plan wählen und „Studie starten“."
                            </text>
                        }
                        .into_any(),
                    }}
                </svg>
                <figcaption class="hint">
                    "Linie: Mittel über die Seeds; blasse Punkte: einzelne Läufe (Klick: letzter \
                     Zustand im neuen Tab)."
                </figcaption>
            </figure>
        </section>
    }
}

/// The placed chart as SVG: grid and ticks, axis labels, the runs' dots
/// (links), the lines with their means and error bars, the legend.
fn drawing(placed: ChartLayout) -> impl IntoView {
    let ChartLayout {
        y_ticks,
        x_ticks,
        x_label,
        y_label,
        dots,
        lines,
        legend,
    } = placed;
    let (left, right, baseline) = (LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM);
    let y_ticks = y_ticks
        .into_iter()
        .map(|tick| {
            view! {
                <line class="grid" x1=left x2=right y1=tick.at y2=tick.at/>
                <text class="tick" x=left - 6.0 y=tick.at + 4.0 text-anchor="end">{tick.label}</text>
            }
        })
        .collect_view();
    let x_ticks = x_ticks
        .into_iter()
        .map(|tick| {
            view! {
                <text class="tick" x=tick.at y=baseline + 16.0 text-anchor="middle">{tick.label}</text>
            }
        })
        .collect_view();
    let dots = dots
        .into_iter()
        .map(|dot| {
            view! {
                <a href=dot.href target="_blank" class="run-dot" data-run=dot.run>
                    <title>"Lauf "{dot.run}" (Seed "{dot.seed}") öffnen"</title>
                    <circle cx=dot.cx cy=dot.cy r="4" fill=dot.colour/>
                </a>
            }
        })
        .collect_view();
    let lines = lines
        .into_iter()
        .map(|line| {
            let colour = line.colour;
            let means = line
                .means
                .into_iter()
                .map(|mean| {
                    view! {
                        {mean.error_bar.map(|d| view! { <path class="error-bar" d=d stroke=colour/> })}
                        <circle class="mean" cx=mean.cx cy=mean.cy r="3.5" fill=colour/>
                    }
                })
                .collect_view();
            view! {
                <polyline class="mean-line" points=line.points stroke=colour/>
                {means}
            }
        })
        .collect_view();
    let legend = legend.map(|legend| {
        let entries = legend
            .entries
            .into_iter()
            .map(|entry| {
                view! {
                    <rect x=legend.x + 6.0 y=entry.y - 9.0 width="10" height="10" fill=entry.colour/>
                    <text class="legend" x=legend.x + 22.0 y=entry.y>{entry.text}</text>
                }
            })
            .collect_view();
        view! {
            <rect class="legend-box" x=legend.x y=legend.y width="146" height=legend.height/>
            {entries}
        }
    });
    view! {
        {y_ticks}
        {x_ticks}
        <text class="axis-label" x=(left + right) / 2.0 y=HEIGHT - 8.0 text-anchor="middle">{x_label}</text>
        <text
            class="axis-label"
            transform=format!("translate(14 {}) rotate(-90)", (TOP + baseline) / 2.0)
            text-anchor="middle"
        >
            {y_label}
        </text>
        {dots}
        {lines}
        {legend}
    }
}
