//! The Leptos app (client-side rendered): state, router, pages and views.

pub mod clock;
pub mod components;
pub mod cores;
pub mod download;
pub mod engine;
pub mod format;
pub mod hooks;
pub mod pages;
pub mod param_form;
pub mod perf;
pub mod projection;
pub mod render3d;
pub mod state;
pub mod storage;
pub mod table_data;
pub mod table_keys;
pub mod timing;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use self::components::Layout;
use self::cores::CoreSetting;
use self::hooks::{use_animation_frame, use_document_hidden};
use self::pages::{AboutPage, NotFoundPage, SimulationPage, TablePage};
use self::param_form::ParamForm;
use self::state::SwarmStore;

/// The whole app: provides the app-level state, drives the clock with
/// animation frames while running, starts the model's workers, pauses when
/// hidden, and routes the pages.
#[component]
pub fn App() -> impl IntoView {
    let store = SwarmStore::new();
    let form = ParamForm::restore();
    let cores = CoreSetting::restore();
    provide_context(store);
    provide_context(form);
    provide_context(cores);
    // Starts the workers, and new ones whenever the number of cores changes.
    Effect::new(move |_| store.use_workers(cores.value().get()));
    use_animation_frame(store.running(), move |now| store.advance(now));
    use_document_hidden(move || store.pause());

    view! {
        <Router>
            <Layout on_navigate=move || store.pause()>
                <Routes fallback=NotFoundPage>
                    <Route path=path!("/") view=SimulationPage/>
                    <Route path=path!("/tabelle") view=TablePage/>
                    <Route path=path!("/info") view=AboutPage/>
                </Routes>
            </Layout>
        </Router>
    }
}
