//! The study commands of `boids-schwarm-cli` (SPEC §8): `study`,
//! `study-merge` and `study-summary`. Same manners as the rest of the tool:
//! German words, results on stdout, one line on stderr and exit code 2 for
//! a bad plan, file or argument, 1 for a failed read or write.

mod args;
mod files;
mod help;
mod parallel;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use boids_schwarm::model::study::{
    MemoryBound, Plan, ResultsFile, merge, results_header, summary_csv,
};
use boids_schwarm::texts::study as texts;

use crate::cli_io::{self, Failure, print};
use args::{MergeArgs, StudyArgs, parse_merge, parse_study, parse_summary};

/// Runs a study command when `args` (without the program name) start with
/// one; `None` leaves them to the rest of the tool.
pub fn dispatch(program: &str, args: &[String]) -> Option<ExitCode> {
    let (command, rest) = args.split_first()?;
    let help = rest.iter().any(|arg| arg == "--help" || arg == "-h");
    let outcome = match command.as_str() {
        "study" | "study-merge" | "study-summary" if help => print(&help::text()),
        "study" => parse_study(rest)
            .map_err(Failure::from)
            .and_then(|args| study(program, args)),
        "study-merge" => parse_merge(rest)
            .map_err(Failure::from)
            .and_then(study_merge),
        "study-summary" => parse_summary(rest)
            .map_err(Failure::from)
            .and_then(|(plan, results)| study_summary(&plan, &results)),
        _ => return None,
    };
    Some(cli_io::finish(program, outcome))
}

fn study(program: &str, args: StudyArgs) -> Result<(), Failure> {
    let plan = files::read_plan(&args.plan)?;
    // How many runs fit in the bound at once; refused before any file is
    // opened or anything printed when not even one does.
    let bound = MemoryBound::mebibytes(args.memory_mib);
    let fit = bound
        .runs_at_once(&plan, u32::MAX)
        .map_err(|error| Failure::Refused(texts::cli_over_bound(&error)))?;
    let selected: Vec<u64> = (0..plan.run_count())
        .filter(|run| run % args.shard.count == args.shard.index)
        .collect();
    let (mut output, done) = match &args.output {
        Some(path) => {
            let (output, done) = files::Output::open(path, &plan)?;
            (Some(output), done)
        }
        None => (None, BTreeMap::new()),
    };
    let pending: Vec<u64> = selected
        .iter()
        .copied()
        .filter(|run| !done.contains_key(run))
        .collect();
    let wanted = args.threads.min(pending.len());
    let threads = wanted.min(fit as usize);
    if threads < wanted {
        let note = texts::fewer_threads(threads, wanted, bound.share(&plan), bound.total);
        // A note only: the study goes on even where stderr is gone.
        let _ = writeln!(std::io::stderr(), "{program}: {note}");
    }
    print(&results_header(plan.id(), plan.columns()))?;
    let mut printer = parallel::InOrder::new(&selected, done);
    printer.flush(print)?;
    parallel::compute(&plan, &pending, threads, |run, line| {
        if let Some(output) = output.as_mut() {
            output.append(line)?;
        }
        printer.add(run, line);
        printer.flush(print)
    })
}

fn study_merge(args: MergeArgs) -> Result<(), Failure> {
    let plan = args.plan.as_deref().map(files::read_plan).transpose()?;
    let names = &args.files;
    let files: Vec<ResultsFile> = names
        .iter()
        .map(|name| files::read_results(name))
        .collect::<Result<_, _>>()?;
    // Without the plan only the files' agreement can be checked; with it,
    // every row's parameters must be those of its run number.
    if let Some(plan) = &plan {
        for (name, file) in names.iter().zip(&files) {
            file.check_plan(plan)
                .map_err(|error| Failure::Refused(texts::results_error(&error)).of_file(name))?;
        }
    }
    let merged = merge(&files).map_err(|error| texts::merge_error(&error, names))?;
    let missing = merged.missing();
    if !missing.is_empty() && !args.partial {
        return Err(Failure::Refused(format!(
            "{} (Mit --partial werden die vorhandenen ausgegeben.)",
            texts::missing_runs(&missing, merged.id.runs)
        )));
    }
    print(&merged.csv())
}

fn study_summary(plan_path: &str, results_path: &str) -> Result<(), Failure> {
    let plan: Plan = files::read_plan(plan_path)?;
    let results = files::read_results(results_path)?;
    results
        .check_plan(&plan)
        .map_err(|error| Failure::Refused(texts::results_error(&error)).of_file(results_path))?;
    let missing: Vec<u64> = (0..plan.run_count())
        .filter(|run| !results.rows.contains_key(run))
        .collect();
    if !missing.is_empty() {
        return Err(
            Failure::Refused(texts::missing_runs(&missing, plan.run_count())).of_file(results_path),
        );
    }
    print(&summary_csv(&plan, results.columns.version, &results.rows))
}
