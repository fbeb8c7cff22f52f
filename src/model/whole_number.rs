//! The one parser for a whole number a user types or a link carries: a step
//! count (a link's `schritt`, „Gehe zu Schritt“, the CLI's `--steps`), the
//! „Rechenkerne“ setting, and the integer parameters (Anzahl, Seed).
//!
//! The rule: surrounding white space is ignored; what remains must be one or
//! more ASCII digits `0`–`9` and nothing else — no sign (neither `+` nor
//! `-`), no decimal separator, no digit group separator, no exponent, no
//! digits of other scripts. Leading zeros are allowed and change nothing
//! (`007` is 7): every caller took them before there was one rule, and a
//! decimal number has no other reading of them. A value above `u64::MAX` is
//! an error, not a wrap or a clamp; each caller checks its own range.

/// Why a text is not a whole number. `Display` is a plain English sentence
/// for logs; the interface words its own message from the data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WholeNumberError {
    /// Nothing but white space.
    #[error("no number given")]
    Empty,
    /// Something other than ASCII digits (a sign, a separator, a letter).
    #[error("{text:?} is not a whole number of digits only")]
    NotDigits {
        /// The text without surrounding white space.
        text: String,
    },
    /// Digits only, but more than the caller's largest value (`u64::MAX`
    /// for [`parse_whole_number`], [`MAX_STEP`] for [`parse_step`]).
    ///
    /// [`MAX_STEP`]: super::MAX_STEP
    #[error("{text:?} is larger than {largest}")]
    TooLarge {
        /// The text without surrounding white space.
        text: String,
        /// The largest value allowed.
        largest: u64,
    },
}

impl WholeNumberError {
    /// The rejected text without surrounding white space (empty for
    /// [`WholeNumberError::Empty`]).
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Self::Empty => "",
            Self::NotDigits { text } | Self::TooLarge { text, .. } => text,
        }
    }
}

/// Reads a whole number of at least 0 by the rule of this module.
///
/// ```
/// use boids_schwarm::model::{WholeNumberError, parse_whole_number};
///
/// assert_eq!(parse_whole_number(" 40 "), Ok(40));
/// assert_eq!(parse_whole_number("007"), Ok(7));
/// assert!(matches!(parse_whole_number("+5"), Err(WholeNumberError::NotDigits { .. })));
/// ```
pub fn parse_whole_number(text: &str) -> Result<u64, WholeNumberError> {
    parse_at_most(text, u64::MAX)
}

/// Reads a step count (a link's `schritt`, „Gehe zu Schritt“, the CLI's
/// `--steps`): a whole number by the rule of this module of at most
/// [`MAX_STEP`](super::MAX_STEP).
///
/// ```
/// use boids_schwarm::model::{MAX_STEP, WholeNumberError, parse_step};
///
/// assert_eq!(parse_step("9007199254740991"), Ok(MAX_STEP));
/// assert!(matches!(parse_step("9007199254740992"), Err(WholeNumberError::TooLarge { .. })));
/// ```
pub fn parse_step(text: &str) -> Result<u64, WholeNumberError> {
    parse_at_most(text, super::MAX_STEP)
}

fn parse_at_most(text: &str, largest: u64) -> Result<u64, WholeNumberError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(WholeNumberError::Empty);
    }
    if !trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(WholeNumberError::NotDigits {
            text: trimmed.to_owned(),
        });
    }
    trimmed
        .bytes()
        .try_fold(0u64, |value, digit| {
            value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
        })
        .filter(|&value| value <= largest)
        .ok_or_else(|| WholeNumberError::TooLarge {
            text: trimmed.to_owned(),
            largest,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_digits(text: &str) -> Result<u64, WholeNumberError> {
        Err(WholeNumberError::NotDigits {
            text: text.to_owned(),
        })
    }

    #[test]
    fn digits_with_white_space_around_them() {
        assert_eq!(parse_whole_number("0"), Ok(0));
        assert_eq!(parse_whole_number("12"), Ok(12));
        assert_eq!(parse_whole_number(" \t12\n "), Ok(12));
        assert_eq!(parse_whole_number("007"), Ok(7));
        assert_eq!(parse_whole_number("000"), Ok(0));
        assert_eq!(parse_whole_number(&u64::MAX.to_string()), Ok(u64::MAX));
    }

    #[test]
    fn empty_signs_separators_and_other_digits_are_rejected() {
        assert_eq!(parse_whole_number(""), Err(WholeNumberError::Empty));
        assert_eq!(parse_whole_number("   "), Err(WholeNumberError::Empty));
        assert_eq!(parse_whole_number(" +5 "), not_digits("+5"));
        assert_eq!(parse_whole_number("-1"), not_digits("-1"));
        assert_eq!(parse_whole_number("-0"), not_digits("-0"));
        for bad in [
            "1,5", "1.0", "1 000", "1e3", "zehn", "0x10", "١٢", "１２", "5²",
        ] {
            assert_eq!(parse_whole_number(bad), not_digits(bad), "{bad}");
        }
    }

    #[test]
    fn a_value_beyond_u64_is_too_large() {
        let above = "18446744073709551616";
        assert_eq!(
            parse_whole_number(above),
            Err(WholeNumberError::TooLarge {
                text: above.to_owned(),
                largest: u64::MAX,
            })
        );
        let huge = "9".repeat(400);
        assert!(matches!(
            parse_whole_number(&huge),
            Err(WholeNumberError::TooLarge { .. })
        ));
        assert_eq!(
            parse_whole_number(" 99999999999999999999 ")
                .unwrap_err()
                .text(),
            "99999999999999999999"
        );
    }

    #[test]
    fn a_step_goes_up_to_the_largest_step_and_no_further() {
        use crate::model::MAX_STEP;
        assert_eq!(MAX_STEP, 9_007_199_254_740_991);
        assert_eq!(parse_step("0"), Ok(0));
        assert_eq!(parse_step(" 9007199254740991 "), Ok(MAX_STEP));
        for above in [
            "9007199254740992",
            "18446744073709551615",
            "18446744073709551616",
        ] {
            assert_eq!(
                parse_step(above),
                Err(WholeNumberError::TooLarge {
                    text: above.to_owned(),
                    largest: MAX_STEP,
                }),
                "{above}"
            );
        }
        assert_eq!(parse_step("+1"), not_digits("+1"));
        assert_eq!(parse_step(""), Err(WholeNumberError::Empty));
    }
}
