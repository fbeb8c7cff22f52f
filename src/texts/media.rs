//! The words for pictures and films: how the last one went.

use super::engine::Answers;
use super::{APP_UPDATED, at_last_step};
use crate::app::format::{format_decimal, format_integer};
use crate::app::media::MediaError;
use crate::app::media::caption::{EntryError, FILM_STEPS_MAX};
use crate::app::media::film::{MediaFailure, MediaNote};
use crate::app::media::film_size::{FilmTarget, FilmTooLarge};

/// Why a command of web/media.js failed.
#[must_use]
pub fn media_error(error: &MediaError) -> String {
    match error {
        MediaError::Unavailable => {
            "Bilder und Filme sind in diesem Browser nicht verfügbar.".to_owned()
        }
        MediaError::Hint(message) => message.clone(),
        MediaError::Browser(Some(words)) => {
            format!("Das Bild oder der Film ließ sich nicht erzeugen ({words}).")
        }
        MediaError::Browser(None) => "Das Bild oder der Film ließ sich nicht erzeugen.".to_owned(),
        MediaError::UnreadableAnswer => {
            "Das Bild oder der Film ließ sich nicht erzeugen (unlesbare Antwort).".to_owned()
        }
        MediaError::OtherBuild => APP_UPDATED.to_owned(),
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
        MediaNote::Failed(MediaFailure::Media(error)) => failure(media_error(error)),
        MediaNote::Failed(MediaFailure::TooLarge(too_large)) => failure(film_too_large(too_large)),
    }
}

/// A film's size in words, rounded up: „7,7 MB“, „3,1 GB“.
#[must_use]
pub fn film_size_words(bytes: u64) -> String {
    let (unit, name) = if bytes >= 1_000_000_000 {
        (1e9, "GB")
    } else {
        (1e6, "MB")
    };
    let tenths = (bytes as f64 / unit * 10.0).ceil() / 10.0;
    format!("{} {name}", format_decimal(tenths.max(0.1), 1))
}

/// Why a film was not started: too large for memory, and no file to write.
#[must_use]
pub fn film_too_large(too_large: &FilmTooLarge) -> String {
    format!(
        "Dieser Film bräuchte bis zu {} – mehr, als der Browser sicher im Speicher hält, und \
         dieser Browser kann Filme nicht während der Aufnahme in eine Datei schreiben. In \
         dieser Größe passen höchstens {} Schritte; kleiner (1280 × 720) passen mehr.",
        film_size_words(too_large.bytes),
        format_integer(too_large.longest_steps)
    )
}

/// The estimate the panel shows before a film starts.
#[must_use]
pub fn film_estimate(bytes: u64, target: &Result<FilmTarget, FilmTooLarge>) -> String {
    let size = format!("Geschätzte Größe: bis zu {}.", film_size_words(bytes));
    match target {
        Ok(FilmTarget::Memory) => size,
        Ok(FilmTarget::File) => format!(
            "{size} Zu groß für den Speicher: Der Film wird während der Aufnahme in eine Datei \
             geschrieben, deren Ort Sie beim Start wählen."
        ),
        Err(too_large) => film_too_large(too_large),
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

/// The answers to [`film_question`]: keep the frames so far, or drop them.
pub const FILM_ANSWERS: Answers = Answers {
    confirm: "Als Film speichern",
    decline: "Film verwerfen",
};

/// What „Abbrechen“ during a film asks, with the `frames` recorded so far.
#[must_use]
pub fn film_question(frames: u64) -> String {
    let so_far = if frames == 1 {
        "1 Bild".to_owned()
    } else {
        format!("{} Bildern", format_integer(frames))
    };
    format!("Film angehalten nach {so_far}. Die bisherigen Bilder als kürzeren Film speichern?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_films_size_is_said_in_mb_or_gb_rounded_up() {
        assert_eq!(film_size_words(7_669_305), "7,7 MB");
        assert_eq!(film_size_words(1), "0,1 MB");
        assert_eq!(film_size_words(3_055_500_000), "3,1 GB");
        let too_large = FilmTooLarge {
            bytes: 3_055_500_000,
            longest_steps: 35_140,
        };
        assert_eq!(
            film_estimate(3_055_500_000, &Err(too_large)),
            "Dieser Film bräuchte bis zu 3,1 GB – mehr, als der Browser sicher im Speicher hält, \
             und dieser Browser kann Filme nicht während der Aufnahme in eine Datei schreiben. In \
             dieser Größe passen höchstens 35\u{202f}140 Schritte; kleiner (1280 × 720) passen mehr."
        );
        assert!(film_estimate(3_055_500_000, &Ok(FilmTarget::File)).contains("in eine Datei"));
    }

    #[test]
    fn the_question_names_the_frames_so_far() {
        assert_eq!(
            film_question(1),
            "Film angehalten nach 1 Bild. Die bisherigen Bilder als kürzeren Film speichern?"
        );
        assert!(film_question(12_345).starts_with("Film angehalten nach 12\u{202f}345 Bildern. "));
    }
}
