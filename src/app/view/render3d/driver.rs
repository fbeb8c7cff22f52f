//! The canvas driver: owns the renderer and the camera of one 3D canvas,
//! listens to the canvas (pointer, wheel and keys, handled in `input`;
//! WebGL context loss) and to size changes, and draws in an animation
//! frame only when something changed. [`CanvasDriver::stop`] (also on
//! drop) removes every listener and cancels pending frames and timers: each
//! is a gloo handle that does so when dropped, so stopping is dropping them.
//!
//! The driver talks to the app only through [`DriverHooks`], so it knows
//! nothing of the app state or Leptos.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use gloo_render::{AnimationFrame, request_animation_frame};
use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Event, EventTarget, HtmlCanvasElement, ResizeObserver};

mod input;

use super::camera::{CameraAction, OrbitCamera};
use super::gesture::PointerGesture;
use super::{Drawn, Frame, Renderer, ViewFailure, ViewStyle, centre_on};
use crate::app::platform::timing::now_ms;
use crate::app::view::rules_overlay::RulesOverlay;
use crate::model::Vec3;

/// How long a lost WebGL context may take to come back before the view
/// gives up and reports itself unavailable, in ms.
pub const CONTEXT_RESTORE_TIMEOUT_MS: u32 = 3000;

/// Reads the swarm: calls the given function once with the data version and
/// the positions and velocities (empty slices when there is no swarm).
pub type ReadSwarm = Box<dyn Fn(&mut dyn FnMut(u64, &[Vec3], &[Vec3]))>;

/// How the driver reaches the app.
pub struct DriverHooks {
    /// Reads the current swarm (see [`ReadSwarm`]).
    pub read_swarm: ReadSwarm,
    /// A click chose this boid, or nothing.
    pub select: Box<dyn Fn(Option<usize>)>,
    /// The 3D view cannot work: WebGL2 is missing or the context was lost
    /// for good. The driver has stopped.
    pub unavailable: Box<dyn Fn(ViewFailure)>,
    /// A picture went on the canvas; drawing it took this many ms of
    /// main-thread time (over all its frames).
    pub drawn: Box<dyn Fn(f64)>,
    /// The view was reset from the keyboard (key 0), which also ends
    /// following the selection.
    pub view_reset: Box<dyn Fn()>,
}

/// Whether the driver can draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Running,
    /// The context is lost; waiting for `webglcontextrestored`.
    Lost,
    /// Given up or stopped.
    Stopped,
}

/// The mutable state of the view.
struct State {
    renderer: Option<Renderer>,
    camera: OrbitCamera,
    gesture: PointerGesture,
    selection: Option<usize>,
    /// The selected boid's rules, when shown.
    rules: Option<RulesOverlay>,
    /// Following the selected boid.
    following: Following,
    /// Symbol size and line width.
    style: ViewStyle,
    status: Status,
    /// CSS width, height and device pixel ratio of the last drawing.
    drawn_size: (i32, i32, f64),
    /// Who gets the canvas once a fresh picture is on it.
    picture_order: Option<Box<dyn FnOnce(web_sys::Element)>>,
    /// The drawing buffer's size in device pixels while a film asks for
    /// one; `None`: the canvas' size times the device pixel ratio.
    output_size: Option<(u32, u32)>,
}

/// A resize observer of the canvas with its callback (gloo has no wrapper
/// for it).
type Observer = (ResizeObserver, Closure<dyn FnMut()>);

struct Inner {
    /// Handed to callbacks, so that a pending one never keeps the view alive.
    me: Weak<Inner>,
    canvas: HtmlCanvasElement,
    hooks: DriverHooks,
    state: RefCell<State>,
    /// The requested redraw; dropping it cancels the frame.
    frame: RefCell<Option<AnimationFrame>>,
    /// Main-thread ms spent so far on the picture in progress.
    picture_ms: Cell<f64>,
    /// Pictures shown so far.
    pictures: Cell<u64>,
    /// Gives up on a lost context; dropping it cancels the timeout.
    lost_timer: RefCell<Option<Timeout>>,
    /// Dropping them removes the listeners.
    listeners: RefCell<Vec<EventListener>>,
    observer: RefCell<Option<Observer>>,
}

/// Drives one 3D canvas; see the module docs.
pub struct CanvasDriver {
    inner: Rc<Inner>,
}

