//! `use_service_worker`: registers the service worker (`web/sw.js`, which
//! keeps the built files for working offline) and tells when a new version
//! of the app has been installed and waits to take over.

use leptos::prelude::*;

/// What the page knows of the service worker: whether a new version waits,
/// and how to switch to it.
#[derive(Debug, Clone, Copy)]
pub struct AppUpdate {
    waiting: RwSignal<bool>,
}

impl AppUpdate {
    /// `true` once a newer build is installed and waits for this page.
    #[must_use]
    pub fn waiting(&self) -> Signal<bool> {
        self.waiting.into()
    }

    /// Lets the waiting version take over; the page reloads when it has.
    pub fn apply(&self) {
        #[cfg(target_arch = "wasm32")]
        browser::skip_waiting();
    }
}

/// Registers the service worker once the page has loaded and the app has
/// been painted (its downloads then do not compete with the app's own, and
/// its registration runs in a task of its own), and watches for updates.
/// Browsers without service workers (or outside a secure context) simply go
/// without.
pub fn use_service_worker() -> AppUpdate {
    let update = AppUpdate {
        waiting: RwSignal::new(false),
    };
    // `painted` turns true once and stays: this registers exactly once.
    let painted = super::use_after_first_paint();
    Effect::new(move |_| {
        if painted.get() {
            #[cfg(target_arch = "wasm32")]
            browser::register(update.waiting);
        }
    });
    update
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use gloo_events::EventListener;
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::{JsFuture, spawn_local};
    use web_sys::{
        ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
    };

    use crate::app::platform::base_path::base_path;

    /// What the service worker understands as "take over now".
    const SKIP_WAITING: &str = "skip-waiting";

    fn container() -> Option<ServiceWorkerContainer> {
        let window = web_sys::window()?;
        // Without a secure context `navigator.serviceWorker` is undefined.
        if !window.is_secure_context() {
            return None;
        }
        let navigator = window.navigator();
        js_sys::Reflect::has(&navigator, &"serviceWorker".into())
            .ok()
            .filter(|has| *has)
            .map(|_| navigator.service_worker())
    }

    pub fn register(waiting: RwSignal<bool>) {
        if container().is_none() {
            return;
        }
        let listeners = StoredValue::new_local(Vec::<EventListener>::new());
        let keep = move |listener: EventListener| {
            listeners.try_update_value(|all| all.push(listener));
        };
        let start = move || {
            let Some(container) = container() else {
                return;
            };
            spawn_local(async move {
                let url = format!("{}/sw.js", base_path());
                let Ok(registration) = JsFuture::from(container.register(&url)).await else {
                    return;
                };
                let Ok(registration) = registration.dyn_into::<ServiceWorkerRegistration>() else {
                    return;
                };
                watch(&registration, waiting, keep);
            });
        };
        let document = document();
        if document.ready_state() == "complete" {
            start();
        } else if let Some(window) = web_sys::window() {
            keep(EventListener::once(&window, "load", move |_| start()));
        }
    }

    /// Marks `waiting` when a new version is installed while an older one
    /// controls the page (the first install is no update).
    fn watch(
        registration: &ServiceWorkerRegistration,
        waiting: RwSignal<bool>,
        keep: impl Fn(EventListener) + Copy + 'static,
    ) {
        let controlled = || container().and_then(|c| c.controller()).is_some();
        if registration.waiting().is_some() && controlled() {
            waiting.try_set(true);
        }
        let registration_for_update = registration.clone();
        keep(EventListener::new(registration, "updatefound", move |_| {
            let Some(installing) = registration_for_update.installing() else {
                return;
            };
            let worker = installing.clone();
            keep(EventListener::new(&installing, "statechange", move |_| {
                if worker.state() == ServiceWorkerState::Installed && controlled() {
                    waiting.try_set(true);
                }
            }));
        }));
    }

    /// Tells the waiting worker to take over. The reload into the new
    /// version is web/app_update.js's (for every open tab, also this one):
    /// the first install changes the controller too, and must not reload.
    pub fn skip_waiting() {
        let Some(container) = container() else {
            return;
        };
        spawn_local(async move {
            let Ok(ready) = container.ready() else {
                return;
            };
            let Ok(registration) = JsFuture::from(ready).await else {
                return;
            };
            let waiting = registration
                .dyn_into::<ServiceWorkerRegistration>()
                .ok()
                .and_then(|registration| registration.waiting());
            if let Some(worker) = waiting {
                let _: Result<(), _> = ServiceWorker::post_message(&worker, &SKIP_WAITING.into());
            }
        });
    }
}
