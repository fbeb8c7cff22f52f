//! The „Rechenkerne“ input: how many Web Workers compute (the simulation's
//! shares of each step, or the study's whole runs).

use leptos::prelude::*;

use super::TextField;
use crate::app::platform::cores::CoreSetting;

/// The shared setting's input with the page's own hint under it.
#[component]
pub fn CoresField(
    /// The input's id.
    id: &'static str,
    /// The hint's id.
    hint_id: &'static str,
    /// What the setting means on this page.
    #[prop(into)]
    hint: String,
) -> impl IntoView {
    let cores = expect_context::<CoreSetting>();
    view! {
        <TextField
            id=id
            label="Rechenkerne"
            name="cores"
            input_mode="numeric"
            value=Signal::derive(move || cores.text())
            error=Memo::new(move |_| cores.error())
            on_input=move |text| cores.edit(text)
            hint_ids=hint_id
        >
            <p class="hint" id=hint_id>{hint}</p>
        </TextField>
    }
}
