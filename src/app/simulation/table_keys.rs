//! What a key does on a focused row of the table: the arrow keys, Page
//! Up/Down, Home and End move the focus, Enter and Space select the row.

/// The table's answer to a key on row `current` (a position in display order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKey {
    /// Focus the row at this position.
    MoveTo(usize),
    /// Select the focused row's boid.
    Select,
}

/// The action for a `KeyboardEvent.key` on row `current` of `total` rows,
/// where `page` rows fit on screen; `None` for any other key, a modified key
/// (Ctrl, Alt, ⌘) or an empty table.
#[must_use]
pub fn row_key(
    key: &str,
    modified: bool,
    current: usize,
    total: usize,
    page: usize,
) -> Option<RowKey> {
    if modified || total == 0 {
        return None;
    }
    let last = total - 1;
    let current = current.min(last);
    let page = page.max(1);
    let target = match key {
        "Enter" | " " | "Spacebar" => return Some(RowKey::Select),
        "ArrowDown" | "Down" => current + 1,
        "ArrowUp" | "Up" => current.saturating_sub(1),
        "PageDown" => current + page,
        "PageUp" => current.saturating_sub(page),
        "Home" => 0,
        "End" => last,
        _ => return None,
    };
    Some(RowKey::MoveTo(target.min(last)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_move_one_row_and_stop_at_the_ends() {
        assert_eq!(
            row_key("ArrowDown", false, 3, 10, 5),
            Some(RowKey::MoveTo(4))
        );
        assert_eq!(row_key("ArrowUp", false, 3, 10, 5), Some(RowKey::MoveTo(2)));
        assert_eq!(row_key("ArrowUp", false, 0, 10, 5), Some(RowKey::MoveTo(0)));
        assert_eq!(
            row_key("ArrowDown", false, 9, 10, 5),
            Some(RowKey::MoveTo(9))
        );
    }

    #[test]
    fn home_end_and_pages_jump() {
        assert_eq!(row_key("Home", false, 7, 10, 5), Some(RowKey::MoveTo(0)));
        assert_eq!(row_key("End", false, 2, 10, 5), Some(RowKey::MoveTo(9)));
        assert_eq!(
            row_key("PageDown", false, 2, 10, 5),
            Some(RowKey::MoveTo(7))
        );
        assert_eq!(
            row_key("PageDown", false, 7, 10, 5),
            Some(RowKey::MoveTo(9))
        );
        assert_eq!(row_key("PageUp", false, 3, 10, 5), Some(RowKey::MoveTo(0)));
    }

    #[test]
    fn enter_and_space_select() {
        assert_eq!(row_key("Enter", false, 3, 10, 5), Some(RowKey::Select));
        assert_eq!(row_key(" ", false, 3, 10, 5), Some(RowKey::Select));
    }

    #[test]
    fn other_keys_modifiers_and_an_empty_table_do_nothing() {
        assert_eq!(row_key("a", false, 3, 10, 5), None);
        assert_eq!(row_key("ArrowDown", true, 3, 10, 5), None);
        assert_eq!(row_key("ArrowDown", false, 0, 0, 5), None);
    }

    #[test]
    fn a_position_beyond_a_shorter_table_is_clamped() {
        // After an import with fewer boids the remembered row may be gone.
        assert_eq!(
            row_key("ArrowUp", false, 50, 10, 5),
            Some(RowKey::MoveTo(8))
        );
    }
}
