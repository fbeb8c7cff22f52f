//! The study page (SPEC §8) in the browser: a plan file loaded and run on
//! the Web Workers gives the command-line tool's bytes, a run's link opens
//! exactly that run's last state, „Abbrechen“ stops, a reload and „Studie
//! fortsetzen“ compute only the missing runs, and bad plan files get the
//! command-line tool's German message.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use boids_schwarm::model::study::Plan;

use super::table::wait_for_text;
use crate::support::app_page::{AppPage, WAIT, poll};
use crate::support::{Mode, native_state, temp_file};

/// A study's runs take seconds; the wait for them is generous.
pub(crate) const RUNS: Duration = Duration::from_secs(120);

/// 2 × 2 points × 2 seeds of 30 boids, 40 steps: 8 runs of a few ms each.
pub(crate) const SMALL: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 30, "cohesion": 0.3},
  "sweep": [{"parameter": "alignment", "values": [0, 0.5]},
            {"parameter": "radius", "values": [1, 2.5]}],
  "seeds": [7, 2], "steps": 40, "burn_in": 10}"#;

/// 12 runs of 300 boids over 1 000 steps, about half a second each on one
/// worker: long enough to be stopped midway.
const LONGER: &str = r#"{"format": "boids-schwarm-study", "version": 1,
  "base": {"count": 300},
  "sweep": [{"parameter": "separation", "from": 0.2, "to": 0.8, "points": 4}],
  "seeds": {"from": 1, "count": 3}, "steps": 1000, "burn_in": 100}"#;

/// The command-line tool's stdout (or its one stderr line) for `args`.
fn cli(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_boids-schwarm-cli"))
        .args(args)
        .output()
        .expect("run boids-schwarm-cli");
    let text = if output.status.success() {
        output.stdout
    } else {
        output.stderr
    };
    (
        output.status.success(),
        String::from_utf8(text).expect("utf-8"),
    )
}

/// What `boids-schwarm-cli study PLAN` prints.
pub(crate) fn cli_results(plan: &Path) -> String {
    let (ok, text) = cli(&["study", plan.to_str().expect("utf-8 path")]);
    assert!(ok, "the CLI refused the plan: {text}");
    text
}

/// Empties the browser's storage: local storage and the studies' database.
async fn clear_storage(page: &AppPage) {
    page.js_async(
        "const done = arguments[arguments.length - 1];
         localStorage.clear();
         const request = indexedDB.deleteDatabase('boids-schwarm-studien');
         request.onsuccess = request.onerror = request.onblocked = () => done(true);",
    )
    .await;
}

/// Opens the study page with empty storage and `cores` Rechenkerne.
pub(crate) async fn open_study(page: &AppPage, cores: u32) {
    page.open("/studie").await;
    clear_storage(page).await;
    page.open("/studie").await;
    set_cores(page, cores).await;
}

async fn set_cores(page: &AppPage, cores: u32) {
    page.js(&format!(
        "const input = document.getElementById('study-cores');
         input.value = '{cores}';
         input.dispatchEvent(new Event('input', {{ bubbles: true }}));"
    ))
    .await;
}

/// Chooses a plan file in „Plan laden“ and waits for the page's answer.
pub(crate) async fn load_plan(page: &AppPage, path: &Path) -> String {
    page.element("#study-plan-file")
        .await
        .send_keys(path.to_str().expect("utf-8 path"))
        .await
        .expect("choose the plan file");
    poll("the plan's answer", WAIT, || async {
        let text =
            page.text_of("study-plan-loaded").await + &page.text_of("study-plan-load-error").await;
        if text.is_empty() { Err(text) } else { Ok(text) }
    })
    .await
}

/// The progress line, spaces normalised.
async fn progress(page: &AppPage) -> String {
    page.text_of("study-progress").await
}

/// Waits until the study says `state` („fertig“, „abgebrochen“ …).
pub(crate) async fn wait_for_state(page: &AppPage, state: &str, limit: Duration) -> String {
    poll(&format!("study {state}"), limit, || async {
        let seen = page.text_of("study-state").await;
        if seen == state {
            Ok(progress(page).await)
        } else {
            Err((seen, progress(page).await))
        }
    })
    .await
}

