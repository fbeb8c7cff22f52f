//! Film benchmark: the built app (`dist/`) in headless Chromium, the 3D
//! view in software WebGL2 (SwiftShader, a floor, not what a GPU gives) and
//! the SVG view, seed 1, other parameters default, window 1280×900, film at
//! the view's size with the caption. For N = 1 000, 10 000 and 50 000 it
//! prints the frames filmed per second (steps computed on 2 workers, each
//! frame drawn and encoded), the share of each frame's time spent composing
//! and encoding it, and the longest task of the page meanwhile. Then it
//! films the preset „Ein großer geordneter Schwarm“ for 750 steps (30 s) in
//! 3D at 1280 × 720 into `target/film/`, with one frame per five seconds
//! extracted by ffmpeg, to look at. Run with `make bench` or
//! `cargo bench --bench film`.

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
            // The file is caught, not fetched into the test: reading 2 MB
            // back through WebDriver would be the page's longest task.
            page.catch_downloads().await;
            page.click_css("#btn-film").await;
            support::app_page::poll("the film", Duration::from_secs(1200), || async {
                match page.js("return window.__downloads.length").await.as_u64() {
                    Some(1) => Ok(()),
                    other => Err(other),
                }
            })
            .await;
            let timing = page
                .js_async(
                    "const done = arguments[arguments.length - 1];
                     const longest = window.__longest;
                     const film = window.__downloads[0];
                     boidsSchwarmMedien('lastFilmTiming').then(t =>
                       fetch(film.href).then(r => r.blob()).then(b =>
                         done([t.workMs, t.wallMs, longest, b.size, film.name])));",
                )
                .await;
            let file = timing[4].as_str().unwrap_or_default().to_owned();
            let bytes = timing[3].as_u64().unwrap_or(0);
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
                bytes / 1000
            );
        }
        browser.close().await;
    }
    preset_film().await;
}

/// The preset „Ein großer geordneter Schwarm“, 30 s of film from
/// Initialisieren, and its frames at 0, 5, …, 30 s.
#[cfg(not(target_arch = "wasm32"))]
async fn preset_film() {
    use std::process::Command;
    use std::time::Duration;

    use support::app_page::Button;
    use support::{Browser, Mode};

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/film");
    std::fs::create_dir_all(&dir).expect("target/film");
    let browser = Browser::launch(Mode::Webgl).await;
    let page = browser.page();
    page.open_fresh().await;
    page.js("const select = document.getElementById('preset');
             select.value = 'geordnet';
             select.dispatchEvent(new Event('change', { bubbles: true }));")
        .await;
    page.click(Button::Initialisieren).await;
    page.wait_long_for_status("built", Duration::from_secs(120), |s| s.state == "pausiert")
        .await;
    page.js("const s = document.getElementById('film-size'); s.value = '720';")
        .await;
    page.set_input("film-steps", "750").await;
    let (name, bytes) = page
        .download_bytes("#btn-film", Duration::from_secs(1800))
        .await;
    let film = dir.join(&name);
    std::fs::write(&film, &bytes).expect("write the film");
    let frames = dir.join("frame-%02d.png");
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(&film)
        .args(["-vf", "select=not(mod(n\\,125))", "-vsync", "vfr"])
        .arg(&frames)
        .status()
        .expect("ffmpeg runs");
    assert!(status.success(), "ffmpeg could not extract the frames");
    println!(
        "Preset „Ein großer geordneter Schwarm“: {} ({} kB), frames at 0, 5, …, 30 s in {}",
        film.display(),
        bytes.len() / 1000,
        dir.display()
    );
    browser.close().await;
}

#[cfg(target_arch = "wasm32")]
fn main() {}
