//! Seeds of reference game sets: game K of a set is played from a seed made
//! of the set's seed and K, so a set is the same whatever the number of
//! threads that play it, and one game can be played again alone.

/// The seed of game `number` of a set made with `base`: both mixed by
/// SplitMix64, so nearby seeds and numbers give unrelated games. It has 53
/// bits, so JSON readers that hold numbers as doubles keep it exact.
///
/// # Examples
///
/// ```
/// use asalto_core::game_seed;
///
/// assert_eq!(game_seed(7, 1), game_seed(7, 1));
/// assert_ne!(game_seed(7, 1), game_seed(7, 2));
/// assert_ne!(game_seed(7, 1), game_seed(8, 1));
/// assert!(game_seed(u64::MAX, usize::MAX) < 1 << 53);
/// ```
pub fn game_seed(base: u64, number: usize) -> u64 {
    splitmix64(splitmix64(base) ^ (number as u64)) & ((1 << 53) - 1)
}

/// SplitMix64's output function (Steele, Lea and Flood, 2014): a bijection
/// of `u64` whose nearby inputs give unrelated outputs.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64's published first outputs from state 0 (each output
    /// advances the state by the golden gamma before mixing).
    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        let gamma = 0x9E37_79B9_7F4A_7C15_u64;
        let outputs: Vec<u64> = (0..3u64)
            .map(|i| splitmix64(i.wrapping_mul(gamma)))
            .collect();
        assert_eq!(
            outputs,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F
            ]
        );
    }
}
