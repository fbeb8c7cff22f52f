//! Reading a chosen state file („Zustand laden“) without blocking the page:
//! a short-lived Web Worker of its own (the model's worker wasm) reads the
//! file and checks it with the model's reader, and only the checked state
//! comes back, as flat arrays, so the page parses no JSON. The reader lives
//! in the worker's wasm only, which keeps the app's wasm small; where the
//! browser lets no worker start, a German message says that a state cannot
//! be loaded. The steps of the reading are the plain `reading::Reading`; this
//! module only feeds it the worker's messages.

// The steps of a reading: only the browser's worker takes them (natively
// there is no worker to read with), and the tests.
#[cfg(any(target_arch = "wasm32", test))]
mod reading;

use web_sys::File;

use crate::model::Kinematics;

/// Why a state file could not be loaded (words in `texts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportFailure {
    /// The browser lets no worker start, and the reader runs in one.
    NeedsWorker,
    /// The worker did not answer in time.
    TimedOut,
    /// The worker crashed or answered something unreadable.
    Unreadable,
    /// The worker belongs to another build of the app.
    OtherBuild,
    /// The file is not a valid state: the model's German message.
    Refused(String),
}

/// How long the worker may take to start, and then to read the file, before
/// the reading is given up: far beyond the few seconds the largest file
/// takes on a slow device, so only a worker that hangs reaches it.
#[cfg(target_arch = "wasm32")]
pub const IMPORT_TIMEOUT_MS: i32 = 120_000;

/// Reads and checks `file`, then calls `done` with the state or why it was
/// refused.
pub fn read_state_file(file: File, done: impl FnOnce(Result<Kinematics, ImportFailure>) + 'static) {
    leptos::task::spawn_local(async move { done(in_worker(&file).await) });
}

/// Natively (tests) there are no workers.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::unused_async)]
async fn in_worker(_file: &File) -> Result<Kinematics, ImportFailure> {
    Err(ImportFailure::NeedsWorker)
}

#[cfg(target_arch = "wasm32")]
use {
    self::reading::{Reading, ReadingStep},
    crate::worker::js,
    crate::worker::messages::ToWorker,
    wasm_bindgen::{JsCast, JsValue},
    web_sys::{Blob, MessageEvent, Worker},
};

/// The reading's outcome. The worker is ended either way.
#[cfg(target_arch = "wasm32")]
async fn in_worker(file: &File) -> Result<Kinematics, ImportFailure> {
    let url = format!(
        "{}/worker_loader.js",
        crate::app::platform::base_path::base_path()
    );
    let mut reading = Reading::default();
    let Ok(worker) = Worker::new(&url) else {
        return finished(reading.fail(ImportFailure::NeedsWorker));
    };
    let outcome = loop {
        let step = match next_message(&worker).await {
            Ok(data) => reading.message(js::read_answer(&data)),
            Err(failure) => reading.fail(failure),
        };
        match step {
            ReadingStep::Wait => {}
            ReadingStep::PostFile => {
                let request = js::request(ToWorker::Import(Blob::from(file.clone())));
                if worker.post_message(&request.message).is_err() {
                    break reading.fail(ImportFailure::Unreadable);
                }
            }
            ReadingStep::Finish(_) => break step,
        }
    };
    worker.terminate();
    finished(outcome)
}

/// The outcome of a finished step (any other step cannot end a reading).
#[cfg(target_arch = "wasm32")]
fn finished(step: ReadingStep) -> Result<Kinematics, ImportFailure> {
    match step {
        ReadingStep::Finish(outcome) => outcome,
        ReadingStep::Wait | ReadingStep::PostFile => Err(ImportFailure::Unreadable),
    }
}

/// The worker's next message, unless it fails or stays silent for
/// [`IMPORT_TIMEOUT_MS`].
#[cfg(target_arch = "wasm32")]
async fn next_message(worker: &Worker) -> Result<JsValue, ImportFailure> {
    const TIMED_OUT: &str = "timed out";
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        worker.set_onmessage(Some(&resolve));
        worker.set_onerror(Some(&reject));
        worker.set_onmessageerror(Some(&reject));
        if let Some(window) = web_sys::window() {
            // Rejecting a promise that has settled does nothing.
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_1(
                &reject,
                IMPORT_TIMEOUT_MS,
                &JsValue::from_str(TIMED_OUT),
            );
        }
    });
    match wasm_bindgen_futures::JsFuture::from(promise).await {
        Ok(event) => event
            .dyn_into::<MessageEvent>()
            .map(|event| event.data())
            .map_err(|_| ImportFailure::Unreadable),
        Err(why) if why.as_string().as_deref() == Some(TIMED_OUT) => Err(ImportFailure::TimedOut),
        Err(_) => Err(ImportFailure::Unreadable),
    }
}
