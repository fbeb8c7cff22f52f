//! The browser underneath the workflows: the model's Web Workers (`engine`),
//! hooks that clean up after themselves, local storage, timers, downloads,
//! the number of cores, the crash dialog and the state file reader.

pub(crate) mod base_path;
pub(crate) mod cores;
pub mod crash;
pub(crate) mod download;
pub(crate) mod driver;
pub(crate) mod engine;
pub(crate) mod hooks;
pub(crate) mod state_reader;
pub mod storage;
pub mod timing;
