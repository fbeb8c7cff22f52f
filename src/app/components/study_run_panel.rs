//! Starting, following and stopping a study: the plan's size, time and
//! memory estimate, „Rechenkerne“, „Studie starten“ / „Studie fortsetzen“
//! (/ „Neu berechnen“ for a study kept in an older results version),
//! „Abbrechen“, the progress with elapsed time and time left.

use gloo_timers::callback::Interval;
use leptos::prelude::*;

use crate::model::study::{OverBound, PAGE_MEMORY};
use crate::texts::study_page::{
    ELSEWHERE_STATE, OLD_RESULTS, page_over_bound, plan_form_error, study_memory,
};

use super::CoresField;
use crate::app::format::format_integer;
use crate::app::platform::cores::CoreSetting;
use crate::app::platform::timing::now_ms;
use crate::app::study::estimate::{WorkerCount, estimate_ms, format_duration, study_workers};
use crate::app::study::progress::{done_percent, progress_line, state_words, times};
use crate::app::study::session::Launch;
use crate::app::study::{Checked, StudyStore};

/// What the panel says about the form's plan before it runs.
#[derive(Clone, Copy, PartialEq)]
struct PlanState {
    runs: u64,
    done: u64,
    missing: u64,
    /// The time estimate, ms.
    estimate: f64,
    /// The workers it would start, or why it cannot start.
    workers: Result<WorkerCount, OverBound>,
    /// Bytes per worker at most: its run's and its own.
    share: u64,
    /// The open study's rows are of an older results version: shown as
    /// they are; a start computes every run anew.
    old: bool,
}

