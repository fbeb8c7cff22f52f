//! One labelled text input with its German error under it: the markup every
//! typed entry of the app shares (parameters, „Rechenkerne“, „Gehe zu
//! Schritt“).

use leptos::prelude::*;

/// A label, a one-line text input and the error line `<id>-error` (empty
/// while the entry is valid; the field is then not marked invalid), then
/// `children` (hints) inside the same field.
#[component]
pub fn TextField(
    /// The input's id; the label points at it.
    #[prop(into)]
    id: String,
    /// The label's text.
    #[prop(into)]
    label: String,
    /// The input's form name, if it has one.
    #[prop(optional)]
    name: Option<&'static str>,
    /// `numeric` or `decimal`: the keyboard a touch device shows.
    input_mode: &'static str,
    /// The text shown in the input.
    #[prop(into)]
    value: Signal<String>,
    /// The German error of the current entry, if any.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Receives the text after every edit.
    #[prop(into)]
    on_input: Callback<String>,
    /// Receives the text when an edit is committed: Enter, Tab or leaving the
    /// field with a changed text (the `change` event).
    #[prop(optional, into)]
    on_commit: Option<Callback<String>>,
    /// Ids of hints a screen reader reads before the error.
    #[prop(optional)]
    hint_ids: Option<&'static str>,
    /// Hints shown under the error.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let described_by = match hint_ids {
        Some(hints) => format!("{hints} {error_id}"),
        None => error_id.clone(),
    };
    let invalid = move || error.with(Option::is_some);

    view! {
        <div class="field" class:invalid=invalid>
            <label for=id.clone()>{label}</label>
            <input
                id=id
                name=name
                type="text"
                inputmode=input_mode
                autocomplete="off"
                spellcheck="false"
                prop:value=move || value.get()
                aria-invalid=move || if invalid() { "true" } else { "false" }
                aria-describedby=described_by
                on:input=move |event| on_input.run(event_target_value(&event))
                on:change=move |event| {
                    if let Some(commit) = on_commit {
                        commit.run(event_target_value(&event));
                    }
                }
            />
            <p class="field-error" id=error_id aria-live="polite">
                {move || error.get()}
            </p>
            {children.map(|hints| hints())}
        </div>
    }
}
