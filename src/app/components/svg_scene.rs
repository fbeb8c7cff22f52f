//! Draws a chart's [`Scene`] as SVG shapes: the one set of views every chart
//! of the app shares.

use leptos::prelude::*;

use crate::app::view::scene::{Dot, Label, Scene, Swatch};

/// The shapes of `scene`, for inside an `<svg>` whose viewBox is the
/// scene's drawing units.
#[component]
pub fn SvgScene(scene: Scene) -> impl IntoView {
    let Scene {
        segments,
        strokes,
        dots,
        swatches,
        labels,
    } = scene;
    view! {
        {segments
            .into_iter()
            .map(|s| view! { <line class=s.class x1=s.x1 y1=s.y1 x2=s.x2 y2=s.y2/> })
            .collect_view()}
        {strokes
            .into_iter()
            .map(|s| view! { <path class=s.class d=s.d stroke=s.colour/> })
            .collect_view()}
        {dots.into_iter().map(dot).collect_view()}
        {swatches.into_iter().map(swatch).collect_view()}
        {labels.into_iter().map(label).collect_view()}
    }
}

/// A rectangle, inside its link when it has one (as [`dot`]).
fn swatch(swatch: Swatch) -> impl IntoView {
    let Swatch {
        class,
        x,
        y,
        width,
        height,
        colour,
        link,
    } = swatch;
    let rect = view! { <rect class=class x=x y=y width=width height=height fill=colour/> };
    match link {
        Some(link) => view! {
            <g>
                <a href=link.href target=link.new_tab.then_some("_blank") class=class>
                    <title>{link.title}</title>
                    {rect}
                </a>
            </g>
        }
        .into_any(),
        None => rect.into_any(),
    }
}

/// A dot, inside its link when it has one. The link is written inside a
/// group so that the view macro makes it SVG's `<a>` (and `<title>`), not
/// HTML's, which SVG would not draw.
fn dot(dot: Dot) -> impl IntoView {
    let Dot {
        class,
        cx,
        cy,
        r,
        colour,
        link,
    } = dot;
    match link {
        Some(link) => view! {
            <g>
                <a href=link.href target=link.new_tab.then_some("_blank") class=class data-run=link.run>
                    <title>{link.title}</title>
                    <circle class=class cx=cx cy=cy r=r fill=colour/>
                </a>
            </g>
        }
        .into_any(),
        None => view! { <circle class=class cx=cx cy=cy r=r fill=colour/> }.into_any(),
    }
}

/// A text at its point; an upright one turned about it.
fn label(label: Label) -> impl IntoView {
    let (x, y) = (label.x, label.y);
    let turn = label
        .upright
        .then(|| format!("translate({x} {y}) rotate(-90)"));
    let (x, y) = if label.upright { (0.0, 0.0) } else { (x, y) };
    view! {
        <text class=label.class x=x y=y transform=turn text-anchor=label.anchor.as_str()>
            {label.text}
        </text>
    }
}
