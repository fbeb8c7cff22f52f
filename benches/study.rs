//! Study benchmark: the built app (`dist/`) in headless Chromium, the study
//! page only (nothing else computes). A fixed plan of 24 runs (200 boids,
//! 400 steps, burn-in 100; separation × seeds) with 1 and 2 „Rechenkerne“:
//! runs per second from „Studie starten“ to „fertig“ (three rounds each,
//! the median), and the speed-up; then the wall time of the ready study
//! „Ordnung durch Ausrichtung“ (55 runs) with 2 Rechenkerne; then a study
//! of 10 000 tiny runs (1 000 rows in the results table), with the page's
//! longest task while it runs (Long Tasks API): the page must stay smooth
//! however fast rows arrive.
//!
//! Run with `make bench` (which builds `dist/` first) or
//! `cargo bench --bench study`.

#[cfg(not(target_arch = "wasm32"))]
#[path = "../tests/support/mod.rs"]
mod support;

#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use support::app_page::{AppPage, normalise};

#[cfg(not(target_arch = "wasm32"))]
const PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 200},
  "sweep": [{"parameter": "separation", "from": 0.2, "to": 0.9, "points": 8}],
  "seeds": {"from": 1, "count": 3}, "steps": 400, "burn_in": 100}"#;

/// 10 000 runs of 10 boids and 20 steps: 100 × 10 grid points × 10 seeds.
#[cfg(not(target_arch = "wasm32"))]
const LARGE_PLAN: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 10},
  "sweep": [{"parameter": "separation", "from": 0, "to": 9.9, "points": 100},
            {"parameter": "alignment", "from": 0, "to": 0.9, "points": 10}],
  "seeds": {"from": 1, "count": 10}, "steps": 20, "burn_in": 0}"#;

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let browser = support::Browser::launch(support::Mode::Svg).await;
    let page = browser.page();
    let file = support::temp_file("bench-plan.json", PLAN.as_bytes());
    println!("study benchmark (headless Chromium, study page only)");
    println!("plan: 24 runs, N = 200, 400 steps, burn-in 100");
    println!(
        "{:>12} | {:>9} {:>9} {:>9} | {:>8}",
        "Rechenkerne", "round 1", "round 2", "round 3", "runs/s"
    );
    let mut rates = Vec::new();
    for cores in [1u32, 2] {
        let mut seconds = Vec::new();
        for _ in 0..3 {
            fresh(&page, cores).await;
            page.element("#study-plan-file")
                .await
                .send_keys(file.to_str().expect("utf-8 path"))
                .await
                .expect("choose the plan");
            page.wait_for_css("#study-plan-loaded").await;
            seconds.push(run(&page).await);
        }
        let mut sorted = seconds.clone();
        sorted.sort_by(f64::total_cmp);
        let rate = 24.0 / sorted[1];
        rates.push(rate);
        println!(
            "{cores:>12} | {:>8.2}s {:>8.2}s {:>8.2}s | {rate:>8.2}",
            seconds[0], seconds[1], seconds[2]
        );
    }
    println!("speed-up with 2 Rechenkerne: {:.2}×", rates[1] / rates[0]);

    fresh(&page, 2).await;
    page.js("const select = document.getElementById('study-preset');
         select.value = 'ordnung';
         select.dispatchEvent(new Event('change', { bubbles: true }));")
        .await;
    page.wait_for_css("#study-watch:not(.hidden)").await;
    let estimate = normalise(&page.text_of("study-size").await);
    let seconds = run(&page).await;
    println!(
        "„Ordnung durch Ausrichtung“ (55 runs), 2 Rechenkerne: {seconds:.1} s wall ({estimate})"
    );

    fresh(&page, 2).await;
    let large = support::temp_file("bench-large-plan.json", LARGE_PLAN.as_bytes());
    page.element("#study-plan-file")
        .await
        .send_keys(large.to_str().expect("utf-8 path"))
        .await
        .expect("choose the plan");
    page.wait_for_css("#study-plan-loaded").await;
    page.js("window.longTasks = [];
             new PerformanceObserver(list => {
               for (const task of list.getEntries()) window.longTasks.push(task.duration);
             }).observe({ type: 'longtask' });")
        .await;
    let seconds = run(&page).await;
    let tasks = page.js("return window.longTasks;").await;
    let tasks: Vec<f64> = tasks
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    let longest = tasks.iter().copied().fold(0.0, f64::max);
    let rows = page
        .js("return document.querySelectorAll('#study-table tbody tr').length;")
        .await;
    println!(
        "10 000 runs (N = 10, 20 steps, {rows} table rows), 2 Rechenkerne: {seconds:.1} s wall; \
         tasks over 50 ms: {}, the longest {longest:.0} ms",
        tasks.len()
    );
    browser.close().await;
}

/// The study page with empty storage (local storage and the studies'
/// database) and `cores` Rechenkerne.
#[cfg(not(target_arch = "wasm32"))]
async fn fresh(page: &AppPage, cores: u32) {
    page.open("/studie").await;
    page.js_async(
        "const done = arguments[arguments.length - 1];
         localStorage.clear();
         const request = indexedDB.deleteDatabase('boids-schwarm-studien');
         request.onsuccess = request.onerror = request.onblocked = () => done(true);",
    )
    .await;
    page.open("/studie").await;
    page.js(&format!(
        "const input = document.getElementById('study-cores');
         input.value = '{cores}';
         input.dispatchEvent(new Event('input', {{ bubbles: true }}));"
    ))
    .await;
}

/// Seconds from „Studie starten“ until the study says „fertig“, timed in
/// the page (a MutationObserver, no polling from outside that would take
/// the cores the workers need).
#[cfg(not(target_arch = "wasm32"))]
async fn run(page: &AppPage) -> f64 {
    page.client
        .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(600)),
            None,
            None,
        ))
        .await
        .expect("script timeout");
    let seconds = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const finished = () => document.getElementById('study-state')?.textContent === 'fertig';
             const start = performance.now();
             const observer = new MutationObserver(() => {
               if (finished()) { observer.disconnect(); done((performance.now() - start) / 1000); }
             });
             observer.observe(document.body, { childList: true, characterData: true, subtree: true });
             document.getElementById('btn-study-start').click();",
        )
        .await;
    seconds.as_f64().expect("seconds")
}

#[cfg(target_arch = "wasm32")]
fn main() {}
