//! The table page: for now the status and a note; the table itself is a
//! later issue.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::app::components::Status;

/// Placeholder for the table of all boids, showing the status of the swarm.
#[component]
pub fn TablePage() -> impl IntoView {
    view! {
        <div class="page narrow">
            <h1>"Tabelle"</h1>
            <p class="placeholder">
                "Hier folgt bald eine Tabelle mit einer Zeile je Boid: Position, Geschwindigkeit, "
                "Tempo, Zahl der Nachbarn und die ungewichteten Anteile für Abstand, Richtung und "
                "Kohäsion im nächsten Schritt. Bis dahin zeigt diese Seite den Status des Schwarms."
            </p>
            <Status/>
            <p>
                "Der Schwarm und die Auswahl bleiben beim Seitenwechsel erhalten (pausiert). "
                <A href="/">"Zurück zur Ansicht"</A>
            </p>
        </div>
    }
}
