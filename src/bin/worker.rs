//! Entry point of the model's Web Worker; trunk builds it as a worker (see
//! index.html) and the page starts as many as it has „Rechenkerne“.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    boids_schwarm::worker::runtime::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Dieses Programm läuft nur als Web Worker im Browser.");
    std::process::exit(2);
}
