//! Reading a state file in a worker, as a plain state machine: the worker
//! must first say it is ready (and of this build), then gets the file, then
//! answers with the checked state or why it refused it. Anything else (a
//! worker that cannot start, crashes, stays silent, answers what was not
//! asked, or belongs to another build) ends the reading with its own
//! [`ImportFailure`], never silence.

use super::ImportFailure;
use crate::model::Kinematics;
use crate::worker::messages::{DecodeError, FromWorker};

/// What the page must do next.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadingStep {
    /// Wait for the worker's next message.
    Wait,
    /// Post the file to the worker, then wait.
    PostFile,
    /// End the worker; the reading is over with this outcome.
    Finish(Result<Kinematics, ImportFailure>),
}

/// Where the reading stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reading {
    /// The worker is starting: its first message must be „ready“.
    #[default]
    Starting,
    /// The file was posted: the next message is the answer.
    Posted,
    /// Over.
    Done,
}

impl Reading {
    /// The worker's next message (or why it could not be read).
    pub fn message(&mut self, message: Result<FromWorker, DecodeError>) -> ReadingStep {
        let step = match (*self, message) {
            (Self::Done, _) => return ReadingStep::Wait,
            (_, Err(DecodeError::OtherBuild(_))) => {
                ReadingStep::Finish(Err(ImportFailure::OtherBuild))
            }
            (Self::Starting, Ok(FromWorker::Ready)) => {
                *self = Self::Posted;
                return ReadingStep::PostFile;
            }
            (Self::Posted, Ok(FromWorker::Imported(state))) => ReadingStep::Finish(Ok(state)),
            (Self::Posted, Ok(FromWorker::ImportRefused(why))) => {
                ReadingStep::Finish(Err(ImportFailure::Refused(why)))
            }
            _ => ReadingStep::Finish(Err(ImportFailure::Unreadable)),
        };
        *self = Self::Done;
        step
    }

    /// The worker could not start, crashed, or could not be posted to
    /// (`failure`), or stayed silent too long ([`ImportFailure::TimedOut`]).
    pub fn fail(&mut self, failure: ImportFailure) -> ReadingStep {
        if *self == Self::Done {
            return ReadingStep::Wait;
        }
        *self = Self::Done;
        ReadingStep::Finish(Err(failure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Params;
    use crate::worker::messages::Refusal;

    fn state() -> Kinematics {
        Kinematics::initial(&Params::default()).expect("valid params")
    }

    #[test]
    fn ready_then_the_file_then_the_state() {
        let mut reading = Reading::default();
        assert_eq!(
            reading.message(Ok(FromWorker::Ready)),
            ReadingStep::PostFile
        );
        assert_eq!(
            reading.message(Ok(FromWorker::Imported(state()))),
            ReadingStep::Finish(Ok(state()))
        );
        assert_eq!(reading, Reading::Done);
        // Nothing after the end.
        assert_eq!(reading.message(Ok(FromWorker::Ready)), ReadingStep::Wait);
        assert_eq!(reading.fail(ImportFailure::TimedOut), ReadingStep::Wait);
    }

    #[test]
    fn a_refused_file_says_why() {
        let mut reading = Reading::default();
        reading.message(Ok(FromWorker::Ready));
        assert_eq!(
            reading.message(Ok(FromWorker::ImportRefused("kein Zustand".to_owned()))),
            ReadingStep::Finish(Err(ImportFailure::Refused("kein Zustand".to_owned())))
        );
    }

    #[test]
    fn a_worker_of_another_build_is_refused_at_any_point() {
        for ready_first in [false, true] {
            let mut reading = Reading::default();
            if ready_first {
                reading.message(Ok(FromWorker::Ready));
            }
            assert_eq!(
                reading.message(Err(DecodeError::OtherBuild("0.0.0-alt".to_owned()))),
                ReadingStep::Finish(Err(ImportFailure::OtherBuild))
            );
        }
    }

    #[test]
    fn an_answer_out_of_turn_or_unreadable_ends_the_reading() {
        let out_of_turn = [
            (false, Ok(FromWorker::Imported(state()))),
            (true, Ok(FromWorker::Ready)),
            (true, Ok(FromWorker::Refused(Refusal::Unreadable))),
            (true, Err(DecodeError::NotAPacket)),
            (false, Err(DecodeError::UnknownKind("hallo".to_owned()))),
        ];
        for (ready_first, message) in out_of_turn {
            let mut reading = Reading::default();
            if ready_first {
                reading.message(Ok(FromWorker::Ready));
            }
            assert_eq!(
                reading.message(message),
                ReadingStep::Finish(Err(ImportFailure::Unreadable))
            );
        }
    }

    #[test]
    fn a_crash_or_silence_ends_the_reading_once() {
        let mut reading = Reading::default();
        reading.message(Ok(FromWorker::Ready));
        assert_eq!(
            reading.fail(ImportFailure::TimedOut),
            ReadingStep::Finish(Err(ImportFailure::TimedOut))
        );
        assert_eq!(
            reading.message(Ok(FromWorker::Imported(state()))),
            ReadingStep::Wait
        );
    }
}
