//! Seeded randomness: the same games on every platform and every run.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Move, Position};

/// The random generator of the crate: seeded, and the same sequence on
/// every platform.
pub type GameRng = ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn rng(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniformly random legal move of `pos`, if it has any.
pub fn random_move(pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    pick(&moves, rng).copied()
}

/// A uniformly random element of `items`, if any.
pub fn pick<'a, T>(items: &'a [T], rng: &mut impl rand::Rng) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(rng.random_range(0..items.len()))
    }
}

/// A game where both sides play uniformly random legal moves from `start`,
/// until it ends or `max_plies` moves are played.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{random, Position, Profile, Side};
///
/// let start = Position::start(Profile::Steere, Side::Red);
/// assert_eq!(random::random_game(start, 7, 300), random::random_game(start, 7, 300));
/// ```
pub fn random_game(start: Position, seed: u64, max_plies: usize) -> Vec<Move> {
    let mut rng = rng(seed);
    let mut pos = start;
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let Some(m) = random_move(&pos, &mut rng) else {
            break;
        };
        pos = pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}
