//! The command line's own words about files and its output: what went
//! wrong while writing, and why an `--output` file is refused while another
//! process writes it.

use std::io::ErrorKind;

/// Why stdout could not take the output (a closed pipe is not said: the
/// reader had enough).
#[must_use]
pub fn output_failed(kind: ErrorKind) -> String {
    format!(
        "Die Ausgabe konnte nicht geschrieben werden{}.",
        reason(kind)
    )
}

/// Why a file could not be written.
#[must_use]
pub fn unwritable_file(kind: ErrorKind) -> String {
    format!("Die Datei konnte nicht geschrieben werden{}.", reason(kind))
}

/// Why a file could not be read, where the system says more than „could not“.
#[must_use]
pub fn unreadable_file(kind: ErrorKind) -> String {
    format!("Die Datei konnte nicht gelesen werden{}.", reason(kind))
}

/// An `--output` file that another process holds (its lock is taken).
pub const OUTPUT_LOCKED: &str = "Die Datei wird gerade von einem anderen Prozess beschrieben \
     (einer anderen Studie mit --output); bitte warten oder eine andere Datei angeben.";

/// An `--output` path whose folder is missing (or is no folder).
pub const NO_FOLDER: &str = "Die Datei kann dort nicht angelegt werden: Den Ordner gibt es nicht.";

/// The system's reason in a few German words, for the reasons a user can do
/// something about; nothing for the rest.
fn reason(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::StorageFull => ": Der Datenträger ist voll",
        ErrorKind::FileTooLarge => ": Die Datei wäre größer, als das System erlaubt",
        ErrorKind::PermissionDenied => ": Keine Berechtigung",
        ErrorKind::ReadOnlyFilesystem => ": Das Dateisystem ist schreibgeschützt",
        ErrorKind::QuotaExceeded => ": Das Kontingent ist erschöpft",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_given_where_the_user_can_act() {
        assert_eq!(
            output_failed(ErrorKind::StorageFull),
            "Die Ausgabe konnte nicht geschrieben werden: Der Datenträger ist voll."
        );
        assert_eq!(
            unwritable_file(ErrorKind::Other),
            "Die Datei konnte nicht geschrieben werden."
        );
        assert_eq!(
            unreadable_file(ErrorKind::PermissionDenied),
            "Die Datei konnte nicht gelesen werden: Keine Berechtigung."
        );
    }
}
