//! The German words a user reads for the model's parameters, measures and
//! errors: the labels, the form's number format, and one sentence per
//! [`ParamError`] and [`ImportError`]. Both the app and the CLI show these, so they live outside
//! the `web` feature; the model itself only returns typed errors.

pub mod cli;
#[cfg(feature = "web")]
pub(crate) mod correlations;
#[cfg(feature = "web")]
pub(crate) mod engine;
#[cfg(feature = "web")]
pub(crate) mod media;
mod quote;
#[cfg(feature = "web")]
pub(crate) mod spreadsheet;
pub mod study;
#[cfg(feature = "web")]
pub(crate) mod study_page;
#[cfg(feature = "web")]
pub(crate) mod view;

use crate::model::{
    ImportError, MAX_STATE_BYTES, Measure, ParamError, ParamField, STATE_FORMAT, STATE_VERSION,
    StateError, WholeNumberError, study::Quantity,
};
pub use quote::{escaped, file_name, short};

/// Shown when a file could not be read at all (the app's file reader failed,
/// or the CLI could not open it).
pub const UNREADABLE_FILE: &str = "Die Datei konnte nicht gelesen werden.";
/// Why „Zustand laden“ cannot work where the browser lets no Web Worker
/// start (the state file's reader runs in one).
pub const IMPORT_NEEDS_WORKER: &str =
    "Zustand laden braucht einen Web Worker, und dieser Browser lässt keinen zu.";
/// Why „Zustand laden“ gave up: the worker reading the file did not answer.
pub const IMPORT_TIMED_OUT: &str = "Das Lesen der Datei hat zu lange gedauert und wurde abgebrochen. Der bisherige Schwarm bleibt.";
/// Why nothing is computed: a part of the app (a Web Worker) belongs to
/// another version than the page, which must be reloaded.
pub const APP_UPDATED: &str = "Die App wurde aktualisiert. Bitte die Seite neu laden: Bis dahin rechnet sie nicht weiter, damit nichts mit zwei Versionen gerechnet wird.";
/// The browser refused a download.
pub const DOWNLOAD_REFUSED: &str = "Der Browser hat den Download abgelehnt.";

/// Struktur und Korrelation of a swarm of one boid (SPEC §10).
pub const CORRELATIONS_NEED_TWO: &str =
    "Struktur und Korrelation brauchen mindestens zwei Boids: Paare gibt es erst ab zwei.";
/// A path that names no regular file (a folder, a device, a pipe).
pub const NOT_A_FILE: &str = "Das ist keine gewöhnliche Datei.";
/// A path that names nothing.
pub const MISSING_FILE: &str = "Die Datei gibt es nicht.";

/// The label the form shows for a parameter.
#[must_use]
pub fn label(field: ParamField) -> &'static str {
    match field {
        ParamField::Count => "Anzahl",
        ParamField::Seed => "Seed",
        ParamField::Radius => "Radius",
        ParamField::Separation => "Abstand",
        ParamField::Alignment => "Richtung",
        ParamField::Cohesion => "Kohäsion",
        ParamField::MaxSpeed => "Höchsttempo",
    }
}

/// The label of a per-run number of a study (SPEC §8): a measure's
/// window mean, the susceptibility or the Binder cumulant.
#[must_use]
pub fn quantity_label(quantity: Quantity) -> &'static str {
    match quantity {
        Quantity::Mean(measure) => measure_label(measure),
        Quantity::Susceptibility => "Schwankung der Ordnung (Suszeptibilität)",
        Quantity::Binder => "Binder-Kumulante der Ordnung",
    }
}

/// The label of a measure of the whole swarm (SPEC §6).
#[must_use]
pub fn measure_label(measure: Measure) -> &'static str {
    match measure {
        Measure::MeanSpeed => "Mittleres Tempo",
        Measure::Polarization => "Ordnung (Polarisation)",
        Measure::MeanNeighbours => "Nachbarn im Mittel",
        Measure::Groups => "Gruppen",
        Measure::LargestGroup => "Größte Gruppe",
        Measure::MeanNearestDistance => "Mittlerer Abstand zum nächsten Nachbarn",
    }
}

/// A parameter value as the form shows it: integers without separator, other
/// values in shortest round-trip form with a decimal comma (`1.2` → `1,2`),
/// so the parser reads back the same value.
#[must_use]
pub fn format_value(field: ParamField, value: f64) -> String {
    german_number(&field.plain_text(value), None)
}

