//! The SVG view: a fixed isometric projection of the periodic cube and of
//! every boid (SPEC §4).
//!
//! Drawing approach, chosen by measurement at N = 5000 in headless Chromium
//! (software rendering, 2 cores): the symbols are written into one path string
//! per depth layer and set with one `setAttribute` each, imperatively,
//! whenever the swarm's version changes. The DOM holds four paths, not N
//! elements, and no boid is a signal. A plain-JS comparison of the same 5000
//! moving arrowheads gave about 30–35 frames/s for four layer paths, 13 for one
//! `<path>` per boid and 12.5 for one `<use>` with a transform per boid. In
//! the app, building and setting the four paths takes about 4 ms per frame.

use leptos::prelude::*;
use leptos::svg;

use super::{PresentationBar, ReadingNotes, RulesLegend, SvgRulesOverlay, ViewReadouts};
use crate::app::platform::timing::now_ms;
use crate::app::simulation::state::SwarmStore;
use crate::app::view::projection::{
    DEPTH_LAYERS, SYMBOL_LENGTH, VIEW_BOX, axis_labels, client_to_picture, cube_edges, depth_layer,
    nearest_boid, next_near_centre, project, write_symbol,
};
use crate::app::view::rules_overlay::{OverlaySettings, use_selection_rules};
use crate::app::view::view_look::ViewLook;

/// The paths of the symbols: the depth layers, then the selected boid's
/// neighbours, then the boid itself.
const NEIGHBOURS_PATH: usize = DEPTH_LAYERS;
const OWN_PATH: usize = DEPTH_LAYERS + 1;
const PATHS: usize = DEPTH_LAYERS + 2;

/// A click selects the nearest boid within this many CSS pixels.
const CLICK_REACH_PX: f64 = 18.0;

