//! The German messages of a study (SPEC §8): one sentence per problem of a
//! plan, a results file or a merge. A plan's message starts with the key it
//! is about, as written in the plan, with axis and list positions counted
//! from 0 in brackets: `sweep[1].points: muss eine ganze Zahl von 2 bis
//! 10 000 sein.`

use super::{file_name, german_number, range_message, short};
use crate::model::study::{
    MAX_RUNS, MergeError, OverBound, PLAN_FORMAT, PLAN_VERSION, PlanError, PlanProblem,
    ResultsError,
};
use crate::model::{Measure, ParamField};

/// An integer as the messages show it: digits grouped from 10 000 on.
fn count(value: u64) -> String {
    german_number(&value.to_string(), Some(' '))
}

/// A parameter value with a decimal comma.
fn decimal(value: f64) -> String {
    german_number(&value.to_string(), None)
}

/// The key of the list entry at `position` beside `key` (`seeds[3]` → `seeds[1]`).
fn sibling(key: &str, position: usize) -> String {
    let start = key.rfind('[').unwrap_or(key.len());
    format!("{}[{position}]", &key[..start])
}

/// The parameters an axis may sweep, as a list in words.
fn sweepable() -> String {
    let keys: Vec<&str> = ParamField::ALL
        .into_iter()
        .filter(|&field| field != ParamField::Seed)
        .map(ParamField::key)
        .collect();
    let (last, rest) = keys.split_last().expect("parameters exist");
    format!("{} oder {last}", rest.join(", "))
}

/// The message for a rejected plan: `<key>: <what is wrong>`, or one
/// sentence about the whole file.
#[must_use]
pub fn plan_error(error: &PlanError) -> String {
    // The key is the plan's own text: a file may put anything there.
    let key = &short(&error.key);
    let problem = match &error.problem {
        PlanProblem::TooLarge { bytes } => {
            return format!(
                "Der Plan ist zu groß ({} Bytes; höchstens 1 MiB).",
                count(*bytes as u64)
            );
        }
        PlanProblem::NotJson { line, column } => {
            return format!(
                "Der Plan ist kein gültiges JSON (Fehler in Zeile {line}, Spalte {column})."
            );
        }
        PlanProblem::RepeatedKey { name, line, column } => {
            return format!(
                "Der Schlüssel „{}“ steht zweimal im selben Objekt (Zeile {line}, Spalte {column}).",
                short(name)
            );
        }
        PlanProblem::NotAnObject if key.is_empty() => {
            return "Der Plan muss ein JSON-Objekt sein ({ … }).".to_owned();
        }
        PlanProblem::TooManyRuns { runs } => {
            return format!(
                "Der Plan ergibt {} Läufe, höchstens {} sind erlaubt.",
                german_number(&runs.to_string(), Some(' ')),
                count(MAX_RUNS)
            );
        }
        PlanProblem::Missing => "fehlt.".to_owned(),
        PlanProblem::UnknownKey => "unbekannter Schlüssel (Tippfehler?).".to_owned(),
        PlanProblem::NotAnObject => "muss ein Objekt sein ({ … }).".to_owned(),
        PlanProblem::NotAList => "muss eine Liste sein ([ … ]).".to_owned(),
        PlanProblem::NotANumber => "muss eine Zahl sein.".to_owned(),
        PlanProblem::WrongFormat => format!("muss „{PLAN_FORMAT}“ sein."),
        PlanProblem::WrongVersion => {
            format!("muss {PLAN_VERSION} sein (andere Versionen werden nicht unterstützt).")
        }
        PlanProblem::NotAnIntegerIn { min, max } => {
            format!("muss eine ganze Zahl von {} bis {} sein.", count(*min), count(*max))
        }
        PlanProblem::SeedInBase => "Seeds gehören in „seeds“, nicht in „base“.".to_owned(),
        PlanProblem::InvalidValue { field } => range_message(*field),
        PlanProblem::InvalidRangeValue {
            field,
            position,
            value,
        } => format!(
            "der Wert an Position {position} ({}) ist ungültig: {}",
            decimal(*value),
            range_message(*field)
        ),
        PlanProblem::Repeated { first } => format!(
            "derselbe Wert wie {} (kein Wert darf doppelt vorkommen).",
            sibling(key, *first)
        ),
        PlanProblem::RepeatedRangeValue {
            position,
            first,
            value,
        } => format!(
            "der Wert an Position {position} ({}) kommt schon an Position {first} vor (kein Wert darf doppelt vorkommen).",
            decimal(*value)
        ),
        PlanProblem::UnknownParameter => {
            format!("muss ein Parameter sein: {} (nicht seed).", sweepable())
        }
        PlanProblem::SameParameterTwice => {
            "derselbe Parameter wie bei der ersten Achse; zwei Achsen brauchen verschiedene Parameter."
                .to_owned()
        }
        PlanProblem::TooManyAxes { axes } => format!("höchstens 2 Achsen, nicht {axes}."),
        PlanProblem::ValuesOrRange => {
            "braucht entweder „values“ oder „from“, „to“ und „points“.".to_owned()
        }
        PlanProblem::Empty => "darf nicht leer sein.".to_owned(),
        PlanProblem::UnknownMeasure => format!(
            "muss der Name eines Maßes sein: {}.",
            Measure::ALL.map(Measure::key).join(", ")
        ),
        PlanProblem::SeedsBeyondLast { last } => format!(
            "der letzte Seed wäre {}, höchstens 4 294 967 295 ist erlaubt.",
            count(*last)
        ),
    };
    format!("{key}: {problem}")
}

