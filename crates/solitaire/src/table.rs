//! The solver's transposition table: position key → solution count.
//!
//! Open addressing keyed by the 48-bit [`Position::key`](crate::Position::key),
//! so an entry is exact (no hash-only matches). An entry lives within
//! [`PROBES`] slots of its home slot. The table doubles while it is below
//! its cap; at the cap, an insert that finds no free slot there replaces the
//! entry with the fewest pieces, the cheapest to compute again (chess
//! engines' "depth-preferred" replacement). Forgetting is always safe: a
//! missing entry only means that count is computed again, so memory stays
//! bounded whatever the puzzle, and results stay exact.
//!
//! A hand-written table rather than a `HashMap`: one multiply per lookup,
//! at most [`PROBES`] probes, and the replacement policy, none of which a
//! general map offers.

/// Slots of a new table.
const INITIAL_SLOTS: usize = 1 << 8;

/// The default cap on slots: 2^21 slots of 24 bytes, 48 MiB.
pub const DEFAULT_MAX_SLOTS: usize = 1 << 21;

/// How far from its home slot an entry may live.
const PROBES: usize = 8;

/// The number of pieces of a position key (3 bits per square).
#[inline]
fn pieces(key: u64) -> u32 {
    let occupied = (key | key >> 16 | key >> 32) & 0xffff;
    occupied.count_ones()
}

/// Position key → count. Key 0 (the empty board) is the free-slot marker;
/// the empty board is never stored.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    keys: Vec<u64>,
    values: Vec<u128>,
    len: usize,
    max_slots: usize,
    /// Entries replaced at the cap.
    evictions: u64,
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
            evictions: 0,
        }
    }

    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of key × 2^64/φ, as many as the
        // table has slot bits.
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The count stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u128> {
        let mask = self.keys.len() - 1;
        let home = self.home(key);
        for i in 0..PROBES {
            let slot = (home + i) & mask;
            let k = self.keys[slot];
            if k == key {
                return Some(self.values[slot]);
            }
            if k == 0 {
                return None;
            }
        }
        None
    }

    /// Store `value` for `key` (not 0).
    pub(crate) fn insert(&mut self, key: u64, value: u128) {
        debug_assert!(key != 0);
        if 2 * (self.len + 1) > self.keys.len() && self.keys.len() < self.max_slots {
            self.grow();
        }
        loop {
            let mask = self.keys.len() - 1;
            let home = self.home(key);
            let mut cheapest = home;
            for i in 0..PROBES {
                let slot = (home + i) & mask;
                let k = self.keys[slot];
                if k == 0 || k == key {
                    self.len += usize::from(k == 0);
                    self.keys[slot] = key;
                    self.values[slot] = value;
                    return;
                }
                if pieces(k) < pieces(self.keys[cheapest]) {
                    cheapest = slot;
                }
            }
            if self.keys.len() < self.max_slots {
                self.grow();
                continue;
            }
            self.keys[cheapest] = key;
            self.values[cheapest] = value;
            self.evictions += 1;
            return;
        }
    }

    /// Double the table.
    fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![0; slots]);
        let values = std::mem::replace(&mut self.values, vec![0; slots]);
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

    /// Entries replaced at the cap so far.
    pub(crate) fn evictions(&self) -> u64 {
        self.evictions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_grows_and_replaces_at_the_cap() {
        let mut t = Table::new(4096);
        // Keys with 1 to 3 "pieces" (bits of the first plane).
        let key = |k: u64| (k % 0xffff).max(1) | (k << 16) & 0xffff_0000;
        for k in 1..=2000u64 {
            t.insert(key(k), u128::from(k));
        }
        assert_eq!(t.get(key(1234)), Some(1234));
        assert_eq!(t.get(key(3000)), None);
        assert_eq!(t.evictions(), 0);
        for k in 2001..=20000u64 {
            t.insert(key(k), u128::from(k));
        }
        assert!(t.evictions() > 0);
        assert!(t.len() <= 4096);
        // What is found is always right.
        for k in 1..=20000u64 {
            if let Some(v) = t.get(key(k)) {
                assert_eq!(v, u128::from(k));
            }
        }
        assert_eq!(t.get(key(20000)), Some(20000));
    }
}
