//! The selected boid's rules drawn in both views (its neighbourhood, its
//! neighbours highlighted, the arrows of w·S, w·A, w·C and their sum, the
//! legend and its switch), and „Auswahl verfolgen“ in the 3D view.

use boids_schwarm::app::view::rules_overlay::Rule;
use boids_schwarm::model::{Params, Swarm};

use super::basics::initialised;
use super::view_3d::{
    CANVAS, canvas_rect, projected, ring_yellow, swarm_in_3d, two_boids, view_of_state,
    wait_for_picture,
};
use super::workers::{LARGEST_SWARM_WAIT, LONGEST_TASK_MS, longest_task_ms, watch_long_tasks};
use crate::support::app_page::{AppPage, Button, WAIT, poll};
use crate::support::picture::Picture;

/// Boids in the scenarios' swarm (seed 1, other parameters default).
const COUNT: u32 = 300;

/// A boid near the top of the table with a few neighbours in the initial
/// swarm, chosen with the native model.
fn boid_with_neighbours() -> (usize, u32) {
    let swarm = Swarm::new(&Params {
        count: COUNT,
        ..Params::default()
    })
    .expect("valid params");
    (0..12)
        .map(|i| (i, swarm.steering()[i].neighbours))
        .find(|&(_, k)| k >= 3)
        .expect("one of the first boids has neighbours")
}

/// Selects `boid` on the table page, reads its „Nachbarn“ cell, and goes
/// back to the view.
async fn select_in_table(page: &AppPage, boid: usize) -> u32 {
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    let row = format!("#boid-table tr[data-boid='{boid}']");
    page.click_css(&row).await;
    page.wait_for_css(&format!("#boid-table tr.selected[data-boid='{boid}']"))
        .await;
    let cell = page
        .js(&format!(
            "const headers = Array.from(document.querySelectorAll('#boid-table thead th'));
             const i = headers.findIndex(th => th.textContent.includes('Nachbarn'));
             return document.querySelector(\"{row}\").cells[i].textContent;"
        ))
        .await;
    let text = cell.as_str().expect("the Nachbarn cell").to_owned();
    page.navigate("Ansicht").await;
    // Large counts have thousands separators („25 017“).
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("Nachbarn is a count: {text:?}"))
}

