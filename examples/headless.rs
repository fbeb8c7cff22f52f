//! Runs the model without a browser and prints the state after K steps as the
//! app's JSON state format.
//!
//! cargo run --release --example headless -- [--count N] [--seed S] [--radius R]
//!     [--separation W] [--alignment W] [--cohesion W] [--max-speed V]
//!     [--state FILE] --steps K
//!
//! With --state the run continues from a saved state; parameter options then
//! must not be given (the state carries its own). Bad arguments: one line on
//! stderr, exit code 2.

use std::process::ExitCode;

use boids_schwarm::model::{ParamField, Params, Swarm};
use boids_schwarm::texts;

const USAGE: &str = "usage: headless [--count N] [--seed S] [--radius R] [--separation W] \
[--alignment W] [--cohesion W] [--max-speed V] [--state FILE] --steps K";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("headless: {message}");
            ExitCode::from(2)
        }
    }
}

fn field_of(option: &str) -> Option<ParamField> {
    ParamField::ALL
        .into_iter()
        .find(|f| option == format!("--{}", f.key().replace('_', "-")))
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut params = Params::default();
    let mut params_given = false;
    let mut state_file = None;
    let mut steps = None;
    let mut args = args.into_iter();
    while let Some(option) = args.next() {
        if option == "--help" || option == "-h" {
            return Err(USAGE.to_owned());
        }
        let value = args
            .next()
            .ok_or_else(|| format!("{option} needs a value ({USAGE})"))?;
        if let Some(field) = field_of(&option) {
            let german = |e| format!("{option}: {}", texts::param_error(&e));
            let number = field.parse(&value).map_err(german)?;
            field.set(&mut params, number).map_err(german)?;
            params_given = true;
        } else if option == "--state" {
            state_file = Some(value);
        } else if option == "--steps" {
            let k = value
                .trim()
                .parse::<u64>()
                .map_err(|_| format!("--steps: „{value}“ is not a whole number ≥ 0"))?;
            steps = Some(k);
        } else {
            return Err(format!("unknown option {option} ({USAGE})"));
        }
    }
    let steps = steps.ok_or_else(|| format!("--steps is required ({USAGE})"))?;
    let mut swarm = match state_file {
        Some(_) if params_given => {
            return Err(
                "--state carries its own parameters: do not combine it with parameter options"
                    .into(),
            );
        }
        Some(path) => {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("--state {path}: {e}"))?;
            Swarm::from_json(&text)
                .map_err(|e| format!("--state {path}: {}", texts::import_error(&e)))?
        }
        None => Swarm::new(&params).map_err(|e| texts::param_error(&e))?,
    };
    for _ in 0..steps {
        swarm.step();
    }
    Ok(swarm.to_json())
}
