//! The words for pictures and films: how the last one went.

use super::at_last_step;
use crate::app::format::format_integer;
use crate::app::media::caption::{EntryError, FILM_STEPS_MAX};
use crate::app::media::film::{MediaFailure, MediaNote};

/// Why web/media.js cannot be loaded at all.
pub const MEDIA_UNAVAILABLE: &str = "Bilder und Filme sind in diesem Browser nicht verfügbar.";

/// A failure of the browser's media functions, with the browser's own words
/// where it gave any.
#[must_use]
pub fn media_error(browser_words: Option<&str>) -> String {
    match browser_words {
        Some(words) => format!("Das Bild oder der Film ließ sich nicht erzeugen ({words})."),
        None => "Das Bild oder der Film ließ sich nicht erzeugen.".to_owned(),
    }
}

/// What the panel says about the last picture or film, and whether it is
/// a failure; `None`: nothing.
#[must_use]
pub fn media_note(note: &MediaNote) -> Option<(String, bool)> {
    let failure = |text: String| Some((text, true));
    match note {
        MediaNote::Cleared => None,
        MediaNote::PictureSaved(name) => Some((format!("Bild gespeichert: {name}"), false)),
        MediaNote::FilmSaved { bytes, frames } => Some((
            format!(
                "Film gespeichert: {} Bilder, {} kB.",
                format_integer(*frames),
                format_integer(bytes.div_ceil(1000))
            ),
            false,
        )),
        MediaNote::Failed(MediaFailure::NoView) => {
            failure("Die Ansicht ist noch nicht da.".to_owned())
        }
        MediaNote::Failed(MediaFailure::ViewGone) => {
            failure("Die Ansicht ist nicht mehr da.".to_owned())
        }
        MediaNote::Failed(MediaFailure::BeyondLast) => failure(at_last_step()),
        MediaNote::Failed(MediaFailure::Stopped { step }) => failure(format!(
            "Film abgebrochen; der Schwarm steht bei Schritt {}.",
            format_integer(*step)
        )),
        MediaNote::Failed(MediaFailure::Media(why)) => failure(why.clone()),
    }
}

/// Why „Schritte im Film“ is not a valid entry.
#[must_use]
pub fn film_steps_error(error: &EntryError) -> String {
    let range = format!(
        "Schritte im Film: eine ganze Zahl von 1 bis {}.",
        format_integer(FILM_STEPS_MAX)
    );
    match error {
        EntryError::OutOfRange => range,
        EntryError::Empty => format!("Bitte eingeben: {range}"),
        EntryError::NotWhole(text) => format!(
            "„{}“ ist keine ganze Zahl. {range}",
            text.chars().take(20).collect::<String>()
        ),
    }
}
