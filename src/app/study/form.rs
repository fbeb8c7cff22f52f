//! The plan form's entries as a table (Leptos-free, tested natively): each
//! entry's id, label, how to read and write it in the [`PlanDraft`], when it
//! shows and its hint. The page draws every entry with the same few lines
//! of view code: one view per entry kind instead of one per field keeps the
//! app's wasm small.

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

/// One entry of the form.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub id: &'static str,
    pub label: &'static str,
    pub kind: Kind,
    /// The entry's text (a choice: its value).
    pub read: fn(&PlanDraft) -> String,
    /// Takes what was typed or chosen.
    pub write: fn(&mut PlanDraft, String),
    /// Whether it shows for this draft.
    pub shown: fn(&PlanDraft) -> bool,
    /// A hint under it ("" for none).
    pub hint: fn(&PlanDraft) -> String,
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

fn always(_: &PlanDraft) -> bool {
    true
}

fn no_hint(_: &PlanDraft) -> String {
    String::new()
}

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

fn axis_mode(axis: &AxisDraft) -> String {
    match axis.mode {
        AxisMode::Range => "range".to_owned(),
        AxisMode::Values => "values".to_owned(),
    }
}

fn set_axis_mode(axis: &mut AxisDraft, value: &str) {
    axis.mode = if value == "values" {
        AxisMode::Values
    } else {
        AxisMode::Range
    };
}

/// The entries of a base parameter (index into `PlanDraft::base`).
macro_rules! base_entry {
    ($index:literal, $id:literal, $label:literal, $mode:literal) => {
        Entry {
            id: $id,
            label: $label,
            kind: Kind::Text($mode),
            read: |d| d.base[$index].clone(),
            write: |d, t| d.base[$index] = t,
            shown: always,
            hint: no_hint,
        }
    };
}

/// The entries of axis `$a` (0 or 1), their ids starting with `$id`.
macro_rules! axis_entries {
    ($a:literal, $id:literal) => {
        vec![
            Entry {
                id: concat!($id, "-param"),
                label: "Parameter",
                kind: Kind::Choice(PARAMETERS),
                read: |d| d.axes[$a].field.map_or("", ParamField::key).to_owned(),
                write: |d, t| choose_parameter(&mut d.axes[$a], &t),
                shown: always,
                hint: no_hint,
            },
            Entry {
                id: concat!($id, "-mode"),
                label: "Werte",
                kind: Kind::Choice(AXIS_MODES),
                read: |d| axis_mode(&d.axes[$a]),
                write: |d, t| set_axis_mode(&mut d.axes[$a], &t),
                shown: |d| d.axes[$a].field.is_some(),
                hint: no_hint,
            },
            Entry {
                id: concat!($id, "-values"),
                label: "Werte, durch Semikolon getrennt",
                kind: Kind::Text("decimal"),
                read: |d| d.axes[$a].values.clone(),
                write: |d, t| d.axes[$a].values = t,
                shown: |d| d.axes[$a].field.is_some() && d.axes[$a].mode == AxisMode::Values,
                hint: no_hint,
            },
            Entry {
                id: concat!($id, "-from"),
                label: "von",
                kind: Kind::Text("decimal"),
                read: |d| d.axes[$a].from.clone(),
                write: |d, t| d.axes[$a].from = t,
                shown: |d| d.axes[$a].field.is_some() && d.axes[$a].mode == AxisMode::Range,
                hint: no_hint,
            },
            Entry {
                id: concat!($id, "-to"),
                label: "bis",
                kind: Kind::Text("decimal"),
                read: |d| d.axes[$a].to.clone(),
                write: |d, t| d.axes[$a].to = t,
                shown: |d| d.axes[$a].field.is_some() && d.axes[$a].mode == AxisMode::Range,
                hint: no_hint,
            },
            Entry {
                id: concat!($id, "-points"),
                label: "Punkte",
                kind: Kind::Text("numeric"),
                read: |d| d.axes[$a].points.clone(),
                write: |d, t| d.axes[$a].points = t,
                shown: |d| d.axes[$a].field.is_some() && d.axes[$a].mode == AxisMode::Range,
                hint: no_hint,
            },
        ]
    };
}

