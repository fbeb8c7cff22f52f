//! Counting sort of items into numbered cells: the one bucketing behind the
//! step's cell list and the measures' grids. Each caller numbers its cells
//! in its own layout; the sort only counts, sums and places.

use std::ops::Range;

/// Items (indices, e.g. boid ids) sorted by cell, stable: within a cell in
/// the order they were given. The items of cell `c` sit in the sorted slots
/// `start[c] .. start[c + 1]`; `order[slot]` is the item in a slot. Kept
/// between sorts, so sorting the same number of items into the same number
/// of cells again allocates nothing.
#[derive(Debug, Clone, Default)]
pub(crate) struct Buckets {
    /// `start[c]`: the first slot of cell c; `cells + 1` entries, the last
    /// is the number of items.
    pub(crate) start: Vec<u32>,
    /// Sorted slot → item.
    pub(crate) order: Vec<u32>,
    /// Scratch: each item and its cell, in the order given.
    entries: Vec<(u32, u32)>,
    /// Scratch: the next free slot of every cell.
    next: Vec<u32>,
}

impl Buckets {
    /// Sorts `items`, each an item and its cell `< cells`, replacing what
    /// was sorted before. Items and cells must fit in `u32`.
    pub(crate) fn sort(&mut self, cells: usize, items: impl IntoIterator<Item = (usize, usize)>) {
        self.entries.clear();
        self.entries.extend(
            items
                .into_iter()
                .map(|(item, cell)| (item as u32, cell as u32)),
        );
        self.start.clear();
        self.start.resize(cells + 1, 0);
        for &(_, cell) in &self.entries {
            self.start[cell as usize + 1] += 1;
        }
        for cell in 0..cells {
            self.start[cell + 1] += self.start[cell];
        }
        // Fill by advancing a copy of the starts, then the starts stay intact.
        self.next.clear();
        self.next.extend_from_slice(&self.start[..cells]);
        self.order.resize(self.entries.len(), 0);
        for &(item, cell) in &self.entries {
            let slot = &mut self.next[cell as usize];
            self.order[*slot as usize] = item;
            *slot += 1;
        }
    }

    /// The sorted slots of cell `cell`.
    #[inline]
    pub(crate) fn slots(&self, cell: usize) -> Range<usize> {
        self.start[cell] as usize..self.start[cell + 1] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_sort_by_cell_keeping_their_order_within_a_cell() {
        let mut buckets = Buckets::default();
        buckets.sort(4, [(7, 2), (3, 0), (9, 2), (1, 3), (5, 0)]);
        assert_eq!(buckets.start, [0, 2, 2, 4, 5]);
        assert_eq!(buckets.order, [3, 5, 7, 9, 1]);
        assert_eq!(buckets.slots(1), 2..2);
        assert_eq!(buckets.slots(2), 2..4);
        // A second sort replaces the first.
        buckets.sort(2, [(0, 1), (1, 1)]);
        assert_eq!(buckets.start, [0, 0, 2]);
        assert_eq!(buckets.order, [0, 1]);
        assert_eq!(buckets.order.len(), 2);
        buckets.sort(3, []);
        assert_eq!(
            (buckets.start.as_slice(), buckets.order.len()),
            (&[0, 0, 0, 0][..], 0)
        );
    }
}
