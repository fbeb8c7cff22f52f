//! The words of the study page's notes.

use super::APP_UPDATED;
use super::engine::worker_failure;
use super::study::{mebibytes, over_bound};
use super::{label, param_error, study::plan_error};
use crate::app::format::format_integer;
use crate::app::platform::engine::WorkerFailure;
use crate::app::study::draft::{AxisPart, PlanFormError, WholeField};
use crate::app::study::estimate::WorkerCount;
use crate::app::study::session::StudyNote;
use crate::model::study::{OverBound, Plan};

/// The note for the study page.
#[must_use]
pub fn study_note(note: &StudyNote) -> String {
    match note {
        StudyNote::Damaged => "Ein Teil der gespeicherten Ergebnisse war beschädigt und wurde \
                               verworfen; diese Läufe werden neu berechnet."
            .to_owned(),
        StudyNote::StorageFull { needed } => format!(
            "Der Browser-Speicher ist voll oder gesperrt: Diese Studie braucht {}. Die \
             Ergebnisse bleiben erhalten, solange diese Seite offen ist – bitte „Ergebnisse \
             exportieren“, bevor Sie sie schließen.",
            stored_size(*needed)
        ),
        StudyNote::Unreadable => "Die gespeicherten Läufe dieser Studie ließen sich nicht lesen; \
                                  sie bleiben gespeichert. Bitte die Seite neu laden."
            .to_owned(),
        StudyNote::StorageUnavailable => "Dieser Browser erlaubt hier keinen dauerhaften Speicher \
                                          (IndexedDB fehlt, etwa im privaten Modus): Studien \
                                          bleiben nur erhalten, solange diese Seite offen ist – \
                                          bitte „Ergebnisse exportieren“, bevor Sie sie schließen."
            .to_owned(),
        StudyNote::CannotStart(why) => study_cannot_start(why),
        StudyNote::WorkersFailed(why) => study_workers_failed(why),
        StudyNote::WorkerRestarted => STUDY_WORKER_RESTARTED.to_owned(),
        StudyNote::BadRow { run } => format!(
            "Ein Web Worker lieferte für Lauf {run} ein falsches Ergebnis; die Studie wurde \
             angehalten."
        ),
        StudyNote::TooLarge(over) => page_over_bound(over),
        StudyNote::Elsewhere => STUDY_ELSEWHERE.to_owned(),
        StudyNote::OldResults => "Diese Studie ist im Ergebnisformat 1 einer früheren Version \
                                  gespeichert; es wurde nichts gerechnet. „Neu berechnen“ \
                                  rechnet alle Läufe im Format 2 neu."
            .to_owned(),
    }
}

/// A study kept from before results version 2: what it is and what
/// „Neu berechnen“ does.
pub const OLD_RESULTS: &str = "Diese Studie wurde mit einer früheren Version gerechnet                                (Ergebnisformat 1, ohne Binder-Kumulante). Sie wird so gezeigt                                und exportiert, wie sie ist; „Neu berechnen“ rechnet alle Läufe                                im Ergebnisformat 2 neu und ersetzt sie.";

/// A study another tab computes: started or deleted only there.
pub const STUDY_ELSEWHERE: &str = "Diese Studie rechnet gerade in einem anderen Tab dieses \
                                   Browsers; hier ist ihr Fortschritt zu sehen. Starten, \
                                   fortsetzen oder löschen lässt sie sich erst, wenn sie dort \
                                   fertig oder abgebrochen ist.";

/// The state of the open study while another tab computes it.
pub const ELSEWHERE_STATE: &str = "rechnet in einem anderen Tab";

/// A stored study's plan in a few words: its axes (parameter and number of
/// values), its seeds and its steps.
#[must_use]
pub fn stored_plan_summary(plan: &Plan) -> String {
    let mut parts: Vec<String> = plan
        .axes
        .iter()
        .map(|axis| format!("{} ({} Werte)", label(axis.field), axis.values.len()))
        .collect();
    if parts.is_empty() {
        parts.push("ohne Achse".to_owned());
    }
    let seeds = plan.seeds.len();
    parts.push(format!(
        "{seeds} {}",
        if seeds == 1 { "Seed" } else { "Seeds" }
    ));
    parts.push(format!("{} Schritte", format_integer(plan.steps)));
    parts.join(" × ")
}

/// A stored study's runs done: „12 von 55 Läufen“.
#[must_use]
pub fn stored_runs(done: u64, runs: u64) -> String {
    format!(
        "{} von {} Läufen",
        format_integer(done),
        format_integer(runs)
    )
}

/// A stored study's size in kB (1 000 bytes), at least 1.
#[must_use]
pub fn stored_size(bytes: u64) -> String {
    format!("{} kB", format_integer(bytes.div_ceil(1000).max(1)))
}

/// A plan whose one run needs more than the page's whole memory bound.
#[must_use]
pub fn page_over_bound(over: &OverBound) -> String {
    format!(
        "{} Weniger Schritte nach dem Einschwingen oder weniger Boids brauchen weniger.",
        over_bound(over)
    )
}

