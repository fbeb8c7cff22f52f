//! The controls: Initialisieren, Starten, Pause, Schritt, Zurücksetzen, the
//! parameter inputs and the keyboard.

use fantoccini::key::Key;

use super::initialised;
use crate::support;
use crate::support::app_page::{AppPage, Button, STILL, expected_time};

scenario!(svg => initialise_gives_a_paused_swarm_at_time_zero);
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
    page.status_stays("a new swarm does not run by itself", STILL)
        .await;
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

scenario!(svg => only_initialise_is_enabled_without_a_swarm);
async fn only_initialise_is_enabled_without_a_swarm(page: AppPage) {
    page.open_fresh().await;
    assert_eq!(page.enabled_buttons().await, [Button::Initialisieren]);
    let status = page.status().await;
    assert_eq!((status.time.as_str(), status.steps.as_str()), ("–", "–"));
}

scenario!(svg => step_while_running_pauses_and_adds_exactly_one_step);
async fn step_while_running_pauses_and_adds_exactly_one_step(page: AppPage) {
    initialised(&page, 100).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running with steps", |s| {
        s.state == "läuft" && s.step_count() >= 3
    })
    .await;
    // Read, click and read again inside the page: no animation frame can come
    // between the first read and the click. Then wait (frame by frame) until
    // the step has landed.
    let value = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const t = id => document.getElementById(id).textContent;
             const before = t('status-steps');
             document.getElementById('btn-step').click();
             const start = performance.now();
             const look = () => {
               if (t('status-steps') !== before || performance.now() - start > 5000) {
                 done([before, t('status-steps'), t('status-time'), t('status-state')]);
               } else {
                 requestAnimationFrame(look);
               }
             };
             look();",
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
    let status = page.status_stays("paused after Schritt", STILL).await;
    assert_eq!(status.step_count(), after, "paused after Schritt");
    page.click(Button::Schritt).await;
    let status = page
        .wait_for_status("one more step", |s| s.step_count() == after + 1)
        .await;
    assert_eq!(status.time, expected_time(after + 1), "+0,04 s");
}

scenario!(svg => pause_then_start_continues_from_the_same_state);
async fn pause_then_start_continues_from_the_same_state(page: AppPage) {
    initialised(&page, 150).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.step_count() >= 5)
        .await;
    page.click(Button::Pause).await;
    let paused = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    let still = page.status_stays("nothing moves while paused", STILL).await;
    assert_eq!(still, paused, "nothing moves while paused");
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

scenario!(svg => reset_removes_the_swarm_and_keeps_the_inputs);
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

scenario!(svg => an_edit_clears_the_swarm_and_the_selection);
async fn an_edit_clears_the_swarm_and_the_selection(page: AppPage) {
    initialised(&page, 60).await;
    let (_, (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    page.wait_for_status("selected", |s| s.selection.starts_with("Boid Nr."))
        .await;
    // Real typing: halfway through, at „0,“ (no valid radius), the swarm and
    // its selection stay.
    page.type_param("radius", "0,").await;
    let status = page
        .status_stays("a half-typed value keeps the swarm", STILL)
        .await;
    assert_eq!(status.state, "pausiert");
    assert!(status.selection.starts_with("Boid Nr."), "{status:?}");
    assert_eq!(
        page.param_error("radius").await.1,
        "true",
        "„1,“ is shown as invalid"
    );
    // Tab commits the edit: now it removes the swarm (SPEC §3).
    page.press('5').await;
    page.press(Key::Tab.into()).await;
    let status = page
        .wait_for_status("kein Schwarm", |s| s.state == "kein Schwarm")
        .await;
    assert_eq!(status.selection, "keine");
    assert_eq!(page.param("radius").await, "0,5");
    assert_eq!(page.ring().await, None);
    assert_eq!(page.symbol_count().await, 0);
}

scenario!(svg => committing_the_swarms_own_value_keeps_it);
async fn committing_the_swarms_own_value_keeps_it(page: AppPage) {
    initialised(&page, 60).await;
    // The same radius written anew is no edit of the parameters.
    page.type_param("radius", "1,20").await;
    page.press(Key::Tab.into()).await;
    let status = page
        .status_stays("the same value keeps the swarm", STILL)
        .await;
    assert_eq!(status.state, "pausiert");
    // Enter builds a swarm from the typed value and keeps it.
    page.type_param("radius", "0,9").await;
    page.press(Key::Enter.into()).await;
    page.wait_for_status("rebuilt", |s| s.state == "pausiert" && s.steps == "0")
        .await;
    page.blur().await;
    let status = page
        .status_stays("leaving the field after Enter keeps the new swarm", STILL)
        .await;
    assert_eq!(status.state, "pausiert");
    assert_eq!(page.param("radius").await, "0,9");
}

scenario!(svg => initialise_moves_the_focus_to_start);
async fn initialise_moves_the_focus_to_start(page: AppPage) {
    page.open_fresh().await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.wait_for_css("#btn-start:focus").await;
    // So Space starts the new swarm instead of initialising it again.
    page.press(' ').await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
}

scenario!(svg => invalid_input_shows_its_error_and_disables_initialise);
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

scenario!(svg => a_hidden_page_pauses);
async fn a_hidden_page_pauses(page: AppPage) {
    initialised(&page, 100).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft" && s.step_count() >= 1)
        .await;
    page.hide_page().await;
    let paused = page
        .wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    let still = page.status_stays("a hidden page stays paused", STILL).await;
    assert_eq!(still, paused, "a hidden page stays paused");
    page.reload().await; // undo the overridden visibility
}

scenario!(svg => keyboard_space_toggles_and_dot_or_arrow_steps);
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
    // Typing into an input is typing, not a shortcut (and, not committed,
    // no edit of the swarm yet).
    page.type_param("radius", "0.8").await;
    page.press(' ').await;
    let status = page
        .status_stays("Space in a field did not start", STILL)
        .await;
    assert_eq!(status.state, "pausiert", "Space in a field did not start");
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
