//! `boids-schwarm-cli`: the model without a browser. Runs K steps from the
//! initial state of the given parameters (or from a saved state) and prints
//! the state after them in the app's JSON state format, or with `--series`
//! the measures of every state on the way as CSV (SPEC §6); `correlations`
//! prints the pair and velocity correlations of the state after them (SPEC
//! §10). Needs only the model,
//! so it builds with `--no-default-features`. It speaks German, like the app:
//! `--help` prints the usage on stdout (exit code 0); a bad argument or an
//! unusable state file prints one line on stderr and exits with code 2, a
//! failed read or write (a full disk) one line and code 1. A reader that
//! closes stdout early (`| head`) ends it quietly.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use boids_schwarm::model::{
    Correlations, ImportError, MAX_STATE_BYTES, MAX_STEP, Measure, ParamField, Params, Swarm,
    WholeNumberError, parse_step,
};
use boids_schwarm::texts;

#[path = "cli_io/mod.rs"]
mod cli_io;
#[path = "study_cli/mod.rs"]
mod study_cli;

use cli_io::{Failure, output_failure};
use texts::short as quote;

const NAME: &str = "boids-schwarm-cli";

/// What the command line asks for.
#[derive(Debug)]
enum Command {
    Help,
    Run {
        start: Start,
        steps: u64,
        /// What to print of the run.
        output: Output,
    },
}

/// What a run prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// The state after the steps, as JSON.
    State,
    /// The measures of every state on the way, as CSV (`--series`).
    Series,
    /// The correlations of the state after the steps (`correlations`).
    Correlations,
}

/// Where the run starts.
#[derive(Debug)]
enum Start {
    Initial(Params),
    StateFile(String),
}

fn main() -> ExitCode {
    let args = match cli_io::arguments() {
        Ok(args) => args,
        Err(failure) => return cli_io::finish(NAME, Err(failure)),
    };
    if let Some(exit) = study_cli::dispatch(NAME, &args) {
        return exit;
    }
    let correlations = args.first().is_some_and(|first| first == "correlations");
    let args = args.into_iter().skip(usize::from(correlations));
    let outcome = parse(args, correlations)
        .map_err(Failure::Refused)
        .and_then(|command| match command {
            Command::Help if correlations => cli_io::print(&correlations_help()),
            Command::Help => cli_io::print(&help()),
            Command::Run {
                start,
                steps,
                output,
            } => run(start, steps, output),
        });
    cli_io::finish(NAME, outcome)
}

/// The option that sets a parameter: `--` and its code name with hyphens.
fn option_name(field: ParamField) -> String {
    format!("--{}", field.key().replace('_', "-"))
}

/// The placeholder for the option's value in the usage.
fn placeholder(field: ParamField) -> &'static str {
    match field {
        ParamField::Count => "N",
        ParamField::Seed => "S",
        ParamField::Radius => "R",
        ParamField::Separation | ParamField::Alignment | ParamField::Cohesion => "W",
        ParamField::MaxSpeed => "V",
    }
}

fn usage_error(message: &str) -> String {
    format!("{message} (Hilfe: {NAME} --help)")
}

/// Reads the options of a run, or with `correlations` of the
/// `correlations` command (the same options but `--series`).
fn parse(args: impl IntoIterator<Item = String>, correlations: bool) -> Result<Command, String> {
    let mut params = Params::default();
    let mut params_given = false;
    let mut state_file = None;
    let mut steps = None;
    let mut output = if correlations {
        Output::Correlations
    } else {
        Output::State
    };
    let mut args = args.into_iter();
    while let Some(option) = args.next() {
        if option == "--help" || option == "-h" {
            return Ok(Command::Help);
        }
        if option == "--series" && !correlations {
            output = Output::Series;
            continue;
        }
        let field = ParamField::ALL
            .into_iter()
            .find(|&field| option == option_name(field));
        if field.is_none() && option != "--state" && option != "--steps" {
            return Err(usage_error(&format!(
                "Unbekannte Option {}.",
                quote(&option)
            )));
        }
        let value = args
            .next()
            .ok_or_else(|| usage_error(&format!("{option} braucht einen Wert.")))?;
        if let Some(field) = field {
            let german = |error| format!("{option}: {}", texts::param_error(&error));
            let number = field.parse(&value).map_err(german)?;
            field.set(&mut params, number).map_err(german)?;
            params_given = true;
        } else if option == "--state" {
            state_file = Some(value);
        } else {
            let k = parse_step(&value).map_err(|error| match error {
                WholeNumberError::TooLarge { .. } => format!(
                    "--steps: Mehr als {} Schritte gibt es nicht.",
                    texts::whole(MAX_STEP)
                ),
                _ => format!("--steps: „{}“ ist keine ganze Zahl ab 0.", quote(&value)),
            })?;
            steps = Some(k);
        }
    }
    let steps = steps.ok_or_else(|| usage_error("Die Option --steps fehlt."))?;
    let start = match state_file {
        Some(_) if params_given => {
            return Err(
                "--state bringt eigene Parameter mit: nicht mit Parameteroptionen kombinieren."
                    .to_owned(),
            );
        }
        Some(path) => Start::StateFile(path),
        None => Start::Initial(params),
    };
    Ok(Command::Run {
        start,
        steps,
        output,
    })
}

