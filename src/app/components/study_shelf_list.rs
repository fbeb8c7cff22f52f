//! The studies kept in this browser: per study its plan in a few words, its
//! runs done of all, its size and the date of its last change, with
//! „Öffnen“, „Exportieren“ and „Löschen“ (which asks first, in the page).

use leptos::prelude::*;

use crate::app::study::StudyStore;
use crate::app::study::session::ShelfState;
use crate::app::study::shelf::StoredStudy;
use crate::model::study::Plan;
use crate::texts::study_page::{stored_plan_summary, stored_runs, stored_size};

/// The list of stored studies.
#[component]
pub fn StudyShelfList() -> impl IntoView {
    let store = expect_context::<StudyStore>();
    let studies = Memo::new(move |_| {
        store
            .with_session(|session| session.studies().to_vec())
            .unwrap_or_default()
    });
    let asked = Memo::new(move |_| {
        store
            .with_session(|session| session.asked().map(str::to_owned))
            .flatten()
    });
    let state = Memo::new(move |_| store.with_session(|session| session.shelf_state()));
    let open_hex =
        Memo::new(move |_| store.with_runner(|runner| runner.map(|runner| runner.id().hex())));
    let running = store.running();
    let item = move |study: StoredStudy| {
        let hex = StoredValue::new(study.hex.clone());
        let summary = Plan::parse(study.plan.as_bytes())
            .map(|plan| stored_plan_summary(&plan))
            .unwrap_or_default();
        let is_open = move || open_hex.get().as_deref() == Some(hex.get_value().as_str());
        let asking = move || asked.get().as_deref() == Some(hex.get_value().as_str());
        view! {
            <li class="study-stored" data-plan=study.hex.clone() class:open=is_open>
                <p>
                    <strong>{summary}</strong>
                    <br/>
                    <span class="study-stored-runs">{stored_runs(study.done, study.runs)}</span>
                    " · "{stored_size(study.bytes)}
                    {(!study.changed.is_empty()).then(|| format!(" · {}", study.changed))}
                    {study.elsewhere.then(|| view! {
                        <br/>
                        <span class="study-elsewhere">"Rechnet gerade in einem anderen Tab."</span>
                    })}
                </p>
                <p class="controls">
                    <button type="button" class="study-open" disabled=move || running.get() || is_open()
                        on:click=move |_| store.open(&hex.get_value())>
                        "Öffnen"
                    </button>
                    <button type="button" class="study-export" disabled=study.done == 0
                        on:click=move |_| store.export(&hex.get_value())>
                        "Exportieren"
                    </button>
                    <button type="button" class="study-delete" disabled=move || study.elsewhere || (running.get() && is_open())
                        on:click=move |_| store.delete(&hex.get_value(), None)>
                        "Löschen"
                    </button>
                </p>
                <Show when=asking>
                    <p class="study-confirm" role="alert">
                        "Diese Studie mit allen gespeicherten Läufen löschen? "
                        <button type="button" class="study-delete-yes" on:click=move |_| store.delete(&hex.get_value(), Some(true))>
                            "Löschen"
                        </button>
                        " "
                        <button type="button" class="study-delete-no" on:click=move |_| store.delete(&hex.get_value(), Some(false))>
                            "Behalten"
                        </button>
                    </p>
                </Show>
            </li>
        }
    };
    view! {
        <section class="study-shelf" aria-labelledby="study-shelf-title">
            <h2 id="study-shelf-title">"Gespeicherte Studien"</h2>
            <p class="hint" class:hidden=move || !studies.with(Vec::is_empty) || state.get() != Some(ShelfState::Ready)>
                "Noch keine: Jede gestartete Studie bleibt hier, bis Sie sie löschen."
            </p>
            <ul id="study-shelf">
                {move || studies.get().into_iter().map(item).collect_view()}
            </ul>
        </section>
    }
}
