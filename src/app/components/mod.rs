//! The building blocks of the pages, one component per file.

mod controls;
mod layout;
mod nav;
mod param_input;
mod parameter_form;
mod status;
mod svg_view;

pub use controls::Controls;
pub use layout::Layout;
pub use nav::Nav;
pub use param_input::ParamInput;
pub use parameter_form::ParameterForm;
pub use status::Status;
pub use svg_view::SvgView;
