//! The 3D view of SPEC §4 in the browser: the three-d canvas with software
//! WebGL2, and the SVG fallback without WebGL.

use fantoccini::Locator;
use serde_json::json;

use crate::initialised;
use crate::support::app_page::{AppPage, Button, WAIT, poll};
use crate::support::picture::{Picture, has_hue};

const CANVAS: &str = "#swarm-canvas";

async fn canvas_picture(page: &AppPage) -> Picture {
    page.element_picture(CANVAS).await
}

/// Waits until the canvas shows a picture that `ready` accepts and that stays
/// the same over two animation frames (no redraw pending); returns it.
async fn wait_for_picture(page: &AppPage, what: &str, ready: impl Fn(&Picture) -> bool) -> Picture {
    let ready = &ready;
    poll(what, WAIT, || async move {
        let first = canvas_picture(page).await;
        page.frames(2).await;
        let second = canvas_picture(page).await;
        let changing = first.difference(&second);
        if changing == 0.0 && ready(&second) {
            Ok(second)
        } else {
            Err(format!(
                "{} coloured pixels, {:.2} % changing",
                second.coloured().len(),
                changing * 100.0
            ))
        }
    })
    .await
}

/// The canvas' top-left corner in viewport CSS pixels and its CSS size.
async fn canvas_rect(page: &AppPage) -> ((f64, f64), (f64, f64)) {
    let value = page
        .js("const c = document.querySelector('#swarm-canvas'); const r = c.getBoundingClientRect();
             return [r.left, r.top, c.clientWidth, c.clientHeight];")
        .await;
    let number = |i: usize| value[i].as_f64().expect("a number");
    ((number(0), number(1)), (number(2), number(3)))
}

/// The canvas' top-left corner in viewport CSS pixels.
async fn canvas_origin(page: &AppPage) -> (f64, f64) {
    canvas_rect(page).await.0
}

/// A swarm drawn in the 3D view: waits until the canvas shows cones.
async fn swarm_in_3d(page: &AppPage, count: u32) {
    initialised(page, count).await;
    page.wait_for_css(CANVAS).await;
    wait_for_picture(page, "the canvas shows cones", |p| p.coloured().len() > 300).await;
}

/// A wheel turn over the viewport point `x`, `y`, as the browser delivers it,
/// with the CDP modifier bits (2 Ctrl, 4 Meta/⌘).
async fn wheel(page: &AppPage, x: f64, y: f64, delta_y: f64, modifiers: u32) {
    page.driver.cdp(
        "Input.dispatchMouseEvent",
        json!({ "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y,
                "modifiers": modifiers }),
    );
}

async fn scroll_y(page: &AppPage) -> f64 {
    page.js("return window.scrollY;")
        .await
        .as_f64()
        .unwrap_or(0.0)
}

async fn wait_for_scroll(page: &AppPage, what: &str, ready: impl Fn(f64) -> bool) {
    let ready = &ready;
    poll(what, WAIT, || async move {
        let y = scroll_y(page).await;
        if ready(y) { Ok(()) } else { Err(y) }
    })
    .await;
}

pub async fn the_canvas_is_the_view_and_shows_cones(page: AppPage) {
    swarm_in_3d(&page, 300).await;
    assert!(
        page.client.find(Locator::Css("#swarm-svg")).await.is_err(),
        "with WebGL2 the SVG must not be the view"
    );
    let picture = canvas_picture(&page).await;
    let coloured = picture.coloured().len();
    assert!(
        coloured > 1_500,
        "only {coloured} coloured pixels: no cones drawn"
    );
    // Shading makes the cones' direction readable: many distinct colours.
    let mut shades: Vec<[u8; 3]> = picture
        .coloured()
        .iter()
        .map(|&(x, y)| {
            let p = picture.at(x, y);
            [p[0] / 8, p[1] / 8, p[2] / 8]
        })
        .collect();
    shades.sort_unstable();
    shades.dedup();
    assert!(shades.len() > 50, "only {} shades", shades.len());
    // Zurücksetzen empties the picture of cones.
    page.click(Button::Zuruecksetzen).await;
    wait_for_picture(&page, "no cones without a swarm", |p| {
        p.coloured().len() < coloured / 20
    })
    .await;
}

pub async fn a_drag_rotates_the_picture(page: AppPage) {
    swarm_in_3d(&page, 300).await;
    let before = canvas_picture(&page).await;
    let (left, top) = canvas_origin(&page).await;
    let (x, y) = (left + 200.0, top + 200.0);
    page.drag((x, y), (x + 160.0, y + 40.0)).await;
    wait_for_picture(&page, "a drag turns the picture", |p| {
        before.difference(p) > 0.02
    })
    .await;
    // A drag is not a click: nothing got selected.
    assert_eq!(page.status().await.selection, "keine");
    // „Ansicht zurücksetzen“ gives the first picture back.
    page.click_css("#view-3d-reset").await;
    wait_for_picture(&page, "reset restores the camera", |p| {
        before.difference(p) < 0.005
    })
    .await;
}

/// A wheel turn with `modifiers` (CDP bits) over the canvas zooms the view
/// (the picture changes, and „Ansicht zurücksetzen“ brings the first one back)
/// and does not scroll the page, which can scroll in this short window.
async fn a_wheel_with_modifier_zooms(page: &AppPage, modifiers: u32, name: &str) {
    page.client
        .set_window_size(1280, 600)
        .await
        .expect("window size");
    swarm_in_3d(page, 300).await;
    page.js("window.scrollTo(0, 0);").await;
    wait_for_scroll(page, "the page at its top", |y| y == 0.0).await;
    let before = wait_for_picture(page, "the picture at the top", |_| true).await;
    let (left, top) = canvas_origin(page).await;
    let (x, y) = (left + 150.0, top + 150.0);
    wheel(page, x, y, -400.0, modifiers).await;
    wait_for_picture(page, &format!("{name} + wheel zooms"), |p| {
        before.difference(p) > 0.02
    })
    .await;
    assert_eq!(
        scroll_y(page).await,
        0.0,
        "{name} + wheel must not scroll the page"
    );
    page.click_css("#view-3d-reset").await;
    wait_for_picture(page, "reset undoes the zoom", |p| {
        before.difference(p) < 0.005
    })
    .await;
}

pub async fn ctrl_wheel_zooms_and_the_plain_wheel_scrolls_the_page(page: AppPage) {
    a_wheel_with_modifier_zooms(&page, 2, "Ctrl").await;
    let (left, top) = canvas_origin(&page).await;
    wheel(&page, left + 150.0, top + 150.0, 200.0, 0).await;
    wait_for_scroll(&page, "the plain wheel scrolls the page", |y| y > 50.0).await;
    page.client
        .set_window_size(1280, 900)
        .await
        .expect("window size");
}

pub async fn a_click_selects_a_boid_that_the_table_shows(page: AppPage) {
    swarm_in_3d(&page, 150).await;
    let picture = canvas_picture(&page).await;
    let (left, top) = canvas_origin(&page).await;
    let ratio = page
        .js("return window.devicePixelRatio;")
        .await
        .as_f64()
        .unwrap_or(1.0);
    // Try pixels in the middle of coloured areas until a click selects a boid.
    let solid: Vec<(usize, usize)> = picture
        .coloured()
        .into_iter()
        .filter(|&(x, y)| {
            x > 2 && y > 2 && {
                let area = [(0, 2), (2, 0), (4, 2), (2, 4)];
                area.iter()
                    .all(|&(dx, dy)| has_hue(picture.at(x + dx - 2, y + dy - 2)))
            }
        })
        .collect();
    assert!(!solid.is_empty(), "no cone to click");
    let mut selected = None;
    for &(x, y) in solid.iter().step_by((solid.len() / 8).max(1)).take(8) {
        page.click_at(left + x as f64 / ratio, top + y as f64 / ratio)
            .await;
        // The click selects in its own event handler: two frames later the
        // status shows it, or the click missed.
        page.frames(2).await;
        let status = page.status().await;
        if let Some(number) = status.selection.strip_prefix("Boid Nr. ") {
            selected = Some(number.trim().to_owned());
            break;
        }
    }
    let selected = selected.expect("a click on a cone selects its boid");
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    page.click_css("#btn-to-selection").await;
    page.wait_for_css(&format!("#boid-table tr.selected[data-boid='{selected}']"))
        .await;
    // Back in the view the selection is still there.
    page.navigate("Ansicht").await;
    page.wait_for_css(CANVAS).await;
    assert_eq!(
        page.status().await.selection,
        format!("Boid Nr. {selected}")
    );
}

/// A screenshot of the 3D view saved for people to look at; it must show cones.
pub async fn the_3d_view_in_a_screenshot_shows_cones(page: AppPage) {
    swarm_in_3d(&page, 400).await;
    page.click(Button::Schritt).await;
    page.wait_for_status("one step", |s| s.steps == "1").await;
    wait_for_picture(&page, "the step drawn", |p| p.coloured().len() > 1_500).await;
    let canvas = page.save_screenshot_showing("ansicht-3d.png", CANVAS).await;
    let coloured = canvas.coloured().len();
    assert!(
        coloured > 1_500,
        "only {coloured} coloured pixels in the screenshot"
    );
}

/// Run in the browser without WebGL: the SVG view with its note, same selection.
pub async fn without_webgl_the_svg_view_shows_the_same_selection(page: AppPage) {
    initialised(&page, 200).await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    page.click_css("#boid-table tr[data-boid='12']").await;
    page.navigate("Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
    assert!(
        page.client.find(Locator::Css(CANVAS)).await.is_err(),
        "no canvas without WebGL"
    );
    let note = page.text(".view-fallback-note").await;
    assert!(note.contains("3D-Ansicht ist nicht verfügbar"), "{note}");
    assert_eq!(page.ring().await.map(|(boid, _)| boid), Some(12));
}

pub async fn a_lost_context_that_stays_lost_falls_back_to_svg(page: AppPage) {
    swarm_in_3d(&page, 100).await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    page.click_css("#boid-table tr[data-boid='5']").await;
    page.navigate("Ansicht").await;
    page.wait_for_css(CANVAS).await;
    wait_for_picture(&page, "the view drawn again", |p| p.coloured().len() > 100).await;
    page.js(
        "document.getElementById('swarm-canvas').getContext('webgl2')
               .getExtension('WEBGL_lose_context').loseContext();",
    )
    .await;
    // Not restored: after the grace period the SVG view takes over.
    page.wait_for_css("#swarm-svg").await;
    let note = page.text(".view-fallback-note").await;
    assert!(note.contains("3D-Ansicht ist nicht verfügbar"), "{note}");
    assert_eq!(page.ring().await.map(|(boid, _)| boid), Some(5));
    let status = page.status().await;
    assert_eq!(
        (status.state.as_str(), status.count.as_str()),
        ("pausiert", "100")
    );
    // Chromium reports the (deliberate) loss itself; nothing else may appear.
    let unexpected: Vec<String> = page
        .driver
        .take_console()
        .into_iter()
        .filter(|(level, message)| {
            (level == "SEVERE" || level == "WARNING") && !message.contains("CONTEXT_LOST_WEBGL")
        })
        .map(|(level, message)| format!("{level}: {message}"))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:?}");
}
