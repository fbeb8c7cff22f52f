//! A millisecond clock for measurements: `performance.now()` in the browser,
//! a monotonic clock elsewhere (native tests).

/// Milliseconds since an arbitrary fixed origin, monotonic.
#[must_use]
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|window| window.performance())
            .map_or(0.0, |performance| performance.now())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// Runs `task` after the page has had its turn (a zero-delay timeout), so a
/// long chain of work on the main thread leaves room for input and drawing.
/// Natively (tests) there is no event loop: it runs at once.
pub fn defer(task: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        gloo_timers::callback::Timeout::new(0, task).forget();
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        task();
    }
}

/// Runs `task` once the page has painted what it shows now: a timeout set
/// in the next animation frame runs in a new task after that frame's paint.
/// Natively (tests) it runs at once.
pub fn defer_after_paint(task: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        leptos::prelude::request_animation_frame(move || {
            gloo_timers::callback::Timeout::new(0, task).forget();
        });
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        task();
    }
}

/// Runs a future on the page's thread (boxed: one instance of the
/// executor's glue serves every caller).
pub fn spawn(task: std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>) {
    wasm_bindgen_futures::spawn_local(task);
}
