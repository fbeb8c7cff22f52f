//! Nothing lost and nothing frozen: „Rückgängig“ after an edit discarded a
//! swarm that had run, and a state at the largest step, which the page shows
//! and refuses to step beyond (a state near 5·10¹⁶ once froze the charts).

use boids_schwarm::model::{MAX_STEP, Params};

use super::step_back::{go_to, paused_at};
use super::table::wait_for_text;
use super::workers::{LARGEST_SWARM_WAIT, LONGEST_TASK_MS, longest_task_ms, watch_long_tasks};
use crate::support::app_page::{AppPage, Button, poll};
use crate::support::{native_state, temp_file};
use boids_schwarm::texts::whole;

scenario!(svg => an_edit_discards_the_swarm_and_rueckgaengig_brings_it_back);
async fn an_edit_discards_the_swarm_and_rueckgaengig_brings_it_back(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "120").await;
    page.set_param("seed", "9").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    go_to(&page, "30").await;
    paused_at(&page, 30).await;
    let before = page.exported_json().await;
    page.navigate("Ansicht").await;
    // One edit removes the swarm (SPEC §3) and offers it back.
    page.set_param("seed", "10").await;
    page.wait_for_status("no swarm", |s| s.state != "pausiert")
        .await;
    wait_for_text(&page, ".undo-notice", "Schritt 30").await;
    page.click_css("#btn-undo").await;
    paused_at(&page, 30).await;
    page.wait_for_no_css(".undo-notice").await;
    assert_eq!(page.param("seed").await, "9", "the inputs come back too");
    assert_eq!(page.exported_json().await, before);
    page.navigate("Ansicht").await;
    // Its checkpoints came back: going back gives the state of stepping.
    go_to(&page, "12").await;
    paused_at(&page, 12).await;
    let params = Params {
        count: 120,
        seed: 9,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, 12).to_json()
    );
}

scenario!(svg, webgl => a_state_at_the_largest_step_is_shown_and_not_stepped_beyond);
async fn a_state_at_the_largest_step_is_shown_and_not_stepped_beyond(page: AppPage) {
    let json = native_state(
        Params {
            count: 40,
            ..Params::default()
        },
        2,
    )
    .to_json()
    .replace("\"step\":2", &format!("\"step\":{}", MAX_STEP - 1));
    page.open_fresh().await;
    page.navigate("Tabelle").await;
    page.import_file(&temp_file("near-the-end.json", json.as_bytes()))
        .await;
    wait_for_text(&page, ".import-ok", "Schritt").await;
    page.navigate("Ansicht").await;
    paused_far_out(&page, MAX_STEP - 1).await;
    page.click(Button::Schritt).await;
    paused_far_out(&page, MAX_STEP).await;
    wait_for_text(
        &page,
        "#last-step-note",
        "Der größte Schritt (9 007 199 254 740 991)",
    )
    .await;
    assert!(!page.is_enabled(Button::Schritt).await);
    assert!(!page.is_enabled(Button::Starten).await);
    // The charts drew (their time axis is far out) and the page answers.
    page.wait_for_css(".series-charts svg").await;
    page.frames(3).await;
    go_to(&page, "9007199254740992").await;
    wait_for_text(
        &page,
        "#goto-step-error",
        "Der größte Schritt ist 9 007 199 254 740 991",
    )
    .await;

    // Beyond the largest step a file is refused, and the swarm stays.
    let beyond = json.replace(
        &format!("\"step\":{}", MAX_STEP - 1),
        "\"step\":50000000000000000",
    );
    page.navigate("Tabelle").await;
    page.import_file(&temp_file("beyond.json", beyond.as_bytes()))
        .await;
    wait_for_text(&page, ".import-error", "liegt hinter dem größten Schritt").await;
    page.navigate("Ansicht").await;
    paused_far_out(&page, MAX_STEP).await;
}

/// Paused at a step of more than four digits, which the status groups.
async fn paused_far_out(page: &AppPage, step: u64) {
    let shown = whole(step);
    page.wait_for_status("paused at the step", |s| {
        s.state == "pausiert" && s.steps == shown
    })
    .await;
}

