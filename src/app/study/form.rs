//! The plan form's entries as a table (Leptos-free, tested natively): each
//! entry's id, label, kind and the part of the [`PlanDraft`] it edits, which
//! says how to read and write it, when it shows and its hint. The page draws every entry with the same few lines
//! of view code, and one `match` per question (read, write, shown, hint)
//! serves every entry: both keep the app's wasm small.

use super::draft::{AxisDraft, AxisMode, PlanDraft, SeedMode};
use crate::app::format::format_model_time;
use crate::model::{ParamField, parse_whole_number};

/// What kind of input an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A text input; its `inputmode` (`numeric` or `decimal`).
    Text(&'static str),
    /// A choice among (value, label) options.
    Choice(&'static [(&'static str, &'static str)]),
}

/// Which part of the draft an entry edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A base parameter, by its index in [`super::draft::BASE_FIELDS`].
    Base(usize),
    /// Of axis 0 or 1: the parameter, values or range, the list, from, to, points.
    AxisParameter(usize),
    AxisMode(usize),
    AxisValues(usize),
    AxisFrom(usize),
    AxisTo(usize),
    AxisPoints(usize),
    SeedMode,
    SeedsCount,
    SeedsFrom,
    SeedsList,
    Steps,
    BurnIn,
}

impl Slot {
    /// The entry's text (a choice: its value).
    #[must_use]
    pub fn read(self, d: &PlanDraft) -> String {
        match self {
            Self::Base(i) => d.base[i].clone(),
            Self::AxisParameter(a) => d.axes[a].field.map_or("", ParamField::key).to_owned(),
            Self::AxisMode(a) => match d.axes[a].mode {
                AxisMode::Range => "range".to_owned(),
                AxisMode::Values => "values".to_owned(),
            },
            Self::AxisValues(a) => d.axes[a].values.clone(),
            Self::AxisFrom(a) => d.axes[a].from.clone(),
            Self::AxisTo(a) => d.axes[a].to.clone(),
            Self::AxisPoints(a) => d.axes[a].points.clone(),
            Self::SeedMode => match d.seed_mode {
                SeedMode::List => "list".to_owned(),
                SeedMode::Range => "range".to_owned(),
            },
            Self::SeedsCount => d.seeds_count.clone(),
            Self::SeedsFrom => d.seeds_from.clone(),
            Self::SeedsList => d.seeds_list.clone(),
            Self::Steps => d.steps.clone(),
            Self::BurnIn => d.burn_in.clone(),
        }
    }

    /// Takes what was typed or chosen.
    pub fn write(self, d: &mut PlanDraft, text: String) {
        match self {
            Self::Base(i) => d.base[i] = text,
            Self::AxisParameter(a) => choose_parameter(&mut d.axes[a], &text),
            Self::AxisMode(a) => {
                d.axes[a].mode = if text == "values" {
                    AxisMode::Values
                } else {
                    AxisMode::Range
                };
            }
            Self::AxisValues(a) => d.axes[a].values = text,
            Self::AxisFrom(a) => d.axes[a].from = text,
            Self::AxisTo(a) => d.axes[a].to = text,
            Self::AxisPoints(a) => d.axes[a].points = text,
            Self::SeedMode => {
                d.seed_mode = if text == "list" {
                    SeedMode::List
                } else {
                    SeedMode::Range
                };
            }
            Self::SeedsCount => d.seeds_count = text,
            Self::SeedsFrom => d.seeds_from = text,
            Self::SeedsList => d.seeds_list = text,
            Self::Steps => d.steps = text,
            Self::BurnIn => d.burn_in = text,
        }
    }

    /// Whether the entry shows for this draft.
    #[must_use]
    pub fn shown(self, d: &PlanDraft) -> bool {
        let axis = |a: usize, mode: Option<AxisMode>| {
            d.axes[a].field.is_some() && mode.is_none_or(|mode| d.axes[a].mode == mode)
        };
        match self {
            Self::AxisMode(a) => axis(a, None),
            Self::AxisValues(a) => axis(a, Some(AxisMode::Values)),
            Self::AxisFrom(a) | Self::AxisTo(a) | Self::AxisPoints(a) => {
                axis(a, Some(AxisMode::Range))
            }
            Self::SeedsCount | Self::SeedsFrom => d.seed_mode == SeedMode::Range,
            Self::SeedsList => d.seed_mode == SeedMode::List,
            _ => true,
        }
    }

