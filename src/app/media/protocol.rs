//! The messages to and from web/media.js as plain data, with one codec each
//! way, round-trip tested natively: a [`MediaCommand`] becomes a
//! [`MediaCall`] (the export's name and its arguments), and an answer is a
//! list of [`MediaValue`]s that each answer type reads strictly (an answer
//! that does not read is [`MediaError::UnreadableAnswer`], never a zero).
//! `V` is how the view's picture travels (a DOM element in the browser).

use super::MediaError;
use crate::worker::messages::{whole_u32, whole_u64};

/// A command of web/media.js. `view` is the view's complete picture (a
/// canvas or an SVG element), read by the command at once.
#[derive(Debug, Clone, PartialEq)]
pub enum MediaCommand<V> {
    /// Loads the module (so that the next command runs in the task that
    /// sends it); answers the build the module belongs to.
    Ready,
    /// „Bild speichern“: the picture with its caption (none: no strip),
    /// downloaded as `file_name`. Answers the PNG's size in bytes.
    Picture {
        view: V,
        caption: Option<[String; 2]>,
        file_name: String,
    },
    /// A film begins, frames of `width` × `height` (0 × 0: the view's
    /// picture with the caption below), built in memory or, `to_file`,
    /// written into a file the user chooses as it is encoded. Answers
    /// [`FilmStarted`].
    FilmStart {
        view: V,
        width: u32,
        height: u32,
        caption: Option<[String; 2]>,
        to_file: bool,
    },
    /// One frame of the film. Answers the ms it took.
    FilmFrame {
        view: V,
        caption: Option<[String; 2]>,
    },
    /// The film is complete: the file is written and downloaded as `stem`
    /// plus its extension. Answers [`FilmSaved`].
    FilmEnd { stem: String },
    /// The film is dropped.
    FilmCancel,
}

/// One argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub enum MediaArg<V> {
    /// The view's picture.
    View(V),
    /// A number.
    Number(f64),
    /// A string (a caption's lines joined by a line feed; empty: none).
    Text(String),
}

/// A command as it is called: the export's name and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct MediaCall<V> {
    pub name: String,
    pub args: Vec<MediaArg<V>>,
}

/// One value of an answer (an answer is one value or an array of them).
#[derive(Debug, Clone, PartialEq)]
pub enum MediaValue {
    Number(f64),
    Text(String),
    /// Anything else (`undefined`, an object).
    Other,
}

/// Why a call is not a command (the inverse of the encoding).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotACommand(pub String);

fn caption_text(caption: Option<[String; 2]>) -> String {
    caption.map(|lines| lines.join("\n")).unwrap_or_default()
}

fn caption_of(text: String) -> Result<Option<[String; 2]>, NotACommand> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.split_once('\n') {
        Some((first, second)) => Ok(Some([first.to_owned(), second.to_owned()])),
        None => Err(NotACommand("caption".to_owned())),
    }
}

impl<V> MediaCommand<V> {
    /// The call web/media.js gets.
    #[must_use]
    pub fn encode(self) -> MediaCall<V> {
        let (name, args) = match self {
            Self::Ready => ("ready", Vec::new()),
            Self::Picture {
                view,
                caption,
                file_name,
            } => (
                "picture",
                vec![
                    MediaArg::View(view),
                    MediaArg::Text(caption_text(caption)),
                    MediaArg::Text(file_name),
                ],
            ),
            Self::FilmStart {
                view,
                width,
                height,
                caption,
                to_file,
            } => (
                "filmStart",
                vec![
                    MediaArg::View(view),
                    MediaArg::Number(f64::from(width)),
                    MediaArg::Number(f64::from(height)),
                    MediaArg::Text(caption_text(caption)),
                    MediaArg::Number(f64::from(u8::from(to_file))),
                ],
            ),
            Self::FilmFrame { view, caption } => (
                "filmFrame",
                vec![MediaArg::View(view), MediaArg::Text(caption_text(caption))],
            ),
            Self::FilmEnd { stem } => ("filmEnd", vec![MediaArg::Text(stem)]),
            Self::FilmCancel => ("filmCancel", Vec::new()),
        };
        MediaCall {
            name: name.to_owned(),
            args,
        }
    }