/// The form's groups in order.
#[must_use]
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            legend: "Parameter aller Läufe (vorbelegt aus der Ansicht)",
            entries: vec![
                base_entry!(0, "study-base-count", "Anzahl", "numeric"),
                base_entry!(1, "study-base-radius", "Radius", "decimal"),
                base_entry!(2, "study-base-separation", "Abstand", "decimal"),
                base_entry!(3, "study-base-alignment", "Richtung", "decimal"),
                base_entry!(4, "study-base-cohesion", "Kohäsion", "decimal"),
                base_entry!(5, "study-base-max_speed", "Höchsttempo", "decimal"),
            ],
        },
        Group {
            legend: "Erste Achse (waagerecht im Diagramm)",
            entries: axis_entries!(0, "study-axis1"),
        },
        Group {
            legend: "Zweite Achse (eine Linie je Wert)",
            entries: axis_entries!(1, "study-axis2"),
        },
        Group {
            legend: "Seeds (Wiederholungen je Punkt)",
            entries: vec![
                Entry {
                    id: "study-seeds-mode",
                    label: "Seeds angeben",
                    kind: Kind::Choice(SEED_MODES),
                    read: |d| {
                        if d.seed_mode == SeedMode::List {
                            "list"
                        } else {
                            "range"
                        }
                        .to_owned()
                    },
                    write: |d, t| {
                        d.seed_mode = if t == "list" {
                            SeedMode::List
                        } else {
                            SeedMode::Range
                        };
                    },
                    shown: always,
                    hint: no_hint,
                },
                Entry {
                    id: "study-seeds-count",
                    label: "Anzahl",
                    kind: Kind::Text("numeric"),
                    read: |d| d.seeds_count.clone(),
                    write: |d, t| d.seeds_count = t,
                    shown: |d| d.seed_mode == SeedMode::Range,
                    hint: no_hint,
                },
                Entry {
                    id: "study-seeds-from",
                    label: "ab Seed",
                    kind: Kind::Text("numeric"),
                    read: |d| d.seeds_from.clone(),
                    write: |d, t| d.seeds_from = t,
                    shown: |d| d.seed_mode == SeedMode::Range,
                    hint: no_hint,
                },
                Entry {
                    id: "study-seeds-list",
                    label: "Seeds, durch Semikolon getrennt",
                    kind: Kind::Text("numeric"),
                    read: |d| d.seeds_list.clone(),
                    write: |d, t| d.seeds_list = t,
                    shown: |d| d.seed_mode == SeedMode::List,
                    hint: no_hint,
                },
            ],
        },
        Group {
            legend: "Dauer und Messfenster",
            entries: vec![
                Entry {
                    id: "study-steps",
                    label: "Schritte je Lauf",
                    kind: Kind::Text("numeric"),
                    read: |d| d.steps.clone(),
                    write: |d, t| d.steps = t,
                    shown: always,
                    hint: |d| model_time(&d.steps),
                },
                Entry {
                    id: "study-burn-in",
                    label: "Einschwingen (Schritte ohne Messung)",
                    kind: Kind::Text("numeric"),
                    read: |d| d.burn_in.clone(),
                    write: |d, t| d.burn_in = t,
                    shown: always,
                    hint: |d| {
                        format!(
                            "{} – gemessen wird jeder Zustand von diesem Schritt bis zum letzten.",
                            model_time(&d.burn_in)
                        )
                    },
                },
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
                (entry.write)(&mut draft, value.clone());
                assert_eq!((entry.read)(&draft), value, "{}", entry.id);
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
        assert!((entry("study-axis1-from").shown)(&draft));
        assert!(!(entry("study-axis2-mode").shown)(&draft), "no second axis");
        (entry("study-axis2-param").write)(&mut draft, "count".to_owned());
        assert_eq!(draft.axes[1], AxisDraft::first_guess(ParamField::Count));
        (entry("study-axis2-mode").write)(&mut draft, "values".to_owned());
        assert!((entry("study-axis2-values").shown)(&draft));
        assert!(!(entry("study-axis2-to").shown)(&draft));
        // Choosing the same parameter again keeps what was typed.
        draft.axes[1].values = "1; 2".to_owned();
        (entry("study-axis2-param").write)(&mut draft, "count".to_owned());
        assert_eq!(draft.axes[1].values, "1; 2");
        (entry("study-seeds-mode").write)(&mut draft, "list".to_owned());
        assert!((entry("study-seeds-list").shown)(&draft));
        assert!(!(entry("study-seeds-from").shown)(&draft));
        assert_eq!(
            (entry("study-steps").hint)(&draft),
            "= 20,00\u{a0}s Modellzeit"
        );
    }
}
