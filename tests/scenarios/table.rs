//! The table page of SPEC §4 in the browser: the table, export and import.

use boids_schwarm::app::simulation::table_data::{Column, SortOrder, csv};
use boids_schwarm::model::{Params, Swarm};
use fantoccini::Locator;
use fantoccini::key::Key;
use serde_json::Value;

use crate::support::app_page::{AppPage, Button, WAIT, normalise, poll};
use crate::support::temp_file;

/// The swarm the app builds from `params` after `steps` steps, natively.
fn native_swarm(count: u32, seed: u32, steps: u64) -> Swarm {
    let params = Params {
        count,
        seed,
        ..Params::default()
    };
    let mut swarm = Swarm::new(&params).expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    swarm
}

/// Fresh page with a swarm of `count` boids from `seed`, stepped `steps` times,
/// then the table page opened by the navigation link. Returns the same swarm
/// computed natively, to compare the page with.
async fn table_with(page: &AppPage, count: u32, seed: u32, steps: u64) -> Swarm {
    page.open_fresh().await;
    page.set_param("count", &count.to_string()).await;
    page.set_param("seed", &seed.to_string()).await;
    page.click(Button::Initialisieren).await;
    for _ in 0..steps {
        page.click(Button::Schritt).await;
    }
    page.wait_for_status("steps", |s| {
        s.state == "pausiert" && s.step_count() == steps
    })
    .await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    native_swarm(count, seed, steps)
}

/// The rows in the DOM: boid id and cell texts.
async fn dom_rows(page: &AppPage) -> Vec<(usize, Vec<String>)> {
    let value = page
        .js("return Array.from(document.querySelectorAll('#boid-table tbody tr[data-boid]'))
               .map(tr => [Number(tr.dataset.boid), Array.from(tr.cells).map(td => td.textContent)]);")
        .await;
    value
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            let id = row[0].as_u64().expect("boid id") as usize;
            let cells = row[1]
                .as_array()
                .expect("cells")
                .iter()
                .map(|c| normalise(c.as_str().unwrap_or("")))
                .collect();
            (id, cells)
        })
        .collect()
}

async fn click_header(page: &AppPage, column: Column) {
    let index = Column::ALL
        .iter()
        .position(|&c| c == column)
        .expect("column")
        + 1;
    page.client
        .find(Locator::Css(&format!(
            "#boid-table thead th:nth-child({index}) button"
        )))
        .await
        .expect("header button")
        .click()
        .await
        .expect("click header");
}

pub async fn wait_for_text(page: &AppPage, css: &str, wanted: &str) -> String {
    poll(&format!("{css} shows „{wanted}“"), WAIT, || async move {
        let text = page
            .js(&format!(
                "const e = document.querySelector('{css}'); return e ? e.textContent : '';"
            ))
            .await;
        let text = normalise(text.as_str().unwrap_or_default());
        if text.contains(wanted) {
            Ok(text)
        } else {
            Err(text)
        }
    })
    .await
}

scenario!(svg => table_shows_the_models_numbers);
async fn table_shows_the_models_numbers(page: AppPage) {
    let swarm = table_with(&page, 300, 5, 3).await;
    let rows = dom_rows(&page).await;
    assert!(rows.len() >= 10, "{} rows rendered", rows.len());
    for (position, (id, cells)) in rows.iter().enumerate() {
        assert_eq!(*id, position, "default order is by id");
        let expected: Vec<String> = Column::ALL
            .iter()
            .map(|c| normalise(&c.cell(&swarm, *id)))
            .collect();
        assert_eq!(cells, &expected, "row of boid {id}");
    }
    let headers = page
        .js("return Array.from(document.querySelectorAll('#boid-table thead th')).map(th => th.textContent);")
        .await;
    assert_eq!(headers.as_array().map(Vec::len), Some(Column::ALL.len()));
    let status = page.status().await;
    assert_eq!(
        (status.state.as_str(), status.step_count()),
        ("pausiert", 3)
    );
    let params: String = page
        .text(".swarm-params")
        .await
        .split_whitespace()
        .collect();
    assert!(params.contains("Anzahl300Seed5Radius1,2LE"), "{params}");
}