/// The number of finished runs the progress line names (0 before it shows).
fn done_runs(progress: &str) -> u64 {
    progress
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

scenario!(svg => a_loaded_plan_runs_on_the_workers_and_exports_the_clis_bytes);
async fn a_loaded_plan_runs_on_the_workers_and_exports_the_clis_bytes(page: AppPage) {
    let file = temp_file("plan.json", SMALL.as_bytes());
    let plan = Plan::parse(SMALL.as_bytes()).expect("valid plan");
    let hex = plan.id().hex();
    open_study(&page, 2).await;
    assert_eq!(load_plan(&page, &file).await, "Plan geladen: 8 Läufe.");
    assert!(
        page.text_of("study-size")
            .await
            .starts_with("8 Läufe; geschätzte Rechenzeit")
    );
    // The exported plan is the same plan (its identity), whatever its spelling.
    let (name, json) = page.download("#btn-study-plan-export").await;
    assert_eq!(name, format!("boids-schwarm-studie-{hex}-plan.json"));
    assert_eq!(
        Plan::parse(json.as_bytes()).expect("exported plan").id(),
        plan.id()
    );

    page.click_css("#btn-study-start").await;
    // Another page meanwhile: the study goes on (and the simulation works).
    page.navigate("Ansicht").await;
    page.wait_for_css("#btn-init").await;
    page.navigate("Studie").await;
    let done = wait_for_state(&page, "fertig", RUNS).await;
    assert!(done.starts_with("8 von 8 Läufen"), "{done}");

    let (name, results) = page.download("#btn-study-results").await;
    assert_eq!(name, format!("boids-schwarm-studie-{hex}.csv"));
    let expected = cli_results(&file);
    assert_eq!(
        results, expected,
        "the page's results differ from the CLI's"
    );
    let (name, excel) = page.download("#btn-study-results-excel").await;
    assert_eq!(name, format!("boids-schwarm-studie-{hex}-excel.csv"));
    super::series::assert_excel_form_of(&excel, &results);
    assert!(
        excel.contains("Lauf;Anzahl;Seed;Radius (LE);"),
        "{excel:.200}"
    );
    let results_file = temp_file("results.csv", results.as_bytes());
    let (name, summary) = page.download("#btn-study-summary").await;
    assert_eq!(
        name,
        format!("boids-schwarm-studie-{hex}-zusammenfassung.csv")
    );
    let (ok, cli_summary) = cli(&[
        "study-summary",
        file.to_str().expect("utf-8"),
        results_file.to_str().expect("utf-8"),
    ]);
    assert!(ok, "{cli_summary}");
    assert_eq!(summary, cli_summary);
    // A link per run in the table and in the chart.
    let links = page
        .js(
            "return [document.querySelectorAll('#study-table a.run-link').length,
                     document.querySelectorAll('#study-chart a.run-dot').length];",
        )
        .await;
    assert_eq!(links, serde_json::json!([8, 8]));
    page.save_screenshot_showing("studie.png", "#study-chart")
        .await;
    // Each run's dot is drawn: an SVG link (an HTML one inside the chart
    // would be in the page but never drawn) around a circle with a size.
    let drawn = page
        .js(
            "return [...document.querySelectorAll('#study-chart a.run-dot')]
                 .filter(a => a.namespaceURI === 'http://www.w3.org/2000/svg'
                     && a.querySelector('circle').getBoundingClientRect().width > 0).length;",
        )
        .await;
    assert_eq!(drawn, serde_json::json!(8), "every run's dot is drawn");
}

