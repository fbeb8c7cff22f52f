//! The axes of a plan's grid: a parameter and its values, listed or
//! spread evenly from `from` to `to`.

use serde_json::{Map, Value};

use super::error::{PlanError, PlanProblem};
use super::json::{
    Distinct, child, error, integer, list_of, number, object, only_keys, param_value, required,
};
use super::plan::MAX_RUNS;
use crate::model::ParamField;

/// One axis of the grid: a parameter (never `seed`) and its values in the
/// plan's order, every value valid for the parameter, none twice (`count`
/// values are whole numbers, rounded where the plan gave a range).
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub field: ParamField,
    pub values: Vec<f64>,
}

pub(super) fn parse_sweep(value: &Value) -> Result<Vec<Axis>, PlanError> {
    let list = value
        .as_array()
        .ok_or_else(|| error("sweep", PlanProblem::NotAList))?;
    if list.len() > 2 {
        return Err(error(
            "sweep",
            PlanProblem::TooManyAxes { axes: list.len() },
        ));
    }
    let mut axes: Vec<Axis> = Vec::new();
    for (position, axis) in list.iter().enumerate() {
        let axis = parse_axis(axis, &format!("sweep[{position}]"))?;
        if axes.iter().any(|first| first.field == axis.field) {
            return Err(error(
                format!("sweep[{position}].parameter"),
                PlanProblem::SameParameterTwice,
            ));
        }
        axes.push(axis);
    }
    Ok(axes)
}

fn parse_axis(value: &Value, key: &str) -> Result<Axis, PlanError> {
    let map = object(value, key)?;
    only_keys(map, key, &["parameter", "values", "from", "to", "points"])?;
    let parameter_key = child(key, "parameter");
    let name = required(map, key, "parameter")?;
    let field = ParamField::ALL
        .into_iter()
        .find(|field| *field != ParamField::Seed && Some(field.key()) == name.as_str())
        .ok_or_else(|| error(parameter_key, PlanProblem::UnknownParameter))?;
    let has_range = ["from", "to", "points"]
        .iter()
        .any(|k| map.contains_key(*k));
    let values = match (map.get("values"), has_range) {
        (Some(values), false) => list_values(field, values, &child(key, "values"))?,
        (None, true) => range_values(field, map, key)?,
        _ => return Err(error(key, PlanProblem::ValuesOrRange)),
    };
    Ok(Axis { field, values })
}

fn list_values(field: ParamField, value: &Value, key: &str) -> Result<Vec<f64>, PlanError> {
    let list = value
        .as_array()
        .ok_or_else(|| error(key, PlanProblem::NotAList))?;
    if list.is_empty() {
        return Err(error(key, PlanProblem::Empty));
    }
    let mut values = Distinct::default();
    for (position, value) in list.iter().enumerate() {
        let path = format!("{key}[{position}]");
        let v = param_value(field, value, &path)?;
        if let Some(first) = values.insert(v.to_bits()) {
            return Err(error(path, PlanProblem::Repeated { first }));
        }
    }
    Ok(list_of(values, f64::from_bits))
}

/// `value_i = from + (to − from) · i / (points − 1)` in exactly that order
/// of operations in f64; `count` values rounded half away from zero.
fn range_values(
    field: ParamField,
    map: &Map<String, Value>,
    key: &str,
) -> Result<Vec<f64>, PlanError> {
    let from = number(required(map, key, "from")?, &child(key, "from"))?;
    let to = number(required(map, key, "to")?, &child(key, "to"))?;
    let points = integer(
        required(map, key, "points")?,
        &child(key, "points"),
        2,
        MAX_RUNS,
    )?;
    let mut values = Distinct::default();
    for i in 0..points {
        let exact = from + (to - from) * i as f64 / (points - 1) as f64;
        let rounded = if field == ParamField::Count {
            exact.round()
        } else {
            exact
        };
        let value = rounded + 0.0;
        let position = i as usize;
        if !field.accepts(value) {
            return Err(error(
                key,
                PlanProblem::InvalidRangeValue {
                    field,
                    position,
                    value,
                },
            ));
        }
        if let Some(first) = values.insert(value.to_bits()) {
            return Err(error(
                key,
                PlanProblem::RepeatedRangeValue {
                    position,
                    first,
                    value,
                },
            ));
        }
    }
    Ok(list_of(values, f64::from_bits))
}
