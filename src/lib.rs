//! Boids-Schwarm: an interactive 3D boids explorer. The pure [`model`] does the
//! stepping; [`link`] reads and writes links to exact states; [`texts`] words its parameters and errors in German for the app
//! and the CLI; `app` is the Leptos app around it and `worker` the model's Web
//! Worker, both behind the default `web` feature so that the model and its
//! tools build without the web stack.

#[cfg(feature = "web")]
pub mod app;
pub mod link;
pub mod model;
pub mod texts;
#[cfg(feature = "web")]
pub mod worker;
