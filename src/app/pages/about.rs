//! The About page ("Info"): the model, its source, what it is not, what
//! the views, the measures and their charts, the table and the controls do.
//!
//! The text is plain HTML in `web/info-text.html`, a file of the build that
//! the page fetches: as a view it cost the app's wasm about 3 KB (gzip) that
//! every visitor of every page would download; as a file it is read only by
//! those who open the page, and the service worker keeps it for offline use.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::app::platform::base_path::route_href;

/// The fragment's file name, beside index.html in the build.
const INFO_TEXT_FILE: &str = "/info-text.html";
/// Where the text's embed snippet has the app's address, which only the
/// running app knows.
const ADDRESS_PLACEHOLDER: &str = "https://ADRESSE/";
/// Shown while the text loads.
const LOADING: &str = r#"<p role="status">Der Text wird geladen …</p>"#;
/// Shown when it cannot be loaded; the rest of the app keeps working.
const NOT_LOADED: &str = r#"<h1>Über dieses Modell</h1><p class="error" role="alert">Der Info-Text
    ließ sich nicht laden (keine Verbindung zum Server?). Die anderen Seiten arbeiten weiter;
    öffnen Sie „Info“ später noch einmal.</p>"#;

/// The Info page: the fetched German text inside the page's article.
#[component]
pub fn AboutPage() -> impl IntoView {
    // The static shell may have fetched it already (index.html), and shows
    // it where this article goes: then the app shows the same at once.
    let from_shell = text_from_shell().map(|text| with_address(&text));
    let fetched = from_shell.is_some();
    let html = RwSignal::new(from_shell.unwrap_or_else(|| LOADING.to_owned()));
    if !fetched {
        wasm_bindgen_futures::spawn_local(fetch_into(html));
    }
    view! { <article class="page narrow about" inner_html=html></article> }
}

/// Fetches the text into `html` (or the German note that it could not).
async fn fetch_into(html: RwSignal<String>) {
    let loaded = fetch_text(&route_href(INFO_TEXT_FILE)).await;
    // The user may have left the page before the answer came.
    if !html.is_disposed() {
        html.set(loaded.map_or_else(|| NOT_LOADED.to_owned(), |text| with_address(&text)));
    }
}

/// The text with the app's own address (origin and base path) in place of
/// the placeholder.
fn with_address(text: &str) -> String {
    let origin = web_sys::window()
        .and_then(|window| window.location().origin().ok())
        .unwrap_or_default();
    text.replace(ADDRESS_PLACEHOLDER, &format!("{origin}{}", route_href("/")))
}

/// The text index.html's shell script fetched for this page, if it came.
fn text_from_shell() -> Option<String> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &"__boidsInfoText".into())
        .ok()?
        .as_string()
}

/// The body of a same-origin file as text, or `None` when the request fails,
/// answers anything but 200, or answers with a whole page.
async fn fetch_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    let body = JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()?;
    // A host that answers unknown paths with index.html (or an error page)
    // must not put a whole page into the article.
    (!body.to_ascii_lowercase().contains("<html")).then_some(body)
}
