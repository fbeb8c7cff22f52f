//! The seven parameter inputs as the user typed them, and the last valid
//! value of each (what local storage holds).

use leptos::prelude::*;

use crate::app::platform::storage;
use crate::model::{ParamField, Params};
use crate::texts;

/// The seven parameter inputs as typed, and the last valid value of each field
/// (what local storage holds). Survives page changes like the swarm.
#[derive(Debug, Clone, Copy)]
pub struct ParamForm {
    texts: [RwSignal<String>; 7],
    saved: StoredValue<Params>,
}

impl ParamForm {
    /// A form showing the given (valid) parameters.
    #[must_use]
    pub fn new(initial: Params) -> Self {
        Self {
            texts: ParamField::ALL
                .map(|field| RwSignal::new(texts::format_value(field, field.get(&initial)))),
            saved: StoredValue::new(initial),
        }
    }

    /// A form restored from local storage (defaults where nothing valid is stored).
    #[must_use]
    pub fn restore() -> Self {
        Self::new(storage::load())
    }

    /// The text of one input (tracked).
    #[must_use]
    pub fn text(&self, field: ParamField) -> String {
        self.texts[index(field)].get()
    }

    /// The German error of one input while it is invalid (tracked).
    #[must_use]
    pub fn error(&self, field: ParamField) -> Option<String> {
        self.texts[index(field)].with(|text| {
            field
                .parse(text)
                .err()
                .map(|error| texts::param_error(&error))
        })
    }

    /// The parameters when every input is valid (tracked).
    #[must_use]
    pub fn params(&self) -> Option<Params> {
        let mut params = Params::default();
        for field in ParamField::ALL {
            let value = self.texts[index(field)]
                .with(|text| field.parse(text))
                .ok()?;
            field.set(&mut params, value).ok()?;
        }
        Some(params)
    }

    /// The parameters when every input is valid, without tracking.
    #[must_use]
    pub fn params_untracked(&self) -> Option<Params> {
        untrack(|| self.params())
    }

    /// Shows a whole valid parameter set in the inputs and saves it (after
    /// loading a state). Unlike a user's edit this does not remove the swarm.
    pub fn show(&self, params: &Params) {
        for field in ParamField::ALL {
            self.texts[index(field)].set(texts::format_value(field, field.get(params)));
        }
        self.saved.set_value(*params);
        storage::save(params);
    }

    /// Takes what the user typed into one input; a valid value is saved.
    pub fn edit(&self, field: ParamField, text: String) {
        if let Ok(value) = field.parse(&text) {
            self.saved.update_value(|saved| {
                if field.set(saved, value).is_ok() {
                    storage::save(saved);
                }
            });
        }
        self.texts[index(field)].set(text);
    }
}

/// Position of a field in [`ParamField::ALL`].
fn index(field: ParamField) -> usize {
    ParamField::ALL
        .iter()
        .position(|&f| f == field)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a test inside a reactive owner, as the app does.
    fn with_owner(test: impl FnOnce()) {
        let owner = Owner::new();
        owner.with(test);
    }

    #[test]
    fn the_form_reports_errors_and_keeps_other_fields() {
        with_owner(|| {
            let form = ParamForm::new(Params::default());
            assert_eq!(form.params(), Some(Params::default()));
            assert_eq!(form.text(ParamField::Radius), "1,2");
            form.edit(ParamField::Count, "viele".to_owned());
            assert!(form.error(ParamField::Count).is_some());
            assert_eq!(form.error(ParamField::Radius), None);
            assert_eq!(form.params(), None);
            form.edit(ParamField::Radius, " 0,8 ".to_owned());
            form.edit(ParamField::Count, "300".to_owned());
            let params = form.params().expect("all valid again");
            assert_eq!((params.count, params.radius), (300, 0.8));
        });
    }

    #[test]
    fn the_form_saves_the_last_valid_value_of_each_field() {
        with_owner(|| {
            let form = ParamForm::new(Params::default());
            form.edit(ParamField::Seed, "42".to_owned());
            form.edit(ParamField::Seed, "-1".to_owned());
            assert_eq!(form.saved.get_value().seed, 42);
        });
    }
}
