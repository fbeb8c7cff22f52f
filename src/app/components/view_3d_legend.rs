//! The legend of the 3D view: what the colours, shapes and the ring mean, and
//! the two German notes on reading the picture (SPEC §4).

use leptos::prelude::*;

use super::ReadingNotes;
use crate::app::view::render3d::colours::{LEGEND_TEXT, heading_wheel_css, legend_entries};

/// Colour wheel, colour swatches and the notes on size and overlap.
#[component]
pub fn View3dLegend() -> impl IntoView {
    // The colours come from the colour function itself, so they stay inline.
    let swatches = legend_entries()
        .into_iter()
        .map(|entry| {
            view! {
                <li>
                    <span class="legend-swatch" style:background=entry.colour aria-hidden="true"></span>
                    {entry.label}
                </li>
            }
        })
        .collect_view();

    view! {
        <div class="view-3d-legend">
            <div class="legend-head">
                <span
                    class="legend-wheel"
                    style:background=heading_wheel_css()
                    role="img"
                    aria-label="Farbkreis der Flugrichtungen, von oben gesehen: +x rechts, +z unten"
                ></span>
                <p>
                    "Jeder Kegel ist ein Boid und zeigt in seine Flugrichtung. "
                    {LEGEND_TEXT}
                    " Farbkreis von oben gesehen: +x rechts, +z unten."
                </p>
            </div>
            <ul class="legend-swatches">
                {swatches}
            </ul>
            <ReadingNotes
                size="alle Kegel sind gleich groß; weiter entfernte erscheinen nur durch die Perspektive kleiner."
                overlap="Boids hintereinander erscheinen übereinander; Drehen der Ansicht trennt sie."
                ring="gelber Ring, sichtbar auch hinter anderen"
            />
        </div>
    }
}
