//! „Struktur und Korrelation“ benchmark: the built app (`dist/`) in
//! headless Chromium without WebGL, the table page of a state of
//! N = 50 000 (the most; seed 1, other parameters default) opened by a
//! link. For 1 and 2 „Rechenkerne“ it times „Berechnen“ until the result is
//! shown (in the page, by a MutationObserver, so nothing polls from
//! outside meanwhile), twice, and lists the page's long tasks meanwhile
//! (Long Tasks API: every task over 50 ms): the workers compute, the page
//! must stay smooth. Then the result's CSV is checked against the
//! command-line tool's, so the figures are of a correct computation.
//!
//! Run with `make bench` (which builds `dist/` first) or
//! `cargo bench --bench correlations_page`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use support::app_page::AppPage;

#[cfg(not(target_arch = "wasm32"))]
const COUNT: u32 = 50_000;

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let browser = support::Browser::launch(support::Mode::Svg).await;
    let page = browser.page();
    page.client
        .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(600)),
            None,
            None,
        ))
        .await
        .expect("script timeout");
    println!("„Struktur und Korrelation“ benchmark (headless Chromium, SVG view)");
    println!("N = {COUNT}, seed 1, step 0, defaults otherwise");
    println!(
        "{:>12} | {:>9} {:>9} | {:>15} {:>12}",
        "Rechenkerne", "round 1", "round 2", "tasks over 50 ms", "the longest"
    );
    for cores in [1u32, 2] {
        open(&page, cores).await;
        let mut seconds = Vec::new();
        let mut long_tasks = Vec::new();
        for _ in 0..2 {
            let (time, tasks) = compute(&page).await;
            seconds.push(time);
            long_tasks.extend(tasks);
        }
        let longest = long_tasks.iter().copied().fold(0.0, f64::max);
        println!(
            "{cores:>12} | {:>8.2}s {:>8.2}s | {:>15} {:>9.0} ms",
            seconds[0],
            seconds[1],
            long_tasks.len(),
            longest
        );
    }
    let (_, csv) = page.download("#btn-export-correlations").await;
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_boids-schwarm-cli"))
        .args([
            "correlations",
            "--count",
            &COUNT.to_string(),
            "--steps",
            "0",
        ])
        .output()
        .expect("run boids-schwarm-cli");
    assert_eq!(
        csv,
        String::from_utf8(cli.stdout).expect("utf-8"),
        "the page's CSV is the command line's"
    );
    println!("the last result's CSV is the command line's, byte for byte");
    browser.close().await;
}

/// A fresh page with `cores` Rechenkerne, then the table page at the state
/// of N = COUNT at step 0.
#[cfg(not(target_arch = "wasm32"))]
async fn open(page: &AppPage, cores: u32) {
    page.open_fresh().await;
    page.set_input("setting-cores", &cores.to_string()).await;
    page.open(&format!("/tabelle?anzahl={COUNT}&schritt=0"))
        .await;
    page.wait_for_css("#btn-correlations:not([disabled])").await;
}

/// Seconds from „Berechnen“ until the result is shown, and the durations
/// (ms) of the page's tasks over 50 ms meanwhile.
#[cfg(not(target_arch = "wasm32"))]
async fn compute(page: &AppPage) -> (f64, Vec<f64>) {
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    let value = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const tasks = [];
             const watch = new PerformanceObserver(list => {
               for (const task of list.getEntries()) tasks.push(task.duration);
             });
             watch.observe({ type: 'longtask' });
             // A result shown before goes while the progress shows: the
             // new one comes after the progress.
             let computing = false;
             const start = performance.now();
             const observer = new MutationObserver(() => {
               computing ||= !!document.getElementById('correlations-progress');
               if (computing && document.getElementById('correlations-result')) {
                 observer.disconnect();
                 const seconds = (performance.now() - start) / 1000;
                 // Tasks end before their entries are delivered: wait a moment.
                 setTimeout(() => { watch.disconnect(); done([seconds, tasks]); }, 200);
               }
             });
             observer.observe(document.body, { childList: true, subtree: true });
             document.getElementById('btn-correlations').click();",
        )
        .await;
    let seconds = value[0].as_f64().expect("seconds");
    let tasks = value[1]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    (seconds, tasks)
}

#[cfg(target_arch = "wasm32")]
fn main() {}
