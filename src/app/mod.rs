//! The Leptos app (client-side rendered), in feature folders:
//!
//! - `simulation`: the swarm's session (a plain state machine and its one
//!   driver loop), its reactive shell `SwarmStore`, checkpoints, the clock,
//!   the parameter form, presets, links and the table's data;
//! - `study`: the study's plain state machine, its runner, stored rows and
//!   the reactive shell `StudyStore`;
//! - `correlations`: „Struktur und Korrelation“ of a state (a plain state
//!   machine sharing it among Web Workers, and its reactive shell);
//! - `media`: pictures and films (the film's plain state machine, its shell
//!   and the bridge to web/media.js);
//! - `view`: what draws the swarm (the 3D renderer, the SVG projection, the
//!   rules overlay, the charts);
//! - `platform`: the browser underneath (Web Workers, hooks, storage,
//!   timers, downloads, the state file reader);
//! - `components` and `pages`: the markup, one component per file.

pub(crate) mod components;
pub(crate) mod correlations;
pub mod format;
pub(crate) mod media;
pub(crate) mod pages;
pub mod platform;
pub mod simulation;
pub(crate) mod study;
pub mod view;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use self::components::Layout;
use self::media::film_recorder::FilmRecorder;
use self::pages::{AboutPage, NotFoundPage, SimulationPage, StudyPage, TablePage};
use self::study::StudyStore;
use crate::app::platform::cores::CoreSetting;
use crate::app::platform::driver::Driver;
use crate::app::platform::hooks::{
    use_after_first_paint, use_animation_frame, use_before_unload, use_document_hidden,
};
use crate::app::simulation::link_open::LinkNotes;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::app::view::rules_overlay::OverlaySettings;
use crate::app::view::view_look::ViewLook;

/// The whole app: provides the app-level state, drives the clock with
/// animation frames while running, starts the model's workers, applies a
/// link in the address, pauses when hidden, keeps the study running across
/// pages, and routes the pages.
#[component]
pub fn App() -> impl IntoView {
    // The one owner of the workflows' workers.
    let platform = Driver::new();
    provide_context(platform);
    let store = SwarmStore::new(platform);
    platform::crash::keep_state(move || store.crash_state());
    let form = ParamForm::restore();
    let cores = CoreSetting::restore();
    provide_context(store);
    // Lives as long as the app: a result stays while another page is shown.
    provide_context(correlations::CorrelationStore::new(platform, store));
    provide_context(form);
    provide_context(cores);
    provide_context(OverlaySettings::new());
    let look = ViewLook::new();
    provide_context(look);
    // A film lives as long as the app: hiding the page or leaving the
    // simulation page holds it (the swarm stands meanwhile), and it goes on
    // when the view is back (SPEC §9).
    let hidden = RwSignal::new(false);
    let recorder = FilmRecorder::new(store, look, platform, hidden.into());
    provide_context(recorder);
    let filming = recorder.active;
    // Pauses the swarm, but a film only holds.
    let pause_unless_filming = move || {
        if !filming.get_untracked() {
            store.pause();
        }
    };
    // The study lives beside the swarm: a page change neither stops nor
    // pauses it. Leaving the app asks first while something long is in
    // progress: a study, or a way to a step (a link's or „Gehe zu
    // Schritt“'s) or a film; and while a study's runs exist only in memory
    // (storage full or missing), until they are exported. A run in real
    // time loses nothing and does not ask.
    let study = StudyStore::restore(platform);
    provide_context(study);
    let running = study.running();
    let unsaved = study.unsaved();
    use_before_unload(Signal::derive(move || {
        running.get()
            || unsaved.get()
            || filming.get()
            || matches!(store.busy(), Some(simulation::state::Busy::Seeking { .. }))
    }));
    let notes = LinkNotes::new();
    provide_context(notes);
    // Read before the router starts, so it starts on the plain path.
    simulation::link_open::mark_embedded();
    let link = StoredValue::new(simulation::link_open::take_from_address());
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
            untrack(|| simulation::link_open::apply(&request, form, store, notes));
        }
    });
    use_animation_frame(store.running(), move |now| store.advance(now));
    use_document_hidden(move |now_hidden| {
        hidden.set(now_hidden);
        if now_hidden {
            pause_unless_filming();
        }
    });

    view! {
        <Router base=platform::base_path::base_path()>
            <Layout on_navigate=pause_unless_filming>
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
