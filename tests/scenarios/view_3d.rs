//! The 3D view of SPEC §4 in the browser: the three-d canvas with software
//! WebGL2, and the SVG fallback without WebGL.

use boids_schwarm::app::view::render3d::OrbitCamera;
use boids_schwarm::app::view::render3d::picking::project_to_canvas;
use boids_schwarm::model::{Params, Swarm, Vec3};
use fantoccini::Locator;
use serde_json::{Value, json};

use super::basics::initialised;
use crate::support::app_page::{AppPage, Button, WAIT, poll};
use crate::support::picture::{Picture, has_hue};
use crate::support::temp_file;

pub(crate) const CANVAS: &str = "#swarm-canvas";

pub(crate) async fn canvas_picture(page: &AppPage) -> Picture {
    page.element_picture(CANVAS).await
}

/// Waits until the canvas shows a picture that `ready` accepts and that stays
/// the same over two animation frames (no redraw pending); returns it.
pub(crate) async fn wait_for_picture(
    page: &AppPage,
    what: &str,
    ready: impl Fn(&Picture) -> bool,
) -> Picture {
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
pub(crate) async fn canvas_rect(page: &AppPage) -> ((f64, f64), (f64, f64)) {
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
pub(crate) async fn swarm_in_3d(page: &AppPage, count: u32) {
    initialised(page, count).await;
    page.wait_for_css(CANVAS).await;
    wait_for_picture(page, "the canvas shows cones", |p| p.coloured().len() > 300).await;
}

/// A wheel turn over the viewport point `x`, `y`, as the browser delivers it,
/// with the CDP modifier bits (2 Ctrl, 4 Meta/⌘).
async fn wheel(page: &AppPage, x: f64, y: f64, delta_y: f64, modifiers: u32) {
    page.driver
        .cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y,
                "modifiers": modifiers }),
        )
        .await;
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

/// A state file of two boids (parameters from seed 1, otherwise default):
/// boid 0 at `position` with `velocity`, boid 1 at `other` flying with
/// `other_velocity`. Read by „Zustand laden“ like an exported state.
pub(crate) fn two_boids(
    position: [f64; 3],
    velocity: [f64; 3],
    other: [f64; 3],
    other_velocity: [f64; 3],
) -> String {
    let params = Params {
        count: 2,
        ..Params::default()
    };
    let swarm = Swarm::new(&params).expect("valid params");
    let mut state: Value = serde_json::from_str(&swarm.to_json()).expect("the app's JSON");
    state["boids"][0]["position"] = json!(position);
    state["boids"][0]["velocity"] = json!(velocity);
    state["boids"][1]["position"] = json!(other);
    state["boids"][1]["velocity"] = json!(other_velocity);
    state.to_string()
}

/// Loads `state` on the table page, then shows the view with the camera as
/// reset; returns the settled picture.
pub(crate) async fn view_of_state(page: &AppPage, name: &str, state: &str) -> Picture {
    page.open_fresh().await;
    page.navigate("Tabelle").await;
    let path = temp_file(name, state.as_bytes());
    page.import_file(&path).await;
    page.wait_for_css(".import-ok").await;
    std::fs::remove_file(&path).ok();
    page.navigate("Ansicht").await;
    page.wait_for_css(CANVAS).await;
    wait_for_picture(page, "the imported state drawn", |p| {
        !p.coloured().is_empty()
    })
    .await
}

/// Where the view with the reset camera draws a model position: picture
/// pixels of `picture` (the canvas' screenshot), by the app's own camera and
/// picking projection, and the same point in viewport CSS pixels.
pub(crate) async fn projected(
    page: &AppPage,
    picture: &Picture,
    position: [f64; 3],
) -> ((f64, f64), (f64, f64)) {
    let ((left, top), (width, height)) = canvas_rect(page).await;
    let camera = OrbitCamera::new();
    let point = project_to_canvas(
        &Vec3::new(position[0], position[1], position[2]),
        &camera.view_projection(width / height),
        width,
        height,
    )
    .expect("the position is in view");
    let ratio = picture.width as f64 / width;
    (
        (point.x * ratio, point.y * ratio),
        (left + point.x, top + point.y),
    )
}

/// Pixels of `pixels` within `radius` picture pixels of `centre`.
fn near(pixels: &[(usize, usize)], centre: (f64, f64), radius: f64) -> Vec<(usize, usize)> {
    pixels
        .iter()
        .copied()
        .filter(|&(x, y)| (x as f64 - centre.0).hypot(y as f64 - centre.1) <= radius)
        .collect()
}

/// Width and height of the box around `pixels`.
fn extent(pixels: &[(usize, usize)]) -> (usize, usize) {
    let xs = pixels.iter().map(|p| p.0);
    let ys = pixels.iter().map(|p| p.1);
    (
        xs.clone().max().unwrap_or(0) + 1 - xs.min().unwrap_or(0),
        ys.clone().max().unwrap_or(0) + 1 - ys.min().unwrap_or(0),
    )
}