    /// The command a call holds (what web/media.js reads from it).
    pub fn decode(call: MediaCall<V>) -> Result<Self, NotACommand> {
        let bad = || NotACommand(call.name.clone());
        let mut args = call.args.into_iter();
        let mut next = || args.next();
        let view = |arg: Option<MediaArg<V>>| match arg {
            Some(MediaArg::View(view)) => Ok(view),
            _ => Err(bad()),
        };
        let text = |arg: Option<MediaArg<V>>| match arg {
            Some(MediaArg::Text(text)) => Ok(text),
            _ => Err(bad()),
        };
        let side = |arg: Option<MediaArg<V>>| match arg {
            Some(MediaArg::Number(n)) => whole_u32(n).ok_or_else(bad),
            _ => Err(bad()),
        };
        let command = match call.name.as_str() {
            "ready" => Self::Ready,
            "picture" => Self::Picture {
                view: view(next())?,
                caption: caption_of(text(next())?)?,
                file_name: text(next())?,
            },
            "filmStart" => Self::FilmStart {
                view: view(next())?,
                width: side(next())?,
                height: side(next())?,
                caption: caption_of(text(next())?)?,
                to_file: match side(next())? {
                    0 => false,
                    1 => true,
                    _ => return Err(bad()),
                },
            },
            "filmFrame" => Self::FilmFrame {
                view: view(next())?,
                caption: caption_of(text(next())?)?,
            },
            "filmEnd" => Self::FilmEnd {
                stem: text(next())?,
            },
            "filmCancel" => Self::FilmCancel,
            _ => return Err(bad()),
        };
        match next() {
            None => Ok(command),
            Some(_) => Err(bad()),
        }
    }
}

/// The whole number at `index` of an answer, read by `whole`.
fn whole_at<T>(
    values: &[MediaValue],
    index: usize,
    whole: impl Fn(f64) -> Option<T>,
) -> Result<T, MediaError> {
    match values.get(index) {
        Some(&MediaValue::Number(n)) => whole(n).ok_or(MediaError::UnreadableAnswer),
        _ => Err(MediaError::UnreadableAnswer),
    }
}

/// The answer to [`MediaCommand::FilmStart`]: the size the view must be
/// drawn at, in pixels (and the file's extension, which the page does not
/// need).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilmStarted {
    pub view_width: u32,
    pub view_height: u32,
}

impl FilmStarted {
    /// Reads `[view width, view height, extension]`.
    pub fn decode(values: &[MediaValue]) -> Result<Self, MediaError> {
        Ok(Self {
            view_width: whole_at(values, 0, whole_u32)?,
            view_height: whole_at(values, 1, whole_u32)?,
        })
    }

    /// The answer as web/media.js gives it (the tests' stand-in for it).
    #[cfg(test)]
    #[must_use]
    pub fn encode(self, extension: &str) -> Vec<MediaValue> {
        vec![
            MediaValue::Number(f64::from(self.view_width)),
            MediaValue::Number(f64::from(self.view_height)),
            MediaValue::Text(extension.to_owned()),
        ]
    }
}

/// The answer to [`MediaCommand::FilmEnd`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilmSaved {
    pub bytes: u64,
    pub frames: u64,
}

impl FilmSaved {
    /// Reads `[bytes, frames]`.
    pub fn decode(values: &[MediaValue]) -> Result<Self, MediaError> {
        Ok(Self {
            bytes: whole_at(values, 0, whole_u64)?,
            frames: whole_at(values, 1, whole_u64)?,
        })
    }

    /// The answer as web/media.js gives it (the tests' stand-in for it).
    #[cfg(test)]
    #[must_use]
    pub fn encode(self) -> Vec<MediaValue> {
        vec![
            MediaValue::Number(self.bytes as f64),
            MediaValue::Number(self.frames as f64),
        ]
    }
}

