//! Entry point of the browser app: panic hook, then mount the [`App`].

use boids_schwarm::app::App;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