scenario!(svg => the_page_carries_a_policy_that_allows_exactly_its_inline_scripts);
async fn the_page_carries_a_policy_that_allows_exactly_its_inline_scripts(page: AppPage) {
    page.open_fresh().await;
    // Every inline script's SHA-256 is in the policy, and nothing else is
    // allowed inline; a violation would also show as a console error, which
    // fails every scenario.
    let checked = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const meta = document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]');
             const policy = meta ? meta.content : '';
             const scripts = [...document.querySelectorAll('script:not([src])')];
             Promise.all(scripts.map(async (script) => {
               const bytes = new TextEncoder().encode(script.textContent);
               const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
               return \"'sha256-\" + btoa(String.fromCharCode(...digest)) + \"'\";
             })).then((hashes) => done({
               policy,
               hashes,
               allowed: (policy.match(/'sha256-[^']+'/g) || []).length,
               referrer: document.querySelector('meta[name=referrer]')?.content ?? '',
             }));",
        )
        .await;
    let policy = checked["policy"].as_str().unwrap_or_default();
    assert!(policy.starts_with("default-src 'self'"), "{policy}");
    assert!(policy.contains("'wasm-unsafe-eval'"), "{policy}");
    assert!(!policy.contains("'unsafe-eval'"), "{policy}");
    let hashes = checked["hashes"].as_array().expect("hashes");
    assert!(!hashes.is_empty(), "the app loader at least");
    for hash in hashes {
        assert!(
            policy.contains(hash.as_str().unwrap()),
            "{hash} not in {policy}"
        );
    }
    // The shell's two scripts, the update watcher and the app loader, as built.
    assert_eq!(checked["allowed"], 4);
    assert_eq!(checked["referrer"], "no-referrer");
}

scenario!(alone: svg => a_large_state_file_is_read_without_blocking_the_page);
/// „Zustand laden“ of a 40 MB file (50 000 boids, pretty-printed and
/// padded): the file is read and checked off the main thread, so no
/// main-thread task takes over 200 ms from choosing the file until the
/// swarm is built, and the swarm is the file's state, bit for bit.
async fn a_large_state_file_is_read_without_blocking_the_page(page: AppPage) {
    const FILE_BYTES: usize = 40_000_000;
    let params = Params {
        count: 50_000,
        seed: 21,
        radius: 0.5,
        ..Params::default()
    };
    let state = native_state(params, 2).to_json();
    let value: serde_json::Value = serde_json::from_str(&state).expect("the model's JSON");
    let mut json = serde_json::to_string_pretty(&value).expect("JSON");
    // Padded to 40 MB with whitespace before the closing brace.
    let end = json.rfind('}').expect("an object");
    let padding = " ".repeat(FILE_BYTES.saturating_sub(json.len()));
    json.insert_str(end, &padding);
    assert!(json.len() >= FILE_BYTES, "{} bytes", json.len());
    let file = temp_file("large-state.json", json.as_bytes());
    drop(json);

    page.open_fresh().await;
    page.navigate("Tabelle").await;
    watch_long_tasks(&page).await;
    page.import_file(&file).await;
    poll("the file loaded", LARGEST_SWARM_WAIT, || async {
        let said = page.text(".state-import").await;
        if said.contains("50 000 Boids geladen") {
            Ok(())
        } else {
            Err(said)
        }
    })
    .await;
    page.wait_long_for_status("built", LARGEST_SWARM_WAIT, |s| {
        s.state == "pausiert" && s.step_count() == 2
    })
    .await;
    let longest = longest_task_ms(&page).await;
    eprintln!(
        "     a 40 MB state file of 50 000 boids: longest main-thread task {longest:.0} ms \
         from choosing it to the built swarm"
    );
    assert!(
        longest <= LONGEST_TASK_MS,
        "a main-thread task took {longest} ms while the file was read"
    );
    assert_eq!(page.exported_json().await, state);
}

scenario!(svg => a_state_reader_that_never_answers_is_given_up);
async fn a_state_reader_that_never_answers_is_given_up(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "30").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    page.navigate("Tabelle").await;
    // From now on a new worker (the state reader's) starts and never says
    // a word; and the reader's two-minute patience is cut to a moment.
    page.js("window.Worker = function () { \
           return { postMessage() {}, terminate() {}, onmessage: null, onerror: null }; \
         }; \
         const setTimer = window.setTimeout; \
         window.setTimeout = (callback, ms, ...rest) => \
           setTimer(callback, ms >= 60000 ? 200 : ms, ...rest);")
        .await;
    let file = temp_file(
        "never-read.json",
        native_state(Params::default(), 1).to_json().as_bytes(),
    );
    page.import_file(&file).await;
    page.wait_for_css(".import-error").await;
    let message = page.text(".import-error").await;
    assert_eq!(
        message,
        "Das Lesen der Datei hat zu lange gedauert und wurde abgebrochen. Der bisherige Schwarm bleibt."
    );
    page.navigate("Ansicht").await;
    paused_at(&page, 0).await;
    assert_eq!(page.status().await.count, "30", "the swarm stayed");
}
