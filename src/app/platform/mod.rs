//! The browser underneath the workflows: the model's Web Workers (`engine`),
//! hooks that clean up after themselves, local storage, timers, downloads,
//! the number of cores, the crash dialog and the state file reader.

pub mod base_path;
pub mod cores;
pub mod crash;
pub(crate) mod download;
pub(crate) mod driver;
pub mod engine;
pub mod hooks;
pub mod state_reader;
pub mod storage;
pub mod timing;
