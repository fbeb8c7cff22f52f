//! Links to exact states (SPEC §7) in the browser: „Link teilen“ and opening
//! a link give the same bytes, a hand-written link gives the native model's
//! state, a bad link builds nothing, and the address bar is tidied so a
//! reload behaves as without the link.

use std::time::Duration;

use boids_schwarm::model::Params;

use crate::support::app_page::{AppPage, Button, STILL, WAIT, poll};
use crate::support::{Mode, native_state, temp_file};

/// The address after the link was applied: the plain path, no query.
async fn address(page: &AppPage) -> String {
    let value = page.js("return location.pathname + location.search;").await;
    value.as_str().unwrap_or_default().to_owned()
}

async fn paused_at(page: &AppPage, step: u64) {
    page.wait_for_status("paused at the link's step", |s| {
        s.state == "pausiert" && s.steps == step.to_string()
    })
    .await;
    assert_eq!(page.text_of("status-busy").await, "", "nothing computing");
}

scenario!(svg => share_then_open_the_link_afresh_exports_the_same_bytes);
async fn share_then_open_the_link_afresh_exports_the_same_bytes(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "300").await;
    page.set_param("seed", "5").await;
    page.set_param("radius", "1,1").await;
    page.set_param("alignment", "0,3").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    for step in 1..=3 {
        page.click(Button::Schritt).await;
        page.wait_for_status("one step", |s| s.step_count() == step)
            .await;
    }
    page.click_css("#btn-share").await;
    let value = page
        .js("const e = document.getElementById('share-link');
             return [e.value, e.selectionStart, e.selectionEnd, e.readOnly,
                     document.querySelector('label[for=share-link]').textContent];")
        .await;
    let link = value[0].as_str().expect("the link").to_owned();
    assert!(
        link.ends_with(
            "/?anzahl=300&seed=5&radius=1.1&abstand=0.5&richtung=0.3&kohaesion=0.2&hoechsttempo=2&schritt=3"
        ),
        "{link}"
    );
    assert_eq!(value[1].as_u64(), Some(0), "selected from the start");
    assert_eq!(
        value[2].as_u64(),
        Some(link.len() as u64),
        "selected to the end"
    );
    assert_eq!(value[3].as_bool(), Some(true), "read-only");
    assert_eq!(value[4].as_str(), Some("Link"));
    let note = poll("the copy note", WAIT, || async {
        let note = page.text_of("share-note").await;
        if note.is_empty() { Err(note) } else { Ok(note) }
    })
    .await;
    assert!(note.starts_with("Der Link ist markiert"), "{note}");
    let first = page.exported_json().await;

    // The link in another browser with a fresh profile (nothing stored).
    let other = crate::second_browser(Mode::Svg).await;
    let path = &link[link.find("/?").expect("a path")..];
    other.page.open(path).await;
    paused_at(&other.page, 3).await;
    assert_eq!(address(&other.page).await, "/", "the plain path");
    assert_eq!(other.page.param("count").await, "300");
    assert_eq!(other.page.param("radius").await, "1,1");
    let second = other.page.exported_json().await;
    let problems = other.page.driver.take_console_problems().await;
    other.close().await;
    assert!(problems.is_empty(), "console problems: {problems:?}");
    assert_eq!(second, first, "the link's state differs");
}

scenario!(svg => a_hand_written_link_with_schritt_equals_the_native_model);
async fn a_hand_written_link_with_schritt_equals_the_native_model(page: AppPage) {
    page.open("/tabelle?anzahl=150&seed=3&radius=1,5&richtung=0.4&schritt=25&quelle=brief")
        .await;
    paused_at(&page, 25).await;
    let asked = page
        .js("return document.getElementById('link-prompt') !== null;")
        .await;
    assert_eq!(asked.as_bool(), Some(false), "a short way does not ask");
    assert_eq!(address(&page).await, "/tabelle", "the plain path");
    let params = Params {
        count: 150,
        seed: 3,
        radius: 1.5,
        alignment: 0.4,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, 25).to_json()
    );
}

