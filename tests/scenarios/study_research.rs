//! The study page's research tools (SPEC §8): the plan form's choice of
//! measures and its export, a study of fewer measures giving the
//! command-line tool's bytes, the Binder cumulant in the chart, and the
//! phase diagram of a study with two axes, each cell a link to its runs.

use boids_schwarm::model::study::Plan;

use super::study::{RUNS, SMALL, cli_results, load_plan, open_study, wait_for_state};
use crate::support::app_page::AppPage;
use crate::support::temp_file;

/// [`SMALL`] computing the polarization alone.
fn order_only() -> String {
    let plan = SMALL.replacen(
        r#""burn_in": 10}"#,
        r#""burn_in": 10, "measures": ["polarization"]}"#,
        1,
    );
    assert_ne!(plan, SMALL);
    plan
}

/// The checked measures of the plan form, by code name.
async fn checked_measures(page: &AppPage) -> serde_json::Value {
    page.js(
        "return [...document.querySelectorAll('.study-measures input[type=checkbox]')]
             .filter(box => box.checked).map(box => box.id.replace('study-measure-', ''));",
    )
    .await
}

/// Sets the select `id` to `value` as a user does.
async fn choose(page: &AppPage, id: &str, value: &str) {
    page.js(&format!(
        "const select = document.getElementById('{id}');
         select.value = '{value}';
         select.dispatchEvent(new Event('change', {{ bubbles: true }}));"
    ))
    .await;
}

scenario!(svg => the_measure_choice_goes_into_the_plan_and_its_columns);
async fn the_measure_choice_goes_into_the_plan_and_its_columns(page: AppPage) {
    open_study(&page, 2).await;
    // A loaded plan's measures are ticked in the form.
    let json = order_only();
    let file = temp_file("plan.json", json.as_bytes());
    assert_eq!(load_plan(&page, &file).await, "Plan geladen: 8 Läufe.");
    assert_eq!(
        checked_measures(&page).await,
        serde_json::json!(["polarization"])
    );
    let (_, exported) = page.download("#btn-study-plan-export").await;
    let plan = Plan::parse(exported.as_bytes()).expect("exported plan");
    assert_eq!(plan.id(), Plan::parse(json.as_bytes()).expect("valid").id());
    assert!(
        exported.contains(r#""measures": ["polarization"]"#),
        "{exported}"
    );
    // Ticking the groups too: the exported plan names both, in §6 order.
    page.click_css("#study-measure-groups").await;
    let (_, both) = page.download("#btn-study-plan-export").await;
    assert!(
        both.contains(r#""measures": ["polarization", "groups"]"#),
        "{both}"
    );
    // None ticked: the form says so and nothing starts.
    page.click_css("#study-measure-groups").await;
    page.click_css("#study-measure-polarization").await;
    assert_eq!(
        page.text_of("study-plan-error").await,
        "Maße: Bitte mindestens ein Maß wählen."
    );
    assert_eq!(
        page.js("return document.getElementById('btn-study-start').disabled;")
            .await,
        serde_json::json!(true)
    );
    page.click_css("#study-measure-polarization").await;
    // The study of order alone: the CLI's bytes, its three numbers to chart.
    page.click_css("#btn-study-start").await;
    let done = wait_for_state(&page, "fertig", RUNS).await;
    assert!(done.starts_with("8 von 8 Läufen"), "{done}");
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(results, cli_results(&file));
    assert!(
        results
            .lines()
            .nth(1)
            .is_some_and(|header| header.ends_with(
                "max_speed,polarization_mean,polarization_sd,polarization_final,\
                 polarization_susceptibility,polarization_binder"
            )),
        "{results:.400}"
    );
    let choices = page
        .js("return [...document.querySelectorAll('#study-measure option')].map(o => o.value);")
        .await;
    assert_eq!(
        choices,
        serde_json::json!([
            "polarization",
            "polarization_susceptibility",
            "polarization_binder"
        ])
    );
    choose(&page, "study-measure", "polarization_binder").await;
    let labels = page
        .js("return [...document.querySelectorAll('#study-chart text.axis-label')].map(t => t.textContent);")
        .await;
    assert!(
        labels.to_string().contains("Binder-Kumulante der Ordnung"),
        "{labels}"
    );
    assert!(
        page.text_of("study-table")
            .await
            .contains("Binder-Kumulante der Ordnung (Mittel ± Standardabweichung)")
    );
    page.save_screenshot_showing("studie-binder.png", "#study-chart")
        .await;
}

scenario!(svg => a_two_axis_study_shows_a_phase_diagram_whose_cells_lead_to_their_runs);
async fn a_two_axis_study_shows_a_phase_diagram_whose_cells_lead_to_their_runs(page: AppPage) {
    open_study(&page, 2).await;
    load_plan(&page, &temp_file("plan.json", SMALL.as_bytes())).await;
    page.click_css("#btn-study-start").await;
    wait_for_state(&page, "fertig", RUNS).await;
    choose(&page, "study-view", "phase").await;
    // SMALL: alignment 0 and 0,5 across, radius 1 and 2,5 up, two seeds.
    let cells = page
        .js(
            "return [...document.querySelectorAll('#study-chart a.cell')].map(a => {
                 const rect = a.querySelector('rect').getBoundingClientRect();
                 return [a.getAttribute('href'), a.getAttribute('target'),
                         a.querySelector('title').textContent,
                         Math.round(rect.width) > 0,
                         !!document.querySelector(a.getAttribute('href').replace('/studie', ''))];
             });",
        )
        .await;
    let cells = cells.as_array().expect("a list");
    assert_eq!(cells.len(), 4, "{cells:?}");
    for (point, cell) in cells.iter().enumerate() {
        assert_eq!(
            cell[0],
            serde_json::json!(format!("/studie#study-point-{point}"))
        );
        assert_eq!(cell[1], serde_json::Value::Null, "the same page");
        assert!(
            cell[2].as_str().is_some_and(|t| t.contains("(2 Läufe)")),
            "{cell}"
        );
        assert_eq!(cell[3], serde_json::json!(true), "drawn");
        assert_eq!(cell[4], serde_json::json!(true), "its row is there");
    }
    assert!(
        cells[1][2]
            .as_str()
            .is_some_and(|t| t.starts_with("Richtung = 0 · Radius = 2,5: 0,")),
        "{}",
        cells[1][2]
    );
    // The colour scale with numbers, and a number in every cell.
    let scale = page
        .js(
            "return [document.querySelectorAll('#study-chart rect.scale-step').length,
                     document.querySelectorAll('#study-chart text.cell-value, #study-chart text.cell-value-light').length];",
        )
        .await;
    assert_eq!(scale, serde_json::json!([9, 4]));
    page.js("document.getElementById('study-chart').scrollIntoView();")
        .await;
    page.save_screenshot_showing("studie-phasendiagramm.png", "#study-chart")
        .await;
    // A cell leads to its row, which holds its runs' links.
    page.click_css("#study-chart a.cell[href='/studie#study-point-3']")
        .await;
    let row = page
        .js("return [location.pathname + location.hash,
                     document.querySelectorAll('#study-point-3 a.run-link').length];")
        .await;
    assert_eq!(row, serde_json::json!(["/studie#study-point-3", 2]));
    // Back to the lines.
    choose(&page, "study-view", "lines").await;
    page.wait_for_css("#study-chart a.run-dot").await;
}
