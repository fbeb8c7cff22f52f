//! The 3D view (SPEC §4): a WebGL2 canvas drawn by three-d, with a
//! reset button and the colour legend. The canvas driver does the drawing
//! and the input; this component connects it to the app state.
//!
//! Wiring: the component reads the `SwarmStore` from context (version,
//! swarm, selection) and reports through `on_unavailable` when WebGL2 is
//! missing or its context is lost for good, so the page can show the SVG
//! view instead with the German reason.

use leptos::html;
use leptos::prelude::*;

use super::view_3d_legend::View3dLegend;
use super::{PresentationBar, RulesLegend, ViewReadouts};
use crate::app::platform::hooks::use_after_first_paint;
use crate::app::simulation::state::SwarmStore;
use crate::app::view::render3d::{
    CameraAction, CanvasDriver, DriverHooks, Renderer, ViewFailure, ViewStyle,
};
use crate::app::view::rules_overlay::{OverlaySettings, use_selection_rules};
use crate::app::view::view_look::ViewLook;

/// A picture's size and where it goes ([`ViewLook::take_picture`]).
type PictureOrder = (Option<(u32, u32)>, Box<dyn FnOnce(web_sys::Element)>);

/// The swarm as cones in a rotatable 3D picture of the periodic cube, a
/// ring on the selected boid, click-to-select, and the legend.
#[component]
pub fn View3d(
    /// Called (once) with a German reason when the 3D view cannot work:
    /// no WebGL2, or the context was lost and not restored.
    #[prop(into)]
    on_unavailable: Callback<ViewFailure>,
) -> impl IntoView {
    let Some(store) = use_context::<SwarmStore>() else {
        on_unavailable.run(ViewFailure::NoState);
        return ().into_any();
    };
    let settings = expect_context::<OverlaySettings>();
    let follow = settings.follow;
    let look = expect_context::<ViewLook>();
    let rules = use_selection_rules(store, settings);
    let canvas = NodeRef::<html::Canvas>::new();
    let driver = StoredValue::new_local(None::<CanvasDriver>);
    // A picture asked before the driver has started (a film going on when
    // the page comes back) is taken once it has.
    let waiting = StoredValue::new_local(None::<PictureOrder>);

    // The WebGL context waits until the page has been painted once, so the
    // first picture of the page is not held up by it.
    let painted = use_after_first_paint();

    // Starts the driver once the canvas exists, then passes every change of
    // the swarm, the selection, its rules or following on; the driver draws
    // in the next frame.
    Effect::new(move |_| {
        store.version().track();
        let selection = store.selection().get();
        let rules = rules.get();
        let following = follow.get();
        let style = ViewStyle {
            symbol_scale: look.symbol_scale.get() as f32,
            thick_lines: look.presenting.get(),
        };
        let Some(element) = canvas.get().filter(|_| painted.get()) else {
            return;
        };
        let started = driver.try_with_value(|driver| driver.is_some());
        if started == Some(false) {
            // Shaders, meshes and the first picture wait until there is a
            // swarm to draw (a click or a link, not the page's start); only
            // whether WebGL2 works is checked now, so the SVG view can take
            // over at once. The canvas shows its background and the note.
            if !store.has_swarm() {
                if let Err(reason) = Renderer::probe() {
                    on_unavailable.run(reason);
                }
                return;
            }
            let hooks = hooks(store, on_unavailable, follow_ends(follow));
            let started = CanvasDriver::start(element, hooks, selection);
            if let Some((size, deliver)) = waiting.try_update_value(Option::take).flatten() {
                started.take_picture(size, deliver);
            }
            driver.set_value(Some(started));
        }
        driver.try_with_value(|driver| {
            if let Some(driver) = driver {
                driver.set_selection(selection);
                driver.set_rules(rules);
                driver.set_follow(following);
                driver.set_style(style);
                driver.data_changed();
            }
        });
    });
    // Without a selection there is nothing to follow.
    Effect::new(move |_| {
        if store.selection().get().is_none() && follow.get_untracked() {
            follow.set(false);
        }
    });
    look.offer_pictures(std::rc::Rc::new(move |size, deliver| {
        driver.with_value(|driver| match driver {
            Some(driver) => driver.take_picture(size, deliver),
            None => waiting.set_value(Some((size, deliver))),
        });
    }));
    on_cleanup(move || {
        driver.try_update_value(|driver| {
            if let Some(driver) = driver.take() {
                driver.stop();
            }
        });
    });

    let reset = move |_| {
        follow.set(false);
        driver.try_with_value(|driver| {
            if let Some(driver) = driver {
                driver.apply(CameraAction::Reset);
            }
        });
    };
    let no_selection = move || store.selection().with(Option::is_none);
    // A memo: the swarm's version changes every step, the emptiness rarely.
    let empty = Memo::new(move |_| !store.has_swarm());

    view! {
        <figure class="swarm-figure view-3d">
            <div class="view-3d-frame">
                <ViewReadouts/>
                <PresentationBar/>
                <canvas
                    node_ref=canvas
                    id="swarm-canvas"
                    class="view-3d-canvas"
                    tabindex="0"
                    role="img"
                    aria-label="3D-Ansicht des periodischen Würfels mit dem Schwarm. Ziehen dreht die Ansicht, \
                                Strg oder ⌘ mit dem Mausrad zoomt; mit Fokus drehen die Pfeiltasten, \
                                Plus und Minus zoomen, 0 setzt die Ansicht zurück, Enter wählt den \
                                Boid nahe der Bildmitte und jedes weitere Enter den nächsten."
                ></canvas>
                {move || empty.get().then(|| view! {
                    <p class="view-3d-empty">
                        "Noch kein Schwarm: Parameter prüfen und „Initialisieren“ wählen."
                    </p>
                })}
            </div>
            <div class="view-3d-toolbar">
                <button type="button" id="view-3d-reset" on:click=reset>
                    "Ansicht zurücksetzen"
                </button>
                <label
                    class="follow-switch"
                    title="Hält den ausgewählten Boid in der Bildmitte; „Ansicht zurücksetzen“ beendet es."
                >
                    <input
                        type="checkbox"
                        id="follow-selection"
                        prop:checked=move || follow.get()
                        disabled=no_selection
                        on:change=move |event| follow.set(event_target_checked(&event))
                    />
                    " Auswahl verfolgen"
                </label>
                // How to turn, zoom and select, for the mouse and for touch (the
                // style sheet shows the one of the device in hand).
                <span class="view-3d-hint">
                    <span class="hint-mouse">
                        " Ziehen dreht · Strg/⌘ + Mausrad zoomt · Klick wählt einen Boid · Tastatur "
                        "(Fokus auf dem Bild): Pfeiltasten drehen, + und − zoomen, 0 setzt zurück, "
                        "Enter wählt einen Boid nahe der Mitte (weiter mit Enter)"
                    </span>
                    <span class="hint-touch">
                        " Ein Finger dreht · zwei Finger auseinander oder zusammen zoomen · Tippen "
                        "wählt einen Boid"
                    </span>
                </span>
            </div>
            <figcaption class="view-notes">
                <RulesLegend rules=rules/>
                <p class="follow-note" class:hidden=move || !follow.get()>
                    "Die Ansicht verfolgt den ausgewählten Boid: er bleibt in der Mitte, und der "
                    "Würfel ist der periodische Raum um ihn. Jeder andere Boid erscheint dort, wo "
                    "er dem verfolgten am nächsten ist; wer die Gegenseite erreicht, taucht gegenüber "
                    "wieder auf. „Ansicht zurücksetzen“ beendet das Verfolgen."
                </p>
                <View3dLegend/>
            </figcaption>
        </figure>
    }
    .into_any()
}

/// Ends following the selection (the view was reset from the keyboard).
fn follow_ends(follow: RwSignal<bool>) -> Box<dyn Fn()> {
    Box::new(move || {
        if follow.try_get_untracked() == Some(true) {
            follow.set(false);
        }
    })
}

/// The driver's hooks into the app state.
fn hooks(
    store: SwarmStore,
    on_unavailable: Callback<ViewFailure>,
    view_reset: Box<dyn Fn()>,
) -> DriverHooks {
    DriverHooks {
        read_swarm: Box::new(move |draw| {
            let version = store.version().try_get_untracked().unwrap_or(0);
            store.with_swarm(|swarm| match swarm {
                Some(swarm) => draw(version, swarm.positions(), swarm.velocities()),
                None => draw(version, &[], &[]),
            });
        }),
        select: Box::new(move |boid| store.select(boid)),
        unavailable: Box::new(move |reason| {
            on_unavailable.try_run(reason);
        }),
        drawn: Box::new(move |ms| store.record_draw(ms)),
        view_reset,
    }
}
