//! Why a command of web/media.js failed, as data: the words are
//! `texts::media`'s.

/// Why a picture or film command failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaError {
    /// web/media.js cannot be loaded at all.
    Unavailable,
    /// web/media.js's own German message (an error it names „Hinweis“:
    /// no WebCodecs, a view too small for a film, …).
    Hint(String),
    /// Anything else the browser threw, with its words if it gave any.
    Browser(Option<String>),
    /// An answer that does not read as the command's answer.
    UnreadableAnswer,
    /// The module belongs to another build of the app.
    OtherBuild,
}
