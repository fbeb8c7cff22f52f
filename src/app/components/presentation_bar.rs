//! „Vollbild“ and „Symbolgröße“ above the view: the presentation mode for a
//! projector, and one size for every symbol in both views.

use leptos::prelude::*;

use crate::app::platform::hooks::{enter_fullscreen, leave_fullscreen, use_fullscreen_exit};
use crate::app::view::view_look::{SYMBOL_SCALES, ViewLook, scale_of_choice};

/// The button that puts the view with its readouts fullscreen and back, the symbol size, and in presentation the keys that work there.
#[component]
pub fn PresentationBar() -> impl IntoView {
    let look = expect_context::<ViewLook>();
    let area = look.area;
    let presenting = look.presenting;
    let symbol_scale = look.symbol_scale;
    let stop = move || {
        leave_fullscreen();
        if presenting.try_get_untracked() == Some(true) {
            presenting.set(false);
        }
    };
    use_fullscreen_exit(stop);
    // Leaving the page ends the presentation.
    on_cleanup(stop);
    let toggle = move |_| {
        if presenting.get_untracked() {
            stop();
        } else {
            presenting.set(true);
            if let Some(area) = area.get_untracked() {
                enter_fullscreen(&area);
                // Off the button: Space would press it again instead of
                // starting the swarm.
                let _ = area.focus();
            }
        }
    };
    // Built once: the choice is only ever changed here.
    let current = symbol_scale.get_untracked();
    let options = SYMBOL_SCALES
        .iter()
        .map(|&(scale, label)| {
            view! { <option value=scale.to_string() selected=scale == current>{label}</option> }
        })
        .collect_view();
    view! {
        <div class="presentation-bar">
            <button
                type="button"
                id="btn-fullscreen"
                aria-pressed=move || presenting.get().to_string()
                on:click=toggle
                title="Die Ansicht füllt den Bildschirm, mit großen Kennzahlen (Esc beendet)"
            >
                {move || if presenting.get() { "Vollbild beenden" } else { "Vollbild" }}
            </button>
            <label>
                "Symbolgröße "
                <select
                    id="symbol-size"
                    on:change=move |event| {
                        if let Some(scale) = scale_of_choice(&event_target_value(&event)) {
                            symbol_scale.set(scale);
                        }
                    }
                >
                    {options}
                </select>
            </label>
            // The keys that work in presentation.
            <span class="presentation-keys" class:hidden=move || !presenting.get()>
                <kbd>"Leertaste"</kbd>" Start/Pause · "<kbd>"→"</kbd>" Schritt · "
                <kbd>"←"</kbd>" zurück · "<kbd>"Esc"</kbd>" beenden"
            </span>
        </div>
    }
}
