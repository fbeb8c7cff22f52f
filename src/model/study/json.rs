//! Reading a plan's JSON with errors that name the key: the small helpers
//! the plan and its axes share.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::error::{PlanError, PlanProblem};
use crate::model::ParamField;

/// A list without repeats, found in constant time (values as bits: −0 is
/// already 0 and NaN cannot occur, so equal bits are equal values).
#[derive(Default)]
pub(super) struct Distinct {
    order: Vec<u64>,
    positions: HashMap<u64, usize>,
}

impl Distinct {
    /// Adds `item`, or returns the position that already holds it.
    pub(super) fn insert(&mut self, item: u64) -> Option<usize> {
        if let Some(&first) = self.positions.get(&item) {
            return Some(first);
        }
        self.positions.insert(item, self.order.len());
        self.order.push(item);
        None
    }
}

pub(super) fn list_of<T>(items: Distinct, convert: impl Fn(u64) -> T) -> Vec<T> {
    items.order.into_iter().map(convert).collect()
}

pub(super) fn error(key: impl Into<String>, problem: PlanProblem) -> PlanError {
    PlanError {
        key: key.into(),
        problem,
    }
}

/// `parent.key`, or `key` at the top.
pub(super) fn child(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

pub(super) fn object<'a>(value: &'a Value, key: &str) -> Result<&'a Map<String, Value>, PlanError> {
    value
        .as_object()
        .ok_or_else(|| error(key, PlanProblem::NotAnObject))
}

/// Refuses the first key (in the file's sorted order) not in `allowed`.
pub(super) fn only_keys(
    map: &Map<String, Value>,
    parent: &str,
    allowed: &[&str],
) -> Result<(), PlanError> {
    match map.keys().find(|key| !allowed.contains(&key.as_str())) {
        Some(key) => Err(error(child(parent, key), PlanProblem::UnknownKey)),
        None => Ok(()),
    }
}

pub(super) fn required<'a>(
    map: &'a Map<String, Value>,
    parent: &str,
    key: &str,
) -> Result<&'a Value, PlanError> {
    map.get(key)
        .ok_or_else(|| error(child(parent, key), PlanProblem::Missing))
}

pub(super) fn number(value: &Value, key: &str) -> Result<f64, PlanError> {
    // `+ 0.0` turns −0 into 0, so a value prints and hashes one way.
    value
        .as_f64()
        .map(|v| v + 0.0)
        .ok_or_else(|| error(key, PlanProblem::NotANumber))
}

/// A whole number in `min ..= max` (`750` and `750.0` alike).
pub(super) fn integer(value: &Value, key: &str, min: u64, max: u64) -> Result<u64, PlanError> {
    let wrong = || error(key, PlanProblem::NotAnIntegerIn { min, max });
    let v = value.as_f64().ok_or_else(wrong)?;
    if v.fract() != 0.0 || v < min as f64 || v > max as f64 {
        return Err(wrong());
    }
    Ok(value.as_u64().unwrap_or(v as u64))
}

pub(super) fn param_value(field: ParamField, value: &Value, key: &str) -> Result<f64, PlanError> {
    let v = number(value, key)?;
    if field.accepts(v) {
        Ok(v)
    } else {
        Err(error(key, PlanProblem::InvalidValue { field }))
    }
}
