//! The words for where the model computes: why the Web Workers cannot be
//! used, the notes the status shows about it, and the question before a
//! link's long way to its step.

use super::{APP_UPDATED, IMPORT_NEEDS_WORKER, IMPORT_TIMED_OUT, UNREADABLE_FILE};
use crate::app::media::caption::EntryError;
use crate::app::platform::cores::{MAX_CORES, MIN_CORES};
use crate::app::platform::engine::WorkerFailure;
use crate::app::platform::state_reader::ImportFailure;
use crate::app::simulation::session::EngineNote;
use crate::app::study::estimate::format_duration;

/// The two answers to a question before a long computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answers {
    /// Computes it; the question ends with it („… Jetzt rechnen?“).
    pub confirm: &'static str,
    /// Computes nothing.
    pub decline: &'static str,
}

/// The answers when only time is at stake (a long way to a step).
pub const COMPUTE_NOW: Answers = Answers {
    confirm: "Jetzt rechnen",
    decline: "Nicht rechnen",
};

/// An estimated time for „etwa …“: at least „1 s“ („etwa unter 1 s“ says
/// nothing).
fn about(ms: f64) -> String {
    format_duration(ms.max(1000.0))
}

/// What a way costs: „Dieser Link rechnet etwa 1 h 35 min.“, `way` naming
/// it.
fn way_cost(way: &str, ms: f64) -> String {
    format!("{way} rechnet etwa {}.", about(ms))
}

/// The question before a link's way to its step, estimated at `ms`.
#[must_use]
pub fn link_question(ms: f64) -> String {
    format!("{} {}?", way_cost("Dieser Link", ms), COMPUTE_NOW.confirm)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_before_a_links_long_way_in_german() {
        assert_eq!(
            link_question(5_700_000.0),
            "Dieser Link rechnet etwa 1\u{a0}h 35\u{a0}min. Jetzt rechnen?"
        );
    }
}