    /// A hint under the entry ("" for none).
    #[must_use]
    pub fn hint(self, d: &PlanDraft) -> String {
        match self {
            Self::Steps => model_time(&d.steps),
            Self::BurnIn => format!(
                "{} – gemessen wird jeder Zustand von diesem Schritt bis zum letzten.",
                model_time(&d.burn_in)
            ),
            _ => String::new(),
        }
    }
}

/// One entry of the form.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub id: &'static str,
    pub label: &'static str,
    pub kind: Kind,
    pub slot: Slot,
}

/// A group of entries under a legend.
#[derive(Debug, Clone)]
pub struct Group {
    pub legend: &'static str,
    pub entries: Vec<Entry>,
}

const PARAMETERS: &[(&str, &str)] = &[
    ("", "keiner"),
    ("count", "Anzahl"),
    ("radius", "Radius"),
    ("separation", "Abstand"),
    ("alignment", "Richtung"),
    ("cohesion", "Kohäsion"),
    ("max_speed", "Höchsttempo"),
];
const AXIS_MODES: &[(&str, &str)] = &[("range", "von … bis … in Punkten"), ("values", "als Liste")];
const SEED_MODES: &[(&str, &str)] = &[("range", "Anzahl ab einem Seed"), ("list", "als Liste")];
const DECIMAL: Kind = Kind::Text("decimal");
const NUMERIC: Kind = Kind::Text("numeric");

/// The model time of a typed number of steps, or nothing.
fn model_time(text: &str) -> String {
    parse_whole_number(text)
        .map(|steps| format!("= {} Modellzeit", format_model_time(steps)))
        .unwrap_or_default()
}

/// Sets an axis's parameter by its key ("" for none); a newly chosen
/// parameter starts from a first guess.
fn choose_parameter(axis: &mut AxisDraft, key: &str) {
    let chosen = ParamField::ALL
        .into_iter()
        .find(|field| *field != ParamField::Seed && field.key() == key);
    if chosen != axis.field {
        *axis = chosen.map_or_else(AxisDraft::none, AxisDraft::first_guess);
    }
}

fn entry(id: &'static str, label: &'static str, kind: Kind, slot: Slot) -> Entry {
    Entry {
        id,
        label,
        kind,
        slot,
    }
}

