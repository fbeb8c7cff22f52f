//! Opening a link (SPEC §7): the address's query fills the inputs and, with
//! `schritt`, builds the swarm and goes to that step; afterwards the address
//! bar shows the plain path, so a reload behaves as without the link.

use leptos::prelude::*;

use crate::app::platform::base_path;
use crate::app::simulation::param_form::ParamForm;
use crate::app::simulation::state::SwarmStore;
use crate::app::study::estimate::jobs_ms;
use crate::link::{self, LinkRequest};
use crate::model::{ParamField, Params};
use crate::texts;

/// A link whose way to its step is estimated to take longer than this (ms)
/// asks before it computes: 10 s is about as long as one waits without
/// wondering what the page does.
pub const ASK_ABOVE_MS: f64 = 10_000.0;

/// The routes a link may open (below the base path): the pages that show the swarm.
#[cfg(target_arch = "wasm32")]
pub const LINK_PATHS: [&str; 2] = ["/", "/tabelle"];

/// What opening a link had to say, shown above the page: its invalid
/// values until closed (empty when there is nothing to say), and a long way
/// to its step that waits for „Jetzt rechnen“.
#[derive(Debug, Clone, Copy)]
pub struct LinkNotes {
    pub messages: RwSignal<Vec<String>>,
    pub pending: RwSignal<Option<PendingLink>>,
}

/// A valid link whose way to its step would take long: the inputs show its
/// values, and nothing is built until the user chooses to compute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PendingLink {
    pub params: Params,
    pub step: u64,
    /// The estimated time of the way, ms.
    pub estimate_ms: f64,
}

impl PendingLink {
    /// „Jetzt rechnen“: shows the link's values again (in case they were
    /// edited meanwhile) and builds the swarm and goes to the step.
    pub fn compute(&self, form: ParamForm, store: SwarmStore) {
        form.show(&self.params);
        // Valid params always build a swarm; an error cannot occur here.
        let _ = store.initialise_at(&self.params, self.step);
    }
}

impl LinkNotes {
    #[must_use]
    pub fn new() -> Self {
        Self {
            messages: RwSignal::new(Vec::new()),
            pending: RwSignal::new(None),
        }
    }
}

/// The estimated time (ms) of building a swarm of `params` and stepping it
/// to `step`, from the study's benchmark-calibrated cost of a step.
#[must_use]
pub fn way_ms(params: &Params, step: u64) -> f64 {
    jobs_ms(params, step.saturating_add(1))
}

impl Default for LinkNotes {
    fn default() -> Self {
        Self::new()
    }
}

/// Marks the page as embedded (class `embedded` on the root element) when
/// its address asks for it ([`link::EMBED_KEY`]); the style sheet then
/// shows only the view, the controls and the readouts. Call before
/// [`take_from_address`].
pub fn mark_embedded() {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window().and_then(|window| window.location().search().ok());
        if search.is_some_and(|search| link::embedded(&search))
            && let Some(root) = document().document_element()
        {
            let _ = root.class_list().add_1("embedded");
        }
    }
}

/// Takes the link out of the address: returns what it asks for and puts the
/// plain path back in the address bar (without a new history entry), so a
/// reload or a bookmark made now does not apply the link again. `None` on
/// other pages, for a plain address, and natively.
#[must_use]
pub fn take_from_address() -> Option<LinkRequest> {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window()?;
        let location = window.location();
        let path = location.pathname().ok()?;
        if !base_path::route_of(&path).is_some_and(|route| LINK_PATHS.contains(&route.as_str())) {
            return None;
        }
        let search = location.search().ok()?;
        let request = link::parse(&search)?;
        // The embed mode stays in the address, so a reload keeps it.
        let tidy = if link::embedded(&search) {
            format!("{path}?{}", link::EMBED_KEY)
        } else {
            path
        };
        if let Ok(history) = window.history() {
            // Failing to tidy the address bar must not stop the link.
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&tidy));
        }
        Some(request)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Applies a link: the inputs show its values (valid ones in the form's
/// format and saved, as if typed); with valid values and a step the swarm is built and advanced to
/// it, unless the way would take longer than [`ASK_ABOVE_MS`]: then the
/// notes ask first and nothing is built until „Jetzt rechnen“. Invalid
/// values show their field errors in the form and, because the table page
/// has no form, in the notes; nothing is built then.
pub fn apply(request: &LinkRequest, form: ParamForm, store: SwarmStore, notes: LinkNotes) {
    store.reset();
    notes.pending.set(None);
    for field in ParamField::ALL {
        let text = request.text(field);
        // A valid value is shown as the form shows it (decimal comma); an
        // invalid one as the link had it, so its error makes sense.
        let shown = field.parse(text).map_or_else(
            |_| text.to_owned(),
            |value| texts::format_value(field, value),
        );
        form.edit(field, shown);
    }
    let mut messages = Vec::new();
    let params = request.params().map_err(|errors| {
        messages.extend(errors.iter().map(texts::param_error));
    });
    let step = request.step.as_ref().map_err(|error| {
        messages.push(texts::link_step_error(error));
    });
    if messages.is_empty()
        && let (Ok(params), Ok(Some(step))) = (params, step)
    {
        let pending = PendingLink {
            params,
            step: *step,
            estimate_ms: way_ms(&params, *step),
        };
        if pending.estimate_ms > ASK_ABOVE_MS {
            notes.pending.set(Some(pending));
        } else {
            pending.compute(form, store);
        }
    }
    if !messages.is_empty() {
        messages.insert(
            0,
            "Der Link enthält ungültige Werte; es wurde kein Schwarm gebaut:".to_owned(),
        );
    }
    notes.messages.set(messages);
}

/// The address of the link to `params` at `step` on this site's start page
/// (below the app's base path).
#[must_use]
pub fn share_url(params: &crate::model::Params, step: Option<u64>) -> String {
    let origin = web_sys::window()
        .and_then(|window| window.location().origin().ok())
        .unwrap_or_default();
    format!(
        "{origin}{}{}",
        base_path::route_href("/"),
        link::format(params, step)
    )
}
