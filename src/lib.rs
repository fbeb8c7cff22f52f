//! Boids-Schwarm: an interactive 3D boids explorer. The pure [`model`] does the
//! stepping; the Leptos app around it comes next.

pub mod model;
