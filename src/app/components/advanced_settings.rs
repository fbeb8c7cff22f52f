//! „Erweitert“: settings that change how the app computes, never a result.

use leptos::prelude::*;

use super::CoresField;
use crate::app::platform::cores::{MAX_CORES, MIN_CORES};

/// A collapsed part of the form with the number of „Rechenkerne“ (Web Workers
/// that share each step). Editing it keeps the swarm.
#[component]
pub fn AdvancedSettings() -> impl IntoView {
    view! {
        <details class="advanced">
            <summary>"Erweitert"</summary>
            <CoresField
                id="setting-cores"
                hint_id="setting-cores-hint"
                hint=format!(
                    "Wie viele Web Worker sich jeden Schritt teilen ({MIN_CORES} bis {MAX_CORES}). \
                     Das Ergebnis bleibt Bit für Bit dasselbe; der Schwarm bleibt erhalten."
                )
            />
        </details>
    }
}
