//! The plan form's contents as typed (Leptos-free, tested natively): the
//! base parameters, up to two swept parameters (a list of values or
//! from/to/points), the seeds (how many from which, or a list), steps and
//! burn-in. It writes the plan file's JSON (SPEC §8), which the model then
//! reads and checks like any plan file, so the page, „Plan exportieren“ and
//! the command-line tool agree on what a plan is.
//!
//! Numbers are typed as in the simulation's inputs (decimal comma or
//! point); a list separates its values with semicolons (`0; 0,25; 0,5`),
//! since the comma is the decimal separator.

use crate::model::study::{Plan, PlanError};
use crate::model::{
    MeasureSet, ParamError, ParamField, Params, WholeNumberError, parse_whole_number,
};
use crate::texts::format_value;

/// What is typed wrong in the plan form (words in `texts::study_page`).
#[derive(Debug, Clone, PartialEq)]
pub enum PlanFormError {
    /// A base parameter.
    Base(ParamError),
    /// A value of axis `number` (1 or 2) sweeping `field`, in its `part`.
    AxisValue {
        number: usize,
        field: ParamField,
        part: AxisPart,
        error: ParamError,
    },
    /// Axis `number` lists no value.
    AxisEmpty { number: usize, field: ParamField },
    /// A whole number that is missing (`text` empty) or not one.
    Whole { what: WholeField, text: String },
    /// A seed (`list`: one of the list, else „Seeds ab“).
    Seed { list: bool, error: ParamError },
    /// The list of seeds is empty.
    NoSeeds,
    /// No measure is chosen.
    NoMeasures,
    /// The form writes a plan the model refuses.
    Plan(PlanError),
}

/// Which part of an axis a value was typed into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxisPart {
    Values,
    From,
    To,
}

/// Which whole-number field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WholeField {
    Steps,
    BurnIn,
    SeedCount,
    /// The points of axis `number` sweeping `field`.
    Points {
        number: usize,
        field: ParamField,
    },
}

/// The parameters a study may sweep and set in `base`: all but the seed.
pub const BASE_FIELDS: [ParamField; 6] = [
    ParamField::Count,
    ParamField::Radius,
    ParamField::Separation,
    ParamField::Alignment,
    ParamField::Cohesion,
    ParamField::MaxSpeed,
];

/// How an axis gives its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxisMode {
    /// A list, `values`.
    Values,
    /// `from`, `to`, `points`, evenly spread.
    Range,
}

/// One swept parameter as typed; `field: None` means no axis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AxisDraft {
    pub field: Option<ParamField>,
    pub mode: AxisMode,
    pub values: String,
    pub from: String,
    pub to: String,
    pub points: String,
}

impl AxisDraft {
    /// No axis.
    #[must_use]
    pub fn none() -> Self {
        Self {
            field: None,
            mode: AxisMode::Range,
            values: String::new(),
            from: String::new(),
            to: String::new(),
            points: String::new(),
        }
    }

    /// `field` from `from` to `to` over `points` values.
    #[must_use]
    pub fn range(field: ParamField, from: f64, to: f64, points: u32) -> Self {
        Self {
            field: Some(field),
            mode: AxisMode::Range,
            values: String::new(),
            from: format_value(field, from),
            to: format_value(field, to),
            points: points.to_string(),
        }
    }

    /// A first range for a newly chosen parameter: five values around
    /// its default.
    #[must_use]
    pub fn first_guess(field: ParamField) -> Self {
        let (from, to) = match field {
            ParamField::Count => (100.0, 500.0),
            ParamField::Radius => (0.6, 1.8),
            ParamField::MaxSpeed => (1.0, 3.0),
            _ => (0.0, 1.0),
        };
        Self::range(field, from, to, 5)
    }

    /// `field` over the listed values.
    #[must_use]
    pub fn values(field: ParamField, values: &[f64]) -> Self {
        let text: Vec<String> = values.iter().map(|&v| format_value(field, v)).collect();
        Self {
            field: Some(field),
            mode: AxisMode::Values,
            values: text.join("; "),
            ..Self::none()
        }
    }
}

/// How the seeds are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedMode {
    /// `count` seeds from `from` on.
    Range,
    /// A list.
    List,
}