impl CanvasDriver {
    /// Creates the renderer for `canvas` and starts listening. When WebGL2
    /// is unavailable, `hooks.unavailable` is called with the reason before
    /// this returns, and the driver stays inert.
    pub fn start(canvas: HtmlCanvasElement, hooks: DriverHooks, selection: Option<usize>) -> Self {
        let (renderer, failure) = match Renderer::new(&canvas) {
            Ok(renderer) => (Some(renderer), None),
            Err(reason) => (None, Some(reason)),
        };
        let status = if renderer.is_some() {
            Status::Running
        } else {
            Status::Stopped
        };
        let inner = Rc::new_cyclic(|me| Inner {
            me: me.clone(),
            canvas,
            hooks,
            state: RefCell::new(State {
                renderer,
                camera: OrbitCamera::new(),
                gesture: PointerGesture::new(),
                selection,
                rules: None,
                following: Following::default(),
                style: ViewStyle::default(),
                status,
                drawn_size: (0, 0, 0.0),
                picture_order: None,
                output_size: None,
            }),
            frame: RefCell::new(None),
            picture_ms: Cell::new(0.0),
            pictures: Cell::new(0),
            lost_timer: RefCell::new(None),
            listeners: RefCell::new(Vec::new()),
            observer: RefCell::new(None),
        });
        if let Some(reason) = failure {
            (inner.hooks.unavailable)(reason);
        } else {
            inner.attach();
            inner.request_redraw();
        }
        Self { inner }
    }

    /// The swarm's data changed: draw again.
    pub fn data_changed(&self) {
        self.inner.request_redraw();
    }

    /// The selection changed (from anywhere): draw its ring.
    pub fn set_selection(&self, selection: Option<usize>) {
        let changed = self
            .inner
            .with_state(|state| std::mem::replace(&mut state.selection, selection) != selection);
        if changed == Some(true) {
            self.inner.request_redraw();
        }
    }

    /// The selected boid's rules to draw (`None`: none).
    pub fn set_rules(&self, rules: Option<RulesOverlay>) {
        let changed = self
            .inner
            .with_state(|state| std::mem::replace(&mut state.rules, rules.clone()) != rules);
        if changed == Some(true) {
            self.inner.request_redraw();
        }
    }

    /// The symbol size and line width to draw with.
    pub fn set_style(&self, style: ViewStyle) {
        let changed = self
            .inner
            .with_state(|state| std::mem::replace(&mut state.style, style) != style);
        if changed == Some(true) {
            self.inner.request_redraw();
        }
    }

    /// Whether the view keeps the selected boid at its centre.
    pub fn set_follow(&self, follow: bool) {
        let changed = self
            .inner
            .with_state(|state| std::mem::replace(&mut state.following.on, follow) != follow);
        if changed == Some(true) {
            self.inner.request_redraw();
        }
    }

    /// Hands the canvas to `deliver` in the task in which a complete, freshly
    /// drawn picture of the current state goes on it: only then can it be
    /// read (its drawing buffer is not preserved). `size` is the picture's
    /// size in device pixels from now on (a film's resolution, the camera's
    /// framing kept); `None`: the canvas' own size.
    pub fn take_picture(
        &self,
        size: Option<(u32, u32)>,
        deliver: Box<dyn FnOnce(web_sys::Element)>,
    ) {
        self.inner.with_state(|state| {
            state.picture_order = Some(deliver);
            state.output_size = size;
            if let Some(renderer) = &mut state.renderer {
                renderer.draw_afresh();
            }
        });
        self.inner.request_redraw();
    }

    /// Applies a camera action (for example the reset button).
    pub fn apply(&self, action: CameraAction) {
        self.inner.camera_changed(|camera| camera.apply(action));
    }

    /// Whether the view can draw (WebGL2 is there and the context is not lost).
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.inner
            .with_state(|state| state.status == Status::Running)
            .unwrap_or(false)
    }

    /// Removes every listener, cancels frames and timers, drops the renderer.
    pub fn stop(&self) {
        self.inner.stop();
    }
}

impl Drop for CanvasDriver {
    fn drop(&mut self) {
        self.inner.stop();
    }
}

impl Inner {
    fn with_state<R>(&self, f: impl FnOnce(&mut State) -> R) -> Option<R> {
        self.state
            .try_borrow_mut()
            .ok()
            .map(|mut state| f(&mut state))
    }

