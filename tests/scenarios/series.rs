//! The measures of the whole swarm in the app: the status shows them, the
//! „Verlauf“ charts follow every step, and „Verlauf exportieren“ gives the
//! native model's series CSV byte for byte, cleared by an edit and cut back
//! by „Schritt zurück“.

use boids_schwarm::app::format::{format_integer, format_measure};
use boids_schwarm::model::{Measure, Params};

use super::step_back::{go_to, paused_at, schritte};
use super::workers::set_cores;
use crate::support::app_page::{AppPage, Button, WAIT, normalise, poll};
use crate::support::native_state;

/// The status entries of the measures beyond the mean speed, by id.
const STATUS_IDS: [(Measure, &str); 5] = [
    (Measure::Polarization, "status-polarization"),
    (Measure::MeanNeighbours, "status-neighbours"),
    (Measure::Groups, "status-groups"),
    (Measure::LargestGroup, "status-largest-group"),
    (Measure::MeanNearestDistance, "status-nearest"),
];

/// Rows of the series as the „Verlauf“ section counts them.
async fn series_rows(page: &AppPage) -> u64 {
    let value = page
        .js("return document.querySelector('section.series').dataset.rows;")
        .await;
    value
        .as_str()
        .and_then(|rows| rows.parse().ok())
        .expect("a row count")
}

async fn wait_for_rows(page: &AppPage, rows: u64) {
    poll(&format!("{rows} rows in the series"), WAIT, || async {
        let seen = series_rows(page).await;
        if seen == rows { Ok(()) } else { Err(seen) }
    })
    .await;
}

/// The chart of a measure: its line's path data and the current value.
async fn chart(page: &AppPage, measure: Measure) -> (String, String) {
    let value = page
        .js(&format!(
            "const f = document.querySelector('.series-chart[data-measure={}]');
             return [f.querySelector('path.series-line').getAttribute('d'),
                     f.querySelector('.series-current').textContent];",
            measure.key()
        ))
        .await;
    let pair = value.as_array().expect("two strings");
    let text = |k: usize| pair[k].as_str().expect("a string").to_owned();
    (text(0), text(1))
}

scenario!(svg, webgl => the_status_shows_the_measures_and_the_charts_follow_schritt);
/// The status shows the native model's measures in German, and the charts
/// take a new point with every Schritt.
async fn the_status_shows_the_measures_and_the_charts_follow_schritt(page: AppPage) {
    let params = Params::default();
    page.open_fresh().await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    wait_for_rows(&page, 1).await;
    for step in 0..=1 {
        let native = native_state(params, step).measures();
        for (measure, id) in STATUS_IDS {
            assert_eq!(
                page.text_of(id).await,
                format_measure(measure, native.get(measure)),
                "{id} at step {step}"
            );
        }
        let (_, current) = chart(&page, Measure::Polarization).await;
        assert_eq!(
            current,
            format_measure(Measure::Polarization, Some(native.polarization))
        );
        if step == 0 {
            let (before, _) = chart(&page, Measure::MeanNearestDistance).await;
            page.click(Button::Schritt).await;
            paused_at(&page, 1).await;
            wait_for_rows(&page, 2).await;
            let (after, _) = chart(&page, Measure::MeanNearestDistance).await;
            assert_ne!(before, after, "the chart did not change after Schritt");
        }
    }
    let figures = page
        .js("return document.querySelectorAll('.series-chart svg').length;")
        .await;
    assert_eq!(figures.as_u64(), Some(6), "one chart per measure");
    // Collapsed, the section keeps its heading only.
    page.click_css("#btn-series-toggle").await;
    page.wait_for_no_css("#series-body").await;
    page.click_css("#btn-series-toggle").await;
    page.wait_for_css("#series-body .series-chart").await;
}