scenario!(svg => a_bad_link_shows_the_errors_and_builds_nothing);
async fn a_bad_link_shows_the_errors_and_builds_nothing(page: AppPage) {
    page.open("/?anzahl=0&radius=abc&schritt=-3").await;
    page.wait_for_css("#link-notice").await;
    let notice = page.text_of("link-notice").await;
    for expected in [
        "Anzahl muss eine ganze Zahl von 1 bis 50 000 sein.",
        "Radius: „abc“ ist keine gültige Zahl (Beispiel: 1,2).",
        "Link: „-3“ ist kein gültiger Schritt. Der Schritt muss eine ganze Zahl ab 0 sein.",
    ] {
        assert!(notice.contains(expected), "{expected} in {notice}");
    }
    assert_eq!(
        page.param_error("count").await,
        (
            "Anzahl muss eine ganze Zahl von 1 bis 50 000 sein.".to_owned(),
            "true".to_owned()
        )
    );
    assert_eq!(page.param("radius").await, "abc");
    assert!(!page.is_enabled(Button::Initialisieren).await);
    let status = page
        .status_stays("nothing is built from a bad link", STILL)
        .await;
    assert_eq!(status.state, "kein Schwarm");
    assert_eq!(address(&page).await, "/");
    page.click_css("#btn-link-notice-close").await;
    page.wait_for_no_css("#link-notice").await;

    // Valid parameters but a bad step: the inputs are filled, nothing is built.
    page.open("/tabelle?anzahl=40&schritt=zehn").await;
    page.wait_for_css("#link-notice").await;
    let notice = page.text_of("link-notice").await;
    assert!(
        notice.contains("„zehn“ ist kein gültiger Schritt"),
        "{notice}"
    );
    let status = page
        .status_stays("nothing is built from a bad step", STILL)
        .await;
    assert_eq!(status.state, "kein Schwarm");
    page.navigate("Ansicht").await;
    assert_eq!(page.param("count").await, "40");
}

scenario!(svg => after_a_link_a_reload_shows_no_swarm);
async fn after_a_link_a_reload_shows_no_swarm(page: AppPage) {
    page.open_fresh().await;
    page.open("/?anzahl=90&seed=4&schritt=5").await;
    paused_at(&page, 5).await;
    assert_eq!(address(&page).await, "/");
    page.reload().await;
    let status = page
        .status_stays("a reload does not apply the link again", STILL)
        .await;
    assert_eq!(status.state, "kein Schwarm");
    assert_eq!(page.param("count").await, "90", "the inputs were saved");
    assert_eq!(page.param("seed").await, "4");
}

scenario!(svg => an_imported_state_is_not_linked);
async fn an_imported_state_is_not_linked(page: AppPage) {
    page.open_fresh().await;
    let file = temp_file(
        "linked.json",
        native_state(Params::default(), 2).to_json().as_bytes(),
    );
    page.navigate("Tabelle").await;
    page.import_file(&file).await;
    page.wait_for_status("loaded", |s| s.state == "pausiert" && s.step_count() == 2)
        .await;
    page.click_css("#btn-share").await;
    let note = page.text_of("share-note").await;
    assert!(
        note.starts_with("Ein geladener Zustand lässt sich nicht als Link teilen"),
        "{note}"
    );
    let hidden = page
        .js("return document.getElementById('share-link').parentElement.hidden;")
        .await;
    assert_eq!(hidden.as_bool(), Some(true), "no link is shown");
    // After Initialisieren the link works again.
    page.navigate("Ansicht").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("built", |s| s.state == "pausiert" && s.step_count() == 0)
        .await;
    page.click_css("#btn-share").await;
    let value = page
        .js("return document.getElementById('share-link').value;")
        .await;
    assert!(
        value.as_str().unwrap_or_default().ends_with("&schritt=0"),
        "{value}"
    );
}

