//! The worker's side: answers every request with its share of the steering
//! and its part of the measures of the whole swarm, a study run's request
//! with that run's results row, and a request to read a state file with the
//! checked state (so a large file never blocks the page), and a range of
//! blocks of a state with their correlation sums.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::js;
use super::messages::{FromWorker, Refusal, ToWorker};
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

fn post(scope: &DedicatedWorkerGlobalScope, answer: FromWorker) {
    let outgoing = js::answer(answer);
    // Posting to the page fails only when the page is gone.
    let _ = scope.post_message_with_transfer(&outgoing.message, &outgoing.transfer);
}

/// The answer to one request.
fn answer(solver: &RefCell<SteeringSolver>, request: ToWorker<web_sys::Blob>) -> FromWorker {
    match request {
        ToWorker::Import(file) => match read_state_file(&file) {
            Ok(state) => FromWorker::Imported(state),
            Err(why) => FromWorker::ImportRefused(why),
        },
        ToWorker::Run(request) => request.solve().map_or(
            FromWorker::Refused(Refusal::Run(request.run)),
            FromWorker::Row,
        ),
        ToWorker::Share(request) => match request.solve(&mut solver.borrow_mut()) {
            Ok(reply) => FromWorker::Share(reply),
            Err(_) => FromWorker::Refused(Refusal::Share(request.job)),
        },
        ToWorker::Correlations(request) => request.solve().map_or(
            FromWorker::Refused(Refusal::Correlations(request.job)),
            FromWorker::CorrelationBlocks,
        ),
    }
}

/// Installs the message handler and tells the page that the worker is ready
/// (and of which build). The handler lives as long as the worker.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let solver = RefCell::new(SteeringSolver::new());
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        // A request of another build, or one that cannot be read, is
        // refused: the page then stops using this worker.
        let answer = js::read_request(&event.data())
            .map_or(FromWorker::Refused(Refusal::Unreadable), |request| {
                answer(&solver, request)
            });
        post(&reply_scope, answer);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, FromWorker::Ready);
}
