//! Starting, following and stopping a study: the plan's size and time
//! estimate, „Rechenkerne“, „Studie starten“ / „Studie fortsetzen“,
//! „Abbrechen“, the progress with elapsed time and time left.

use gloo_timers::callback::Interval;
use leptos::prelude::*;

use super::CoresField;
use crate::app::cores::CoreSetting;
use crate::app::format::format_integer;
use crate::app::study::estimate::{estimate_ms, format_duration};
use crate::app::study::runner::Phase;
use crate::app::study::{Checked, StudyStore};
use crate::app::timing::now_ms;

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
    // The form's plan, and the study's when it is the same plan.
    let plan_state = move || {
        let Some(Ok((_, plan))) = checked.get() else {
            return None;
        };
        let id = plan.id();
        let (done, missing) = store.with_runner(|runner| match runner {
            Some(runner) if runner.id() == id => {
                let rows = runner.rows();
                let missing: Vec<u64> =
                    (0..id.runs).filter(|run| !rows.contains_key(run)).collect();
                (rows.len() as u64, missing)
            }
            _ => (0, (0..id.runs).collect()),
        });
        let estimate = estimate_ms(&plan, missing.iter().copied(), cores.value().get());
        Some((id.runs, done, missing.len() as u64, estimate))
    };
    let summary = move || match plan_state() {
        Some((runs, done, missing, estimate)) if missing > 0 => format!(
            "{} Läufe{}; geschätzte Rechenzeit mit {} Rechenkern(en): etwa {}.",
            format_integer(runs),
            if done > 0 {
                format!(", davon {} schon gerechnet", format_integer(done))
            } else {
                String::new()
            },
            cores.value().get(),
            format_duration(estimate)
        ),
        Some((runs, ..)) => format!("{} Läufe, alle gerechnet.", format_integer(runs)),
        None => String::new(),
    };
    let resumable =
        move || plan_state().is_some_and(|(_, done, missing, _)| done > 0 && missing > 0);
    let can_start =
        move || !running.get() && plan_state().is_some_and(|(.., missing, _)| missing > 0);
    let start = move |_| {
        if let Some(Some(Ok((json, plan)))) = checked.try_get_untracked() {
            store.start(&json, plan, cores.value().get_untracked());
        }
    };
    let progress = move || store.progress(now.get());
    let progress_text = move || {
        progress().map(|p| {
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
        })
    };
    let state_text = move || {
        progress().map(|p| match p.phase {
            Phase::Ready if p.done > 0 => {
                "gespeichert – „Studie fortsetzen“ rechnet den Rest".to_owned()
            }
            Phase::Ready => "bereit".to_owned(),
            Phase::Running => format!("läuft auf {} Web Worker(n)", p.in_flight.max(1)),
            Phase::Stopped => "abgebrochen".to_owned(),
            Phase::Complete => "fertig".to_owned(),
        })
    };
    let times = move || {
        progress().filter(|p| p.elapsed_ms > 0.0).map(|p| {
            let left = match (p.phase, p.left_ms) {
                (Phase::Running, Some(left)) => format!(" · noch etwa {}", format_duration(left)),
                (Phase::Running, None) => " · Restzeit wird geschätzt …".to_owned(),
                _ => String::new(),
            };
            format!("Laufzeit {}{left}", format_duration(p.elapsed_ms))
        })
    };
    let width = move || progress().map_or(0.0, |p| 100.0 * p.done as f64 / p.total.max(1) as f64);

    view! {
        <section class="study-run" aria-labelledby="study-run-title">
            <h2 id="study-run-title">"Rechnen"</h2>
            {move || match checked.get() {
                Some(Err(message)) => view! { <p class="field-error" id="study-plan-error" role="alert">{message}</p> }.into_any(),
                _ => view! { <p class="study-size" id="study-size">{summary}</p> }.into_any(),
            }}
            <CoresField
                id="study-cores"
                hint_id="study-cores-hint"
                hint="So viele Web Worker rechnen je einen ganzen Lauf nach dem anderen (dieselbe \
                      Einstellung wie in der Ansicht; sie gilt ab dem nächsten Start). Die Studie \
                      läuft weiter, wenn Sie die Seite wechseln; rechnet die Ansicht gleichzeitig, \
                      teilen sich beide die Kerne des Rechners."
            />
            <div class="controls">
                <button id="btn-study-start" type="button" class="primary" disabled=move || !can_start() on:click=start>
                    {move || if resumable() { "Studie fortsetzen" } else { "Studie starten" }}
                </button>
                <button id="btn-study-cancel" type="button" disabled=move || !running.get() on:click=move |_| store.cancel()>
                    "Abbrechen"
                </button>
            </div>
            {move || progress_text().map(|text| view! {
                <div class="study-progress" role="status">
                    <p><strong id="study-progress">{text}</strong> " – " <span id="study-state">{state_text}</span></p>
                    <div class="study-bar" aria-hidden="true"><div style:width=move || format!("{:.1}%", width())></div></div>
                    <p class="hint" id="study-times">{times}</p>
                </div>
            })}
            {move || store.note().get().map(|note| view! { <p class="field-error" id="study-note" role="alert">{note}</p> })}
        </section>
    }
}
