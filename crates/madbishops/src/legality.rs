//! Why a written move is or is not legal: resolving two squares and a mark
//! against a position, with a typed reason for every way it can fail.

use crate::geometry::between;
use crate::{Mark, Move, Outcome, Position, Profile, Side, Square};

/// What is wrong with a written move in its position.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// The game was already over.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The first square is empty.
    NoPiece {
        /// The square.
        at: Square,
    },
    /// The first square holds a bishop of the side not to move.
    WrongSide {
        /// The square.
        at: Square,
        /// Whose bishop it is.
        found: Side,
    },
    /// Both squares are the same.
    SameSquare {
        /// The square.
        at: Square,
    },
    /// The squares do not share a diagonal.
    NotDiagonal {
        /// The start.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A bishop stands between the two squares.
    Blocked {
        /// The start.
        from: Square,
        /// The destination.
        to: Square,
        /// The first occupied square on the way.
        at: Square,
        /// Whose bishop stands there.
        by: Side,
        /// The capture of that bishop, when it is an enemy (a move the
        /// bishop could make instead).
        instead: Option<Move>,
    },
    /// The destination holds a bishop of the mover's own side.
    OwnPiece {
        /// The destination.
        at: Square,
    },
    /// A plain move by a bishop that can capture (both profiles).
    CaptureRequired {
        /// The move as played.
        mv: Move,
        /// That bishop's captures.
        captures: Vec<Move>,
    },
    /// Under `steere`, a plain move to a square from which the bishop
    /// attacks no enemy bishop.
    MustEngage {
        /// The move as played.
        mv: Move,
        /// That bishop's legal (engaging) moves; may be empty.
        engaging: Vec<Move>,
    },
    /// The move is legal, but written with the other mark (`-` on a
    /// capture, `x` on a plain move).
    MarkMismatch {
        /// The move that happens.
        mv: Move,
        /// The mark written.
        written: Mark,
    },
}

/// The part of a written move a problem is about, for underlining.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The whole move.
    Whole,
    /// The first square.
    From,
    /// The mark.
    Mark,
    /// The second square.
    To,
}

/// A written move that is not legal in its position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// What is wrong.
    pub kind: IllegalMoveKind,
    /// Where it shows.
    pub part: Part,
}

impl IllegalMove {
    fn new(kind: IllegalMoveKind, part: Part) -> IllegalMove {
        IllegalMove { kind, part }
    }
}

impl Position {
    /// The legal move written as `from`, `mark`, `to`, or why it is not
    /// legal. `mark` is `None` for the numbers form, which has none.
    ///
    /// The checks come in a fixed order: the game is over; the first square
    /// (empty, the wrong side's); the geometry (same square, not on a
    /// diagonal, blocked on the way, own bishop on the destination); the
    /// rules of the profile (a bishop that can capture must capture; under
    /// `steere` a plain move must engage); last, the mark. So a wrong mark
    /// is reported only on a move that is otherwise legal.
    ///
    /// # Errors
    ///
    /// An [`IllegalMove`] with its kind and the part of the text to
    /// underline.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_madbishops::{IllegalMoveKind, Mark, Position, Profile, Side, Square};
    ///
    /// let sq = |s: &str| Square::from_algebraic(s).unwrap();
    /// let start = Position::start(Profile::Steere, Side::Red);
    /// let mv = start.resolve(sq("b10"), sq("a9"), Some(Mark::Capture)).unwrap();
    /// assert!(mv.is_capture());
    /// let err = start.resolve(sq("b10"), sq("a9"), Some(Mark::Move)).unwrap_err();
    /// assert!(matches!(err.kind, IllegalMoveKind::MarkMismatch { .. }));
    /// ```
    pub fn resolve(
        &self,
        from: Square,
        to: Square,
        mark: Option<Mark>,
    ) -> Result<Move, IllegalMove> {
        use IllegalMoveKind as K;
        let fail = |kind, part| Err(IllegalMove::new(kind, part));
        if let Some(outcome) = self.outcome() {
            return fail(K::GameOver { outcome }, Part::Whole);
        }
        let board = self.board();
        match board.piece_at(from) {
            None => return fail(K::NoPiece { at: from }, Part::From),
            Some(found) if found != self.turn() => {
                return fail(K::WrongSide { at: from, found }, Part::From);
            }
            Some(_) => {}
        }
        if from == to {
            return fail(K::SameSquare { at: from }, Part::To);
        }
        let Some(path) = between(from, to) else {
            return fail(K::NotDiagonal { from, to }, Part::To);
        };
        let in_the_way = path & board.occupied();
        let first = if to.index() > from.index() {
            in_the_way.first()
        } else {
            in_the_way.last()
        };
        if let Some(at) = first {
            let by = board.piece_at(at).unwrap_or(self.turn());
            let instead = (by != self.turn()).then_some(Move::capture(from, at));
            return fail(
                K::Blocked {
                    from,
                    to,
                    at,
                    by,
                    instead,
                },
                Part::Whole,
            );
        }
        let mv = match board.piece_at(to) {
            Some(side) if side == self.turn() => return fail(K::OwnPiece { at: to }, Part::To),
            Some(_) => Move::capture(from, to),
            None => Move::plain(from, to),
        };
        if !mv.is_capture() {
            let captures = self.captures_from(from);
            if !captures.is_empty() {
                let captures = captures.iter().map(|c| Move::capture(from, c)).collect();
                return fail(K::CaptureRequired { mv, captures }, Part::Whole);
            }
            if self.profile() == Profile::Steere && !self.engaging_squares().contains(to) {
                let engaging = self
                    .destinations(from)
                    .iter()
                    .map(|t| Move::plain(from, t))
                    .collect();
                return fail(K::MustEngage { mv, engaging }, Part::To);
            }
        }
        match mark {
            Some(written) if written != mv.mark() => {
                fail(K::MarkMismatch { mv, written }, Part::Mark)
            }
            _ => Ok(mv),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, SquareSet};

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap()
    }

