//! The typed errors of a study: a plan that cannot be used, a results file
//! that cannot be read, files that cannot be merged. `Display` is a plain
//! English sentence for logs; the German messages are in
//! [`crate::texts::study`].

use crate::model::ParamField;

/// A rejected plan: where (`key`, a path such as `sweep[1].points` or
/// `seeds[3]`; empty for the file as a whole) and what is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{key}: {problem}")]
pub struct PlanError {
    /// The key of the plan, with axis and list positions (from 0) in
    /// brackets: `base.radius`, `sweep[0].values[2]`, `seeds.count`.
    pub key: String,
    pub problem: PlanProblem,
}

/// What is wrong at a key of a plan.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanProblem {
    /// The file is larger than [`super::MAX_PLAN_BYTES`].
    #[error("the plan has {bytes} bytes, more than allowed")]
    TooLarge { bytes: usize },
    /// Not JSON (or not UTF-8); position from 1.
    #[error("not JSON (line {line}, column {column})")]
    NotJson { line: usize, column: usize },
    /// One object names a key twice (JSON readers would keep one silently).
    #[error("key {name:?} twice in one object (line {line}, column {column})")]
    RepeatedKey {
        name: String,
        line: usize,
        column: usize,
    },
    /// A required key is missing.
    #[error("missing")]
    Missing,
    /// A key the plan format does not know (perhaps misspelt).
    #[error("unknown key")]
    UnknownKey,
    /// A JSON object was expected.
    #[error("not an object")]
    NotAnObject,
    /// A JSON list was expected.
    #[error("not a list")]
    NotAList,
    /// A number was expected.
    #[error("not a number")]
    NotANumber,
    /// `format` is not [`super::PLAN_FORMAT`].
    #[error("not the study plan format")]
    WrongFormat,
    /// `version` is not [`super::PLAN_VERSION`].
    #[error("unsupported version")]
    WrongVersion,
    /// An integer in `min ..= max` was expected.
    #[error("must be an integer in {min} ..= {max}")]
    NotAnIntegerIn { min: u64, max: u64 },
    /// `base.seed`: seeds belong in `seeds`.
    #[error("seeds are listed in `seeds`")]
    SeedInBase,
    /// A value outside the parameter's valid range (SPEC §2).
    #[error("{field} must be {}", .field.range())]
    InvalidValue { field: ParamField },
    /// A value of a `from`/`to`/`points` axis outside the parameter's range;
    /// `position` counts from 0.
    #[error("value {position} ({value}) is not a valid {field}")]
    InvalidRangeValue {
        field: ParamField,
        position: usize,
        value: f64,
    },
    /// A value (or seed) that an earlier position of the same list already has.
    #[error("repeats the value at position {first}")]
    Repeated { first: usize },
    /// Two positions of a `from`/`to`/`points` axis give the same value.
    #[error("value {position} ({value}) repeats value {first}")]
    RepeatedRangeValue {
        position: usize,
        first: usize,
        value: f64,
    },
    /// `sweep[i].parameter` is not a parameter's code name (or is `seed`).
    #[error("not a sweepable parameter")]
    UnknownParameter,
    /// The second axis sweeps the same parameter as the first.
    #[error("same parameter as the first axis")]
    SameParameterTwice,
    /// More than two axes.
    #[error("{axes} axes, at most 2")]
    TooManyAxes { axes: usize },
    /// An axis gives both or neither of `values` and `from`/`to`/`points`.
    #[error("needs either values or from, to and points")]
    ValuesOrRange,
    /// An empty list where at least one entry is required.
    #[error("empty")]
    Empty,
    /// `seeds.from + seeds.count − 1` exceeds the largest seed.
    #[error("the last seed {last} exceeds 4294967295")]
    SeedsBeyondLast { last: u64 },
    /// `measures[i]` is not a §6 measure's code name.
    #[error("not a measure's name")]
    UnknownMeasure,
    /// The plan has more than [`super::MAX_RUNS`] runs: exactly this many
    /// (u128: a plan of 1 MiB can ask for more than u64 holds).
    #[error("{runs} runs, more than allowed")]
    TooManyRuns { runs: u128 },
}

/// A results CSV that cannot be used. Line numbers count from 1.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ResultsError {
    /// The first line is not the study's comment line.
    #[error("not a study results file")]
    NotResults,
    /// The comment names a version this program does not read.
    #[error("unsupported results version {found}")]
    WrongVersion { found: String },
    /// The comment's `runs=` is not a run count a plan can have (a whole
    /// number from 1 to [`super::MAX_RUNS`]): `found` is what it says, cut
    /// to a few dozen characters. Refused before anything is sized by it.
    #[error("the comment claims {found} runs")]
    ImpossibleRunCount { found: String },
    /// The second line is not the results header.
    #[error("wrong header")]
    WrongHeader,
    /// A complete line that is not a results row.
    #[error("line {line}: not a results row")]
    BadRow { line: usize },
    /// A row with an infinite or NaN statistic (no run computes one).
    #[error("line {line}: a statistic is not finite")]
    NotFinite { line: usize },
    /// A row's run number is not a run of the plan.
    #[error("line {line}: run {run} beyond the plan's {runs} runs")]
    RunBeyondPlan { line: usize, run: u64, runs: u64 },
    /// A row whose parameters are not those of its run in the plan.
    #[error("run {run} has other parameters than in the plan")]
    RowNotOfPlan { run: u64 },
    /// Two different rows for one run in the same file.
    #[error("run {run} twice with different rows")]
    ConflictingRows { run: u64 },
    /// The file belongs to another plan.
    #[error("results of another plan")]
    OtherPlan,
}

/// Why result files cannot be merged; `file` counts the files from 0.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// No file given.
    #[error("no file")]
    NoFiles,
    /// A file of another plan than the first file's.
    #[error("file {file} belongs to another plan")]
    OtherPlan { file: usize },
    /// A file of the first file's plan in another results version.
    #[error("file {file} is of another results version")]
    OtherVersion { file: usize },
    /// Two files hold different rows for one run.
    #[error("run {run} differs between files {first} and {file}")]
    ConflictingRows { run: u64, first: usize, file: usize },
}
