//! BASICO's scores of rebel moves: the two formulas of the assignment, every
//! legal rebel move scored, and the record problem `not-basic`.
//!
//! A rule of evaluation, apart from the player that acts on it
//! ([`basic`](crate::basic) chooses among the best at random): the replay
//! judges `--rebels basic-v1` records with these scores and needs no player.

use std::fmt;

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

/// A rebel move that is not one of BASICO's best: the record problem
/// `not-basic` (`asalto check --rebels basic-v1`), with every candidate's
/// score so that its help can show the arithmetic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotBasic {
    /// The score the moves were judged by.
    pub variant: BasicScore,
    /// The move played.
    pub mv: Move,
    /// Its score.
    pub score: i32,
    /// The best score of the position.
    pub best: i32,
    /// Every legal rebel move with its score, in canonical order.
    pub scored: Vec<ScoredMove>,
}

impl NotBasic {
    /// Whether `mv` in `pos` is not one of the best moves of `variant`:
    /// `None` when it is one (or when it is not a legal rebel move).
    pub fn judge(pos: &Position, mv: &Move, variant: BasicScore) -> Option<NotBasic> {
        let scored = score_moves(pos, variant);
        let best = scored.iter().map(|s| s.score).max()?;
        let score = scored.iter().find(|s| s.mv == *mv)?.score;
        (score != best).then_some(NotBasic {
            variant,
            mv: *mv,
            score,
            best,
            scored,
        })
    }

    /// `Ee-Ed is not a basic-v1 move (score 0 < 10)`.
    pub fn message(&self) -> String {
        format!(
            "{} is not a {} move (score {} < {})",
            self.mv,
            self.variant.name(),
            self.score,
            self.best
        )
    }

    /// `score 0, best is 10`.
    pub fn label(&self) -> String {
        format!("score {}, best is {}", self.score, self.best)
    }

    /// How BASICO scores, and every candidate with its score.
    pub fn help(&self) -> String {
        let best = self.best;
        let mut help = format!(
            "{} scores each rebel move as {} (ncas: enters the castle; ncap: most rebels one \
             officer reply captures) and plays a best one; best score here: {best}\n",
            self.variant.name(),
            self.variant.formula()
        );
        for s in &self.scored {
            let mark = if s.score == best { "  <- best" } else { "" };
            help.push_str(&format!(
                "  {:<6} ncas {} ncap {} score {:>3}{mark}\n",
                s.mv.to_string(),
                s.ncas,
                s.ncap,
                s.score
            ));
        }
        help.truncate(help.trim_end().len());
        help
    }
}
