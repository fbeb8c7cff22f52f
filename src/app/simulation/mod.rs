//! The simulation: the session (a plain state machine, natively tested, and
//! the one driver loop that carries out its effects), the reactive shell the
//! views read, and what belongs to one swarm: checkpoints, the clock, the
//! parameter form, presets, links and the table's data.

pub(crate) mod checkpoints;
pub(crate) mod clock;
pub(crate) mod link_open;
pub(crate) mod param_form;
pub(crate) mod perf;
pub(crate) mod presets;
pub(crate) mod session;
pub(crate) mod state;
pub mod table_data;
pub(crate) mod table_keys;
