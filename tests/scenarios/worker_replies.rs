//! Answers from the workers that cannot be used never leave a control
//! waiting: a corrupt answer is a failure (fresh workers and the job given
//! again, or after more of them the main thread computes, and the status
//! says so), and workers of another build of the app compute nothing while
//! the page asks to be reloaded.

use std::time::Duration;

use super::workers::{initialise_bit_for_bit, one_more_step_is_the_native_models, set_cores};
use crate::support::app_page::{AppPage, Button, poll};

/// Wraps `Worker` before the app starts so that a test can spoil what the
/// workers say, on its way to the page: while `window.__corruptReplies` is
/// above zero, the next share answer loses its last steering component
/// (and the count goes down); with `window.__otherBuild` set, every message
/// claims another build of the app.
const SPOILED_ANSWERS: &str = "
  const Real = window.Worker;
  window.__corruptReplies = 0;
  window.__corrupted = 0;
  window.__otherBuild = false;
  window.__workersMade = 0;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      window.__workersMade += 1;
    }
    get onmessage() {
      return super.onmessage;
    }
    set onmessage(handler) {
      if (!handler) {
        super.onmessage = null;
        return;
      }
      super.onmessage = event => {
        let data = event.data;
        if (window.__otherBuild && data && typeof data.build === 'string') {
          data = { ...data, build: '0.0.0-andere-version' };
        }
        if (window.__corruptReplies > 0 && data && data.kind === 'reply') {
          window.__corruptReplies -= 1;
          window.__corrupted += 1;
          data = { ...data, components: data.components.subarray(0, data.components.length - 1) };
        }
        handler(new MessageEvent('message', { data }));
      };
    }
  };";

async fn number(page: &AppPage, expression: &str) -> u64 {
    page.js(&format!("return {expression};"))
        .await
        .as_u64()
        .expect("a number")
}

scenario!(svg => a_corrupt_answer_is_given_again_and_the_step_lands_bit_for_bit);
async fn a_corrupt_answer_is_given_again_and_the_step_lands_bit_for_bit(page: AppPage) {
    page.open_fresh().await;
    let script = page.driver.add_init_script(SPOILED_ANSWERS).await;
    page.reload().await;
    set_cores(&page, "2").await;
    initialise_bit_for_bit(&page).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    let workers = number(&page, "window.__workersMade").await;
    page.js("window.__corruptReplies = 1;").await;
    // The spoiled step still lands (and below: it is the native model's).
    page.click(Button::Schritt).await;
    page.wait_for_status("the spoiled step", |s| s.step_count() == 1)
        .await;
    page.driver.remove_init_script(&script).await;
    assert_eq!(number(&page, "window.__corrupted").await, 1);
    assert!(
        number(&page, "window.__workersMade").await > workers,
        "fresh workers"
    );
    assert_eq!(
        page.text_of("engine-note").await,
        "Ein Rechenkern ist abgestürzt und wurde neu gestartet."
    );
    // The controls work on: a run, then one more Schritt.
    let steps = page.run_until(4).await.step_count();
    one_more_step_is_the_native_models(&page, steps).await;
}

scenario!(svg => corrupt_answers_again_and_again_have_the_main_thread_compute);
async fn corrupt_answers_again_and_again_have_the_main_thread_compute(page: AppPage) {
    page.open_fresh().await;
    let script = page.driver.add_init_script(SPOILED_ANSWERS).await;
    page.reload().await;
    initialise_bit_for_bit(&page).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    page.js("window.__corruptReplies = 1000;").await;
    page.click(Button::Schritt).await;
    page.wait_for_status("the spoiled step", |s| s.step_count() == 1)
        .await;
    page.driver.remove_init_script(&script).await;
    // Two rounds of fresh workers, then the main thread: three spoiled
    // answers, and none since.
    assert_eq!(number(&page, "window.__corrupted").await, 3);
    let note = page.text_of("engine-note").await;
    assert!(
        note.contains("(ihre Antworten waren wiederholt unbrauchbar)")
            && note.contains("Hauptthread"),
        "{note}"
    );
    let steps = page.run_until(3).await.step_count();
    one_more_step_is_the_native_models(&page, steps).await;
    assert_eq!(number(&page, "window.__corrupted").await, 3);
}

scenario!(svg => workers_of_another_build_compute_nothing_and_the_page_asks_for_a_reload);
async fn workers_of_another_build_compute_nothing_and_the_page_asks_for_a_reload(page: AppPage) {
    page.open_fresh().await;
    let script = page
        .driver
        .add_init_script(&format!("{SPOILED_ANSWERS}\nwindow.__otherBuild = true;"))
        .await;
    page.reload().await;
    let note = poll("the reload message", Duration::from_secs(20), || async {
        let note = page.text_of("engine-note").await;
        if note.is_empty() { Err(note) } else { Ok(note) }
    })
    .await;
    assert!(note.starts_with("Die App wurde aktualisiert."), "{note}");
    assert!(note.contains("neu laden"), "{note}");
    page.click(Button::Initialisieren).await;
    let status = page
        .status_stays("nothing computed", Duration::from_secs(5))
        .await;
    assert_eq!(status.state, "kein Schwarm", "no swarm was built");
    page.driver.remove_init_script(&script).await;
    // A reload with this build's workers computes again.
    page.reload().await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("built", |s| s.state == "pausiert")
        .await;
    assert_eq!(page.text_of("engine-note").await, "");
}
