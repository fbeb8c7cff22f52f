//! What a panic of the app's wasm leaves behind: the page's message with
//! „Neu laden“ and „Zustand sichern“ (made by `web/app_loader.js`, which
//! keeps working after the wasm stopped), and the state to save.
//!
//! The state is taken in the panic hook, while the wasm still runs: a copy
//! kept up to date after every step would cost time and memory all along
//! (megabytes per step for a large swarm), for a case that should never
//! happen. The hook reads the session only when no call is changing it
//! ([`SwarmStore`](crate::app::simulation::state::SwarmStore) marks those), so it never meets a
//! half-changed swarm or a lock held for writing, and it reads at most once.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsValue;

/// Gives the state to save as (file name, JSON text), if it can be read.
type Saver = Box<dyn Fn() -> Option<(String, String)>>;

thread_local! {
    static SAVER: RefCell<Option<Saver>> = const { RefCell::new(None) };
    static REPORTED: Cell<bool> = const { Cell::new(false) };
}

/// Sets what the panic hook saves (the simulation's store, once it exists).
pub fn keep_state(saver: impl Fn() -> Option<(String, String)> + 'static) {
    SAVER.with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = Some(Box::new(saver));
        }
    });
}

/// Installs the panic hook: the console's message first (for whoever
/// investigates), then the page's message with the state, once.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if REPORTED.with(|reported| reported.replace(true)) {
            return;
        }
        let state = SAVER
            .try_with(|slot| {
                slot.try_borrow()
                    .ok()
                    .and_then(|saver| saver.as_ref().and_then(|saver| saver()))
            })
            .ok()
            .flatten();
        let (name, json) = match state {
            Some((name, json)) => (JsValue::from(name), JsValue::from(json)),
            None => (JsValue::UNDEFINED, JsValue::UNDEFINED),
        };
        let show = js_sys::Reflect::get(&js_sys::global(), &"boidsSchwarmAbsturz".into());
        if let Ok(show) = show.and_then(wasm_bindgen::JsCast::dyn_into::<js_sys::Function>) {
            let _ = show.call2(&JsValue::UNDEFINED, &name, &json);
        }
    }));
}
