//! The classroom: on a laptop the swarm and its numbers are seen together,
//! a long way's progress and „Abbrechen“ are over the view; at 200 % zoom
//! the whole view fits the screen; „Vollbild“ for the projector; the embed
//! mode for a course page, framed by the snippet the Info page offers.

use serde_json::json;

use super::basics::initialised;
use crate::support::app_page::{AppPage, Button, WAIT, poll};

/// A laptop's screen: 1366 × 768 CSS px (or, with `zoom` 2, the same screen
/// at 200 % page zoom: half as many CSS px, twice the device pixels).
async fn as_laptop(page: &AppPage, zoom: u32) {
    page.driver
        .cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": 1366 / zoom,
                "height": 768 / zoom,
                "deviceScaleFactor": zoom,
                "mobile": false
            }),
        )
        .await;
}

async fn leave_laptop(page: &AppPage) {
    page.driver
        .cdp("Emulation.clearDeviceMetricsOverride", json!({}))
        .await;
}

/// Whether the rectangle `[top, bottom, width, height]` lies on a screen of
/// `height` CSS px.
fn on_screen(rect: &[f64], height: f64) -> bool {
    // Layout rounds to fractions of a pixel.
    rect[0] >= -1.0 && rect[1] <= height + 1.0 && rect[2] > 0.0 && rect[3] > 0.0
}

const VIEW: &str = "#swarm-canvas, #swarm-svg";

scenario!(svg, webgl => on_a_laptop_the_swarm_and_its_numbers_are_seen_together);
async fn on_a_laptop_the_swarm_and_its_numbers_are_seen_together(page: AppPage) {
    as_laptop(&page, 1).await;
    page.open_fresh().await;
    page.wait_for_css(".view-area").await;
    page.click(Button::Initialisieren).await;
    page.click(Button::Starten).await;
    page.wait_for_status("running", |s| s.state == "läuft" && s.step_count() > 5)
        .await;
    // Without scrolling: the view and its readouts on the screen, the
    // readouts over the picture, counting while it runs.
    assert_eq!(page.js("return window.scrollY;").await.as_f64(), Some(0.0));
    let view = page.rect(VIEW).await;
    let readouts = page.rect(".view-readouts").await;
    assert!(on_screen(&view, 768.0), "the view on the screen: {view:?}");
    assert!(
        on_screen(&readouts, 768.0) && readouts[0] >= view[0] && readouts[1] <= view[1],
        "the readouts on the view: {readouts:?} in {view:?}"
    );
    assert_eq!(page.text_of("view-state").await, "läuft");
    let steps = |text: String| text.replace('.', "").parse::<u64>().expect("steps");
    let before = steps(page.text_of("view-steps").await);
    page.frames(10).await;
    assert!(steps(page.text_of("view-steps").await) > before, "counting");
    page.save_screenshot_showing("laptop-1366x768.png", ".view-area")
        .await;
    // Paused, they say what the status says.
    page.click(Button::Pause).await;
    page.wait_for_status("paused", |s| s.state == "pausiert")
        .await;
    for (over_view, status) in [
        ("view-time", "status-time"),
        ("view-steps", "status-steps"),
        ("view-polarization", "status-polarization"),
        ("view-groups", "status-groups"),
    ] {
        assert_eq!(
            page.text_of(over_view).await,
            page.text_of(status).await,
            "{over_view}"
        );
    }
    // A long way to a step: its progress and „Abbrechen“ over the view, on
    // the screen.
    page.open("/?anzahl=3000&radius=2,5&schritt=100000").await;
    page.click_css("#btn-link-compute").await;
    page.wait_for_css("#view-cancel").await;
    poll("progress over the view", WAIT, || async {
        let busy = page.text_of("view-busy").await;
        busy.starts_with("berechnet Schritt")
            .then_some(())
            .ok_or(busy)
    })
    .await;
    assert_eq!(page.js("return window.scrollY;").await.as_f64(), Some(0.0));
    let cancel = page.rect("#view-cancel").await;
    assert!(
        on_screen(&cancel, 768.0),
        "Abbrechen on the screen: {cancel:?}"
    );
    page.click_css("#view-cancel").await;
    page.wait_for_status("stopped", |s| s.state == "pausiert")
        .await;
    page.wait_for_no_css("#view-cancel").await;
    leave_laptop(&page).await;
}

scenario!(svg, webgl => at_200_percent_zoom_the_whole_view_fits_the_screen);
async fn at_200_percent_zoom_the_whole_view_fits_the_screen(page: AppPage) {
    as_laptop(&page, 2).await;
    initialised(&page, 200).await;
    page.js(&format!(
        "document.querySelector({}).scrollIntoView({{ block: 'start' }});",
        json!(VIEW)
    ))
    .await;
    page.frames(2).await;
    let view = page.rect(VIEW).await;
    assert!(
        on_screen(&view, 384.0) && view[2] <= 683.0,
        "the whole view on a 683 × 384 screen: {view:?}"
    );
    let readouts = page.rect(".view-readouts").await;
    let bar = page.rect(".presentation-bar").await;
    eprintln!("     200 %: view {view:?}, readouts {readouts:?}, Vollbild {bar:?}");
    assert!(on_screen(&readouts, 384.0), "the readouts: {readouts:?}");
    page.save_screenshot_showing("zoom-200.png", VIEW).await;
    leave_laptop(&page).await;
}

