//! „Struktur und Korrelation“ on the table page: „Berechnen“ for the state
//! the page shows (in Web Workers, as many as „Rechenkerne“), the progress
//! with „Abbrechen“, then g(r) and C(r) as charts with ξ in words (each
//! chart described in words for screen readers), and the CSV of
//! `boids-schwarm-cli correlations`.

use leptos::prelude::*;

use super::SvgScene;
use crate::app::correlations::CorrelationStore;
use crate::app::format::format_integer;
use crate::app::platform::cores::CoreSetting;
use crate::app::platform::download::download_csv;
use crate::app::simulation::state::{RunState, SwarmStore};
use crate::app::view::correlation_chart::{
    HEIGHT, WIDTH, pair_correlation_scene, velocity_correlation_scene,
};
use crate::app::view::scene::Scene;
use crate::texts::{self, correlations as words};

/// The section: controls, progress, the result.
#[component]
pub fn CorrelationSection() -> impl IntoView {
    let swarm = expect_context::<SwarmStore>();
    let store = expect_context::<CorrelationStore>();
    let cores = expect_context::<CoreSetting>();
    let readout = store.readout();
    // Why „Berechnen“ waits, if it does: a result belongs to one state, so
    // a swarm that moves on (running, or a step being computed) has none.
    let waits = move || {
        if !swarm.has_swarm() {
            // The page says so below (no table).
            Some("")
        } else if swarm.run_state() == RunState::Running {
            Some("Der Schwarm läuft. Die Korrelationen gehören zu einem Zustand: erst „Pause“.")
        } else if swarm.busy().is_some() {
            Some("Erst wenn der Schwarm steht, lässt sich sein Zustand berechnen.")
        } else {
            None
        }
    };
    let computing = move || readout.with(|r| r.progress.is_some());
    let error = RwSignal::new(None::<String>);
    let export = move |for_excel: bool| {
        if let Some(result) = readout.with_untracked(|r| r.result.clone()) {
            let name = format!("boids-schwarm-korrelationen-{}.csv", result.mark.step);
            let sent = download_csv(&name, &result.csv(), for_excel);
            error.set(sent.err().map(|_| texts::DOWNLOAD_REFUSED.to_owned()));
        }
    };

    view! {
        <section class="correlations" aria-labelledby="correlations-heading">
            <h2 id="correlations-heading">"Struktur und Korrelation"</h2>
            <p class="muted">
                "Wie der Schwarm gebaut ist: die Paarkorrelation g(r) (1 bei zufällig verteilten \
                 Boids) und die Korrelation C(r) der Abweichungen vom mittleren Flug, über alle \
                 Paare näher als 4,2 LE, für den Zustand oben – genau wie „boids-schwarm-cli \
                 correlations“. Gerechnet wird in Web Workern, so viele wie Rechenkerne."
            </p>
            <div class="correlations-controls">
                <button
                    id="btn-correlations"
                    type="button"
                    disabled=move || waits().is_some() || computing()
                    on:click=move |_| store.compute(cores.value().get_untracked())
                >
                    "Berechnen"
                </button>
                {move || readout.with(|r| r.progress).map(|p| view! {
                    <span id="correlations-progress" role="status">
                        {format!(
                            "Schritt {}: Block {} von {} berechnet",
                            format_integer(p.step),
                            format_integer(p.done as u64),
                            format_integer(p.total as u64)
                        )}
                    </span>
                    <button id="btn-correlations-cancel" type="button" on:click=move |_| store.cancel()>
                        "Abbrechen"
                    </button>
                })}
            </div>
            <p id="correlations-waits" class="muted">{waits}</p>
            <p id="correlations-note" class="field-error" role="alert">
                {move || readout.with(|r| r.note.as_ref().map(words::note))}
            </p>
            {move || readout.with(|r| r.result.clone()).map(|result| view! {
                <h3 id="correlations-result">
                    {format!(
                        "Ergebnis für Schritt {} (N = {})",
                        format_integer(result.mark.step),
                        format_integer(result.correlations.count as u64)
                    )}
                </h3>
                <p id="correlations-xi">{words::correlation_length(&result)}</p>
                <div class="correlation-charts">
                    {figure(
                        "chart-pair-correlation",
                        "Paarkorrelation g(r)",
                        words::pair_correlation_description(&result),
                        pair_correlation_scene(&result),
                    )}
                    {figure(
                        "chart-velocity-correlation",
                        "Geschwindigkeitskorrelation C(r)",
                        words::velocity_correlation_description(&result),
                        velocity_correlation_scene(&result),
                    )}
                </div>
                <div class="export-buttons">
                    <button id="btn-export-correlations" type="button" on:click=move |_| export(false)>
                        "CSV exportieren"
                    </button>
                    <button id="btn-export-correlations-excel" type="button" on:click=move |_| export(true)>
                        "CSV für Excel"
                    </button>
                    <p class="field-error" role="alert">{move || error.get()}</p>
                </div>
            })}
        </section>
    }
}

/// One chart with its caption; the description is its text alternative.
fn figure(
    id: &'static str,
    caption: &'static str,
    description: String,
    scene: Scene,
) -> impl IntoView {
    view! {
        <figure class="correlation-chart" id=id>
            <figcaption>{caption}</figcaption>
            <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img" aria-label=description>
                <SvgScene scene/>
            </svg>
        </figure>
    }
}
