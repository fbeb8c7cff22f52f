//! Crashes that explain themselves: a crashed Web Worker is replaced and
//! its lost share computed again (the swarm stays the native model's, bit for
//! bit), and a panic of the app's wasm shows a German message with
//! „Neu laden“ and „Zustand sichern“.

use super::study::{RUNS, SMALL, cli_results, load_plan, open_study, wait_for_state};
use super::workers::{initialise_bit_for_bit, one_more_step_is_the_native_models};
use crate::support::app_page::{AppPage, Button};
use crate::support::temp_file;

/// Wraps `Worker` before the app starts: every worker made is kept in
/// `window.__workers`, counts the messages posted to it, and once
/// `window.__crashNext` is set, the next worker given a job dies with it: it
/// is terminated (the job is lost) and fires its `error` event, as a worker
/// whose wasm panicked does.
const CRASHING_WORKERS: &str = "
  const Real = window.Worker;
  window.__workers = [];
  window.__crashNext = false;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.posts = 0;
      window.__workers.push(this);
    }
    postMessage(...args) {
      if (window.__crashNext) {
        window.__crashNext = false;
        this.terminate();
        setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'abgestürzt' })), 0);
        return;
      }
      this.posts += 1;
      super.postMessage(...args);
    }
  };";

scenario!(svg => a_crashed_worker_is_replaced_and_the_swarm_stays_the_native_models);
async fn a_crashed_worker_is_replaced_and_the_swarm_stays_the_native_models(page: AppPage) {
    page.open_fresh().await;
    let script = page.driver.add_init_script(CRASHING_WORKERS).await;
    page.reload().await;
    initialise_bit_for_bit(&page).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    let before = page.js("return window.__workers.length;").await;
    let before = before.as_u64().expect("a number");
    assert!(before >= 1, "the app computes in workers");
    // The first step's job kills the worker it goes to.
    page.js("window.__crashNext = true;").await;
    let steps = page.run_until(6).await.step_count();
    page.driver.remove_init_script(&script).await;
    assert_eq!(
        page.text("#engine-note").await,
        "Ein Rechenkern ist abgestürzt und wurde neu gestartet."
    );
    let workers = page
        .js("return window.__workers.map(worker => worker.posts);")
        .await;
    let posts: Vec<u64> = workers
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    assert_eq!(
        posts.len() as u64,
        before + 1,
        "one fresh worker: {posts:?}"
    );
    assert!(
        posts.last().is_some_and(|&posts| posts >= 6),
        "the fresh worker computes every step since: {posts:?}"
    );
    one_more_step_is_the_native_models(&page, steps).await;
}

scenario!(svg => a_crashed_study_worker_is_replaced_and_its_run_redone);
async fn a_crashed_study_worker_is_replaced_and_its_run_redone(page: AppPage) {
    let file = temp_file("plan.json", SMALL.as_bytes());
    let script = page.driver.add_init_script(CRASHING_WORKERS).await;
    open_study(&page, 2).await;
    assert_eq!(load_plan(&page, &file).await, "Plan geladen: 8 Läufe.");
    let before = page.js("return window.__workers.length;").await;
    // The first run sent dies with its worker.
    page.js("window.__crashNext = true;").await;
    page.click_css("#btn-study-start").await;
    let done = wait_for_state(&page, "fertig", RUNS).await;
    page.driver.remove_init_script(&script).await;
    assert!(done.starts_with("8 von 8 Läufen"), "{done}");
    assert_eq!(
        page.text_of("study-note").await,
        "Ein Rechenkern ist abgestürzt und wurde neu gestartet; sein Lauf wird neu gerechnet."
    );
    let after = page.js("return window.__workers.length;").await;
    assert_eq!(
        after.as_u64(),
        before.as_u64().map(|before| before + 3),
        "two workers for the study and one fresh one"
    );
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(results, cli_results(&file), "the CLI's bytes");
}

scenario!(svg => a_panic_shows_the_message_and_zustand_sichern_keeps_the_swarm);
/// The panic is real: the page's `createElement` is made to fail for tables
/// (as a broken browser extension might), and the renderer (Leptos) unwraps
/// the error when the table page is shown. Nothing in the app triggers it.
async fn a_panic_shows_the_message_and_zustand_sichern_keeps_the_swarm(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "120").await;
    page.set_param("seed", "9").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    for _ in 0..3 {
        page.click(Button::Schritt).await;
        page.wait_until_enabled(Button::Schritt).await;
    }
    page.wait_for_status("three steps", |s| s.step_count() == 3)
        .await;
    let shown = page.exported_json().await;
    page.navigate("Ansicht").await;
    page.wait_for_css("#btn-step").await;
    assert!(
        page.js("return document.getElementById('absturz') === null;")
            .await
            .as_bool()
            .unwrap_or(false),
        "no message before the crash"
    );
    // From now on the DOM makes no tables.
    page.js("const create = Document.prototype.createElement;
             Document.prototype.createElement = function (tag, ...rest) {
               if (String(tag).toLowerCase() === 'table') throw new Error('kaputt');
               return create.call(this, tag, ...rest);
             };")
        .await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#absturz").await;
    let message = page.text("#absturz").await;
    assert!(
        message.starts_with("Ein Fehler ist aufgetreten")
            && message.contains("Neu laden")
            && message.contains("Zustand sichern"),
        "{message}"
    );
    let (name, saved) = page.download("#btn-crash-save").await;
    assert_eq!(name, "boids-schwarm-schritt-3.json");
    assert_eq!(saved, shown, "the state that was shown");
    let console = page.driver.take_console().await;
    assert!(
        console
            .iter()
            .any(|(level, text)| level == "SEVERE" && text.contains("panicked")),
        "the panic is in the console: {console:?}"
    );
    page.click_css("#btn-crash-reload").await;
    page.wait_for_app().await;
    page.wait_for_status("a fresh page", |s| s.state == "kein Schwarm")
        .await;
    assert!(
        page.js("return document.getElementById('absturz') === null;")
            .await
            .as_bool()
            .unwrap_or(false),
        "the fresh page works"
    );
}
