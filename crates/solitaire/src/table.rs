//! The solver's transposition table: position key → solution count.
//!
//! Open addressing keyed by the 48-bit [`Position::key`](crate::Position::key),
//! so an entry is exact (no hash-only matches). An entry lives within
//! [`PROBES`] slots of its home slot. The table doubles while it is below
//! its cap, when half full; an insert that finds no free slot there
//! replaces the entry with the fewest pieces, the cheapest to compute again
//! (chess engines' "depth-preferred" replacement). Forgetting is always safe: a
//! missing entry only means that count is computed again, so memory stays
//! bounded whatever the puzzle, and results stay exact.
//!
//! A hand-written table rather than a `HashMap`: one multiply per lookup,
//! at most [`PROBES`] probes, and the replacement policy, none of which a
//! general map offers.

/// Slots of a new table.
const INITIAL_SLOTS: usize = 1 << 8;

/// The default cap on slots: 2^21 slots of 24 bytes, 48 MiB. It is also
/// the floor of a cap given as memory ([`slots_within`]): a smaller table
/// makes the counts of big puzzles many times slower.
pub const DEFAULT_MAX_SLOTS: usize = 1 << 21;

/// The bytes of one slot: a key (`u64`) and a count (`u128`).
pub const SLOT_BYTES: usize = 24;

/// The most slots a table may grow to within `bytes` of memory, at least
/// [`DEFAULT_MAX_SLOTS`]. A power of two: the table doubles, and while it
/// doubles the old half lives beside the new table, so the peak is 1.5
/// times the slots' bytes.
pub fn slots_within(bytes: u64) -> usize {
    let peak = |slots: u64| slots * SLOT_BYTES as u64 * 3 / 2;
    let mut slots = DEFAULT_MAX_SLOTS as u64;
    // Bounded by the address space: a table is a `Vec`.
    while slots < (isize::MAX as u64) / (4 * SLOT_BYTES as u64) && peak(2 * slots) <= bytes {
        slots *= 2;
    }
    usize::try_from(slots).unwrap_or(DEFAULT_MAX_SLOTS)
}

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
        // No free slot in the window: the table is at its cap, or this is
        // bad luck below half load (linear probing makes runs of 8 at a
        // load of 0.4), which doubling would answer by leaving most of the
        // memory empty (a count of 14 pieces grew to 2^26 slots for 7.5 M
        // positions that way). The cheapest entry of the window goes.
        self.keys[cheapest] = key;
        self.values[cheapest] = value;
        self.evictions += 1;
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

    /// Slots now (the table doubles up to its cap).
    pub(crate) fn slots(&self) -> usize {
        self.keys.len()
    }

    /// The most slots it grows to.
    pub(crate) fn max_slots(&self) -> usize {
        self.max_slots
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
    fn memory_gives_slots_with_todays_cap_as_the_floor() {
        assert_eq!(slots_within(0), DEFAULT_MAX_SLOTS);
        assert_eq!(slots_within(48 << 20), DEFAULT_MAX_SLOTS);
        // 2^22 slots peak at 144 MiB while they double.
        assert_eq!(slots_within(143 << 20), DEFAULT_MAX_SLOTS);
        assert_eq!(slots_within(144 << 20), 1 << 22);
        // 2^26 slots: 1.5 GiB, 2.25 GiB while they double.
        assert_eq!(slots_within(4 << 30), 1 << 26);
        assert!(slots_within(u64::MAX).is_power_of_two());
    }

    #[test]
    fn doubles_at_half_load_not_at_the_first_full_window() {
        let mut t = Table::new(1 << 24);
        let n = 100_000u64;
        let mut x = 0x1234_5678_9abc_u64;
        for _ in 0..n {
            // 48-bit keys spread as positions' keys are.
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.insert((x >> 16).max(1), 1);
        }
        // 2^18 slots hold 100,000 entries below half load; a full window of
        // 8 is bad luck there, answered by replacing, not by doubling.
        assert_eq!(t.slots(), 1 << 18);
        assert!(t.evictions() < n / 100, "{}", t.evictions());
        assert_eq!(t.len() as u64 + t.evictions(), n);
    }

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
