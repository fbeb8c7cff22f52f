//! What both halves of `boids-schwarm-cli` share about the process: the
//! arguments as text, a stdout that the reader may close early (`| head`),
//! and how an outcome becomes an exit code.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// Exit code of a bad call, plan or file (as the usual CLI convention).
pub const USAGE_ERROR: u8 = 2;

/// Why a command did not finish.
#[derive(Debug)]
pub enum Failure {
    /// A bad argument, plan or file: one German line for stderr.
    Refused(String),
    /// The reader of stdout has gone (a closed pipe): nothing more to say.
    OutputClosed,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self::Refused(message)
    }
}

/// The arguments after the program's name. One that is not UTF-8 (a
/// file name in another encoding, say) is refused, quoted as far as it reads.
pub fn arguments() -> Result<Vec<String>, Failure> {
    std::env::args_os()
        .skip(1)
        .map(|argument| {
            argument.into_string().map_err(|raw| {
                Failure::Refused(format!(
                    "Ein Argument ist kein gültiger Text (UTF-8): „{}“.",
                    boids_schwarm::texts::short(&raw.to_string_lossy())
                ))
            })
        })
        .collect()
}

/// Why a file could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFailure {
    Missing,
    /// A folder, a device such as `/dev/zero`, a pipe: possibly endless.
    NotRegular,
    Unreadable,
    /// More than the limit: the file's size, or the limit + 1 when it grew
    /// while being read.
    TooLarge(u64),
}

impl ReadFailure {
    /// The German sentence; `too_large` words the size (each file kind
    /// has its own limit and words).
    pub fn describe(self, too_large: impl FnOnce(u64) -> String) -> String {
        use boids_schwarm::texts;
        match self {
            Self::Missing => texts::MISSING_FILE.to_owned(),
            Self::NotRegular => texts::NOT_A_FILE.to_owned(),
            Self::Unreadable => texts::UNREADABLE_FILE.to_owned(),
            Self::TooLarge(bytes) => too_large(bytes),
        }
    }
}

/// Reads a regular file of at most `limit` bytes, never more: a device or
/// a pipe is refused before reading, a file larger than `limit` too, and
/// one that grows while being read is cut at `limit` + 1 and refused.
pub fn read_file(path: &str, limit: u64) -> Result<Vec<u8>, ReadFailure> {
    use std::io::Read;
    let failure = |error: std::io::Error| match error.kind() {
        ErrorKind::NotFound => ReadFailure::Missing,
        _ => ReadFailure::Unreadable,
    };
    let metadata = std::fs::metadata(path).map_err(failure)?;
    if !metadata.is_file() {
        return Err(ReadFailure::NotRegular);
    }
    if metadata.len() > limit {
        return Err(ReadFailure::TooLarge(metadata.len()));
    }
    let mut content = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(limit.saturating_add(1)).read_to_end(&mut content))
        .map_err(failure)?;
    if content.len() as u64 > limit {
        return Err(ReadFailure::TooLarge(content.len() as u64));
    }
    Ok(content)
}

/// What a failed write to stdout means: a closed pipe ends quietly,
/// anything else is said.
#[must_use]
pub fn output_failure(error: &std::io::Error) -> Failure {
    if error.kind() == ErrorKind::BrokenPipe {
        Failure::OutputClosed
    } else {
        Failure::Refused("Die Ausgabe konnte nicht geschrieben werden.".to_owned())
    }
}

/// Writes `text` to stdout at once.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|error| output_failure(&error))
}

/// The exit code of an outcome, after saying what went wrong. A closed
/// stdout is a reader that had enough, as `| head` does: success, silently.
#[must_use]
pub fn finish(program: &str, outcome: Result<(), Failure>) -> ExitCode {
    match outcome {
        Ok(()) | Err(Failure::OutputClosed) => ExitCode::SUCCESS,
        Err(Failure::Refused(message)) => {
            eprintln!("{program}: {message}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}
