//! The Leptos app (client-side rendered): state, router, pages and views.

pub mod base_path;
pub mod caption;
pub mod checkpoints;
pub mod clock;
pub mod components;
pub mod cores;
pub mod crash;
pub mod download;
pub mod engine;
pub mod film_recorder;
pub mod format;
pub mod hooks;
pub mod link_open;
pub mod media;
pub mod pages;
pub mod param_form;
pub mod perf;
pub mod presets;
pub mod projection;
pub mod render3d;
pub mod rules_overlay;
pub mod series_chart;
pub mod session;
pub mod state;
pub mod state_reader;
pub mod storage;
pub mod study;
pub mod table_data;
pub mod table_keys;
pub mod timing;
pub mod value_list;
pub mod view_look;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use self::components::Layout;
use self::cores::CoreSetting;
use self::hooks::{
    use_after_first_paint, use_animation_frame, use_before_unload, use_document_hidden,
};
use self::link_open::LinkNotes;
use self::pages::{AboutPage, NotFoundPage, SimulationPage, StudyPage, TablePage};
use self::param_form::ParamForm;
use self::rules_overlay::OverlaySettings;
use self::state::SwarmStore;
use self::study::StudyStore;
use self::view_look::ViewLook;

/// The whole app: provides the app-level state, drives the clock with
/// animation frames while running, starts the model's workers, applies a
/// link in the address, pauses when hidden, keeps the study running across
/// pages, and routes the pages.
#[component]
pub fn App() -> impl IntoView {
    let store = SwarmStore::new();
    crash::keep_state(move || store.crash_state());
    let form = ParamForm::restore();
    let cores = CoreSetting::restore();
    provide_context(store);
    provide_context(form);
    provide_context(cores);
    provide_context(OverlaySettings::new());
    provide_context(ViewLook::new());
    // The study lives beside the swarm: a page change neither stops nor
    // pauses it. Leaving the app asks first while something long is in
    // progress: a study, or a way to a step (a link's or „Gehe zu
    // Schritt“'s); a run in real time loses nothing and does not ask.
    let study = StudyStore::restore();
    provide_context(study);
    let running = study.running();
    use_before_unload(Signal::derive(move || {
        running.get()
            || matches!(
                store.busy(),
                Some(state::Busy::Seeking { .. } | state::Busy::Filming { .. })
            )
    }));
    let notes = LinkNotes::new();
    provide_context(notes);
    // Read before the router starts, so it starts on the plain path.
    link_open::mark_embedded();
    let link = StoredValue::new(link_open::take_from_address());
    // Starts the workers, and new ones whenever the number of cores changes.
    // A link is applied once, after the first workers exist, so that its
    // swarm is built and stepped there rather than on this thread. The first
    // workers start after the page's first paint, in a task of their own (a
    // job asked for before is sent to them when they start).
    let painted = use_after_first_paint();
    Effect::new(move |_| {
        if !painted.get() {
            return;
        }
        store.use_workers(cores.value().get());
        if let Some(request) = link.try_update_value(Option::take).flatten() {
            untrack(|| link_open::apply(&request, form, store, notes));
        }
    });
    use_animation_frame(store.running(), move |now| store.advance(now));
    use_document_hidden(move || store.pause());

    view! {
        <Router base=base_path::base_path()>
            <Layout on_navigate=move || store.pause()>
                <Routes fallback=NotFoundPage>
                    <Route path=path!("/") view=SimulationPage/>
                    <Route path=path!("/tabelle") view=TablePage/>
                    <Route path=path!("/studie") view=StudyPage/>
                    <Route path=path!("/info") view=AboutPage/>
                </Routes>
            </Layout>
        </Router>
    }
}
