//! Worker benchmark: the built app (`dist/`) in headless Chromium without
//! WebGL (the SVG view draws), seed 1, other parameters default. For
//! N = 10 000, 30 000, 50 000 at r = 1,0 and 1,2, with 1 and 2 „Rechenkerne“,
//! it takes a chain of Schritt (each clicked as soon as the previous one has
//! landed) and prints steps per second: what the workers and the page
//! together can compute, not capped by real time as a running swarm is.
//! Run with `make bench` (which builds `dist/` first) or
//! `cargo bench --bench workers`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    use support::Browser;
    use support::app_page::{AppPage, Button};

    let browser = Browser::launch(&["--disable-webgl"]).await;
    let page = AppPage::new(
        browser.client.clone(),
        browser.base_url.clone(),
        browser.driver_handle.clone(),
    );
    println!(
        "worker benchmark (headless Chromium, SVG view, seed 1; steps per second over a chain of Schritt)"
    );
    println!(
        "{:>7} {:>5} {:>12} {:>12} {:>9}",
        "N", "r", "1 core", "2 cores", "speed-up"
    );
    for count in [10_000u32, 30_000, 50_000] {
        for radius in ["1", "1,2"] {
            let mut rates = Vec::new();
            for cores in [1, 2] {
                page.open_fresh().await;
                page.js(&format!(
                    "const input = document.getElementById('setting-cores');
                     input.value = '{cores}';
                     input.dispatchEvent(new Event('input', {{ bubbles: true }}));"
                ))
                .await;
                page.set_param("count", &count.to_string()).await;
                page.set_param("radius", radius).await;
                page.click(Button::Initialisieren).await;
                page.wait_until_enabled(Button::Schritt).await;
                let steps: u32 = if count >= 50_000 { 6 } else { 12 };
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
                rates.push(f64::from(steps) / seconds);
            }
            println!(
                "{count:>7} {radius:>5} {:>10.2}/s {:>10.2}/s {:>8.2}×",
                rates[0],
                rates[1],
                rates[1] / rates[0]
            );
        }
    }
    browser.close().await;
}

#[cfg(target_arch = "wasm32")]
fn main() {}
