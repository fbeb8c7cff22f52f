//! „Struktur und Korrelation“ on the table page (SPEC §10): computed in the
//! page's Web Workers for the state a link names, its CSV is byte for byte
//! what `boids-schwarm-cli correlations` prints for the same parameters and
//! step; a step makes the result go, „Abbrechen“ stops the largest job, and a
//! swarm of one boid is refused in the CLI's words.

use std::process::Command;

use boids_schwarm::texts::CORRELATIONS_NEED_TWO;

use super::workers::set_cores;
use crate::support::app_page::{AppPage, Button, WAIT, normalise, poll};

/// What `boids-schwarm-cli correlations ARGS` prints.
fn cli_correlations(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_boids-schwarm-cli"))
        .arg("correlations")
        .args(args)
        .output()
        .expect("run boids-schwarm-cli");
    assert!(output.status.success(), "the CLI refused {args:?}");
    String::from_utf8(output.stdout).expect("utf-8")
}

/// Two Rechenkerne, then the table page opened by `link`, paused at `step`.
async fn table_at(page: &AppPage, link: &str, step: u64) {
    page.open_fresh().await;
    set_cores(page, "2").await;
    page.open(link).await;
    page.wait_for_status("paused at the link's step", |s| {
        s.state == "pausiert" && s.step_count() == step
    })
    .await;
}

/// „Berechnen“ and its result's heading.
async fn compute(page: &AppPage) -> String {
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    page.click_css("#btn-correlations").await;
    page.wait_for_css("#correlations-result").await;
    normalise(&page.text("#correlations-result").await)
}

scenario!(svg, webgl => the_exported_correlations_are_the_command_lines_bytes);
/// A state named by a link, computed on two workers: the CSV is the CLI's
/// for the same parameters and step; after a Schritt the result is gone and
/// the next one is the CLI's for the new step.
async fn the_exported_correlations_are_the_command_lines_bytes(page: AppPage) {
    let options = [
        "--count",
        "700",
        "--seed",
        "3",
        "--radius",
        "1.3",
        "--alignment",
        "0.4",
    ];
    table_at(
        &page,
        "/tabelle?anzahl=700&seed=3&radius=1,3&richtung=0,4&schritt=12",
        12,
    )
    .await;
    assert_eq!(compute(&page).await, "Ergebnis für Schritt 12 (N = 700)");
    let (name, csv) = page.download("#btn-export-correlations").await;
    assert_eq!(name, "boids-schwarm-korrelationen-12.csv");
    let expected = cli_correlations(&[&options[..], &["--steps", "12"]].concat());
    assert_eq!(csv, expected, "the CLI's bytes");
    // ξ in words, as the CSV's first line has it.
    let xi = expected
        .lines()
        .next()
        .and_then(|line| line.split("correlation_length=").nth(1))
        .expect("the comment line");
    let said = normalise(&page.text("#correlations-xi").await);
    if xi.is_empty() {
        assert!(said.contains("nie auf null"), "{said}");
    } else {
        let xi: f64 = xi.parse().expect("a number");
        let words = format!("Korrelationslänge ξ ≈ {:.2} LE", xi).replace('.', ",");
        assert!(said.starts_with(&words), "{said} for ξ = {xi}");
    }
    // Both charts, described for screen readers, g marked at 0,35 · r and r.
    let marks = page
        .js(
            "return Array.from(document.querySelectorAll('#chart-pair-correlation .mark-label'))
               .map(t => t.textContent);",
        )
        .await;
    assert_eq!(marks, serde_json::json!(["0,35·r = 0,455", "r = 1,3"]));
    let described = page
        .js(
            "return Array.from(document.querySelectorAll('.correlation-chart svg[role=img]'))
               .map(svg => svg.getAttribute('aria-label'));",
        )
        .await;
    let described = described.as_array().expect("two charts");
    assert_eq!(described.len(), 2);
    assert!(
        described[0]
            .as_str()
            .is_some_and(|d| d.starts_with("Paarkorrelation g über dem Abstand r")),
        "{described:?}"
    );

    // One Schritt on the simulation page: the result was for step 12.
    page.navigate("Ansicht").await;
    page.click(Button::Schritt).await;
    page.wait_for_status("step 13", |s| s.state == "pausiert" && s.step_count() == 13)
        .await;
    page.navigate("Tabelle").await;
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    page.wait_for_no_css("#correlations-result").await;
    assert_eq!(compute(&page).await, "Ergebnis für Schritt 13 (N = 700)");
    let (name, csv) = page.download("#btn-export-correlations").await;
    assert_eq!(name, "boids-schwarm-korrelationen-13.csv");
    assert_eq!(
        csv,
        cli_correlations(&[&options[..], &["--steps", "13"]].concat())
    );
}

scenario!(svg => abbrechen_stops_a_large_job_and_one_boid_is_refused);
/// 50 000 boids (the most): „Abbrechen“ right after „Berechnen“ leaves no progress, no
/// result and no note. A swarm of one boid gets the CLI's sentence.
async fn abbrechen_stops_a_large_job_and_one_boid_is_refused(page: AppPage) {
    table_at(&page, "/tabelle?anzahl=50000&schritt=0", 0).await;
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    page.click_css("#btn-correlations").await;
    page.wait_for_css("#correlations-progress").await;
    let progress = normalise(&page.text("#correlations-progress").await);
    assert!(
        progress.starts_with("Schritt 0: Block ") && progress.ends_with(" von 782 berechnet"),
        "{progress}"
    );
    page.click_css("#btn-correlations-cancel").await;
    page.wait_for_no_css("#correlations-progress").await;
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    assert_eq!(page.text("#correlations-note").await, "");
    page.wait_for_no_css("#correlations-result").await;

    page.open("/tabelle?anzahl=1&schritt=3").await;
    page.wait_for_status("one boid at step 3", |s| {
        s.state == "pausiert" && s.step_count() == 3
    })
    .await;
    page.wait_for_css("#btn-correlations:not([disabled])").await;
    page.click_css("#btn-correlations").await;
    let note = poll("the note on one boid", WAIT, || async {
        let note = page.text("#correlations-note").await;
        if note.is_empty() { Err(note) } else { Ok(note) }
    })
    .await;
    assert_eq!(note, CORRELATIONS_NEED_TWO);
    page.wait_for_no_css("#correlations-result").await;
}
