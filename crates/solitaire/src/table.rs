//! The solver's transposition table: position key → solution count.
//!
//! An open-addressing table with linear probing, keyed by the 48-bit
//! [`Position::key`](crate::Position::key), so an entry is exact (no
//! hash-only matches). It grows by doubling up to a fixed number of slots;
//! a table that fills at that size is emptied and refilled. Forgetting is
//! always safe here, because a missing entry only means the count is
//! computed again: memory stays bounded whatever the puzzle, and results
//! stay exact.
//!
//! A hand-written table rather than a `HashMap`: one multiply per probe, no
//! tombstones (nothing is ever removed singly), and the "forget everything
//! at the cap" policy in one place.

/// Slots of a new table.
const INITIAL_SLOTS: usize = 1 << 10;

/// The default cap on slots: 2^20 slots of 24 bytes, 24 MiB.
pub const DEFAULT_MAX_SLOTS: usize = 1 << 20;

/// Position key → count. Key 0 (the empty board) is the free-slot marker;
/// the empty board is never stored.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    keys: Vec<u64>,
    values: Vec<u128>,
    len: usize,
    max_slots: usize,
    /// How many times the table was emptied at its cap.
    clears: u64,
}

impl Table {
    /// An empty table that grows to at most `max_slots` slots (rounded to a
    /// power of two, at least [`INITIAL_SLOTS`]).
    pub(crate) fn new(max_slots: usize) -> Table {
        let max_slots = max_slots.max(INITIAL_SLOTS).next_power_of_two();
        Table {
            keys: vec![0; INITIAL_SLOTS],
            values: vec![0; INITIAL_SLOTS],
            len: 0,
            max_slots,
            clears: 0,
        }
    }

    #[inline(always)]
    fn slot(key: u64, mask: usize) -> usize {
        // Fibonacci hashing: the high bits of key × 2^64/φ, as many as the
        // table has slot bits.
        let bits = mask.count_ones();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The count stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u128> {
        let mask = self.keys.len() - 1;
        let mut i = Table::slot(key, mask);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(self.values[i]);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Store `value` for `key` (not 0).
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, value: u128) {
        debug_assert!(key != 0);
        if 2 * (self.len + 1) > self.keys.len() {
            self.make_room();
        }
        let mask = self.keys.len() - 1;
        let mut i = Table::slot(key, mask);
        loop {
            let k = self.keys[i];
            if k == 0 {
                self.keys[i] = key;
                self.values[i] = value;
                self.len += 1;
                return;
            }
            if k == key {
                self.values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Double the table, or empty it at the cap.
    fn make_room(&mut self) {
        let slots = self.keys.len();
        if slots >= self.max_slots {
            self.keys.fill(0);
            self.len = 0;
            self.clears += 1;
            return;
        }
        let keys = std::mem::replace(&mut self.keys, vec![0; slots * 2]);
        let values = std::mem::replace(&mut self.values, vec![0; slots * 2]);
        self.len = 0;
        for (k, v) in keys.into_iter().zip(values) {
            if k != 0 {
                self.insert(k, v);
            }
        }
    }

    /// Entries stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// How many times the table was emptied at its cap.
    pub(crate) fn clears(&self) -> u64 {
        self.clears
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_grows_and_forgets_at_the_cap() {
        let mut t = Table::new(4096);
        for k in 1..=2000u64 {
            t.insert(k * 7919, u128::from(k));
        }
        assert_eq!(t.len(), 2000);
        assert_eq!(t.get(7919 * 1234), Some(1234));
        assert_eq!(t.get(5), None);
        for k in 2001..=3000u64 {
            t.insert(k * 7919, u128::from(k));
        }
        // 4096 slots hold at most 2048 entries: the table was emptied once.
        assert_eq!(t.clears(), 1);
        assert!(t.len() < 2048);
        assert_eq!(t.get(7919 * 3000), Some(3000));
    }
}
