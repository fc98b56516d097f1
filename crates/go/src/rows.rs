//! A set of points as one `u32` per row (bit `c` of row `r` is the point
//! at column `c`, row `r`): whole-board set operations in a few dozen
//! word operations, for area scoring. Scoring by flood fill visits every
//! point with a branch per neighbour; the end of every checked record is
//! scored, so this runs once per game of a collection.

use crate::point::MAX_SIZE;

/// Rows of a board of up to 25x25; row `r` is `bits[r + 1]`, with an
/// empty row above and below so neighbours need no bounds test.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Rows {
    bits: [u32; MAX_SIZE as usize + 2],
}

impl Rows {
    pub(crate) const EMPTY: Rows = Rows {
        bits: [0; MAX_SIZE as usize + 2],
    };

    /// Sets row `row` (0-based from the top) to `bits`.
    #[inline]
    pub(crate) fn set_row(&mut self, row: usize, bits: u32) {
        self.bits[row + 1] = bits;
    }

    /// Points in the set.
    pub(crate) fn len(&self) -> u32 {
        self.bits.iter().map(|r| r.count_ones()).sum()
    }

    /// Points of `mask` next to a point of `self`.
    pub(crate) fn neighbours_within(&self, mask: &Rows, n: usize) -> Rows {
        let mut out = Rows::EMPTY;
        for r in 1..=n {
            let b = &self.bits;
            out.bits[r] = (b[r] << 1 | b[r] >> 1 | b[r - 1] | b[r + 1]) & mask.bits[r];
        }
        out
    }

    /// The points of `self` not in `other`.
    pub(crate) fn minus(&self, other: &Rows) -> Rows {
        let mut out = *self;
        for (o, x) in out.bits.iter_mut().zip(other.bits) {
            *o &= !x;
        }
        out
    }

    /// The points of `mask` connected to each of two sets (subsets of
    /// `mask`) through points of `mask`: whole runs along each row at
    /// once, then sweeps down and up the board until a sweep changes
    /// nothing (a region winding left and right takes a sweep per turn).
    /// A sweep that changes no row has recomputed every row from its
    /// final neighbours, so the sets are closed: no confirming sweep.
    /// Both sets are filled in one loop: a sweep is a chain of rows each
    /// waiting for the one before, and two independent chains side by
    /// side take about the time of one.
    pub(crate) fn fill_two_within(mut sets: [Rows; 2], mask: &Runs, n: usize) -> [Rows; 2] {
        let mut down = true;
        loop {
            let mut changed = false;
            let mut sweep = |r: usize| {
                for set in &mut sets {
                    let filled = set.grown(mask, r);
                    changed |= filled != set.bits[r];
                    set.bits[r] = filled;
                }
            };
            if down {
                (1..=n).for_each(&mut sweep);
            } else {
                (1..=n).rev().for_each(&mut sweep);
            }
            if !changed {
                return sets;
            }
            down = !down;
        }
    }

    /// Row `r` grown by its neighbours above and below, then along its
    /// runs of `mask`.
    #[inline]
    fn grown(&self, mask: &Runs, r: usize) -> u32 {
        let m = mask.rows.bits[r];
        runs_hit(
            self.bits[r] | ((self.bits[r - 1] | self.bits[r + 1]) & m),
            m,
            &mask.spans[r],
        )
    }
}

/// A mask for [`Rows::fill_two_within`], with what filling its runs
/// downwards needs worked out once (a fill sweeps each row several times).
pub(crate) struct Runs {
    rows: Rows,
    /// Per row, the bits `b` of the mask whose next 2, 4, 8 and 16 bits
    /// downwards (`b`, `b - 1`, ...) are all in the mask: the steps of a
    /// fill by doubling (see [`down`]).
    spans: [[u32; 4]; MAX_SIZE as usize + 2],
}

impl Runs {
    /// The runs of `mask`'s first `n` rows.
    pub(crate) fn new(mask: &Rows, n: usize) -> Runs {
        let mut spans = [[0; 4]; MAX_SIZE as usize + 2];
        for (row, bits) in spans[1..=n].iter_mut().zip(&mask.bits[1..=n]) {
            let mut p = *bits;
            for (k, span) in row.iter_mut().enumerate() {
                p &= p >> (1 << k);
                *span = p;
            }
        }
        Runs { rows: *mask, spans }
    }
}

