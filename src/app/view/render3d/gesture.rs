//! Turns pointer events (mouse, pen, touch) on the 3D canvas into camera
//! gestures: one pointer dragging rotates, two pointers pinching zoom, and a
//! press released without moving more than a few pixels is a click. Plain
//! state without browser types, tested natively.

/// A press that moves at most this many CSS pixels is still a click.
pub const CLICK_SLOP_PX: f64 = 5.0;

/// What a pointer event asks of the view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Gesture {
    /// Turn the view for a drag by these CSS pixels.
    Rotate { dx: f64, dy: f64 },
    /// Multiply the camera distance by this factor (< 1 comes closer).
    Zoom(f64),
    /// A click at this canvas position (CSS pixels): select or clear.
    Click { x: f64, y: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Pointer {
    id: i32,
    x: f64,
    y: f64,
}

/// The pointers pressed on the canvas and what the current gesture did so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PointerGesture {
    pointers: [Option<Pointer>; 2],
    start: (f64, f64),
    dragging: bool,
    multi: bool,
}

impl PointerGesture {
    /// A gesture tracker without pressed pointers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether any pointer is pressed.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.pointers.iter().any(Option::is_some)
    }

    /// A pointer was pressed at `x`, `y` (CSS pixels in the canvas). Returns
    /// whether it is tracked (a third finger is not); the caller then
    /// captures the pointer.
    pub fn down(&mut self, id: i32, x: f64, y: f64) -> bool {
        if !(x.is_finite() && y.is_finite()) || self.slot(id).is_some() {
            return false;
        }
        if !self.is_active() {
            self.start = (x, y);
            self.dragging = false;
            self.multi = false;
        }
        let Some(free) = self.pointers.iter_mut().find(|p| p.is_none()) else {
            return false;
        };
        *free = Some(Pointer { id, x, y });
        if self.pointers.iter().all(Option::is_some) {
            self.multi = true;
        }
        true
    }

    /// A tracked pointer moved to `x`, `y`.
    pub fn moved(&mut self, id: i32, x: f64, y: f64) -> Option<Gesture> {
        if !(x.is_finite() && y.is_finite()) {
            return None;
        }
        let slot = self.slot(id)?;
        let before = self.pointers[slot]?;
        if let Some(other) = self.pointers[1 - slot] {
            let old = (before.x - other.x).hypot(before.y - other.y);
            let new = (x - other.x).hypot(y - other.y);
            self.pointers[slot] = Some(Pointer { id, x, y });
            self.dragging = true;
            return (old > 1.0 && new > 1.0).then_some(Gesture::Zoom(old / new));
        }
        self.pointers[slot] = Some(Pointer { id, x, y });
        if self.dragging {
            return Some(Gesture::Rotate {
                dx: x - before.x,
                dy: y - before.y,
            });
        }
        let (dx, dy) = (x - self.start.0, y - self.start.1);
        if dx.hypot(dy) > CLICK_SLOP_PX {
            // The drag starts: catch up with the whole way from the press.
            self.dragging = true;
            return Some(Gesture::Rotate { dx, dy });
        }
        None
    }

    /// A tracked pointer was released at `x`, `y`: a click when it was the
    /// only pointer of the gesture and did not drag.
    pub fn up(&mut self, id: i32, x: f64, y: f64) -> Option<Gesture> {
        let slot = self.slot(id)?;
        self.pointers[slot] = None;
        if self.is_active() || self.dragging || self.multi {
            return None;
        }
        let (x, y) = if x.is_finite() && y.is_finite() {
            (x, y)
        } else {
            self.start
        };
        Some(Gesture::Click { x, y })
    }

    /// A pointer was cancelled (the browser took over, capture lost): it ends
    /// without a click.
    pub fn cancel(&mut self, id: i32) {
        if let Some(slot) = self.slot(id) {
            self.pointers[slot] = None;
            self.dragging = true;
        }
    }

    fn slot(&self, id: i32) -> Option<usize> {
        self.pointers
            .iter()
            .position(|p| p.is_some_and(|p| p.id == id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_press_without_movement_is_a_click() {
        let mut g = PointerGesture::new();
        assert!(g.down(1, 100.0, 50.0));
        assert_eq!(g.moved(1, 102.0, 51.0), None);
        assert_eq!(
            g.up(1, 102.0, 51.0),
            Some(Gesture::Click { x: 102.0, y: 51.0 })
        );
        assert!(!g.is_active());
    }

    #[test]
    fn a_drag_rotates_by_the_whole_way_and_is_no_click() {
        let mut g = PointerGesture::new();
        g.down(1, 100.0, 50.0);
        assert_eq!(g.moved(1, 103.0, 50.0), None);
        assert_eq!(
            g.moved(1, 110.0, 48.0),
            Some(Gesture::Rotate { dx: 10.0, dy: -2.0 })
        );
        assert_eq!(
            g.moved(1, 111.0, 48.0),
            Some(Gesture::Rotate { dx: 1.0, dy: 0.0 })
        );
        // Back to the start: still a drag.
        assert_eq!(
            g.moved(1, 100.0, 50.0),
            Some(Gesture::Rotate { dx: -11.0, dy: 2.0 })
        );
        assert_eq!(g.up(1, 100.0, 50.0), None);
        // The next press starts afresh.
        g.down(1, 0.0, 0.0);
        assert_eq!(g.up(1, 0.0, 0.0), Some(Gesture::Click { x: 0.0, y: 0.0 }));
    }

    #[test]
    fn two_pointers_pinch_to_zoom_and_never_click() {
        let mut g = PointerGesture::new();
        g.down(1, 100.0, 100.0);
        g.down(2, 200.0, 100.0);
        // Spreading the fingers to twice the distance halves the camera distance.
        assert_eq!(g.moved(2, 300.0, 100.0), Some(Gesture::Zoom(0.5)));
        assert_eq!(g.up(2, 300.0, 100.0), None);
        // The remaining finger rotates.
        assert_eq!(
            g.moved(1, 101.0, 100.0),
            Some(Gesture::Rotate { dx: 1.0, dy: 0.0 })
        );
        assert_eq!(g.up(1, 101.0, 100.0), None);
    }

    #[test]
    fn unknown_third_and_cancelled_pointers_are_ignored() {
        let mut g = PointerGesture::new();
        assert_eq!(g.moved(7, 1.0, 1.0), None);
        assert_eq!(g.up(7, 1.0, 1.0), None);
        assert!(g.down(1, 0.0, 0.0));
        assert!(!g.down(1, 0.0, 0.0), "the same pointer twice");
        assert!(g.down(2, 10.0, 0.0));
        assert!(!g.down(3, 20.0, 0.0));
        g.cancel(1);
        g.cancel(2);
        assert!(!g.is_active());
        g.down(4, 0.0, 0.0);
        g.cancel(4);
        assert_eq!(g.up(4, 0.0, 0.0), None);
        assert!(!g.down(5, f64::NAN, 0.0));
    }
}