scenario!(svg, webgl => a_runs_link_opens_exactly_that_runs_last_state);
async fn a_runs_link_opens_exactly_that_runs_last_state(page: AppPage) {
    let plan = Plan::parse(SMALL.as_bytes()).expect("valid plan");
    open_study(&page, 2).await;
    load_plan(&page, &temp_file("plan.json", SMALL.as_bytes())).await;
    page.click_css("#btn-study-start").await;
    wait_for_state(&page, "fertig", RUNS).await;
    let hrefs = page
        .js("return [document.querySelector('#study-table a.run-link[data-run=\"5\"]').getAttribute('href'),
                     document.querySelector('#study-chart a.run-dot[data-run=\"5\"]').getAttribute('href'),
                     document.querySelector('#study-table a.run-link[data-run=\"5\"]').target];")
        .await;
    let href = hrefs[0].as_str().expect("the run's link").to_owned();
    assert_eq!(
        hrefs[1].as_str(),
        Some(href.as_str()),
        "the dot links the same state"
    );
    assert_eq!(
        hrefs[2].as_str(),
        Some("_blank"),
        "a new tab; the study page stays"
    );
    let run = plan.run(5);
    assert_eq!(
        href,
        format!(
            "/{}",
            boids_schwarm::link::format(&run.params, Some(plan.steps))
        )
    );

    let mode = if page
        .js("return document.documentElement.dataset.webgl2 === 'available';")
        .await
        == serde_json::json!(true)
    {
        Mode::Webgl
    } else {
        Mode::Svg
    };
    let other = crate::second_browser(mode).await;
    other.page.open(&href).await;
    other
        .page
        .wait_for_status("paused at the run's last step", |s| {
            s.state == "pausiert" && s.steps == plan.steps.to_string()
        })
        .await;
    let state = other.page.exported_json().await;
    let problems = other.page.driver.take_console_problems().await;
    other.close().await;
    assert!(problems.is_empty(), "console problems: {problems:?}");
    assert_eq!(state, native_state(run.params, plan.steps).to_json());
}

scenario!(svg => cancel_then_reload_and_resume_computes_only_the_missing_runs);
async fn cancel_then_reload_and_resume_computes_only_the_missing_runs(page: AppPage) {
    let file = temp_file("plan.json", LONGER.as_bytes());
    open_study(&page, 1).await;
    assert_eq!(load_plan(&page, &file).await, "Plan geladen: 12 Läufe.");
    page.click_css("#btn-study-start").await;
    let leaving = "const e = new Event('beforeunload', { cancelable: true });
                   window.dispatchEvent(e); return e.defaultPrevented;";
    poll("two runs done", RUNS, || async {
        let seen = progress(&page).await;
        if done_runs(&seen) >= 2 {
            Ok(())
        } else {
            Err(seen)
        }
    })
    .await;
    assert_eq!(
        page.js(leaving).await,
        serde_json::json!(true),
        "leaving asks while it runs"
    );
    page.click_css("#btn-study-cancel").await;
    let stopped = wait_for_state(&page, "abgebrochen", WAIT).await;
    let kept = done_runs(&stopped);
    assert!((2..12).contains(&kept), "{stopped}");
    assert_eq!(
        page.js(leaving).await,
        serde_json::json!(false),
        "nothing to lose now"
    );
    // Nothing more arrives: the workers are gone. A run takes about half a
    // second here, so one still computing would land within this window.
    let end = Instant::now() + Duration::from_secs(2);
    while Instant::now() < end {
        page.frames(1).await;
        assert_eq!(progress(&page).await, stopped, "a row after „Abbrechen“");
    }

    // After a reload the stored rows are there, and only the rest is computed.
    page.reload().await;
    page.wait_for_css("#study-progress").await;
    assert_eq!(
        progress(&page).await,
        format!("{kept} von 12 Läufen"),
        "restored from the browser"
    );
    assert_eq!(page.text_of("btn-study-start").await, "Studie fortsetzen");
    page.click_css("#btn-study-start").await;
    let done = wait_for_state(&page, "fertig", RUNS).await;
    assert_eq!(
        done,
        format!(
            "12 von 12 Läufen ({kept} gespeichert, {} neu gerechnet)",
            12 - kept
        )
    );
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(results, cli_results(&file));
}