/// The runs (maximal strings of adjacent set bits) of `mask` that hold a
/// bit of `seed` (a subset of `mask`); `spans` is the row's entry of
/// [`Runs::spans`].
///
/// Upwards: adding a seed bit to `mask` carries through the rest of its
/// run, so `(mask + seed) ^ mask` flips the bits from the seed to the
/// run's top (and the gap bit above, which `& mask` drops); a second seed
/// in the same run flips back only itself, which `| seed` restores.
/// Rows have at most 25 bits, so the carry above the top run stays inside
/// the word. Downwards, where no carry runs, by doubling (see [`down`]).
#[inline]
fn runs_hit(seed: u32, mask: u32, spans: &[u32; 4]) -> u32 {
    let upwards = ((mask.wrapping_add(seed) ^ mask) & mask) | seed;
    upwards | down(seed, mask, spans)
}

/// The bits of `mask` reached from `seed` going down (towards bit 0)
/// through bits of `mask`: each step lets the bits found so far go twice
/// as far as the step before, over stretches wholly in the mask (the
/// "occluded fill" of chess bitboards), so five steps cover 32 bits.
/// Bit reversal, which would let the carry of [`runs_hit`] run
/// downwards, costs a dozen operations a word on x86-64 and this five
/// shifts.
#[inline]
fn down(seed: u32, mask: u32, spans: &[u32; 4]) -> u32 {
    let mut g = seed | (mask & (seed >> 1));
    g |= spans[0] & (g >> 2);
    g |= spans[1] & (g >> 4);
    g |= spans[2] & (g >> 8);
    g | (spans[3] & (g >> 16))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `fill_two_within` against growing each seed one point at a time in all
    /// four directions, on random masks of every size (winding regions
    /// included: dense masks make mazes).
    #[test]
    fn fill_two_within_matches_growth() {
        let mut state = 0x0bad_5eed_1234_5678u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3_000 {
            let n = 1 + round % usize::from(MAX_SIZE);
            let full = (1u32 << n) - 1;
            let (mut mask, mut seeds) = (Rows::EMPTY, [Rows::EMPTY; 2]);
            for r in 0..n {
                // Three words ANDed or ORed: sparse, dense and in between.
                let m = match round % 3 {
                    0 => next() as u32 | next() as u32,
                    1 => next() as u32,
                    _ => next() as u32 & next() as u32 | next() as u32,
                } & full;
                mask.set_row(r, m);
                for seed in &mut seeds {
                    seed.set_row(r, m & next() as u32 & next() as u32 & next() as u32);
                }
            }
            let slow = seeds.map(|seed| {
                let mut slow = seed;
                loop {
                    let mut grown = slow;
                    for r in 1..=n {
                        let b = &slow.bits;
                        grown.bits[r] |=
                            (b[r] << 1 | b[r] >> 1 | b[r - 1] | b[r + 1]) & mask.bits[r];
                    }
                    if grown == slow {
                        break slow;
                    }
                    slow = grown;
                }
            });
            assert_eq!(
                Rows::fill_two_within(seeds, &Runs::new(&mask, n), n),
                slow,
                "round {round}"
            );
        }
    }

    /// `runs_hit` against growing the seed one bit at a time.
    #[test]
    fn runs_hit_matches_growth() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mask = (state as u32) & 0x01ff_ffff;
            let seed = ((state >> 32) as u32) & mask & ((state >> 20) as u32);
            let mut slow = seed;
            loop {
                let grown = (slow | slow << 1 | slow >> 1) & mask;
                if grown == slow {
                    break;
                }
                slow = grown;
            }
            let mut rows = Rows::EMPTY;
            rows.set_row(0, mask);
            let runs = Runs::new(&rows, 1);
            assert_eq!(
                runs_hit(seed, mask, &runs.spans[1]),
                slow,
                "mask {mask:b} seed {seed:b}"
            );
        }
    }
}
