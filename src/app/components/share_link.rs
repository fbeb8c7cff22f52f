//! „Link teilen“: the link to the current parameters and step (SPEC §7).

use leptos::html;
use leptos::prelude::*;

use crate::app::simulation::link_open::share_url;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::{Origin, SwarmStore};

/// Why there is no link for a loaded state: a link names a state by the
/// parameters and a step from Initialisieren, which a file's state is not.
pub const IMPORTED_NOTE: &str = "Ein geladener Zustand lässt sich nicht als Link teilen: Ein \
     Link trägt nur die Parameter und den Schritt ab „Initialisieren“, dieser Zustand stammt \
     aber aus einer Datei. Zum Weitergeben die JSON-Datei exportieren.";

/// Why there is no link while an input is invalid.
pub const INVALID_NOTE: &str =
    "Erst alle Parameter gültig eingeben, dann lässt sich ein Link teilen.";

const NOT_COPIED: &str = "Der Link ist markiert. Der Browser erlaubt hier kein automatisches \
     Kopieren: bitte mit Strg+C (⌘+C) kopieren.";

/// The button „Link teilen“ and, once pressed, a read-only field „Link“
/// with the link to the current state (the parameters alone without a
/// swarm), selected and copied to the clipboard where the browser allows it.
#[component]
pub fn ShareLink() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let form = expect_context::<ParamForm>();
    let shown = RwSignal::new(false);
    let note = RwSignal::new(None::<String>);
    let input = NodeRef::<html::Input>::new();
    let link = Memo::new(move |_| {
        if store.origin() == Some(Origin::Imported) {
            return Err(IMPORTED_NOTE);
        }
        let summary = store.summary();
        let params = store.with_swarm(|swarm| swarm.map(|swarm| *swarm.params()));
        match (params, summary) {
            (Some(params), Some(summary)) => Ok(share_url(&params, Some(summary.step))),
            _ => form
                .params()
                .map(|params| share_url(&params, None))
                .ok_or(INVALID_NOTE),
        }
    });
    let on_share = move |_| {
        shown.set(true);
        match link.get_untracked() {
            Ok(url) => {
                note.set(None);
                if let Some(input) = input.get_untracked() {
                    // The field is in the page already (only hidden), so it
                    // can be filled and selected now, inside the click.
                    input.set_value(&url);
                    let _ = input.focus();
                    input.select();
                }
                copy(url, note);
            }
            Err(why) => note.set(Some(why.to_owned())),
        }
    };
    let has_link = move || link.with(Result::is_ok);

    view! {
        <div class="share-link">
            <button
                type="button"
                id="btn-share"
                on:click=on_share
                title="Einen Link auf diese Parameter und diesen Schritt zeigen und kopieren"
            >
                "Link teilen"
            </button>
            <div class="field" hidden=move || !(shown.get() && has_link())>
                <label for="share-link">"Link"</label>
                <input
                    id="share-link"
                    node_ref=input
                    type="text"
                    readonly
                    prop:value=move || link.get().unwrap_or_default()
                />
            </div>
            <p id="share-note" class="note" role="status">
                {move || if shown.get() { note.get() } else { None }}
            </p>
        </div>
    }
}

/// Copies `text` to the clipboard and says in `note` whether that worked.
/// The Clipboard API is looked up at run time: it is missing outside secure
/// pages and may refuse; either way the selected field remains.
fn copy(text: String, note: RwSignal<Option<String>>) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::{JsCast, JsValue};
        const COPIED: &str = "Der Link ist markiert und in die Zwischenablage kopiert.";
        let navigator = web_sys::window().map(|window| window.navigator());
        let clipboard = navigator
            .and_then(|navigator| js_sys::Reflect::get(&navigator, &"clipboard".into()).ok())
            .filter(|clipboard| clipboard.is_object());
        let promise = clipboard.and_then(|clipboard| {
            let write = js_sys::Reflect::get(&clipboard, &"writeText".into()).ok()?;
            let write = write.dyn_into::<js_sys::Function>().ok()?;
            let promise = write.call1(&clipboard, &JsValue::from_str(&text)).ok()?;
            promise.dyn_into::<js_sys::Promise>().ok()
        });
        let Some(promise) = promise else {
            note.set(Some(NOT_COPIED.to_owned()));
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            // The page may have changed meanwhile; then nobody reads the note.
            let _ = note.try_set(Some(if copied { COPIED } else { NOT_COPIED }.to_owned()));
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = text;
        note.set(Some(NOT_COPIED.to_owned()));
    }
}