/// The whole form as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanDraft {
    /// The texts of [`BASE_FIELDS`], in that order.
    pub base: [String; 6],
    pub axes: [AxisDraft; 2],
    pub seed_mode: SeedMode,
    pub seeds_from: String,
    pub seeds_count: String,
    pub seeds_list: String,
    pub steps: String,
    pub burn_in: String,
    /// The measures the study computes (all unless fewer are chosen).
    pub measures: MeasureSet,
}

impl PlanDraft {
    /// A first plan around `params` (the simulation page's parameters):
    /// „Richtung“ from 0 to 1 in 6 points, 3 seeds from 1, 500 steps
    /// (20 s of model time) with the first 250 as burn-in.
    #[must_use]
    pub fn around(params: &Params) -> Self {
        Self {
            base: BASE_FIELDS.map(|field| format_value(field, field.get(params))),
            axes: [
                AxisDraft::range(ParamField::Alignment, 0.0, 1.0, 6),
                AxisDraft::none(),
            ],
            seed_mode: SeedMode::Range,
            seeds_from: "1".to_owned(),
            seeds_count: "3".to_owned(),
            seeds_list: String::new(),
            steps: "500".to_owned(),
            burn_in: "250".to_owned(),
            measures: MeasureSet::ALL,
        }
    }

    /// The form showing a loaded plan: each axis as its list of values, the
    /// seeds as a range when they are consecutive, else as a list.
    #[must_use]
    pub fn of_plan(plan: &Plan) -> Self {
        let mut axes = [AxisDraft::none(), AxisDraft::none()];
        for (draft, axis) in axes.iter_mut().zip(&plan.axes) {
            *draft = AxisDraft::values(axis.field, &axis.values);
        }
        let consecutive = plan
            .seeds
            .windows(2)
            .all(|pair| u64::from(pair[1]) == u64::from(pair[0]) + 1);
        let list: Vec<String> = plan.seeds.iter().map(u32::to_string).collect();
        Self {
            base: BASE_FIELDS.map(|field| format_value(field, field.get(&plan.base))),
            axes,
            seed_mode: if consecutive {
                SeedMode::Range
            } else {
                SeedMode::List
            },
            seeds_from: plan.seeds[0].to_string(),
            seeds_count: plan.seeds.len().to_string(),
            seeds_list: list.join("; "),
            steps: plan.steps.to_string(),
            burn_in: plan.burn_in.to_string(),
            measures: plan.measures,
        }
    }

    /// The plan file's JSON, or the first thing typed wrong.
    pub fn to_json(&self) -> Result<String, PlanFormError> {
        let mut base = Vec::new();
        for (field, text) in BASE_FIELDS.iter().zip(&self.base) {
            let value = field.parse(text).map_err(PlanFormError::Base)?;
            base.push(format!("\"{}\": {}", field.key(), field.plain_text(value)));
        }
        let mut sweep = Vec::new();
        for (position, axis) in self.axes.iter().enumerate() {
            if let Some(field) = axis.field {
                sweep.push(axis_json(axis, field, position + 1)?);
            }
        }
        Ok(format!(
            "{{\n  \"format\": \"boids-schwarm-study\",\n  \"version\": 1,\n  \"base\": {{{}}},\n  \"sweep\": [{}],\n  \"seeds\": {},\n  \"steps\": {},\n  \"burn_in\": {}{}\n}}\n",
            base.join(", "),
            sweep
                .iter()
                .map(|axis| format!("\n    {axis}"))
                .collect::<Vec<_>>()
                .join(",")
                + if sweep.is_empty() { "" } else { "\n  " },
            self.seeds_json()?,
            whole(WholeField::Steps, &self.steps)?,
            whole(WholeField::BurnIn, &self.burn_in)?,
            self.measures_json()?,
        ))
    }

    /// `,\n  "measures": [...]` for fewer than all measures (a plan of all
    /// leaves the key out, as plans before it did).
    fn measures_json(&self) -> Result<String, PlanFormError> {
        if self.measures.is_empty() {
            return Err(PlanFormError::NoMeasures);
        }
        if self.measures.is_all() {
            return Ok(String::new());
        }
        let names: Vec<String> = self
            .measures
            .iter()
            .map(|measure| format!("\"{}\"", measure.key()))
            .collect();
        Ok(format!(",\n  \"measures\": [{}]", names.join(", ")))
    }

