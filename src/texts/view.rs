//! The words for why the 3D view cannot draw.

use crate::app::view::render3d::ViewFailure;

/// Why the 3D view is not available, as a sentence.
#[must_use]
pub fn view_failure(failure: &ViewFailure) -> String {
    match failure {
        ViewFailure::NoCanvas => "Die Seite konnte keine Zeichenfläche anlegen.".to_owned(),
        ViewFailure::NoWebGl2 => "Dieser Browser stellt kein WebGL2 bereit.".to_owned(),
        ViewFailure::ContextLost => "Der WebGL2-Kontext ist verloren gegangen.".to_owned(),
        ViewFailure::Setup(why) => {
            format!("Der WebGL2-Kontext ließ sich nicht einrichten: {why}")
        }
        ViewFailure::Shaders(why) => {
            format!("Die Shader der 3D-Ansicht ließen sich nicht übersetzen: {why}")
        }
        ViewFailure::Buffers(why) => {
            format!("Der Bildpuffer der 3D-Ansicht ließ sich nicht anlegen: {why}")
        }
        ViewFailure::NotRestored => {
            "Der Browser hat die 3D-Grafik (WebGL-Kontext) beendet und nicht wiederhergestellt."
                .to_owned()
        }
        ViewFailure::Framebuffer(status) => {
            format!("Der Bildpuffer der 3D-Ansicht ließ sich nicht anlegen ({status:#x}).")
        }
        ViewFailure::NoState => "Die 3D-Ansicht fand den Zustand der App nicht.".to_owned(),
    }
}
