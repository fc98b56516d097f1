//! A small alpha-beta search for the `search` player.
//!
//! Negamax with alpha-beta pruning to a fixed depth, captures tried first.
//! The evaluation, from the side to move's point of view, is
//! `100 × (own bishops − enemy bishops) + 10 × (enemy bishops attacked −
//! own bishops attacked)`; a finished game scores ±[`WIN`], minus the
//! number of moves to reach it, so a quicker win (or a later loss) is
//! preferred. The root moves are shuffled with the caller's generator
//! before the search, and the first one with the best score is played: the
//! choice among equals is random but reproducible from the seed.

use rand::seq::SliceRandom;

use crate::geometry::attacks;
use crate::{Move, Position, Side, SquareSet};

/// The score of a won game.
pub const WIN: i32 = 1_000_000;

/// The enemy bishops `side`'s bishops attack.
fn attacked_by(pos: &Position, side: Side) -> SquareSet {
    let board = pos.board();
    let occupied = board.occupied();
    let enemy = board.pieces(side.opponent());
    board.pieces(side).iter().fold(SquareSet::EMPTY, |acc, b| {
        acc | (attacks(b, occupied) & enemy)
    })
}

/// The static evaluation of a position still in play, for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.turn();
    let board = pos.board();
    let material = board.count(me) as i32 - board.count(me.opponent()) as i32;
    let threats = attacked_by(pos, me).len() as i32 - attacked_by(pos, me.opponent()).len() as i32;
    100 * material + 10 * threats
}

fn negamax(pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
    if let Some(outcome) = pos.outcome() {
        let score = WIN - ply;
        return if outcome.winner == pos.turn() {
            score
        } else {
            -score
        };
    }
    if depth == 0 {
        return evaluate(pos);
    }
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|m| !m.is_capture());
    let mut best = -WIN - 1;
    for m in moves {
        let score = -negamax(&pos.play_unchecked(m), depth - 1, -beta, -alpha, ply + 1);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The move the search chooses in `pos` at `depth` (at least 1), with its
/// score; `None` if there is no legal move.
pub fn best_move(pos: &Position, depth: u32, rng: &mut impl rand::Rng) -> Option<(Move, i32)> {
    let mut moves = pos.legal_moves();
    moves.shuffle(rng);
    moves.sort_by_key(|m| !m.is_capture());
    let mut alpha = -WIN - 1;
    let mut best = None;
    for m in moves {
        let score = -negamax(
            &pos.play_unchecked(m),
            depth.max(1) - 1,
            -WIN - 1,
            -alpha,
            1,
        );
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some((m, score));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng;
    use crate::{Board, Profile, Square};

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap()
    }

    #[test]
    fn takes_the_last_bishop() {
        // Red c3 can take blue e5, the last blue bishop: a win at once.
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        let board = Board::new(set(&["c3", "j2"]), set(&["e5"])).unwrap();
        for profile in Profile::ALL {
            let pos = Position::new(board, Side::Red, profile);
            let (m, score) = best_move(&pos, 2, &mut rng(1)).unwrap();
            assert_eq!(m, Move::capture(sq("c3"), sq("e5")));
            assert_eq!(score, WIN - 1);
        }
    }

    #[test]
    fn the_evaluation_counts_material_and_threats() {
        let start = Position::start(Profile::Steere, Side::Red);
        assert_eq!(evaluate(&start), 0);
        let after = start.play_unchecked(start.legal_moves()[0]);
        // Blue to move, one bishop down.
        assert!(evaluate(&after) < 0);
    }
}