    /// The checked plan with its JSON text, or what is wrong (the form's
    /// own, or the model's as for a plan file).
    pub fn to_plan(&self) -> Result<(String, Plan), PlanFormError> {
        let json = self.to_json()?;
        let plan = Plan::parse(json.as_bytes()).map_err(PlanFormError::Plan)?;
        Ok((json, plan))
    }

    fn seeds_json(&self) -> Result<String, PlanFormError> {
        match self.seed_mode {
            SeedMode::Range => Ok(format!(
                "{{\"from\": {}, \"count\": {}}}",
                seed(false, &self.seeds_from)?,
                whole(WholeField::SeedCount, &self.seeds_count)?
            )),
            SeedMode::List => {
                let seeds = list(&self.seeds_list)
                    .map(|text| seed(true, text))
                    .collect::<Result<Vec<_>, _>>()?;
                if seeds.is_empty() {
                    return Err(PlanFormError::NoSeeds);
                }
                Ok(format!("[{}]", seeds.join(", ")))
            }
        }
    }
}

/// The entries of a list typed with semicolons (or line breaks).
fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split([';', '\n'])
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
}

fn axis_json(axis: &AxisDraft, field: ParamField, number: usize) -> Result<String, PlanFormError> {
    let value = |text: &str, part: AxisPart| {
        field
            .parse(text)
            .map(|value| field.plain_text(value))
            .map_err(|error| PlanFormError::AxisValue {
                number,
                field,
                part,
                error,
            })
    };
    let key = field.key();
    match axis.mode {
        AxisMode::Values => {
            let values = list(&axis.values)
                .map(|text| value(text, AxisPart::Values))
                .collect::<Result<Vec<_>, _>>()?;
            if values.is_empty() {
                return Err(PlanFormError::AxisEmpty { number, field });
            }
            Ok(format!(
                "{{\"parameter\": \"{key}\", \"values\": [{}]}}",
                values.join(", ")
            ))
        }
        AxisMode::Range => Ok(format!(
            "{{\"parameter\": \"{key}\", \"from\": {}, \"to\": {}, \"points\": {}}}",
            value(&axis.from, AxisPart::From)?,
            value(&axis.to, AxisPart::To)?,
            whole(WholeField::Points { number, field }, &axis.points)?
        )),
    }
}

/// A whole number typed into the field `what` (its range is the plan's).
fn whole(what: WholeField, text: &str) -> Result<u64, PlanFormError> {
    parse_whole_number(text).map_err(|error| PlanFormError::Whole {
        what,
        text: match error {
            WholeNumberError::Empty => String::new(),
            _ => text.trim().to_owned(),
        },
    })
}

