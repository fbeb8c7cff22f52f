//! What is kept where: the swarm across pages, the parameters in local
//! storage, and an app that works without it.

use super::initialised;
use crate::support::app_page::{AppPage, Button, STILL};
use boids_schwarm::app::platform::storage::STORAGE_KEY;

scenario!(svg => navigating_to_the_table_and_back_keeps_swarm_and_selection_paused);
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
    let still = page
        .status_stays("nothing runs on the table page", STILL)
        .await;
    assert_eq!(still, on_table, "nothing runs on the table page");

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

scenario!(svg => reload_restores_valid_parameters_but_not_the_swarm);
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

scenario!(svg => corrupt_storage_falls_back_to_defaults_without_an_error);
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

scenario!(svg => the_app_works_when_storage_is_unavailable);
async fn the_app_works_when_storage_is_unavailable(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "66").await; // stored
    // From now on every document of the tab finds local storage refusing.
    let script = page
        .driver
        .add_init_script(
            "Object.defineProperty(window, 'localStorage', {
           configurable: true,
           get() { throw new DOMException('Speicher gesperrt', 'SecurityError'); },
         });",
        )
        .await;
    assert!(!script.is_empty(), "init script registered");
    page.reload().await;
    let refused = page
        .js("try { localStorage; return false; } catch (e) { return true; }")
        .await;
    page.driver.remove_init_script(&script).await;
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