/// The message for a results file that cannot be used.
#[must_use]
pub fn results_error(error: &ResultsError) -> String {
    match error {
        ResultsError::NotResults => {
            "keine Ergebnisdatei einer Studie (die erste Zeile muss mit „# boids-schwarm-study version=2 plan=“ oder „version=1 plan=“ beginnen).".to_owned()
        }
        ResultsError::WrongVersion { found } => {
            format!(
                "Version „{}“ der Ergebnisdatei wird nicht unterstützt (erwartet: 2 oder 1).",
                short(found)
            )
        }
        ResultsError::ImpossibleRunCount { found } => format!(
            "Die erste Zeile nennt „{}“ Läufe; ein Plan hat 1 bis {} Läufe.",
            short(found),
            count(MAX_RUNS)
        ),
        ResultsError::WrongHeader => {
            "Die zweite Zeile ist nicht die Kopfzeile der Ergebnisse.".to_owned()
        }
        ResultsError::BadRow { line } => format!("Zeile {line} ist keine gültige Ergebniszeile."),
        ResultsError::NotFinite { line } => format!(
            "Zeile {line}: Eine Statistik ist keine endliche Zahl (inf oder NaN); so rechnet kein Lauf."
        ),
        ResultsError::RunBeyondPlan { line, run, runs } => format!(
            "Zeile {line}: Lauf {run} gibt es nicht (der Plan hat {} Läufe).",
            count(*runs)
        ),
        ResultsError::RowNotOfPlan { run } => {
            format!("Lauf {run} hat andere Parameter als im Plan.")
        }
        ResultsError::ConflictingRows { run } => {
            format!("Lauf {run} steht zweimal mit verschiedenen Ergebnissen darin.")
        }
        ResultsError::OtherPlan => "Die Ergebnisse gehören zu einem anderen Plan.".to_owned(),
    }
}

/// `--output` names a file of results version 1.
pub const OUTPUT_OLD_VERSION: &str = "Die Datei enthält Ergebnisse im Ergebnisformat 1 (einer \
    früheren Version); neue Läufe werden im Format 2 geschrieben und passen nicht dazu. Bitte \
    eine andere Datei angeben; study-merge und study-summary lesen diese weiterhin.";

