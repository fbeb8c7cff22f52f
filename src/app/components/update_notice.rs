//! The hint that a new version of the app is ready.

use leptos::prelude::*;

use crate::app::platform::hooks::AppUpdate;
use crate::texts;

/// „Neue Version verfügbar – neu laden“ while a newer build waits; a click
/// switches to it (the page reloads). Nothing otherwise.
#[component]
pub fn UpdateNotice(update: AppUpdate) -> impl IntoView {
    view! {
        {move || update.waiting().get().then(|| view! {
            <div class="update-notice" role="status">
                <button type="button" id="update-reload" on:click=move |_| update.apply()>
                    {texts::NEW_VERSION}
                </button>
            </div>
        })}
    }
}
