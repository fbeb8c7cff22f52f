//! What a picture or a film of the view says about itself (SPEC §9): the
//! caption strip's lines and the files' names. Plain text, natively tested;
//! web/media.js prints the lines under the picture.

use crate::app::format::{format_integer, format_model_time};
use crate::model::{ParamField, Params, WholeNumberError, parse_whole_number};
use crate::texts::{format_value, label};

/// The caption of the state at `step` of a swarm made with `params`, in
/// German with decimal commas: step, model time, N and seed on the first
/// line, the rules' parameters on the second.
#[must_use]
pub fn caption_lines(step: u64, params: &Params) -> [String; 2] {
    let value = |field: ParamField| {
        let number = format_value(field, field.get(params));
        match field.unit() {
            Some(unit) => format!("{} {number}\u{a0}{unit}", label(field)),
            None => format!("{} {number}", label(field)),
        }
    };
    let first = format!(
        "Boids-Schwarm · Schritt {} · Zeit {} · N = {} · Seed {}",
        format_integer(step),
        format_model_time(step),
        format_integer(u64::from(params.count)),
        params.seed
    );
    let second = [
        ParamField::Radius,
        ParamField::Separation,
        ParamField::Alignment,
        ParamField::Cohesion,
        ParamField::MaxSpeed,
    ]
    .map(value)
    .join(" · ");
    [first, second]
}

/// „Bild speichern“'s file: `boids-schwarm-<k>.png` for step k.
#[must_use]
pub fn picture_file_name(step: u64) -> String {
    format!("boids-schwarm-{step}.png")
}

/// A film's file name without its extension (`webm` or `mp4`, chosen by
/// what the browser encodes): `boids-schwarm-<k0>-<k0+K>`.
#[must_use]
pub fn film_file_stem(first: u64, last: u64) -> String {
    format!("boids-schwarm-{first}-{last}")
}

/// The longest film in steps. („Schritte im Film“ opens at 250, ten
/// seconds of film: the panel's markup holds it.)
pub const FILM_STEPS_MAX: u64 = 100_000;

/// A whole number typed into a field with a range that it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// Nothing typed.
    Empty,
    /// Not a whole number: what was typed.
    NotWhole(String),
    /// A whole number outside the range.
    OutOfRange,
}

impl EntryError {
    fn of(error: WholeNumberError) -> Self {
        match error {
            WholeNumberError::Empty => Self::Empty,
            WholeNumberError::NotDigits { text } => Self::NotWhole(text),
            WholeNumberError::TooLarge { .. } => Self::OutOfRange,
        }
    }
}

/// Reads a whole number from `min` to `max`.
pub fn parse_entry(text: &str, min: u64, max: u64) -> Result<u64, EntryError> {
    match parse_whole_number(text) {
        Ok(value) if (min..=max).contains(&value) => Ok(value),
        Ok(_) => Err(EntryError::OutOfRange),
        Err(error) => Err(EntryError::of(error)),
    }
}

/// Reads „Schritte im Film“: a whole number from 1 to [`FILM_STEPS_MAX`]
/// (words of the error in `texts::media`).
pub fn parse_film_steps(text: &str) -> Result<u64, EntryError> {
    parse_entry(text, 1, FILM_STEPS_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caption_names_step_time_count_seed_and_the_rules_in_german() {
        let [first, second] = caption_lines(250, &Params::default());
        assert_eq!(
            first,
            "Boids-Schwarm · Schritt 250 · Zeit 10,00\u{a0}s · N = 200 · Seed 1"
        );
        assert_eq!(
            second,
            "Radius 1,2\u{a0}LE · Abstand 0,5 · Richtung 0,1 · Kohäsion 0,2 · \
             Höchsttempo 2\u{a0}LE/s"
        );
    }

    #[test]
    fn large_numbers_are_grouped_and_decimals_keep_their_digits() {
        let params = Params {
            count: 50_000,
            seed: 4_000_000_000,
            radius: 0.05,
            alignment: 0.125,
            ..Params::default()
        };
        let [first, second] = caption_lines(12_345, &params);
        assert_eq!(
            first,
            "Boids-Schwarm · Schritt 12\u{202f}345 · Zeit 493,80\u{a0}s · N = 50\u{202f}000 · \
             Seed 4000000000"
        );
        assert!(second.starts_with("Radius 0,05\u{a0}LE · "), "{second}");
        assert!(second.contains("Richtung 0,125 · "), "{second}");
    }

    #[test]
    fn film_steps_are_whole_numbers_from_one_to_the_largest() {
        let parse_film_steps =
            |text| parse_film_steps(text).map_err(|e| crate::texts::media::film_steps_error(&e));
        assert_eq!(parse_film_steps(" 250 "), Ok(250));
        assert_eq!(parse_film_steps("1"), Ok(1));
        assert_eq!(parse_film_steps("100000"), Ok(FILM_STEPS_MAX));
        let range = "Schritte im Film: eine ganze Zahl von 1 bis 100\u{202f}000.";
        assert_eq!(parse_film_steps("0"), Err(range.to_owned()));
        assert_eq!(parse_film_steps("100001"), Err(range.to_owned()));
        assert_eq!(
            parse_film_steps("99999999999999999999999"),
            Err(range.to_owned())
        );
        assert_eq!(
            parse_film_steps(""),
            Err(format!("Bitte eingeben: {range}"))
        );
        assert_eq!(
            parse_film_steps("2,5"),
            Err(format!("„2,5“ ist keine ganze Zahl. {range}"))
        );
    }

    #[test]
    fn file_names_follow_the_step_and_the_films_range() {
        assert_eq!(picture_file_name(0), "boids-schwarm-0.png");
        assert_eq!(picture_file_name(1234), "boids-schwarm-1234.png");
        assert_eq!(film_file_stem(10, 260), "boids-schwarm-10-260");
    }
}