/// The projected cube with one constant-size symbol per boid, a ring on the
/// selected boid and its rules, click-to-select, and the German notes on
/// reading the picture.
#[component]
pub fn SvgView() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let rules = use_selection_rules(store, expect_context::<OverlaySettings>());
    let symbol_scale = expect_context::<ViewLook>().symbol_scale;
    // The depth layers, then the selected boid's neighbours and the boid
    // itself while its rules are shown (drawn over the dimmed layers).
    let layers: [NodeRef<svg::Path>; PATHS] = std::array::from_fn(|_| NodeRef::new());
    let ring = NodeRef::<svg::G>::new();
    let element = NodeRef::<svg::Svg>::new();
    let look = expect_context::<ViewLook>();
    // The SVG is complete once the effects of the step have run: handed over
    // in the next task. Its size is web/media.js's to choose.
    look.offer_pictures(std::rc::Rc::new(move |_size, deliver| {
        crate::app::platform::timing::defer(move || {
            if let Some(svg) = element.get_untracked() {
                deliver(svg.into());
            }
        });
    }));
    let buffers =
        StoredValue::new_local(std::array::from_fn::<String, PATHS, _>(|_| String::new()));

    // Redraw whenever the swarm, the selection or its rules change.
    Effect::new(move |_| {
        store.version().track();
        let selection = store.selection().get();
        let scale = symbol_scale.get();
        let paths: Vec<_> = layers.iter().map(NodeRef::get).collect();
        let ring = ring.get();
        let started = now_ms();
        rules.with(|rules| {
            buffers.update_value(|buffers| {
                for buffer in buffers.iter_mut() {
                    buffer.clear();
                }
                // Each boid's symbol is written once: into the neighbours' path
                // (the ids are ascending, so one pass walks both), its own, or
                // its depth layer.
                let explained = rules.as_ref().map(|rules| &rules.explanation);
                let mut neighbours = explained
                    .map_or(&[][..], |e| e.neighbours.as_slice())
                    .iter()
                    .peekable();
                let own = explained.map(|e| e.boid);
                let ring_at = store.with_swarm(|swarm| {
                    let swarm = swarm?;
                    for (i, (p, v)) in swarm.positions().iter().zip(swarm.velocities()).enumerate()
                    {
                        let path = if neighbours.next_if_eq(&&i).is_some() {
                            NEIGHBOURS_PATH
                        } else if own == Some(i) {
                            OWN_PATH
                        } else {
                            depth_layer(p)
                        };
                        write_symbol(&mut buffers[path], p, v, scale);
                    }
                    selection
                        .and_then(|i| swarm.positions().get(i))
                        .map(project)
                });
                for (path, buffer) in paths.iter().zip(buffers.iter()) {
                    if let Some(path) = path {
                        let _ = path.set_attribute("d", buffer);
                    }
                }
                if let Some(ring) = ring {
                    match (ring_at, selection) {
                        (Some(at), Some(boid)) => {
                            let _ = ring.set_attribute(
                                "transform",
                                &format!("translate({:.0} {:.0})", at.x, at.y),
                            );
                            let _ = ring.set_attribute("data-boid", &boid.to_string());
                            let _ = ring.remove_attribute("visibility");
                        }
                        _ => {
                            let _ = ring.set_attribute("visibility", "hidden");
                            let _ = ring.remove_attribute("data-boid");
                        }
                    }
                }
            });
        });
        store.record_draw(now_ms() - started);
    });

    let on_click = move |event: leptos::ev::MouseEvent| {
        let Some(svg) = event
            .current_target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        else {
            return;
        };
        let rect = svg.get_bounding_client_rect();
        let (width, height) = (rect.width(), rect.height());
        let x = f64::from(event.client_x()) - rect.left();
        let y = f64::from(event.client_y()) - rect.top();
        let Some(target) = client_to_picture(x, y, width, height) else {
            return;
        };
        let (_, _, vw, vh) = VIEW_BOX;
        let pixels_per_unit = (width / f64::from(vw)).min(height / f64::from(vh));
        // The reach grows with the symbols (their half length beyond normal).
        let scale = symbol_scale.get_untracked();
        let reach = CLICK_REACH_PX / pixels_per_unit + 0.5 * SYMBOL_LENGTH * (scale - 1.0);
        let hit = store
            .with_swarm(|swarm| swarm.and_then(|s| nearest_boid(s.positions(), target, reach)));
        store.select(hit);
    };

    // Enter on the focused picture: the next of the boids nearest its centre.
    let on_key = move |event: leptos::ev::KeyboardEvent| {
        if event.key() != "Enter" || event.ctrl_key() || event.alt_key() || event.meta_key() {
            return;
        }
        event.prevent_default();
        let current = store.selection().get_untracked();
        let next =
            store.with_swarm(|swarm| swarm.and_then(|s| next_near_centre(s.positions(), current)));
        if next.is_some() {
            store.select(next);
        }
    };

    let (vx, vy, vw, vh) = VIEW_BOX;
    let cube_path = cube_edges().iter().fold(String::new(), |mut d, (a, b)| {
        d.push_str(&format!("M{:.0} {:.0}L{:.0} {:.0}", a.x, a.y, b.x, b.y));
        d
    });
    let labels = axis_labels()
        .into_iter()
        .map(|(name, at)| {
            view! {
                <text class="axis-label" x=format!("{:.0}", at.x) y=format!("{:.0}", at.y)>
                    {name}
                </text>
            }
        })
        .collect_view();
    let layer_paths = layers
        .into_iter()
        .enumerate()
        .map(|(i, node)| {
            let class = match i {
                NEIGHBOURS_PATH => "boids rules-neighbours".to_owned(),
                OWN_PATH => "boids rules-own".to_owned(),
                _ => format!("boids layer-{i}"),
            };
            view! { <path node_ref=node class=class d=""/> }
        })
        .collect_view();
    let empty = move || !store.has_swarm();

    view! {
        <figure class="swarm-figure">
            <div class="svg-frame">
                <ViewReadouts/>
                <PresentationBar/>
                <svg
                    node_ref=element
                    id="swarm-svg"
                    class="swarm-svg"
                    class:rules-on=move || rules.with(Option::is_some)
                    viewBox=format!("{vx} {vy} {vw} {vh}")
                    role="img"
                    tabindex="0"
                    aria-label="Isometrische Projektion des periodischen Würfels mit dem Schwarm; \
                                Klick wählt einen Boid, mit Fokus wählt Enter einen nahe der \
                                Bildmitte und jedes weitere Enter den nächsten"
                    on:click=on_click
                    on:keydown=on_key
                >
                    <path class="cube" d=cube_path/>
                    {labels}
                    {layer_paths}
                    <g node_ref=ring class="selection-ring" visibility="hidden">
                        <circle class="ring-halo" r="26"/>
                        <circle class="ring-line" r="26"/>
                    </g>
                    // Over the ring: short arrows start inside it.
                    <SvgRulesOverlay rules=rules/>
                </svg>
                <p class="svg-empty" class:hidden=move || !empty()>
                    <span>"Noch kein Schwarm: Parameter prüfen und „Initialisieren“ wählen."</span>
                </p>
            </div>
            <figcaption class="view-notes">
                <RulesLegend rules=rules/>
                <p>
                    "Feste isometrische Projektion des periodischen Würfels (Kantenlänge 8,4 LE). "
                    "Jedes Dreieck ist ein Boid und zeigt in die Richtung seiner Geschwindigkeit in der Bildebene; "
                    "ein Punkt steht für einen Boid in Ruhe oder einen, der genau auf den Betrachter zu "
                    "oder von ihm weg fliegt. Hellere Symbole liegen weiter hinten."
                </p>
                <ReadingNotes
                    size="alle Symbole sind gleich groß."
                    overlap="die Projektion verliert die Tiefe, Boids hintereinander erscheinen übereinander."
                    ring="Ring"
                />
            </figcaption>
        </figure>
    }
}
