//! The words of „Struktur und Korrelation“ on the table page: what the
//! correlation length is for a result, the charts' descriptions for screen
//! readers, and why nothing was computed.

use super::CORRELATIONS_NEED_TWO;
use super::engine::worker_failure;
use crate::app::correlations::work::{CorrelationNote, CorrelationResult};
use crate::app::format::format_integer;
use crate::app::view::correlation_chart::{format_xi, number};
use crate::model::separation_radius;

/// ξ in words: where C first falls to zero, or why there is no ξ.
#[must_use]
pub fn correlation_length(result: &CorrelationResult) -> String {
    let correlations = &result.correlations;
    if let Some(xi) = correlations.correlation_length {
        return format!(
            "Korrelationslänge ξ ≈ {} LE: Bis zu diesem Abstand weichen Boids eher gemeinsam \
             vom mittleren Flug des Schwarms ab; hier fällt C auf null.",
            format_xi(xi)
        );
    }
    if correlations.pairs.iter().all(|&pairs| pairs == 0) {
        "Kein Paar von Boids ist näher als 4,2 LE: C und die Korrelationslänge ξ sind nicht \
         bestimmt."
            .to_owned()
    } else if result.spread == 0.0 {
        "Alle Boids haben genau dieselbe Geschwindigkeit (s² = 0): C ist nicht definiert, und \
         eine Korrelationslänge ξ gibt es nicht."
            .to_owned()
    } else {
        "C fällt bis 4,2 LE nie auf null: Die Korrelationslänge ξ ist größer als der gemessene \
         Bereich und hier nicht bestimmt."
            .to_owned()
    }
}

/// The g chart for screen readers: what it shows and the marks.
#[must_use]
pub fn pair_correlation_description(result: &CorrelationResult) -> String {
    let radius = result.mark.radius;
    format!(
        "Paarkorrelation g über dem Abstand r von 0 bis 4,2 LE bei Schritt {}; 1 hieße \
         zufällig verteilt. Markiert sind 0,35 · r = {} LE, der Abstand der Abstandsregel, und \
         der Radius r = {} LE.",
        format_integer(result.mark.step),
        number(separation_radius(radius)),
        number(radius)
    )
}

/// The C chart for screen readers: what it shows and ξ.
#[must_use]
pub fn velocity_correlation_description(result: &CorrelationResult) -> String {
    format!(
        "Geschwindigkeitskorrelation C über dem Abstand r bei Schritt {}. {}",
        format_integer(result.mark.step),
        correlation_length(result)
    )
}

/// Why nothing was computed.
#[must_use]
pub fn note(note: &CorrelationNote) -> String {
    match note {
        CorrelationNote::NeedTwo => CORRELATIONS_NEED_TWO.to_owned(),
        CorrelationNote::CannotStart(why) => format!(
            "Die Web Worker für die Korrelationen konnten nicht starten ({}): Es wurde nichts \
             berechnet.",
            worker_failure(why)
        ),
        CorrelationNote::WorkersFailed(why) => format!(
            "Die Berechnung wurde abgebrochen, weil die Web Worker ausgefallen sind ({}). \
             „Berechnen“ versucht es noch einmal.",
            worker_failure(why)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::correlations::work::StateMark;
    use crate::app::platform::engine::WorkerFailure;
    use crate::model::{CORRELATION_BINS, Correlations};

    fn result(c: [Option<f64>; CORRELATION_BINS], pairs: u64, spread: f64) -> CorrelationResult {
        let correlations = Correlations {
            count: 10,
            pairs: [pairs; CORRELATION_BINS],
            pair_correlation: [1.0; CORRELATION_BINS],
            velocity_correlation: c,
            correlation_length: crate::model::correlation_length(&c),
        };
        CorrelationResult {
            mark: StateMark {
                version: 1,
                step: 12_345,
                radius: 1.2,
            },
            spread,
            correlations,
        }
    }

    #[test]
    fn the_correlation_length_or_why_there_is_none() {
        let mut falling = [Some(0.5); CORRELATION_BINS];
        falling[16] = Some(-0.5);
        // Between the centres 0,775 and 0,825: at 0,8.
        assert!(
            correlation_length(&result(falling, 3, 1.0))
                .starts_with("Korrelationslänge ξ ≈ 0,80 LE: ")
        );
        assert!(
            correlation_length(&result([Some(0.5); CORRELATION_BINS], 3, 1.0))
                .starts_with("C fällt bis 4,2 LE nie auf null")
        );
        assert!(
            correlation_length(&result([None; CORRELATION_BINS], 3, 0.0))
                .starts_with("Alle Boids haben genau dieselbe Geschwindigkeit (s² = 0)")
        );
        assert!(
            correlation_length(&result([None; CORRELATION_BINS], 0, 1.0))
                .starts_with("Kein Paar von Boids ist näher als 4,2 LE")
        );
    }

    #[test]
    fn the_charts_are_described_in_words() {
        let mut falling = [Some(0.5); CORRELATION_BINS];
        falling[0] = None;
        falling[16] = Some(-0.5);
        let result = result(falling, 3, 1.0);
        assert_eq!(
            pair_correlation_description(&result),
            "Paarkorrelation g über dem Abstand r von 0 bis 4,2 LE bei Schritt 12\u{202f}345; \
             1 hieße zufällig verteilt. Markiert sind 0,35 · r = 0,42 LE, der Abstand der \
             Abstandsregel, und der Radius r = 1,2 LE."
        );
        assert!(
            velocity_correlation_description(&result).starts_with(
                "Geschwindigkeitskorrelation C über dem Abstand r bei Schritt 12\u{202f}345. \
                 Korrelationslänge ξ ≈ 0,80 LE"
            ),
            "{}",
            velocity_correlation_description(&result)
        );
    }

    #[test]
    fn notes_in_german() {
        assert_eq!(note(&CorrelationNote::NeedTwo), CORRELATIONS_NEED_TWO);
        assert!(
            note(&CorrelationNote::CannotStart(WorkerFailure::NotStarted))
                .contains("(sie sind nicht angelaufen)")
        );
        assert!(
            note(&CorrelationNote::WorkersFailed(WorkerFailure::Crashed))
                .contains("(einer ist ausgefallen)")
        );
    }
}
