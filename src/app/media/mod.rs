//! Pictures and films: the film's plain state machine ([`film`]) and the
//! bridge to web/media.js, reached through `boidsSchwarmMedien`
//! (web/app_loader.js), which loads that module the first time a command is
//! sent. The messages are plain data with one codec ([`protocol`], tested
//! natively); this module only turns a call into a JavaScript call and an
//! answer into its values.

pub(crate) mod caption;
mod error;
pub(crate) mod film;
pub(crate) mod film_recorder;
pub(crate) mod film_size;
pub(crate) mod protocol;

use std::future::Future;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use web_sys::js_sys::{Array, Function, Promise, Reflect};

pub use self::error::MediaError;
use self::protocol::check_build;
pub use self::protocol::{FilmSaved, FilmStarted, MediaCommand};
pub use self::protocol::{MediaArg, MediaCall, MediaValue};
use crate::worker::messages::BUILD;

/// Sends `command` to web/media.js. The call itself happens now, in this
/// task (a 3D canvas handed over must be read before the task ends); the
/// future resolves to the answer's values or why it failed.
pub fn send(
    command: MediaCommand<Element>,
) -> impl Future<Output = Result<Vec<MediaValue>, MediaError>> + use<> {
    call_global("boidsSchwarmMedien", command.encode())
}

/// Calls the global function `global` (installed by web/app_loader.js,
/// which loads its module on the first call) with the call's name and
/// arguments, now; the future resolves to the answer's values. Also the
/// bridge to web/study_shelf.js.
pub fn call_global(
    global: &str,
    call: MediaCall<Element>,
) -> impl Future<Output = Result<Vec<MediaValue>, MediaError>> + use<> {
    // Awaited from now on, so that a failure nobody waits for is no
    // unhandled rejection.
    let started = start(global, call).map(JsFuture::from);
    async move {
        let answer = started?.await.map_err(|error| failure(&error))?;
        Ok(values(&answer))
    }
}

/// Loads web/media.js and checks that it belongs to this build: a module
/// of another build (a stale cache, a tab not reloaded after an update) is
/// refused: the page says the app must be reloaded.
pub async fn handshake() -> Result<(), MediaError> {
    check_build(&send(MediaCommand::Ready).await?, BUILD)
}

fn start(global: &str, call: MediaCall<Element>) -> Result<Promise, MediaError> {
    let unavailable = |_| MediaError::Unavailable;
    let function: Function = Reflect::get(&web_sys::js_sys::global(), &global.into())
        .map_err(unavailable)?
        .dyn_into()
        .map_err(unavailable)?;
    let all = Array::of1(&JsValue::from_str(&call.name));
    for arg in call.args {
        let value: JsValue = match arg {
            MediaArg::View(view) => view.into(),
            MediaArg::Number(number) => number.into(),
            MediaArg::Text(text) => JsValue::from_str(&text),
        };
        all.push(&value);
    }
    let answer = function
        .apply(&JsValue::NULL, &all)
        .map_err(|error| failure(&error))?;
    Ok(Promise::resolve(&answer))
}

/// An answer's values: the items of an array, or the one value.
fn values(answer: &JsValue) -> Vec<MediaValue> {
    let value = |item: JsValue| {
        if let Some(number) = item.as_f64() {
            MediaValue::Number(number)
        } else if let Some(text) = item.as_string() {
            MediaValue::Text(text)
        } else {
            MediaValue::Other
        }
    };
    match answer.dyn_ref::<Array>() {
        Some(array) => array.iter().map(value).collect(),
        None => vec![value(answer.clone())],
    }
}

/// Why a command failed: web/media.js's own message (named „Hinweis“), or
/// what else the browser threw.
fn failure(error: &JsValue) -> MediaError {
    let text = |key: &str| {
        Reflect::get(error, &key.into())
            .ok()
            .and_then(|value| value.as_string())
    };
    match (text("name"), text("message")) {
        (Some(name), Some(message)) if name == "Hinweis" => MediaError::Hint(message),
        (_, message) => MediaError::Browser(message),
    }
}
