//! `use_animation_frame`: calls a function once per animation frame while a
//! signal is true, and stops for good when the owner is cleaned up.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::leptos_dom::helpers::{
    AnimationFrameRequestHandle, request_animation_frame_with_handle,
};
use leptos::prelude::*;

use crate::app::platform::timing::now_ms;

/// Runs `on_frame(now_ms)` in every animation frame while `active` is true.
/// The loop stops when `active` turns false and when the calling component is
/// cleaned up; a pending frame request is cancelled.
pub fn use_animation_frame(active: Signal<bool>, on_frame: impl FnMut(f64) + 'static) {
    let frame_loop = Rc::new(FrameLoop {
        on_frame: RefCell::new(Box::new(on_frame)),
        pending: Cell::new(None),
        active: Cell::new(false),
    });
    let stored = StoredValue::new_local(frame_loop);
    Effect::new(move |_| {
        let want = active.get();
        stored.with_value(|frame_loop| {
            if want {
                FrameLoop::start(frame_loop);
            } else {
                frame_loop.stop();
            }
        });
    });
    on_cleanup(move || {
        stored.try_with_value(|frame_loop| frame_loop.stop());
    });
}

/// The loop's state, shared by the hook and the pending frame callback.
struct FrameLoop {
    on_frame: RefCell<Box<dyn FnMut(f64)>>,
    pending: Cell<Option<AnimationFrameRequestHandle>>,
    active: Cell<bool>,
}

impl FrameLoop {
    fn start(this: &Rc<Self>) {
        this.active.set(true);
        if this.pending.get().is_none() {
            Self::schedule(Rc::clone(this));
        }
    }

    fn stop(&self) {
        self.active.set(false);
        if let Some(handle) = self.pending.take() {
            handle.cancel();
        }
    }

    fn schedule(this: Rc<Self>) {
        let next = Rc::clone(&this);
        match request_animation_frame_with_handle(move || Self::run(next)) {
            Ok(handle) => this.pending.set(Some(handle)),
            Err(_) => this.active.set(false),
        }
    }

    fn run(this: Rc<Self>) {
        this.pending.set(None);
        if !this.active.get() {
            return;
        }
        // A re-entrant call (impossible from requestAnimationFrame) is skipped.
        if let Ok(mut on_frame) = this.on_frame.try_borrow_mut() {
            on_frame(now_ms());
        }
        if this.active.get() && this.pending.get().is_none() {
            Self::schedule(this);
        }
    }
}
