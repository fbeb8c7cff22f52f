//! The model runs in Web Workers: the page answers at once at every valid
//! setting, a step split over several workers gives the native model's
//! numbers bit for bit, nothing computed for an old state ever lands, and
//! without workers the app computes on the main thread and says so.

use std::time::Duration;

use boids_schwarm::model::Params;
use serde_json::Value;

use crate::support::app_page::{AppPage, Button, normalise, poll};
use crate::support::{native_state, temp_file};

/// How long a build or a step of the largest swarm may take in a worker
/// before the test gives up (software rendering and two cores are slow).
pub(crate) const LARGEST_SWARM_WAIT: Duration = Duration::from_secs(150);

pub async fn set_cores(page: &AppPage, text: &str) {
    page.js(&format!(
        "const input = document.getElementById('setting-cores');
         input.value = '{text}';
         input.dispatchEvent(new Event('input', {{ bubbles: true }}));"
    ))
    .await;
}

async fn cores_error(page: &AppPage) -> String {
    let value = page
        .js("return document.getElementById('setting-cores-error').textContent;")
        .await;
    normalise(value.as_str().unwrap_or_default())
}

async fn busy_text(page: &AppPage) -> String {
    let value = page
        .js("return document.getElementById('status-busy').textContent;")
        .await;
    normalise(value.as_str().unwrap_or_default())
}

/// The longest main-thread task allowed while the largest swarm runs, in ms.
pub(crate) const LONGEST_TASK_MS: f64 = 200.0;

