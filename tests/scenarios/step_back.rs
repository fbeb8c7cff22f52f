//! „Schritt zurück“ and „Gehe zu Schritt“ in the browser: going back through
//! the checkpoints gives the states of stepping forward, byte for byte.

use boids_schwarm::model::Params;
use fantoccini::key::Key;

use super::links::{leaving_asks, on_the_way_past};
use crate::support::app_page::{AppPage, Button, STILL};
use crate::support::{native_state, temp_file};

async fn back_enabled(page: &AppPage) -> bool {
    let value = page
        .js("return !document.getElementById('btn-step-back').disabled;")
        .await;
    value.as_bool().expect("a flag")
}

pub async fn paused_at(page: &AppPage, step: u64) {
    page.wait_for_status("paused at the step", |s| {
        s.state == "pausiert" && s.steps == step.to_string()
    })
    .await;
    page.wait_for_no_css("#status-cancel").await;
}

pub async fn go_to(page: &AppPage, text: &str) {
    page.js(&format!(
        "const input = document.getElementById('goto-step');
         input.value = '{text}';
         input.dispatchEvent(new Event('input', {{ bubbles: true }}));"
    ))
    .await;
    page.click_css("#btn-goto").await;
}

pub async fn schritte(page: &AppPage, from: u64, to: u64) {
    for step in from + 1..=to {
        page.click(Button::Schritt).await;
        paused_at(page, step).await;
    }
}

scenario!(svg => schritt_20_then_back_5_equals_schritt_15);
async fn schritt_20_then_back_5_equals_schritt_15(page: AppPage) {
    let params = Params {
        count: 120,
        seed: 9,
        ..Params::default()
    };
    page.open_fresh().await;
    page.set_param("count", "120").await;
    page.set_param("seed", "9").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    assert!(!back_enabled(&page).await, "nothing before the start");
    schritte(&page, 0, 20).await;
    for step in (16..20).rev() {
        page.click_css("#btn-step-back").await;
        paused_at(&page, step).await;
    }
    // The fifth time with ← on the page.
    page.blur().await;
    page.press(Key::Left.into()).await;
    paused_at(&page, 15).await;
    assert_eq!(page.status().await.time, "0,60 s");
    let back = page.exported_json().await;
    assert_eq!(back, native_state(params, 15).to_json());

    page.navigate("Ansicht").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    schritte(&page, 0, 15).await;
    assert_eq!(page.exported_json().await, back, "Schritt ×15 differs");
}

scenario!(svg => go_to_60_then_10_equals_stepping_to_10);
async fn go_to_60_then_10_equals_stepping_to_10(page: AppPage) {
    let params = Params {
        count: 150,
        seed: 2,
        ..Params::default()
    };
    page.open_fresh().await;
    page.set_param("count", "150").await;
    page.set_param("seed", "2").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    go_to(&page, "60").await;
    paused_at(&page, 60).await;
    go_to(&page, "10").await;
    paused_at(&page, 10).await;
    for (bad, expected) in [
        ("-3", "Gehe zu Schritt: „-3“ ist keine ganze Zahl ab 0."),
        ("2,5", "Gehe zu Schritt: „2,5“ ist keine ganze Zahl ab 0."),
        ("zehn", "Gehe zu Schritt: „zehn“ ist keine ganze Zahl ab 0."),
        ("", "Bitte einen Schritt eingeben (eine ganze Zahl ab 0)."),
    ] {
        go_to(&page, bad).await;
        assert_eq!(page.text_of("goto-step-error").await, expected, "{bad:?}");
    }
    let status = page.status_stays("a bad step changes nothing", STILL).await;
    assert_eq!(status.step_count(), 10);
    assert_eq!(
        page.exported_json().await,
        native_state(params, 10).to_json()
    );
}

scenario!(svg => a_loaded_state_goes_back_only_to_its_own_step);
async fn a_loaded_state_goes_back_only_to_its_own_step(page: AppPage) {
    page.open_fresh().await;
    let file = temp_file(
        "back.json",
        native_state(Params::default(), 2).to_json().as_bytes(),
    );
    page.navigate("Tabelle").await;
    page.import_file(&file).await;
    page.wait_for_status("loaded", |s| s.state == "pausiert" && s.step_count() == 2)
        .await;
    page.navigate("Ansicht").await;
    let note = "Ein geladener Zustand geht nur bis zu seinem eigenen Schritt 2 zurück.";
    assert!(!back_enabled(&page).await);
    assert_eq!(page.text_of("step-back-note").await, note);
    page.click(Button::Schritt).await;
    paused_at(&page, 3).await;
    assert!(back_enabled(&page).await);
    assert_eq!(page.text_of("step-back-note").await, "");
    page.click_css("#btn-step-back").await;
    paused_at(&page, 2).await;
    assert!(!back_enabled(&page).await);
    go_to(&page, "1").await;
    assert_eq!(page.text_of("goto-step-error").await, note);
    assert_eq!(
        page.exported_json().await,
        native_state(Params::default(), 2).to_json()
    );
}

