//! Worker benchmark: the built app (`dist/`) in headless Chromium without
//! WebGL (the SVG view draws), seed 1, other parameters default. For
//! N = 10 000, 30 000, 50 000 at r = 1,0 and 1,2, with 1 and 2 „Rechenkerne“,
//! it prints steps per second three ways:
//! - chain: a chain of Schritt, each clicked as soon as the previous one has
//!   landed (the page's own work per step, drawing included, is in the chain);
//! - running: the status readout after 30 steps of Starten (drawing overlaps the
//!   workers; capped at 25 steps/s, real time);
//! - workers: the app's own worker files (`worker_loader.js`) sent the initial
//!   state of the same N as the app splits it, timed from posting to the last
//!   answer (no page work, no drawing).
//!
//! Run with `make bench` (which builds `dist/` first) or
//! `cargo bench --bench workers`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use support::app_page::{AppPage, Button, normalise};

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let browser = support::Browser::launch(support::Mode::Svg).await;
    let page = browser.page();
    println!("worker benchmark (headless Chromium, SVG view, seed 1; steps per second)");
    println!(
        "{:>7} {:>4} | {:>7} {:>7} {:>5} | {:>7} {:>7} | {:>7} {:>7} {:>5}",
        "N", "r", "chain 1", "chain 2", "×", "run 1", "run 2", "work 1", "work 2", "×"
    );
    for count in [10_000u32, 30_000, 50_000] {
        for radius in ["1", "1,2"] {
            let (mut chain, mut running, mut workers) = (Vec::new(), Vec::new(), Vec::new());
            for cores in [1u32, 2] {
                prepare(&page, count, radius, cores).await;
                chain.push(chain_of_steps(&page, if count >= 50_000 { 6 } else { 12 }).await);
                running.push(running_rate(&page).await);
                workers.push(workers_only(&page, count, radius, cores).await);
            }
            println!(
                "{count:>7} {radius:>4} | {:>7.2} {:>7.2} {:>4.2}× | {:>7.2} {:>7.2} | {:>7.2} {:>7.2} {:>4.2}×",
                chain[0],
                chain[1],
                chain[1] / chain[0],
                running[0],
                running[1],
                workers[0],
                workers[1],
                workers[1] / workers[0]
            );
        }
    }
    browser.close().await;
}

/// A fresh page with `cores` Rechenkerne and an initialised swarm.
#[cfg(not(target_arch = "wasm32"))]
async fn prepare(page: &AppPage, count: u32, radius: &str, cores: u32) {
    page.open_fresh().await;
    page.set_input("setting-cores", &cores.to_string()).await;
    page.set_param("count", &count.to_string()).await;
    page.set_param("radius", radius).await;
    page.click(Button::Initialisieren).await;
    page.wait_long_until_enabled(Button::Schritt, Duration::from_secs(120))
        .await;
}

/// Steps per second of `steps` Schritt, each clicked when the last landed.
#[cfg(not(target_arch = "wasm32"))]
async fn chain_of_steps(page: &AppPage, steps: u32) -> f64 {
    let seconds = page
        .js_async(&format!(
            "const done = arguments[arguments.length - 1];
             const counter = document.getElementById('status-steps');
             const button = document.getElementById('btn-step');
             let left = {steps} + 1, start = 0;
             const next = () => {{
               if (--left === 0) {{ observer.disconnect(); done((performance.now() - start) / 1000); return; }}
               if (left === {steps}) start = performance.now();
               button.click();
             }};
             const observer = new MutationObserver(next);
             observer.observe(counter, {{ childList: true, characterData: true, subtree: true }});
             next();"
        ))
        .await
        .as_f64()
        .unwrap_or(f64::NAN);
    f64::from(steps) / seconds
}

/// The status' steps per second once the swarm has run 30 steps (more than
/// two of the readout's half-second windows even at the 25 steps/s cap).
#[cfg(not(target_arch = "wasm32"))]
async fn running_rate(page: &AppPage) -> f64 {
    let start = page.status().await.step_count();
    page.click(Button::Starten).await;
    page.wait_long_for_status("30 steps", Duration::from_secs(120), |s| {
        s.step_count() >= start + 30
    })
    .await;
    let readout = page
        .js("return document.getElementById('perf-steps-per-second').textContent;")
        .await;
    page.click(Button::Pause).await;
    normalise(readout.as_str().unwrap_or("–"))
        .replace(',', ".")
        .parse()
        .unwrap_or(f64::NAN)
}

/// Steps per second of the app's workers alone: the initial state of seed 1
/// (the app's LCG) sent to `cores` workers as shares, median of 5 rounds.
#[cfg(not(target_arch = "wasm32"))]
async fn workers_only(page: &AppPage, count: u32, radius: &str, cores: u32) -> f64 {
    let radius = radius.replace(',', ".");
    let seconds = page
        .js_async(&format!(
            "const done = arguments[arguments.length - 1];
             const n = {count}, k = {cores}, radius = {radius};
             let s = 1;
             const draw = () => {{ s = (Math.imul(1664525, s) + 1013904223) >>> 0; return s / 4294967296; }};
             const P = new Float64Array(3 * n), V = new Float64Array(3 * n);
             for (let i = 0; i < n; i++) {{
               for (let a = 0; a < 3; a++) P[3 * i + a] = (draw() - 0.5) * 4.2 * 1.6;
               for (let a = 0; a < 3; a++) V[3 * i + a] = (draw() - 0.5) * 2;
             }}
             const workers = [...Array(k)].map(() => new Worker('/worker_loader.js'));
             let ready = 0, answered = 0, start = 0, build = '';
             const times = [];
             const round = () => {{
               answered = 0;
               start = performance.now();
               workers.forEach((w, part) => {{
                 const p = P.slice(), v = V.slice();
                 w.postMessage({{ build, kind: 'share', job: times.length + 1, part, parts: k,
                                  radius, positions: p, velocities: v }},
                               [p.buffer, v.buffer]);
               }});
             }};
             workers.forEach(w => w.onmessage = e => {{
               // The messages name the build (src/worker/messages.rs): the
               // workers' own, taken from their „ready“.
               if (e.data.kind === 'ready') {{ build = e.data.build; if (++ready === k) round(); return; }}
               if (e.data.kind !== 'reply') {{ workers.forEach(w => w.terminate()); done(NaN); return; }}
               if (++answered < k) return;
               times.push(performance.now() - start);
               if (times.length < 6) {{ round(); return; }}
               workers.forEach(w => w.terminate());
               const sorted = times.slice(1).sort((a, b) => a - b);
               done(sorted[2] / 1000);
             }});"
        ))
        .await
        .as_f64()
        .unwrap_or(f64::NAN);
    1.0 / seconds
}

#[cfg(target_arch = "wasm32")]
fn main() {}
