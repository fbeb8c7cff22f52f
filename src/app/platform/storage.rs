//! Local storage of the valid parameters under one versioned key (SPEC §3).
//!
//! The stored JSON object holds the seven parameters by code name. On restore
//! each field is taken on its own: a missing, corrupt, wrongly typed or
//! out-of-range value falls back to that field's default, and the others are
//! kept. The swarm itself is never stored. When the browser refuses storage
//! (disabled, private mode, quota) the app simply works without it.

use serde_json::Value;

use crate::model::{ParamField, Params, read_json};

/// The one local-storage key; bump the version when the format changes.
pub const STORAGE_KEY: &str = "boids-schwarm.params.v1";

/// Restores parameters from stored text; anything unusable gives defaults.
#[must_use]
pub fn restore_from_text(text: &str) -> Params {
    match read_json(text.as_bytes()) {
        Ok(value) => restore_from_value(&value),
        Err(_) => Params::default(),
    }
}

/// Restores parameters field by field from a JSON value: each field that is a
/// number in its valid range is taken, every other one gets its default.
#[must_use]
pub fn restore_from_value(value: &Value) -> Params {
    let mut params = Params::default();
    let Some(object) = value.as_object() else {
        return params;
    };
    for field in ParamField::ALL {
        if let Some(number) = object.get(field.key()).and_then(Value::as_f64) {
            // `set` checks the range; a rejected value leaves the default.
            let _ = field.set(&mut params, number);
        }
    }
    params
}

/// The stored form of a parameter set.
#[must_use]
pub fn to_text(params: &Params) -> String {
    // Serialising plain numbers cannot fail; fall back to an empty object.
    serde_json::to_string(params).unwrap_or_else(|_| "{}".to_owned())
}

/// Loads the stored parameters, or the defaults when there are none or storage
/// is unavailable.
#[must_use]
pub fn load() -> Params {
    #[cfg(target_arch = "wasm32")]
    {
        if storage_available() {
            return read_stored(STORAGE_KEY)
                .map_or_else(Params::default, |value| restore_from_value(&value));
        }
    }
    Params::default()
}

/// Saves the parameters; a refusing browser is ignored (the app works on).
pub fn save(params: &Params) {
    #[cfg(target_arch = "wasm32")]
    {
        use gloo_storage::Storage;
        if storage_available() {
            let _ = gloo_storage::LocalStorage::set(STORAGE_KEY, params);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = params;
}

/// Whether `window.localStorage` can be used. `gloo_storage` throws when it is
/// missing, so this is asked first.
#[cfg(target_arch = "wasm32")]
pub(crate) fn storage_available() -> bool {
    web_sys::window().is_some_and(|window| matches!(window.local_storage(), Ok(Some(_))))
}

/// The JSON value stored under `key`, if there is one and it is JSON (read
/// by the model's reader: the app parses no JSON through serde_json).
#[cfg(target_arch = "wasm32")]
pub fn read_stored(key: &str) -> Option<Value> {
    use gloo_storage::Storage;
    let text = gloo_storage::LocalStorage::raw().get_item(key).ok()??;
    read_json(text.as_bytes()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn custom() -> Params {
        Params {
            count: 500,
            seed: 4_294_967_295,
            radius: 0.8,
            separation: 0.0,
            alignment: 10.0,
            cohesion: 0.35,
            max_speed: 50.0,
        }
    }

    #[test]
    fn a_saved_set_comes_back_unchanged() {
        assert_eq!(restore_from_text(&to_text(&custom())), custom());
        assert_eq!(
            restore_from_text(&to_text(&Params::default())),
            Params::default()
        );
    }

    #[test]
    fn corrupt_text_gives_defaults() {
        for text in ["", "{", "not json", "{\"count\": 300", "\u{0}\u{ff}", "nul"] {
            assert_eq!(restore_from_text(text), Params::default(), "{text:?}");
        }
    }

    #[test]
    fn json_that_is_not_an_object_gives_defaults() {
        for text in ["null", "42", "\"count\"", "[300, 1]", "true"] {
            assert_eq!(restore_from_text(text), Params::default(), "{text:?}");
        }
    }

    #[test]
    fn missing_fields_get_their_defaults_and_others_are_kept() {
        let params = restore_from_text(r#"{"count": 300, "radius": 2.5}"#);
        assert_eq!(
            params,
            Params {
                count: 300,
                radius: 2.5,
                ..Params::default()
            }
        );
    }

    #[test]
    fn wrongly_typed_fields_get_their_defaults() {
        let text = r#"{"count": "300", "seed": true, "radius": null, "separation": [1],
                       "alignment": {"v": 1}, "cohesion": 0.7, "max_speed": "2,5"}"#;
        let params = restore_from_text(text);
        assert_eq!(
            params,
            Params {
                cohesion: 0.7,
                ..Params::default()
            }
        );
    }

    #[test]
    fn out_of_range_fields_get_their_defaults() {
        let text = r#"{"count": 0, "seed": 4294967296, "radius": 4.3, "separation": -0.1,
                       "alignment": 10.5, "cohesion": 1e308, "max_speed": 0}"#;
        assert_eq!(restore_from_text(text), Params::default());
        let fractional = restore_from_text(r#"{"count": 250.5, "seed": 7.25, "radius": 4.2}"#);
        assert_eq!(
            fractional,
            Params {
                radius: 4.2,
                ..Params::default()
            }
        );
    }

    #[test]
    fn whole_floats_are_accepted_for_integer_fields() {
        let params = restore_from_text(r#"{"count": 300.0, "seed": 0}"#);
        assert_eq!((params.count, params.seed), (300, 0));
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let params = restore_from_text(r#"{"version": 9, "count": 42, "swarm": [1, 2, 3]}"#);
        assert_eq!(params.count, 42);
    }
}