scenario!(svg => table_without_swarm_says_what_to_do);
async fn table_without_swarm_says_what_to_do(page: AppPage) {
    page.open_fresh().await;
    page.open("/tabelle").await;
    let text = normalise(&page.text("#table-empty").await);
    assert!(text.contains("Initialisieren"), "{text}");
    assert!(page.client.find(Locator::Css("#boid-table")).await.is_err());
}

scenario!(svg => selecting_a_row_marks_the_boid_in_the_view_and_back);
async fn selecting_a_row_marks_the_boid_in_the_view_and_back(page: AppPage) {
    table_with(&page, 200, 1, 0).await;
    page.click_css("#boid-table tr[data-boid='7']").await;
    page.wait_for_css("#boid-table tr.selected[data-boid='7']")
        .await;
    page.navigate("Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
    assert_eq!(page.ring().await.map(|(boid, _)| boid), Some(7));
    // And back: select in the view, the table marks that row.
    let (_, (x, y)) = page.some_boid_position().await;
    page.click_at(x, y).await;
    let page = &page;
    let selected = poll("a boid selected in the view", WAIT, || async move {
        page.ring().await.map(|(boid, _)| boid).ok_or("no ring")
    })
    .await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#boid-table tbody tr[data-boid]").await;
    page.click_css("#btn-to-selection").await;
    let css = format!("#boid-table tr.selected[data-boid='{selected}']");
    page.wait_for_css(&css).await;
}

scenario!(svg => the_keyboard_reaches_moves_through_and_selects_rows);
async fn the_keyboard_reaches_moves_through_and_selects_rows(page: AppPage) {
    table_with(&page, 200, 1, 0).await;
    let grid = page
        .js("const t = document.querySelector('#boid-table');
             return [t.getAttribute('role'),
                     t.querySelectorAll('tbody tr[tabindex=\"0\"]').length];")
        .await;
    assert_eq!(
        grid,
        serde_json::json!(["grid", 1]),
        "a grid with one row as tab stop"
    );
    // The rows are the tab stop after the last column header.
    page.js("document.querySelector('#boid-table thead th:last-child button').focus();")
        .await;
    page.press(Key::Tab.into()).await;
    page.wait_for_css("#boid-table tr[data-boid='0']:focus")
        .await;
    for _ in 0..3 {
        page.press(Key::Down.into()).await;
    }
    page.wait_for_css("#boid-table tr[data-boid='3']:focus")
        .await;
    page.press(Key::Up.into()).await;
    page.wait_for_css("#boid-table tr[data-boid='2']:focus")
        .await;
    page.press(Key::Enter.into()).await;
    page.wait_for_css("#boid-table tr.selected[data-boid='2'][aria-selected='true']:focus")
        .await;
    page.wait_for_status("boid 2 selected", |s| s.selection == "Boid Nr. 2")
        .await;
    page.press(Key::End.into()).await;
    page.wait_for_css("#boid-table tr[data-boid='199']:focus")
        .await;
    page.press(' ').await;
    page.wait_for_css("#boid-table tr.selected[data-boid='199'][aria-selected='true']:focus")
        .await;
    let selected = page
        .js("return document.querySelectorAll('#boid-table tr[aria-selected=\"true\"]').length;")
        .await;
    assert_eq!(selected, Value::from(1));
    page.press(Key::Home.into()).await;
    page.wait_for_css("#boid-table tr[data-boid='0']:focus")
        .await;
    // The view shows the same selection.
    page.navigate("Ansicht").await;
    page.wait_for_css("#swarm-svg").await;
    assert_eq!(page.ring().await.map(|(boid, _)| boid), Some(199));
}

scenario!(svg => zur_auswahl_scrolls_the_selected_row_into_view);
async fn zur_auswahl_scrolls_the_selected_row_into_view(page: AppPage) {
    table_with(&page, 3000, 2, 0).await;
    page.js("const v = document.querySelector('.table-viewport'); v.scrollTop = 2500 * 28; v.dispatchEvent(new Event('scroll'));")
        .await;
    page.wait_for_css("#boid-table tr[data-boid='2500']").await;
    page.click_css("#boid-table tr[data-boid='2500']").await;
    page.js("const v = document.querySelector('.table-viewport'); v.scrollTop = 0; v.dispatchEvent(new Event('scroll'));")
        .await;
    page.wait_for_no_css("#boid-table tr[data-boid='2500']")
        .await;
    page.click_css("#btn-to-selection").await;
    page.wait_for_css("#boid-table tr.selected[data-boid='2500']")
        .await;
    let inside = page
        .js(
            "const v = document.querySelector('.table-viewport').getBoundingClientRect();
             const r = document.querySelector('#boid-table tr.selected').getBoundingClientRect();
             return r.top >= v.top && r.bottom <= v.bottom;",
        )
        .await;
    assert_eq!(inside, Value::Bool(true));
}

scenario!(svg => sorting_by_a_column);
async fn sorting_by_a_column(page: AppPage) {
    let swarm = table_with(&page, 400, 3, 2).await;
    for (column, ascending) in [
        (Column::Speed, true),
        (Column::Speed, false),
        (Column::Cx, true),
        (Column::Neighbours, true),
    ] {
        click_header(&page, column).await;
        let order = &SortOrder { column, ascending }.rows(&swarm);
        let page = &page;
        poll(
            &format!("rows sorted by {column:?}, ascending={ascending}"),
            WAIT,
            || async move {
                let shown: Vec<usize> =
                    dom_rows(page).await.into_iter().map(|(id, _)| id).collect();
                let expected: Vec<usize> = order
                    .iter()
                    .take(shown.len())
                    .map(|&id| id as usize)
                    .collect();
                if shown == expected {
                    Ok(())
                } else {
                    Err(shown)
                }
            },
        )
        .await;
        let wanted = if ascending { "ascending" } else { "descending" };
        let sort = page
            .js(&format!(
                "return document.querySelector('#boid-table thead th:nth-child({})').getAttribute('aria-sort');",
                Column::ALL.iter().position(|&c| c == column).unwrap() + 1
            ))
            .await;
        assert_eq!(sort, Value::from(wanted));
    }
}

/// The table of the largest swarm shows its first rows within this many ms of
/// the click on „Tabelle“ (the same budget as the navigation while the
/// largest swarm runs): a page change a user sees as immediate.
const TABLE_SHOWN_MS: f64 = 1000.0;

/// A jump anywhere in 50 000 rows is painted within this many ms, the sort of
/// 50 000 rows within [`SORTED_MS`]. SPEC §4 asks that the rows „stay
/// smooth“. Measured on these two shared cores with a software compositor:
/// the first jump about 230 ms, later ones 25–40 ms, the sort 50 ms; a table
/// that rendered every row (50 000 × 17 cells) would take seconds. The
/// budgets leave room for a busy machine and still catch that.
const SCROLLED_MS: f64 = 500.0;
const SORTED_MS: f64 = 1000.0;

scenario!(alone: svg => fifty_thousand_rows_scroll_without_freezing);
async fn fifty_thousand_rows_scroll_without_freezing(page: AppPage) {
    page.open_fresh().await;
    page.set_param("count", "50000").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("50 000 boids", |s| s.state == "pausiert")
        .await;
    let shown_ms = page
        .click_and_time_until(
            "nav a[href=\"/tabelle\"]",
            "document.querySelector('#boid-table tbody tr[data-boid]') !== null",
            10_000,
        )
        .await;
    let rowcount = page
        .js("return document.getElementById('boid-table').getAttribute('aria-rowcount');")
        .await;
    assert_eq!(rowcount, Value::from("50001"));
    let mut times = Vec::new();
    for row in [10_000u32, 49_990, 25_000, 0, 37_123] {
        let ms = page
            .js_async(&format!(
                "const done = arguments[arguments.length - 1];
                 const v = document.querySelector('.table-viewport');
                 const t0 = performance.now();
                 v.scrollTop = {row} * 28;
                 v.dispatchEvent(new Event('scroll'));
                 requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));"
            ))
            .await
            .as_f64()
            .expect("time");
        times.push(ms);
        let rows = dom_rows(&page).await;
        assert!(
            rows.len() < 120,
            "{} rows in the DOM: not virtual",
            rows.len()
        );
        assert!(
            rows.iter().any(|(id, _)| *id as u32 == row),
            "row {row} not rendered after scrolling"
        );
    }
    let sort_ms = page
        .js_async("const done = arguments[arguments.length - 1];
                   const t0 = performance.now();
                   document.querySelector('#boid-table thead th:nth-child(8) button').click();
                   requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));")
        .await
        .as_f64()
        .expect("time");
    eprintln!(
        "     50 000 rows: table shown {shown_ms:.0} ms; scroll to a row and paint {times:.1?} ms; \
         sort by |v| and paint {sort_ms:.1} ms"
    );
    assert!(
        shown_ms <= TABLE_SHOWN_MS,
        "the table took {shown_ms:.0} ms to show"
    );
    let slowest = times.iter().copied().fold(0.0, f64::max);
    assert!(
        slowest <= SCROLLED_MS,
        "a scroll took {slowest:.0} ms to paint: {times:.0?}"
    );
    assert!(
        sort_ms <= SORTED_MS,
        "the sort took {sort_ms:.0} ms to paint"
    );
}

