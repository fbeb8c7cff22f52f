//! The ready studies of the preset list, each with what to look for.

use super::draft::{AxisDraft, PlanDraft, SeedMode};
use crate::model::study::Quantity;
use crate::model::{Measure, MeasureSet, ParamField, Params};

/// A ready study: its name, what to look for and the plan as the form shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StudyPreset {
    /// Short id (the option's value).
    pub id: &'static str,
    pub name: &'static str,
    /// „Worauf achten“: one or two sentences.
    pub watch: &'static str,
    /// What the chart shows first.
    pub measure: Quantity,
    pub draft: PlanDraft,
}

fn draft(axis: AxisDraft, seeds: u32, steps: u64, burn_in: u64) -> PlanDraft {
    PlanDraft {
        axes: [axis, AxisDraft::none()],
        seed_mode: SeedMode::Range,
        seeds_from: "1".to_owned(),
        seeds_count: seeds.to_string(),
        seeds_list: String::new(),
        steps: steps.to_string(),
        burn_in: burn_in.to_string(),
        ..PlanDraft::around(&Params::default())
    }
}

/// The ready studies' ids and names, in the list's order (the list needs
/// no more than these).
pub const PRESET_NAMES: [(&str, &str); 3] = [
    ("ordnung", "Ordnung durch Richtung"),
    ("dichte", "Dichte und Gruppen"),
    ("uebergang", "Übergang zur Ordnung"),
];

/// The transition study: order and its Binder cumulant over „Richtung“
/// for three swarm sizes, the polarization alone (no nearest distances or
/// groups to pay for), 84 runs of 1 000 steps.
fn transition() -> PlanDraft {
    PlanDraft {
        axes: [
            AxisDraft::values(
                ParamField::Alignment,
                &[0.0, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0],
            ),
            AxisDraft::values(ParamField::Count, &[100.0, 200.0, 400.0]),
        ],
        measures: MeasureSet::EMPTY.with(Measure::Polarization),
        ..draft(AxisDraft::none(), 4, 1_000, 500)
    }
}

/// The ready studies, in the list's order.
#[must_use]
pub fn study_presets() -> [StudyPreset; 3] {
    [
        StudyPreset {
            id: PRESET_NAMES[0].0,
            name: PRESET_NAMES[0].1,
            watch: "Ohne „Richtung“ bleibt die Ordnung nahe 0; schon wenig Richtung hebt sie \
                    deutlich, dann flacht der Anstieg ab. Breite Fehlerbalken: hier entscheidet \
                    der Seed mit – ein Klick auf einen Punkt zeigt den Lauf.",
            measure: Quantity::Mean(Measure::Polarization),
            draft: draft(
                AxisDraft::range(ParamField::Alignment, 0.0, 1.0, 11),
                5,
                750,
                250,
            ),
        },
        StudyPreset {
            id: PRESET_NAMES[1].0,
            name: PRESET_NAMES[1].1,
            watch: "Mehr Boids im selben Würfel, mehr Nachbarn: Aus vielen kleinen Gruppen wird \
                    eine große. Ab welcher Anzahl hängen fast alle zusammen?",
            measure: Quantity::Mean(Measure::Groups),
            draft: draft(
                AxisDraft::range(ParamField::Count, 50.0, 550.0, 6),
                3,
                500,
                250,
            ),
        },
        StudyPreset {
            id: PRESET_NAMES[2].0,
            name: PRESET_NAMES[2].1,
            watch: "Ohne „Richtung“ ist die Ordnung Zufall: Sie schrumpft mit der Anzahl wie \
                    1/√N, die Binder-Kumulante liegt bei 0,5 (regellos). Mit viel Richtung ist \
                    die Ordnung von der Anzahl fast unabhängig und die Binder-Kumulante nahe 2/3 \
                    (geordnet). Dazwischen liegt ein breiter Übergang; „Maß“ wechselt zwischen \
                    Binder-Kumulante und Ordnung.",
            measure: Quantity::Binder,
            draft: transition(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_are_valid_plans_of_the_promised_size() {
        let [order, density, transition] = study_presets();
        let (_, plan) = order.draft.to_plan().expect("valid");
        assert_eq!(plan.axes[0].field, ParamField::Alignment);
        assert_eq!(plan.axes[0].values.len(), 11);
        assert_eq!((plan.run_count(), plan.steps, plan.burn_in), (55, 750, 250));
        let (_, plan) = density.draft.to_plan().expect("valid");
        assert_eq!(
            plan.axes[0].values,
            [50.0, 150.0, 250.0, 350.0, 450.0, 550.0]
        );
        assert_eq!(plan.run_count(), 18);
        let (json, plan) = transition.draft.to_plan().expect("valid");
        assert_eq!(plan.axes[0].values, [0.0, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0]);
        assert_eq!(plan.axes[1].values, [100.0, 200.0, 400.0]);
        assert_eq!(
            (plan.run_count(), plan.steps, plan.burn_in),
            (84, 1000, 500)
        );
        assert!(json.contains("\"measures\": [\"polarization\"]"), "{json}");
        assert_eq!(transition.measure, Quantity::Binder);
    }
}
