//! The worker's side: answers every request with its share of the steering
//! and its part of the measures of the whole swarm, and a study run's
//! request with that run's results row.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::js::{self, Outgoing};
use crate::model::SteeringSolver;

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
