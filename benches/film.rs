//! Film benchmark: the built app (`dist/`) in headless Chromium, the 3D
//! view in software WebGL2 (SwiftShader, a floor, not what a GPU gives) and
//! the SVG view, seed 1, other parameters default, window 1280×900, film at
//! the view's size with the caption. For N = 1 000, 10 000 and 50 000 it
//! prints the frames filmed per second (steps computed on 2 workers, each
//! frame drawn and encoded), the share of each frame's time spent composing
//! and encoding it, and the longest task of the page meanwhile. Run with
//! `make bench` or `cargo bench --bench film`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    use std::time::Duration;

    use support::app_page::Button;
    use support::{Browser, Mode};

    println!("Film benchmark (headless Chromium, window 1280×900, film at the view's size, VP9)");
    for (mode, name) in [(Mode::Webgl, "3D (SwiftShader)"), (Mode::Svg, "SVG")] {
        let browser = Browser::launch(mode).await;
        let page = browser.page();
        for (count, steps) in [(1_000u32, 50u32), (10_000, 25), (50_000, 10)] {
            page.open_fresh().await;
            page.set_param("count", &count.to_string()).await;
            page.click(Button::Initialisieren).await;
            page.wait_long_for_status("built", Duration::from_secs(120), |s| s.state == "pausiert")
                .await;
            page.frames(3).await;
            page.set_input("film-steps", &steps.to_string()).await;
            page.js("window.__longest = 0;
                 new PerformanceObserver(list => {
                   for (const entry of list.getEntries())
                     window.__longest = Math.max(window.__longest, entry.duration);
                 }).observe({ type: 'longtask' });")
                .await;
            let (file, bytes) = page
                .download_bytes("#btn-film", Duration::from_secs(1200))
                .await;
            let timing = page
                .js_async(
                    "const done = arguments[arguments.length - 1];
                     boidsSchwarmMedien('lastFilmTiming')
                       .then(t => done([t.workMs, t.wallMs, window.__longest]));",
                )
                .await;
            let [work, wall, longest] = [0, 1, 2].map(|i| timing[i].as_f64().unwrap_or(f64::NAN));
            let frames = f64::from(steps + 1);
            println!(
                "{name:<17} N = {count:>6}: {frames:>3} frames in {:>6.1} s = {:>5.2} frames/s, \
                 compose+encode {:>5.1} ms/frame ({:>4.1} % of the time), longest task {:>5.0} ms, \
                 {file} {} kB",
                wall / 1000.0,
                frames / (wall / 1000.0),
                work / frames,
                100.0 * work / wall,
                longest,
                bytes.len() / 1000
            );
        }
        browser.close().await;
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