    /// Calls `handler` with the driver for every `name` event at `target`,
    /// until the returned listener is dropped.
    fn listen(
        &self,
        target: &EventTarget,
        name: &'static str,
        passive: bool,
        handler: fn(&Self, &Event),
    ) -> EventListener {
        let me = self.me.clone();
        let options = EventListenerOptions {
            phase: EventListenerPhase::Bubble,
            passive,
        };
        EventListener::new_with_options(target, name, options, move |event| {
            if let Some(inner) = me.upgrade() {
                handler(&inner, event);
            }
        })
    }

    fn attach(&self) {
        let canvas: &EventTarget = self.canvas.as_ref();
        let mut listeners = vec![
            self.listen(canvas, "pointerdown", true, Self::on_pointer_down),
            self.listen(canvas, "pointermove", true, Self::on_pointer_move),
            self.listen(canvas, "pointerup", true, Self::on_pointer_up),
            self.listen(canvas, "pointercancel", true, Self::on_pointer_cancel),
            self.listen(canvas, "lostpointercapture", true, Self::on_pointer_cancel),
            // Not passive: Ctrl/⌘ + wheel must be able to stop the page zoom.
            self.listen(canvas, "wheel", false, Self::on_wheel),
            self.listen(canvas, "keydown", false, Self::on_key),
            self.listen(canvas, "webglcontextlost", false, Self::on_context_lost),
            self.listen(
                canvas,
                "webglcontextrestored",
                true,
                Self::on_context_restored,
            ),
        ];
        if let Some(window) = web_sys::window() {
            // Catches device pixel ratio changes (browser zoom, other screen).
            listeners.push(self.listen(window.as_ref(), "resize", true, Self::on_resize));
        }
        *self.listeners.borrow_mut() = listeners;

        let me = self.me.clone();
        let resized = Closure::<dyn FnMut()>::new(move || {
            if let Some(inner) = me.upgrade() {
                inner.resized();
            }
        });
        if let Ok(observer) = ResizeObserver::new(resized.as_ref().unchecked_ref()) {
            observer.observe(&self.canvas);
            *self.observer.borrow_mut() = Some((observer, resized));
        }
    }

    fn stop(&self) {
        let renderer = self
            .with_state(|state| {
                state.status = Status::Stopped;
                state.renderer.take()
            })
            .flatten();
        if let Some(renderer) = renderer {
            renderer.release();
        }
        self.frame.take();
        self.lost_timer.take();
        self.listeners.take();
        if let Some((observer, _callback)) = self.observer.borrow_mut().take() {
            observer.disconnect();
        }
    }

    fn request_redraw(&self) {
        if self.frame.borrow().is_some()
            || self.with_state(|state| state.status) != Some(Status::Running)
        {
            return;
        }
        let me = self.me.clone();
        let frame = request_animation_frame(move |_time| {
            if let Some(inner) = me.upgrade() {
                inner.frame();
            }
        });
        *self.frame.borrow_mut() = Some(frame);
    }

    /// CSS width and height of the canvas and the device pixel ratio.
    fn size(&self) -> (i32, i32, f64) {
        let ratio = web_sys::window().map_or(1.0, |window| window.device_pixel_ratio());
        (
            self.canvas.client_width(),
            self.canvas.client_height(),
            ratio,
        )
    }

