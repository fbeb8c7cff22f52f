//! „Erweitert“: settings that change how the app computes, never a result.

use leptos::prelude::*;

use crate::app::cores::{CoreSetting, MAX_CORES, MIN_CORES};

/// A collapsed part of the form with the number of „Rechenkerne“ (Web Workers
/// that share each step). Editing it keeps the swarm.
#[component]
pub fn AdvancedSettings() -> impl IntoView {
    let cores = expect_context::<CoreSetting>();
    let error = Memo::new(move |_| cores.error());
    let invalid = move || error.with(Option::is_some);

    view! {
        <details class="advanced">
            <summary>"Erweitert"</summary>
            <div class="field" class:invalid=invalid>
                <label for="setting-cores">"Rechenkerne"</label>
                <input
                    id="setting-cores"
                    name="cores"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    prop:value=move || cores.text()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    aria-describedby="setting-cores-hint setting-cores-error"
                    on:input=move |event| cores.edit(event_target_value(&event))
                />
                <p class="field-error" id="setting-cores-error" aria-live="polite">
                    {move || error.get()}
                </p>
                <p class="hint" id="setting-cores-hint">
                    {format!(
                        "Wie viele Web Worker sich jeden Schritt teilen ({MIN_CORES} bis {MAX_CORES}). \
                         Das Ergebnis bleibt Bit für Bit dasselbe; der Schwarm bleibt erhalten."
                    )}
                </p>
            </div>
        </details>
    }
}
