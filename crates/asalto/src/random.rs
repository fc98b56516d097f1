//! Seeded random legal games, for tests, benchmarks and reference sets.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Move, Position};

/// The random generator of the toolkit: seeded, and the same sequence on
/// every platform and every run.
pub type GameRng = ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn rng(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniformly random legal move of `pos`, if it has any.
pub fn random_move(pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        None
    } else {
        Some(moves[rng.random_range(0..moves.len())])
    }
}

/// A game where both sides play uniformly random legal moves, from the start
/// until the game ends or `max_plies` moves are played.
///
/// # Examples
///
/// ```
/// let a = asalto_asalto::random::random_game(7, 500);
/// let b = asalto_asalto::random::random_game(7, 500);
/// assert_eq!(a, b);
/// ```
pub fn random_game(seed: u64, max_plies: usize) -> Vec<Move> {
    let mut rng = rng(seed);
    let mut pos = Position::start();
    let mut moves = Vec::new();
    while moves.len() < max_plies && pos.outcome().is_none() {
        let Some(m) = random_move(&pos, &mut rng) else {
            break;
        };
        pos = pos.play_unchecked(&m);
        moves.push(m);
    }
    moves
}
