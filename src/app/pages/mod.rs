//! The routed pages, one per file.

mod about;
mod not_found;
mod simulation;
mod study;
mod table;

pub use about::AboutPage;
pub use not_found::NotFoundPage;
pub use simulation::SimulationPage;
pub use study::StudyPage;
pub use table::TablePage;
