//! `use_after_first_paint`: lets work that can wait (the 3D context, its
//! shaders and meshes) start after the browser has painted the page once, in
//! a task of its own, instead of lengthening the task that mounts the app.

use leptos::prelude::*;

/// A signal that turns `true` once the page has been painted after the
/// caller mounted (at once natively). Pending callbacks are cancelled when
/// the caller is cleaned up.
pub fn use_after_first_paint() -> Signal<bool> {
    let painted = RwSignal::new(false);
    #[cfg(target_arch = "wasm32")]
    {
        use gloo_render::{AnimationFrame, request_animation_frame};
        use gloo_timers::callback::Timeout;
        // Dropping either handle cancels it; both are dropped with the owner.
        let timeout = StoredValue::new_local(None::<Timeout>);
        let frame = StoredValue::new_local(None::<AnimationFrame>);
        // A frame callback runs just before the next paint; a timeout set
        // there runs in a new task once that paint is done.
        frame.set_value(Some(request_animation_frame(move |_| {
            timeout.try_set_value(Some(Timeout::new(0, move || {
                painted.try_set(true);
            })));
        })));
    }
    #[cfg(not(target_arch = "wasm32"))]
    painted.set(true);
    painted.into()
}
