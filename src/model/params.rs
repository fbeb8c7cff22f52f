//! The seven parameters of SPEC §2: defaults, valid ranges, validation and the
//! parser for what a user types (German messages).

use serde::{Deserialize, Serialize};

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

/// One of the seven parameters; carries its German label, range and messages.
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

/// A rejected parameter value: which field, and a German sentence for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamError {
    pub field: ParamField,
    pub message: String,
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParamError {}

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

    /// The German label the interface shows (the seed's words).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Count => "Anzahl",
            Self::Seed => "Seed",
            Self::Radius => "Radius",
            Self::Separation => "Abstand",
            Self::Alignment => "Richtung",
            Self::Cohesion => "Kohäsion",
            Self::MaxSpeed => "Höchsttempo",
        }
    }

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

    /// The unit shown beside the input, if the quantity has one.
    #[must_use]
    pub fn unit(self) -> Option<&'static str> {
        match self {
            Self::Radius => Some("LE"),
            Self::MaxSpeed => Some("LE/s"),
            _ => None,
        }
    }

    /// Whether the field holds an integer (typed without a decimal separator).
    #[must_use]
    pub fn is_integer(self) -> bool {
        matches!(self, Self::Count | Self::Seed)
    }

    /// The German sentence that states the valid range.
    #[must_use]
    pub fn range_message(self) -> String {
        let label = self.label();
        match self {
            Self::Count => format!("{label} muss eine ganze Zahl von 1 bis 50 000 sein."),
            Self::Seed => format!("{label} muss eine ganze Zahl von 0 bis 4 294 967 295 sein."),
            Self::Radius => format!("{label} muss größer als 0 und höchstens 4,2 sein."),
            Self::Separation | Self::Alignment | Self::Cohesion => {
                format!("{label} muss zwischen 0 und 10 liegen.")
            }
            Self::MaxSpeed => format!("{label} muss größer als 0 und höchstens 50 sein."),
        }
    }

    /// Whether `value` lies in the field's valid range (integers must be whole).
    #[must_use]
    pub fn accepts(self, value: f64) -> bool {
        if !value.is_finite() {
            return false;
        }
        match self {
            Self::Count => value.fract() == 0.0 && (1.0..=50_000.0).contains(&value),
            Self::Seed => value.fract() == 0.0 && (0.0..=4_294_967_295.0).contains(&value),
            Self::Radius => value > 0.0 && value <= 4.2,
            Self::Separation | Self::Alignment | Self::Cohesion => (0.0..=10.0).contains(&value),
            Self::MaxSpeed => value > 0.0 && value <= 50.0,
        }
    }

    /// Checks a value, naming the field and the valid range on failure.
    pub fn check(self, value: f64) -> Result<f64, ParamError> {
        if self.accepts(value) {
            Ok(value)
        } else {
            Err(self.error(self.range_message()))
        }
    }

    /// Parses what a user typed: surrounding spaces and a decimal comma or point
    /// are accepted; integer fields take digits only. Anything else (empty, text,
    /// NaN, infinity, exponents, out of range) gives a German message.
    pub fn parse(self, text: &str) -> Result<f64, ParamError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(self.error(format!("Bitte einen Wert für {} eingeben.", self.label())));
        }
        let (negative, digits) = match trimmed.as_bytes()[0] {
            b'-' => (true, &trimmed[1..]),
            b'+' => (false, &trimmed[1..]),
            _ => (false, trimmed),
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
        if self.is_integer() && separators > 0 {
            return Err(self.error(self.range_message()));
        }
        let normalized = digits.replace(',', ".");
        let magnitude: f64 = normalized.parse().map_err(|_| self.not_a_number(trimmed))?;
        let value = if negative { -magnitude } else { magnitude };
        self.check(value)
    }

    /// Formats a valid value as the form shows it (German decimal comma).
    #[must_use]
    pub fn format(self, value: f64) -> String {
        if self.is_integer() {
            format!("{value:.0}")
        } else {
            format!("{value}").replace('.', ",")
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

    fn error(self, message: String) -> ParamError {
        ParamError {
            field: self,
            message,
        }
    }

    fn not_a_number(self, text: &str) -> ParamError {
        let example = if self.is_integer() { "200" } else { "1,2" };
        self.error(format!(
            "{}: „{text}“ ist keine gültige Zahl (Beispiel: {example}).",
            self.label()
        ))
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
