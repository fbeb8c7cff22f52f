//! The pages and the SVG view: one symbol per boid, the selection ring, deep
//! links, a large swarm, and screenshots of every page.

use std::time::Duration;

use super::initialised;
use crate::support;
use crate::support::app_page::{AppPage, Button};

scenario!(svg => svg_shows_one_symbol_per_boid_and_the_ring);
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

scenario!(svg => deep_links_and_unknown_paths_render_their_pages);
async fn deep_links_and_unknown_paths_render_their_pages(page: AppPage) {
    page.open("/tabelle").await;
    assert_eq!(page.text("main h1").await, "Tabelle");
    assert_eq!(page.status().await.state, "kein Schwarm");
    page.open("/info").await;
    assert_eq!(page.text("main h1").await, "Im Unterricht");
    assert!(page.text("main").await.contains("Reynolds"));
    page.open("/gibt-es-nicht").await;
    assert_eq!(page.text("main h1").await, "Seite nicht gefunden");
    page.navigate("Zur Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
}

scenario!(alone: svg => svg_view_stays_usable_at_5000_boids);
async fn svg_view_stays_usable_at_5000_boids(page: AppPage) {
    initialised(&page, 5000).await;
    assert_eq!(page.symbol_count().await, 5000);
    page.click(Button::Starten).await;
    // Wait for 40 steps, so the readout (windows of half a second) shows the
    // running swarm and not its start. At the 4 steps per second asked below
    // they take 10 s; a slower swarm fails here.
    page.wait_long_for_status("40 steps", Duration::from_secs(10), |s| {
        s.step_count() >= 40
    })
    .await;
    let perf = page
        .js("const t = id => document.getElementById(id).textContent;
             return [t('perf-steps-per-second'), t('perf-ms-per-step'),
                     t('perf-pictures-per-second'), t('perf-ms-per-draw')];")
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
        "     N = 5000: {steps_per_second} steps/s, {ms_per_step} ms/step, {fps} pictures/s, {ms_per_draw} ms/picture"
    );
    // Usable: the view keeps redrawing and the controls answer.
    assert!(fps >= 4.0, "pictures per second at N = 5000: {fps}");
    assert!(
        steps_per_second >= 4.0,
        "steps per second at N = 5000: {steps_per_second}"
    );
    page.click(Button::Pause).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.save_screenshot_showing("ansicht-5000.png", "#swarm-svg")
        .await;
}

scenario!(svg => every_page_shows_its_content_in_screenshots);
/// Screenshots of every page, saved for people to look at; each must show
/// the page's main elements, and none may be blank.
async fn every_page_shows_its_content_in_screenshots(page: AppPage) {
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
    assert_eq!(page.symbol_count().await, 300);
    assert!(
        page.ring().await.is_some(),
        "the ring is on the selected boid"
    );
    page.frames(2).await;
    page.save_screenshot_showing("ansicht.png", "#swarm-svg")
        .await;
    page.set_param("radius", "9").await;
    let (error, _) = page.param_error("radius").await;
    assert!(error.contains("Radius"), "{error}");
    page.frames(2).await;
    page.save_screenshot_showing("ansicht-fehler.png", "#param-radius-error")
        .await;
    page.set_param("radius", "1,2").await;
    page.click(Button::Initialisieren).await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    assert_eq!(page.text("main h1").await, "Tabelle");
    page.frames(2).await;
    page.save_screenshot_showing("tabelle.png", "#boid-table")
        .await;
    page.navigate("Info").await;
    page.wait_for_css(".about").await;
    assert_eq!(page.text("main h1").await, "Im Unterricht");
    page.frames(2).await;
    page.save_screenshot_showing("info.png", ".about").await;
    page.open("/nirgendwo").await;
    assert_eq!(page.text("main h1").await, "Seite nicht gefunden");
    page.frames(2).await;
    page.save_screenshot_showing("nicht-gefunden.png", "main")
        .await;
}
