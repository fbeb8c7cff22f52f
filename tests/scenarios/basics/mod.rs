//! The app's basic rules (SPEC §3) in the SVG view: the controls, what is
//! kept where, and the pages. Their tests are named without a topic
//! (`svg::initialise_gives_…`).

use crate::support::app_page::{AppPage, Button};

pub mod controls;
pub mod pages;
pub mod persistence;

/// Fresh page, small swarm initialised (paused at 0).
pub async fn initialised(page: &AppPage, count: u32) {
    page.open_fresh().await;
    page.set_param("count", &count.to_string()).await;
    page.click(Button::Initialisieren).await;
    page.wait_for_status("pausiert", |s| s.state == "pausiert")
        .await;
}
