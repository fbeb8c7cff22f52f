//! The 3D canvas's input: pointer gestures (rotate, pinch, click to
//! select), Ctrl/⌘ + wheel to zoom and the keys of the view, each turned
//! into a camera change or a selection of the driver.

use nalgebra::Matrix4;
use wasm_bindgen::JsCast;
use web_sys::{Event, KeyboardEvent, PointerEvent, WheelEvent};

use super::super::camera::{CameraAction, action_for_key, wheel_zoom_factor};
use super::super::gesture::Gesture;
use super::super::picking::{PICK_RADIUS_PX, next_near_centre, pick_nearest, symbol_extent};
use super::{Inner, State};
use crate::model::Vec3;

impl Inner {
    /// Pointer position in CSS pixels relative to the canvas' top left corner.
    fn local(&self, event: &PointerEvent) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (
            f64::from(event.client_x()) - rect.left(),
            f64::from(event.client_y()) - rect.top(),
        )
    }

    pub(super) fn on_pointer_down(&self, event: &Event) {
        let Some(event) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        if event.pointer_type() == "mouse" && event.button() != 0 {
            return;
        }
        let (x, y) = self.local(event);
        let id = event.pointer_id();
        if self.with_state(|state| state.gesture.down(id, x, y)) == Some(true) {
            let _ = self.canvas.set_pointer_capture(id);
        }
    }

    pub(super) fn on_pointer_move(&self, event: &Event) {
        let Some(event) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        let (x, y) = self.local(event);
        let gesture = self
            .with_state(|state| state.gesture.moved(event.pointer_id(), x, y))
            .flatten();
        match gesture {
            Some(Gesture::Rotate { dx, dy }) => {
                self.camera_changed(|camera| camera.rotate_by_pixels(dx, dy))
            }
            Some(Gesture::Zoom(factor)) => self.camera_changed(|camera| camera.zoom(factor)),
            _ => {}
        }
    }

    pub(super) fn on_pointer_up(&self, event: &Event) {
        let Some(event) = event.dyn_ref::<PointerEvent>() else {
            return;
        };
        let (x, y) = self.local(event);
        let id = event.pointer_id();
        let gesture = self
            .with_state(|state| state.gesture.up(id, x, y))
            .flatten();
        if self.canvas.has_pointer_capture(id) {
            let _ = self.canvas.release_pointer_capture(id);
        }
        if let Some(Gesture::Click { x, y }) = gesture {
            self.pick(x, y);
        }
    }

    pub(super) fn on_pointer_cancel(&self, event: &Event) {
        if let Some(event) = event.dyn_ref::<PointerEvent>() {
            self.with_state(|state| state.gesture.cancel(event.pointer_id()));
        }
    }

    /// Selects the boid nearest to a click, or clears the selection.
    fn pick(&self, x: f64, y: f64) {
        let scale = self
            .with_state(|state| f64::from(state.style.symbol_scale))
            .unwrap_or(1.0);
        self.select_from_picture(|positions, view_projection, size, _| {
            Some(pick_nearest(
                positions,
                view_projection,
                size,
                (x, y),
                PICK_RADIUS_PX,
                symbol_extent(positions.len()) * scale,
            ))
        });
    }

    /// Enter on the focused view: the next of the boids nearest the
    /// picture's centre is selected (as a click would).
    fn select_near_centre(&self) {
        self.select_from_picture(|positions, view_projection, size, selection| {
            next_near_centre(positions, view_projection, size, selection).map(Some)
        });
    }

    /// Selects what `choose` finds in the picture as drawn: the positions
    /// shown (around the followed boid, if any), the camera's matrix, the
    /// canvas size in CSS px and the selection. `None` leaves the selection.
    fn select_from_picture(
        &self,
        choose: impl FnOnce(&[Vec3], &Matrix4<f64>, (f64, f64), Option<usize>) -> Option<Option<usize>>,
    ) {
        let (width, height, _) = self.size();
        let (width, height) = (f64::from(width), f64::from(height));
        if width < 1.0 || height < 1.0 {
            return;
        }
        let Ok(mut state) = self.state.try_borrow_mut() else {
            return;
        };
        let State {
            camera,
            selection,
            following,
            ..
        } = &mut *state;
        let view_projection = camera.view_projection(width / height);
        let selection = *selection;
        let mut choose = Some(choose);
        let mut chosen = None;
        (self.hooks.read_swarm)(&mut |data_version, positions, _| {
            let (positions, _) = following.positions(data_version, positions, selection);
            if let Some(choose) = choose.take() {
                chosen = choose(positions, &view_projection, (width, height), selection);
            }
        });
        drop(state);
        if let Some(boid) = chosen {
            (self.hooks.select)(boid);
        }
    }

    pub(super) fn on_wheel(&self, event: &Event) {
        let Some(event) = event.dyn_ref::<WheelEvent>() else {
            return;
        };
        // The plain wheel scrolls the page; only Ctrl or ⌘ + wheel zooms.
        if !(event.ctrl_key() || event.meta_key()) {
            return;
        }
        event.prevent_default();
        let factor = wheel_zoom_factor(event.delta_y(), event.delta_mode());
        self.camera_changed(|camera| camera.zoom(factor));
    }

    pub(super) fn on_key(&self, event: &Event) {
        let Some(event) = event.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        if event.ctrl_key() || event.alt_key() || event.meta_key() {
            return;
        }
        if event.key() == "Enter" {
            event.prevent_default();
            event.stop_propagation();
            self.select_near_centre();
            return;
        }
        if let Some(action) = action_for_key(&event.key()) {
            // The page's own shortcuts (→ steps) must not see these keys.
            event.prevent_default();
            event.stop_propagation();
            self.camera_changed(|camera| camera.apply(action));
            if action == CameraAction::Reset {
                (self.hooks.view_reset)();
            }
        }
    }
}