scenario!(svg, webgl => the_exported_series_equals_the_native_models_byte_for_byte);
/// A seeded run on two workers, by Schritt and by Starten: the export is the
/// command-line tool's `--series` for the same steps, byte for byte.
async fn the_exported_series_equals_the_native_models_byte_for_byte(page: AppPage) {
    let params = Params {
        count: 400,
        seed: 23,
        radius: 1.5,
        ..Params::default()
    };
    page.open_fresh().await;
    set_cores(&page, "2").await;
    page.set_param("count", "400").await;
    page.set_param("seed", "23").await;
    page.set_param("radius", "1,5").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    schritte(&page, 0, 3).await;
    let steps = page.run_until(8).await.step_count();
    wait_for_rows(&page, steps + 1).await;
    let (name, csv) = page.download("#btn-export-series").await;
    assert_eq!(name, format!("boids-schwarm-verlauf-{steps}.csv"));
    let mut native = native_state(params, 0);
    assert_eq!(csv, native.series_csv(steps), "after {steps} steps");
    // „CSV für Excel“: the same numbers, read back as a German Excel would.
    let (name, excel) = page.download("#btn-export-series-excel").await;
    assert_eq!(name, format!("boids-schwarm-verlauf-{steps}-excel.csv"));
    assert_excel_form_of(&excel, &csv);
    assert!(
        excel.starts_with(
            "\u{feff}Schritt;Modellzeit (s);Mittleres Tempo (LE/s);Ordnung (Polarisation);"
        ),
        "{excel:.120}"
    );
}

/// `excel` holds `plain`'s numbers: a byte order mark, CRLF, `;` between
/// cells and decimal commas; back in plain form every cell is the same text.
pub fn assert_excel_form_of(excel: &str, plain: &str) {
    let body = excel.strip_prefix('\u{feff}').expect("UTF-8 with BOM");
    let mut rows: Vec<&str> = body.split_terminator("\r\n").collect();
    let mut plain_rows: Vec<&str> = plain.lines().collect();
    // A study file's comment line stays one cell, as it was.
    if plain_rows[0].starts_with('#') {
        assert_eq!(rows.remove(0), plain_rows.remove(0));
    }
    assert_eq!(rows.len(), plain_rows.len());
    let header: Vec<&str> = rows[0].split(';').collect();
    assert_eq!(header.len(), plain_rows[0].split(',').count());
    assert!(header.iter().all(|name| !name.contains('_')), "{header:?}");
    for (row, plain_row) in rows[1..].iter().zip(&plain_rows[1..]) {
        assert!(!row.contains('.'), "a decimal point in {row}");
        assert_eq!(row.replace(',', ".").replace(';', ","), *plain_row);
    }
}

scenario!(svg, webgl => an_edit_clears_the_series_and_schritt_zurueck_cuts_it);
/// An edit clears the series; „Schritt zurück“ cuts it back to the step, and
/// „Gehe zu Schritt“ forward adds a row for every step on the way.
async fn an_edit_clears_the_series_and_schritt_zurueck_cuts_it(page: AppPage) {
    let params = Params {
        count: 150,
        seed: 4,
        ..Params::default()
    };
    page.open_fresh().await;
    page.set_param("count", "150").await;
    page.set_param("seed", "4").await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    schritte(&page, 0, 4).await;
    wait_for_rows(&page, 5).await;
    page.click_css("#btn-step-back").await;
    paused_at(&page, 3).await;
    wait_for_rows(&page, 4).await;
    let series = |steps| native_state(params, 0).series_csv(steps);
    assert_eq!(page.download("#btn-export-series").await.1, series(3));
    go_to(&page, "40").await;
    paused_at(&page, 40).await;
    wait_for_rows(&page, 41).await;
    assert_eq!(page.download("#btn-export-series").await.1, series(40));
    page.set_param("seed", "5").await;
    wait_for_rows(&page, 0).await;
    poll("export disabled without a series", WAIT, || async {
        let disabled = page
            .js("return document.getElementById('btn-export-series').disabled;")
            .await;
        if disabled.as_bool() == Some(true) {
            Ok(())
        } else {
            Err(disabled)
        }
    })
    .await;
    assert_eq!(page.text_of("status-groups").await, "–");
}

