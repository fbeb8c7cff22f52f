//! The building blocks of the pages, one component per file.

mod advanced_settings;
mod boid_table;
mod controls;
mod export_buttons;
mod go_to_step;
mod layout;
mod link_notice;
mod nav;
mod param_input;
mod parameter_form;
mod reading_notes;
mod share_link;
mod state_import;
mod status;
mod svg_view;
mod swarm_params;
mod view_3d;
mod view_3d_legend;

pub use advanced_settings::AdvancedSettings;
pub use boid_table::BoidTable;
pub use controls::Controls;
pub use export_buttons::ExportButtons;
pub use go_to_step::GoToStep;
pub use layout::Layout;
pub use link_notice::LinkNotice;
pub use nav::Nav;
pub use param_input::ParamInput;
pub use parameter_form::ParameterForm;
pub use reading_notes::ReadingNotes;
pub use share_link::ShareLink;
pub use state_import::StateImport;
pub use status::Status;
pub use svg_view::SvgView;
pub use swarm_params::SwarmParams;
pub use view_3d::View3d;
pub use view_3d_legend::View3dLegend;
