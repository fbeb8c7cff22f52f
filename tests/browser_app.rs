//! The app in a real headless Chromium: every rule of SPEC §3, the parameter
//! inputs, persistence, the pages, the SVG view and the 3D view. Each scenario
//! (in `scenarios/`, by topic) is its own test, once per browser mode it
//! applies to, named `svg::…` (Chromium without WebGL: the SVG view) or
//! `webgl::…` (software WebGL2: the three-d canvas), so
//! `cargo test --test browser_app NAME` runs the scenarios whose name contains
//! NAME and `-- --list` lists them all.
//!
//! The process shares one static server for `dist/` and one chromedriver;
//! every scenario gets a new browser with a fresh profile (so empty local
//! storage), and fails on any console error or warning. Two scenarios run at
//! a time (one on a single core) unless `--test-threads` says otherwise;
//! a scenario that measures how fast the page answers runs alone.
//!
//! Needs `dist/` from `trunk build` and Chromium with chromedriver
//! (`make test` does both); a missing piece fails the tests, they never skip.

// A test without the standard harness needs a `main`; a wasm build has none.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]
// A scenario function that is not registered is never called: fail the build.
#![deny(dead_code)]

mod scenarios;
mod support;

use std::collections::BTreeSet;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use scenarios::{SCENARIOS, Scenario, test_name};
use support::{BrowserHost, Mode};

/// A guard only: the largest swarm's scenarios wait for slow steps.
const SCENARIO_LIMIT: Duration = Duration::from_secs(420);

/// The browser host, started by the first scenario that runs (listing or
/// filtering everything out starts nothing) and stopped by `main`.
#[derive(Default)]
struct SharedHost(Mutex<Option<Arc<BrowserHost>>>);

impl SharedHost {
    fn get(&self) -> Arc<BrowserHost> {
        let mut host = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(host.get_or_insert_with(|| Arc::new(BrowserHost::start())))
    }

    /// Drops the host: chromedriver and every browser it started are killed.
    fn stop(&self) {
        let host = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        drop(host);
    }
}

/// The process's host, for scenarios that need a second browser.
static HOST: OnceLock<Arc<SharedHost>> = OnceLock::new();

/// Another headless Chromium with a fresh, empty profile, beside the
/// scenario's own (to open a link as someone else would).
async fn second_browser(mode: Mode) -> support::Session {
    HOST.get()
        .expect("main sets the host before any scenario runs")
        .get()
        .session(mode)
        .await
}

fn main() -> ExitCode {
    let mut args = Arguments::from_args();
    // Two cores shared by app, browser and test: two browsers at a time,
    // one on a single core, unless `--test-threads` says otherwise.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    args.test_threads.get_or_insert(cores.min(2));
    let host = Arc::clone(HOST.get_or_init(|| Arc::new(SharedHost::default())));
    let conclusion = libtest_mimic::run(&args, trials(&host));
    host.stop();
    conclusion.exit_code()
}

/// The browser mode's prefix of a test name.
fn prefix(mode: Mode) -> &'static str {
    match mode {
        Mode::Svg => "svg",
        Mode::Webgl => "webgl",
    }
}

/// One trial per registered scenario and mode. Those that run alone come
/// first, then the rest by mode and name; a name given twice fails here.
fn trials(host: &Arc<SharedHost>) -> Vec<Trial> {
    let mut runs: Vec<(bool, Mode, String, &'static Scenario)> = SCENARIOS
        .iter()
        .flat_map(|scenario| {
            scenario.modes.iter().map(move |&mode| {
                let name = format!("{}::{}", prefix(mode), test_name(scenario.path));
                (!scenario.alone, mode, name, scenario)
            })
        })
        .collect();
    runs.sort_by(|a, b| (a.0, prefix(a.1), &a.2).cmp(&(b.0, prefix(b.1), &b.2)));
    let mut names = BTreeSet::new();
    for (_, _, name, _) in &runs {
        assert!(names.insert(name.clone()), "two scenarios named {name}");
    }
    let scenario_trials = runs.into_iter().map(|(_, mode, name, scenario)| {
        let host = Arc::clone(host);
        Trial::test(name, move || {
            // Many share the cores; one that runs alone waits for them.
            let _alone = scenario
                .alone
                .then(|| TURNS.write().unwrap_or_else(PoisonError::into_inner));
            let _beside_others =
                (!scenario.alone).then(|| TURNS.read().unwrap_or_else(PoisonError::into_inner));
            run_scenario(&host, mode, scenario)
        })
    });
    let files = Trial::test("harness::every_scenario_file_is_compiled", || {
        every_scenario_file_is_compiled().map_err(Failed::from)
    });
    scenario_trials.chain([files]).collect()
}

/// A file in `tests/scenarios/` that no `mod` declares is never compiled, so
/// its scenarios would silently not run: each file (but a `mod.rs`) must
/// hold a registered scenario.
fn every_scenario_file_is_compiled() -> Result<(), String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    let mut folders = vec![root.join("scenarios")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(|e| format!("{folder:?}: {e}"))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs")
                && path.file_name().is_some_and(|name| name != "mod.rs")
            {
                files.push(path);
            }
        }
    }
    let modules: BTreeSet<&str> = SCENARIOS
        .iter()
        .filter_map(|scenario| scenario.path.rsplit_once("::").map(|(module, _)| module))
        .collect();
    let missing: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(&root).ok()?.with_extension("");
            let module = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("::");
            let registered = modules.contains(format!("browser_app::{module}").as_str());
            (!registered).then(|| relative.display().to_string())
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "no registered scenario in {missing:?}: declare each file with `mod` in its \
             parent and register its scenarios with `scenario!`"
        ))
    }
}

/// Held for reading by each running scenario, for writing by one that runs
/// alone (see [`Scenario::alone`]).
static TURNS: RwLock<()> = RwLock::new(());

/// Runs one scenario in a new browser; fails on a panic, on the time limit
/// and on any console error or warning. The browser is closed in every case.
fn run_scenario(host: &SharedHost, mode: Mode, scenario: &Scenario) -> Result<(), Failed> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let session = host.get().session(mode).await;
        let _ = session.page.driver.take_console().await; // only the scenario's own log
        let run = tokio::spawn(tokio::time::timeout(
            SCENARIO_LIMIT,
            (scenario.run)(session.page.clone()),
        ));
        let outcome = match run.await {
            Ok(Ok(())) => None,
            Ok(Err(_)) => Some(format!("timed out after {SCENARIO_LIMIT:?}")),
            Err(panic) => Some(panic_message(panic)),
        };
        let problems = session.page.driver.take_console_problems().await;
        session.close().await;
        match (outcome, problems.is_empty()) {
            (None, true) => Ok(()),
            (None, false) => Err(format!("console problems:\n  {}", problems.join("\n  ")).into()),
            (Some(message), _) => Err(format!("{message}\n  console: {problems:?}").into()),
        }
    })
}

fn panic_message(error: tokio::task::JoinError) -> String {
    match error.try_into_panic() {
        Ok(payload) => payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_else(|| "panicked".to_owned()),
        Err(error) => error.to_string(),
    }
}