/// The ring's bright line (RING_LINE_COLOUR, a saturated yellow); no heading
/// colour of a cone comes near it.
pub(crate) fn ring_yellow(p: [u8; 4]) -> bool {
    p[0] > 215 && p[1] > 170 && p[2] < 120 && p[0] - p[2] > 120
}

scenario!(webgl => the_canvas_is_the_view_and_shows_cones);
async fn the_canvas_is_the_view_and_shows_cones(page: AppPage) {
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

scenario!(webgl => a_drag_rotates_the_picture);
async fn a_drag_rotates_the_picture(page: AppPage) {
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

scenario!(webgl => ctrl_wheel_zooms_and_the_plain_wheel_scrolls_the_page);
async fn ctrl_wheel_zooms_and_the_plain_wheel_scrolls_the_page(page: AppPage) {
    a_wheel_with_modifier_zooms(&page, 2, "Ctrl").await;
    let (left, top) = canvas_origin(&page).await;
    wheel(&page, left + 150.0, top + 150.0, 200.0, 0).await;
    wait_for_scroll(&page, "the plain wheel scrolls the page", |y| y > 50.0).await;
    page.client
        .set_window_size(1280, 900)
        .await
        .expect("window size");
}

scenario!(webgl => meta_wheel_zooms_too);
/// ⌘ + wheel (Meta) zooms like Ctrl + wheel, as on a Mac.
async fn meta_wheel_zooms_too(page: AppPage) {
    a_wheel_with_modifier_zooms(&page, 4, "⌘").await;
}

scenario!(webgl => a_click_selects_a_boid_that_the_table_shows);
async fn a_click_selects_a_boid_that_the_table_shows(page: AppPage) {
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

scenario!(webgl => the_selected_boid_has_a_ring_around_it);
/// A click on a boid's projected position selects it, and the canvas draws
/// the yellow ring around that position (and nowhere else).
async fn the_selected_boid_has_a_ring_around_it(page: AppPage) {
    let position = [1.5, -1.0, 0.5];
    let state = two_boids(
        position,
        [1.0, 0.0, 0.0],
        [-2.5, 2.0, -1.5],
        [-1.0, 0.0, 0.0],
    );
    let before = view_of_state(&page, "ring.json", &state).await;
    assert!(
        before.positions(ring_yellow).is_empty(),
        "ring colour without a selection"
    );
    let (centre, (x, y)) = projected(&page, &before, position).await;
    page.click_at(x, y).await;
    page.wait_for_status("boid 0 selected", |s| s.selection == "Boid Nr. 0")
        .await;
    let after = wait_for_picture(&page, "the ring drawn", |p| {
        !p.positions(ring_yellow).is_empty()
    })
    .await;
    let ring = after.positions(ring_yellow);
    let ratio = after.width as f64 / canvas_rect(&page).await.1.0;
    // At least 14 CSS px in radius (larger only for cones nearer than here).
    let distances: Vec<f64> = ring
        .iter()
        .map(|&(x, y)| (x as f64 - centre.0).hypot(y as f64 - centre.1) / ratio)
        .collect();
    let (nearest, farthest) = distances
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &d| (lo.min(d), hi.max(d)));
    assert!(
        nearest >= 9.0 && farthest <= 24.0,
        "ring pixels {nearest:.1} to {farthest:.1} CSS px from the boid"
    );
    // Around it, not beside it: ring pixels on every side of the boid.
    for (side, test) in [
        (
            "left",
            (|dx: f64, _: f64| dx < -8.0) as fn(f64, f64) -> bool,
        ),
        ("right", |dx, _| dx > 8.0),
        ("above", |_, dy| dy < -8.0),
        ("below", |_, dy| dy > 8.0),
    ] {
        let count = ring
            .iter()
            .filter(|&&(x, y)| test(x as f64 - centre.0, y as f64 - centre.1))
            .count();
        assert!(count >= 5, "only {count} ring pixels {side} of the boid");
    }
    assert!(ring.len() >= 60, "only {} ring pixels", ring.len());
}

scenario!(webgl => a_boid_at_rest_is_a_point);
/// A boid at rest is drawn as a small grey point (a sphere), not a cone: its
/// pixels carry no hue, are round and smaller than the other boid's cone.
async fn a_boid_at_rest_is_a_point(page: AppPage) {
    let position = [1.5, -1.0, 0.5];
    let other = [-1.5, 1.0, -0.5];
    // The other boid flies along the screen's right, so its cone shows its
    // whole length.
    let right = OrbitCamera::new().right();
    let state = two_boids(position, [0.0; 3], other, [right.x, right.y, right.z]);
    let with_boids = view_of_state(&page, "rest.json", &state).await;
    page.click(Button::Zuruecksetzen).await;
    let empty = wait_for_picture(&page, "no boids drawn", |p| p.coloured().is_empty()).await;
    let drawn = with_boids.differing(&empty);
    let (rest_centre, _) = projected(&page, &with_boids, position).await;
    let (cone_centre, _) = projected(&page, &with_boids, other).await;
    let ratio = with_boids.width as f64 / canvas_rect(&page).await.1.0;
    let rest = near(&drawn, rest_centre, 25.0 * ratio);
    let cone = near(&drawn, cone_centre, 25.0 * ratio);
    assert!(
        rest.len() >= 12,
        "only {} pixels drawn for the boid at rest",
        rest.len()
    );
    let hued = rest
        .iter()
        .filter(|&&(x, y)| has_hue(with_boids.at(x, y)))
        .count();
    assert_eq!(hued, 0, "the boid at rest is grey, not a heading colour");
    assert!(
        cone.iter().any(|&(x, y)| has_hue(with_boids.at(x, y))),
        "the moving boid is a coloured cone"
    );
    let (w, h) = extent(&rest);
    let (cone_w, cone_h) = extent(&cone);
    eprintln!("     at rest: {w}×{h} px; cone: {cone_w}×{cone_h} px");
    let ratio_wh = w as f64 / h as f64;
    assert!(
        (0.65..=1.5).contains(&ratio_wh),
        "the point is round, not {w}×{h} px"
    );
    assert!(
        (w.max(h) as f64) < 0.7 * cone_w.max(cone_h) as f64,
        "the point ({w}×{h} px) is much smaller than a cone ({cone_w}×{cone_h} px)"
    );
}

scenario!(webgl => the_legend_says_size_and_overlap_mean_nothing);
/// The 3D view's legend says that size shows no speed and overlap no shared
/// place (SPEC §4), visibly below the canvas.
async fn the_legend_says_size_and_overlap_mean_nothing(page: AppPage) {
    page.open_fresh().await;
    page.wait_for_css(CANVAS).await;
    let legend = page.text(".view-3d-legend").await;
    for note in [
        "Die Symbolgröße zeigt keine Geschwindigkeit",
        "alle Kegel sind gleich groß",
        "Überlappung im Bild heißt nicht gleicher Ort im Raum",
        "Drehen der Ansicht trennt sie",
    ] {
        assert!(legend.contains(note), "„{note}“ missing: {legend}");
    }
    let shown = page
        .element(".view-3d-legend")
        .await
        .is_displayed()
        .await
        .expect("displayed");
    assert!(shown, "the legend is visible");
}

scenario!(webgl => the_3d_view_in_a_screenshot_shows_cones);
/// A screenshot of the 3D view saved for people to look at; it must show cones.
async fn the_3d_view_in_a_screenshot_shows_cones(page: AppPage) {
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

scenario!(svg => without_webgl_the_svg_view_shows_the_same_selection);
/// Run in the browser without WebGL: the SVG view with its note, same selection.
async fn without_webgl_the_svg_view_shows_the_same_selection(page: AppPage) {
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

scenario!(webgl => a_lost_context_that_stays_lost_falls_back_to_svg);
async fn a_lost_context_that_stays_lost_falls_back_to_svg(page: AppPage) {
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
        .take_console_problems()
        .await
        .into_iter()
        .filter(|problem| !problem.contains("CONTEXT_LOST_WEBGL"))
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:?}");
}

scenario!(svg, webgl => enter_on_the_focused_view_cycles_through_boids_near_the_centre);
/// With the view focused (a visible ring), Enter selects a boid near the
/// picture's centre and each further Enter another; the page's Space and
/// arrow shortcuts still do not fire from the view.
async fn enter_on_the_focused_view_cycles_through_boids_near_the_centre(page: AppPage) {
    initialised(&page, 300).await;
    page.wait_for_css("#swarm-canvas, #swarm-svg").await;
    // Reached by keyboard (a Tab, then the focus moves on): the ring shows.
    page.press(fantoccini::key::Key::Tab.into()).await;
    let outline = page
        .js(
            "const c = document.querySelector('#swarm-canvas, #swarm-svg'); c.focus();
             return [document.activeElement === c, getComputedStyle(c).outlineStyle,
                     getComputedStyle(c).outlineWidth];",
        )
        .await;
    assert_eq!(
        outline,
        json!([true, "solid", "3px"]),
        "a visible focus ring"
    );
    let mut seen = Vec::new();
    for _ in 0..3 {
        page.press(fantoccini::key::Key::Enter.into()).await;
        let status = page
            .wait_for_status("a boid selected by Enter", |s| {
                s.selection.starts_with("Boid Nr.") && !seen.contains(&s.selection)
            })
            .await;
        seen.push(status.selection);
    }
    assert_eq!(
        page.status().await.state,
        "pausiert",
        "Enter started nothing"
    );
}
