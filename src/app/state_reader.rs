//! Reading a chosen state file („Zustand laden“) without blocking the page:
//! a short-lived Web Worker of its own (the model's worker wasm) reads the
//! file and checks it with the model's reader, and only the checked state
//! comes back, as flat arrays, so the page parses no JSON. Where no worker
//! can start, the main thread reads the file itself, as the model's reader
//! does in the worker.

use web_sys::File;

use super::download::read_file;
use crate::model::Kinematics;
use crate::texts;

/// Reads and checks `file`, then calls `done` with the state or the German
/// message of why it was refused.
pub fn read_state_file(file: File, done: impl FnOnce(Result<Kinematics, String>) + 'static) {
    leptos::task::spawn_local(async move {
        match in_worker(&file).await {
            Some(result) => done(result),
            None => read_file(file, move |bytes| done(read_here(bytes))),
        }
    });
}

/// The worker's answer; `None` when no worker started or it failed (then
/// the main thread reads the file). The worker is ended either way.
/// Natively (tests) there are no workers.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::unused_async)]
async fn in_worker(_file: &File) -> Option<Result<Kinematics, String>> {
    None
}

#[cfg(target_arch = "wasm32")]
use {
    crate::worker::js,
    wasm_bindgen::{JsCast, JsValue},
    web_sys::{MessageEvent, Worker},
};

/// The worker's answer; `None` when no worker started or it failed (then
/// the main thread reads the file). The worker is ended either way.
#[cfg(target_arch = "wasm32")]
async fn in_worker(file: &File) -> Option<Result<Kinematics, String>> {
    let url = format!("{}/worker_loader.js", super::base_path::base_path());
    let worker = Worker::new(&url).ok()?;
    let answer = async {
        // The worker drops what arrives before its wasm runs: wait for
        // its first message, „ready“.
        next_message(&worker).await?;
        worker
            .post_message(&js::import_request(file).message)
            .ok()?;
        js::read_imported(&next_message(&worker).await?)
    }
    .await;
    worker.terminate();
    answer
}

/// The worker's next message; `None` when it fails instead.
#[cfg(target_arch = "wasm32")]
async fn next_message(worker: &Worker) -> Option<JsValue> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        worker.set_onmessage(Some(&resolve));
        worker.set_onerror(Some(&reject));
        worker.set_onmessageerror(Some(&reject));
    });
    let event = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    Some(event.dyn_into::<MessageEvent>().ok()?.data())
}

/// The main thread's reading, as the worker's: decoded as `Blob.text()`
/// does (UTF-8, invalid bytes replaced, a leading byte order mark dropped).
fn read_here(bytes: Option<Vec<u8>>) -> Result<Kinematics, String> {
    let bytes = bytes.ok_or_else(|| texts::UNREADABLE_FILE.to_owned())?;
    let text = String::from_utf8_lossy(&bytes);
    Kinematics::from_json(text.strip_prefix('\u{feff}').unwrap_or(&text))
        .map_err(|error| texts::import_error(&error))
}