/// The memory the study's workers need at once, beside the size estimate:
/// `share` bytes per worker (its run's and its own), at most `bound` in all.
#[must_use]
pub fn study_memory(count: &WorkerCount, share: u64, bound: u64) -> String {
    if count.limited() {
        format!(
            "Speicher: Ein Lauf braucht mit seinem Web Worker bis zu {}; damit höchstens {} \
             belegt werden, rechnen nur {} statt {} Web Worker gleichzeitig.",
            mebibytes(share),
            mebibytes(bound),
            count.workers,
            count.wanted
        )
    } else {
        format!(
            "Speicher: bis zu {} ({} Web Worker zu je bis zu {}; höchstens {} erlaubt).",
            mebibytes(share.saturating_mul(u64::from(count.workers))),
            count.workers,
            mebibytes(share),
            mebibytes(bound)
        )
    }
}

/// What is typed wrong in the plan form.
#[must_use]
pub fn plan_form_error(error: &PlanFormError) -> String {
    let axis = |number: &usize, field| format!("Achse {number} ({})", label(field));
    match error {
        PlanFormError::Base(error) => param_error(error),
        PlanFormError::AxisValue {
            number,
            field,
            part,
            error,
        } => {
            let part = match part {
                AxisPart::Values => "Werte",
                AxisPart::From => "von",
                AxisPart::To => "bis",
            };
            format!("{}, {part}: {}", axis(number, *field), param_error(error))
        }
        PlanFormError::AxisEmpty { number, field } => format!(
            "{}: Bitte Werte angeben, durch Semikolon getrennt (Beispiel: 0; 0,5; 1).",
            axis(number, *field)
        ),
        PlanFormError::Whole { what, text } => {
            let name = match what {
                WholeField::Steps => "Schritte".to_owned(),
                WholeField::BurnIn => "Einschwingen".to_owned(),
                WholeField::SeedCount => "Anzahl der Seeds".to_owned(),
                WholeField::Points { number, field } => {
                    format!("{}, Punkte", axis(number, *field))
                }
            };
            if text.is_empty() {
                format!("{name}: Bitte eine ganze Zahl eingeben.")
            } else {
                format!("{name}: „{text}“ ist keine ganze Zahl ab 0.")
            }
        }
        PlanFormError::Seed { list, error } => format!(
            "{}: {}",
            if *list { "Seeds" } else { "Seeds ab" },
            param_error(error)
        ),
        PlanFormError::NoSeeds => "Seeds: Bitte mindestens einen Seed angeben.".to_owned(),
        PlanFormError::NoMeasures => "Maße: Bitte mindestens ein Maß wählen.".to_owned(),
        PlanFormError::Plan(error) => plan_error(error),
    }
}

/// Why a study cannot start its workers.
#[must_use]
pub fn study_cannot_start(failure: &WorkerFailure) -> String {
    match failure {
        WorkerFailure::OtherBuild => APP_UPDATED.to_owned(),
        failure => format!(
            "Die Studie braucht Web Worker, und der Browser startet keine ({}).",
            worker_failure(failure)
        ),
    }
}

/// Why a study's workers stopped.
#[must_use]
pub fn study_workers_failed(failure: &WorkerFailure) -> String {
    match failure {
        WorkerFailure::OtherBuild => APP_UPDATED.to_owned(),
        failure => format!(
            "Die Web Worker der Studie sind ausgefallen ({}). „Studie fortsetzen“ rechnet die \
             fehlenden Läufe.",
            worker_failure(failure)
        ),
    }
}

/// A study worker crashed and its run is computed again.
pub const STUDY_WORKER_RESTARTED: &str =
    "Ein Rechenkern ist abgestürzt und wurde neu gestartet; sein Lauf wird neu gerechnet.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_study_is_named_by_its_plan_runs_and_size() {
        let plan = Plan::parse(
            br#"{"format": "boids-schwarm-study", "version": 1,
                "sweep": [{"parameter": "alignment", "values": [0, 0.5, 1]}],
                "seeds": {"from": 1, "count": 5}, "steps": 1500, "burn_in": 0}"#,
        )
        .expect("valid plan");
        assert_eq!(
            stored_plan_summary(&plan),
            format!(
                "{} (3 Werte) × 5 Seeds × {} Schritte",
                label(plan.axes[0].field),
                format_integer(1500)
            )
        );
        assert_eq!(stored_runs(12, 55), "12 von 55 Läufen");
        assert_eq!(stored_size(1), "1 kB");
        assert_eq!(stored_size(12_345), "13 kB");
    }

    #[test]
    fn the_memory_beside_the_size_says_when_fewer_workers_run() {
        let share = 66_648_616 + (8 << 20);
        let fewer = WorkerCount {
            workers: 7,
            wanted: 16,
        };
        assert_eq!(
            study_memory(&fewer, share, 512 << 20),
            "Speicher: Ein Lauf braucht mit seinem Web Worker bis zu 71,6 MiB; damit höchstens \
             512 MiB belegt werden, rechnen nur 7 statt 16 Web Worker gleichzeitig."
        );
        let all = WorkerCount {
            workers: 2,
            wanted: 2,
        };
        assert_eq!(
            study_memory(&all, share, 512 << 20),
            "Speicher: bis zu 143,2 MiB (2 Web Worker zu je bis zu 71,6 MiB; höchstens 512 MiB \
             erlaubt)."
        );
        let over = OverBound {
            needs: share,
            bound: 64 << 20,
        };
        assert!(
            study_note(&StudyNote::TooLarge(over))
                .starts_with("Ein Lauf dieses Plans braucht bis zu 71,6 MiB Speicher, mehr als die Grenze von 64 MiB.")
        );
    }
}
