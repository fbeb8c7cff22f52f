//! The worker's side: answers every request with its share of the steering
//! and its part of the measures of the whole swarm, a study run's request
//! with that run's results row, and a request to read a state file with the
//! checked state (so a large file never blocks the page).

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::js::{self, Outgoing};
use crate::model::{ImportError, Kinematics, MAX_STATE_BYTES, SteeringSolver};
use crate::texts;

/// Reads and checks a state file with the model's reader, decoded as
/// `Blob.text()` does (UTF-8, invalid bytes replaced, a leading byte order
/// mark dropped); the error is the German message the page shows.
fn read_state_file(file: &web_sys::Blob) -> Result<Kinematics, String> {
    let size = file.size();
    if size > MAX_STATE_BYTES as f64 {
        let error = ImportError::TooLarge {
            bytes: size as usize,
        };
        return Err(texts::import_error(&error));
    }
    let bytes = web_sys::FileReaderSync::new()
        .and_then(|reader| reader.read_as_array_buffer(file))
        .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
        .map_err(|_| texts::UNREADABLE_FILE.to_owned())?;
    let text = String::from_utf8_lossy(&bytes);
    Kinematics::from_json(text.strip_prefix('\u{feff}').unwrap_or(&text))
        .map_err(|error| texts::import_error(&error))
}

fn post(scope: &DedicatedWorkerGlobalScope, outgoing: &Outgoing) {
    // Posting to the page fails only when the page is gone.
    let _ = scope.post_message_with_transfer(&outgoing.message, &outgoing.transfer);
}

/// Installs the message handler and tells the page that the worker is ready.
/// The handler lives as long as the worker.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let solver = RefCell::new(SteeringSolver::new());
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        if let Some(file) = js::read_import_request(&data) {
            post(&reply_scope, &js::imported(&read_state_file(&file)));
            return;
        }
        if js::is_run_request(&data) {
            // A whole study run: the failure names the run (as a job number).
            match js::read_run_request(&data) {
                Some(request) => match request.solve() {
                    Some(reply) => post(&reply_scope, &js::row(&reply)),
                    None => post(&reply_scope, &js::failed(request.run as u32)),
                },
                None => post(&reply_scope, &js::failed(u32::MAX)),
            }
            return;
        }
        let Some(request) = js::read_request(&data) else {
            return;
        };
        match request.solve(&mut solver.borrow_mut()) {
            Ok(reply) => post(&reply_scope, &js::reply(&reply)),
            Err(_) => post(&reply_scope, &js::failed(request.job)),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &js::ready());
}
