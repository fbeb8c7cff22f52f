//! „Voreinstellung“: named parameter sets that show one behaviour each, with
//! one sentence on what to watch. Chosen by running them (README.md lists
//! what each reaches after 30 s of model time).

use std::sync::LazyLock;

use crate::model::Params;

/// A named parameter set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Preset {
    /// The value of its option (stable, ASCII).
    pub id: &'static str,
    /// Its German name in the choice.
    pub name: &'static str,
    /// „Worauf achten“: what the set shows, in one German sentence.
    pub watch: &'static str,
    /// The parameters it sets.
    pub params: Params,
}

/// The sets in the order of the choice; the first is the specification's
/// defaults (built once, as the defaults are not a constant).
pub static PRESETS: LazyLock<[Preset; 6]> = LazyLock::new(|| {
    [
        Preset {
            id: "standard",
            name: "Standard",
            watch: "Alle drei Regeln wirken: Aus dem Durcheinander werden wenige Gruppen, die sich \
                langsam gemeinsam ausrichten.",
            params: Params::default(),
        },
        Preset {
            id: "ruhig",
            name: "Ruhiger Schwarm",
            watch: "Langsame Boids mit weitem Blick finden sich zu wenigen ruhigen Gruppen zusammen, \
                die gemächlich treiben und nicht zerfallen.",
            params: Params {
                count: 200,
                seed: 1,
                radius: 1.5,
                separation: 0.4,
                alignment: 0.2,
                cohesion: 0.1,
                max_speed: 1.0,
            },
        },
        Preset {
            id: "geordnet",
            name: "Ein großer geordneter Schwarm",
            watch: "Starke Ausrichtung: Nach einigen Sekunden fliegt fast der ganze Schwarm als eine \
                Gruppe in dieselbe Richtung.",
            params: Params {
                count: 400,
                seed: 1,
                radius: 2.0,
                separation: 0.3,
                alignment: 0.5,
                cohesion: 0.3,
                max_speed: 2.0,
            },
        },
        Preset {
            id: "gas",
            name: "Gas ohne Ordnung",
            watch: "Ohne Ausrichtung und Zusammenhalt stoßen sich die Boids nur ab: Sie bleiben \
                verstreut, und keine Richtung setzt sich durch.",
            params: Params {
                count: 300,
                seed: 1,
                radius: 0.6,
                separation: 1.0,
                alignment: 0.0,
                cohesion: 0.0,
                max_speed: 3.0,
            },
        },
        Preset {
            id: "klumpen",
            name: "Klumpen ohne Ausrichtung",
            watch: "Zusammenhalt ohne Ausrichtung: Es entstehen dichte Klumpen, in denen die Boids \
                kreuz und quer fliegen, statt gemeinsam zu ziehen.",
            params: Params {
                count: 300,
                seed: 1,
                radius: 1.2,
                separation: 0.3,
                alignment: 0.0,
                cohesion: 1.0,
                max_speed: 2.0,
            },
        },
        Preset {
            id: "gross",
            name: "Großer Schwarm (10 000)",
            watch: "Zehntausend Boids füllen den Würfel als ein zusammenhängendes Gewimmel; die \
                Leistungsanzeige zeigt, was ein Schritt in dieser Größe kostet.",
            params: Params {
                count: 10_000,
                seed: 1,
                radius: 1.0,
                separation: 0.5,
                alignment: 0.1,
                cohesion: 0.2,
                max_speed: 2.0,
            },
        },
    ]
});

/// The preset whose parameters are exactly these, if any.
#[must_use]
pub fn matching(params: &Params) -> Option<&'static Preset> {
    PRESETS.iter().find(|preset| preset.params == *params)
}

/// The preset with this option value, if any.
#[must_use]
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|preset| preset.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_named_and_different() {
        assert!(PRESETS.len() >= 5);
        assert_eq!(PRESETS[0].params, Params::default());
        for (i, preset) in PRESETS.iter().enumerate() {
            assert_eq!(preset.params.validate(), Ok(()), "{}", preset.name);
            assert!(preset.watch.ends_with('.'), "{}", preset.name);
            assert_eq!(by_id(preset.id), Some(preset));
            assert_eq!(matching(&preset.params), Some(preset));
            for other in &PRESETS[i + 1..] {
                assert_ne!(preset.params, other.params);
                assert_ne!((preset.id, preset.name), (other.id, other.name));
            }
        }
        assert_eq!(by_id(""), None);
    }
}
