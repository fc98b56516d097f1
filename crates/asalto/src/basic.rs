//! The assignment's "BASICO" rebel player: score every legal rebel move
//! ([`basic_score`](crate::basic_score)) and play one of the best.

use rand::RngExt;

pub use crate::basic_score::{BasicScore, NotBasic, ScoredMove, best_moves, score_moves};
use crate::{Move, Position};

/// The move BASICO plays: one of the best, chosen with `rng`.
pub fn choose(pos: &Position, variant: BasicScore, rng: &mut impl rand::Rng) -> Option<Move> {
    let best = best_moves(pos, variant);
    if best.is_empty() {
        return None;
    }
    Some(best[rng.random_range(0..best.len())].mv)
}
