//! The table of all boids: sortable, selectable with the mouse or the
//! keyboard, and virtually scrolled so that 50 000 rows cost only the rows on
//! screen.
//!
//! Keyboard: the rows are one tab stop (a roving tabindex: the row last
//! focused, or the first one on screen, has `tabindex="0"`); the arrow keys,
//! Page Up/Down, Home and End move the focus and scroll, Enter or Space
//! selects. Rows are rebuilt as the table scrolls by a row or the selection
//! changes, so the focus is put back on the focused row after each of these.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::simulation::state::SwarmStore;
use crate::app::simulation::table_data::{Column, SortOrder};
use crate::app::simulation::table_keys::{RowKey, row_key};

/// Height of one body row in CSS pixels; `style/main.css` fixes it to this.
pub const ROW_HEIGHT: f64 = 28.0;
/// Rows rendered above and below the visible ones, for smooth scrolling.
const OVERSCAN: usize = 8;

/// One row per boid with position, velocity, speed, neighbours and the
/// unweighted S, A, C for the next step; a click, Enter or Space selects.
#[component]
pub fn BoidTable() -> impl IntoView {
    let store = expect_context::<SwarmStore>();
    let order = RwSignal::new(SortOrder::default());
    let viewport = NodeRef::<Div>::new();
    let scroll_top = RwSignal::new(0.0_f64);
    let viewport_height = RwSignal::new(600.0_f64);
    // The focused row's position in display order (the roving tab stop).
    let active = RwSignal::new(0_usize);
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
    // Scrolls so that the row at `position` is fully below the sticky header.
    let scroll_to_row = move |position: usize| {
        let Some(element) = viewport.get_untracked() else {
            return;
        };
        let header = element
            .query_selector("thead")
            .ok()
            .flatten()
            .and_then(|head| head.dyn_into::<web_sys::HtmlElement>().ok())
            .map_or(0.0, |head| f64::from(head.offset_height()));
        let top = position as f64 * ROW_HEIGHT;
        let scrolled = f64::from(element.scroll_top());
        let height = f64::from(element.client_height());
        if top < scrolled {
            element.set_scroll_top(top as i32);
        } else if header + top + ROW_HEIGHT > scrolled + height {
            element.set_scroll_top((header + top + ROW_HEIGHT - height).ceil() as i32);
        }
        measure();
    };
    // Focuses the active row once the rows of the new scroll position and
    // selection are in the document (by the next frame).
    let focus_active = move || {
        request_animation_frame(move || {
            let selector = format!("tr[aria-rowindex='{}']", active.get_untracked() + 2);
            if let Some(row) = viewport
                .get_untracked()
                .and_then(|element| element.query_selector(&selector).ok().flatten())
                .and_then(|row| row.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = row.focus();
            }
        });
    };
    let on_row_key = move |event: leptos::ev::KeyboardEvent| {
        let modified = event.ctrl_key() || event.alt_key() || event.meta_key();
        let total = rows.with_untracked(Vec::len);
        let page = (viewport_height.get_untracked() / ROW_HEIGHT) as usize;
        let current = active.get_untracked();
        let Some(action) = row_key(&event.key(), modified, current, total, page) else {
            return;
        };
        // No page scroll on Space or the arrows: the table scrolls itself.
        event.prevent_default();
        match action {
            RowKey::Select => {
                let boid = rows.with_untracked(|rows| rows.get(current.min(total - 1)).copied());
                store.select(boid.map(|id| id as usize));
            }
            RowKey::MoveTo(position) => {
                active.set(position);
                scroll_to_row(position);
            }
        }
        focus_active();
    };
    // A row focused by Tab or a click becomes the active one.
    let on_row_focus = move |event: leptos::ev::FocusEvent| {
        let position = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
            .and_then(|row| row.get_attribute("aria-rowindex"))
            .and_then(|index| index.parse::<usize>().ok())
            .and_then(|index| index.checked_sub(2));
        if let Some(position) = position
            && active.get_untracked() != position
        {
            active.set(position);
        }
    };
    // The tab stop: the active row, or the first one fully on screen. Only
    // the rows' tabindex follows it: rebuilding the rows on focus would
    // replace the row a click has just pressed.
    let roving = Memo::new(move |_| {
        let (first, last) = visible.get();
        match active.get() {
            position if (first..last).contains(&position) => position,
            _ => ((scroll_top.get() / ROW_HEIGHT).ceil() as usize)
                .max(first)
                .min(last.saturating_sub(1)),
        }
    });
    let jump_to_selection = move |_| {
        let Some(selected) = store.selection().get_untracked() else {
            return;
        };
        let Some(position) =
            rows.with_untracked(|rows| rows.iter().position(|&id| id as usize == selected))
        else {
            return;
        };
        // Tab then reaches the selected row.
        active.set(position);
        if let Some(element) = viewport.get_untracked() {
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
                    let position = first + offset;
                    view! {
                        <tr
                            aria-rowindex=position + 2
                            aria-selected=if is_selected { "true" } else { "false" }
                            class:selected=is_selected
                            tabindex=move || if roving.get() == position { "0" } else { "-1" }
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
        <div class="table-viewport" node_ref=viewport on:scroll=move |_| measure()>
            <table
                id="boid-table"
                class="boid-table"
                role="grid"
                aria-rowcount=move || rows.with(Vec::len) + 1
                aria-label="Boids: Position, Geschwindigkeit, Tempo, Nachbarn und ungewichtete Anteile"
            >
                <thead>
                    <tr aria-rowindex="1">{Vec::from(Column::ALL.map(header))}</tr>
                </thead>
                <tbody on:keydown=on_row_key on:focusin=on_row_focus>{body}</tbody>
            </table>
        </div>
    }
}
