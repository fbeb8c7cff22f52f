//! The legend of the selected boid's rules, shared by both views: the switch
//! „Regeln der Auswahl zeigen“, the neighbour count, the four arrow colours
//! with their lengths, the arrow scale and the note on the seam.

use leptos::prelude::*;

use crate::app::format::format_decimal;
use crate::app::view::rules_overlay::{ARROW_LE_PER_VELOCITY, OverlaySettings, Rule, RulesOverlay};
use crate::model::length;
use crate::texts::german_number;

/// What each arrow stands for, after its label.
fn meaning(rule: Rule) -> &'static str {
    match rule {
        Rule::Separation => "w_s · S, weg von zu nahen Nachbarn",
        Rule::Alignment => "w_a · A, zur mittleren Geschwindigkeit der Nachbarn",
        Rule::Cohesion => "w_c · C, zur Mitte der Nachbarn",
        Rule::Sum => {
            "Geschwindigkeitsänderung dieses Schritts vor der Begrenzung auf das Höchsttempo"
        }
    }
}

/// The switch and, with a selected boid, the legend of its rules. `rules`
/// is what the view draws; the element carries the neighbour count in
/// `data-neighbours` (for tests and assistive tools alike, it is the count
/// the text states).
#[component]
pub fn RulesLegend(
    /// The rules the view draws (`None`: switched off or nothing selected).
    #[prop(into)]
    rules: Signal<Option<RulesOverlay>>,
) -> impl IntoView {
    let settings = expect_context::<OverlaySettings>();
    let show = settings.show_rules;
    let neighbours = move || rules.with(|r| r.as_ref().map(|r| r.explanation.neighbours.len()));
    let body = move || {
        rules.with(|rules| {
            let Some(rules) = rules else {
                let hint = if show.get() {
                    "Einen Boid anklicken: seine Nachbarn und die drei Regeln erscheinen im Bild."
                } else {
                    ""
                };
                return view! { <p class="rules-hint">{hint}</p> }.into_any();
            };
            let e = &rules.explanation;
            let items = Rule::ALL
                .into_iter()
                .map(|rule| {
                    let size = format_decimal(length(&rule.vector(e)), 2);
                    view! {
                        <li class=format!("rules-item rules-item-{}", rule.key())>
                            <span class="rules-arrow-swatch" style:background=rule.css() aria-hidden="true"></span>
                            <strong>{rule.label()}</strong>
                            " (" {meaning(rule)} "): " {size} " LE/s"
                        </li>
                    }
                })
                .collect_view();
            view! {
                <p>
                    {format!(
                        "Boid Nr. {}: {} Nachbarn im Radius r = {} LE (äußerer Kreis), davon {} näher als 0,35 · r = {} LE (innerer Kreis, nur sie wirken auf den Abstand). ",
                        e.boid,
                        e.neighbours.len(),
                        format_decimal(rules.radius, 2),
                        e.separating.len(),
                        format_decimal(rules.separation_radius(), 2),
                    )}
                    "Die Nachbarn sind hervorgehoben, die übrigen Boids gedämpft."
                </p>
                <ul class="rules-items">{items}</ul>
                <p>
                    {format!(
                        "Pfeile: 1 LE/s Geschwindigkeitsänderung ≙ {} LE Pfeillänge. ",
                        german_number(&ARROW_LE_PER_VELOCITY.to_string(), None)
                    )}
                    "Nachbarn jenseits einer Würfelfläche sind dort hervorgehoben, wo sie sind; "
                    "ihre Anteile an den Pfeilen zeigen über die Fläche hinweg, denn dort ist "
                    "der Abstand am kürzesten (periodischer Raum)."
                </p>
            }
            .into_any()
        })
    };

    view! {
        <div
            class="rules-legend"
            data-neighbours=move || neighbours().map(|k| k.to_string())
            data-boid=move || rules.with(|r| r.as_ref().map(|r| r.explanation.boid.to_string()))
        >
            <label class="rules-switch">
                <input
                    type="checkbox"
                    id="show-rules"
                    prop:checked=move || show.get()
                    on:change=move |event| show.set(event_target_checked(&event))
                />
                " Regeln der Auswahl zeigen"
            </label>
            {body}
        </div>
    }
}
