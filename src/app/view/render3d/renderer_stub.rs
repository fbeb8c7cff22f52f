//! Outside the browser there is no WebGL2: this stand-in for the renderer
//! always reports that, so the view code compiles and tests run natively.

use web_sys::HtmlCanvasElement;

use super::{Drawn, Frame, ViewFailure};

/// The renderer's native stand-in: it cannot be created.
#[derive(Debug)]
pub struct Renderer {
    _never: std::convert::Infallible,
}

impl Renderer {
    /// Always fails: WebGL2 exists only in the browser.
    pub fn new(_canvas: &HtmlCanvasElement) -> Result<Self, ViewFailure> {
        Err(ViewFailure::NoWebGl2)
    }

    /// Always fails: WebGL2 exists only in the browser.
    pub fn probe() -> Result<(), ViewFailure> {
        Err(ViewFailure::NoWebGl2)
    }

    /// Never reached.
    #[must_use]
    pub fn is_context_lost(&self) -> bool {
        true
    }

    /// Never reached.
    pub fn release(self) {}

    /// Never reached.
    pub fn draw_afresh(&mut self) {}

    /// Never reached.
    pub fn render(&mut self, _frame: &Frame<'_>) -> Drawn {
        Drawn::Nothing
    }
}