scenario!(svg => export_import_export_is_byte_identical);
async fn export_import_export_is_byte_identical(page: AppPage) {
    let swarm = table_with(&page, 120, 11, 4).await;
    let (name, first) = page.download("#btn-export-json").await;
    assert_eq!(name, "boids-schwarm-schritt-4.json");
    assert_eq!(first, swarm.to_json());
    // Change everything, then load the file.
    page.navigate("Ansicht").await;
    page.set_param("count", "30").await;
    page.set_param("radius", "0,7").await;
    page.click(Button::Initialisieren).await;
    page.click(Button::Schritt).await;
    page.navigate("Tabelle").await;
    let path = temp_file("export.json", first.as_bytes());
    page.import_file(&path).await;
    wait_for_text(&page, ".import-ok", "Schritt 4").await;
    let status = page.status().await;
    assert_eq!(
        (
            status.state.as_str(),
            status.step_count(),
            status.time.as_str()
        ),
        ("pausiert", 4, "0,16 s")
    );
    assert_eq!(status.selection, "keine");
    let (name, second) = page.download("#btn-export-json").await;
    assert_eq!(name, "boids-schwarm-schritt-4.json");
    assert_eq!(second, first, "export after import differs");
    // The inputs took the file's parameters.
    page.navigate("Ansicht").await;
    assert_eq!(page.param("count").await, "120");
    assert_eq!(page.param("seed").await, "11");
    assert_eq!(page.param("radius").await, "1,2");
}

