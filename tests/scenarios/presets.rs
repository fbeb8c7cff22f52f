//! „Voreinstellung“ in the browser: every preset is valid, differs from the
//! others and says what to watch; choosing one is an edit that starts nothing.

use fantoccini::key::Key;

use crate::support::app_page::{AppPage, Button, STILL};

const KEYS: [&str; 7] = [
    "count",
    "seed",
    "radius",
    "separation",
    "alignment",
    "cohesion",
    "max_speed",
];

async fn choose(page: &AppPage, id: &str) {
    page.js(&format!(
        "const select = document.getElementById('preset');
         select.value = '{id}';
         select.dispatchEvent(new Event('change', {{ bubbles: true }}));"
    ))
    .await;
}

async fn chosen(page: &AppPage) -> String {
    let value = page
        .js("return document.getElementById('preset').value;")
        .await;
    value.as_str().unwrap_or_default().to_owned()
}

scenario!(svg => every_preset_is_valid_and_differs_from_the_others);
async fn every_preset_is_valid_and_differs_from_the_others(page: AppPage) {
    page.open_fresh().await;
    assert_eq!(chosen(&page).await, "standard", "the defaults are a preset");
    let ids = page
        .js("return [...document.querySelectorAll('#preset option')].map(o => o.value).filter(v => v);")
        .await;
    let ids: Vec<String> = ids
        .as_array()
        .expect("options")
        .iter()
        .map(|id| id.as_str().expect("a value").to_owned())
        .collect();
    assert!(ids.len() >= 5, "{ids:?}");
    // A swarm, to see that choosing removes it like any edit.
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    let mut seen: Vec<Vec<String>> = Vec::new();
    for id in &ids {
        choose(&page, id).await;
        assert_eq!(&chosen(&page).await, id);
        let mut values = Vec::new();
        for key in KEYS {
            assert_eq!(page.param_error(key).await.0, "", "{id}: {key}");
            values.push(page.param(key).await);
        }
        assert!(!seen.contains(&values), "{id} repeats {values:?}");
        seen.push(values);
        let watch = page.text_of("preset-watch").await;
        assert!(
            watch.starts_with("Worauf achten: ") && watch.len() > 40,
            "{id}: {watch}"
        );
        assert!(page.is_enabled(Button::Initialisieren).await, "{id}");
        let status = page
            .status_stays("choosing a preset starts nothing", STILL)
            .await;
        assert_eq!(status.state, "kein Schwarm", "{id}");
    }
    // An edit of one input leaves every preset: the choice says so.
    page.set_param("seed", "12345").await;
    assert_eq!(chosen(&page).await, "");
    assert_eq!(page.text_of("preset-watch").await, "");
}

scenario!(svg => an_arrow_key_on_the_list_changes_nothing);
async fn an_arrow_key_on_the_list_changes_nothing(page: AppPage) {
    page.open_fresh().await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
    page.js("document.getElementById('preset').focus();").await;
    page.press(Key::Down.into()).await;
    page.press('g').await;
    let status = page
        .status_stays("a key on the closed list keeps the swarm", STILL)
        .await;
    assert_eq!(status.state, "pausiert");
    assert_eq!(chosen(&page).await, "standard");
    assert_eq!(page.param("count").await, "200");
}