/// An axis value of a study as the chart and the results table show it:
/// rounded to 12 significant digits, so a value an axis computed as
/// 0,30000000000000004 reads „0,3“ (the exports and links keep the exact
/// value).
#[must_use]
pub fn format_axis_value(field: ParamField, value: f64) -> String {
    let rounded = format!("{value:.11e}").parse().unwrap_or(value);
    format_value(field, rounded)
}

/// The field's valid range in words, as it continues „… muss“:
/// `eine ganze Zahl von 1 bis 50 000`, `größer als 0 und höchstens 4,2`,
/// `zwischen 0 und 10`.
#[must_use]
pub fn range_phrase(field: ParamField) -> String {
    let range = field.range();
    let (min, max) = (bound(range.min), bound(range.max));
    if range.integer {
        format!("eine ganze Zahl von {min} bis {max}")
    } else if range.min_exclusive {
        format!("größer als {min} und höchstens {max}")
    } else {
        format!("zwischen {min} und {max}")
    }
}

/// The sentence that states a field's valid range.
#[must_use]
pub fn range_message(field: ParamField) -> String {
    let verb = if field.range().integer || field.range().min_exclusive {
        "sein"
    } else {
        "liegen"
    };
    format!("{} muss {} {verb}.", label(field), range_phrase(field))
}

/// The message shown under an input (and by the CLI) for a rejected value.
#[must_use]
pub fn param_error(error: &ParamError) -> String {
    match error {
        ParamError::Empty { field } => format!("Bitte einen Wert für {} eingeben.", label(*field)),
        ParamError::NotANumber { field, text } => {
            let example = if field.is_integer() { "200" } else { "1,2" };
            format!(
                "{}: „{}“ ist keine gültige Zahl (Beispiel: {example}).",
                label(*field),
                short(text)
            )
        }
        ParamError::OutOfRange { field, .. } => range_message(*field),
    }
}

/// The message for a link whose `schritt` is not a step count.
#[must_use]
pub fn link_step_error(error: &WholeNumberError) -> String {
    match error {
        WholeNumberError::TooLarge { text, largest } => format!(
            "Link: Schritt „{}“ liegt hinter dem größten Schritt {}.",
            short(text),
            whole(*largest)
        ),
        _ => format!(
            "Link: „{}“ ist kein gültiger Schritt. Der Schritt muss eine ganze Zahl ab 0 sein.",
            short(error.text())
        ),
    }
}

/// The message under „Gehe zu Schritt“ for what is not a step count.
#[must_use]
pub fn go_to_step_error(error: &WholeNumberError) -> String {
    match error {
        WholeNumberError::Empty => {
            "Bitte einen Schritt eingeben (eine ganze Zahl ab 0).".to_owned()
        }
        WholeNumberError::TooLarge { largest, .. } => format!(
            "Gehe zu Schritt: Der größte Schritt ist {}.",
            whole(*largest)
        ),
        WholeNumberError::NotDigits { text } => format!(
            "Gehe zu Schritt: „{}“ ist keine ganze Zahl ab 0.",
            short(text)
        ),
    }
}

/// Why Schritt and Starten stop at the largest step.
#[must_use]
pub fn at_last_step() -> String {
    format!(
        "Der größte Schritt ({}) ist erreicht: weiter geht es nicht.",
        whole(crate::model::MAX_STEP)
    )
}

/// What the notice with „Rückgängig“ says about a discarded swarm.
#[must_use]
pub fn swarm_discarded(step: u64, count: u32) -> String {
    format!(
        "Der Schwarm ({} Boids, Schritt {}) wurde entfernt.",
        whole(u64::from(count)),
        whole(step)
    )
}

/// A whole number with its digits grouped by spaces from 10 000 on.
#[must_use]
pub fn whole(value: u64) -> String {
    german_number(&value.to_string(), Some(' '))
}

/// Why the swarm cannot go back before its first state.
#[must_use]
pub fn before_first_step(first: u64, imported: bool) -> String {
    if imported {
        format!("Ein geladener Zustand geht nur bis zu seinem eigenen Schritt {first} zurück.")
    } else {
        format!("Früher als Schritt {first}, bei dem der Schwarm entstand, geht es nicht.")
    }
}

