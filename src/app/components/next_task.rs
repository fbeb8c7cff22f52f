//! `NextTask`: mounts its children in a task after the one that mounts the
//! page around it.

use leptos::prelude::*;

use crate::app::hooks::use_next_task;

/// Renders `children` in a task of its own after its parent's (see
/// [`use_next_task`]): the `NextTask`s of a page mount one per task, in
/// document order, so each part appears below the ones before it and
/// nothing that is already shown moves.
#[component]
pub fn NextTask(children: ChildrenFn) -> impl IntoView {
    let ready = use_next_task();
    move || ready.get().then(|| children())
}
