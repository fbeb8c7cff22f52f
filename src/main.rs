//! Entry point of the browser app: panic hook (with the page's message), then mount the [`App`] in
//! place of the static shell that index.html shows while the wasm loads.

use boids_schwarm::app::App;
use boids_schwarm::app::platform::timing::defer;

fn main() {
    boids_schwarm::app::platform::crash::install_panic_hook();
    // The mount gets a task of its own: the one that ends here has just
    // finished compiling and instantiating the wasm, and two shorter tasks
    // leave the page room to react between them.
    defer(|| {
        remove_static_shell();
        leptos::mount::mount_to_body(App);
    });
}

/// Removes the elements of index.html's loading shell (marked `data-shell`).
/// The app mounts the same header and layout in the same task, before the
/// browser paints again, so the swap does not show.
fn remove_static_shell() {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    while let Ok(Some(element)) = document.query_selector("[data-shell]") {
        element.remove();
    }
}