/// Reads the answer to [`MediaCommand::Ready`]: whether the module belongs
/// to `build`.
pub fn check_build(values: &[MediaValue], build: &str) -> Result<(), MediaError> {
    match values {
        [MediaValue::Text(its)] if its == build => Ok(()),
        _ => Err(MediaError::OtherBuild),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caption() -> Option<[String; 2]> {
        Some([
            "Schritt 12 · t = 0,48 s".to_owned(),
            "N 300 · Radius 1,2 LE".to_owned(),
        ])
    }

    /// Every command, with a number standing for the view.
    fn every_command() -> Vec<MediaCommand<u8>> {
        vec![
            MediaCommand::Ready,
            MediaCommand::Picture {
                view: 1,
                caption: caption(),
                file_name: "boids-schwarm-12.png".to_owned(),
            },
            MediaCommand::Picture {
                view: 2,
                caption: None,
                file_name: "boids-schwarm-0.png".to_owned(),
            },
            MediaCommand::FilmStart {
                view: 3,
                width: 1920,
                height: 1080,
                caption: caption(),
                to_file: true,
            },
            MediaCommand::FilmStart {
                view: 4,
                width: 0,
                height: 0,
                caption: None,
                to_file: false,
            },
            MediaCommand::FilmFrame {
                view: 5,
                caption: caption(),
            },
            MediaCommand::FilmEnd {
                stem: "boids-schwarm-0-250".to_owned(),
            },
            MediaCommand::FilmCancel,
        ]
    }

    #[test]
    fn every_command_round_trips() {
        for command in every_command() {
            let call = command.clone().encode();
            assert_eq!(MediaCommand::decode(call), Ok(command));
        }
    }

    #[test]
    fn the_calls_are_what_web_media_js_exports_take() {
        let names: Vec<String> = every_command()
            .into_iter()
            .map(|command| command.encode().name)
            .collect();
        assert_eq!(
            names,
            [
                "ready",
                "picture",
                "picture",
                "filmStart",
                "filmStart",
                "filmFrame",
                "filmEnd",
                "filmCancel"
            ]
        );
        let call = MediaCommand::FilmStart {
            view: 9u8,
            width: 1280,
            height: 720,
            caption: caption(),
            to_file: true,
        }
        .encode();
        assert_eq!(
            call.args,
            [
                MediaArg::View(9),
                MediaArg::Number(1280.0),
                MediaArg::Number(720.0),
                MediaArg::Text("Schritt 12 · t = 0,48 s\nN 300 · Radius 1,2 LE".to_owned()),
                MediaArg::Number(1.0),
            ]
        );
    }

    #[test]
    fn a_call_with_a_wrong_argument_is_no_command() {
        let mut call = MediaCommand::<u8>::FilmEnd {
            stem: "x".to_owned(),
        }
        .encode();
        call.args.push(MediaArg::Number(1.0));
        assert!(MediaCommand::decode(call).is_err(), "one argument too many");
        let call = MediaCall::<u8> {
            name: "filmStart".to_owned(),
            args: vec![MediaArg::View(1), MediaArg::Number(-1.0)],
        };
        assert!(MediaCommand::decode(call).is_err());
        let call = MediaCall::<u8> {
            name: "delete".to_owned(),
            args: Vec::new(),
        };
        assert_eq!(
            MediaCommand::decode(call),
            Err(NotACommand("delete".to_owned()))
        );
    }

    #[test]
    fn every_answer_round_trips_and_a_bad_one_is_unreadable() {
        let started = FilmStarted {
            view_width: 1280,
            view_height: 686,
        };
        assert_eq!(FilmStarted::decode(&started.encode("webm")), Ok(started));
        let saved = FilmSaved {
            bytes: 40_123,
            frames: 251,
        };
        assert_eq!(FilmSaved::decode(&saved.encode()), Ok(saved));
        for bad in [
            vec![],
            vec![MediaValue::Number(1280.0)],
            vec![MediaValue::Number(-1.0), MediaValue::Number(2.0)],
            vec![MediaValue::Number(1.5), MediaValue::Number(2.0)],
            vec![MediaValue::Text("1280".to_owned()), MediaValue::Number(2.0)],
            vec![MediaValue::Other, MediaValue::Other],
        ] {
            assert_eq!(
                FilmStarted::decode(&bad),
                Err(MediaError::UnreadableAnswer),
                "{bad:?}"
            );
            assert_eq!(FilmSaved::decode(&bad), Err(MediaError::UnreadableAnswer));
        }
    }

    #[test]
    fn a_module_of_another_build_is_refused() {
        let ours = [MediaValue::Text("0.1.0-abc".to_owned())];
        assert_eq!(check_build(&ours, "0.1.0-abc"), Ok(()));
        assert_eq!(check_build(&ours, "0.1.0-def"), Err(MediaError::OtherBuild));
        assert_eq!(
            check_build(&[MediaValue::Other], "0.1.0-abc"),
            Err(MediaError::OtherBuild)
        );
    }
}