fn seed(list: bool, text: &str) -> Result<String, PlanFormError> {
    ParamField::Seed
        .parse(text)
        .map(|value| ParamField::Seed.plain_text(value))
        .map_err(|error| PlanFormError::Seed { list, error })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_draft_is_a_valid_plan_around_the_parameters() {
        let params = Params {
            count: 300,
            radius: 0.8,
            ..Params::default()
        };
        let (json, plan) = PlanDraft::around(&params).to_plan().expect("valid");
        assert_eq!(plan.base.count, 300);
        assert_eq!(plan.base.radius, 0.8);
        assert_eq!(plan.axes[0].values, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(plan.seeds, [1, 2, 3]);
        assert_eq!((plan.steps, plan.burn_in), (500, 250));
        assert!(
            json.contains("\"from\": 0, \"to\": 1, \"points\": 6"),
            "{json}"
        );
    }

    #[test]
    fn a_plan_shown_in_the_form_writes_a_plan_with_the_same_identity() {
        let text = r#"{"format": "boids-schwarm-study", "version": 1,
            "base": {"count": 50, "radius": 1.5, "max_speed": 3},
            "sweep": [{"parameter": "cohesion", "from": 0, "to": 0.75, "points": 4},
                      {"parameter": "count", "values": [50, 120]}],
            "seeds": [7, 3, 9], "steps": 40, "burn_in": 10,
            "measures": ["largest_group", "polarization"]}"#;
        let plan = Plan::parse(text.as_bytes()).expect("valid");
        let draft = PlanDraft::of_plan(&plan);
        assert_eq!(draft.seed_mode, SeedMode::List);
        assert_eq!(draft.axes[0].values, "0; 0,25; 0,5; 0,75");
        let (json, again) = draft.to_plan().expect("valid");
        assert_eq!(again, plan);
        assert_eq!(again.id(), plan.id());
        assert!(
            json.contains("\"measures\": [\"polarization\", \"largest_group\"]"),
            "{json}"
        );

        let consecutive = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1, "seeds": [4, 5, 6], "steps": 3, "burn_in": 0}"#,
        )
        .expect("valid");
        let draft = PlanDraft::of_plan(&consecutive);
        assert_eq!(draft.seed_mode, SeedMode::Range);
        assert_eq!(draft.to_plan().expect("valid").1, consecutive);
    }

    #[test]
    fn what_is_typed_wrong_is_named_in_german() {
        use crate::texts::study_page::plan_form_error;
        let words = |result: Result<String, PlanFormError>| result.map_err(|e| plan_form_error(&e));
        let draft = PlanDraft::around(&Params::default());
        let mut bad = draft.clone();
        bad.base[1] = "5".to_owned();
        assert_eq!(
            words(bad.to_json()),
            Err("Radius muss größer als 0 und höchstens 4,2 sein.".to_owned())
        );
        let mut bad = draft.clone();
        bad.axes[0].mode = AxisMode::Values;
        bad.axes[0].values = "0; 0,5; abc".to_owned();
        let message = words(bad.to_json()).expect_err("abc");
        assert!(
            message.starts_with("Achse 1 (Richtung), Werte: "),
            "{message}"
        );
        assert!(message.contains("„abc“"), "{message}");
        let mut bad = draft.clone();
        bad.axes[0].values = " ; ".to_owned();
        bad.axes[0].mode = AxisMode::Values;
        assert!(
            words(bad.to_json())
                .expect_err("empty")
                .contains("Bitte Werte angeben")
        );
        let mut bad = draft.clone();
        bad.steps = "-3".to_owned();
        assert_eq!(
            words(bad.to_json()),
            Err("Schritte: „-3“ ist keine ganze Zahl ab 0.".to_owned())
        );
        let mut bad = draft.clone();
        bad.burn_in = "600".to_owned();
        assert_eq!(
            words(bad.to_plan().map(|(json, _)| json)),
            Err("burn_in: muss eine ganze Zahl von 0 bis 500 sein.".to_owned())
        );
        let mut bad = draft;
        bad.seed_mode = SeedMode::List;
        bad.seeds_list = "1; 2; 1".to_owned();
        assert_eq!(
            words(bad.to_plan().map(|(json, _)| json)),
            Err(
                "seeds[2]: derselbe Wert wie seeds[0] (kein Wert darf doppelt vorkommen)."
                    .to_owned()
            )
        );
        let mut bad = PlanDraft::around(&Params::default());
        bad.seeds_count = String::new();
        assert_eq!(
            words(bad.to_json()),
            Err("Anzahl der Seeds: Bitte eine ganze Zahl eingeben.".to_owned())
        );
        bad.seed_mode = SeedMode::List;
        bad.seeds_list = " ; ".to_owned();
        assert_eq!(
            words(bad.to_json()),
            Err("Seeds: Bitte mindestens einen Seed angeben.".to_owned())
        );
        let mut bad = PlanDraft::around(&Params::default());
        bad.measures = MeasureSet::EMPTY;
        assert_eq!(
            words(bad.to_json()),
            Err("Maße: Bitte mindestens ein Maß wählen.".to_owned())
        );
    }

    #[test]
    fn all_measures_leave_the_key_out() {
        let draft = PlanDraft::around(&Params::default());
        let json = draft.to_json().expect("valid");
        assert!(!json.contains("measures"), "{json}");
        let mut fewer = draft;
        fewer.measures = MeasureSet::ALL.without(crate::model::Measure::MeanNearestDistance);
        let (json, plan) = fewer.to_plan().expect("valid");
        assert!(json.contains("\"measures\": [\"mean_speed\", "), "{json}");
        assert_eq!(plan.measures, fewer.measures);
    }
}
