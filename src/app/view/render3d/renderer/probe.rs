//! Whether the browser gives a canvas a WebGL2 context: the probe before
//! the view is offered, and the context the renderer takes and hands back.
//! Failures are typed ([`ViewFailure`]); their words are `texts::view`'s.

use wasm_bindgen::JsCast;

use super::super::ViewFailure;
use web_sys::{
    HtmlCanvasElement, WebGl2RenderingContext, WebGlContextAttributes, WebglLoseContext,
};

/// The root element's attribute with the static shell's WebGL2 check:
/// `available`, `missing` or `lost`.
const SHELL_ANSWER: &str = "data-webgl2";

/// Whether this browser gives a canvas a WebGL2 context, or the German
/// reason why not. Tried on a canvas of its own, outside the page, and
/// released at once: the view's canvas gets its context only when there
/// is something to draw, and until then the page does not composite it.
///
/// The static shell (index.html) checks the same way before the page's
/// first paint and leaves its answer on the root element; that answer is
/// taken once, and any later call checks again.
pub(super) fn probe() -> Result<(), ViewFailure> {
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or(ViewFailure::NoCanvas)?;
    if let Some(root) = document.document_element() {
        let answer = root.get_attribute(SHELL_ANSWER);
        let _ = root.remove_attribute(SHELL_ANSWER);
        match answer.as_deref() {
            Some("available") => return Ok(()),
            Some("missing") => return Err(ViewFailure::NoWebGl2),
            Some("lost") => return Err(ViewFailure::ContextLost),
            _ => {}
        }
    }
    let canvas = document
        .create_element("canvas")
        .ok()
        .and_then(|element| element.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or(ViewFailure::NoCanvas)?;
    lose_context(&context(&canvas)?);
    Ok(())
}

/// The canvas's WebGL2 context (created on the first call, the same one
/// afterwards), or the German reason why there is none.
pub(super) fn context(canvas: &HtmlCanvasElement) -> Result<WebGl2RenderingContext, ViewFailure> {
    let attributes = WebGlContextAttributes::new();
    attributes.set_antialias(false);
    attributes.set_depth(false);
    let gl = canvas
        .get_context_with_context_options("webgl2", &attributes)
        .ok()
        .flatten()
        .and_then(|object| object.dyn_into::<WebGl2RenderingContext>().ok())
        .ok_or(ViewFailure::NoWebGl2)?;
    if gl.is_context_lost() {
        return Err(ViewFailure::ContextLost);
    }
    Ok(gl)
}

/// Hands the context back to the browser at once, instead of when garbage
/// collection gets to it.
pub(super) fn lose_context(gl: &WebGl2RenderingContext) {
    if let Ok(Some(extension)) = gl.get_extension("WEBGL_lose_context") {
        extension
            .unchecked_into::<WebglLoseContext>()
            .lose_context();
    }
}