/// The message for a state file that was not loaded.
#[must_use]
pub fn import_error(error: &ImportError) -> String {
    const MB: usize = 1_048_576;
    match error {
        ImportError::TooLarge { bytes } => format!(
            "Die Datei ist zu groß ({:.1} MB; höchstens {} MB).",
            *bytes as f64 / MB as f64,
            MAX_STATE_BYTES / MB
        ),
        ImportError::NotJson { line, column } => {
            format!("Die Datei ist kein gültiges JSON (Fehler in Zeile {line}, Spalte {column}).")
        }
        ImportError::WrongFormat { found } => format!(
            "Die Datei ist kein Boids-Schwarm-Zustand (Format „{}“ statt „{STATE_FORMAT}“).",
            found.as_deref().map_or("fehlt".to_owned(), short)
        ),
        ImportError::WrongVersion { found } => format!(
            "Die Version {} des Zustandsformats wird nicht unterstützt (erwartet: {STATE_VERSION}).",
            found.as_deref().map_or("(fehlt)".to_owned(), short)
        ),
        ImportError::Malformed { detail } => {
            format!(
                "Der Zustand ist unvollständig oder falsch aufgebaut: {}.",
                escaped(detail)
            )
        }
        ImportError::State(error) => state_error(error),
        ImportError::IdOutOfRange { id, count } => format!(
            "Boid-Nummer {id} liegt außerhalb von 0 bis {last}: jede Nummer von 0 bis {last} muss genau einmal vorkommen.",
            last = count.saturating_sub(1)
        ),
        ImportError::DuplicateId { id } => format!(
            "Die Boid-Nummer {id} kommt mehrfach vor: jede Nummer darf nur einmal vorkommen."
        ),
    }
}

/// The message for a stored state that breaks an invariant of the model.
#[must_use]
pub fn state_error(error: &StateError) -> String {
    match error {
        StateError::InvalidParams(error) => {
            format!("Ungültige Parameter in der Datei: {}", param_error(error))
        }
        StateError::LengthMismatch {
            positions,
            velocities,
        } => format!("Es gibt {positions} Positionen, aber {velocities} Geschwindigkeiten."),
        StateError::CountMismatch { count, boids } => {
            format!("Anzahl ist {count}, die Datei enthält aber {boids} Boids.")
        }
        StateError::NotFinite { id } => {
            format!("Boid {id}: Position oder Geschwindigkeit ist keine endliche Zahl.")
        }
        StateError::PositionOutOfRange { id } => {
            format!("Boid {id}: Die Position liegt außerhalb des Würfels [−4,2; 4,2).")
        }
        StateError::TooFast {
            id,
            speed,
            max_speed,
        } => format!(
            "Boid {id}: Das Tempo {} LE/s überschreitet das Höchsttempo {} LE/s.",
            decimal(*speed),
            decimal(*max_speed)
        ),
        StateError::StepBeyondLast { step } => format!(
            "Der Schritt {} liegt hinter dem größten Schritt {}.",
            whole(*step),
            whole(crate::model::MAX_STEP)
        ),
    }
}

/// The one German number formatter: turns a number as Rust prints it
/// (`{}` or `{:.n}`: digits, an optional `-` and `.`) into German, with a
/// decimal comma, no sign on a value that prints as zero, and, with a
/// `separator`, the integer digits grouped in threes from 10 000 on
/// (`12345.5` → `12 345,5`, `1234` stays `1234`).
#[must_use]
pub fn german_number(rust_text: &str, separator: Option<char>) -> String {
    let (sign, digits) = match rust_text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => ("", rest),
        Some(rest) => ("-", rest),
        None => ("", rust_text),
    };
    let (integer, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut out = String::with_capacity(rust_text.len() + integer.len() / 3 * 3);
    out.push_str(sign);
    for (i, digit) in integer.chars().enumerate() {
        if let Some(separator) = separator
            && integer.len() >= 5
            && i > 0
            && (integer.len() - i).is_multiple_of(3)
        {
            out.push(separator);
        }
        out.push(digit);
    }
    if !fraction.is_empty() {
        out.push(',');
        out.push_str(fraction);
    }
    out
}

