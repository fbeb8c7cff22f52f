//! The selected boid's rules in the SVG view: the outlines of its
//! neighbourhood (r) and separation zone (0.35·r) — a sphere projects to a
//! circle of the same radius in this orthographic view — and the four
//! arrows. The view itself draws the neighbours' symbols bright over the
//! dimmed swarm (each symbol once, in the same pass).

use leptos::prelude::*;

use crate::app::simulation::state::SwarmStore;
use crate::app::view::projection::{ScreenPoint, UNITS_PER_LE, project, write_arrow};
use crate::app::view::rules_overlay::{Rule, RulesOverlay};

/// Everything the overlay draws, in picture units.
#[derive(Debug, Clone, PartialEq, Default)]
struct Picture {
    centre: (f64, f64),
    radius: f64,
    zone: f64,
    arrows: [String; 4],
}

/// The picture of `rules` for the swarm in the store (same version).
fn picture(store: SwarmStore, rules: &RulesOverlay) -> Option<Picture> {
    store.with_swarm(|swarm| {
        let swarm = swarm?;
        let e = &rules.explanation;
        let own = swarm.positions().get(e.boid)?;
        let centre = project(own);
        let arrows = Rule::ALL.map(|rule| {
            let mut d = String::new();
            let to = project(&(own + rule.arrow(e)));
            write_arrow(&mut d, centre, ScreenPoint { x: to.x, y: to.y });
            d
        });
        Some(Picture {
            centre: (centre.x, centre.y),
            radius: rules.radius * UNITS_PER_LE,
            zone: rules.separation_radius() * UNITS_PER_LE,
            arrows,
        })
    })
}

/// The overlay inside the SVG view's `<svg>`; hidden without `rules`.
#[component]
pub fn SvgRulesOverlay(
    /// The rules to draw (`None`: switched off or nothing selected).
    #[prop(into)]
    rules: Signal<Option<RulesOverlay>>,
) -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let drawn = Memo::new(move |_| rules.with(|r| r.as_ref().and_then(|r| picture(store, r))));
    // Without a picture the attributes are left out (an empty length is
    // an error in SVG).
    let get = move |read: fn(&Picture) -> String| move || drawn.with(|p| p.as_ref().map(read));
    // The path of arrow `i`, drawn twice: a halo, then the arrow itself.
    let arrow = move |i: usize| {
        move || drawn.with(|p| p.as_ref().map(|p| p.arrows[i].clone()).unwrap_or_default())
    };
    let arrows = Rule::ALL
        .into_iter()
        .enumerate()
        .map(|(i, rule)| {
            view! {
                <path
                    class=format!("rules-arrow rules-arrow-{}", rule.key())
                    style:stroke=rule.css()
                    style:fill=rule.css()
                    d=arrow(i)
                />
            }
        })
        .collect_view();
    let halos = (0..Rule::ALL.len())
        .map(|i| view! { <path class="rules-arrow-halo" d=arrow(i)/> })
        .collect_view();

    view! {
        <g
            class="rules-overlay"
            visibility=move || drawn.with(|p| if p.is_some() { "visible" } else { "hidden" })
            data-neighbours=move || rules.with(|r| r.as_ref().map(|r| r.explanation.neighbours.len().to_string()))
        >
            <circle
                class="rules-radius"
                cx=get(|p| format!("{:.0}", p.centre.0))
                cy=get(|p| format!("{:.0}", p.centre.1))
                r=get(|p| format!("{:.1}", p.radius))
            />
            <circle
                class="rules-zone"
                style:stroke=Rule::Separation.css()
                cx=get(|p| format!("{:.0}", p.centre.0))
                cy=get(|p| format!("{:.0}", p.centre.1))
                r=get(|p| format!("{:.1}", p.zone))
            />
            {halos}
            {arrows}
        </g>
    }
}