/// The legend's neighbour count, once it shows one.
async fn legend_neighbours(page: &AppPage) -> u32 {
    poll("the legend shows the neighbours", WAIT, || async move {
        let value = page
            .js("const l = document.querySelector('.rules-legend');
                 return l ? l.getAttribute('data-neighbours') : null;")
            .await;
        value.as_str().and_then(|s| s.parse().ok()).ok_or(value)
    })
    .await
}

async fn legend_shows_the_rules(page: &AppPage) {
    let legend = page.text(".rules-legend").await;
    for word in [
        "Regeln der Auswahl zeigen",
        "Abstand",
        "Richtung",
        "Kohäsion",
        "Summe",
        "Pfeile: 1 LE/s Geschwindigkeitsänderung ≙ 8 LE Pfeillänge",
        "jenseits einer Würfelfläche",
    ] {
        assert!(legend.contains(word), "{word:?} missing in: {legend}");
    }
}

async fn switch_rules_off(page: &AppPage) {
    page.click_css("#show-rules").await;
    page.wait_for_no_css(".rules-legend[data-neighbours]").await;
}

/// Whether a pixel shows one of the arrow colours.
fn arrow_colour(p: [u8; 4]) -> bool {
    Rule::ALL
        .iter()
        .any(|rule| (0..3).all(|c| p[c].abs_diff(rule.rgb()[c]) <= 40))
}

/// Centre of the pixels, in picture pixels.
fn centroid(pixels: &[(usize, usize)]) -> (f64, f64) {
    let n = pixels.len().max(1) as f64;
    let (x, y) = pixels.iter().fold((0.0, 0.0), |(sx, sy), &(x, y)| {
        (sx + x as f64, sy + y as f64)
    });
    (x / n, y / n)
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

scenario!(svg => svg_shows_the_selected_boids_rules);
/// SVG view: the legend's and the drawn neighbours equal the table's
/// Nachbarn, the arrows are there, the overlay follows the boid while
/// running, and the switch removes it.
async fn svg_shows_the_selected_boids_rules(page: AppPage) {
    let (boid, native) = boid_with_neighbours();
    initialised(&page, COUNT).await;
    let table = select_in_table(&page, boid).await;
    assert_eq!(table, native, "the table shows the model's count");
    page.wait_for_css("#swarm-svg.rules-on .rules-overlay[visibility='visible']")
        .await;
    assert_eq!(legend_neighbours(&page).await, table);
    legend_shows_the_rules(&page).await;
    let drawn = page
        .js("return [document.querySelector('.rules-neighbours').getAttribute('d').split('M').length - 1,
                     document.querySelector('.rules-overlay').getAttribute('data-neighbours'),
                     document.querySelector('.rules-arrow-sum').getAttribute('d')];")
        .await;
    assert_eq!(
        drawn[0].as_u64(),
        Some(u64::from(table)),
        "highlighted symbols"
    );
    assert_eq!(drawn[1].as_str(), Some(table.to_string().as_str()));
    assert!(
        drawn[2].as_str().is_some_and(|d| d.starts_with('M')),
        "the sum arrow is drawn: {drawn}"
    );
    page.save_screenshot_showing("overlay-svg.png", "#swarm-svg")
        .await;
    page.js("document.querySelector('.rules-legend').scrollIntoView();")
        .await;
    page.save_screenshot_showing("overlay-legend.png", ".rules-legend")
        .await;

    // While running, the outlines stay centred on the boid (its ring).
    page.click(Button::Starten).await;
    page.wait_for_status("running a few steps", |s| {
        s.steps.chars().any(|c| c.is_ascii_digit()) && s.step_count() >= 15
    })
    .await;
    page.click(Button::Pause).await;
    page.wait_for_status("paused", |s| s.state == "pausiert")
        .await;
    let page = &page;
    poll("the circles sit on the ring", WAIT, || async move {
        let value = page
            .js("const c = document.querySelector('.rules-radius');
                 const ring = document.querySelector('.selection-ring').getAttribute('transform');
                 return [`translate(${c.getAttribute('cx')} ${c.getAttribute('cy')})`, ring];")
            .await;
        if value[0] == value[1] {
            Ok(())
        } else {
            Err(value)
        }
    })
    .await;
    let later = select_in_table(page, boid).await;
    page.wait_for_css("#swarm-svg.rules-on").await;
    assert_eq!(legend_neighbours(page).await, later, "after running");

    switch_rules_off(page).await;
    page.wait_for_css(".rules-overlay[visibility='hidden']")
        .await;
    page.wait_for_no_css("#swarm-svg.rules-on").await;
    assert!(page.ring().await.is_some(), "the selection stays");
}

scenario!(webgl => the_3d_view_draws_the_selected_boids_rules);
/// 3D view: the legend's count equals the table's, the arrows' colours
/// appear at the boid, and the switch removes them.
async fn the_3d_view_draws_the_selected_boids_rules(page: AppPage) {
    let (boid, native) = boid_with_neighbours();
    swarm_in_3d(&page, COUNT).await;
    let table = select_in_table(&page, boid).await;
    assert_eq!(table, native);
    page.wait_for_css(CANVAS).await;
    assert_eq!(legend_neighbours(&page).await, table);
    legend_shows_the_rules(&page).await;
    let picture = wait_for_picture(&page, "the arrows drawn", |p| {
        p.positions(arrow_colour).len() > 40
    })
    .await;
    let swarm = Swarm::new(&Params {
        count: COUNT,
        ..Params::default()
    })
    .expect("valid params");
    let p = swarm.positions()[boid];
    let (at, _) = projected(&page, &picture, [p.x, p.y, p.z]).await;
    let ratio = picture.width as f64 / canvas_rect(&page).await.1.0;
    let arrows = picture.positions(arrow_colour);
    let nearest = arrows
        .iter()
        .map(|&(x, y)| distance((x as f64, y as f64), at) / ratio)
        .fold(f64::MAX, f64::min);
    assert!(
        nearest < 8.0,
        "the arrows start at the boid: nearest arrow pixel {nearest:.1} CSS px away"
    );
    let colours = Rule::ALL
        .iter()
        .filter(|rule| {
            arrows.iter().any(|&(x, y)| {
                let pixel = picture.at(x, y);
                (0..3).all(|c| pixel[c].abs_diff(rule.rgb()[c]) <= 40)
            })
        })
        .count();
    assert!(colours >= 2, "only {colours} arrow colours");
    page.save_screenshot_showing("overlay-3d.png", ".view-3d")
        .await;

    switch_rules_off(&page).await;
    wait_for_picture(&page, "the arrows gone", |p: &Picture| {
        p.positions(arrow_colour).len() < 5
    })
    .await;
}

scenario!(webgl => following_keeps_the_boid_in_the_middle_across_the_seam);
/// „Auswahl verfolgen“ keeps the selected boid in the middle of the canvas
/// while it steps across the seam, its neighbour beside it, and „Ansicht
/// zurücksetzen“ ends it.
async fn following_keeps_the_boid_in_the_middle_across_the_seam(page: AppPage) {
    // Boid 0 flies towards +x and crosses the face x = 4.2 in the second
    // step; boid 1 is its neighbour across that face, flying along.
    let position = [4.1, 0.0, 0.0];
    let state = two_boids(position, [1.5, 0.3, 0.0], [-4.1, 0.4, 0.2], [1.5, 0.3, 0.0]);
    let before = view_of_state(&page, "seam.json", &state).await;
    let (at, (x, y)) = projected(&page, &before, position).await;
    page.click_at(x, y).await;
    page.wait_for_status("boid 0 selected", |s| s.selection == "Boid Nr. 0")
        .await;
    let middle = (before.width as f64 / 2.0, before.height as f64 / 2.0);
    let ring_at = |p: &Picture| centroid(&p.positions(ring_yellow));
    let selected = wait_for_picture(&page, "the ring drawn", |p| {
        p.positions(ring_yellow).len() > 40
    })
    .await;
    assert!(
        distance(ring_at(&selected), at) < 4.0 && distance(at, middle) > 50.0,
        "without following the ring sits on the boid, off the middle"
    );

    page.click_css("#follow-selection").await;
    let centred = wait_for_picture(&page, "the boid in the middle", |p| {
        p.positions(ring_yellow).len() > 40 && distance(ring_at(p), middle) < 3.0
    })
    .await;
    for _ in 0..6 {
        page.click(Button::Schritt).await;
    }
    page.wait_for_status("six steps", |s| s.steps == "6").await;
    let after = wait_for_picture(&page, "the boid still in the middle", |p| {
        p.positions(ring_yellow).len() > 40 && distance(ring_at(p), middle) < 3.0
    })
    .await;
    // Seen from the boid nothing jumped: the neighbour across the face is
    // still beside it, so the picture barely changed.
    let changed = after.difference(&centred);
    assert!(
        changed < 0.01,
        "{:.2} % of the picture changed while following",
        changed * 100.0
    );
    page.save_screenshot_showing("follow-3d.png", CANVAS).await;

    page.click_css("#view-3d-reset").await;
    let checked = page
        .js("return document.querySelector('#follow-selection').checked;")
        .await;
    assert_eq!(checked.as_bool(), Some(false), "reset ends following");
    wait_for_picture(&page, "the boid off the middle again", |p| {
        p.positions(ring_yellow).len() > 40 && distance(ring_at(p), middle) > 50.0
    })
    .await;
}

scenario!(alone: svg, webgl => the_rules_in_the_largest_swarm_never_block_the_page);
/// N = 50 000 at r = 4,2, the worst case for the overlay: the selected boid
/// has about half the swarm as neighbours, all highlighted. While the swarm
/// runs with its rules shown, no main-thread task takes over 200 ms.
async fn the_rules_in_the_largest_swarm_never_block_the_page(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "50000").await;
    page.set_param("radius", "4,2").await;
    page.click(Button::Initialisieren).await;
    page.wait_long_for_status("built", LARGEST_SWARM_WAIT, |s| s.state == "pausiert")
        .await;
    let neighbours = select_in_table(&page, 0).await;
    assert!(neighbours > 10_000, "{neighbours} neighbours");
    assert_eq!(legend_neighbours(&page).await, neighbours);
    watch_long_tasks(&page).await;
    page.click(Button::Starten).await;
    page.wait_long_for_status("two steps with the rules shown", LARGEST_SWARM_WAIT, |s| {
        s.steps.parse::<u64>().is_ok_and(|steps| steps >= 2)
    })
    .await;
    page.click(Button::Pause).await;
    let longest = longest_task_ms(&page).await;
    eprintln!("     N = 50 000, r = 4,2, rules shown: longest main-thread task {longest:.0} ms");
    assert!(
        longest <= LONGEST_TASK_MS,
        "a main-thread task took {longest} ms while running with the rules shown"
    );
}