scenario!(svg => bad_plan_files_get_the_command_line_tools_german_message);
async fn bad_plan_files_get_the_command_line_tools_german_message(page: AppPage) {
    open_study(&page, 1).await;
    let bad: [&[u8]; 5] = [
        b"{ nicht json",
        br#"{"format": "boids-schwarm-study", "version": 1, "seeds": [1], "steps": 10, "burn_in": 0, "schritte": 3}"#,
        br#"{"format": "boids-schwarm-study", "version": 1, "base": {"radius": 5}, "seeds": [1], "steps": 10, "burn_in": 0}"#,
        br#"{"format": "boids-schwarm-study", "version": 1, "seeds": [1, 2, 1], "steps": 10, "burn_in": 0}"#,
        br#"{"format": "boids-schwarm-study", "version": 1, "sweep": [{"parameter": "count", "from": 1, "to": 2, "points": 3}], "seeds": [1], "steps": 10, "burn_in": 0}"#,
    ];
    for bytes in bad {
        let file = temp_file("bad.json", bytes);
        let (ok, line) = cli(&["study", file.to_str().expect("utf-8")]);
        // The CLI names the file first; the page has no path to name.
        assert!(!ok, "the CLI takes {bytes:?}");
        let expected =
            boids_schwarm::texts::study::plan_error(&Plan::parse(bytes).expect_err("a bad plan"));
        let path = file.to_str().expect("utf-8");
        assert_eq!(
            line.trim_end(),
            format!("boids-schwarm-cli: {path}: {expected}"),
            "the CLI's line"
        );
        assert_eq!(load_plan(&page, &file).await, expected);
    }
    // The form keeps its plan; nothing was started.
    assert_eq!(page.text_of("study-progress").await, "");
}

scenario!(svg => the_ready_studies_fill_the_form_with_what_to_watch);
async fn the_ready_studies_fill_the_form_with_what_to_watch(page: AppPage) {
    open_study(&page, 2).await;
    for (id, runs, watch, measures) in [
        (
            "ordnung",
            55,
            "Ohne „Richtung“ bleibt die Ordnung nahe 0",
            6,
        ),
        ("uebergang", 84, "Ohne „Richtung“ ist die Ordnung Zufall", 1),
        (
            "dichte",
            18,
            "Mehr Boids im selben Würfel, mehr Nachbarn",
            6,
        ),
    ] {
        page.js(&format!(
            "const select = document.getElementById('study-preset');
             select.value = '{id}';
             select.dispatchEvent(new Event('change', {{ bubbles: true }}));"
        ))
        .await;
        page.wait_for_css("#study-watch:not(.hidden)").await;
        assert!(page.text_of("study-watch").await.contains(watch));
        let size = page.text_of("study-size").await;
        assert!(
            size.starts_with(&format!("{runs} Läufe; geschätzte Rechenzeit mit 2")),
            "{size}"
        );
        let (_, json) = page.download("#btn-study-plan-export").await;
        let plan = Plan::parse(json.as_bytes()).expect("the preset's plan");
        assert_eq!(plan.run_count(), runs);
        assert_eq!(plan.measures.iter().count(), measures, "{id}");
        let ticked = page
            .js("return document.querySelectorAll('.study-measures input:checked').length;")
            .await;
        assert_eq!(ticked, serde_json::json!(measures), "{id}");
    }
    // Only the entries that apply show: no second axis, a range, seeds from/count.
    let shown = page
        .js("return ['study-axis1-from', 'study-axis1-values', 'study-axis2-mode', 'study-seeds-count', 'study-seeds-list']
                 .map(id => getComputedStyle(document.getElementById(id).closest('.study-entry')).display !== 'none');")
        .await;
    assert_eq!(shown, serde_json::json!([true, false, false, true, false]));
    // The simulation's parameters fill the base on the first visit.
    page.open("/").await;
    page.set_param("count", "321").await;
    page.open("/studie").await;
    let count = page
        .js("return document.getElementById('study-base-count').value;")
        .await;
    assert_eq!(count, serde_json::json!("321"));
}

/// The stored studies as the list shows them: per study its plan hash and
/// „n von m Läufen“.
async fn stored_studies(page: &AppPage) -> Vec<(String, String)> {
    let list = page
        .js(
            "return [...document.querySelectorAll('#study-shelf li')].map(li =>
                 [li.dataset.plan, li.querySelector('.study-stored-runs').textContent]);",
        )
        .await;
    serde_json::from_value(list).expect("the list")
}

