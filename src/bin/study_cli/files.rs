//! The files of the study commands: the plan, results files to read, and
//! the `--output` file a study appends its rows to and resumes from.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write;

use boids_schwarm::model::study::{
    MAX_PLAN_BYTES, Plan, PlanError, PlanProblem, ResultsError, ResultsFile, results_header,
};
use boids_schwarm::texts::cli::{NO_FOLDER, OUTPUT_LOCKED, unwritable_file};
use boids_schwarm::texts::study::{OUTPUT_OLD_VERSION, plan_error, results_error};

use crate::cli_io::{Failure, ReadFailure, read_at_most, read_file};

/// Reads and checks a plan: only a regular file, too large ones refused
/// before reading.
pub fn read_plan(path: &str) -> Result<Plan, Failure> {
    let content = read_file(path, MAX_PLAN_BYTES as u64).map_err(|failure| {
        failure
            .failure(|bytes| {
                plan_error(&PlanError {
                    key: String::new(),
                    problem: PlanProblem::TooLarge {
                        bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
                    },
                })
            })
            .of_file(path)
    })?;
    Plan::parse(&content).map_err(|error| Failure::Refused(plan_error(&error)).of_file(path))
}

fn results_text(path: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes)
        .map_err(|_| Failure::Refused(results_error(&ResultsError::NotResults)).of_file(path))
}

/// A results file's read failure (results files have no size limit).
fn unread(path: &str, failure: ReadFailure) -> Failure {
    failure.failure(|_| String::new()).of_file(path)
}

/// Reads a results file (a last line without line break is left out); only
/// a regular file, whatever its size.
pub fn read_results(path: &str) -> Result<ResultsFile, Failure> {
    let bytes = read_file(path, u64::MAX).map_err(|failure| unread(path, failure))?;
    ResultsFile::parse(&results_text(path, bytes)?)
        .map_err(|error| Failure::Refused(results_error(&error)).of_file(path))
}

/// The `--output` file, open for appending rows and locked against every
/// other process's `--output` for as long as it is open.
pub struct Output {
    path: String,
    file: File,
}

impl Output {
    /// Opens `path` for `plan` and returns the rows it already holds, by
    /// run. The file is locked first (one handle for reading, the header and
    /// the rows, so nothing writes beside the lock): a file another study
    /// holds is refused untouched. A missing or empty file, or one that
    /// holds only the beginning of the two header lines (a process killed
    /// while writing them), is started anew; a file of another plan is
    /// refused, and so is one of results version 1 (new rows would not fit
    /// its columns); a last line without line break (cut off while being
    /// written) is removed, so its run is computed again.
    pub fn open(path: &str, plan: &Plan) -> Result<(Self, BTreeMap<u64, String>), Failure> {
        let file = open_locked(path)?;
        let unwritable =
            |error: std::io::Error| Failure::Io(unwritable_file(error.kind())).of_file(path);
        let content = read_at_most(&file, u64::MAX).map_err(|failure| unread(path, failure))?;
        let content = results_text(path, content)?;
        let mut output = Self {
            path: path.to_owned(),
            file,
        };
        let columns = plan.columns();
        let header = results_header(plan.id(), columns);
        if header.starts_with(&content) {
            output.file.set_len(0).map_err(unwritable)?;
            output.append(&header)?;
            return Ok((output, BTreeMap::new()));
        }
        let results = ResultsFile::parse(&content)
            .map_err(|error| Failure::Refused(results_error(&error)).of_file(path))?;
        results.check_plan(plan).map_err(|error| {
            Failure::Refused(match error {
                ResultsError::OtherPlan => {
                    "Die Datei enthält Ergebnisse eines anderen Plans; bitte eine andere Datei angeben."
                        .to_owned()
                }
                error => results_error(&error),
            })
            .of_file(path)
        })?;
        if results.columns != columns {
            return Err(Failure::Refused(OUTPUT_OLD_VERSION.to_owned()).of_file(path));
        }
        output
            .file
            .set_len(results.complete_bytes as u64)
            .map_err(unwritable)?;
        let done = results
            .rows
            .into_iter()
            .map(|(run, row)| (run, row.line))
            .collect();
        Ok((output, done))
    }

    /// Appends one row (with its line break) at once.
    pub fn append(&mut self, line: &str) -> Result<(), Failure> {
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|error| Failure::Io(unwritable_file(error.kind())).of_file(&self.path))
    }
}

/// Opens (or creates) a regular file for reading and appending and takes
/// its exclusive lock without waiting. A device or a pipe is refused before
/// opening (opening a pipe could wait for a writer for ever).
fn open_locked(path: &str) -> Result<File, Failure> {
    let not_a_file = || {
        ReadFailure::NotRegular
            .failure(|_| String::new())
            .of_file(path)
    };
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => return Err(not_a_file()),
        Err(error) if ReadFailure::of(&error) != ReadFailure::Missing => {
            return Err(unread(path, ReadFailure::of(&error)));
        }
        _ => {}
    }
    let unwritable =
        |error: std::io::Error| Failure::Io(unwritable_file(error.kind())).of_file(path);
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|error| {
            // A path that cannot name a file is a bad call (the same call
            // fails again); any other failure to create is the system's.
            if ReadFailure::of(&error) == ReadFailure::Missing {
                Failure::Refused(NO_FOLDER.to_owned()).of_file(path)
            } else {
                unwritable(error)
            }
        })?;
    // Replaced by something else between the look and the opening.
    if !file.metadata().map_err(unwritable)?.is_file() {
        return Err(not_a_file());
    }
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => {
            Err(Failure::Refused(OUTPUT_LOCKED.to_owned()).of_file(path))
        }
        Err(TryLockError::Error(error)) => Err(unwritable(error)),
    }
}