    fn kind(pos: &Position, from: &str, to: &str, mark: Mark) -> IllegalMoveKind {
        pos.resolve(sq(from), sq(to), Some(mark)).unwrap_err().kind
    }

    #[test]
    fn every_reason_in_a_small_position() {
        use IllegalMoveKind as K;
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        // Red c3 sees blue e5 (and red a1); red j2 sees nothing.
        let board = Board::new(set(&["c3", "j2", "a1"]), set(&["e5", "a9"])).unwrap();
        let pos = Position::new(board, Side::Red, Profile::Steere);
        assert_eq!(
            kind(&pos, "d4", "e5", Mark::Move),
            K::NoPiece { at: sq("d4") }
        );
        assert_eq!(
            kind(&pos, "e5", "d4", Mark::Move),
            K::WrongSide {
                at: sq("e5"),
                found: Side::Blue
            }
        );
        assert_eq!(
            kind(&pos, "c3", "c3", Mark::Move),
            K::SameSquare { at: sq("c3") }
        );
        assert_eq!(
            kind(&pos, "c3", "c5", Mark::Move),
            K::NotDiagonal {
                from: sq("c3"),
                to: sq("c5")
            }
        );
        assert_eq!(
            kind(&pos, "c3", "f6", Mark::Move),
            K::Blocked {
                from: sq("c3"),
                to: sq("f6"),
                at: sq("e5"),
                by: Side::Blue,
                instead: Some(Move::capture(sq("c3"), sq("e5")))
            }
        );
        assert_eq!(
            kind(&pos, "c3", "a1", Mark::Move),
            K::OwnPiece { at: sq("a1") }
        );
        assert!(matches!(
            kind(&pos, "c3", "d4", Mark::Move),
            K::CaptureRequired { captures, .. } if captures == [Move::capture(sq("c3"), sq("e5"))]
        ));
        assert!(matches!(
            kind(&pos, "j2", "i3", Mark::Move),
            K::MustEngage { engaging, .. }
                if engaging == ["b10", "f6", "i1"].map(|t| Move::plain(sq("j2"), sq(t)))
        ));
        assert_eq!(
            kind(&pos, "c3", "e5", Mark::Move),
            K::MarkMismatch {
                mv: Move::capture(sq("c3"), sq("e5")),
                written: Mark::Move
            }
        );
        assert_eq!(
            kind(&pos, "j2", "i1", Mark::Capture),
            K::MarkMismatch {
                mv: Move::plain(sq("j2"), sq("i1")),
                written: Mark::Capture
            }
        );
        assert!(pos.resolve(sq("j2"), sq("i1"), Some(Mark::Move)).is_ok());
        assert!(pos.resolve(sq("j2"), sq("i1"), None).is_ok());
        // Under the report's rules, j2 moves freely.
        let report = pos.with_profile(Profile::Report);
        assert_eq!(
            report.resolve(sq("j2"), sq("i3"), Some(Mark::Move)),
            Ok(Move::plain(sq("j2"), sq("i3")))
        );
    }

    #[test]
    fn a_finished_game_takes_no_move() {
        let board = Board::new(SquareSet::single(sq("c3")), SquareSet::EMPTY).unwrap();
        let pos = Position::new(board, Side::Blue, Profile::Report);
        assert!(matches!(
            kind(&pos, "c3", "d4", Mark::Move),
            IllegalMoveKind::GameOver { .. }
        ));
    }
}
