//! Go as an [`asalto_core::Game`], so the workspace's shared code (replay
//! of written moves, comparison, the JSON envelope) works on it.

use crate::board::AreaScore;
use crate::illegal::IllegalMoveKind;
use crate::point::Move;
use crate::position::Position;
use crate::side::Side;

/// The game of Go, for [`asalto_core::Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go;

/// How a game ended: by two passes, with the area score of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Stones and owned empty points of each colour.
    pub score: AreaScore,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board() == other.board()
            && self.to_move() == other.to_move()
            && self.ko_point() == other.ko_point()
            && self.passes() == other.passes()
            && self.captures() == other.captures()
            && self.profile() == other.profile()
    }
}

impl asalto_core::Game for Go {
    const NAME: &'static str = "go";
    type Position = Position;
    type Move = Move;
    /// A move as a record writes it: its colour and its point or pass.
    type Written = (Side, Move);
    type Side = Side;
    type Illegal = IllegalMoveKind;
    type Outcome = Outcome;

    fn rules(position: &Position) -> &'static str {
        position.profile().name()
    }

    fn turn(position: &Position) -> Side {
        position.to_move()
    }

    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    fn resolve(position: &Position, &(side, mv): &(Side, Move)) -> Result<Move, IllegalMoveKind> {
        if side != position.to_move() {
            return Err(IllegalMoveKind::WrongSide);
        }
        match position.why_illegal(side, mv) {
            Some(kind) => Err(kind),
            None => Ok(mv),
        }
    }

    fn play(position: &mut Position, mv: Move) {
        let side = position.to_move();
        if position.play_as(side, mv).is_err() {
            // The contract: `mv` came from `resolve`. Should it not have,
            // play it as a record reader would rather than lose the turn.
            if position.force(side, mv, |_| {}).is_none() {
                position.set_to_move(!side);
            }
        }
    }

    fn outcome(position: &Position) -> Option<Outcome> {
        position.is_over().then(|| Outcome {
            score: position.board().area_score(),
        })
    }
}