/// Records every main-thread task longer than 50 ms from now on.
pub(crate) async fn watch_long_tasks(page: &AppPage) {
    page.js("window.__longTasks = [];
             new PerformanceObserver(list => {
               for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
             }).observe({ type: 'longtask' });")
        .await;
}

pub(crate) async fn longest_task_ms(page: &AppPage) -> f64 {
    let value = page.js("return Math.max(0, ...window.__longTasks);").await;
    value.as_f64().expect("a number")
}

/// N = 50 000 at r = 4,2: the page answers at once while a worker computes,
/// and while the swarm runs (from Starten on, through Pause, Schritt and
/// Starten again, up to leaving the page) no main-thread task takes over
/// 200 ms. Building the swarm and the page change are timed on their own.
async fn the_largest_swarm_never_blocks_the_page(page: &AppPage) {
    page.open_fresh().await;
    page.set_param("count", "50000").await;
    page.set_param("radius", "4,2").await;
    watch_long_tasks(page).await;
    page.click(Button::Initialisieren).await;
    assert_eq!(busy_text(page).await, "berechnet den Schwarm …");
    page.wait_long_for_status("built", LARGEST_SWARM_WAIT, |s| s.state == "pausiert")
        .await;
    let building = longest_task_ms(page).await;
    page.js("window.__longTasks = [];").await;
    page.click(Button::Starten).await;
    // Long enough for steps to be computed (and drawn) while running.
    page.wait_long_for_status("stepping", LARGEST_SWARM_WAIT, |s| {
        s.steps.parse::<u64>().is_ok_and(|steps| steps >= 1)
    })
    .await;
    let ms = page
        .click_and_time_until(
            "#btn-pause",
            "document.getElementById('status-state').textContent === 'pausiert'",
            5000,
        )
        .await;
    assert!(ms <= 500.0, "Pause took {ms} ms");
    // A step still in the worker is dropped: nothing changes after Pause. A
    // worker still busy with a dropped job is replaced after 200 ms, so a
    // result that could land at all would land well within 2 s (a step of
    // this swarm takes several seconds, so it cannot simply finish first).
    page.status_stays("no step lands after Pause", Duration::from_secs(2))
        .await;
    let paused = page.status().await;
    // Schritt says that it computes and cannot be queued up.
    page.click(Button::Schritt).await;
    assert_eq!(busy_text(page).await, "berechnet Schritt …");
    assert!(
        !page.is_enabled(Button::Schritt).await,
        "Schritt is not queued"
    );
    page.wait_long_for_status("one step further", LARGEST_SWARM_WAIT, |s| {
        s.steps.parse::<u64>() == Ok(paused.step_count() + 1)
    })
    .await;
    assert_eq!(busy_text(page).await, "");
    // Navigation answers at once, also while running.
    page.click(Button::Starten).await;
    page.wait_long_for_status("running again", LARGEST_SWARM_WAIT, |s| {
        s.state != "pausiert"
    })
    .await;
    let running = longest_task_ms(page).await;
    let ms = page
        .click_and_time_until(
            "nav a[href=\"/tabelle\"]",
            "document.getElementById('boid-table') !== null",
            5000,
        )
        .await;
    assert!(ms <= 1000.0, "the table took {ms} ms");
    assert_eq!(
        page.status().await.state,
        "pausiert",
        "a page change pauses"
    );
    let with_page_change = longest_task_ms(page).await;
    eprintln!(
        "     N = 50 000, r = 4,2: longest main-thread task {running:.0} ms while running \
         ({building:.0} ms building, {with_page_change:.0} ms with the page change)"
    );
    assert!(
        running <= LONGEST_TASK_MS,
        "a main-thread task took {running} ms while running"
    );
}

scenario!(alone: svg => the_largest_swarm_never_blocks_the_svg_view);
async fn the_largest_swarm_never_blocks_the_svg_view(page: AppPage) {
    the_largest_swarm_never_blocks_the_page(&page).await;
}

scenario!(alone: webgl => the_largest_swarm_never_blocks_the_3d_view);
/// WebGL is SwiftShader on the CPU in these tests: a picture of 50 000 cones
/// takes about a second, so this checks that the renderer spreads it over
/// frames instead of blocking the page.
async fn the_largest_swarm_never_blocks_the_3d_view(page: AppPage) {
    the_largest_swarm_never_blocks_the_page(&page).await;
}

/// The parameters of the bit-for-bit checks: 3000 boids, seed 17, r = 2,5.
pub(crate) fn bit_for_bit_params() -> Params {
    Params {
        count: 3000,
        seed: 17,
        radius: 2.5,
        ..Params::default()
    }
}

/// Enters [`bit_for_bit_params`] and builds the swarm.
pub(crate) async fn initialise_bit_for_bit(page: &AppPage) {
    page.set_param("count", "3000").await;
    page.set_param("seed", "17").await;
    page.set_param("radius", "2,5").await;
    page.click(Button::Initialisieren).await;
}

/// One more Schritt after `steps`; then the exported state must be the
/// native model's after as many steps.
pub(crate) async fn one_more_step_is_the_native_models(page: &AppPage, steps: u64) {
    page.click(Button::Schritt).await;
    let steps = page
        .wait_for_status("one more", |s| s.step_count() == steps + 1)
        .await
        .step_count();
    let exported = page.exported_json().await;
    assert_eq!(
        exported,
        native_state(bit_for_bit_params(), steps).to_json(),
        "after {steps} steps"
    );
}

scenario!(svg => two_cores_give_the_native_models_state_bit_for_bit);
async fn two_cores_give_the_native_models_state_bit_for_bit(page: AppPage) {
    page.open_fresh().await;
    set_cores(&page, "2").await;
    initialise_bit_for_bit(&page).await;
    let steps = page.run_until(6).await.step_count();
    one_more_step_is_the_native_models(&page, steps).await;
}

scenario!(svg => the_core_setting_is_checked_saved_and_keeps_the_swarm);
async fn the_core_setting_is_checked_saved_and_keeps_the_swarm(page: AppPage) {
    page.open_fresh().await;
    page.click(Button::Initialisieren).await;
    page.click(Button::Schritt).await;
    page.wait_for_status("one step", |s| s.step_count() == 1)
        .await;
    for bad in ["0", "17", "2,5", "zwei", ""] {
        set_cores(&page, bad).await;
        let error = cores_error(&page).await;
        assert!(
            error.starts_with("Rechenkerne") || error.starts_with("Bitte"),
            "{bad:?}: {error}"
        );
    }
    set_cores(&page, "3").await;
    assert_eq!(cores_error(&page).await, "");
    let status = page.status().await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 1),
        "the swarm stays"
    );
    // The new workers compute the next step.
    page.click(Button::Schritt).await;
    page.wait_for_status("two steps", |s| s.step_count() == 2)
        .await;
    page.reload().await;
    let value = page
        .js("return document.getElementById('setting-cores').value;")
        .await;
    assert_eq!(value, Value::from("3"), "saved like the parameters");
    page.js("localStorage.setItem('boids-schwarm.cores.v1', '\"viele\"');")
        .await;
    page.reload().await;
    let value = page
        .js("return document.getElementById('setting-cores').value;")
        .await;
    let default = value.as_str().and_then(|v| v.parse::<u32>().ok());
    assert!(
        matches!(default, Some(1..=8)),
        "corrupt storage gives the default: {value}"
    );
}

