//! Mad Bishops as the toolkit's shared machinery sees it: the
//! [`asalto_core::Game`] impl that lets [`asalto_core::Replay`] judge a
//! record's moves.

use asalto_core::Game;

use crate::notation::WrittenMove;
use crate::{IllegalMove, Move, Outcome, Position, Side};

/// The game Mad Bishops, under either rule profile (the profile is part of
/// the [`Position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MadBishops;

impl Game for MadBishops {
    const NAME: &'static str = "madbishops";
    type Position = Position;
    type Move = Move;
    type Written = WrittenMove;
    type Side = Side;
    type Illegal = IllegalMove;
    type Outcome = Outcome;

    fn rules(position: &Position) -> &'static str {
        position.profile().name()
    }

    fn turn(position: &Position) -> Side {
        position.turn()
    }

    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    fn resolve(position: &Position, written: &WrittenMove) -> Result<Move, IllegalMove> {
        position.resolve(written.from, written.to, written.mark)
    }

    fn play(position: &mut Position, mv: Move) {
        *position = position.play_unchecked(mv);
    }

    fn outcome(position: &Position) -> Option<Outcome> {
        position.outcome()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_is_a_run_time_choice() {
        assert_eq!(
            asalto_core::GameKind::from_name(MadBishops::NAME),
            Some(asalto_core::GameKind::MadBishops)
        );
    }
}
