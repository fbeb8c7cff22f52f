//! The app in a real headless Chromium: every rule of SPEC §3,
//! the parameter inputs, persistence, the pages and the SVG view. One browser
//! serves all scenarios; each starts from empty local storage and a fresh load,
//! and each ends by checking that the console shows no error and no panic.
//!
//! Needs `dist/` from `trunk build` and Chromium with chromedriver
//! (`make test` does both); a missing piece fails the test, it never skips.

#![cfg(not(target_arch = "wasm32"))]

mod support;
#[path = "scenarios/table.rs"]
mod table;
#[path = "scenarios/view_3d.rs"]
mod view_3d;
#[path = "scenarios/workers.rs"]
mod workers;

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::time::Duration;

use fantoccini::key::Key;
use support::Browser;
use support::app_page::{AppPage, Button, STORAGE_KEY, expected_time};

type Scenario = fn(AppPage) -> Pin<Box<dyn Future<Output = ()> + Send>>;

macro_rules! scenarios {
    ($($name:path),* $(,)?) => {
        [$((stringify!($name), (|page| Box::pin($name(page))) as Scenario)),*]
    };
}

/// Browser tests share the machine's two cores: one browser at a time.
async fn one_browser_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    LOCK.lock().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_without_webgl_in_headless_chromium() {
    let _one_browser_at_a_time = one_browser_at_a_time().await;
    // Without WebGL the SVG view is the view (the fallback of SPEC §4).
    let browser = Browser::launch(&["--disable-webgl"]).await;
    run_scenarios(
        browser,
        &scenarios![
            initialise_gives_a_paused_swarm_at_time_zero,
            only_initialise_is_enabled_without_a_swarm,
            step_while_running_pauses_and_adds_exactly_one_step,
            pause_then_start_continues_from_the_same_state,
            reset_removes_the_swarm_and_keeps_the_inputs,
            an_edit_clears_the_swarm_and_the_selection,
            invalid_input_shows_its_error_and_disables_initialise,
            navigating_to_the_table_and_back_keeps_swarm_and_selection_paused,
            reload_restores_valid_parameters_but_not_the_swarm,
            corrupt_storage_falls_back_to_defaults_without_an_error,
            the_app_works_when_storage_is_unavailable,
            a_hidden_page_pauses,
            keyboard_space_toggles_and_dot_or_arrow_steps,
            svg_shows_one_symbol_per_boid_and_the_ring,
            deep_links_and_unknown_paths_render_their_pages,
            svg_view_stays_usable_at_5000_boids,
            table::table_shows_the_models_numbers,
            table::table_without_swarm_says_what_to_do,
            table::selecting_a_row_marks_the_boid_in_the_view_and_back,
            table::the_keyboard_reaches_moves_through_and_selects_rows,
            table::zur_auswahl_scrolls_the_selected_row_into_view,
            table::sorting_by_a_column,
            table::export_import_export_is_byte_identical,
            table::an_import_keeps_the_sort_order_and_the_scroll_position,
            table::csv_parses_back_to_the_same_numbers,
            table::every_import_error_keeps_everything,
            table::fifty_thousand_rows_scroll_without_freezing,
            view_3d::without_webgl_the_svg_view_shows_the_same_selection,
            workers::two_cores_give_the_native_models_state_bit_for_bit,
            workers::the_core_setting_is_checked_saved_and_keeps_the_swarm,
            workers::an_edit_while_a_step_computes_leaves_no_trace,
            workers::without_workers_the_main_thread_computes_and_says_so,
            workers::slower_than_real_time_is_said,
            workers::the_largest_swarm_never_blocks_the_svg_view,
            screenshots_of_every_page,
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_d_view_with_webgl_in_headless_chromium() {
    let _one_browser_at_a_time = one_browser_at_a_time().await;
    // Software WebGL2 (SwiftShader): the three-d canvas is the view.
    let browser = Browser::launch(&["--disable-gpu", "--enable-unsafe-swiftshader"]).await;
    run_scenarios(
        browser,
        &scenarios![
            view_3d::the_canvas_is_the_view_and_shows_cones,
            view_3d::a_drag_rotates_the_picture,
            view_3d::ctrl_wheel_zooms_and_the_plain_wheel_scrolls_the_page,
            view_3d::a_click_selects_a_boid_that_the_table_shows,
            view_3d::screenshot_of_the_3d_view,
            view_3d::a_lost_context_that_stays_lost_falls_back_to_svg,
            workers::the_largest_swarm_never_blocks_the_3d_view,
        ],
    )
    .await;
}

/// Runs each scenario on a fresh log; every scenario also fails on any
/// console error or warning. Reports all failures at the end.
async fn run_scenarios(browser: Browser, scenarios: &[(&str, Scenario)]) {
    let page = AppPage::new(
        browser.client.clone(),
        browser.base_url.clone(),
        browser.driver_handle.clone(),
    );
    let mut failures = Vec::new();
    for &(name, scenario) in scenarios {
        let _ = browser.take_console(); // start each scenario with an empty log
        let run = tokio::spawn(tokio::time::timeout(
            // A guard only: the largest swarm's scenarios wait for slow steps.
            Duration::from_secs(420),
            scenario(page.clone()),
        ));
        let outcome = match run.await {
            Ok(Ok(())) => None,
            Ok(Err(_)) => Some("timed out after 420 s".to_owned()),
            Err(panic) => Some(panic_message(panic)),
        };
        let problems = browser.take_console_problems();
        match (outcome, problems.is_empty()) {
            (None, true) => eprintln!("ok   {name}"),
            (None, false) => failures.push(format!(
                "{name}: console problems:\n  {}",
                problems.join("\n  ")
            )),
            (Some(message), _) => {
                failures.push(format!("{name}: {message}\n  console: {problems:?}"))
            }
        }
    }
    browser.close().await;
    assert!(
        failures.is_empty(),
        "{} scenario(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn panic_message(error: tokio::task::JoinError) -> String {
    match error.try_into_panic() {
        Ok(payload) => payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_else(|| "panicked".to_owned()),
        Err(error) => error.to_string(),
    }
}

async fn sleep_ms(ms: u64) {
    tokio::time::sleep(Duration::from_millis(ms)).await;
}

/// Fresh page, small swarm initialised (paused at 0).
async fn initialised(page: &AppPage, count: u32) {
    page.open_fresh().await;
    page.set_param("count", &count.to_string()).await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
}

async fn initialise_gives_a_paused_swarm_at_time_zero(page: AppPage) {
    page.open_fresh().await;
    assert_eq!(
        page.param("count").await,
        "200",
        "default Anzahl on the first visit"
    );
    assert_eq!(page.status().await.state, "kein Schwarm");
    page.click(Button::Initialisieren).await;
    let status = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    assert_eq!(status.time, "0,00 s");
    assert_eq!(status.steps, "0");
    assert_eq!(status.count, "200");
    assert!(status.speed.ends_with("LE/s"), "{status:?}");
    sleep_ms(300).await;
    assert_eq!(
        page.status().await.steps,
        "0",
        "a new swarm does not run by itself"
    );
    assert_eq!(
        page.enabled_buttons().await,
        [
            Button::Initialisieren,
            Button::Starten,
            Button::Schritt,
            Button::Zuruecksetzen
        ]
    );
}

async fn only_initialise_is_enabled_without_a_swarm(page: AppPage) {
    page.open_fresh().await;
    assert_eq!(page.enabled_buttons().await, [Button::Initialisieren]);
    let status = page.status().await;
    assert_eq!((status.time.as_str(), status.steps.as_str()), ("–", "–"));
}

async fn step_while_running_pauses_and_adds_exactly_one_step(page: AppPage) {
    initialised(&page, 100).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running with steps", |s| {
        s.state == "läuft" && s.step_count() >= 3
    })
    .await;
    // Read, click and read again inside the page: no animation frame can come
    // between the first read and the click.
    let value = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const t = id => document.getElementById(id).textContent;
             const before = t('status-steps');
             document.getElementById('btn-step').click();
             setTimeout(() => done([before, t('status-steps'), t('status-time'), t('status-state')]), 100);",
        )
        .await;
    let text = |i: usize| support::app_page::normalise(value[i].as_str().unwrap_or_default());
    let before: u64 = text(0).parse().expect("steps before");
    let after: u64 = text(1).parse().expect("steps after");
    assert_eq!(
        after,
        before + 1,
        "Schritt while running adds exactly one step"
    );
    assert_eq!(text(2), expected_time(after));
    assert_eq!(text(3), "pausiert");
    sleep_ms(300).await;
    let status = page.status().await;
    assert_eq!(status.step_count(), after, "paused after Schritt");
    page.click(Button::Schritt).await;
    let status = page
        .wait_for_status("one more step", |s| s.step_count() == after + 1)
        .await;
    assert_eq!(status.time, expected_time(after + 1), "+0,04 s");
}

async fn pause_then_start_continues_from_the_same_state(page: AppPage) {
    initialised(&page, 150).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.step_count() >= 5)
        .await;
    page.click(Button::Pause).await;
    let paused = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    sleep_ms(300).await;
    assert_eq!(page.status().await, paused, "nothing moves while paused");
    page.click(Button::Starten).await;
    page.wait_for_status("running on", |s| {
        s.state == "läuft" && s.step_count() > paused.step_count()
    })
    .await;
    page.click(Button::Pause).await;
    let run = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    // Same state as stepping the same number of times from a fresh swarm.
    page.click(Button::Initialisieren).await;
    page.wait_for_status("reinitialised", |s| s.steps == "0")
        .await;
    // One Schritt after the other: a Schritt is not queued while the previous
    // one is still being computed.
    for _ in 0..run.step_count() {
        page.click(Button::Schritt).await;
    }
    let stepped = page
        .wait_for_status("stepped", |s| s.step_count() == run.step_count())
        .await;
    assert_eq!(
        stepped.speed, run.speed,
        "continuing after a pause equals uninterrupted stepping"
    );
    assert_eq!(stepped.time, run.time);
}

