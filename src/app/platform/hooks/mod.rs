//! Small hooks that own the browser glue (listeners, animation frames) and
//! clean up after themselves when their owner goes away. They report through
//! callbacks and know nothing of the app state, so any component can use them.

mod animation_frame;
mod before_unload;
mod first_paint;
mod fullscreen;
mod keyboard;
mod navigation;
mod service_worker;
mod visibility;

pub use animation_frame::use_animation_frame;
pub use before_unload::use_before_unload;
pub use first_paint::use_after_first_paint;
pub use fullscreen::{enter_fullscreen, leave_fullscreen, use_fullscreen_exit};
pub use keyboard::{Shortcut, use_simulation_shortcuts};
pub use navigation::use_path_change;
pub use service_worker::{AppUpdate, use_service_worker};
pub use visibility::use_document_hidden;
