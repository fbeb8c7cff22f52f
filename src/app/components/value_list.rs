//! A list of live values (the status, the readouts over the view): each
//! term and its value element. The lines are computed once per change (one
//! memo of the values), and each value is one text node that changes in
//! place, which screen readers and observers follow.

use leptos::prelude::*;

/// One line of a list: the value element's id, the term, the value now.
pub type Line = (&'static str, &'static str, String);

/// The terms and value elements of a `<dl>` (the caller's), from `lines`:
/// read once for the ids and terms, and tracked for the values. With
/// `grouped`, each pair sits inside a `<div>` (so a wrapping row keeps it
/// together). `first_class` is the first value's class, if it has one (the
/// run state's colour).
#[component]
pub fn ValueList(
    lines: impl Fn() -> Vec<Line> + Send + Sync + 'static,
    #[prop(optional)] grouped: bool,
    #[prop(optional, into)] first_class: Option<Signal<&'static str>>,
) -> impl IntoView {
    let terms: Vec<_> = untrack(|| {
        lines()
            .into_iter()
            .map(|(id, term, _)| (id, term))
            .collect()
    });
    let values = Memo::new(move |_| {
        lines()
            .into_iter()
            .map(|(_, _, value)| value)
            .collect::<Vec<_>>()
    });
    terms
        .into_iter()
        .enumerate()
        .map(|(index, (id, term))| {
            let value =
                move || values.with(|values| values.get(index).cloned().unwrap_or_default());
            let class = move || {
                (index == 0)
                    .then(|| first_class.map(|class| class.get()))
                    .flatten()
            };
            let pair = view! {
                <dt>{term}</dt>
                <dd id=id class=class>{value}</dd>
            };
            if grouped {
                view! { <div>{pair}</div> }.into_any()
            } else {
                pair.into_any()
            }
        })
        .collect_view()
}
