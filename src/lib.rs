//! Boids-Schwarm: an interactive 3D boids explorer. The pure [`model`] does the
//! stepping; [`app`] is the Leptos app around it.

pub mod app;
pub mod model;
pub mod worker;
