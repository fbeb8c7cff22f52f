//! The seven parameters of SPEC §2: defaults, valid ranges, validation and the
//! parser for what a user types (typed errors; the interface words them).

use serde::{Deserialize, Serialize};

use super::whole_number::parse_whole_number;

/// The parameters a swarm is made with. [`Params::default`] gives the spec's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Number of boids N, integer in `1 ..= 50 000`. Default 200.
    pub count: u32,
    /// Seed of the initial state's LCG, any 32-bit value (0 is valid). Default 1.
    pub seed: u32,
    /// Neighbour radius r in LE, `0 < r ≤ 4.2`. Default 1.2.
    pub radius: f64,
    /// Weight w_s of separation per 40 ms step, `0 ..= 10`. Default 0.5.
    pub separation: f64,
    /// Weight w_a of alignment per 40 ms step, `0 ..= 10`. Default 0.1.
    pub alignment: f64,
    /// Weight w_c of cohesion per 40 ms step, `0 ..= 10`. Default 0.2.
    pub cohesion: f64,
    /// Maximum speed vmax in LE/s, `0 < vmax ≤ 50`. Default 2.0.
    pub max_speed: f64,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            count: 200,
            seed: 1,
            radius: 1.2,
            separation: 0.5,
            alignment: 0.1,
            cohesion: 0.2,
            max_speed: 2.0,
        }
    }
}

/// One of the seven parameters: its code name, unit and valid range. The
/// words a user reads (labels, messages) belong to the interface, not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamField {
    Count,
    Seed,
    Radius,
    Separation,
    Alignment,
    Cohesion,
    MaxSpeed,
}

/// The values a parameter accepts: finite numbers with `min ≤ v ≤ max`, or
/// `min < v ≤ max` when `min_exclusive`; whole numbers only when `integer`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValidRange {
    /// Lower bound, in the field's unit.
    pub min: f64,
    /// Upper bound (always inclusive), in the field's unit.
    pub max: f64,
    /// Whether `min` itself is rejected (a radius or speed of 0 makes no swarm).
    pub min_exclusive: bool,
    /// Whether only whole numbers are valid.
    pub integer: bool,
}

impl ValidRange {
    /// Whether `value` is finite, within the bounds and whole where required.
    #[must_use]
    pub fn contains(self, value: f64) -> bool {
        let above_min = if self.min_exclusive {
            value > self.min
        } else {
            value >= self.min
        };
        value.is_finite()
            && above_min
            && value <= self.max
            && (!self.integer || value.fract() == 0.0)
    }
}

impl std::fmt::Display for ValidRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.integer {
            "an integer"
        } else {
            "a number"
        };
        let open = if self.min_exclusive { '(' } else { '[' };
        write!(f, "{kind} in {open}{}, {}]", self.min, self.max)
    }
}

/// A rejected parameter value: which field and why. `Display` is a plain
/// English sentence for logs; the interface words its own message from the data.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// Nothing but white space was typed.
    #[error("{field}: no value given")]
    Empty { field: ParamField },
    /// The text is not a plain decimal number (letters, exponents, NaN,
    /// infinity, more than one separator).
    #[error("{field}: {text:?} is not a number")]
    NotANumber {
        field: ParamField,
        /// What was typed, without surrounding white space.
        text: String,
    },
    /// A number outside the field's range, or a fraction (or any decimal
    /// separator) for an integer field.
    #[error("{field} must be {range}")]
    OutOfRange {
        field: ParamField,
        range: ValidRange,
    },
}

impl ParamError {
    /// The field whose value was rejected.
    #[must_use]
    pub fn field(&self) -> ParamField {
        match self {
            Self::Empty { field }
            | Self::NotANumber { field, .. }
            | Self::OutOfRange { field, .. } => *field,
        }
    }
}

impl std::fmt::Display for ParamField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

impl ParamField {
    /// All fields in the order the form shows them.
    pub const ALL: [ParamField; 7] = [
        ParamField::Count,
        ParamField::Seed,
        ParamField::Radius,
        ParamField::Separation,
        ParamField::Alignment,
        ParamField::Cohesion,
        ParamField::MaxSpeed,
    ];

