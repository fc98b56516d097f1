//! Why a move is illegal: the stable reason codes of Go's rules, and an
//! illegal move with its context. Its own module so that the board (which
//! finds the point off the board or taken) and the position (which judges
//! the rest) both name the reason without importing each other.

use std::fmt;

use crate::point::Move;
use crate::side::Side;

asalto_core::codes! {
    /// Why a move is illegal. The codes are a contract.
    #[non_exhaustive]
    pub enum IllegalMoveKind {
        /// The point is not on the board.
        OffBoard = "off-board",
        /// The point holds a stone.
        Occupied = "occupied",
        /// The stone's group would have no liberty, and nothing is captured.
        Suicide = "suicide",
        /// The immediate recapture of a ko (simple ko).
        Ko = "ko",
        /// The move recreates an earlier whole-board position.
        Superko = "superko",
        /// The colour that moved is not the one whose turn it is.
        WrongSide = "wrong-side",
        /// The game ended by two passes.
        GameOver = "game-over",
    }
}

impl IllegalMoveKind {
    /// A sentence saying what the rule forbids.
    pub const fn message(self) -> &'static str {
        match self {
            IllegalMoveKind::OffBoard => "the point is not on the board",
            IllegalMoveKind::Occupied => "the point already holds a stone",
            IllegalMoveKind::Suicide => {
                "the stone's group would have no liberty and it captures nothing (suicide)"
            }
            IllegalMoveKind::Ko => "the move retakes a ko at once",
            IllegalMoveKind::Superko => "the move repeats an earlier whole-board position",
            IllegalMoveKind::WrongSide => "it is the other colour's turn",
            IllegalMoveKind::GameOver => "the game already ended with two passes",
        }
    }
}

/// An illegal move with its context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// Why.
    pub kind: IllegalMoveKind,
    /// The colour that tried it.
    pub side: Side,
    /// The move.
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.mv {
            Move::Play(p) => format!("{} {p}", self.side),
            Move::Pass => format!("{} pass", self.side),
        };
        write!(f, "{what}: {}", self.kind.message())
    }
}

impl std::error::Error for IllegalMove {}
