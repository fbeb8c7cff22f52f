//! Browser glue for pictures and films: calls the commands of web/media.js
//! through `boidsSchwarmMedien` (web/app_loader.js), which loads that
//! module the first time one is asked for.

use std::future::Future;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Array, Function, Promise, Reflect};

/// Calls `command` of web/media.js with `args`. The call itself happens
/// now, in this task (a 3D canvas handed over must be read before the task
/// ends); the future resolves to its answer or a German message.
pub fn call(
    command: &str,
    args: &[JsValue],
) -> impl Future<Output = Result<JsValue, String>> + use<> {
    // Awaited from now on, so that a failure nobody waits for is no
    // unhandled rejection.
    let started = start(command, args).map(JsFuture::from);
    async move { started?.await.map_err(|error| german(&error)) }
}

fn start(command: &str, args: &[JsValue]) -> Result<Promise, String> {
    let unavailable = |_| "Bilder und Filme sind in diesem Browser nicht verfügbar.".to_owned();
    let function: Function = Reflect::get(&web_sys::js_sys::global(), &"boidsSchwarmMedien".into())
        .map_err(unavailable)?
        .dyn_into()
        .map_err(unavailable)?;
    let all = Array::of1(&JsValue::from_str(command));
    for arg in args {
        all.push(arg);
    }
    let answer = function
        .apply(&JsValue::NULL, &all)
        .map_err(|error| german(&error))?;
    Ok(Promise::resolve(&answer))
}

/// The user's message for a failed command: web/media.js's own (named
/// „Hinweis“) as it is, anything else the browser threw after a German
/// sentence.
fn german(error: &JsValue) -> String {
    let text = |key: &str| {
        Reflect::get(error, &key.into())
            .ok()
            .and_then(|value| value.as_string())
    };
    match (text("name"), text("message")) {
        (Some(name), Some(message)) if name == "Hinweis" => message,
        (_, Some(message)) => {
            format!("Das Bild oder der Film ließ sich nicht erzeugen ({message}).")
        }
        _ => "Das Bild oder der Film ließ sich nicht erzeugen.".to_owned(),
    }
}

/// The `index`-th number of an answer of web/media.js that is an array of
/// numbers (0 where there is none).
#[must_use]
pub fn number_at(answer: &JsValue, index: u32) -> f64 {
    Array::from(answer).get(index).as_f64().unwrap_or(0.0)
}

/// The caption's lines as web/media.js takes them: one text, a line feed
/// between the lines (empty: no caption strip).
#[must_use]
pub fn lines_value(lines: Option<[String; 2]>) -> JsValue {
    JsValue::from_str(&lines.map(|lines| lines.join("\n")).unwrap_or_default())
}