/// Shortest round-trip form with a decimal comma: `4.2` → `4,2`, `50` → `50`.
fn decimal(value: f64) -> String {
    german_number(&value.to_string(), None)
}

/// A range bound: as [`decimal`], with the digits from 10 000 on grouped by
/// spaces (`50 000`, `4 294 967 295`).
fn bound(value: f64) -> String {
    german_number(&value.to_string(), Some(' '))
}

/// The hint shown when a newer build of the app is installed and waits; a
/// click loads it.
pub const NEW_VERSION: &str = "Neue Version verfügbar – neu laden";

/// The simulation page's opening sentences: what the page shows and how to
/// begin. index.html's static shell shows the same paragraph in the same
/// place while the app loads (a browser test compares them).
pub const SIMULATION_LEAD: &str = "Drei Regeln machen aus vielen Boids einen Schwarm: Abstand, Richtung und Kohäsion. Parameter wählen, „Initialisieren“, dann „Starten“ oder Schritt für Schritt ansehen – mit demselben Seed genau wiederholbar.";

#[cfg(test)]
mod tests {
    #[test]
    fn an_axis_value_is_shown_rounded_to_twelve_digits() {
        use super::format_axis_value;
        use crate::model::ParamField;
        assert_eq!(format_axis_value(ParamField::Alignment, 0.1 + 0.2), "0,3");
        assert_eq!(
            format_axis_value(ParamField::Alignment, 0.899_999_999_999_999_9),
            "0,9"
        );
        assert_eq!(format_axis_value(ParamField::Radius, 1.5), "1,5");
        assert_eq!(format_axis_value(ParamField::Count, 400.0), "400");
        assert_eq!(
            format_axis_value(ParamField::Cohesion, 0.123_456_789_012_3),
            "0,123456789012"
        );
    }

    use super::*;
    use crate::model::Params;

    fn message(field: ParamField, text: &str) -> String {
        param_error(&field.parse(text).unwrap_err())
    }

    #[test]
    fn every_measure_has_its_label() {
        assert_eq!(
            Measure::ALL.map(measure_label),
            [
                "Mittleres Tempo",
                "Ordnung (Polarisation)",
                "Nachbarn im Mittel",
                "Gruppen",
                "Größte Gruppe",
                "Mittlerer Abstand zum nächsten Nachbarn",
            ]
        );
    }

    #[test]
    fn german_numbers_have_a_comma_groups_and_no_negative_zero() {
        assert_eq!(german_number("4.2", None), "4,2");
        assert_eq!(german_number("50000", None), "50000");
        assert_eq!(german_number("50000", Some(' ')), "50 000");
        assert_eq!(german_number("1234", Some(' ')), "1234");
        assert_eq!(german_number("-12345.675", Some('.')), "-12.345,675");
        assert_eq!(german_number("-0.00", Some(' ')), "0,00");
        assert_eq!(german_number("-0", None), "0");
        assert_eq!(german_number("-1.5", None), "-1,5");
    }

    #[test]
    fn every_range_in_words() {
        let messages = ParamField::ALL.map(range_message);
        assert_eq!(
            messages,
            [
                "Anzahl muss eine ganze Zahl von 1 bis 50 000 sein.",
                "Seed muss eine ganze Zahl von 0 bis 4 294 967 295 sein.",
                "Radius muss größer als 0 und höchstens 4,2 sein.",
                "Abstand muss zwischen 0 und 10 liegen.",
                "Richtung muss zwischen 0 und 10 liegen.",
                "Kohäsion muss zwischen 0 und 10 liegen.",
                "Höchsttempo muss größer als 0 und höchstens 50 sein.",
            ]
        );
    }

    #[test]
    fn parameter_errors_in_german() {
        assert_eq!(
            message(ParamField::Radius, "  "),
            "Bitte einen Wert für Radius eingeben."
        );
        assert_eq!(
            message(ParamField::Radius, " 1e999 "),
            "Radius: „1e999“ ist keine gültige Zahl (Beispiel: 1,2)."
        );
        assert_eq!(
            message(ParamField::Separation, "x"),
            "Abstand: „x“ ist keine gültige Zahl (Beispiel: 1,2)."
        );
        assert_eq!(
            message(ParamField::Count, "viele"),
            "Anzahl: „viele“ ist keine gültige Zahl (Beispiel: 200)."
        );
        assert_eq!(
            message(ParamField::Count, "1,5"),
            "Anzahl muss eine ganze Zahl von 1 bis 50 000 sein."
        );
        assert_eq!(
            message(ParamField::MaxSpeed, "50,5"),
            "Höchsttempo muss größer als 0 und höchstens 50 sein."
        );
    }

