//! The 3D view of SPEC §4 in the browser: the three-d canvas with software
//! WebGL2, and the SVG fallback without WebGL.

use fantoccini::Locator;
use serde_json::json;

use crate::support::app_page::{AppPage, Button};
use crate::{initialised, screenshot_dir, sleep_ms};

const CANVAS: &str = "#swarm-canvas";

/// An RGBA picture of the canvas, as the screen shows it.
struct Picture {
    width: usize,
    pixels: Vec<[u8; 4]>,
}

impl Picture {
    /// Pixels that carry a clear hue: the cones (background and edges are grey).
    fn coloured(&self) -> Vec<(usize, usize)> {
        self.pixels
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                let max = p[0].max(p[1]).max(p[2]);
                let min = p[0].min(p[1]).min(p[2]);
                max - min > 60
            })
            .map(|(i, _)| (i % self.width, i / self.width))
            .collect()
    }

    /// Share of pixels that differ clearly between two pictures of one size.
    fn difference(&self, other: &Picture) -> f64 {
        let differing = self
            .pixels
            .iter()
            .zip(&other.pixels)
            .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 24))
            .count();
        differing as f64 / self.pixels.len().max(1) as f64
    }
}

async fn canvas_picture(page: &AppPage) -> Picture {
    let png = page
        .client
        .find(Locator::Css(CANVAS))
        .await
        .expect("canvas")
        .screenshot()
        .await
        .expect("canvas screenshot");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("png header");
    let mut buffer = vec![0; reader.output_buffer_size().expect("png size")];
    let info = reader.next_frame(&mut buffer).expect("png frame");
    let channels = info.color_type.samples();
    let pixels = buffer[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }])
        .collect();
    Picture {
        width: info.width as usize,
        pixels,
    }
}

/// The canvas' top-left corner in viewport CSS pixels.
async fn canvas_origin(page: &AppPage) -> (f64, f64) {
    let value = page
        .js("const r = document.querySelector('#swarm-canvas').getBoundingClientRect(); return [r.left, r.top];")
        .await;
    (
        value[0].as_f64().expect("left"),
        value[1].as_f64().expect("top"),
    )
}

/// A swarm drawn in the 3D view: waits until the canvas shows cones.
async fn swarm_in_3d(page: &AppPage, count: u32) {
    initialised(page, count).await;
    page.wait_for_css(CANVAS).await;
    for _ in 0..50 {
        if canvas_picture(page).await.coloured().len() > 300 {
            sleep_ms(300).await; // let a pending redraw settle
            return;
        }
        sleep_ms(200).await;
    }
    panic!("the canvas never showed cones");
}

async fn wheel(page: &AppPage, x: f64, y: f64, delta_y: f64, ctrl: bool) {
    page.driver.cdp(
        "Input.dispatchMouseEvent",
        json!({ "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y,
                "modifiers": if ctrl { 2 } else { 0 } }),
    );
    sleep_ms(400).await;
}

async fn scroll_y(page: &AppPage) -> f64 {
    page.js("return window.scrollY;")
        .await
        .as_f64()
        .unwrap_or(0.0)
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
            let p = picture.pixels[y * picture.width + x];
            [p[0] / 8, p[1] / 8, p[2] / 8]
        })
        .collect();
    shades.sort_unstable();
    shades.dedup();
    assert!(shades.len() > 50, "only {} shades", shades.len());
    // Zurücksetzen empties the picture of cones.
    page.click(Button::Zuruecksetzen).await;
    sleep_ms(500).await;
    let empty = canvas_picture(&page).await.coloured().len();
    assert!(
        empty < coloured / 20,
        "{empty} coloured pixels without a swarm"
    );
}

pub async fn a_drag_rotates_the_picture(page: AppPage) {
    swarm_in_3d(&page, 300).await;
    let before = canvas_picture(&page).await;
    let (left, top) = canvas_origin(&page).await;
    let (x, y) = (left + 200.0, top + 200.0);
    page.drag((x, y), (x + 160.0, y + 40.0)).await;
    sleep_ms(500).await;
    let after = canvas_picture(&page).await;
    let changed = before.difference(&after);
    assert!(
        changed > 0.02,
        "a drag changed only {:.2} % of the picture",
        changed * 100.0
    );
    // A drag is not a click: nothing got selected.
    assert_eq!(page.status().await.selection, "keine");
    // „Ansicht zurücksetzen“ gives the first picture back.
    page.click_css("#view-3d-reset").await;
    sleep_ms(500).await;
    let reset = canvas_picture(&page).await;
    assert!(
        before.difference(&reset) < 0.005,
        "reset did not restore the camera"
    );
}

pub async fn ctrl_wheel_zooms_and_the_plain_wheel_scrolls_the_page(page: AppPage) {
    page.client
        .set_window_size(1280, 600)
        .await
        .expect("window size");
    swarm_in_3d(&page, 300).await;
    page.js("window.scrollTo(0, 0);").await;
    sleep_ms(200).await;
    let (left, top) = canvas_origin(&page).await;
    let (x, y) = (left + 150.0, top + 150.0);
    let before = canvas_picture(&page).await;
    wheel(&page, x, y, -400.0, true).await;
    let zoomed = canvas_picture(&page).await;
    assert_eq!(
        scroll_y(&page).await,
        0.0,
        "Ctrl+wheel must not scroll the page"
    );
    let changed = before.difference(&zoomed);
    assert!(
        changed > 0.02,
        "Ctrl+wheel changed only {:.2} % of the picture",
        changed * 100.0
    );
    wheel(&page, x, y, 200.0, false).await;
    assert!(
        scroll_y(&page).await > 50.0,
        "the plain wheel must scroll the page"
    );
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
                area.iter().all(|&(dx, dy)| {
                    let p = picture.pixels[(y + dy - 2) * picture.width + x + dx - 2];
                    p[0].max(p[1]).max(p[2]) - p[0].min(p[1]).min(p[2]) > 60
                })
            }
        })
        .collect();
    assert!(!solid.is_empty(), "no cone to click");
    let mut selected = None;
    for &(x, y) in solid.iter().step_by((solid.len() / 8).max(1)).take(8) {
        page.click_at(left + x as f64 / ratio, top + y as f64 / ratio)
            .await;
        sleep_ms(300).await;
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

pub async fn screenshot_of_the_3d_view(page: AppPage) {
    swarm_in_3d(&page, 400).await;
    page.click(Button::Schritt).await;
    sleep_ms(500).await;
    page.screenshot(&screenshot_dir().join("ansicht-3d.png"))
        .await;
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
    sleep_ms(300).await;
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
