//! The words for where the model computes: why the Web Workers cannot be
//! used, the notes the status shows about it, and the questions before a
//! long computation (a link's or „Gehe zu Schritt“'s way, a long job on
//! the main thread).

use super::{APP_UPDATED, IMPORT_NEEDS_WORKER, IMPORT_TIMED_OUT, UNREADABLE_FILE};
use crate::app::format::format_integer;
use crate::app::media::caption::EntryError;
use crate::app::platform::cores::{MAX_CORES, MIN_CORES};
use crate::app::platform::engine::WorkerFailure;
use crate::app::platform::state_reader::ImportFailure;
use crate::app::simulation::session::{EngineNote, Question};
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

/// The answers when the page would not answer meanwhile (the main thread).
pub const COMPUTE_ANYWAY: Answers = Answers {
    confirm: "Trotzdem rechnen",
    decline: "Abbrechen",
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

/// The answers to the session's question.
#[must_use]
pub fn answers(question: &Question) -> Answers {
    if question.main_thread_ms.is_some() {
        COMPUTE_ANYWAY
    } else {
        COMPUTE_NOW
    }
}

/// The session's question before a long way to a step or a long job on the
/// main thread.
#[must_use]
pub fn question(question: &Question) -> String {
    let mut words = Vec::new();
    if let Some(way) = question.way {
        words.push(way_cost(
            &format!("Der Weg zu Schritt {}", format_integer(way.target)),
            way.ms,
        ));
    }
    if let Some(ms) = question.main_thread_ms {
        words.push(format!(
            "Ohne Web Worker dauert ein Schritt hier etwa {}; die Seite reagiert in dieser Zeit nicht.",
            about(ms)
        ));
    }
    words.push(format!("{}?", answers(question).confirm));
    words.join(" ")
}

/// What the page says while the main thread computes a long job the user
/// accepted, estimated at `ms`.
#[must_use]
pub fn blocking(ms: f64) -> String {
    format!(
        "Ohne Web Worker rechnet die Seite jetzt etwa {} und reagiert so lange nicht.",
        about(ms)
    )
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
    use crate::app::simulation::session::ask::LongWay;

    #[test]
    fn the_questions_before_a_long_computation_in_german() {
        assert_eq!(
            link_question(5_700_000.0),
            "Dieser Link rechnet etwa 1\u{a0}h 35\u{a0}min. Jetzt rechnen?"
        );
        let way = LongWay {
            target: 100_000,
            ms: 5_700_000.0,
        };
        let long_way = Question {
            way: Some(way),
            main_thread_ms: None,
        };
        assert_eq!(
            question(&long_way),
            "Der Weg zu Schritt 100\u{202f}000 rechnet etwa 1\u{a0}h 35\u{a0}min. Jetzt rechnen?"
        );
        assert_eq!(answers(&long_way), COMPUTE_NOW);
        let main_thread = Question {
            way: None,
            main_thread_ms: Some(40_200.0),
        };
        assert_eq!(
            question(&main_thread),
            "Ohne Web Worker dauert ein Schritt hier etwa 40\u{a0}s; die Seite reagiert in dieser \
             Zeit nicht. Trotzdem rechnen?"
        );
        assert_eq!(answers(&main_thread), COMPUTE_ANYWAY);
        let both = Question {
            way: Some(way),
            main_thread_ms: Some(600.0),
        };
        assert_eq!(
            question(&both),
            "Der Weg zu Schritt 100\u{202f}000 rechnet etwa 1\u{a0}h 35\u{a0}min. Ohne Web Worker \
             dauert ein Schritt hier etwa 1\u{a0}s; die Seite reagiert in dieser Zeit nicht. \
             Trotzdem rechnen?"
        );
        assert_eq!(
            blocking(65_000.0),
            "Ohne Web Worker rechnet die Seite jetzt etwa 1\u{a0}min 5\u{a0}s und reagiert so lange nicht."
        );
    }
}
