//! 3D view frame benchmark: the built app (`dist/`) in headless Chromium with
//! software WebGL2 (SwiftShader, so the figures are a floor, not what a GPU
//! gives), seed 1, other parameters default. For N = 10 000 and 50 000 it
//! prints the time per picture while the camera rotates every frame (drawing
//! only) with the longest gap between frames, and the live readout while the
//! swarm runs (steps, drawing). Run with
//! `make bench` (which builds `dist/` first) or `cargo bench --bench frame`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    use std::time::Duration;

    use support::app_page::{Button, normalise};
    use support::{Browser, Mode};

    let browser = Browser::launch(Mode::Webgl).await;
    let page = browser.page();
    println!(
        "3D frame benchmark (headless Chromium, SwiftShader software WebGL2, window 1280×900)"
    );
    for count in [10_000u32, 50_000] {
        page.open_fresh().await;
        page.set_param("count", &count.to_string()).await;
        page.click(Button::Initialisieren).await;
        page.wait_for_css("#swarm-canvas").await;
        // Built (in a worker) and drawn before anything is timed.
        page.wait_long_for_status("built", Duration::from_secs(120), |s| s.state == "pausiert")
            .await;
        page.frames(3).await;
        // Rotate by one key press per animation frame for 6 s: a picture
        // may take several frames (drawn in batches offscreen), so count the
        // pictures shown and the longest gap between frames (the longest the
        // page could not answer).
        let rotating = page
            .js_async(
                "const done = arguments[arguments.length - 1];
                 const canvas = document.getElementById('swarm-canvas');
                 const pictures = () => Number(canvas.dataset.pictures || 0);
                 const first = pictures();
                 let start = null, last = null, longest = 0;
                 function frame(t) {
                   if (start === null) start = t;
                   if (last !== null) longest = Math.max(longest, t - last);
                   last = t;
                   canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
                   if (t - start < 6000) requestAnimationFrame(frame);
                   else done([(t - start) / Math.max(1, pictures() - first), longest]);
                 }
                 requestAnimationFrame(frame);",
            )
            .await;
        let rotating = [0, 1].map(|i| rotating[i].as_f64().unwrap_or(f64::NAN));
        page.click(Button::Starten).await;
        // The readout publishes windows of half a second; after 40 steps the
        // last one shows the running swarm, not its start.
        page.wait_long_for_status("40 steps", Duration::from_secs(120), |s| {
            s.step_count() >= 40
        })
        .await;
        let readout = |id: &str| format!("document.getElementById('{id}')?.textContent ?? '–'");
        let running = page
            .js(&format!(
                "return [{}, {}, {}, {}];",
                readout("perf-steps-per-second"),
                readout("perf-ms-per-step"),
                readout("perf-pictures-per-second"),
                readout("perf-ms-per-draw"),
            ))
            .await;
        page.click(Button::Pause).await;
        let field = |i: usize| normalise(running[i].as_str().unwrap_or("–"));
        println!(
            "N = {count:>6}: rotating {:>7.1} ms/picture, longest frame gap {:>6.1} ms | running: {} steps/s, {} ms/step, {} pictures/s, {} ms/picture",
            rotating[0],
            rotating[1],
            field(0),
            field(1),
            field(2),
            field(3)
        );
    }
    browser.close().await;
}

#[cfg(target_arch = "wasm32")]
fn main() {}
