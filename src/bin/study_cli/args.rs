//! The arguments of the study commands.

use boids_schwarm::model::study::CLI_MEMORY_MIB;
use boids_schwarm::texts::short;
use boids_schwarm::texts::study::memory_option_error;

/// `--shard I/N`: only the runs whose number leaves remainder `index` when
/// divided by `count` (`0 ≤ index < count`).
#[derive(Debug, Clone, Copy)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// What `study` is asked to do.
#[derive(Debug)]
pub struct StudyArgs {
    pub plan: String,
    /// Runs computed at the same time, `1 ..= MAX_THREADS`.
    pub threads: usize,
    pub shard: Shard,
    /// Where each finished run's row is appended (and a study resumes).
    pub output: Option<String>,
    /// The bound on the memory of the runs at once, in MiB,
    /// `1 ..= MAX_MEMORY_MIB`.
    pub memory_mib: u64,
}

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

/// The largest bound `--memory` accepts, in MiB (1 TiB).
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

fn usage_error(command: &str, message: &str) -> String {
    format!("{message} (Hilfe: boids-schwarm-cli {command} --help)")
}

/// Options start with `-`; everything else is a file.
fn is_option(arg: &str) -> bool {
    arg.starts_with('-') && arg != "-"
}

pub fn parse_study(args: &[String]) -> Result<StudyArgs, String> {
    let mut plan = None;
    let mut threads = None;
    let mut shard = None;
    let mut output = None;
    let mut memory = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if !is_option(arg) {
            if plan.replace(arg.clone()).is_some() {
                return Err(usage_error("study", "Bitte genau eine Plandatei angeben."));
            }
            continue;
        }
        let known = ["--threads", "--shard", "--output", "--memory"];
        if !known.contains(&arg.as_str()) {
            return Err(usage_error(
                "study",
                &format!("Unbekannte Option {}.", short(arg)),
            ));
        }
        let value = args
            .next()
            .ok_or_else(|| usage_error("study", &format!("{arg} braucht einen Wert.")))?;
        let already = match arg.as_str() {
            "--threads" => threads.replace(parse_threads(value)?).is_some(),
            "--shard" => shard.replace(parse_shard(value)?).is_some(),
            "--memory" => memory.replace(parse_memory(value)?).is_some(),
            _ => output.replace(value.clone()).is_some(),
        };
        if already {
            return Err(usage_error(
                "study",
                &format!("{arg} ist zweimal angegeben."),
            ));
        }
    }
    let plan = plan.ok_or_else(|| usage_error("study", "Die Plandatei fehlt."))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    Ok(StudyArgs {
        plan,
        threads: threads.unwrap_or(cores),
        shard: shard.unwrap_or(Shard { index: 0, count: 1 }),
        output,
        memory_mib: memory.unwrap_or(CLI_MEMORY_MIB),
    })
}

/// `value` as a whole number from 1 to `most`.
fn whole_up_to(value: &str, most: u64) -> Option<u64> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|number| (1..=most).contains(number))
}

fn parse_memory(value: &str) -> Result<u64, String> {
    whole_up_to(value, MAX_MEMORY_MIB).ok_or_else(|| memory_option_error(value, MAX_MEMORY_MIB))
}

fn parse_threads(value: &str) -> Result<usize, String> {
    whole_up_to(value, MAX_THREADS as u64)
        .map(|k| k as usize)
        .ok_or_else(|| {
            format!(
                "--threads: „{}“ ist keine ganze Zahl von 1 bis {MAX_THREADS}.",
                short(value)
            )
        })
}

fn parse_shard(value: &str) -> Result<Shard, String> {
    let shard = value.split_once('/').and_then(|(index, count)| {
        let index = index.trim().parse::<u64>().ok()?;
        let count = count.trim().parse::<u64>().ok()?;
        (index < count).then_some(Shard { index, count })
    });
    shard.ok_or_else(|| {
        format!(
            "--shard: „{}“ hat nicht die Form I/N mit ganzen Zahlen 0 ≤ I < N.",
            short(value)
        )
    })
}

/// What `study-merge` is asked to do.
#[derive(Debug)]
pub struct MergeArgs {
    pub files: Vec<String>,
    /// Whether missing runs are allowed.
    pub partial: bool,
    /// The plan every file's rows are checked against, run by run.
    pub plan: Option<String>,
}

/// `study-merge FILE… [--partial] [--plan PLAN.json]`.
pub fn parse_merge(args: &[String]) -> Result<MergeArgs, String> {
    let mut files = Vec::new();
    let mut partial = false;
    let mut plan = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--partial" => partial = true,
            "--plan" => {
                let value = args
                    .next()
                    .ok_or_else(|| usage_error("study-merge", "--plan braucht einen Wert."))?;
                if plan.replace(value.clone()).is_some() {
                    return Err(usage_error("study-merge", "--plan ist zweimal angegeben."));
                }
            }
            option if is_option(option) => {
                return Err(usage_error(
                    "study-merge",
                    &format!("Unbekannte Option {}.", short(option)),
                ));
            }
            file => files.push(file.to_owned()),
        }
    }
    if files.is_empty() {
        return Err(usage_error(
            "study-merge",
            "Bitte mindestens eine Ergebnisdatei angeben.",
        ));
    }
    Ok(MergeArgs {
        files,
        partial,
        plan,
    })
}

/// `study-summary PLAN.json RESULTS.csv`.
pub fn parse_summary(args: &[String]) -> Result<(String, String), String> {
    if let Some(option) = args.iter().find(|arg| is_option(arg)) {
        return Err(usage_error(
            "study-summary",
            &format!("Unbekannte Option {}.", short(option)),
        ));
    }
    match args {
        [plan, results] => Ok((plan.clone(), results.clone())),
        _ => Err(usage_error(
            "study-summary",
            "Bitte genau eine Plandatei und eine Ergebnisdatei angeben.",
        )),
    }
}