async fn reset_removes_the_swarm_and_keeps_the_inputs(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "123").await;
    page.set_param("radius", "0,9").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    page.click(Button::Zuruecksetzen).await;
    let status = page
        .wait_for_status("kein Schwarm", |s| s.state == "kein Schwarm")
        .await;
    assert_eq!((status.time.as_str(), status.count.as_str()), ("–", "–"));
    assert_eq!(page.param("count").await, "123");
    assert_eq!(page.param("radius").await, "0,9");
    assert_eq!(page.symbol_count().await, 0);
    assert_eq!(page.enabled_buttons().await, [Button::Initialisieren]);
}

async fn an_edit_clears_the_swarm_and_the_selection(page: AppPage) {
    initialised(&page, 60).await;
    let (_, (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    page.wait_for_status("selected", |s| s.selection.starts_with("Boid Nr."))
        .await;
    // Real typing: each key press is an edit.
    page.type_param("radius", "1,5").await;
    let status = page
        .wait_for_status("kein Schwarm", |s| s.state == "kein Schwarm")
        .await;
    assert_eq!(status.selection, "keine");
    assert_eq!(page.param("radius").await, "1,5");
    assert_eq!(page.ring().await, None);
    assert_eq!(page.symbol_count().await, 0);
}

async fn invalid_input_shows_its_error_and_disables_initialise(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "viele").await;
    let (error, invalid) = page.param_error("count").await;
    assert!(
        error.contains("keine gültige Zahl"),
        "German error, got {error:?}"
    );
    assert_eq!(invalid, "true");
    assert!(
        !page.is_enabled(Button::Initialisieren).await,
        "Initialisieren disabled"
    );
    page.set_param("radius", "0").await;
    assert!(
        page.param_error("radius").await.0.contains("Radius"),
        "range error names the field"
    );
    page.set_param("cohesion", "NaN").await;
    assert!(!page.param_error("cohesion").await.0.is_empty());
    page.set_param("count", "12,5").await;
    assert!(page.param_error("count").await.0.contains("ganze Zahl"));
    // Other fields are not lost.
    assert_eq!(page.param("seed").await, "1");
    assert_eq!(page.param("max_speed").await, "2");
    // Comma and point, with spaces, are both fine.
    page.set_param("count", " 80 ").await;
    page.set_param("radius", "0.35").await;
    page.set_param("cohesion", " 0,35 ").await;
    for key in ["count", "radius", "cohesion"] {
        assert_eq!(
            page.param_error(key).await,
            (String::new(), "false".to_owned()),
            "{key}"
        );
    }
    assert!(page.is_enabled(Button::Initialisieren).await);
    page.click(Button::Initialisieren).await;
    let status = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    assert_eq!(status.count, "80");
}

async fn navigating_to_the_table_and_back_keeps_swarm_and_selection_paused(page: AppPage) {
    initialised(&page, 80).await;
    page.set_param("seed", "7").await; // an edit: clears, then initialise again
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    let (_, (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    let selected = page
        .wait_for_status("selected", |s| s.selection.starts_with("Boid Nr."))
        .await;
    let ring = page.ring().await.expect("ring on the selected boid");
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft" && s.step_count() >= 2)
        .await;

    page.navigate("Tabelle").await;
    page.wait_for_css("h1.table-title, .page h1").await;
    assert_eq!(page.path().await, "/tabelle");
    let on_table = page
        .wait_for_status("paused on the table", |s| s.state == "pausiert")
        .await;
    assert_eq!(on_table.selection, selected.selection);
    sleep_ms(300).await;
    assert_eq!(
        page.status().await,
        on_table,
        "nothing runs on the table page"
    );

    page.navigate("Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
    assert_eq!(page.path().await, "/");
    let back = page.status().await;
    assert_eq!(back, on_table, "swarm and selection survive, paused");
    assert_eq!(page.param("seed").await, "7", "inputs survive too");
    let (boid, _) = page.ring().await.expect("ring still shown");
    assert_eq!(boid, ring.0);
    assert_eq!(page.symbol_count().await, 80);
}

async fn reload_restores_valid_parameters_but_not_the_swarm(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "321").await;
    page.set_param("radius", "0,75").await;
    page.set_param("seed", "42").await;
    page.set_param("max_speed", "3,5").await;
    page.set_param("count", "77").await;
    page.set_param("seed", "42").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.set_param("seed", "4x").await; // invalid again: 42 stays stored
    page.reload().await;
    assert_eq!(page.param("count").await, "77");
    assert_eq!(page.param("radius").await, "0,75");
    assert_eq!(page.param("seed").await, "42");
    assert_eq!(page.param("max_speed").await, "3,5");
    assert_eq!(
        page.status().await.state,
        "kein Schwarm",
        "the swarm is never restored"
    );
    assert_eq!(page.param_error("seed").await.0, "");
}

async fn corrupt_storage_falls_back_to_defaults_without_an_error(page: AppPage) {
    page.open_fresh().await;
    page.js(&format!(
        "localStorage.setItem('{STORAGE_KEY}', '{{kaputt');"
    ))
    .await;
    page.reload().await;
    for (key, default) in [
        ("count", "200"),
        ("seed", "1"),
        ("radius", "1,2"),
        ("max_speed", "2"),
    ] {
        assert_eq!(page.param(key).await, default, "{key}");
        assert_eq!(page.param_error(key).await.0, "", "{key}");
    }
    assert!(page.is_enabled(Button::Initialisieren).await);
    // Field by field: wrong types and out-of-range values fall back alone.
    page.js(&format!(
        r#"localStorage.setItem('{STORAGE_KEY}', JSON.stringify({{count: 77, seed: -3, radius: "x", separation: 11, alignment: 0.3}}));"#
    ))
    .await;
    page.reload().await;
    assert_eq!(page.param("count").await, "77");
    assert_eq!(page.param("seed").await, "1");
    assert_eq!(page.param("radius").await, "1,2");
    assert_eq!(page.param("separation").await, "0,5");
    assert_eq!(page.param("alignment").await, "0,3");
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert" && s.count == "77")
        .await;
    page.js("localStorage.clear();").await;
}

async fn the_app_works_when_storage_is_unavailable(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "66").await; // stored
    // From now on every document of the tab finds local storage refusing.
    let script = page.driver.add_init_script(
        "Object.defineProperty(window, 'localStorage', {
           configurable: true,
           get() { throw new DOMException('Speicher gesperrt', 'SecurityError'); },
         });",
    );
    assert!(!script.is_empty(), "init script registered");
    page.reload().await;
    let refused = page
        .js("try { localStorage; return false; } catch (e) { return true; }")
        .await;
    page.driver.remove_init_script(&script);
    assert_eq!(
        refused,
        serde_json::Value::Bool(true),
        "storage refused in this load"
    );
    assert_eq!(page.param("count").await, "200", "defaults without storage");
    page.set_param("count", "70").await; // saving is skipped quietly
    page.click(Button::Initialisieren).await;
    let status = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    assert_eq!(status.count, "70");
    page.open("/").await;
    assert_eq!(
        page.param("count").await,
        "66",
        "storage back: the earlier value"
    );
}