scenario!(svg, webgl => vollbild_fills_the_screen_keeps_the_shortcuts_and_esc_leaves_it);
async fn vollbild_fills_the_screen_keeps_the_shortcuts_and_esc_leaves_it(page: AppPage) {
    as_laptop(&page, 1).await;
    initialised(&page, 200).await;
    let normal = page.element_picture(VIEW).await.ink();
    page.click_css("#btn-fullscreen").await;
    page.wait_for_css(".view-area.presenting").await;
    page.frames(3).await;
    let fullscreen = page
        .js("const e = document.fullscreenElement; return e ? e.className : null;")
        .await;
    eprintln!("     fullscreen element: {fullscreen}");
    let (width, height) = (
        page.js("return innerWidth;").await.as_f64().expect("width"),
        page.js("return innerHeight;")
            .await
            .as_f64()
            .expect("height"),
    );
    let view = page.rect(VIEW).await;
    assert!(
        view[2] >= 0.95 * width && view[3] >= 0.8 * height,
        "the view fills the {width} × {height} screen: {view:?}"
    );
    let font = page
        .js("return parseFloat(getComputedStyle(document.querySelector('.view-readouts')).fontSize);")
        .await
        .as_f64()
        .expect("a size");
    assert!(font >= 20.0, "large readouts: {font} px");
    // One size for every symbol, larger: more of the picture is swarm.
    page.js(
        "const s = document.getElementById('symbol-size'); s.value = '3'; \
         s.dispatchEvent(new Event('change'));",
    )
    .await;
    page.frames(4).await;
    let large = page.element_picture(VIEW).await.ink();
    eprintln!("     ink: normal {normal:.4}, presenting with threefold symbols {large:.4}");
    assert!(large > normal * 1.5, "larger symbols: {normal} → {large}");
    page.save_screenshot_showing("presentation.png", VIEW).await;
    // The shortcuts work in it (the focus left the button).
    page.press(' ').await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    page.press(' ').await;
    page.wait_for_status("paused", |s| s.state == "pausiert")
        .await;
    page.press('\u{e00c}').await; // Esc
    page.wait_for_no_css(".view-area.presenting").await;
    assert_eq!(
        page.js("return document.fullscreenElement;").await,
        serde_json::Value::Null
    );
    assert_eq!(page.text("#btn-fullscreen").await, "Vollbild");
    let problems = page.driver.take_console_problems().await;
    assert!(problems.is_empty(), "{problems:?}");
    leave_laptop(&page).await;
}

scenario!(svg => the_embed_snippet_frames_the_view_the_controls_and_the_readouts);
async fn the_embed_snippet_frames_the_view_the_controls_and_the_readouts(page: AppPage) {
    page.open("/info").await;
    page.wait_for_css("#embed-snippet").await;
    let snippet = page.text("#embed-snippet").await;
    let origin = page.js("return location.origin;").await;
    let origin = origin.as_str().expect("an origin");
    assert!(
        snippet.contains(&format!("src=\"{origin}/?einbetten")),
        "the snippet names this app: {snippet}"
    );
    // Put the snippet into a page, as a course page would.
    page.js(&format!(
        "const box = document.createElement('div'); box.id = 'course-page'; \
         box.innerHTML = {}; document.body.prepend(box);",
        json!(snippet)
    ))
    .await;
    let inside = |script: &str| {
        format!(
            "const d = document.querySelector('#course-page iframe').contentDocument; \
             if (!d || !d.querySelector('.view-area')) return null; {script}"
        )
    };
    let shown = |css: &str| {
        inside(&format!(
            "const e = d.querySelector({}); return !!e && e.getClientRects().length > 0;",
            json!(css)
        ))
    };
    let until = |what: &'static str, script: String, wanted: serde_json::Value| {
        let page = &page;
        poll(what, WAIT, move || {
            let (script, wanted) = (script.clone(), wanted.clone());
            async move {
                let seen = page.js(&script).await;
                (seen == wanted).then_some(()).ok_or(seen)
            }
        })
    };
    until(
        "the framed app",
        inside("return d.documentElement.classList.contains('embedded');"),
        json!(true),
    )
    .await;
    for css in [".view-area", ".controls", "#btn-init"] {
        assert_eq!(page.js(&shown(css)).await, json!(true), "{css} shown");
    }
    for css in [".topbar", ".param-form", ".status", ".series", ".footer"] {
        assert_eq!(page.js(&shown(css)).await, json!(false), "{css} hidden");
    }
    // It works in the frame: the link's swarm, one step, the readouts.
    page.js(&inside(
        "d.getElementById('btn-init').click(); return true;",
    ))
    .await;
    until(
        "initialised in the frame",
        inside("return d.getElementById('view-state').textContent;"),
        json!("pausiert"),
    )
    .await;
    page.js(&inside(
        "d.getElementById('btn-step').click(); return true;",
    ))
    .await;
    until(
        "a step in the frame",
        inside("return d.getElementById('view-steps').textContent;"),
        json!("1"),
    )
    .await;
    let count = page
        .js(&inside(
            "return d.querySelector('#swarm-svg, #swarm-canvas') !== null;",
        ))
        .await;
    assert_eq!(count, json!(true));
    // The embed mode stays in the frame's address (a reload keeps it).
    let search = page
        .js("return document.querySelector('#course-page iframe').contentWindow.location.search;")
        .await;
    assert_eq!(search, json!("?einbetten"));
    page.save_screenshot_showing("embed.png", "#course-page iframe")
        .await;
}
