//! The model's Web Worker: the messages between the page and its workers
//! (plain data, tested natively) and, in the browser, both ends' glue.

pub mod messages;
pub mod protocol;
pub mod study;

#[cfg(target_arch = "wasm32")]
pub mod js;
#[cfg(target_arch = "wasm32")]
pub mod runtime;
