//! A list of live values (the status, the readouts over the view): each
//! term and its value element. The values come from one memo, so the lines
//! are computed once per change, and each value is one text node that
//! changes in place, which screen readers and observers follow.

use leptos::prelude::*;

/// The terms and value elements of a `<dl>` (the caller's): `lines` gives
/// each value element's id and its term, `values` the values in the same
/// order. With `grouped`, each pair sits inside a `<div>` (so a wrapping
/// row keeps it together). `first_class` is the first value's class, if it
/// has one (the run state's colour).
#[component]
pub fn ValueList(
    lines: Vec<(&'static str, &'static str)>,
    values: Memo<Vec<String>>,
    #[prop(optional)] grouped: bool,
    #[prop(optional, into)] first_class: Option<Signal<&'static str>>,
) -> impl IntoView {
    lines
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