    #[test]
    fn form_values_round_trip_through_the_parser() {
        let p = Params::default();
        for field in ParamField::ALL {
            let text = format_value(field, field.get(&p));
            assert_eq!(field.parse(&text).unwrap(), field.get(&p), "{text}");
        }
        assert_eq!(format_value(ParamField::Radius, 1.2), "1,2");
        assert_eq!(format_value(ParamField::Count, 200.0), "200");
        assert_eq!(
            format_value(ParamField::Seed, 4_294_967_295.0),
            "4294967295"
        );
    }

    #[test]
    fn import_errors_in_german() {
        let cases = [
            (
                ImportError::TooLarge { bytes: 70_000_000 },
                "Die Datei ist zu groß (66.8 MB; höchstens 64 MB).",
            ),
            (
                ImportError::NotJson {
                    line: 1,
                    column: 12,
                },
                "Die Datei ist kein gültiges JSON (Fehler in Zeile 1, Spalte 12).",
            ),
            (
                ImportError::WrongFormat {
                    found: Some("other".to_owned()),
                },
                "Die Datei ist kein Boids-Schwarm-Zustand (Format „other“ statt „boids-schwarm-state“).",
            ),
            (
                ImportError::WrongFormat {
                    found: Some("x\u{1b}[2J".to_owned()),
                },
                "Die Datei ist kein Boids-Schwarm-Zustand (Format „x\\u{1b}[2J“ statt „boids-schwarm-state“).",
            ),
            (
                ImportError::Malformed {
                    detail: "`a\nb`".to_owned(),
                },
                "Der Zustand ist unvollständig oder falsch aufgebaut: `a\\nb`.",
            ),
            (
                ImportError::WrongFormat { found: None },
                "Die Datei ist kein Boids-Schwarm-Zustand (Format „fehlt“ statt „boids-schwarm-state“).",
            ),
            (
                ImportError::WrongVersion {
                    found: Some("2".to_owned()),
                },
                "Die Version 2 des Zustandsformats wird nicht unterstützt (erwartet: 1).",
            ),
            (
                ImportError::WrongVersion { found: None },
                "Die Version (fehlt) des Zustandsformats wird nicht unterstützt (erwartet: 1).",
            ),
            (
                ImportError::Malformed {
                    detail: "missing field `step`".to_owned(),
                },
                "Der Zustand ist unvollständig oder falsch aufgebaut: missing field `step`.",
            ),
            (
                ImportError::State(StateError::InvalidParams(
                    ParamField::Radius.check(5.0).unwrap_err(),
                )),
                "Ungültige Parameter in der Datei: Radius muss größer als 0 und höchstens 4,2 sein.",
            ),
            (
                ImportError::State(StateError::CountMismatch { count: 3, boids: 2 }),
                "Anzahl ist 3, die Datei enthält aber 2 Boids.",
            ),
            (
                ImportError::State(StateError::NotFinite { id: 4 }),
                "Boid 4: Position oder Geschwindigkeit ist keine endliche Zahl.",
            ),
            (
                ImportError::State(StateError::PositionOutOfRange { id: 1 }),
                "Boid 1: Die Position liegt außerhalb des Würfels [−4,2; 4,2).",
            ),
            (
                ImportError::State(StateError::TooFast {
                    id: 1,
                    speed: 2.5,
                    max_speed: 2.0,
                }),
                "Boid 1: Das Tempo 2,5 LE/s überschreitet das Höchsttempo 2 LE/s.",
            ),
            (
                ImportError::IdOutOfRange { id: 2, count: 2 },
                "Boid-Nummer 2 liegt außerhalb von 0 bis 1: jede Nummer von 0 bis 1 muss genau einmal vorkommen.",
            ),
            (
                ImportError::DuplicateId { id: 0 },
                "Die Boid-Nummer 0 kommt mehrfach vor: jede Nummer darf nur einmal vorkommen.",
            ),
        ];
        for (error, expected) in cases {
            assert_eq!(import_error(&error), expected, "{error:?}");
        }
    }
}
