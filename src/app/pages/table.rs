//! The table page: status, the swarm's parameters, export and import, and one
//! row per boid.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::app::components::{BoidTable, ExportButtons, StateImport, Status, SwarmParams};
use crate::app::state::SwarmStore;

/// Status and parameters above the table of all boids; export and import.
#[component]
pub fn TablePage() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    view! {
        <div class="page table-page">
            <h1>"Tabelle"</h1>
            <div class="table-header">
                <Status/>
                <section class="table-side" aria-label="Parameter und Dateien">
                    <h2>"Parameter des Schwarms"</h2>
                    <SwarmParams/>
                    <h2>"Dateien"</h2>
                    <ExportButtons/>
                    <StateImport/>
                </section>
            </div>
            <p class="table-note">
                "S, A und C sind die ungewichteten Anteile für den nächsten Schritt, berechnet aus "
                "dem aktuellen Zustand. Ein Klick auf eine Zeile wählt den Boid aus (auch in der "
                "Ansicht); ein Klick auf einen Spaltenkopf sortiert."
            </p>
            {move || {
                if store.has_swarm() {
                    view! { <BoidTable/> }.into_any()
                } else {
                    view! {
                        <p id="table-empty" class="empty-state">
                            "Noch kein Schwarm. Auf der Seite "
                            <A href="/">"Ansicht"</A>
                            " die Parameter wählen und „Initialisieren“ drücken – oder oben einen "
                            "gespeicherten Zustand laden."
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
