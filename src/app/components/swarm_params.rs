//! The parameters the current swarm was made with.

use leptos::prelude::*;

use crate::app::simulation::state::SwarmStore;
use crate::model::ParamField;
use crate::texts;

/// A compact list of the swarm's parameters (empty without a swarm).
#[component]
pub fn SwarmParams() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let params = Memo::new(move |_| {
        store.version().track();
        store.with_swarm(|swarm| swarm.map(|swarm| *swarm.params()))
    });
    move || {
        params.get().map(|params| {
            view! {
                <dl class="swarm-params" aria-label="Parameter des Schwarms">
                    {ParamField::ALL
                        .into_iter()
                        .map(|field| {
                            let unit = field.unit().map(|u| format!("\u{a0}{u}")).unwrap_or_default();
                            view! {
                                <div>
                                    <dt>{texts::label(field)}</dt>
                                    <dd>{format!("{}{unit}", texts::format_value(field, field.get(&params)))}</dd>
                                </div>
                            }
                        })
                        .collect_view()}
                </dl>
            }
        })
    }
}
