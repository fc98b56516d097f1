//! The rule set a game is played under ([`Rules`]), and Asalto as the
//! toolkit's shared machinery sees it ([`Asalto`], the
//! [`asalto_core::Game`] impl). The tables the rules are made of are in
//! [`crate::geometry`].

use crate::{IllegalMove, Move, Outcome, Path, Position, Side};

/// The rule set a game is played under.
///
/// Only the assignment's rules exist today; the enum is the place where other
/// published variants of Asalto will be added, so every command that reports
/// "which rules" already has a stable name to print.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Rules {
    /// The rules of the 2018/19 programming assignment, quirks included.
    #[default]
    Assignment2018,
}

impl Rules {
    /// The stable name used in JSON documents.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Assignment2018 => "assignment-2018-19",
        }
    }

    /// The rules with this stable name.
    pub fn from_name(name: &str) -> Option<Rules> {
        match name {
            "assignment-2018-19" => Some(Rules::Assignment2018),
            _ => None,
        }
    }
}

/// Asalto as the toolkit's shared machinery sees it: the
/// [`asalto_core::Game`] impl through which [`asalto_core::Replay`] judges
/// and plays a record's moves (the replay of `check`, `show`, `export` and
/// `diff` in [`crate::replay`]).
///
/// A written move is a [`Path`] (the start point, then every landing
/// point); [`Position::resolve`] says why one is illegal, the end checks
/// included.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{Asalto, Position, Reason};
/// use asalto_core::Replay;
///
/// let written = |s: &str| asalto_asalto::record::bare_move(s).unwrap();
/// let mut replay = Replay::<Asalto>::new(Position::start());
/// assert!(replay.step(&written("Bc-Cc")).is_ok());
/// let illegal = replay.step(&written("Cc-Dc")).unwrap_err();
/// assert_eq!(illegal.reason.reason(), Reason::WrongSide);
/// assert_eq!(illegal.number, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asalto;

impl asalto_core::Game for Asalto {
    const NAME: &'static str = "asalto";
    type Position = Position;
    type Move = Move;
    type Written = Path;
    type Side = Side;
    type Illegal = IllegalMove;
    type Outcome = Outcome;

    fn rules(_: &Position) -> &'static str {
        // One rule set so far; a position does not carry it.
        Rules::Assignment2018.name()
    }

    #[inline]
    fn turn(position: &Position) -> Side {
        position.turn()
    }

    fn side_name(side: Side) -> &'static str {
        side.name()
    }

    #[inline]
    fn resolve(position: &Position, written: &Path) -> Result<Move, IllegalMove> {
        position.resolve(written)
    }

    #[inline]
    fn play(position: &mut Position, mv: Move) {
        *position = position.play_unchecked(&mv);
    }

    fn outcome(position: &Position) -> Option<Outcome> {
        position.outcome()
    }
}
