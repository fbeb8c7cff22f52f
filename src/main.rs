//! Entry point of the browser app: panic hook, then mount the page. The
//! interactive app is built on top of the model in the following commits.

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(|| view! { <h1>"Boids-Schwarm"</h1> });
}