/// The entries of axis `a` (0 or 1), their ids starting with `id`.
fn axis_entries(a: usize, ids: [&'static str; 6]) -> Vec<Entry> {
    vec![
        entry(
            ids[0],
            "Parameter",
            Kind::Choice(PARAMETERS),
            Slot::AxisParameter(a),
        ),
        entry(ids[1], "Werte", Kind::Choice(AXIS_MODES), Slot::AxisMode(a)),
        entry(
            ids[2],
            "Werte, durch Semikolon getrennt",
            DECIMAL,
            Slot::AxisValues(a),
        ),
        entry(ids[3], "von", DECIMAL, Slot::AxisFrom(a)),
        entry(ids[4], "bis", DECIMAL, Slot::AxisTo(a)),
        entry(ids[5], "Punkte", NUMERIC, Slot::AxisPoints(a)),
    ]
}

/// The form's groups in order.
#[must_use]
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            legend: "Parameter aller Läufe (vorbelegt aus der Ansicht)",
            entries: vec![
                entry("study-base-count", "Anzahl", NUMERIC, Slot::Base(0)),
                entry("study-base-radius", "Radius", DECIMAL, Slot::Base(1)),
                entry("study-base-separation", "Abstand", DECIMAL, Slot::Base(2)),
                entry("study-base-alignment", "Richtung", DECIMAL, Slot::Base(3)),
                entry("study-base-cohesion", "Kohäsion", DECIMAL, Slot::Base(4)),
                entry(
                    "study-base-max_speed",
                    "Höchsttempo",
                    DECIMAL,
                    Slot::Base(5),
                ),
            ],
        },
        Group {
            legend: "Erste Achse (waagerecht im Diagramm)",
            entries: axis_entries(
                0,
                [
                    "study-axis1-param",
                    "study-axis1-mode",
                    "study-axis1-values",
                    "study-axis1-from",
                    "study-axis1-to",
                    "study-axis1-points",
                ],
            ),
        },
        Group {
            legend: "Zweite Achse (eine Linie je Wert)",
            entries: axis_entries(
                1,
                [
                    "study-axis2-param",
                    "study-axis2-mode",
                    "study-axis2-values",
                    "study-axis2-from",
                    "study-axis2-to",
                    "study-axis2-points",
                ],
            ),
        },
        Group {
            legend: "Seeds (Wiederholungen je Punkt)",
            entries: vec![
                entry(
                    "study-seeds-mode",
                    "Seeds angeben",
                    Kind::Choice(SEED_MODES),
                    Slot::SeedMode,
                ),
                entry("study-seeds-count", "Anzahl", NUMERIC, Slot::SeedsCount),
                entry("study-seeds-from", "ab Seed", NUMERIC, Slot::SeedsFrom),
                entry(
                    "study-seeds-list",
                    "Seeds, durch Semikolon getrennt",
                    NUMERIC,
                    Slot::SeedsList,
                ),
            ],
        },
        Group {
            legend: "Dauer und Messfenster",
            entries: vec![
                entry("study-steps", "Schritte je Lauf", NUMERIC, Slot::Steps),
                entry(
                    "study-burn-in",
                    "Einschwingen (Schritte ohne Messung)",
                    NUMERIC,
                    Slot::BurnIn,
                ),
            ],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Params;

    #[test]
    fn every_entry_reads_back_what_it_wrote_and_ids_are_unique() {
        let mut ids = std::collections::BTreeSet::new();
        for group in groups() {
            for entry in group.entries {
                assert!(ids.insert(entry.id), "{} twice", entry.id);
                let mut draft = PlanDraft::around(&Params::default());
                let value = match entry.kind {
                    Kind::Text(_) => "7".to_owned(),
                    Kind::Choice(options) => options[options.len() - 1].0.to_owned(),
                };
                entry.slot.write(&mut draft, value.clone());
                assert_eq!(entry.slot.read(&draft), value, "{}", entry.id);
            }
        }
    }

    #[test]
    fn the_choices_show_and_hide_their_entries() {
        let entry = |id: &str| {
            groups()
                .into_iter()
                .flat_map(|group| group.entries)
                .find(|entry| entry.id == id)
                .expect("an entry")
        };
        let mut draft = PlanDraft::around(&Params::default());
        assert!(entry("study-axis1-from").slot.shown(&draft));
        assert!(
            !entry("study-axis2-mode").slot.shown(&draft),
            "no second axis"
        );
        entry("study-axis2-param")
            .slot
            .write(&mut draft, "count".to_owned());
        assert_eq!(draft.axes[1], AxisDraft::first_guess(ParamField::Count));
        entry("study-axis2-mode")
            .slot
            .write(&mut draft, "values".to_owned());
        assert!(entry("study-axis2-values").slot.shown(&draft));
        assert!(!entry("study-axis2-to").slot.shown(&draft));
        // Choosing the same parameter again keeps what was typed.
        draft.axes[1].values = "1; 2".to_owned();
        entry("study-axis2-param")
            .slot
            .write(&mut draft, "count".to_owned());
        assert_eq!(draft.axes[1].values, "1; 2");
        entry("study-seeds-mode")
            .slot
            .write(&mut draft, "list".to_owned());
        assert!(entry("study-seeds-list").slot.shown(&draft));
        assert!(!entry("study-seeds-from").slot.shown(&draft));
        assert_eq!(
            entry("study-steps").slot.hint(&draft),
            "= 20,00\u{a0}s Modellzeit"
        );
    }
}
