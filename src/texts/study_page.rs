//! The words of the study page's notes.

use super::APP_UPDATED;
use super::engine::worker_failure;
use super::study::{mebibytes, over_bound};
use super::{label, param_error, study::plan_error};
use crate::app::platform::engine::WorkerFailure;
use crate::app::study::draft::{AxisPart, PlanFormError, WholeField};
use crate::app::study::estimate::WorkerCount;
use crate::app::study::session::StudyNote;
use crate::model::study::OverBound;

/// The note for the study page.
#[must_use]
pub fn study_note(note: &StudyNote) -> String {
    match note {
        StudyNote::Damaged => "Ein Teil der gespeicherten Ergebnisse war beschädigt und wurde \
                               verworfen; diese Läufe werden neu berechnet."
            .to_owned(),
        StudyNote::StorageFull => "Der Browser-Speicher ist voll oder gesperrt: Die Ergebnisse \
                                   bleiben erhalten, solange diese Seite offen ist – bitte \
                                   „Ergebnisse exportieren“, bevor Sie sie schließen."
            .to_owned(),
        StudyNote::CannotStart(why) => study_cannot_start(why),
        StudyNote::WorkersFailed(why) => study_workers_failed(why),
        StudyNote::WorkerRestarted => STUDY_WORKER_RESTARTED.to_owned(),
        StudyNote::BadRow { run } => format!(
            "Ein Web Worker lieferte für Lauf {run} ein falsches Ergebnis; die Studie wurde \
             angehalten."
        ),
        StudyNote::TooLarge(over) => page_over_bound(over),
    }
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
