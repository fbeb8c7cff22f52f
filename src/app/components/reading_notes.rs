//! The notes on reading a picture of the swarm that both views show: symbol
//! size is not speed, overlap is not the same place, and how to select
//! (SPEC §4).

use leptos::prelude::*;

/// Two German paragraphs: the notes on size and overlap, each followed by
/// the view's own explanation, and how a click selects.
#[component]
pub fn ReadingNotes(
    /// Why every symbol has the same size, e.g. „alle Symbole sind gleich groß.“
    size: &'static str,
    /// Why overlapping symbols need not be close in space.
    overlap: &'static str,
    /// How the selected boid is marked, e.g. „Ring“.
    ring: &'static str,
) -> impl IntoView {
    view! {
        <p>
            <strong>"Die Symbolgröße zeigt keine Geschwindigkeit:"</strong>
            " " {size} " "
            <strong>"Überlappung im Bild heißt nicht gleicher Ort im Raum:"</strong>
            " " {overlap}
        </p>
        <p>
            "Ein Klick auf einen Boid wählt ihn aus (" {ring}
            "); ein Klick daneben hebt die Auswahl auf."
        </p>
    }
}
