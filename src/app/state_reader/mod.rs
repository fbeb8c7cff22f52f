//! Reading a chosen state file („Zustand laden“) without blocking the page:
//! a short-lived Web Worker of its own (the model's worker wasm) reads the
//! file and checks it with the model's reader, and only the checked state
//! comes back, as flat arrays, so the page parses no JSON. The reader lives
//! in the worker's wasm only, which keeps the app's wasm small; where the
//! browser lets no worker start, a German message says that a state cannot
//! be loaded.

use web_sys::File;

use crate::model::Kinematics;

/// Reads and checks `file`, then calls `done` with the state or the German
/// message of why it was refused.
pub fn read_state_file(file: File, done: impl FnOnce(Result<Kinematics, String>) + 'static) {
    leptos::task::spawn_local(async move { done(in_worker(&file).await) });
}

/// Natively (tests) there are no workers.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::unused_async)]
async fn in_worker(_file: &File) -> Result<Kinematics, String> {
    Err(crate::texts::IMPORT_NEEDS_WORKER.to_owned())
}

#[cfg(target_arch = "wasm32")]
use {
    crate::worker::js,
    crate::worker::messages::{DecodeError, FromWorker, ToWorker},
    wasm_bindgen::{JsCast, JsValue},
    web_sys::{Blob, MessageEvent, Worker},
};

/// How long the worker may take to start, and then to read the file, before
/// the reading is given up: far beyond the few seconds the largest file
/// takes on a slow device, so only a worker that hangs reaches it.
pub const IMPORT_TIMEOUT_MS: i32 = 120_000;

/// The worker's answer. The worker is ended either way.
#[cfg(target_arch = "wasm32")]
async fn in_worker(file: &File) -> Result<Kinematics, String> {
    use crate::texts::{APP_UPDATED, IMPORT_NEEDS_WORKER, IMPORT_TIMED_OUT, UNREADABLE_FILE};
    let url = format!("{}/worker_loader.js", super::base_path::base_path());
    let worker = Worker::new(&url).map_err(|_| IMPORT_NEEDS_WORKER.to_owned())?;
    let answer = async {
        // The worker drops what arrives before its wasm runs: wait for
        // its first message, „ready“ (of this build).
        match js::read_answer(&next_message(&worker).await?) {
            Ok(FromWorker::Ready) => {}
            Err(DecodeError::OtherBuild(_)) => return Err(Stop::OtherBuild),
            _ => return Err(Stop::Failed),
        }
        let request = js::request(ToWorker::Import(Blob::from(file.clone())));
        worker
            .post_message(&request.message)
            .map_err(|_| Stop::Failed)?;
        match js::read_answer(&next_message(&worker).await?) {
            Ok(FromWorker::Imported(state)) => Ok(Ok(state)),
            Ok(FromWorker::ImportRefused(why)) => Ok(Err(why)),
            Err(DecodeError::OtherBuild(_)) => Err(Stop::OtherBuild),
            _ => Err(Stop::Failed),
        }
    }
    .await;
    worker.terminate();
    match answer {
        Ok(read) => read,
        Err(Stop::TimedOut) => Err(IMPORT_TIMED_OUT.to_owned()),
        Err(Stop::Failed) => Err(UNREADABLE_FILE.to_owned()),
        Err(Stop::OtherBuild) => Err(APP_UPDATED.to_owned()),
    }
}

/// Why no answer came.
#[cfg(target_arch = "wasm32")]
enum Stop {
    Failed,
    TimedOut,
    OtherBuild,
}

/// The worker's next message, unless it fails or stays silent for
/// [`IMPORT_TIMEOUT_MS`].
#[cfg(target_arch = "wasm32")]
async fn next_message(worker: &Worker) -> Result<JsValue, Stop> {
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
        Ok(event) => Ok(event
            .dyn_into::<MessageEvent>()
            .map_err(|_| Stop::Failed)?
            .data()),
        Err(why) if why.as_string().as_deref() == Some(TIMED_OUT) => Err(Stop::TimedOut),
        Err(_) => Err(Stop::Failed),
    }
}
