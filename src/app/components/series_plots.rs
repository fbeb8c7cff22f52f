//! The „Verlauf“ section: one small SVG chart per measure of the whole swarm
//! over model time, drawn by this component (no plotting crate: six paths of
//! a few hundred points each need no more), and „Verlauf exportieren“.

use leptos::prelude::*;

use super::SvgScene;
use crate::app::format::format_integer;
use crate::app::platform::download::download_csv_parts;
use crate::app::platform::timing::now_ms;
use crate::app::simulation::state::SwarmStore;
use crate::app::view::series_chart::{COLUMNS, Chart, HEIGHT, WIDTH, chart, series_file_name};
use crate::model::{CSV_ROWS_PER_PART, Measure};
use crate::texts::{self, measure_label};

/// While the swarm runs the charts are drawn at most this often (ms): a few
/// times a second is smooth enough for a line that grows by one point per
/// step, and an hour's series then costs a few ms of each redraw only.
const REDRAW_MS: f64 = 250.0;

/// The collapsible „Verlauf“ with its charts, kept up to date while the
/// swarm changes, and the export of the whole series.
#[component]
pub fn SeriesPlots() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let open = RwSignal::new(true);
    let charts = RwSignal::new(Vec::<Chart>::new());
    let rows = RwSignal::new(0usize);
    // The first step the series still holds and how many before it it
    // dropped (a run beyond a million steps).
    let kept_from = RwSignal::new(None::<(u64, u64)>);
    let last_drawn = StoredValue::new(f64::NEG_INFINITY);
    let waiting = StoredValue::new(false);
    let draw = move || {
        let _ = last_drawn.try_set_value(now_ms());
        let _ = waiting.try_set_value(false);
        let (drawn, count, kept) = store.with_series(|series| {
            (
                Measure::ALL.map(|measure| chart(series, measure)).to_vec(),
                series.len(),
                series
                    .first_step()
                    .filter(|_| series.dropped() > 0)
                    .map(|first| (first, series.dropped())),
            )
        });
        let _ = charts.try_set(drawn);
        let _ = rows.try_set(count);
        let _ = kept_from.try_set(kept);
    };
    // Redrawn when the swarm changes (throttled while running), when the
    // section opens, and at once when the swarm stops running, so a paused
    // swarm's charts always show its current step.
    Effect::new(move |_| {
        store.version().track();
        let running = store.running().get();
        if !open.get() {
            return;
        }
        let elapsed = now_ms() - last_drawn.get_value();
        if elapsed >= REDRAW_MS || !running {
            draw();
        } else if !waiting.get_value() {
            waiting.set_value(true);
            let wait = std::time::Duration::from_secs_f64((REDRAW_MS - elapsed) / 1000.0);
            set_timeout(
                move || {
                    if waiting.try_get_value() == Some(true) {
                        draw();
                    }
                },
                wait,
            );
        }
    });

    let error = RwSignal::new(None::<String>);
    let export = move |for_excel: bool| {
        let step = store.with_swarm(|swarm| swarm.map(|swarm| swarm.step_count()));
        if let Some(step) = step {
            // In parts: a long series never becomes one string.
            let offered = store.with_series(|series| {
                let parts = series.csv_parts(CSV_ROWS_PER_PART);
                download_csv_parts(&series_file_name(step), parts, for_excel)
            });
            error.set(offered.err().map(|_| texts::DOWNLOAD_REFUSED.to_owned()));
        }
    };
    let disabled = move || store.measures().is_none();

    view! {
        <section class="series" aria-labelledby="series-heading" data-rows=move || rows.get()>
            <h2 id="series-heading">
                <button
                    type="button"
                    id="btn-series-toggle"
                    class="series-toggle"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="series-body"
                    on:click=move |_| open.update(|open| *open = !*open)
                >
                    "Verlauf"
                </button>
            </h2>
            {move || open.get().then(|| view! {
                <div id="series-body">
                    <p class="series-note muted">
                        "Die Maße des ganzen Schwarms über der Modellzeit, ein Wert pro Schritt "
                        "ab Initialisieren oder Laden. Der Punkt markiert den aktuellen Wert; "
                        "jede Bildspalte zeigt den kleinsten und größten Wert ihrer Schritte."
                    </p>
                    {move || kept_from.get().map(|(first, dropped)| view! {
                        <p class="series-note" id="series-kept" role="status">
                            "Der Verlauf hält die letzten Schritte ab Schritt "
                            {format_integer(first)}
                            "; die "{format_integer(dropped)}" Schritte davor sind nicht mehr im "
                            "Speicher und fehlen in Diagramm und Export. Dieselben Parameter mit "
                            "demselben Seed rechnen sie genau wieder (Befehlszeile: "
                            <code>"boids-schwarm-cli --series"</code>")."
                        </p>
                    })}
                    <div class="series-charts">
                        {move || charts.get().into_iter().map(chart_view).collect_view()}
                    </div>
                    <div class="series-export">
                        <button
                            id="btn-export-series"
                            type="button"
                            disabled=disabled
                            on:click=move |_| export(false)
                        >
                            "Verlauf exportieren"
                        </button>
                        <button
                            id="btn-export-series-excel"
                            type="button"
                            disabled=disabled
                            on:click=move |_| export(true)
                        >
                            "CSV für Excel"
                        </button>
                        <span class="muted">
                            " CSV, eine Zeile pro Schritt ("
                            {move || rows.get()}
                            " Zeilen)"
                        </span>
                        <p class="field-error" role="alert">{move || error.get()}</p>
                    </div>
                </div>
            })}
        </section>
    }
}

/// One chart: caption with the current value, and the drawing.
fn chart_view(chart: Chart) -> impl IntoView {
    let label = measure_label(chart.measure);
    let unit = chart
        .measure
        .unit()
        .map(|unit| format!(" in {unit}"))
        .unwrap_or_default();
    let description = format!("{label} über der Modellzeit, aktuell {}", chart.current);
    let scene = chart.scene();
    view! {
        <figure class="series-chart" data-measure=chart.measure.key() data-points=chart.points>
            <figcaption>
                <span class="series-label">{label}{unit}</span>
                <span class="series-current">{chart.current}</span>
            </figcaption>
            <svg
                viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="img"
                aria-label=description
                data-columns=COLUMNS
            >
                <SvgScene scene/>
            </svg>
        </figure>
    }
}