scenario!(svg => an_edit_while_a_step_computes_leaves_no_trace);
async fn an_edit_while_a_step_computes_leaves_no_trace(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "50000").await;
    page.set_param("radius", "2").await;
    page.click(Button::Initialisieren).await;
    page.wait_long_for_status("built", LARGEST_SWARM_WAIT, |s| s.state == "pausiert")
        .await;
    page.click(Button::Schritt).await;
    assert_eq!(busy_text(&page).await, "berechnet Schritt …");
    // Edit while the worker computes: the swarm goes, and the late step never lands.
    page.set_param("count", "40").await;
    assert_eq!(page.status().await.state, "kein Schwarm");
    assert_eq!(busy_text(&page).await, "");
    // Watched for longer than the dropped step of 50 000 boids at r = 2 takes
    // in a worker (a few seconds here), so a late result would show.
    let still = page
        .status_stays("no late result lands", Duration::from_secs(6))
        .await;
    assert_eq!(still.state, "kein Schwarm", "a late result landed");
    // A new swarm is the new parameters' own, at step 0.
    page.click(Button::Initialisieren).await;
    let status = page
        .wait_for_status("built", |s| s.state == "pausiert")
        .await;
    assert_eq!((status.count.as_str(), status.step_count()), ("40", 0));
}

scenario!(svg => without_workers_the_main_thread_computes_and_says_so);
async fn without_workers_the_main_thread_computes_and_says_so(page: AppPage) {
    page.open_fresh().await;
    let script = page
        .driver
        .add_init_script("window.Worker = function () { throw new Error('blockiert'); };")
        .await;
    page.reload().await;
    page.set_param("count", "500").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    let note = page.text("#engine-note").await;
    page.driver.remove_init_script(&script).await;
    assert!(
        note.starts_with("Web Worker stehen nicht zur Verfügung (blockiert)")
            && note.contains("Hauptthread"),
        "{note}"
    );
    let notes = page
        .js("return document.querySelectorAll('#engine-note').length;")
        .await;
    assert_eq!(notes, Value::from(1), "said once");
    for _ in 0..3 {
        page.click(Button::Schritt).await;
    }
    page.wait_for_status("three steps", |s| s.step_count() == 3)
        .await;
    let steps = page.run_until(6).await.step_count();
    // A state file is read in a worker only: without one a German message
    // says so, and the swarm stays.
    let file = temp_file(
        "no-worker.json",
        native_state(Params::default(), 1).to_json().as_bytes(),
    );
    page.navigate("Tabelle").await;
    page.import_file(&file).await;
    page.wait_for_css(".import-error").await;
    assert_eq!(
        page.text(".import-error").await,
        boids_schwarm::texts::IMPORT_NEEDS_WORKER
    );
    let status = page.status().await;
    assert_eq!((status.count.as_str(), status.step_count()), ("500", steps));
}

scenario!(svg => slower_than_real_time_is_said);
async fn slower_than_real_time_is_said(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "30000").await;
    page.set_param("radius", "2").await;
    page.click(Button::Initialisieren).await;
    page.wait_long_for_status("built", LARGEST_SWARM_WAIT, |s| s.state == "pausiert")
        .await;
    page.click(Button::Starten).await;
    let page = &page;
    let label = poll(
        "a real-time factor shown",
        Duration::from_secs(30),
        || async move {
            let value = page
                .js("return document.getElementById('perf-realtime').textContent;")
                .await;
            let label = normalise(value.as_str().unwrap_or_default());
            if label.ends_with("× Echtzeit") {
                Ok(label)
            } else {
                Err(label)
            }
        },
    )
    .await;
    page.click(Button::Pause).await;
    let factor: f64 = label
        .trim_end_matches("× Echtzeit")
        .trim()
        .replace(',', ".")
        .parse()
        .expect("a German decimal");
    assert!(factor > 0.0 && factor < 0.95, "{label}");
}