/// Waits until the list shows `want`.
async fn wait_for_list(page: &AppPage, want: &[(String, String)]) {
    poll("the stored studies", WAIT, || async {
        let seen = stored_studies(page).await;
        if seen == want { Ok(()) } else { Err(seen) }
    })
    .await;
}

scenario!(svg => a_study_runs_in_one_tab_and_another_tab_follows_it);
/// Two tabs of one browser: the second lists the study the first computes
/// as computed elsewhere, follows its progress, and is refused a start and
/// a deletion of it; the first's results are the command line's bytes,
/// and once it is done the second shows every run.
async fn a_study_runs_in_one_tab_and_another_tab_follows_it(page: AppPage) {
    let longer = LONGER.replace(r#""steps": 1000"#, r#""steps": 3000"#);
    let file = temp_file("plan.json", longer.as_bytes());
    open_study(&page, 1).await;
    load_plan(&page, &file).await;
    page.click_css("#btn-study-start").await;
    let client = &page.client;
    let first_tab = client.window().await.expect("the first tab");
    let second_tab = client.new_window(true).await.expect("a second tab").handle;
    client
        .switch_to_window(second_tab.clone())
        .await
        .expect("to the second tab");
    page.open("/studie").await;
    wait_for_text(
        &page,
        ".study-stored",
        "Rechnet gerade in einem anderen Tab.",
    )
    .await;
    // It opened the study and follows it.
    let seen = poll("the study's progress", WAIT, || async {
        let seen = progress(&page).await;
        if seen.contains(" von 12 Läufen") {
            Ok(done_runs(&seen))
        } else {
            Err(seen)
        }
    })
    .await;
    poll("the other tab's next run", RUNS, || async {
        let now = progress(&page).await;
        if done_runs(&now) > seen {
            Ok(())
        } else {
            Err(now)
        }
    })
    .await;
    assert_eq!(
        page.js("return document.querySelector('.study-stored .study-delete').disabled;")
            .await,
        serde_json::json!(true),
        "no „Löschen“ of a study computed elsewhere"
    );
    page.click_css("#btn-study-start").await;
    wait_for_text(&page, "#study-note", "in einem anderen Tab").await;
    assert_eq!(
        page.text_of("study-state").await,
        "rechnet in einem anderen Tab",
        "nothing started here"
    );

    client
        .switch_to_window(first_tab.clone())
        .await
        .expect("to the first tab");
    wait_for_state(&page, "fertig", RUNS).await;
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(results, cli_results(&file));

    client
        .switch_to_window(second_tab)
        .await
        .expect("to the second tab");
    poll("every run in the second tab", RUNS, || async {
        let now = progress(&page).await;
        let elsewhere = page
            .js("return document.querySelector('.study-elsewhere') !== null;")
            .await;
        if now.starts_with("12 von 12 Läufen") && elsewhere == serde_json::json!(false) {
            Ok(())
        } else {
            Err((now, elsewhere))
        }
    })
    .await;
    let problems = page.driver.take_console_problems().await;
    client.close_window().await.expect("close the second tab");
    client
        .switch_to_window(first_tab)
        .await
        .expect("back to the first tab");
    assert!(problems.is_empty(), "console problems: {problems:?}");
}

scenario!(svg => full_storage_says_what_it_needed_and_leaving_asks_until_exported);
/// The browser refuses every write (as a full disk or quota does): the page
/// says so with the size the study needed, the runs stay in memory and
/// give the command line's bytes, and leaving the page asks, also after the
/// study finished, until its results are exported.
async fn full_storage_says_what_it_needed_and_leaving_asks_until_exported(page: AppPage) {
    let file = temp_file("plan.json", SMALL.as_bytes());
    open_study(&page, 2).await;
    page.js("const shelf = globalThis.boidsSchwarmRegal;
         globalThis.boidsSchwarmRegal = (command, ...args) => command === 'put'
             ? Promise.reject(new DOMException('full', 'QuotaExceededError'))
             : shelf(command, ...args);")
        .await;
    load_plan(&page, &file).await;
    page.click_css("#btn-study-start").await;
    wait_for_state(&page, "fertig", RUNS).await;
    let note = page.text_of("study-note").await;
    assert!(
        note.starts_with("Der Browser-Speicher ist voll oder gesperrt: Diese Studie braucht ")
            && note.contains(" kB. "),
        "{note}"
    );
    let leaving = "const e = new Event('beforeunload', { cancelable: true });
                   window.dispatchEvent(e); return e.defaultPrevented;";
    assert_eq!(
        page.js(leaving).await,
        serde_json::json!(true),
        "finished, but only in memory: leaving asks"
    );
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(results, cli_results(&file));
    assert_eq!(
        page.js(leaving).await,
        serde_json::json!(false),
        "exported: nothing to lose"
    );
    assert!(page.driver.take_console_problems().await.is_empty());
}

scenario!(svg => another_plan_keeps_the_first_study_and_loeschen_asks);
async fn another_plan_keeps_the_first_study_and_loeschen_asks(page: AppPage) {
    let other = SMALL.replace(r#""steps": 40"#, r#""steps": 41"#);
    let (a, b) = (
        Plan::parse(SMALL.as_bytes())
            .expect("valid plan")
            .id()
            .hex(),
        Plan::parse(other.as_bytes())
            .expect("valid plan")
            .id()
            .hex(),
    );
    open_study(&page, 2).await;
    load_plan(&page, &temp_file("plan.json", SMALL.as_bytes())).await;
    page.click_css("#btn-study-start").await;
    wait_for_state(&page, "fertig", RUNS).await;
    load_plan(&page, &temp_file("other.json", other.as_bytes())).await;
    page.click_css("#btn-study-start").await;
    wait_for_state(&page, "fertig", RUNS).await;
    wait_for_list(
        &page,
        &[
            (b.clone(), String::from("8 von 8 Läufen")),
            (a.clone(), String::from("8 von 8 Läufen")),
        ],
    )
    .await;
    // After a reload, „Öffnen“ of the first shows its rows, computing nothing.
    page.reload().await;
    wait_for_list(
        &page,
        &[
            (b.clone(), String::from("8 von 8 Läufen")),
            (a.clone(), String::from("8 von 8 Läufen")),
        ],
    )
    .await;
    page.click_css(&format!("#study-shelf li[data-plan='{a}'] .study-open"))
        .await;
    poll("the first study open", WAIT, || async {
        let caption = page
            .js("return document.querySelector('#study-table caption').textContent;")
            .await;
        let caption = caption.as_str().unwrap_or_default().to_owned();
        if caption.starts_with(&format!("Plan {a}: 8 von 8 Läufen")) {
            Ok(())
        } else {
            Err(caption)
        }
    })
    .await;
    assert_eq!(page.text_of("btn-study-start").await, "Studie starten");
    let (_, results) = page.download("#btn-study-results").await;
    assert_eq!(
        results,
        cli_results(&temp_file("plan.json", SMALL.as_bytes()))
    );
    // „Exportieren“ in the list gives the same file.
    // (after the rows were read from the database)
    let (name, exported) = page
        .download_bytes(
            &format!("#study-shelf li[data-plan='{b}'] .study-export"),
            WAIT,
        )
        .await;
    let exported = String::from_utf8(exported).expect("utf-8");
    assert_eq!(name, format!("boids-schwarm-studie-{b}.csv"));
    assert_eq!(
        exported,
        cli_results(&temp_file("other.json", other.as_bytes()))
    );
    // „Löschen“ asks; „Behalten“ keeps, „Löschen“ again removes.
    let item = format!("#study-shelf li[data-plan='{b}']");
    page.click_css(&format!("{item} .study-delete")).await;
    page.wait_for_css(&format!("{item} .study-confirm")).await;
    page.click_css(&format!("{item} .study-delete-no")).await;
    assert_eq!(stored_studies(&page).await.len(), 2);
    page.click_css(&format!("{item} .study-delete")).await;
    page.click_css(&format!("{item} .study-delete-yes")).await;
    wait_for_list(&page, &[(a.clone(), String::from("8 von 8 Läufen"))]).await;
    page.reload().await;
    wait_for_list(&page, &[(a, String::from("8 von 8 Läufen"))]).await;
}

scenario!(svg => a_study_of_the_old_format_is_carried_over);
async fn a_study_of_the_old_format_is_carried_over(page: AppPage) {
    let file = temp_file("plan.json", SMALL.as_bytes());
    let plan = Plan::parse(SMALL.as_bytes()).expect("valid plan");
    let hex = plan.id().hex();
    // Five of the CLI's rows as the old version kept them: results
    // version 1, without the Binder cumulant (the last column now).
    let results = cli_results(&file);
    let version_1 = |line: &str| format!("{}\n", &line[..line.rfind(',').expect("fields")]);
    let rows: String = results.lines().skip(2).take(5).map(version_1).collect();
    open_study(&page, 2).await;
    page.js(&format!(
        "localStorage.setItem('boids-schwarm.study.plan.v1', {plan});
         localStorage.setItem('boids-schwarm.study.v1.{hex}.0', {rows});",
        plan = serde_json::json!(SMALL),
        rows = serde_json::json!(rows),
    ))
    .await;
    page.reload().await;
    wait_for_list(&page, &[(hex.clone(), "5 von 8 Läufen".to_owned())]).await;
    assert_eq!(
        progress(&page).await,
        "5 von 8 Läufen",
        "opened with its rows"
    );
    // Removed from local storage once the database has it; still there
    // after a reload.
    poll("the old copy removed", WAIT, || async {
        let left = page
            .js("return Object.keys(localStorage).filter(k => k.startsWith('boids-schwarm.study')).length;")
            .await;
        if left == serde_json::json!(0) { Ok(()) } else { Err(left) }
    })
    .await;
    page.reload().await;
    wait_for_list(&page, &[(hex, "5 von 8 Läufen".to_owned())]).await;
    // Shown and exported as it is: version 1, no Binder cumulant to choose.
    let (_, exported) = page.download("#btn-study-results").await;
    let comment = results.lines().next().expect("comment");
    let header = results.lines().nth(1).expect("header");
    assert_eq!(
        exported,
        format!(
            "{}\n{}{rows}",
            comment.replacen("version=2", "version=1", 1),
            version_1(header)
        )
    );
    let choices = page
        .js("return [...document.querySelectorAll('#study-measure option')].map(o => o.value);")
        .await;
    assert_eq!(choices.as_array().map(Vec::len), Some(7), "{choices}");
    assert!(!choices.to_string().contains("binder"), "{choices}");
    assert_eq!(page.text_of("btn-study-start").await, "Neu berechnen");
    let old_note = "const note = document.getElementById('study-old');
                    return note.hidden ? '' : note.textContent;";
    assert!(
        page.js(old_note)
            .await
            .to_string()
            .contains("Ergebnisformat 1"),
        "the page says why"
    );
    // „Neu berechnen“: every run in version 2, the CLI's bytes.
    page.click_css("#btn-study-start").await;
    let done = wait_for_state(&page, "fertig", RUNS).await;
    assert!(done.starts_with("8 von 8 Läufen"), "{done}");
    let (_, exported) = page.download("#btn-study-results").await;
    assert_eq!(exported, results);
    assert_eq!(page.js(old_note).await, serde_json::json!(""));
}