scenario!(svg, webgl => schritt_zurueck_shows_only_the_step_it_lands_on);
/// From 49 back to 48 the way rebuilds step 0 and computes 48 steps: the
/// counter and the picture never show one of them, only 48.
async fn schritt_zurueck_shows_only_the_step_it_lands_on(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "2000").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    go_to(&page, "49").await;
    paused_at(&page, 49).await;
    page.js(
        "window.__shownSteps = [];
         const steps = document.getElementById('status-steps');
         window.__stepsObserver = new MutationObserver(() =>
           window.__shownSteps.push(steps.textContent));
         window.__stepsObserver.observe(steps, { childList: true, characterData: true, subtree: true });",
    )
    .await;
    page.click_css("#btn-step-back").await;
    paused_at(&page, 48).await;
    let shown = page
        .js("window.__stepsObserver.disconnect(); return window.__shownSteps;")
        .await;
    let shown: Vec<&str> = shown
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|text| text.as_str())
        .collect();
    assert!(!shown.is_empty(), "the counter changed");
    assert!(shown.iter().all(|&text| text == "48"), "{shown:?}");
}

scenario!(svg => gehe_zu_schritt_asks_before_a_way_of_more_than_a_minute);
/// As a link does (`links::a_link_with_a_long_way_asks_before_it_computes`),
/// with the same estimate: 100 000 steps of 3 000 boids at radius 2,5 take
/// hours; 3 steps go at once.
async fn gehe_zu_schritt_asks_before_a_way_of_more_than_a_minute(page: AppPage) {
    let params = Params {
        count: 3000,
        radius: 2.5,
        ..Params::default()
    };
    page.open_fresh().await;
    page.set_param("count", "3000").await;
    page.set_param("radius", "2,5").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    go_to(&page, "3").await;
    paused_at(&page, 3).await;
    assert_eq!(
        page.text_of("status-ask-text").await,
        "",
        "a short way asks nothing"
    );

    go_to(&page, "100000").await;
    page.wait_for_css("#status-ask").await;
    let asked = page.text_of("status-ask-text").await;
    assert!(
        asked.starts_with("Der Weg zu Schritt 100 000 rechnet etwa ")
            && asked.contains(" h ")
            && asked.ends_with(". Jetzt rechnen?"),
        "{asked}"
    );
    assert_eq!(
        page.text_of("view-ask-text").await,
        asked,
        "over the view too"
    );
    // Nothing is computed while it asks, and „Nicht rechnen“ leaves the
    // swarm, its step and the step typed as they were.
    let status = page.status_stays("nothing is computed yet", STILL).await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 3)
    );
    assert!(!leaving_asks(&page).await, "nothing is computed yet");
    page.click_css("#status-ask-decline").await;
    page.wait_for_no_css("#status-ask").await;
    let status = page.status_stays("nothing is computed", STILL).await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 3)
    );
    let typed = page
        .js("return document.getElementById('goto-step').value;")
        .await;
    assert_eq!(typed.as_str(), Some("100000"), "the step typed stays");

    // „Jetzt rechnen“ goes the way of stepping by hand: stopped anywhere on
    // it, the state is the native model's at that step, bit for bit.
    page.click_css("#btn-goto").await;
    page.wait_for_css("#view-ask").await;
    page.click_css("#view-ask-compute").await;
    page.wait_for_no_css("#view-ask").await;
    let busy = on_the_way_past(&page, 6).await;
    assert!(busy.ends_with("von 100 000 …"), "{busy}");
    page.click_css("#view-cancel").await;
    let stopped = page
        .wait_for_status("stopped", |s| s.state == "pausiert")
        .await;
    assert!(stopped.step_count() >= 5, "{stopped:?}");
    assert_eq!(
        page.exported_json().await,
        native_state(params, stopped.step_count()).to_json()
    );
}