    fn frame(&self) {
        // This frame has come: a redraw requested from here on needs another.
        self.frame.take();
        let size = self.size();
        let output_size = self.with_state(|state| state.output_size).flatten();
        // A film's size: the canvas' width scaled to it, so that symbols,
        // lines and the ring keep their share of the picture.
        let (css_width, css_height, ratio) = match output_size {
            Some((width, height)) if size.0 > 0 => {
                let ratio = f64::from(width) / f64::from(size.0);
                (f64::from(size.0), f64::from(height) / ratio, ratio)
            }
            _ => (f64::from(size.0), f64::from(size.1), size.2),
        };
        let started = now_ms();
        let mut drawn = Drawn::Nothing;
        let Ok(mut state) = self.state.try_borrow_mut() else {
            return;
        };
        let State {
            renderer,
            camera,
            selection,
            rules,
            following,
            drawn_size,
            style,
            ..
        } = &mut *state;
        let Some(renderer) = renderer.as_mut() else {
            return;
        };
        let selection = *selection;
        (self.hooks.read_swarm)(&mut |data_version, positions, velocities| {
            let (positions, centred_on) = following.positions(data_version, positions, selection);
            let rules = rules.as_ref().filter(|rules| {
                rules.data_version == data_version && Some(rules.explanation.boid) == selection
            });
            drawn = renderer.render(&Frame {
                data_version,
                positions,
                velocities,
                selection,
                centred_on,
                rules,
                camera,
                css_width,
                css_height,
                device_pixel_ratio: ratio,
                style: *style,
            });
        });
        *drawn_size = size;
        drop(state);
        // A picture may take several frames: its drawing time is theirs.
        if drawn.drew() {
            self.picture_ms
                .set(self.picture_ms.get() + now_ms() - started);
        }
        if drawn == (Drawn::Shown { newer_due: false })
            && let Some(deliver) = self
                .with_state(|state| state.picture_order.take())
                .flatten()
        {
            deliver(self.canvas.clone().into());
        }
        if drawn.shown() {
            (self.hooks.drawn)(self.picture_ms.take());
            // A picture may take several frames; this count lets tests and
            // benchmarks see when one is on the canvas.
            let pictures = self.pictures.get().wrapping_add(1);
            self.pictures.set(pictures);
            let _ = self
                .canvas
                .set_attribute("data-pictures", &pictures.to_string());
        }
        if drawn.wants_more() {
            self.request_redraw();
        }
    }

    fn camera_changed(&self, change: impl FnOnce(&mut OrbitCamera)) {
        let changed = self.with_state(|state| {
            let before = state.camera;
            change(&mut state.camera);
            state.camera != before
        });
        if changed == Some(true) {
            self.request_redraw();
        }
    }

    fn on_resize(&self, _event: &Event) {
        self.resized();
    }

    /// The canvas or the device pixel ratio may have changed size: draw
    /// again if the last drawing had another size.
    fn resized(&self) {
        let size = self.size();
        if self.with_state(|state| state.drawn_size != size) == Some(true) {
            self.request_redraw();
        }
    }

    fn on_context_lost(&self, event: &Event) {
        // Tells the browser we want the context back.
        event.prevent_default();
        self.with_state(|state| {
            if state.status == Status::Running {
                state.status = Status::Lost;
            }
            state.gesture = PointerGesture::new();
            // Its GL objects died with the context.
            state.renderer = None;
        });
        self.frame.take();
        let me = self.me.clone();
        let give_up = Timeout::new(CONTEXT_RESTORE_TIMEOUT_MS, move || {
            if let Some(inner) = me.upgrade() {
                inner.give_up_on_lost_context();
            }
        });
        // Replacing an earlier timer cancels it.
        *self.lost_timer.borrow_mut() = Some(give_up);
    }

    fn on_context_restored(&self, _event: &Event) {
        if self.with_state(|state| state.status) != Some(Status::Lost) {
            return;
        }
        self.lost_timer.take();
        match Renderer::new(&self.canvas) {
            Ok(renderer) => {
                self.with_state(|state| {
                    state.renderer = Some(renderer);
                    state.status = Status::Running;
                });
                self.request_redraw();
            }
            Err(reason) => {
                self.stop();
                (self.hooks.unavailable)(reason);
            }
        }
    }

    fn give_up_on_lost_context(&self) {
        self.lost_timer.take();
        if self.with_state(|state| state.status) != Some(Status::Lost) {
            return;
        }
        self.stop();
        (self.hooks.unavailable)(ViewFailure::NotRestored);
    }
}

/// Whether the view follows the selected boid, and the positions seen from
/// it (cached per data version, boid and count).
#[derive(Default)]
struct Following {
    on: bool,
    centred: Vec<Vec3>,
    key: Option<(u64, usize, usize)>,
}

impl Following {
    /// The positions to draw (and to pick from): as they are, or, when
    /// following the selected boid, seen from it, with the boid they are
    /// centred on.
    fn positions<'a>(
        &'a mut self,
        data_version: u64,
        positions: &'a [Vec3],
        selection: Option<usize>,
    ) -> (&'a [Vec3], Option<usize>) {
        let Some(boid) = selection.filter(|&boid| self.on && boid < positions.len()) else {
            return (positions, None);
        };
        let key = Some((data_version, boid, positions.len()));
        if self.key != key {
            centre_on(positions, boid, &mut self.centred);
            self.key = key;
        }
        (&self.centred, Some(boid))
    }
}