async fn a_hidden_page_pauses(page: AppPage) {
    initialised(&page, 100).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft" && s.step_count() >= 1)
        .await;
    page.hide_page().await;
    let paused = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    sleep_ms(300).await;
    assert_eq!(page.status().await, paused);
    page.reload().await; // undo the overridden visibility
}

async fn keyboard_space_toggles_and_dot_or_arrow_steps(page: AppPage) {
    initialised(&page, 50).await;
    page.blur().await;
    page.press(' ').await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    page.press(' ').await;
    let paused = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.press('.').await;
    page.wait_for_status("one step", |s| s.step_count() == paused.step_count() + 1)
        .await;
    page.press(Key::Right.into()).await;
    let status = page
        .wait_for_status("two steps", |s| s.step_count() == paused.step_count() + 2)
        .await;
    assert_eq!(status.state, "pausiert");
    // Typing into an input is typing, not a shortcut.
    page.type_param("radius", "0.8").await;
    page.press(' ').await;
    sleep_ms(200).await;
    let status = page.status().await;
    assert_eq!(
        status.state, "kein Schwarm",
        "the edit removed the swarm; Space did not start"
    );
    assert_eq!(page.param("radius").await, "0.8 ");
    // Space right after clicking Starten (the focused button is now disabled).
    page.set_param("radius", "1,2").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    page.press(' ').await;
    page.wait_for_status("paused by Space", |s| s.state == "pausiert")
        .await;
}

