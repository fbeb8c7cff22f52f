//! The legend of the 3D view: what the colours, shapes and the ring mean, and
//! the two German notes on reading the picture (SPEC §4).

use leptos::prelude::*;

use crate::app::render3d::colors::{LEGEND_TEXT, heading_wheel_css, legend_entries};

/// Colour wheel, colour swatches and the notes on size and overlap.
#[component]
pub fn View3dLegend() -> impl IntoView {
    let wheel_style = format!(
        "display:inline-block;flex:none;width:3.2em;height:3.2em;border-radius:50%;background:{}",
        heading_wheel_css()
    );
    let swatches = legend_entries()
        .into_iter()
        .map(|entry| {
            let style = format!(
                "display:inline-block;width:0.9em;height:0.9em;margin-right:0.35em;border-radius:50%;\
                 vertical-align:-0.1em;border:1px solid #0006;background:{}",
                entry.color
            );
            view! {
                <li style="display:inline-block;margin:0 1em 0.2em 0">
                    <span class="legend-swatch" style=style aria-hidden="true"></span>
                    {entry.label}
                </li>
            }
        })
        .collect_view();

    view! {
        <div class="view-3d-legend">
            <div style="display:flex;gap:0.8em;align-items:center">
                <span
                    class="legend-wheel"
                    style=wheel_style
                    role="img"
                    aria-label="Farbkreis der Flugrichtungen, von oben gesehen: +x rechts, +z unten"
                ></span>
                <p style="margin:0">
                    "Jeder Kegel ist ein Boid und zeigt in seine Flugrichtung. "
                    {LEGEND_TEXT}
                    " Farbkreis von oben gesehen: +x rechts, +z unten."
                </p>
            </div>
            <ul class="legend-swatches" style="list-style:none;padding:0;margin:0.5em 0">
                {swatches}
            </ul>
            <p>
                <strong>"Die Symbolgröße zeigt keine Geschwindigkeit:"</strong>
                " alle Kegel sind gleich groß; weiter entfernte erscheinen nur durch die Perspektive kleiner. "
                <strong>"Überlappung im Bild heißt nicht gleicher Ort im Raum:"</strong>
                " Boids hintereinander erscheinen übereinander; Drehen der Ansicht trennt sie."
            </p>
            <p>
                "Ein Klick auf einen Boid wählt ihn aus (gelber Ring, sichtbar auch hinter anderen); "
                "ein Klick daneben hebt die Auswahl auf."
            </p>
        </div>
    }
}
