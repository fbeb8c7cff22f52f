//! The table page: status, the swarm's parameters, export and import,
//! „Struktur und Korrelation“ of the state, and one row per boid.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::app::components::{
    BoidTable, CorrelationSection, ExportButtons, LinkNotice, ShareLink, StateImport, Status,
    SwarmParams,
};
use crate::app::platform::base_path::route_href;
use crate::app::simulation::state::{Busy, SwarmStore};

/// Status and parameters above the table of all boids; export and import.
#[component]
pub fn TablePage() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    // Flips only when a swarm comes or goes, so the table (its sort order and
    // scroll position) is built once; an import, which removes the old swarm
    // before the new one is computed, keeps it.
    let show_table = Memo::new(move |shown: Option<&bool>| {
        store.has_swarm() || (shown == Some(&true) && store.busy() == Some(Busy::Building))
    });
    view! {
        <div class="page table-page">
            <h1>"Tabelle"</h1>
            <LinkNotice/>
            <div class="table-header">
                <Status/>
                <section class="table-side" aria-label="Parameter und Dateien">
                    <h2>"Parameter des Schwarms"</h2>
                    <SwarmParams/>
                    <h2>"Dateien"</h2>
                    <ExportButtons/>
                    <StateImport/>
                    <ShareLink/>
                </section>
            </div>
            <CorrelationSection/>
            // What S, A and C in the column headers are, visible without hovering.
            <dl class="rules-explained">
                <dt>"S = Abstand"</dt>
                <dd>"Summe der Richtungen weg von den Nachbarn, die näher als 0,35 × Radius sind"</dd>
                <dt>"A = Richtung"</dt>
                <dd>"mittlere Geschwindigkeit der Nachbarn minus die eigene"</dd>
                <dt>"C = Kohäsion"</dt>
                <dd>"mittlere Verschiebung hin zu den Nachbarn"</dd>
            </dl>
            <p class="table-note">
                "S, A und C sind ungewichtet, für den nächsten Schritt aus dem aktuellen Zustand "
                "berechnet, und null ohne Nachbarn. Ein Klick auf eine Zeile wählt den Boid aus (auch in der "
                "Ansicht); ein Klick auf einen Spaltenkopf sortiert. Mit der Tastatur: Tab führt zu "
                "den Zeilen, die Pfeiltasten, Bild↑/↓, Pos1 und Ende bewegen, Eingabe oder "
                "Leertaste wählt aus."
            </p>
            <Show
                when=move || show_table.get()
                fallback=|| view! {
                    <p id="table-empty" class="empty-state">
                        "Noch kein Schwarm. Auf der Seite "
                        <A href=route_href("/")>"Ansicht"</A>
                        " die Parameter wählen und „Initialisieren“ drücken – oder oben einen "
                        "gespeicherten Zustand laden."
                    </p>
                }
            >
                <BoidTable/>
            </Show>
        </div>
    }
}
