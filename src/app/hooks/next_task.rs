//! `use_next_task` and `use_after_next_tasks`: let the parts of a page mount
//! one task after the other, in the order they were asked for, so that no
//! single task at the start compiles and builds the whole page (a long task
//! blocks input, and the browser counts it against the page's start).

use leptos::prelude::*;

/// A signal that turns `true` in a task of its own after the caller mounted:
/// one waiting part per task, in the order of the calls (at once natively).
/// A part whose owner is gone before its turn just does nothing then.
pub fn use_next_task() -> Signal<bool> {
    let ready = RwSignal::new(false);
    #[cfg(target_arch = "wasm32")]
    queue::push(ready, queue::Turn::InOrder);
    #[cfg(not(target_arch = "wasm32"))]
    ready.set(true);
    ready.into()
}

/// A signal that turns `true` in the task after every part asked for with
/// [`use_next_task`] has mounted, also the parts asked for later in the
/// caller's task (a page the router builds after the layout). For what sits
/// below all of them, the footer: it then appears in its final place
/// instead of being pushed down part by part.
pub fn use_after_next_tasks() -> Signal<bool> {
    let ready = RwSignal::new(false);
    #[cfg(target_arch = "wasm32")]
    queue::push(ready, queue::Turn::Last);
    #[cfg(not(target_arch = "wasm32"))]
    ready.set(true);
    ready.into()
}

#[cfg(target_arch = "wasm32")]
mod queue {
    use std::cell::RefCell;
    use std::collections::VecDeque;

    use gloo_timers::callback::Timeout;
    use leptos::prelude::*;

    pub enum Turn {
        InOrder,
        Last,
    }

    /// The parts waiting for their task; `scheduled` while a timeout that
    /// takes the next one is pending.
    #[derive(Default)]
    struct Waiting {
        in_order: VecDeque<RwSignal<bool>>,
        last: Vec<RwSignal<bool>>,
        scheduled: bool,
    }

    thread_local! {
        static WAITING: RefCell<Waiting> = RefCell::default();
    }

    pub fn push(ready: RwSignal<bool>, turn: Turn) {
        let schedule = WAITING.with_borrow_mut(|waiting| {
            match turn {
                Turn::InOrder => waiting.in_order.push_back(ready),
                Turn::Last => waiting.last.push(ready),
            }
            !std::mem::replace(&mut waiting.scheduled, true)
        });
        if schedule {
            Timeout::new(0, take_next).forget();
        }
    }

    /// Lets the next part mount (or, when none is left, everything waiting
    /// for the last turn); it mounts in this task's microtasks, where it may
    /// ask for more parts. Then a new task for the rest.
    fn take_next() {
        let due = WAITING.with_borrow_mut(|waiting| match waiting.in_order.pop_front() {
            Some(next) => vec![next],
            None => std::mem::take(&mut waiting.last),
        });
        for ready in due {
            ready.try_set(true);
        }
        let more = WAITING.with_borrow_mut(|waiting| {
            waiting.scheduled = !waiting.in_order.is_empty() || !waiting.last.is_empty();
            waiting.scheduled
        });
        if more {
            Timeout::new(0, take_next).forget();
        }
    }
}
