//! The words of the study page's notes.

use super::engine::{STUDY_WORKER_RESTARTED, study_cannot_start, study_workers_failed};
use crate::app::study::session::StudyNote;

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
    }
}