    /// The code name, as in the JSON state and in local storage.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Count => "count",
            Self::Seed => "seed",
            Self::Radius => "radius",
            Self::Separation => "separation",
            Self::Alignment => "alignment",
            Self::Cohesion => "cohesion",
            Self::MaxSpeed => "max_speed",
        }
    }

    /// The unit of the quantity (LE, the model's length unit), if it has one.
    #[must_use]
    pub fn unit(self) -> Option<&'static str> {
        match self {
            Self::Radius => Some("LE"),
            Self::MaxSpeed => Some("LE/s"),
            _ => None,
        }
    }

    /// The valid values of the field (SPEC §2).
    #[must_use]
    pub fn range(self) -> ValidRange {
        let (min, max, min_exclusive) = match self {
            Self::Count => (1.0, 50_000.0, false),
            Self::Seed => (0.0, f64::from(u32::MAX), false),
            Self::Radius => (0.0, 4.2, true),
            Self::Separation | Self::Alignment | Self::Cohesion => (0.0, 10.0, false),
            Self::MaxSpeed => (0.0, 50.0, true),
        };
        ValidRange {
            min,
            max,
            min_exclusive,
            integer: self.is_integer(),
        }
    }

    /// Whether the field holds an integer (typed without a decimal separator).
    #[must_use]
    pub fn is_integer(self) -> bool {
        matches!(self, Self::Count | Self::Seed)
    }

    /// Whether `value` lies in the field's valid range (integers must be whole).
    #[must_use]
    pub fn accepts(self, value: f64) -> bool {
        self.range().contains(value)
    }

    /// Checks a value, naming the field and the valid range on failure.
    pub fn check(self, value: f64) -> Result<f64, ParamError> {
        if self.accepts(value) {
            Ok(value)
        } else {
            Err(self.out_of_range())
        }
    }

    /// Parses what a user typed: surrounding spaces and a decimal comma or point
    /// are accepted; integer fields take digits only, by the rule of
    /// [`parse_whole_number`] (so „1.000“ is never read as one thousand, and
    /// a sign is out of their range). Anything else (empty, text, NaN,
    /// infinity, exponents, out of range) is an error naming the field.
    ///
    /// [`parse_whole_number`]: super::parse_whole_number
    pub fn parse(self, text: &str) -> Result<f64, ParamError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParamError::Empty { field: self });
        }
        let (sign, digits) = match trimmed.as_bytes()[0] {
            b'-' | b'+' => (Some(trimmed.as_bytes()[0]), &trimmed[1..]),
            _ => (None, trimmed),
        };
        let mut separators = 0;
        let mut digit_count = 0;
        for byte in digits.bytes() {
            match byte {
                b'0'..=b'9' => digit_count += 1,
                b',' | b'.' => separators += 1,
                _ => return Err(self.not_a_number(trimmed)),
            }
        }
        if digit_count == 0 || separators > 1 {
            return Err(self.not_a_number(trimmed));
        }
        // A number, so an integer field's error is its range: one with a
        // sign or a separator is not a whole number of digits.
        if self.is_integer() {
            return match parse_whole_number(trimmed) {
                Ok(value) => self.check(value as f64),
                Err(_) => Err(self.out_of_range()),
            };
        }
        let normalized = digits.replace(',', ".");
        let magnitude: f64 = normalized.parse().map_err(|_| self.not_a_number(trimmed))?;
        let value = if sign == Some(b'-') {
            -magnitude
        } else {
            magnitude
        };
        self.check(value)
    }

    /// A value as plain text, the canonical form links carry and the base
    /// of the form's German text: whole numbers without a decimal point for
    /// the integer fields (`200`, `4294967295`), otherwise the shortest
    /// round-trip form with a decimal point (`1.2`, `0.30000000000000004`).
    /// [`ParamField::parse`] reads it back to the same bits.
    #[must_use]
    pub fn plain_text(self, value: f64) -> String {
        if self.is_integer() {
            format!("{value:.0}")
        } else {
            value.to_string()
        }
    }

    /// Reads the field's value out of a parameter set.
    #[must_use]
    pub fn get(self, params: &Params) -> f64 {
        match self {
            Self::Count => f64::from(params.count),
            Self::Seed => f64::from(params.seed),
            Self::Radius => params.radius,
            Self::Separation => params.separation,
            Self::Alignment => params.alignment,
            Self::Cohesion => params.cohesion,
            Self::MaxSpeed => params.max_speed,
        }
    }

    /// Stores a value into a parameter set after checking it.
    pub fn set(self, params: &mut Params, value: f64) -> Result<(), ParamError> {
        let value = self.check(value)?;
        // `check` guarantees whole numbers in range for the integer fields.
        match self {
            Self::Count => params.count = value as u32,
            Self::Seed => params.seed = value as u32,
            Self::Radius => params.radius = value,
            Self::Separation => params.separation = value,
            Self::Alignment => params.alignment = value,
            Self::Cohesion => params.cohesion = value,
            Self::MaxSpeed => params.max_speed = value,
        }
        Ok(())
    }

    fn out_of_range(self) -> ParamError {
        ParamError::OutOfRange {
            field: self,
            range: self.range(),
        }
    }

    fn not_a_number(self, text: &str) -> ParamError {
        ParamError::NotANumber {
            field: self,
            text: text.to_owned(),
        }
    }
}

impl Params {
    /// Checks every field; the first invalid one is named with its valid range.
    pub fn validate(&self) -> Result<(), ParamError> {
        for field in ParamField::ALL {
            field.check(field.get(self))?;
        }
        Ok(())
    }
}
