//! A question before a long computation with its two answers: a link's way
//! to its step, and the session's (a long way to a step, a long job on the
//! main thread). One markup for all of them.

use leptos::prelude::*;

use crate::texts::engine::Answers;

/// The question (`text`) and two buttons, `answers.confirm` and
/// `answers.decline`. `id` names the box; its text and buttons are named by
/// `text_id`, `confirm_id` and `decline_id`.
#[component]
pub fn AskPrompt(
    id: String,
    text_id: String,
    confirm_id: String,
    decline_id: String,
    class: &'static str,
    text: String,
    answers: Answers,
    #[prop(into)] on_confirm: Callback<()>,
    #[prop(into)] on_decline: Callback<()>,
) -> impl IntoView {
    let labelled_by = text_id.clone();
    view! {
        <div id=id class=class role="alertdialog" aria-labelledby=labelled_by>
            <p id=text_id>{text}</p>
            <button type="button" id=confirm_id on:click=move |_| on_confirm.run(())>
                {answers.confirm}
            </button>
            " "
            <button type="button" id=decline_id on:click=move |_| on_decline.run(())>
                {answers.decline}
            </button>
        </div>
    }
}
