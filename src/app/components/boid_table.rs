//! The table of all boids: sortable, selectable, and virtually scrolled so that
//! 50 000 rows cost only the rows on screen.

use leptos::html::Div;
use leptos::prelude::*;

use crate::app::state::SwarmStore;
use crate::app::table_data::{Column, SortOrder};

/// Height of one body row in CSS pixels; `style/main.css` fixes it to this.
pub const ROW_HEIGHT: f64 = 28.0;
/// Rows rendered above and below the visible ones, for smooth scrolling.
const OVERSCAN: usize = 8;

/// One row per boid with position, velocity, speed, neighbours and the
/// unweighted S, A, C for the next step; a click selects the boid.
#[component]
pub fn BoidTable() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let order = RwSignal::new(SortOrder::default());
    let viewport = NodeRef::<Div>::new();
    let scroll_top = RwSignal::new(0.0_f64);
    let viewport_height = RwSignal::new(600.0_f64);
    // Boid ids in display order, recomputed when the state or the order
    // changes. While an import replaces the swarm there is none for a moment:
    // the old rows keep the table's height, so the scroll position stays.
    let rows = Memo::new(move |previous: Option<&Vec<u32>>| {
        store.version().track();
        let order = order.get();
        store.with_swarm(|swarm| match swarm {
            Some(swarm) => order.rows(swarm),
            None => previous.cloned().unwrap_or_default(),
        })
    });
    let measure = move || {
        if let Some(element) = viewport.get_untracked() {
            scroll_top.set(f64::from(element.scroll_top()));
            let height = f64::from(element.client_height());
            if height > 0.0 {
                viewport_height.set(height);
            }
        }
    };
    Effect::new(move |_| {
        viewport.track();
        measure();
    });
    let visible = Memo::new(move |_| {
        let total = rows.with(Vec::len);
        let first = ((scroll_top.get() / ROW_HEIGHT) as usize)
            .saturating_sub(OVERSCAN)
            .min(total);
        let shown = (viewport_height.get() / ROW_HEIGHT).ceil() as usize + 2 * OVERSCAN;
        (first, (first + shown).min(total))
    });
    let jump_to_selection = move |_| {
        let Some(selected) = store.selection().get_untracked() else {
            return;
        };
        let position =
            rows.with_untracked(|rows| rows.iter().position(|&id| id as usize == selected));
        if let (Some(position), Some(element)) = (position, viewport.get_untracked()) {
            let target = position as f64 * ROW_HEIGHT - viewport_height.get_untracked() / 2.0;
            element.set_scroll_top(target.max(0.0) as i32);
            measure();
        }
    };
    let header = move |column: Column| {
        view! {
            <th scope="col" aria-sort=move || order.get().aria_sort(column) title=column.spec().description>
                <button type="button" on:click=move |_| order.update(|o| *o = o.clicked(column))>
                    {column.spec().header}
                    <span class="sort-mark" aria-hidden="true">
                        {move || match order.get().aria_sort(column) {
                            "ascending" => "▲",
                            "descending" => "▼",
                            _ => "",
                        }}
                    </span>
                </button>
            </th>
        }
    };
    let body = move || {
        // The same rows may hold new numbers (a step, an import).
        store.version().track();
        let (first, last) = visible.get();
        let selected = store.selection().get();
        let total = rows.with(Vec::len);
        let ids: Vec<u32> = rows.with(|rows| rows[first..last].to_vec());
        let cells = store.with_swarm(|swarm| {
            swarm.map(|swarm| {
                ids.iter()
                    .map(|&id| {
                        let id = id as usize;
                        (id, Column::ALL.map(|column| column.cell(swarm, id)))
                    })
                    .collect::<Vec<_>>()
            })
        });
        let rows_view =
            cells
                .unwrap_or_default()
                .into_iter()
                .enumerate()
                .map(|(offset, (id, texts))| {
                    let is_selected = selected == Some(id);
                    view! {
                        <tr
                            aria-rowindex=first + offset + 2
                            aria-selected=if is_selected { "true" } else { "false" }
                            class:selected=is_selected
                            data-boid=id
                            on:click=move |_| store.select(Some(id))
                        >
                            {texts.into_iter().map(|text| view! { <td>{text}</td> }).collect_view()}
                        </tr>
                    }
                });
        view! {
            <tr class="spacer" aria-hidden="true" style:height=format!("{}px", first as f64 * ROW_HEIGHT)></tr>
            {rows_view.collect_view()}
            <tr
                class="spacer"
                aria-hidden="true"
                style:height=format!("{}px", (total - last) as f64 * ROW_HEIGHT)
            ></tr>
        }
    };

    view! {
        <div class="table-tools">
            <button
                id="btn-to-selection"
                type="button"
                disabled=move || store.selection().get().is_none()
                on:click=jump_to_selection
            >
                "Zur Auswahl"
            </button>
            <span class="table-count">
                {move || format!("{} Zeilen", crate::app::format::format_integer(rows.with(Vec::len) as u64))}
            </span>
        </div>
        <div class="table-viewport" node_ref=viewport on:scroll=move |_| measure() tabindex="0">
            <table
                id="boid-table"
                class="boid-table"
                aria-rowcount=move || rows.with(Vec::len) + 1
                aria-label="Boids: Position, Geschwindigkeit, Tempo, Nachbarn und ungewichtete Anteile"
            >
                <thead>
                    <tr aria-rowindex="1">{Column::ALL.map(header).to_vec()}</tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
