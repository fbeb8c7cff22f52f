//! Links to exact states (SPEC §7): the seven parameters and optionally a
//! step in a query string,
//! `?anzahl=200&seed=1&radius=1.2&abstand=0.5&richtung=0.1&kohaesion=0.2&hoechsttempo=2&schritt=40`.
//!
//! The model is deterministic, so parameters and a step count name one state
//! exactly. Reading a link keeps every value as text, because the app shows
//! it in the parameter inputs, where the form's own parser gives the usual
//! field errors; only `schritt`, which has no input of its own, is parsed
//! here. Pure: no browser types, tested natively.

use crate::model::{ParamError, ParamField, Params, WholeNumberError, parse_step};

/// The query key of the step.
pub const STEP_KEY: &str = "schritt";

/// The query key of the embed mode (`?einbetten`, with or without a value,
/// beside any other keys): the page shows only the view, the controls and
/// the readouts, for an `<iframe>` in a course page.
pub const EMBED_KEY: &str = "einbetten";

/// Whether a query string (with or without its leading `?`) asks for the
/// embed mode.
#[must_use]
pub fn embedded(query: &str) -> bool {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .any(|pair| pair.split_once('=').map_or(pair, |(name, _)| name) == EMBED_KEY)
}

/// The query key of a parameter: its German label in ASCII, lower case.
#[must_use]
pub fn key(field: ParamField) -> &'static str {
    match field {
        ParamField::Count => "anzahl",
        ParamField::Seed => "seed",
        ParamField::Radius => "radius",
        ParamField::Separation => "abstand",
        ParamField::Alignment => "richtung",
        ParamField::Cohesion => "kohaesion",
        ParamField::MaxSpeed => "hoechsttempo",
    }
}

/// The query string (with its leading `?`) of a link to `params` and, when
/// given, to that step. Numbers are in their plain text
/// ([`ParamField::plain_text`]: shortest round-trip form with a decimal
/// point), so the link reads back the same bits.
#[must_use]
pub fn format(params: &Params, step: Option<u64>) -> String {
    let mut pairs: Vec<String> = ParamField::ALL
        .iter()
        .map(|&field| format!("{}={}", key(field), field.plain_text(field.get(params))))
        .collect();
    if let Some(step) = step {
        pairs.push(format!("{STEP_KEY}={step}"));
    }
    format!("?{}", pairs.join("&"))
}

/// What a link asks for, before the app checks the parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkRequest {
    /// The text for each input, in the order of [`ParamField::ALL`]: the
    /// link's value, or the field's default in plain text
    /// ([`ParamField::plain_text`]) where the link has none.
    pub texts: [String; 7],
    /// The step to advance to: `Ok(None)` when the link names none; a
    /// value that is not a whole number by [`parse_step`]'s rule (at most the largest step) is
    /// an error.
    pub step: Result<Option<u64>, WholeNumberError>,
}

impl LinkRequest {
    /// The text of one input.
    #[must_use]
    pub fn text(&self, field: ParamField) -> &str {
        let at = ParamField::ALL
            .iter()
            .position(|&f| f == field)
            .unwrap_or(0);
        &self.texts[at]
    }

    /// The parameters when every value is valid, else every field's error
    /// (in the form's order).
    pub fn params(&self) -> Result<Params, Vec<ParamError>> {
        let mut params = Params::default();
        let mut errors = Vec::new();
        for (field, text) in ParamField::ALL.iter().zip(&self.texts) {
            match field
                .parse(text)
                .and_then(|value| field.set(&mut params, value))
            {
                Ok(()) => {}
                Err(error) => errors.push(error),
            }
        }
        if errors.is_empty() {
            Ok(params)
        } else {
            Err(errors)
        }
    }
}

/// Reads a query string (with or without its leading `?`). Returns `None`
/// when it names neither a parameter nor a step (a plain address, or only
/// keys this app does not know), so such an address changes nothing.
/// Unknown keys are ignored; of a repeated key the first counts, as with
/// `URLSearchParams.get`. Values are percent-decoded (`+` is a space).
#[must_use]
pub fn parse(query: &str) -> Option<LinkRequest> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect();
    let lookup = |wanted: &str| {
        pairs
            .iter()
            .find(|(name, _)| name == wanted)
            .map(|(_, value)| value.clone())
    };
    let defaults = Params::default();
    let mut named = false;
    let texts = ParamField::ALL.map(|field| match lookup(key(field)) {
        Some(text) => {
            named = true;
            text
        }
        None => field.plain_text(field.get(&defaults)),
    });
    let step = match lookup(STEP_KEY) {
        Some(text) => {
            named = true;
            parse_step(&text).map(Some)
        }
        None => Ok(None),
    };
    named.then_some(LinkRequest { texts, step })
}

