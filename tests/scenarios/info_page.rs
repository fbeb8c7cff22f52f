//! The Info page: its text is a file of the build that the page fetches,
//! so it must arrive, and a failed fetch must leave a German message and a
//! working app.

use crate::support::app_page::AppPage;

scenario!(svg => the_info_page_shows_its_text);
async fn the_info_page_shows_its_text(page: AppPage) {
    page.open("/info").await;
    page.wait_for_css("article.about h2").await;
    let text = page.text("article.about").await;
    for part in [
        "Über dieses Modell",
        "Die Idee: drei Regeln",
        "periodischer Würfel",
        "Ordnung (Polarisation)",
    ] {
        assert!(text.contains(part), "{part:?} missing in {text}");
    }
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
