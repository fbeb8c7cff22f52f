//! What draws the swarm: the 3D renderer, the SVG projection, the rules
//! overlay's geometry, the charts of the measures, and how views hand over
//! their pictures.

pub(crate) mod correlation_chart;
pub(crate) mod projection;
pub mod render3d;
pub mod rules_overlay;
pub(crate) mod scene;
pub(crate) mod series_chart;
pub(crate) mod view_look;