/// Computes the run and writes it to stdout: the series a line per step as
/// it is computed, or the final state or its correlations.
fn run(start: Start, steps: u64, output: Output) -> Result<(), Failure> {
    let mut swarm = match start {
        Start::Initial(params) => {
            Swarm::new(&params).map_err(|error| texts::param_error(&error))?
        }
        Start::StateFile(path) => read_state(&path)
            .map_err(|failure| failure.about(&format!("--state {}", texts::file_name(&path))))?,
    };
    if steps > MAX_STEP - swarm.step_count() {
        return Err(Failure::Refused(format!(
            "--steps: Von Schritt {} aus sind höchstens {} Schritte möglich (bis zum größten Schritt {}).",
            texts::whole(swarm.step_count()),
            texts::whole(MAX_STEP - swarm.step_count()),
            texts::whole(MAX_STEP)
        )));
    }
    if output == Output::Correlations && swarm.len() < 2 {
        return Err(Failure::Refused(texts::CORRELATIONS_NEED_TWO.to_owned()));
    }
    if output == Output::Series {
        let mut out = BufWriter::new(std::io::stdout().lock());
        return swarm
            .write_series(steps, |text| out.write_all(text.as_bytes()))
            .and_then(|()| out.flush())
            .map_err(|error| output_failure(&error));
    }
    for _ in 0..steps {
        swarm.step();
    }
    if output == Output::Correlations {
        // On all the cores the step used: the same bits as on one.
        let found = Correlations::of(swarm.positions(), swarm.velocities(), swarm.threads())
            .ok_or_else(|| Failure::Refused(texts::CORRELATIONS_NEED_TWO.to_owned()))?;
        return cli_io::print(&found.csv(swarm.step_count()));
    }
    cli_io::print(&format!("{}\n", swarm.to_json()))
}

/// Reads a state file as the app does: only a regular file of at most
/// the largest state file's bytes (a device or a pipe could be endless);
/// bytes that are not UTF-8 are replaced (and then fail as JSON).
fn read_state(path: &str) -> Result<Swarm, Failure> {
    let content = cli_io::read_file(path, MAX_STATE_BYTES as u64).map_err(|failure| {
        failure.failure(|bytes| {
            texts::import_error(&ImportError::TooLarge {
                bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
            })
        })
    })?;
    Swarm::from_json(&String::from_utf8_lossy(&content))
        .map_err(|error| Failure::Refused(texts::import_error(&error)))
}

