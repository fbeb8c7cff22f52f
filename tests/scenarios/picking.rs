//! Choosing a boid by click, in both views: a grid of 21 × 21 clicks over a
//! swarm of 300; of the clicks that land on a drawn symbol or within 12 CSS
//! px of one, at least 90 % select a boid. Prints the rates (recorded in
//! docs/BENCHMARKS.md).

use serde_json::json;

use super::basics::initialised;
use super::view_3d::swarm_in_3d;
use crate::support::app_page::AppPage;
use crate::support::picture::has_hue;

/// What a grid of clicks over a view met and selected.
struct Clicks {
    /// Clicks on a symbol or within 12 CSS px of one.
    near: usize,
    /// Of those, the ones that selected a boid.
    hits: usize,
    /// Clicks farther from every symbol.
    far: usize,
    /// Of those, the ones that selected a boid anyway.
    far_hits: usize,
}

impl Clicks {
    /// Prints the rates; at least 90 % of the aimed clicks must select.
    fn check(&self, view: &str) {
        let rate = self.hits as f64 / self.near.max(1) as f64;
        println!(
            "{view}, 300 boids: {} of {} clicks on or within 12 px of a symbol select a boid \
             ({:.0} %); {} of {} farther clicks do",
            self.hits,
            self.near,
            rate * 100.0,
            self.far_hits,
            self.far
        );
        assert!(
            self.near >= 40,
            "the grid hardly meets the swarm: {}",
            self.near
        );
        assert!(rate >= 0.9, "{} of {}", self.hits, self.near);
    }
}

/// Clicks a 21 × 21 grid over the element `view`, skipping points where
/// something else lies over the picture (the readouts, „Vollbild“); a
/// pixel for which `symbol` holds is part of a drawn symbol.
async fn click_grid(page: &AppPage, view: &str, symbol: impl Fn([u8; 4]) -> bool) -> Clicks {
    let picture = page.element_picture(view).await;
    let rect = page
        .js(&format!(
            "const r = document.querySelector({}).getBoundingClientRect(); \
             return [r.left, r.top, r.width, r.height];",
            json!(view)
        ))
        .await;
    let number = |i: usize| rect[i].as_f64().expect("a number");
    let (left, top, width, height) = (number(0), number(1), number(2), number(3));
    let ratio = picture.width as f64 / width;
    let symbols = picture.positions(symbol);
    let margin = 12.0 * ratio;
    let mut clicks = Clicks {
        near: 0,
        hits: 0,
        far: 0,
        far_hits: 0,
    };
    for row in 1..=21 {
        for column in 1..=21 {
            let (x, y) = (
                width * f64::from(column) / 22.0,
                height * f64::from(row) / 22.0,
            );
            let on_view = page
                .js(&format!(
                    "const e = document.elementFromPoint({}, {}); \
                     return !!e && !!e.closest({});",
                    left + x,
                    top + y,
                    json!(view)
                ))
                .await;
            if on_view != json!(true) {
                continue;
            }
            let (px, py) = (x * ratio, y * ratio);
            let on_or_near = symbols
                .iter()
                .any(|&(sx, sy)| (sx as f64 - px).hypot(sy as f64 - py) <= margin);
            page.click_at(left + x, top + y).await;
            page.frames(2).await;
            let selected = page.status().await.selection.starts_with("Boid Nr.");
            if on_or_near {
                clicks.near += 1;
                clicks.hits += usize::from(selected);
            } else {
                clicks.far += 1;
                clicks.far_hits += usize::from(selected);
            }
        }
    }
    clicks
}

scenario!(webgl => clicks_on_a_cone_or_near_it_select_a_boid);
async fn clicks_on_a_cone_or_near_it_select_a_boid(page: AppPage) {
    swarm_in_3d(&page, 300).await;
    click_grid(&page, "#swarm-canvas", has_hue)
        .await
        .check("3D view");
}

/// A pixel of an SVG symbol: the depth layers' blues (the cube's and the
/// labels' greys are nearly neutral, the background white).
fn svg_symbol(p: [u8; 4]) -> bool {
    i32::from(p[2]) - i32::from(p[0]) >= 35
}

scenario!(svg => clicks_on_a_symbol_or_near_it_select_a_boid);
async fn clicks_on_a_symbol_or_near_it_select_a_boid(page: AppPage) {
    initialised(&page, 300).await;
    page.wait_for_css("#swarm-svg").await;
    page.frames(2).await;
    click_grid(&page, "#swarm-svg", svg_symbol)
        .await
        .check("SVG view");
}