async fn svg_shows_one_symbol_per_boid_and_the_ring(page: AppPage) {
    initialised(&page, 200).await;
    assert_eq!(page.symbol_count().await, 200);
    assert_eq!(page.ring().await, None, "no ring without selection");
    let ((px, py), (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    let status = page
        .wait_for_status("selected", |s| s.selection.starts_with("Boid Nr."))
        .await;
    let (boid, transform) = page.ring().await.expect("ring shown");
    assert_eq!(status.selection, format!("Boid Nr. {boid}"));
    let numbers: Vec<i64> = transform
        .trim_start_matches("translate(")
        .trim_end_matches(')')
        .split(' ')
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        numbers.len() == 2 && (numbers[0] - px).abs() <= 6 && (numbers[1] - py).abs() <= 6,
        "ring {transform} at the clicked boid ({px}, {py})"
    );
    // The ring follows the boid.
    page.click(Button::Schritt).await;
    page.wait_for_status("stepped", |s| s.steps == "1").await;
    assert_eq!(page.ring().await.map(|r| r.0), Some(boid));
    // A click far from every boid clears the selection.
    page.js("window.scrollTo(0, 0);").await;
    let corner = page
        .js("const r = document.getElementById('swarm-svg').getBoundingClientRect(); return [r.left + 4, r.top + 4];")
        .await;
    page.click_at(
        corner[0].as_f64().unwrap_or(0.0),
        corner[1].as_f64().unwrap_or(0.0),
    )
    .await;
    page.wait_for_status("deselected", |s| s.selection == "keine")
        .await;
    assert_eq!(page.ring().await, None);
    let notes = page.text(".view-notes").await;
    assert!(
        notes.contains("Die Symbolgröße zeigt keine Geschwindigkeit"),
        "{notes}"
    );
    assert!(
        notes.contains("Überlappung im Bild heißt nicht gleicher Ort im Raum"),
        "{notes}"
    );
}

async fn deep_links_and_unknown_paths_render_their_pages(page: AppPage) {
    page.open("/tabelle").await;
    assert_eq!(page.text("main h1").await, "Tabelle");
    assert_eq!(page.status().await.state, "kein Schwarm");
    page.open("/info").await;
    assert_eq!(page.text("main h1").await, "Über dieses Modell");
    assert!(page.text("main").await.contains("Reynolds"));
    page.open("/gibt-es-nicht").await;
    assert_eq!(page.text("main h1").await, "Seite nicht gefunden");
    page.navigate("Zur Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
}

async fn svg_view_stays_usable_at_5000_boids(page: AppPage) {
    initialised(&page, 5000).await;
    assert_eq!(page.symbol_count().await, 5000);
    page.click(Button::Starten).await;
    sleep_ms(4000).await;
    let perf = page
        .js("const t = id => document.getElementById(id).textContent;
             return [t('perf-steps-per-second'), t('perf-ms-per-step'),
                     t('perf-frames-per-second'), t('perf-ms-per-draw')];")
        .await;
    let number = |i: usize| -> f64 {
        let text = support::app_page::normalise(perf[i].as_str().unwrap_or_default());
        text.replace(' ', "")
            .replace(',', ".")
            .parse()
            .unwrap_or(f64::NAN)
    };
    let (steps_per_second, ms_per_step, fps, ms_per_draw) =
        (number(0), number(1), number(2), number(3));
    eprintln!(
        "     N = 5000: {steps_per_second} steps/s, {ms_per_step} ms/step, {fps} frames/s, {ms_per_draw} ms/draw"
    );
    // Usable: the view keeps redrawing and the controls answer.
    assert!(fps >= 4.0, "frames per second at N = 5000: {fps}");
    assert!(
        steps_per_second >= 4.0,
        "steps per second at N = 5000: {steps_per_second}"
    );
    page.click(Button::Pause).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.screenshot(&screenshot_dir().join("ansicht-5000.png"))
        .await;
}

/// Where the screenshots go: `$SCREENSHOT_DIR`, else the target's temp dir.
fn screenshot_dir() -> PathBuf {
    let dir = std::env::var_os("SCREENSHOT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots"));
    std::fs::create_dir_all(&dir).expect("create the screenshot dir");
    dir
}

async fn screenshots_of_every_page(page: AppPage) {
    let dir = screenshot_dir();
    initialised(&page, 300).await;
    for _ in 0..40 {
        page.click(Button::Schritt).await;
    }
    page.wait_for_status("stepped", |s| s.steps == "40").await;
    let (_, (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    page.wait_for_status("selected", |s| s.selection.starts_with("Boid Nr."))
        .await;
    page.blur().await;
    page.screenshot(&dir.join("ansicht.png")).await;
    page.set_param("radius", "9").await;
    page.screenshot(&dir.join("ansicht-fehler.png")).await;
    page.set_param("radius", "1,2").await;
    page.click(Button::Initialisieren).await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    page.screenshot(&dir.join("tabelle.png")).await;
    page.navigate("Info").await;
    page.wait_for_css(".about").await;
    page.screenshot(&dir.join("info.png")).await;
    page.open("/nirgendwo").await;
    page.screenshot(&dir.join("nicht-gefunden.png")).await;
    eprintln!("     screenshots in {}", dir.display());
}
