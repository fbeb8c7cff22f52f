//! The simulation page on a phone (390 × 844 CSS px, touch): the view comes
//! first, the controls stay in reach, every target is large enough for a
//! finger, and the hint names the touch gestures.

use serde_json::{Value, json};

use crate::support::app_page::{AppPage, Button};

/// The page as a phone shows it: 390 × 844 CSS px at 3 device pixels per
/// CSS pixel, with touch input. [`leave_phone`] undoes it.
async fn as_phone(page: &AppPage) {
    page.driver
        .cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": false }),
        )
        .await;
    page.driver
        .cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true, "maxTouchPoints": 5 }),
        )
        .await;
}

async fn leave_phone(page: &AppPage) {
    page.driver
        .cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": false }),
        )
        .await;
    page.driver
        .cdp("Emulation.clearDeviceMetricsOverride", json!({}))
        .await;
}

scenario!(svg, webgl => on_a_phone_the_view_comes_first_and_the_controls_stay_in_reach);
async fn on_a_phone_the_view_comes_first_and_the_controls_stay_in_reach(page: AppPage) {
    as_phone(&page).await;
    page.open_fresh().await;
    page.wait_for_css(".view-area").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    // The swarm and the controls are on the first screen (nothing had to be
    // scrolled to reach Initialisieren), the view large, above the form.
    let scrolled = page.js("return window.scrollY;").await;
    assert_eq!(
        scrolled.as_f64(),
        Some(0.0),
        "scrolled to reach Initialisieren"
    );
    let view = page.rect("#swarm-canvas, #swarm-svg").await;
    let form = page.rect(".param-form").await;
    assert!(
        view[0] < 844.0 && view[1] <= 844.0,
        "the view on the first screen: {view:?}"
    );
    assert!(
        view[2] >= 330.0 && view[3] >= 300.0,
        "a large view: {view:?}"
    );
    assert!(
        view[1] <= form[0],
        "the view before the form: {view:?} {form:?}"
    );
    let controls = page.rect(".controls").await;
    assert!(
        controls[1] <= 844.0,
        "the controls on the first screen: {controls:?}"
    );
    let overflow = page
        .js("const d = document.documentElement; return [d.scrollWidth, d.clientWidth];")
        .await;
    assert!(
        overflow[0].as_f64() <= overflow[1].as_f64(),
        "no sideways scrolling: {overflow}"
    );
    page.save_screenshot_showing("phone-ansicht.png", "#swarm-canvas, #swarm-svg")
        .await;
    // Scrolled down to the status, the controls stay at the top.
    page.js("document.getElementById('status-state').scrollIntoView({ block: 'center' });")
        .await;
    page.frames(2).await;
    let controls = page.rect(".controls").await;
    assert!(
        controls[0].abs() <= 1.0,
        "the controls stay at the top: {controls:?}"
    );
    page.save_screenshot_showing("phone-status.png", ".controls")
        .await;
    // Starten from the bar, with the status in sight: a tap where it stands.
    let start = page.rect("#btn-start").await;
    let left = page
        .js("return document.getElementById('btn-start').getBoundingClientRect().left;")
        .await
        .as_f64()
        .expect("a number");
    page.click_at(left + start[2] / 2.0, (start[0] + start[1]) / 2.0)
        .await;
    page.wait_for_status("running", |s| s.state == "läuft")
        .await;
    page.click(Button::Pause).await;
    leave_phone(&page).await;
}

scenario!(svg => on_a_phone_every_target_is_at_least_44_px);
async fn on_a_phone_every_target_is_at_least_44_px(page: AppPage) {
    as_phone(&page).await;
    page.open_fresh().await;
    page.wait_for_css(".view-area").await;
    let small = page
        .js("const targets = [...document.querySelectorAll('button, select, input, a[href]')]
                 .filter(e => e.offsetParent !== null && e.type !== 'file');
             const box = e => (e.type === 'checkbox' ? e.closest('label') : e).getBoundingClientRect();
             return [targets.length, targets
                 .filter(e => { const r = box(e); return r.width < 44 || r.height < 44; })
                 .map(e => `${e.tagName} ${e.id || e.className || e.textContent.trim()}: ` +
                           `${Math.round(box(e).width)} × ${Math.round(box(e).height)}`)];")
        .await;
    let count = small[0].as_u64().unwrap_or(0);
    assert!(count >= 20, "the page's targets: {small}");
    assert_eq!(
        small[1],
        Value::Array(vec![]),
        "targets under 44 × 44 CSS px"
    );
    leave_phone(&page).await;
}

scenario!(webgl => on_a_touch_screen_the_hint_names_the_gestures);
async fn on_a_touch_screen_the_hint_names_the_gestures(page: AppPage) {
    as_phone(&page).await;
    page.open_fresh().await;
    page.wait_for_css(".hint-touch").await;
    let shown = page
        .js(
            "return [...document.querySelectorAll('.view-3d-hint > span')]
                 .filter(e => getComputedStyle(e).display !== 'none')
                 .map(e => e.textContent.trim());",
        )
        .await;
    let shown: Vec<&str> = shown
        .as_array()
        .expect("hints")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].contains("zwei Finger") && shown[0].contains("Tippen wählt"),
        "{shown:?}"
    );
    leave_phone(&page).await;
}
