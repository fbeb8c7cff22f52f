//! The progress block's words (Leptos-free, tested natively): „12 von 55
//! Läufen“, what the study is doing, the bar's share, the elapsed time and
//! the time left.

use super::estimate::format_duration;
use super::runner::{Phase, Progress};
use crate::app::format::format_integer;

/// The progress line: „12 von 55 Läufen“, after a resumed start with how
/// many were kept and how many computed now.
#[must_use]
pub fn progress_line(p: &Progress) -> String {
    let mut text = format!(
        "{} von {} Läufen",
        format_integer(p.done),
        format_integer(p.total)
    );
    if p.phase != Phase::Ready && p.kept > 0 {
        text.push_str(&format!(
            " ({} gespeichert, {} neu gerechnet)",
            format_integer(p.kept),
            format_integer(p.computed)
        ));
    }
    text
}

/// What the study is doing, in words.
#[must_use]
pub fn state_words(p: &Progress) -> String {
    match p.phase {
        Phase::Ready if p.done > 0 => {
            "gespeichert – „Studie fortsetzen“ rechnet den Rest".to_owned()
        }
        Phase::Ready => "bereit".to_owned(),
        Phase::Running => format!("läuft auf {} Web Worker(n)", p.in_flight.max(1)),
        Phase::Stopped => "abgebrochen".to_owned(),
        Phase::Complete => "fertig".to_owned(),
    }
}

/// Elapsed time and time left, or "" before a start.
#[must_use]
pub fn times(p: &Progress) -> String {
    if p.elapsed_ms <= 0.0 {
        return String::new();
    }
    let left = match (p.phase, p.left_ms) {
        (Phase::Running, Some(left)) => format!(" · noch etwa {}", format_duration(left)),
        (Phase::Running, None) => " · Restzeit wird geschätzt …".to_owned(),
        _ => String::new(),
    };
    format!("Laufzeit {}{left}", format_duration(p.elapsed_ms))
}

/// How much of the study is done, in percent of its runs (the bar's width).
#[must_use]
pub fn done_percent(p: &Progress) -> f64 {
    100.0 * p.done as f64 / p.total.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn progress(phase: Phase, done: u64, kept: u64, left_ms: Option<f64>) -> Progress {
        Progress {
            phase,
            done,
            total: 55,
            in_flight: 2,
            kept,
            computed: done - kept,
            elapsed_ms: 12_400.0,
            left_ms,
        }
    }

    #[test]
    fn the_progress_in_words() {
        let running = progress(Phase::Running, 12, 0, Some(30_000.0));
        assert_eq!(progress_line(&running), "12 von 55 Läufen");
        assert_eq!(state_words(&running), "läuft auf 2 Web Worker(n)");
        assert_eq!(times(&running), "Laufzeit 12\u{a0}s · noch etwa 30\u{a0}s");
        let resumed = progress(Phase::Complete, 55, 20, None);
        assert_eq!(
            progress_line(&resumed),
            "55 von 55 Läufen (20 gespeichert, 35 neu gerechnet)"
        );
        assert_eq!(
            (state_words(&resumed).as_str(), times(&resumed).as_str()),
            ("fertig", "Laufzeit 12\u{a0}s")
        );
        let kept = Progress {
            elapsed_ms: 0.0,
            ..progress(Phase::Ready, 20, 20, None)
        };
        assert_eq!(
            progress_line(&kept),
            "20 von 55 Läufen",
            "before a start: no split"
        );
        assert!(state_words(&kept).contains("„Studie fortsetzen“"));
        assert_eq!(times(&kept), "");
        assert_eq!(format!("{:.1}", done_percent(&running)), "21.8");
        let empty = Progress {
            total: 0,
            ..progress(Phase::Ready, 0, 0, None)
        };
        assert_eq!(done_percent(&empty), 0.0, "no runs: an empty bar, not NaN");
    }
}
