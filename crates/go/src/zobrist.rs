//! Zobrist keys for positional superko, built at compile time: the board
//! keeps its hash with them move by move, and the history of positions
//! ([`crate::history`]) looks positions up by that hash. Apart from both,
//! so that the board needs nothing of the history.

use crate::point::CELLS;

/// SplitMix64: a fixed, well-mixed sequence, so hashes are the same on every
/// machine and in every run.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys(salt: u64) -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let mut i = 0;
    while i < CELLS {
        out[i] = splitmix(
            salt.wrapping_mul(0x1_0000_0001)
                .wrapping_add(i as u64 * 2 + 1),
        );
        i += 1;
    }
    out
}

/// One key per padded-grid cell and colour (index 0 Black, 1 White).
pub(crate) static KEYS: [[u64; CELLS]; 2] = [keys(0x5EED_B1AC), keys(0x5EED_3417)];
