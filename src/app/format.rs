//! German number formatting for the interface: decimal comma, digit groups
//! separated by a narrow no-break space from 10 000 on (as in „50 000“), all
//! through [`german_number`], the one formatter the CLI's texts share.

use crate::model::Measure;
use crate::model::study::Quantity;
use crate::texts::german_number;

/// The digit group separator: U+202F NARROW NO-BREAK SPACE.
pub const GROUP_SEPARATOR: char = '\u{202F}';

/// Shown where a value does not exist (no swarm, nothing measured yet).
pub const MISSING: &str = "–";

/// Groups the digits of an integer in threes, from 10 000 on: `1234` stays
/// `1234`, `12345` becomes `12 345`.
#[must_use]
pub fn format_integer(value: u64) -> String {
    german_number(&value.to_string(), Some(GROUP_SEPARATOR))
}

/// Model time after `step` steps, computed exactly from the integer count
/// (one step is 4 hundredths of a second): `1` → `0,04 s`, `250` → `10,00 s`.
#[must_use]
pub fn format_model_time(step: u64) -> String {
    let hundredths = u128::from(step) * 4;
    let seconds = hundredths / 100;
    let fraction = hundredths % 100;
    let number = german_number(&format!("{seconds}.{fraction:02}"), Some(GROUP_SEPARATOR));
    format!("{number}\u{a0}s")
}

/// A real number with a fixed count of decimals and a decimal comma:
/// `format_decimal(1.005, 2)` → `1,00` (Rust's rounding of the binary value),
/// `-0.001` → `0,00` (no negative zero). Non-finite values give [`MISSING`].
#[must_use]
pub fn format_decimal(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return MISSING.to_owned();
    }
    german_number(&format!("{value:.decimals$}"), Some(GROUP_SEPARATOR))
}

/// A measure of the whole swarm (SPEC §6) as the status and the charts show
/// it: counts as integers, the mean neighbour count with 2 decimals, the
/// others with 3, and the unit after a space; [`MISSING`] when undefined.
#[must_use]
pub fn format_measure(measure: Measure, value: Option<f64>) -> String {
    let Some(value) = value else {
        return MISSING.to_owned();
    };
    let number = match measure {
        Measure::Groups | Measure::LargestGroup => format_decimal(value, 0),
        Measure::MeanNeighbours => format_decimal(value, 2),
        Measure::MeanSpeed | Measure::Polarization | Measure::MeanNearestDistance => {
            format_decimal(value, 3)
        }
    };
    match measure.unit() {
        Some(unit) => format!("{number} {unit}"),
        None => number,
    }
}

/// A study's per-run number in German: a measure as [`format_measure`],
/// the susceptibility and the Binder cumulant with three decimals.
#[must_use]
pub fn format_quantity(quantity: Quantity, value: Option<f64>) -> String {
    match (quantity, value) {
        (Quantity::Mean(measure), _) => format_measure(measure, value),
        (_, Some(value)) => format_decimal(value, 3),
        (_, None) => MISSING.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_in_german() {
        assert_eq!(
            format_measure(Measure::Polarization, Some(0.31234)),
            "0,312"
        );
        assert_eq!(format_measure(Measure::MeanSpeed, Some(1.5)), "1,500 LE/s");
        assert_eq!(
            format_measure(Measure::MeanNeighbours, Some(12.3456)),
            "12,35"
        );
        assert_eq!(
            format_measure(Measure::LargestGroup, Some(50_000.0)),
            format!("50{}000", GROUP_SEPARATOR)
        );
        assert_eq!(format_measure(Measure::MeanNearestDistance, None), MISSING);
    }

    const NNBSP: char = GROUP_SEPARATOR;

    #[test]
    fn model_time_comes_from_the_step_count() {
        assert_eq!(format_model_time(0), "0,00\u{a0}s");
        assert_eq!(format_model_time(1), "0,04\u{a0}s");
        assert_eq!(format_model_time(25), "1,00\u{a0}s");
        assert_eq!(format_model_time(26), "1,04\u{a0}s");
        assert_eq!(format_model_time(2_501), "100,04\u{a0}s");
        assert_eq!(
            format_model_time(250_000),
            format!("10{NNBSP}000,00\u{a0}s")
        );
    }

    #[test]
    fn model_time_is_exact_where_floats_are_not() {
        // 0.04 × 3 is 0.12000000000000001 in f64; the integer path is exact.
        assert_eq!(format_model_time(3), "0,12\u{a0}s");
        assert_eq!(
            format_model_time(u64::MAX),
            format!("737{NNBSP}869{NNBSP}762{NNBSP}948{NNBSP}382{NNBSP}064,60\u{a0}s")
        );
    }

    #[test]
    fn integers_are_grouped_from_five_digits() {
        assert_eq!(format_integer(0), "0");
        assert_eq!(format_integer(5_000), "5000");
        assert_eq!(format_integer(50_000), format!("50{NNBSP}000"));
        assert_eq!(
            format_integer(4_294_967_295),
            format!("4{NNBSP}294{NNBSP}967{NNBSP}295")
        );
    }

    #[test]
    fn decimals_use_a_comma() {
        assert_eq!(format_decimal(1.2345, 2), "1,23");
        assert_eq!(format_decimal(2.0, 3), "2,000");
        assert_eq!(format_decimal(0.35, 1), "0,3"); // 0.35 is 0.34999… in binary
        assert_eq!(format_decimal(25.0, 0), "25");
        assert_eq!(format_decimal(-1.5, 1), "-1,5");
        assert_eq!(format_decimal(12_345.678, 1), format!("12{NNBSP}345,7"));
    }

    #[test]
    fn negative_zero_and_non_finite_values() {
        assert_eq!(format_decimal(-0.001, 2), "0,00");
        assert_eq!(format_decimal(-0.0, 0), "0");
        assert_eq!(format_decimal(f64::NAN, 2), MISSING);
        assert_eq!(format_decimal(f64::INFINITY, 2), MISSING);
    }
}
