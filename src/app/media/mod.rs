//! Pictures and films: the film's plain state machine ([`film`]) and the
//! bridge to web/media.js, reached through `boidsSchwarmMedien`
//! (web/app_loader.js), which loads that module the first time a command is
//! sent. Every command is one [`MediaCommand`]; its answer is read by one
//! reader each, and an answer that does not read is a failure, not a zero.

pub mod caption;
mod error;
pub mod film;
pub mod film_recorder;

use std::future::Future;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use web_sys::js_sys::{Array, Function, Promise, Reflect};

pub use self::error::MediaError;
use crate::worker::messages::BUILD;

/// A command of web/media.js. `view` is the view's complete picture (a
/// canvas or an SVG element), read by the command at once.
pub enum MediaCommand {
    /// Loads the module (so that the next command runs in the task that
    /// sends it); answers the build the module belongs to. Send it with
    /// [`handshake`].
    Ready,
    /// „Bild speichern“: the picture with its caption (none: no strip),
    /// downloaded as `file_name`. Answers the PNG's size in bytes.
    Picture {
        view: Element,
        caption: Option<[String; 2]>,
        file_name: String,
    },
    /// A film begins, frames of `width` × `height` (0 × 0: the view's
    /// picture with the caption below). Answers [`FilmStarted`].
    FilmStart {
        view: Element,
        width: u32,
        height: u32,
        caption: Option<[String; 2]>,
    },
    /// One frame of the film.
    FilmFrame {
        view: Element,
        caption: Option<[String; 2]>,
    },
    /// The film is complete: the file is written and downloaded as `stem`
    /// plus its extension. Answers [`FilmSaved`].
    FilmEnd { stem: String },
    /// The film is dropped.
    FilmCancel,
}

/// The answer to [`MediaCommand::FilmStart`]: the size the view must be
/// drawn at, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilmStarted {
    pub view_width: u32,
    pub view_height: u32,
}

/// The answer to [`MediaCommand::FilmEnd`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilmSaved {
    pub bytes: u64,
    pub frames: u64,
}

/// A caption as web/media.js takes it: one text, a line feed between the
/// lines (empty: no caption strip).
fn caption_value(caption: Option<[String; 2]>) -> JsValue {
    JsValue::from_str(&caption.map(|lines| lines.join("\n")).unwrap_or_default())
}

impl MediaCommand {
    /// The export's name and its arguments.
    fn encode(self) -> (&'static str, Vec<JsValue>) {
        match self {
            Self::Ready => ("ready", Vec::new()),
            Self::Picture {
                view,
                caption,
                file_name,
            } => (
                "picture",
                vec![
                    view.into(),
                    caption_value(caption),
                    JsValue::from_str(&file_name),
                ],
            ),
            Self::FilmStart {
                view,
                width,
                height,
                caption,
            } => (
                "filmStart",
                vec![
                    view.into(),
                    width.into(),
                    height.into(),
                    caption_value(caption),
                ],
            ),
            Self::FilmFrame { view, caption } => {
                ("filmFrame", vec![view.into(), caption_value(caption)])
            }
            Self::FilmEnd { stem } => ("filmEnd", vec![JsValue::from_str(&stem)]),
            Self::FilmCancel => ("filmCancel", Vec::new()),
        }
    }

    /// Sends the command. The call itself happens now, in this task (a 3D
    /// canvas handed over must be read before the task ends); the future
    /// resolves to its answer or why it failed.
    pub fn send(self) -> impl Future<Output = Result<JsValue, MediaError>> + use<> {
        // Awaited from now on, so that a failure nobody waits for is no
        // unhandled rejection.
        let started = start(self).map(JsFuture::from);
        async move { started?.await.map_err(|error| german(&error)) }
    }
}

/// Loads web/media.js and checks that it belongs to this build: a module
/// of another build (a stale cache, a tab not reloaded after an update) is
/// refused: the page says the app must be reloaded.
pub async fn handshake() -> Result<(), MediaError> {
    let answer = MediaCommand::Ready.send().await?;
    if answer.as_string().as_deref() == Some(BUILD) {
        Ok(())
    } else {
        Err(MediaError::OtherBuild)
    }
}

fn start(command: MediaCommand) -> Result<Promise, MediaError> {
    let unavailable = |_| MediaError::Unavailable;
    let function: Function = Reflect::get(&web_sys::js_sys::global(), &"boidsSchwarmMedien".into())
        .map_err(unavailable)?
        .dyn_into()
        .map_err(unavailable)?;
    let (name, args) = command.encode();
    let all = Array::of1(&JsValue::from_str(name));
    for arg in args {
        all.push(&arg);
    }
    let answer = function
        .apply(&JsValue::NULL, &all)
        .map_err(|error| german(&error))?;
    Ok(Promise::resolve(&answer))
}

/// The `index`-th entry of an answer that is an array, as a whole number
/// below `max`.
fn whole_at(answer: &JsValue, index: u32, max: f64) -> Option<f64> {
    let number = answer.dyn_ref::<Array>()?.get(index).as_f64()?;
    ((0.0..=max).contains(&number) && number.fract() == 0.0).then_some(number)
}

impl FilmStarted {
    /// Reads `[view width, view height, extension]`.
    pub fn read(answer: &JsValue) -> Result<Self, MediaError> {
        let side = |index| whole_at(answer, index, f64::from(u32::MAX)).map(|n| n as u32);
        match (side(0), side(1)) {
            (Some(view_width), Some(view_height)) => Ok(Self {
                view_width,
                view_height,
            }),
            _ => Err(MediaError::UnreadableAnswer),
        }
    }
}

impl FilmSaved {
    /// Reads `[bytes, frames]`.
    pub fn read(answer: &JsValue) -> Result<Self, MediaError> {
        const EXACT: f64 = 9_007_199_254_740_992.0;
        let count = |index| whole_at(answer, index, EXACT).map(|n| n as u64);
        match (count(0), count(1)) {
            (Some(bytes), Some(frames)) => Ok(Self { bytes, frames }),
            _ => Err(MediaError::UnreadableAnswer),
        }
    }
}

/// Why a command failed: web/media.js's own message (named „Hinweis“), or
/// what else the browser threw.
fn german(error: &JsValue) -> MediaError {
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
