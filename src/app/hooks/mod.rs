//! Small hooks that own the browser glue (listeners, animation frames) and
//! clean up after themselves when their owner goes away. They report through
//! callbacks and know nothing of the app state, so any component can use them.

mod animation_frame;
mod keyboard;
mod navigation;
mod visibility;

pub use animation_frame::use_animation_frame;
pub use keyboard::{KeyTarget, Shortcut, shortcut_for, use_simulation_shortcuts};
pub use navigation::use_path_change;
pub use visibility::use_document_hidden;