/// Whether leaving the page now would ask first (the beforeunload hook).
pub(crate) async fn leaving_asks(page: &AppPage) -> bool {
    let value = page
        .js("const e = new Event('beforeunload', { cancelable: true });
             window.dispatchEvent(e); return e.defaultPrevented;")
        .await;
    value.as_bool().expect("a boolean")
}

/// The link asking before a long way to its step, once it asks.
async fn prompt_text(page: &AppPage) -> String {
    page.wait_for_css("#link-prompt").await;
    page.text_of("link-prompt-text").await
}

/// Waits until a way to a step computes step `step` or later (the status
/// says „berechnet Schritt k von …“); returns that text.
pub(crate) async fn on_the_way_past(page: &AppPage, step: u64) -> String {
    poll("progress in the status", WAIT, || async {
        let busy = page.text_of("status-busy").await;
        let computing = busy
            .strip_prefix("berechnet Schritt ")
            .and_then(|rest| rest.split_once(" von "))
            .and_then(|(at, _)| at.parse::<u64>().ok());
        if computing.is_some_and(|at| at >= step) {
            Ok(busy)
        } else {
            Err(busy)
        }
    })
    .await
}

const LONG_LINK: &str = "/?anzahl=3000&radius=2,5&schritt=100000";

scenario!(svg => a_long_way_to_a_step_shows_progress_and_can_be_cancelled);
async fn a_long_way_to_a_step_shows_progress_and_can_be_cancelled(page: AppPage) {
    page.open(LONG_LINK).await;
    prompt_text(&page).await;
    page.click_css("#btn-link-compute").await;
    page.wait_for_no_css("#link-prompt").await;
    // The progress is in the status; the page shows the first state until
    // the way lands.
    let busy = on_the_way_past(&page, 3).await;
    assert!(busy.ends_with("von 100 000 …"), "{busy}");
    assert_eq!(
        page.status().await.steps,
        "0",
        "only where the way lands is shown"
    );
    assert!(
        !page.is_enabled(Button::Starten).await,
        "no run on the way to a step"
    );
    assert!(leaving_asks(&page).await, "leaving asks on a long way");
    page.click_css("#view-cancel").await;
    page.wait_for_status("stopped", |s| s.state == "pausiert")
        .await;
    assert_eq!(page.text_of("status-busy").await, "");
    // A dropped step could only land within the 200 ms after which busy
    // workers are replaced; a step of this swarm takes far less than 1 s.
    let status = page
        .status_stays("nothing lands after Abbrechen", Duration::from_secs(1))
        .await;
    assert!(
        (3..100_000).contains(&status.step_count()),
        "stopped where it was: {status:?}"
    );
    page.wait_for_no_css("#view-cancel").await;
    assert!(!leaving_asks(&page).await, "nothing long in progress");
    // A run in real time loses nothing by leaving: no question.
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    assert!(!leaving_asks(&page).await, "a run does not ask");
    page.click(Button::Pause).await;
}

scenario!(svg => a_link_with_a_long_way_asks_before_it_computes);
async fn a_link_with_a_long_way_asks_before_it_computes(page: AppPage) {
    page.open_fresh().await;
    page.open(LONG_LINK).await;
    let asked = prompt_text(&page).await;
    assert!(
        asked.starts_with("Dieser Link rechnet etwa ") && asked.ends_with(". Jetzt rechnen?"),
        "{asked}"
    );
    assert!(
        asked.contains(" h "),
        "100 000 steps of 3000 boids take hours: {asked}"
    );
    // Nothing is computed while it asks, and „Nicht rechnen“ builds nothing:
    // the inputs show the link's values.
    let status = page.status_stays("nothing is built yet", STILL).await;
    assert_eq!(status.state, "kein Schwarm");
    assert!(!leaving_asks(&page).await, "nothing is computed yet");
    page.click_css("#btn-link-skip").await;
    page.wait_for_no_css("#link-prompt").await;
    let status = page.status_stays("nothing is built", STILL).await;
    assert_eq!(status.state, "kein Schwarm");
    assert_eq!(page.param("count").await, "3000");
    assert_eq!(page.param("radius").await, "2,5");
    assert_eq!(address(&page).await, "/");

    // „Jetzt rechnen“ goes the way of stepping by hand: stopped anywhere on
    // it, the state is the native model's at that step, bit for bit.
    page.open(LONG_LINK).await;
    prompt_text(&page).await;
    page.click_css("#btn-link-compute").await;
    on_the_way_past(&page, 5).await;
    page.click_css("#view-cancel").await;
    let stopped = page
        .wait_for_status("stopped", |s| s.state == "pausiert")
        .await;
    let params = Params {
        count: 3000,
        radius: 2.5,
        ..Params::default()
    };
    assert_eq!(
        page.exported_json().await,
        native_state(params, stopped.step_count()).to_json()
    );
}