/// The German usage: every option with its range and default.
fn help() -> String {
    let defaults = Params::default();
    let mut options = vec![(
        "--steps K".to_owned(),
        "Schritte zu je 0,04 s Modellzeit: eine ganze Zahl ab 0 (Pflicht)".to_owned(),
    )];
    for field in ParamField::ALL {
        let unit = field
            .unit()
            .map(|unit| format!(" in {unit}"))
            .unwrap_or_default();
        options.push((
            format!("{} {}", option_name(field), placeholder(field)),
            format!(
                "{}{unit}: {} (Standard: {})",
                texts::label(field),
                texts::range_phrase(field),
                texts::format_value(field, field.get(&defaults))
            ),
        ));
    }
    options.push((
        "--state DATEI".to_owned(),
        "setzt einen gespeicherten Zustand fort (von „JSON exportieren“ oder\n\
         diesem Programm), mit dessen Parametern: nicht zusammen mit\n\
         Parameteroptionen"
            .to_owned(),
    ));
    options.push((
        "--series".to_owned(),
        "gibt statt des Zustands den Verlauf der Maße als CSV aus: eine\n\
         Zeile je Schritt, vom Start bis nach den K Schritten (Spalten unten)"
            .to_owned(),
    ));
    options.push(("-h, --help".to_owned(), "zeigt diese Hilfe".to_owned()));
    let options: String = options
        .iter()
        .map(|(option, meaning)| {
            let meaning = meaning.replace('\n', &format!("\n{:20}", ""));
            format!("  {option:<18}{meaning}\n")
        })
        .collect();
    let mut columns = vec![
        ("step", "Schritt".to_owned()),
        ("time_s", "Modellzeit in s".to_owned()),
    ];
    columns.extend(Measure::ALL.map(|measure| {
        let unit = measure
            .unit()
            .map(|unit| format!(" in {unit}"))
            .unwrap_or_default();
        (
            measure.key(),
            format!("{}{unit}", texts::measure_label(measure)),
        )
    }));
    let columns: String = columns
        .iter()
        .map(|(key, label)| format!("  {key:<22}{label}\n"))
        .collect();
    format!(
        "Aufruf: {NAME} [OPTIONEN] --steps K\n\
         \n\
         Rechnet das Boids-Modell ohne Browser: K Schritte ab dem Anfangszustand der\n\
         Parameter (oder ab einem gespeicherten Zustand). Gibt den Zustand danach als\n\
         JSON auf stdout aus, im Format von „JSON exportieren“ der App, oder mit\n\
         --series die Maße des ganzen Schwarms für jeden Schritt als CSV.\n\
         \n\
         Optionen:\n\
         {options}\
         \n\
         Spalten von --series (Zahlen in kürzester exakter Form mit Dezimalpunkt;\n\
         leer, wo ein Maß nicht definiert ist, etwa der Abstand bei einem Boid):\n\
         {columns}\
         \n\
         Zahlen mit Dezimalkomma oder -punkt; Anzahl und Seed nur aus Ziffern. Ohne\n\
         Option gilt der Standardwert.\n\
         Exit-Code 0: Erfolg; 1: Lesen oder Schreiben ist fehlgeschlagen (etwa eine\n\
         volle Platte oder eine unlesbare Datei; ein neuer Versuch kann gelingen);\n\
         2: fehlerhafter Aufruf oder unbrauchbare Zustandsdatei. Bei 1 und 2 steht\n\
         eine Zeile auf stderr.\n\
         \n\
         Struktur und Korrelation des Zustands nach den K Schritten (Paarkorrelation,\n\
         Geschwindigkeitskorrelation, Korrelationslänge): {NAME} correlations …;\n\
         Erklärung mit {NAME} correlations --help.\n\
         \n\
         Studien (viele Läufe über Parameter und Seeds): {NAME} study PLAN.json,\n\
         {NAME} study-merge DATEI…, {NAME} study-summary PLAN.json ERGEBNISSE.csv;\n\
         Erklärung mit {NAME} study --help.\n"
    )
}

/// The German usage of `correlations`.
fn correlations_help() -> String {
    format!(
        "Aufruf: {NAME} correlations [OPTIONEN] --steps K\n\
         \n\
         Rechnet K Schritte wie {NAME} (dieselben Optionen, ohne --series) und gibt\n\
         für den Zustand danach Struktur und Korrelation als CSV aus: jedes Paar von\n\
         Boids mit periodischem Abstand unter 4,2 LE in 84 Klassen der Breite 0,05 LE.\n\
         Rechnet auf allen Kernen; das Ergebnis ist Bit für Bit dasselbe wie auf einem\n\
         und wie in der App („Struktur und Korrelation“ auf der Tabellenseite).\n\
         \n\
         Erste Zeile: # boids-schwarm-correlations version=1 count=N step=K\n\
         correlation_length=ξ (leer, wenn C nirgends auf 0 fällt). Dann die Spalten:\n\
         \x20 r_from, r_to            die Klasse [r_from, r_to) in LE\n\
         \x20 pairs                   Paare in der Klasse\n\
         \x20 pair_correlation        Paarkorrelation g: 1 bei zufällig verteilten\n\
         \x20                         Boids, 0 wo kein Paar ist\n\
         \x20 velocity_correlation    Korrelation C der Abweichungen vom mittleren\n\
         \x20                         Geschwindigkeitsvektor (leer ohne Paare oder\n\
         \x20                         wenn alle Geschwindigkeiten gleich sind)\n\
         \n\
         Braucht mindestens zwei Boids. Exit-Codes wie bei {NAME} --help.\n"
    )
}