/// Percent-decoding of one query component; `+` stands for a space.
/// Malformed escapes stay as they are; invalid UTF-8 becomes U+FFFD.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = bytes
            .get(at + 1..at + 3)
            .filter(|_| bytes[at] == b'%')
            .and_then(|pair| hex_pair(pair[0], pair[1]));
        match (bytes[at], escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                at += 2;
            }
            (b'+', None) => out.push(b' '),
            (byte, None) => out.push(byte),
        }
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_pair(high: u8, low: u8) -> Option<u8> {
    let digit = |byte: u8| char::from(byte).to_digit(16);
    Some((digit(high)? * 16 + digit(low)?) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MAX_STEP;
    use crate::texts;

    fn params(query: &str) -> Params {
        parse(query)
            .expect("a link")
            .params()
            .expect("valid parameters")
    }

    #[test]
    fn the_format_of_the_specification() {
        assert_eq!(
            format(&Params::default(), Some(40)),
            "?anzahl=200&seed=1&radius=1.2&abstand=0.5&richtung=0.1&kohaesion=0.2&hoechsttempo=2&schritt=40"
        );
        assert_eq!(
            format(&Params::default(), None),
            "?anzahl=200&seed=1&radius=1.2&abstand=0.5&richtung=0.1&kohaesion=0.2&hoechsttempo=2"
        );
    }

    #[test]
    fn a_link_reads_back_the_same_bits() {
        let odd = Params {
            count: 50_000,
            seed: u32::MAX,
            radius: 0.1 + 0.2,
            separation: 1.0 / 3.0,
            alignment: 0.0,
            cohesion: 10.0,
            max_speed: f64::MIN_POSITIVE,
        };
        for original in [Params::default(), odd] {
            for step in [None, Some(0), Some(MAX_STEP)] {
                let request = parse(&format(&original, step)).expect("a link");
                let read = request.params().expect("valid");
                for field in ParamField::ALL {
                    assert_eq!(
                        field.get(&read).to_bits(),
                        field.get(&original).to_bits(),
                        "{field}"
                    );
                }
                assert_eq!(request.step, Ok(step));
            }
        }
    }

    #[test]
    fn decimal_point_or_comma_and_encoded_values() {
        assert_eq!(params("radius=0,75").radius, 0.75);
        assert_eq!(params("?radius=0.75").radius, 0.75);
        assert_eq!(params("radius=0%2C75").radius, 0.75);
        assert_eq!(params("radius=+0.75+").radius, 0.75);
    }

    #[test]
    fn missing_parameters_take_their_defaults() {
        let request = parse("?schritt=3").expect("a link");
        assert_eq!(request.params(), Ok(Params::default()));
        assert_eq!(request.step, Ok(Some(3)));
        assert_eq!(request.text(ParamField::Radius), "1.2");
        let read = params("seed=9");
        assert_eq!(
            read,
            Params {
                seed: 9,
                ..Params::default()
            }
        );
        assert_eq!(parse("seed=9").expect("a link").step, Ok(None));
    }

    #[test]
    fn unknown_keys_are_ignored_and_the_first_of_a_repeated_key_counts() {
        assert_eq!(params("foo=bar&anzahl=12&x&anzahl=13").count, 12);
        assert_eq!(parse(""), None);
        assert_eq!(parse("?"), None);
        assert_eq!(parse("?utm_source=mail&count=5"), None);
    }

    #[test]
    fn invalid_values_give_the_fields_german_errors() {
        let request = parse("anzahl=0&radius=abc&hoechsttempo=").expect("a link");
        let errors: Vec<String> = request
            .params()
            .expect_err("invalid")
            .iter()
            .map(texts::param_error)
            .collect();
        assert_eq!(
            errors,
            [
                "Anzahl muss eine ganze Zahl von 1 bis 50 000 sein.",
                "Radius: „abc“ ist keine gültige Zahl (Beispiel: 1,2).",
                "Bitte einen Wert für Höchsttempo eingeben.",
            ]
        );
        // The inputs show what the link said, so the form shows the same errors.
        assert_eq!(request.text(ParamField::Radius), "abc");
    }

    #[test]
    fn the_embed_mode_is_asked_for_by_its_key_alone() {
        for yes in [
            "?einbetten",
            "einbetten",
            "?anzahl=5&einbetten",
            "?einbetten=1&seed=2",
        ] {
            assert!(embedded(yes), "{yes}");
        }
        for no in ["", "?", "?einbettenx", "?x=einbetten", "?anzahl=5"] {
            assert!(!embedded(no), "{no}");
        }
        // The key names no parameter: on its own it is no link.
        assert_eq!(parse("?einbetten"), None);
    }

    #[test]
    fn schritt_must_be_a_non_negative_integer() {
        for bad in ["-1", "1,5", "1.0", "zehn", "", "1e3"] {
            let request = parse(&format!("schritt={bad}")).expect("a link");
            let error = request.step.expect_err(bad);
            assert_eq!(
                texts::link_step_error(&error),
                format!(
                    "Link: „{}“ ist kein gültiger Schritt. Der Schritt muss eine ganze Zahl ab 0 sein.",
                    bad.trim()
                ),
            );
        }
        assert_eq!(
            parse("schritt=%2012%20").expect("a link").step,
            Ok(Some(12))
        );
        // Beyond the largest step (also beyond u64): its own message.
        for beyond in ["9007199254740992", "99999999999999999999"] {
            let error = parse(&format!("schritt={beyond}"))
                .expect("a link")
                .step
                .expect_err(beyond);
            assert_eq!(
                texts::link_step_error(&error),
                format!(
                    "Link: Schritt „{beyond}“ liegt hinter dem größten Schritt 9 007 199 254 740 991."
                )
            );
        }
        // The one whole-number rule: no sign (`%2B` is a plus, `+` a space),
        // leading zeros change nothing.
        let signed = parse("schritt=%2B5").expect("a link").step;
        assert_eq!(
            signed.map_err(|error| error.text().to_owned()),
            Err("+5".to_owned())
        );
        assert_eq!(parse("schritt=+5").expect("a link").step, Ok(Some(5)));
        assert_eq!(parse("schritt=007").expect("a link").step, Ok(Some(7)));
    }
}
