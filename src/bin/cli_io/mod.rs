//! What both halves of `boids-schwarm-cli` share about the process: the
//! arguments as text, a stdout that the reader may close early (`| head`),
//! and how an outcome becomes an exit code.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use boids_schwarm::texts;

/// Exit code of a failed read or write (a full disk, an unreadable file):
/// the call was right, trying again may work.
pub const IO_ERROR: u8 = 1;
/// Exit code of a bad call, plan or file (as the usual CLI convention):
/// the same call fails again.
pub const USAGE_ERROR: u8 = 2;

/// Why a command did not finish.
#[derive(Debug)]
pub enum Failure {
    /// A bad argument, plan or file: one German line for stderr.
    Refused(String),
    /// Reading or writing failed where the call itself was right: one
    /// German line for stderr.
    Io(String),
    /// The reader of stdout has gone (a closed pipe): nothing more to say.
    OutputClosed,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self::Refused(message)
    }
}

impl Failure {
    /// The same failure with its message after the file's path (escaped
    /// and cut like everything a message quotes).
    #[must_use]
    pub fn of_file(self, path: &str) -> Self {
        self.about(&texts::file_name(path))
    }

    /// The same failure with its message after `prefix`.
    #[must_use]
    pub fn about(self, prefix: &str) -> Self {
        match self {
            Self::Refused(message) => Self::Refused(format!("{prefix}: {message}")),
            Self::Io(message) => Self::Io(format!("{prefix}: {message}")),
            Self::OutputClosed => Self::OutputClosed,
        }
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
                    texts::short(&raw.to_string_lossy())
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
    /// The system refused or failed to read it.
    Unreadable(ErrorKind),
    /// More than the limit: the file's size, or the limit + 1 when it grew
    /// while being read.
    TooLarge(u64),
}

impl ReadFailure {
    /// The failure with its German sentence; `too_large` words the size
    /// (each file kind has its own limit and words). A file that is not
    /// there or not a file is a bad call; one the system could not read is
    /// an I/O failure.
    pub fn failure(self, too_large: impl FnOnce(u64) -> String) -> Failure {
        match self {
            Self::Missing => Failure::Refused(texts::MISSING_FILE.to_owned()),
            Self::NotRegular => Failure::Refused(texts::NOT_A_FILE.to_owned()),
            Self::Unreadable(kind) => Failure::Io(texts::cli::unreadable_file(kind)),
            Self::TooLarge(bytes) => Failure::Refused(too_large(bytes)),
        }
    }

    /// How a failed open or read is counted: a path that cannot name a
    /// file (a missing folder, a file used as a folder, a name too long) is
    /// as missing as a missing file.
    #[must_use]
    pub fn of(error: &std::io::Error) -> Self {
        match error.kind() {
            ErrorKind::NotFound | ErrorKind::NotADirectory | ErrorKind::InvalidFilename => {
                Self::Missing
            }
            kind => Self::Unreadable(kind),
        }
    }
}

/// Reads a regular file of at most `limit` bytes, never more: a device or
/// a pipe is refused before reading, a file larger than `limit` too, and
/// one that grows while being read is cut at `limit` + 1 and refused.
pub fn read_file(path: &str, limit: u64) -> Result<Vec<u8>, ReadFailure> {
    let metadata = std::fs::metadata(path).map_err(|error| ReadFailure::of(&error))?;
    if !metadata.is_file() {
        return Err(ReadFailure::NotRegular);
    }
    if metadata.len() > limit {
        return Err(ReadFailure::TooLarge(metadata.len()));
    }
    let file = std::fs::File::open(path).map_err(|error| ReadFailure::of(&error))?;
    read_at_most(file, limit)
}

/// Reads `source` to its end, at most `limit` bytes (one more means too large).
pub fn read_at_most(source: impl std::io::Read, limit: u64) -> Result<Vec<u8>, ReadFailure> {
    use std::io::Read;
    let mut content = Vec::new();
    source
        .take(limit.saturating_add(1))
        .read_to_end(&mut content)
        .map_err(|error| ReadFailure::of(&error))?;
    if content.len() as u64 > limit {
        return Err(ReadFailure::TooLarge(content.len() as u64));
    }
    Ok(content)
}

/// What a failed write to stdout means: a closed pipe ends quietly,
/// anything else (a full disk) is an I/O failure.
#[must_use]
pub fn output_failure(error: &std::io::Error) -> Failure {
    if error.kind() == ErrorKind::BrokenPipe {
        Failure::OutputClosed
    } else {
        Failure::Io(texts::cli::output_failed(error.kind()))
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
    let (message, code) = match outcome {
        Ok(()) | Err(Failure::OutputClosed) => return ExitCode::SUCCESS,
        Err(Failure::Refused(message)) => (message, USAGE_ERROR),
        Err(Failure::Io(message)) => (message, IO_ERROR),
    };
    // stderr may be gone too; the exit code still tells.
    let _ = writeln!(std::io::stderr(), "{program}: {message}");
    ExitCode::from(code)
}
