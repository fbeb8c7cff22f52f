//! Every browser scenario, by topic: one module per topic, each scenario an
//! `async fn(AppPage)` registered beside its definition with [`scenario!`].
//! The registrations are gathered into [`SCENARIOS`] when the test is linked,
//! so there is no list to forget a scenario in; and since a scenario function
//! that is not registered is never called, the crate's `deny(dead_code)`
//! fails the build on it.

use std::future::Future;
use std::pin::Pin;

use linkme::distributed_slice;

use crate::support::Mode;
use crate::support::app_page::AppPage;

/// One scenario as registered: what to run, and in which browser modes.
pub struct Scenario {
    /// The function's module path and name, such as
    /// `browser_app::scenarios::table::sorting_by_a_column`.
    pub path: &'static str,
    /// The browser modes it runs in, once each.
    pub modes: &'static [Mode],
    /// Runs with no other scenario beside it: it measures how fast the page
    /// answers, which a second browser on the same cores would slow down.
    pub alone: bool,
    pub run: fn(AppPage) -> Pin<Box<dyn Future<Output = ()> + Send>>,
}

/// Every registered scenario, in no particular order.
#[distributed_slice]
pub static SCENARIOS: [Scenario];

/// Registers the `async fn(AppPage)` named last as a scenario of the modes
/// named first (`svg`, `webgl`); `alone:` in front runs it with no other
/// scenario beside it (see [`Scenario::alone`]). Written beside the
/// function:
///
/// ```ignore
/// scenario!(svg, webgl => the_status_shows_the_measures);
/// pub async fn the_status_shows_the_measures(page: AppPage) { … }
/// ```
macro_rules! scenario {
    (alone: $($mode:ident),+ => $name:ident) => {
        scenario!(@register true; $($mode),+ => $name);
    };
    ($($mode:ident),+ => $name:ident) => {
        scenario!(@register false; $($mode),+ => $name);
    };
    (@register $alone:literal; $($mode:ident),+ => $name:ident) => {
        const _: () = {
            #[linkme::distributed_slice(crate::scenarios::SCENARIOS)]
            static SCENARIO: crate::scenarios::Scenario = crate::scenarios::Scenario {
                path: concat!(module_path!(), "::", stringify!($name)),
                modes: &[$(scenario!(@mode $mode)),+],
                alone: $alone,
                run: |page| Box::pin($name(page)),
            };
        };
    };
    (@mode svg) => {
        crate::support::Mode::Svg
    };
    (@mode webgl) => {
        crate::support::Mode::Webgl
    };
}

pub mod basics;
pub mod classroom;
pub mod correlations;
pub mod crash;
pub mod deploy;
pub mod hardening;
pub mod info_page;
pub mod links;
pub mod media;
pub mod overlay;
pub mod phone;
pub mod picking;
pub mod presets;
pub mod series;
pub mod service_worker;
pub mod step_back;
pub mod study;
pub mod study_research;
pub mod table;
pub mod view_3d;
pub mod worker_replies;
pub mod workers;

/// A scenario's test name below its mode: its module path below this
/// module and its function name (`table::sorting_by_a_column`). The app's
/// basic rules in [`basics`] were named before the scenarios had topics and
/// keep their bare function names (`initialise_gives_…`).
pub fn test_name(path: &str) -> &str {
    let below = path
        .split_once("::scenarios::")
        .map_or(path, |(_, below)| below);
    match below.strip_prefix("basics::") {
        Some(in_basics) => in_basics
            .split_once("::")
            .map_or(in_basics, |(_, name)| name),
        None => below,
    }
}