scenario!(svg => an_import_keeps_the_sort_order_and_the_scroll_position);
async fn an_import_keeps_the_sort_order_and_the_scroll_position(page: AppPage) {
    let swarm = table_with(&page, 2000, 6, 1).await;
    let (_, json) = page.download("#btn-export-json").await;
    click_header(&page, Column::Speed).await;
    let header = format!(
        "#boid-table thead th:nth-child({})",
        Column::ALL
            .iter()
            .position(|&c| c == Column::Speed)
            .unwrap()
            + 1
    );
    page.wait_for_css(&format!("{header}[aria-sort='ascending']"))
        .await;
    page.js("const v = document.querySelector('.table-viewport'); v.scrollTop = 1000 * 28; v.dispatchEvent(new Event('scroll'));")
        .await;
    let row = SortOrder {
        column: Column::Speed,
        ascending: true,
    }
    .rows(&swarm)[1000];
    let row = format!("#boid-table tr[data-boid='{row}']");
    page.wait_for_css(&row).await;
    let before = page
        .js("return document.querySelector('.table-viewport').scrollTop;")
        .await;
    page.import_file(&temp_file("same.json", json.as_bytes()))
        .await;
    wait_for_text(&page, ".import-ok", "Schritt 1").await;
    page.wait_for_css(&row).await;
    let after = page
        .js(&format!(
            "return [document.querySelector('.table-viewport').scrollTop,
                     document.querySelector(\"{header}\").getAttribute('aria-sort')];"
        ))
        .await;
    assert_eq!(after, serde_json::json!([before, "ascending"]));
}

scenario!(svg => csv_parses_back_to_the_same_numbers);
async fn csv_parses_back_to_the_same_numbers(page: AppPage) {
    let swarm = table_with(&page, 150, 4, 2).await;
    let (name, text) = page.download("#btn-export-csv").await;
    assert_eq!(name, "boids-schwarm-schritt-2.csv");
    assert_eq!(text, csv(&swarm));
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap_or_default()
            .starts_with("id,x,y,z,vx,vy,vz,speed,neighbors")
    );
    for (id, line) in lines.enumerate() {
        let values: Vec<f64> = line
            .split(',')
            .map(|v| v.parse().expect("number"))
            .collect();
        assert_eq!(values[1].to_bits(), swarm.positions()[id].x.to_bits());
        assert_eq!(values[6].to_bits(), swarm.velocities()[id].z.to_bits());
        assert_eq!(values[8] as u32, swarm.steering()[id].neighbours);
    }
    let (name, excel) = page.download("#btn-export-csv-excel").await;
    assert_eq!(name, "boids-schwarm-schritt-2-excel.csv");
    super::series::assert_excel_form_of(&excel, &text);
    assert!(excel.contains(";Nachbarn;Abstand S x;"), "{excel:.300}");
}