/// The plan's runs, the buttons and the progress.
#[component]
pub fn StudyRunPanel(checked: Memo<Checked>) -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let cores = expect_context::<CoreSetting>();
    let running = store.running();
    // The clock of the progress figures ticks while the study runs.
    let now = RwSignal::new(now_ms());
    let ticker = StoredValue::new_local(None::<Interval>);
    Effect::new(move |_| {
        let tick = running
            .get()
            .then(|| Interval::new(500, move || now.set(now_ms())));
        ticker.set_value(tick);
        now.set(now_ms());
    });
    on_cleanup(move || {
        ticker.try_set_value(None);
    });
    // The form's plan, and the study's when it is the same plan. A memo:
    // four views read it, and at 10 000 runs it costs a few ms.
    // The plan's identity only when the form's plan changes: hashing it
    // formats every axis value.
    let form_id = Memo::new(move |_| {
        checked.with(|checked| match checked {
            Some(Ok((_, plan))) => Some(plan.id()),
            _ => None,
        })
    });
    let plan_state = Memo::new(move |_| {
        let Some(Ok((_, plan))) = checked.get() else {
            return None;
        };
        let id = form_id.get()?;
        let (done, missing, old) = store.with_runner(|runner| match runner {
            Some(runner) if runner.id() == id && runner.is_old() => {
                (0, (0..id.runs).collect(), true)
            }
            Some(runner) if runner.id() == id => {
                let rows = runner.rows();
                let missing: Vec<u64> =
                    (0..id.runs).filter(|run| !rows.contains_key(run)).collect();
                (rows.len() as u64, missing, false)
            }
            // A stored study that is not open: its rows are read at the start.
            _ => {
                let hex = id.hex();
                let done = store
                    .with_session(|session| {
                        let stored = session.studies().iter().find(|s| s.hex == hex);
                        stored.map_or(0, |study| study.done)
                    })
                    .unwrap_or(0);
                (done, (done..id.runs).collect(), false)
            }
        });
        let missing_runs = missing.len() as u64;
        let workers = study_workers(&plan, missing_runs, cores.value().get(), &PAGE_MEMORY);
        let parallel = workers.map_or(1, |count| count.workers);
        Some(PlanState {
            runs: id.runs,
            done,
            missing: missing_runs,
            estimate: estimate_ms(&plan, missing.iter().copied(), parallel),
            workers,
            share: PAGE_MEMORY.share(&plan),
            old,
        })
    });
    let summary = move || match plan_state.get() {
        Some(state) if state.missing > 0 => format!(
            "{} Läufe{}; geschätzte Rechenzeit mit {} Rechenkern(en): etwa {}.",
            format_integer(state.runs),
            if state.done > 0 {
                format!(", davon {} schon gerechnet", format_integer(state.done))
            } else {
                String::new()
            },
            state.workers.map_or(1, |count| count.workers),
            format_duration(state.estimate)
        ),
        Some(state) => format!("{} Läufe, alle gerechnet.", format_integer(state.runs)),
        None => String::new(),
    };
    // The memory beside it: fewer workers than „Rechenkerne“ where the
    // bound holds fewer, no start where not even one run fits.
    let memory = move || match plan_state.get() {
        Some(state) if state.missing > 0 => match state.workers {
            Ok(count) => (study_memory(&count, state.share, PAGE_MEMORY.total), "hint"),
            Err(over) => (page_over_bound(&over), "field-error"),
        },
        _ => (String::new(), "hint"),
    };
    let old = move || plan_state.get().is_some_and(|state| state.old);
    let resumable = move || {
        plan_state
            .get()
            .is_some_and(|state| state.done > 0 && state.missing > 0)
    };
    let can_start = move || {
        !running.get()
            && plan_state
                .get()
                .is_some_and(|state| state.missing > 0 && state.workers.is_ok())
    };
    let start = move |_| {
        if let Some(Some(Ok((json, plan)))) = checked.try_get_untracked() {
            store.start(Launch {
                json,
                plan,
                cores: cores.value().get_untracked(),
                anew: old(),
            });
        }
    };
    view! {
        <section class="study-run" aria-labelledby="study-run-title">
            <h2 id="study-run-title">"Rechnen"</h2>
            <p class="field-error" id="study-plan-error" role="alert">
                {move || checked.with(|c| c.as_ref().and_then(|c| c.as_ref().err()).map(plan_form_error))}
            </p>
            <p class="study-size" id="study-size">{summary}</p>
            <p class=move || memory().1 id="study-memory">{move || memory().0}</p>
            <CoresField
                id="study-cores"
                hint_id="study-cores-hint"
                hint="So viele Web Worker rechnen je einen ganzen Lauf (wie in der Ansicht; gilt ab \
                      dem nächsten Start). Die Studie läuft auf anderen Seiten weiter; rechnet die \
                      Ansicht zugleich, teilen sich beide die Kerne."
            />
            <div class="controls">
                <button id="btn-study-start" type="button" class="primary" disabled=move || !can_start() on:click=start>
                    {move || if old() {
                        "Neu berechnen"
                    } else if resumable() {
                        "Studie fortsetzen"
                    } else {
                        "Studie starten"
                    }}
                </button>
                <button id="btn-study-cancel" type="button" disabled=move || !running.get() on:click=move |_| store.cancel()>
                    "Abbrechen"
                </button>
            </div>
            <div class="study-progress" role="status">
                {move || store.progress(now.get()).map(|p| view! {
                    <p>
                        <strong id="study-progress">{progress_line(&p)}</strong>
                        " – "
                        <span id="study-state">
                            {if store.open_elsewhere() { ELSEWHERE_STATE.to_owned() } else { state_words(&p) }}
                        </span>
                    </p>
                    <div class="study-bar" aria-hidden="true">
                        <div style:width=format!("{:.1}%", done_percent(&p))></div>
                    </div>
                    <p class="hint" id="study-times">{times(&p)}</p>
                })}
            </div>
            <p class="hint" id="study-old" hidden=move || !old()>{OLD_RESULTS}</p>
            <p class="field-error" id="study-note" role="alert">{store.note()}</p>
        </section>
    }
}
