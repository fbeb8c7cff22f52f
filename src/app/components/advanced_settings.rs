//! „Erweitert“: settings that change how the app computes, never a result.

use leptos::prelude::*;

use super::TextField;
use crate::app::cores::{CoreSetting, MAX_CORES, MIN_CORES};

/// A collapsed part of the form with the number of „Rechenkerne“ (Web Workers
/// that share each step). Editing it keeps the swarm.
#[component]
pub fn AdvancedSettings() -> impl IntoView {
    let cores = expect_context::<CoreSetting>();

    view! {
        <details class="advanced">
            <summary>"Erweitert"</summary>
            <TextField
                id="setting-cores"
                label="Rechenkerne"
                name="cores"
                input_mode="numeric"
                value=Signal::derive(move || cores.text())
                error=Memo::new(move |_| cores.error())
                on_input=move |text| cores.edit(text)
                hint_ids="setting-cores-hint"
            >
                <p class="hint" id="setting-cores-hint">
                    {format!(
                        "Wie viele Web Worker sich jeden Schritt teilen ({MIN_CORES} bis {MAX_CORES}). \
                         Das Ergebnis bleibt Bit für Bit dasselbe; der Schwarm bleibt erhalten."
                    )}
                </p>
            </TextField>
        </details>
    }
}