scenario!(svg => every_import_error_keeps_everything);
async fn every_import_error_keeps_everything(page: AppPage) {
    table_with(&page, 60, 8, 2).await;
    let valid = native_swarm(2, 1, 0).to_json();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("text.json", b"hallo".to_vec(), "kein gültiges JSON"),
        (
            "other.json",
            br#"{"format": "etwas-anderes", "version": 1}"#.to_vec(),
            "kein Boids-Schwarm-Zustand",
        ),
        (
            "version.json",
            valid.replace("\"version\":1", "\"version\":7").into_bytes(),
            "Version 7",
        ),
        (
            "radius.json",
            valid
                .replace("\"radius\":1.2", "\"radius\":5.0")
                .into_bytes(),
            "Radius muss größer als 0",
        ),
        (
            "count.json",
            valid.replace("\"count\":2", "\"count\":3").into_bytes(),
            "Anzahl ist 3",
        ),
        ("large.json", vec![b' '; 64 * 1024 * 1024 + 1], "zu groß"),
    ];
    let before = page.status().await;
    for (name, contents, wanted) in cases {
        let path = temp_file(name, &contents);
        page.import_file(&path).await;
        let text = wait_for_text(&page, ".import-error", wanted).await;
        assert!(!text.is_empty());
        assert_eq!(page.status().await, before, "{name} changed the state");
        std::fs::remove_file(&path).ok();
    }
    page.navigate("Ansicht").await;
    assert_eq!(page.param("count").await, "60");
    assert_eq!(page.param("seed").await, "8");
}
