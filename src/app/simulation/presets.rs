//! „Voreinstellung“: named parameter sets that show one behaviour each, with
//! one sentence on what to watch. Chosen by running them; the tests below run
//! each set and check its sentence against the measured series.

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
            watch: "Alle drei Regeln wirken: Aus vielen kleinen Gruppen werden in etwa einer \
                Minute wenige große, doch eine gemeinsame Richtung setzt sich nur zum Teil durch.",
            params: Params::default(),
        },
        Preset {
            id: "ruhig",
            name: "Ruhiger Schwarm",
            watch: "Langsame Boids mit weitem Blick bleiben in höchstens drei ruhigen Gruppen \
                beisammen, die gemächlich treiben und nicht zerfallen.",
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
            watch: "Aus etwa zehn Gruppen wird in rund 20 Sekunden ein einziger Schwarm, und ab \
                etwa 25 Sekunden fliegt er fast geschlossen in dieselbe Richtung (Ordnung über 0,8).",
            params: Params {
                count: 400,
                seed: 1,
                radius: 1.05,
                separation: 0.3,
                alignment: 0.6,
                cohesion: 1.0,
                max_speed: 3.0,
            },
        },
        Preset {
            id: "gas",
            name: "Gas ohne Ordnung",
            watch: "Ohne Richtung und Kohäsion stoßen sich die Boids nur ab: Sie bleiben \
                verstreut, die meisten allein, und keine Richtung setzt sich durch.",
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
            name: "Klumpen ohne Richtung",
            watch: "Kohäsion ohne Richtung: In wenigen Sekunden ballen sich die Boids zu \
                dichten Klumpen (der Abstand zum nächsten Nachbarn halbiert sich), in denen sie \
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
            watch: "Zehntausend Boids füllen den Würfel als ein zusammenhängendes Gewimmel ohne \
                gemeinsame Richtung; die Leistungsanzeige zeigt, was ein Schritt in dieser Größe \
                kostet.",
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
    use crate::model::{Measures, Swarm, step_time_seconds};

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

    /// The measures of a preset's swarm every `every` steps up to `last`
    /// (inclusive), with their model time in seconds.
    fn series(preset: &Preset, last: u64, every: u64) -> Vec<(f64, Measures)> {
        let mut swarm = Swarm::new(&preset.params).expect("a preset is valid");
        let mut rows = Vec::new();
        for step in 0..=last {
            if step % every == 0 {
                rows.push((step_time_seconds(step), swarm.measures()));
            }
            if step < last {
                swarm.step();
            }
        }
        rows
    }

    /// Every row from `from` seconds on satisfies `promise`.
    fn from_on(
        rows: &[(f64, Measures)],
        from: f64,
        what: &str,
        promise: impl Fn(&Measures) -> bool,
    ) {
        for (time, measures) in rows.iter().filter(|(time, _)| *time >= from) {
            assert!(promise(measures), "{what} at {time} s: {measures:?}");
        }
    }

    /// Each sentence's claim, in the numbers it names, over the first minute
    /// of model time (seed 1, as the set has it). A new set without a check
    /// here fails.
    #[test]
    fn every_preset_keeps_the_promise_of_its_sentence() {
        for preset in PRESETS.iter() {
            let n = f64::from(preset.params.count);
            match preset.id {
                "standard" => {
                    let rows = series(preset, 1500, 5);
                    let (first, last) = (&rows[0].1, &rows[rows.len() - 1].1);
                    assert!(first.groups >= 10, "many small groups at first: {first:?}");
                    assert!(last.groups <= 3, "few groups after a minute: {last:?}");
                    assert!(
                        f64::from(last.largest_group) >= n / 2.0,
                        "large ones: {last:?}"
                    );
                    assert!(
                        (0.1..0.5).contains(&last.polarization),
                        "order in part: {last:?}"
                    );
                }
                "ruhig" => {
                    let rows = series(preset, 1500, 5);
                    from_on(&rows, 0.0, "at most three groups", |m| m.groups <= 3);
                    from_on(&rows, 5.0, "slow", |m| m.mean_speed < 0.5);
                }
                "geordnet" => {
                    let rows = series(preset, 1500, 1);
                    assert!(
                        (5..=15).contains(&rows[0].1.groups),
                        "about ten groups at first"
                    );
                    from_on(&rows, 21.0, "one swarm from about 20 s", |m| m.groups == 1);
                    from_on(&rows, 25.0, "order above 0.8 from 25 s", |m| {
                        m.polarization > 0.8
                    });
                }
                "gas" => {
                    let rows = series(preset, 1500, 5);
                    from_on(&rows, 0.0, "no direction", |m| m.polarization < 0.1);
                    from_on(&rows, 5.0, "most boids alone", |m| {
                        f64::from(m.groups) > n / 2.0 && m.largest_group <= 20
                    });
                }
                "klumpen" => {
                    let rows = series(preset, 1500, 5);
                    let spread = rows[0].1.mean_nearest_distance.expect("N > 1");
                    from_on(&rows, 5.0, "dense clumps", |m| {
                        m.mean_nearest_distance.expect("N > 1") <= spread / 2.0
                            && (3..=12).contains(&m.groups)
                    });
                    from_on(&rows, 0.0, "criss-cross", |m| m.polarization < 0.1);
                }
                "gross" => {
                    let rows = series(preset, 250, 25);
                    from_on(&rows, 0.0, "one connected swarm (but a stray few)", |m| {
                        f64::from(m.largest_group) >= 0.99 * n
                    });
                    from_on(&rows, 0.0, "no common direction", |m| m.polarization < 0.1);
                }
                other => panic!("the preset {other} has no check of its sentence"),
            }
        }
    }
}
