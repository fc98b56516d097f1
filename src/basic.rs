//! The assignment's "BASICO" rebel player: score every legal rebel move and
//! play one of the best.

use std::fmt;

use rand::RngExt;

use crate::{Move, Position, Side};

/// Which of the assignment's two BASICO scores to use.
///
/// `ncas` is 1 when the rebel enters the castle (from outside), `ncap` the
/// most rebels one officer reply captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BasicScore {
    /// First version of the assignment: `ncas - 2·ncap` (fewest captures
    /// first; entering the castle only breaks ties).
    V1,
    /// Second version: `2·ncas - ncap` (entering the castle is worth up to two
    /// lost rebels).
    V2,
}

impl BasicScore {
    /// Both variants.
    pub const ALL: [BasicScore; 2] = [BasicScore::V1, BasicScore::V2];

    /// The stable name: `basic-v1` or `basic-v2`.
    pub const fn name(self) -> &'static str {
        match self {
            BasicScore::V1 => "basic-v1",
            BasicScore::V2 => "basic-v2",
        }
    }

    /// The variant with this name (`basic-v1`, `v1`, ...).
    pub fn from_name(name: &str) -> Option<BasicScore> {
        match name {
            "basic-v1" | "v1" => Some(BasicScore::V1),
            "basic-v2" | "v2" => Some(BasicScore::V2),
            _ => None,
        }
    }

    /// The score of a move with these counts.
    pub const fn score(self, ncas: i32, ncap: i32) -> i32 {
        match self {
            BasicScore::V1 => ncas - 2 * ncap,
            BasicScore::V2 => 2 * ncas - ncap,
        }
    }

    /// The formula, for messages.
    pub const fn formula(self) -> &'static str {
        match self {
            BasicScore::V1 => "ncas - 2*ncap",
            BasicScore::V2 => "2*ncas - ncap",
        }
    }
}

impl fmt::Display for BasicScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rebel move with its BASICO terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// 1 if the rebel enters the castle from outside.
    pub ncas: i32,
    /// The most rebels one officer reply captures.
    pub ncap: i32,
    /// The score under the chosen variant.
    pub score: i32,
}

/// Every legal rebel move of `pos` with its score, in canonical order.
/// Empty when it is not the rebels' turn.
pub fn score_moves(pos: &Position, variant: BasicScore) -> Vec<ScoredMove> {
    if pos.turn() != Side::Rebels {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let ncas = i32::from(!mv.from().in_castle() && mv.to().in_castle());
            let ncap = pos.play_unchecked(mv).max_capture() as i32;
            ScoredMove {
                mv: *mv,
                ncas,
                ncap,
                score: variant.score(ncas, ncap),
            }
        })
        .collect()
}

/// The best-scoring moves (the ties BASICO chooses among at random).
pub fn best_moves(pos: &Position, variant: BasicScore) -> Vec<ScoredMove> {
    let scored = score_moves(pos, variant);
    let best = scored.iter().map(|s| s.score).max();
    scored
        .into_iter()
        .filter(|s| Some(s.score) == best)
        .collect()
}

/// The move BASICO plays: one of the best, chosen with `rng`.
pub fn choose(pos: &Position, variant: BasicScore, rng: &mut impl rand::Rng) -> Option<Move> {
    let best = best_moves(pos, variant);
    if best.is_empty() {
        return None;
    }
    Some(best[rng.random_range(0..best.len())].mv)
}