scenario!(svg => the_series_charts_in_a_screenshot);
/// The „Verlauf“ section in a screenshot after a short run, for people to
/// look at; the charts must be drawn (not one blank colour).
async fn the_series_charts_in_a_screenshot(page: AppPage) {
    page.open_fresh().await;
    page.click(Button::Initialisieren).await;
    paused_at(&page, 0).await;
    let status = page.run_until(60).await;
    // Paused, the charts show the current step at once (no throttle).
    wait_for_rows(&page, status.step_count() + 1).await;
    assert_eq!(chart(&page, Measure::MeanSpeed).await.1, status.speed);
    page.js("document.querySelector('section.series').scrollIntoView();")
        .await;
    page.frames(2).await;
    page.save_screenshot_showing("series-charts.png", "section.series")
        .await;
}

scenario!(svg => a_series_of_six_million_steps_exports_what_it_keeps_and_says_so);
/// „Gehe zu Schritt 6 000 000“ with one boid (no workers): the page keeps
/// the series' last rows (about a million), says in the Verlauf which steps it dropped
/// and how to compute them again, and „Verlauf exportieren“ writes the
/// rows it keeps as one file in parts: no exception, no exhausted memory.
async fn a_series_of_six_million_steps_exports_what_it_keeps_and_says_so(page: AppPage) {
    const STEPS: u64 = 6_000_000;
    page.open_fresh().await;
    // On the main thread: a way of one boid goes at about 150 000 steps a
    // second there, and at a few hundred through the workers, where every
    // step is a message there and back (DEVELOPING, "Known limits").
    let script = page
        .driver
        .add_init_script("window.Worker = function () { throw new Error('blockiert'); };")
        .await;
    page.reload().await;
    page.set_param("count", "1").await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    go_to(&page, &STEPS.to_string()).await;
    // A way estimated above a minute asks first.
    page.frames(5).await;
    if page
        .js("return document.getElementById('status-ask-compute') !== null;")
        .await
        == serde_json::json!(true)
    {
        page.click_css("#status-ask-compute").await;
    }
    page.wait_long_for_status(
        "paused at step 6 000 000",
        std::time::Duration::from_secs(600),
        |s| s.state == "pausiert" && s.step_count() == STEPS,
    )
    .await;
    page.driver.remove_init_script(&script).await;
    // The Verlauf is open from the start.
    page.wait_for_css("#series-kept").await;
    let rows = series_rows(&page).await;
    assert!((1_000_000..=1_250_000).contains(&rows), "{rows} rows kept");
    let first = STEPS + 1 - rows;
    let note = normalise(&page.text_of("series-kept").await);
    assert!(
        note.starts_with(&format!(
            "Der Verlauf hält die letzten Schritte ab Schritt {}; die {} Schritte davor sind nicht mehr im Speicher",
            normalise(&format_integer(first)),
            normalise(&format_integer(first))
        )),
        "{note}"
    );
    page.catch_downloads().await;
    page.click_css("#btn-export-series").await;
    let file = page
        .js_async(
            "const done = arguments[arguments.length - 1];
             const d = window.__downloads.pop();
             if (!d) { done(null); return; }
             fetch(d.href).then(r => r.text()).then(text => {
               const lines = text.split('\\n');
               done([d.name, lines.length - 1, lines[0], lines[1].split(',')[0],
                     lines[lines.length - 2].split(',')[0], text.endsWith('\\n')]);
             }, e => done(['error', String(e)]));",
        )
        .await;
    assert_eq!(
        file[0].as_str(),
        Some("boids-schwarm-verlauf-6000000.csv"),
        "{file}"
    );
    assert_eq!(
        file[1].as_u64(),
        Some(rows + 1),
        "a header and every kept row: {file}"
    );
    assert_eq!(file[3].as_str(), Some(first.to_string().as_str()), "{file}");
    assert_eq!(file[4].as_str(), Some(STEPS.to_string().as_str()), "{file}");
    assert_eq!(file[5], serde_json::json!(true));
    assert!(page.driver.take_console_problems().await.is_empty());
}