/// The message for files that cannot be merged; `names` are the files in
/// the order given.
#[must_use]
pub fn merge_error(error: &MergeError, names: &[String]) -> String {
    let name = |file: &usize| {
        names
            .get(*file)
            .map_or("?".to_owned(), |name| file_name(name))
    };
    match error {
        MergeError::NoFiles => "Bitte mindestens eine Ergebnisdatei angeben.".to_owned(),
        MergeError::OtherPlan { file } => format!(
            "{}: gehört zu einem anderen Plan als {}.",
            name(file),
            name(&0)
        ),
        MergeError::OtherVersion { file } => format!(
            "{}: hat eine andere Version des Ergebnisformats als {}; es lassen sich nur Dateien einer Version zusammenführen.",
            name(file),
            name(&0)
        ),
        MergeError::ConflictingRows { run, first, file } => format!(
            "Lauf {run} steht in {} und in {} mit verschiedenen Ergebnissen.",
            name(first),
            name(file)
        ),
    }
}

/// The runs missing from a study of `runs` runs, as consecutive ranges:
/// `Es fehlen 4 von 12 Läufen: 3, 7–9.` At most 20 ranges are listed.
#[must_use]
pub fn missing_runs(missing: &[u64], runs: u64) -> String {
    const SHOWN: usize = 20;
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for &run in missing {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == run => *end = run,
            _ => ranges.push((run, run)),
        }
    }
    let mut list: Vec<String> = ranges
        .iter()
        .take(SHOWN)
        .map(|&(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}–{end}")
            }
        })
        .collect();
    if ranges.len() > SHOWN {
        list.push("…".to_owned());
    }
    let verb = if missing.len() == 1 {
        "fehlt"
    } else {
        "fehlen"
    };
    let noun = if runs == 1 { "Lauf" } else { "Läufen" };
    format!(
        "Es {verb} {} von {} {noun}: {}.",
        count(missing.len() as u64),
        count(runs),
        list.join(", ")
    )
}

/// Bytes in MiB to a tenth, rounded up so that a need is never
/// understated: `1,3 MiB`, `63,6 MiB`, `1024 MiB`.
#[must_use]
pub fn mebibytes(bytes: u64) -> String {
    let tenths = (u128::from(bytes) * 10).div_ceil(1 << 20);
    let whole = count(u64::try_from(tenths / 10).unwrap_or(u64::MAX));
    match tenths % 10 {
        0 => format!("{whole} MiB"),
        tenth => format!("{whole},{tenth} MiB"),
    }
}

/// One run of a plan needs more memory than the whole bound (the first
/// sentence; the command line and the page say what helps).
#[must_use]
pub fn over_bound(error: &OverBound) -> String {
    format!(
        "Ein Lauf dieses Plans braucht bis zu {} Speicher, mehr als die Grenze von {}.",
        mebibytes(error.needs),
        mebibytes(error.bound)
    )
}

/// The command line refuses a plan whose one run needs more than `--memory`.
#[must_use]
pub fn cli_over_bound(error: &OverBound) -> String {
    format!(
        "{} Ein kürzeres Fenster (steps − burn_in), weniger Boids oder eine höhere Grenze \
         (--memory MiB) helfen.",
        over_bound(error)
    )
}

/// The command line computes `threads` runs at once instead of `wanted`,
/// since each needs up to `share` bytes and all together at most `bound`.
#[must_use]
pub fn fewer_threads(threads: usize, wanted: usize, share: u64, bound: u64) -> String {
    format!(
        "Ein Lauf braucht bis zu {} Speicher: Damit höchstens {} belegt werden, rechnen {} \
         statt {} Läufe gleichzeitig (--memory ändert die Grenze).",
        mebibytes(share),
        mebibytes(bound),
        threads,
        wanted
    )
}

/// `--memory` got something other than a whole number of MiB in range.
#[must_use]
pub fn memory_option_error(value: &str, most: u64) -> String {
    format!(
        "--memory: „{}“ ist keine ganze Zahl von 1 bis {} (MiB).",
        short(value),
        count(most)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_said_in_mib_to_a_tenth_rounded_up() {
        assert_eq!(mebibytes(1 << 30), "1024 MiB");
        assert_eq!(mebibytes(66_648_616), "63,6 MiB");
        assert_eq!(mebibytes(1), "0,1 MiB");
        assert_eq!(mebibytes((1 << 20) + 1), "1,1 MiB");
        assert_eq!(mebibytes(u64::MAX), "17 592 186 044 416 MiB");
    }
}
