//! The „Rechenkerne“ setting: how many Web Workers share each step.
//!
//! It changes no result (the shares put together are bit-identical), so
//! editing it keeps the swarm. It is stored like the parameters, under its own
//! key; a missing or unusable stored value gives the default.

use leptos::prelude::*;

use crate::app::media::caption::{EntryError, parse_entry};
use crate::texts::engine::cores_error;

/// Fewest workers.
pub const MIN_CORES: u32 = 1;
/// Most workers one can ask for.
pub const MAX_CORES: u32 = 16;
/// Most workers the default takes, however many cores the browser reports.
pub const MAX_DEFAULT_CORES: u32 = 8;
/// The local-storage key of the setting (storage exists only in the browser).
#[cfg(target_arch = "wasm32")]
pub const CORES_KEY: &str = "boids-schwarm.cores.v1";

/// The default: the reported cores less one for the page itself, at least 1
/// and at most [`MAX_DEFAULT_CORES`]; 1 when the browser reports nothing.
#[must_use]
pub fn default_cores(reported: Option<f64>) -> u32 {
    match reported {
        Some(cores) if cores.is_finite() && cores >= 1.0 => {
            ((cores.min(1024.0) as u32).saturating_sub(1)).clamp(MIN_CORES, MAX_DEFAULT_CORES)
        }
        _ => MIN_CORES,
    }
}

/// Parses what the user typed: a whole number by the rule of
/// [`parse_whole_number`] (digits only, surrounding spaces allowed) from
/// [`MIN_CORES`] to [`MAX_CORES`].
pub fn parse_cores(text: &str) -> Result<u32, EntryError> {
    parse_entry(text, u64::from(MIN_CORES), u64::from(MAX_CORES)).map(|cores| cores as u32)
}

/// A stored value if it is a valid number of cores.
#[cfg(any(target_arch = "wasm32", test))]
#[must_use]
pub fn restore_cores(stored: Option<&serde_json::Value>) -> Option<u32> {
    let number = stored?.as_f64()?;
    (number.fract() == 0.0 && (f64::from(MIN_CORES)..=f64::from(MAX_CORES)).contains(&number))
        .then_some(number as u32)
}

/// The field's text and the last valid value (what the workers use).
#[derive(Debug, Clone, Copy)]
pub struct CoreSetting {
    text: RwSignal<String>,
    value: RwSignal<u32>,
}

impl CoreSetting {
    /// A setting showing `cores`.
    #[must_use]
    pub fn new(cores: u32) -> Self {
        Self {
            text: RwSignal::new(cores.to_string()),
            value: RwSignal::new(cores),
        }
    }

    /// The stored setting, or the default for this browser.
    #[must_use]
    pub fn restore() -> Self {
        Self::new(load().unwrap_or_else(|| default_cores(reported_cores())))
    }

    /// The text of the field (tracked).
    #[must_use]
    pub fn text(&self) -> String {
        self.text.get()
    }

    /// The German error while the text is invalid (tracked).
    #[must_use]
    pub fn error(&self) -> Option<String> {
        self.text
            .with(|text| parse_cores(text).err().map(|error| cores_error(&error)))
    }

    /// The number of workers to use (tracked): the last valid value.
    #[must_use]
    pub fn value(&self) -> Signal<u32> {
        self.value.into()
    }

    /// Takes what the user typed; a valid value is used and saved.
    pub fn edit(&self, text: String) {
        if let Ok(cores) = parse_cores(&text) {
            if self.value.get_untracked() != cores {
                self.value.set(cores);
            }
            save(cores);
        }
        self.text.set(text);
    }
}

fn reported_cores() -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().map(|window| window.navigator().hardware_concurrency())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

fn load() -> Option<u32> {
    #[cfg(target_arch = "wasm32")]
    {
        if crate::app::platform::storage::storage_available() {
            return restore_cores(crate::app::platform::storage::read_stored(CORES_KEY).as_ref());
        }
    }
    None
}

fn save(cores: u32) {
    #[cfg(target_arch = "wasm32")]
    {
        use gloo_storage::Storage;
        if crate::app::platform::storage::storage_available() {
            let _ = gloo_storage::LocalStorage::set(CORES_KEY, cores);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = cores;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_leaves_one_core_for_the_page() {
        assert_eq!(default_cores(Some(2.0)), 1);
        assert_eq!(default_cores(Some(4.0)), 3);
        assert_eq!(default_cores(Some(1.0)), 1);
        assert_eq!(default_cores(Some(64.0)), 8);
        assert_eq!(default_cores(None), 1);
        assert_eq!(default_cores(Some(f64::NAN)), 1);
        assert_eq!(default_cores(Some(0.0)), 1);
    }

    #[test]
    fn only_whole_numbers_from_1_to_16_are_accepted() {
        let parse_cores = |text| parse_cores(text).map_err(|error| cores_error(&error));
        assert_eq!(parse_cores(" 3 "), Ok(3));
        assert_eq!(parse_cores("16"), Ok(16));
        assert_eq!(parse_cores("1"), Ok(1));
        for bad in [
            "0",
            "17",
            "2,5",
            "2.0",
            "-1",
            "+3",
            "zwei",
            "1e1",
            "99999999999",
            "99999999999999999999999",
        ] {
            let error = parse_cores(bad).expect_err(bad);
            assert!(error.contains("von 1 bis 16"), "{bad}: {error}");
        }
        assert!(
            parse_cores("  ")
                .expect_err("empty")
                .contains("Bitte einen Wert")
        );
    }

    #[test]
    fn stored_values_are_taken_only_when_valid() {
        use serde_json::json;
        assert_eq!(restore_cores(Some(&json!(4))), Some(4));
        assert_eq!(restore_cores(Some(&json!(4.0))), Some(4));
        for bad in [
            json!(0),
            json!(17),
            json!(2.5),
            json!("4"),
            json!(null),
            json!([4]),
        ] {
            assert_eq!(restore_cores(Some(&bad)), None, "{bad}");
        }
        assert_eq!(restore_cores(None), None);
    }

    #[test]
    fn an_invalid_edit_keeps_the_last_valid_value() {
        let owner = Owner::new();
        owner.with(|| {
            let setting = CoreSetting::new(2);
            setting.edit("5".to_owned());
            assert_eq!(setting.value().get_untracked(), 5);
            setting.edit("0".to_owned());
            assert_eq!(setting.value().get_untracked(), 5);
            assert!(setting.error().is_some());
            assert_eq!(setting.text(), "0");
        });
    }
}
