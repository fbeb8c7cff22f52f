//! The Info page: its text is a file of the build that the page fetches,
//! so it must arrive, and a failed fetch must leave a German message and a
//! working app. Part 1 („Im Unterricht“, for the classroom) comes first and
//! open; part 2 („Für Fachleute“, the reference) is a closed `details`.

use std::time::Duration;

use serde_json::json;

use crate::support::app_page::{AppPage, normalise};

scenario!(svg => the_info_page_shows_its_text);
async fn the_info_page_shows_its_text(page: AppPage) {
    page.open("/info").await;
    page.wait_for_css("article.about h2").await;
    // What is shown: the classroom part first, then the closed expert part's
    // summary (WebDriver's text leaves out a closed `details`' content).
    let shown = page.text("article.about").await;
    let teaching = shown.find("Im Unterricht");
    let experts = shown.find("Für Fachleute");
    assert!(
        teaching.is_some() && experts.is_some() && teaching < experts,
        "„Im Unterricht“ before „Für Fachleute“ in {shown}"
    );
    for part in [
        "Die ersten zehn Minuten",
        "Die Regel eines Schritts",
        "Vier Versuche",
        "Ergebnis (gemessen)",
        "Arbeitsblatt",
        "Einbetten",
    ] {
        assert!(shown.contains(part), "{part:?} not shown in {shown}");
    }
    // The whole text, the closed part too.
    let all = page
        .js("return document.querySelector('article.about').textContent;")
        .await;
    let text = normalise(all.as_str().expect("the article's text"));
    for part in [
        "Über dieses Modell",
        "Die Idee: drei Regeln",
        "periodischer Würfel",
        "Ordnung (Polarisation)",
    ] {
        assert!(text.contains(part), "{part:?} missing in {text}");
    }
    // The three rules have one name each.
    for other in ["Ausrichtung", "Zusammenhalt", "Separation"] {
        assert!(!text.contains(other), "{other:?} in {text}");
    }
    let shape = page
        .js("const article = document.querySelector('article.about');
             const h1 = article.querySelector('h1');
             const experts = article.querySelector('details.experts');
             const experiments = [...article.querySelectorAll('section.experiment')];
             const links = [...article.querySelectorAll('section.experiment a[href*=\"anzahl=\"]')];
             return {
               h1: h1 && h1.textContent.trim(),
               experts_after_h1: !!(h1 && experts
                 && (h1.compareDocumentPosition(experts) & Node.DOCUMENT_POSITION_FOLLOWING)),
               experts_open: experts ? experts.hasAttribute('open') : null,
               summary: experts ? experts.querySelector('summary').textContent.trim() : null,
               measure_notes_inside: !!(experts && experts.querySelector('.measure-notes')),
               experiments: experiments.length,
               experiments_linked: experiments
                 .filter(e => e.querySelector('a[href*=\"anzahl=\"]')).length,
               links_relative: links.length > 0
                 && links.every(a => a.getAttribute('href').startsWith('./?')),
               rules_explained: !!article.querySelector('dl.rules-explained'),
               worksheet_table: !!article.querySelector('section.worksheet table'),
               embed_snippet: !!article.querySelector('#embed-snippet'),
             };")
        .await;
    assert_eq!(
        shape,
        json!({
            "h1": "Im Unterricht",
            "experts_after_h1": true,
            "experts_open": false,
            "summary": "Für Fachleute",
            "measure_notes_inside": true,
            "experiments": 4,
            "experiments_linked": 4,
            "links_relative": true,
            "rules_explained": true,
            "worksheet_table": true,
            "embed_snippet": true,
        })
    );
    // Client-side navigation there fetches it as well.
    page.navigate("Ansicht").await;
    page.wait_for_no_css("article.about").await;
    page.navigate("Info").await;
    page.wait_for_css("article.about .measure-notes").await;
    let problems = page.driver.take_console_problems().await;
    assert!(problems.is_empty(), "{problems:?}");
}

scenario!(svg => an_info_text_that_cannot_be_fetched_gets_a_german_message);
async fn an_info_text_that_cannot_be_fetched_gets_a_german_message(page: AppPage) {
    // The host answers the fragment with its index page (as hosts that
    // answer every unknown path with index.html do).
    let script = page
        .driver
        .add_init_script(
            "const fetchFile = window.fetch; \
             window.fetch = (url, init) => String(url).includes('info-text') \
               ? fetchFile('./index.html') : fetchFile(url, init);",
        )
        .await;
    page.open("/info").await;
    page.wait_for_css("article.about [role=alert]").await;
    let message = page.text("article.about [role=alert]").await;
    page.driver.remove_init_script(&script).await;
    assert!(
        message.starts_with("Der Info-Text ließ sich nicht laden"),
        "{message}"
    );
    assert!(
        page.js(
            "return document.querySelectorAll('article.about header, article.about main').length;"
        )
        .await
            == 0,
        "no page inside the page"
    );
    page.navigate("Tabelle").await;
    page.wait_for_css("#table-empty").await;
}

scenario!(svg => an_experiment_link_opens_its_state);
async fn an_experiment_link_opens_its_state(page: AppPage) {
    page.open("/info").await;
    page.wait_for_css("#versuch-1 .results a[href*=\"schritt=750\"]")
        .await;
    // The third row's „30 s“: Richtung 0,6 at step 750, the measured 0,89.
    page.click_css("#versuch-1 .results tbody tr:nth-child(3) a[href*=\"schritt=750\"]")
        .await;
    // A whole page load (the link is applied at the start).
    page.wait_for_css("#status-steps").await;
    let status = page
        .wait_long_for_status("at step 750", Duration::from_secs(60), |s| s.steps == "750")
        .await;
    assert_eq!(page.param("alignment").await, "0,6");
    assert_eq!(page.param("count").await, "400");
    // Three decimals in the status, two in the table of the text.
    let order = page.text_of("status-polarization").await;
    assert!(order.starts_with("0,89"), "{order} {status:?}");
    assert_eq!(page.path().await, "/");
}

scenario!(svg => the_worksheet_prints_without_the_app_around_it);
async fn the_worksheet_prints_without_the_app_around_it(page: AppPage) {
    page.open("/info").await;
    page.wait_for_css("article.about .worksheet").await;
    page.driver
        .cdp("Emulation.setEmulatedMedia", json!({ "media": "print" }))
        .await;
    let printed = page
        .js(
            "const style = css => getComputedStyle(document.querySelector(css)); \
             return [style('.topbar').display, style('.footer').display, \
                     style('details.experts').display, style('.worksheet').breakBefore, \
                     style('.worksheet').display, style('body').backgroundColor];",
        )
        .await;
    page.driver
        .cdp("Emulation.setEmulatedMedia", json!({ "media": "" }))
        .await;
    assert_eq!(
        printed,
        json!([
            "none",
            "none",
            "none",
            "page",
            "block",
            "rgb(255, 255, 255)"
        ]),
        "navigation, footer and the reference left out; the worksheet on a page of its own"
    );
}
