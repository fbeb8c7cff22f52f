//! Quoting in a message what a user or a file gave: control characters
//! written as escapes, so none reaches the terminal (no colours, no cursor
//! moves, no second line under a one-line message), and long text cut, so
//! a message never repeats a huge input.

use crate::model::QUOTED_CHARS;

/// The most characters of a file's path a message shows: far more than
/// any path a person types, far fewer than an argument may hold.
const PATH_CHARS: usize = 200;

/// At most a few dozen characters of what a user or a file gave, escaped,
/// with „…“ where it was cut.
#[must_use]
pub fn short(text: &str) -> String {
    cut(text, QUOTED_CHARS)
}

/// A file's path as it was given, escaped; cut only when far longer than
/// a path.
#[must_use]
pub fn file_name(path: &str) -> String {
    cut(path, PATH_CHARS)
}

/// `text` with every control character written as its Rust escape (`\n`,
/// `\u{1b}`), never cut: for text that is already short.
#[must_use]
pub fn escaped(text: &str) -> String {
    cut(text, usize::MAX)
}

/// The escaped text up to `limit` characters; an escape is never split, and
/// „…“ marks a cut.
fn cut(text: &str, limit: usize) -> String {
    let mut quoted = String::new();
    let mut shown = 0usize;
    for c in text.chars() {
        let piece: String = if c.is_control() {
            c.escape_debug().collect()
        } else {
            c.to_string()
        };
        let width = piece.chars().count();
        if shown.saturating_add(width) > limit {
            quoted.push('…');
            return quoted;
        }
        shown += width;
        quoted.push_str(&piece);
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            short("a\nb\tc\u{1b}[2J\u{7f}\u{9b}"),
            "a\\nb\\tc\\u{1b}[2J\\u{7f}\\u{9b}"
        );
        assert_eq!(escaped("Zeile\r\n"), "Zeile\\r\\n");
        // Ordinary text, quotes and backslashes stay as they are.
        assert_eq!(short("„Größe“ \\ 'x' \"y\""), "„Größe“ \\ 'x' \"y\"");
    }

    #[test]
    fn long_text_is_cut_after_the_limit_never_inside_an_escape() {
        let forty = "x".repeat(40);
        assert_eq!(short(&forty), forty);
        assert_eq!(short(&format!("{forty}y")), format!("{forty}…"));
        let almost = format!("{}\u{1b}", "x".repeat(36));
        assert_eq!(short(&almost), format!("{}…", "x".repeat(36)));
        let path = format!("/{}", "d".repeat(1000));
        assert_eq!(file_name(&path).chars().count(), 201);
        assert_eq!(file_name("/tmp/a\nb.csv"), "/tmp/a\\nb.csv");
    }
}
