//! The words for where the model computes: why the Web Workers cannot be
//! used, and the notes the status shows about it.

use super::{APP_UPDATED, IMPORT_NEEDS_WORKER, IMPORT_TIMED_OUT, UNREADABLE_FILE};
use crate::app::media::caption::EntryError;
use crate::app::platform::cores::{MAX_CORES, MIN_CORES};
use crate::app::platform::engine::WorkerFailure;
use crate::app::platform::state_reader::ImportFailure;
use crate::app::simulation::session::EngineNote;

/// Why the Web Workers cannot be used, as a phrase for parentheses.
#[must_use]
pub fn worker_failure(failure: &WorkerFailure) -> String {
    match failure {
        WorkerFailure::Refused(Some(why)) => why.clone(),
        WorkerFailure::Refused(None) => "der Browser lässt sie nicht zu".to_owned(),
        WorkerFailure::NotStarted => "sie sind nicht angelaufen".to_owned(),
        WorkerFailure::Crashed => "einer ist ausgefallen".to_owned(),
        WorkerFailure::NotDelivered => "eine Nachricht an sie ging nicht durch".to_owned(),
        WorkerFailure::RequestRefused => "einer hat eine Nachricht nicht verstanden".to_owned(),
        WorkerFailure::Unusable => "ihre Antworten waren wiederholt unbrauchbar".to_owned(),
        WorkerFailure::OtherBuild => "sie gehören zu einer anderen Version der App".to_owned(),
    }
}

/// The status's note about where the model computes.
#[must_use]
pub fn engine_note(note: &EngineNote) -> String {
    match note {
        EngineNote::WorkerRestarted => {
            "Ein Rechenkern ist abgestürzt und wurde neu gestartet.".to_owned()
        }
        EngineNote::MainThread(WorkerFailure::OtherBuild) | EngineNote::OtherBuild => {
            APP_UPDATED.to_owned()
        }
        EngineNote::MainThread(failure) => format!(
            "Web Worker stehen nicht zur Verfügung ({}). Das Modell rechnet im Hauptthread: \
             große Schwärme können die Seite verlangsamen.",
            worker_failure(failure)
        ),
    }
}

/// Why „Zustand laden“ failed.
#[must_use]
pub fn import_failure(failure: &ImportFailure) -> String {
    match failure {
        ImportFailure::NeedsWorker => IMPORT_NEEDS_WORKER.to_owned(),
        ImportFailure::TimedOut => IMPORT_TIMED_OUT.to_owned(),
        ImportFailure::Unreadable => UNREADABLE_FILE.to_owned(),
        ImportFailure::OtherBuild => APP_UPDATED.to_owned(),
        ImportFailure::Refused(why) => why.clone(),
    }
}

/// Why „Rechenkerne“ is not a valid entry.
#[must_use]
pub fn cores_error(error: &EntryError) -> String {
    match error {
        EntryError::Empty => "Bitte einen Wert für Rechenkerne eingeben.".to_owned(),
        EntryError::NotWhole(_) | EntryError::OutOfRange => {
            format!("Rechenkerne muss eine ganze Zahl von {MIN_CORES} bis {MAX_CORES} sein.")
        }
    }
}
