//! The model's Web Worker: the messages between the page and its workers
//! (plain data, tested natively) and, in the browser, both ends' glue.

// The codec's two ends (the pool, the state reader, `js` and `runtime`) run
// only in the browser; natively its tests alone use much of it.
pub(crate) mod correlations;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) mod messages;
pub(crate) mod protocol;
pub(crate) mod study;

#[cfg(target_arch = "wasm32")]
pub(crate) mod js;
#[cfg(target_arch = "wasm32")]
pub mod runtime;
