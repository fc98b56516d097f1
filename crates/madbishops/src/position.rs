//! A position (board, side to move, rule profile), its legal moves and the
//! end of the game.

use std::fmt;

use crate::geometry::attacks;
use crate::{Board, Move, Profile, Side, Square, SquareSet};

asalto_core::codes! {
    /// Why a game ended. The [`code`](OutcomeReason::code) is a stable contract.
    #[non_exhaustive]
    pub enum OutcomeReason {
        /// The loser has no bishop left (the rules' only way to win).
        AllCaptured = "all-captured",
        /// The side to move still has bishops but no legal move; it loses.
        ///
        /// Neither source says what happens then. The rules forbid passing and
        /// say there are no draws, so the game must end with a winner; the side
        /// that cannot make the move its turn requires loses, as a blocked side
        /// does in draughts and in Asalto.
        ///
        /// It cannot happen under either profile while both sides have
        /// bishops, so no game reaches it; the outcome exists so that the
        /// question has a stable answer (and a code) whatever the position.
        /// Why: if no bishop of the side to move can capture, no diagonal holds
        /// bishops of both colours (two different colours on one diagonal
        /// always have a pair that see each other). Take a bishop `r` of the
        /// side to move and an enemy `e`, and in the rotated coordinates
        /// `s = row + col`, `d = row − col` the two crossings `(s_r, d_e)` and
        /// `(s_e, d_r)` of their diagonals. The board is `|d| ≤ f(s)` with
        /// `f(s) = min(s, 18 − s)`; if both crossings were off it,
        /// `f(s_r) ≥ |d_r| > f(s_e) ≥ |d_e| > f(s_r)`, which is absurd. The
        /// crossing on the board is empty (its diagonals hold only one colour
        /// each, and not the same one), the nearest bishop of the side to move
        /// along one of its diagonals reaches it, and from there it attacks the
        /// nearest enemy along the other: an engaging move, which is legal
        /// under `steere` and under `report` (whose moves include `steere`'s).
        NoLegalMove = "no-legal-move",
    }
}

/// How a game ended: who won and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The side that won.
    pub winner: Side,
    /// Why.
    pub reason: OutcomeReason,
}

/// `red wins: every blue bishop is captured`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = self.winner.opponent();
        match self.reason {
            OutcomeReason::AllCaptured => {
                write!(f, "{} wins: every {loser} bishop is captured", self.winner)
            }
            OutcomeReason::NoLegalMove => write!(
                f,
                "{} wins: {loser} has bishops but no legal move",
                self.winner
            ),
        }
    }
}

/// A move handed to [`Position::play`] that is not legal; the position is
/// unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{mv} is not a legal move in this position")]
pub struct PlayError {
    /// The move.
    pub mv: Move,
}

/// A board, the side to move and the rule profile.
///
/// The position knows the rules: its legal moves, whether the game is over
/// and the result of a move. It does no I/O. The profile is part of the
/// position because the same board has different moves under the two
/// profiles; the position string ([`Position::position_string`]) holds only
/// the board and the side to move.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{Position, Profile, Side};
///
/// let start = Position::start(Profile::Steere, Side::Red);
/// assert_eq!(start.legal_moves().len(), 81);
/// assert!(start.legal_moves().iter().all(|m| m.is_capture()));
/// let after = start.play(start.legal_moves()[0])?;
/// assert_eq!(after.turn(), Side::Blue);
/// # Ok::<(), asalto_madbishops::PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    turn: Side,
    profile: Profile,
}

impl Position {
    /// A position from its parts.
    pub const fn new(board: Board, turn: Side, profile: Profile) -> Position {
        Position {
            board,
            turn,
            profile,
        }
    }

    /// The report's setup with `first` to move.
    pub const fn start(profile: Profile, first: Side) -> Position {
        Position::new(Board::report_setup(), first, profile)
    }

    /// The bishops.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// The rule profile.
    pub const fn profile(&self) -> Profile {
        self.profile
    }

    /// The same board and side to move under another profile.
    #[must_use]
    pub const fn with_profile(self, profile: Profile) -> Position {
        Position { profile, ..self }
    }

    /// The same board with `turn` to move.
    #[must_use]
    pub const fn with_turn(self, turn: Side) -> Position {
        Position { turn, ..self }
    }

    /// The enemy bishops a bishop on `from` could take: the first occupied
    /// square along each diagonal, when it holds a bishop of the other side
    /// than the one on `from`. Empty if `from` is empty.
    pub fn captures_from(&self, from: Square) -> SquareSet {
        match self.board.piece_at(from) {
            Some(side) => attacks(from, self.board.occupied()) & self.board.pieces(side.opponent()),
            None => SquareSet::EMPTY,
        }
    }

    /// The empty squares from which a bishop of the side to move would attack
    /// at least one enemy bishop: the destinations of engaging moves under
    /// [`Profile::Steere`].
    ///
    /// Seeing is symmetric along a diagonal, so these are the empty squares
    /// the enemy bishops see. The moving bishop leaves its square, which could
    /// open a diagonal through it; but only towards squares it already sees,
    /// and a bishop that makes a plain move sees no enemy, so the set is the
    /// same with or without it.
    pub fn engaging_squares(&self) -> SquareSet {
        let occupied = self.board.occupied();
        let seen = self
            .board
            .pieces(self.turn.opponent())
            .iter()
            .fold(SquareSet::EMPTY, |acc, e| acc | attacks(e, occupied));
        seen & self.board.empty()
    }

    /// The legal destinations of the bishop of the side to move on `from`
    /// (empty if there is none, or if the game is over).
    pub fn destinations(&self, from: Square) -> SquareSet {
        if self.board.piece_at(from) != Some(self.turn) || self.enemy().is_empty() {
            return SquareSet::EMPTY;
        }
        self.destinations_with(from, &mut Engaging::Unknown)
    }

    /// Every legal move, in board order of the start square, then of the
    /// destination. Empty once the game is over (including when the enemy
    /// has no bishop left in a position given by hand).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        if self.enemy().is_empty() {
            return moves;
        }
        let mut engaging = Engaging::Unknown;
        let enemy = self.enemy();
        for from in self.board.pieces(self.turn) {
            for to in self.destinations_with(from, &mut engaging) {
                moves.push(if enemy.contains(to) {
                    Move::capture(from, to)
                } else {
                    Move::plain(from, to)
                });
            }
        }
        moves
    }

    /// The number of legal moves, without listing them (for perft).
    pub fn count_legal_moves(&self) -> usize {
        if self.enemy().is_empty() {
            return 0;
        }
        let mut engaging = Engaging::Unknown;
        self.board
            .pieces(self.turn)
            .iter()
            .map(|from| self.destinations_with(from, &mut engaging).len())
            .sum()
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        if self.enemy().is_empty() {
            return false;
        }
        let mut engaging = Engaging::Unknown;
        self.board
            .pieces(self.turn)
            .iter()
            .any(|from| !self.destinations_with(from, &mut engaging).is_empty())
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.destinations(mv.from()).contains(mv.to())
            && mv.is_capture() == self.enemy().contains(mv.to())
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`PlayError`] if `mv` is not legal here.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(PlayError { mv })
        }
    }

    /// The position after `mv`, which the caller guarantees is legal (one of
    /// [`Position::legal_moves`]). An illegal move gives a position the rules
    /// cannot reach, but never a panic.
    pub fn play_unchecked(&self, mv: Move) -> Position {
        Position {
            board: self.board.moved(self.turn, mv.from(), mv.to()),
            turn: self.turn.opponent(),
            profile: self.profile,
        }
    }

    /// Whether the game is over, checked at the start of the turn: a side
    /// with no bishop left has lost ([`OutcomeReason::AllCaptured`]); then a
    /// side to move with no legal move loses
    /// ([`OutcomeReason::NoLegalMove`]).
    pub fn outcome(&self) -> Option<Outcome> {
        let (mine, theirs) = (self.board.pieces(self.turn), self.enemy());
        let reason = if mine.is_empty() || theirs.is_empty() {
            OutcomeReason::AllCaptured
        } else if !self.has_legal_move() {
            OutcomeReason::NoLegalMove
        } else {
            return None;
        };
        let winner = if theirs.is_empty() {
            self.turn
        } else {
            self.turn.opponent()
        };
        Some(Outcome { winner, reason })
    }

    fn enemy(&self) -> SquareSet {
        self.board.pieces(self.turn.opponent())
    }

    /// The destinations of the bishop on `from` (a bishop of the side to
    /// move), computing the engaging squares at most once per position.
    #[inline]
    fn destinations_with(&self, from: Square, engaging: &mut Engaging) -> SquareSet {
        let occupied = self.board.occupied();
        let seen = attacks(from, occupied);
        let captures = seen & self.enemy();
        if !captures.is_empty() {
            return captures;
        }
        let plain = seen - occupied;
        match self.profile {
            Profile::Report => plain,
            Profile::Steere => plain & engaging.get(self),
        }
    }
}

/// The engaging squares of a position, computed on first use.
enum Engaging {
    Unknown,
    Known(SquareSet),
}

impl Engaging {
    fn get(&mut self, pos: &Position) -> SquareSet {
        match *self {
            Engaging::Known(set) => set,
            Engaging::Unknown => {
                let set = pos.engaging_squares();
                *self = Engaging::Known(set);
                set
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap()
    }

    fn position(red: &[&str], blue: &[&str], turn: Side, profile: Profile) -> Position {
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        Position::new(Board::new(set(red), set(blue)).unwrap(), turn, profile)
    }

    #[test]
    fn the_start_has_only_captures() {
        for profile in Profile::ALL {
            let pos = Position::start(profile, Side::Red);
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), pos.count_legal_moves());
            assert!(moves.iter().all(|m| m.is_capture()));
            assert!(pos.outcome().is_none());
        }
    }

    #[test]
    fn a_bishop_that_can_capture_may_only_capture() {
        // Red c3 sees blue e5; red j2 sees no blue bishop.
        let pos = position(&["c3", "j2"], &["e5", "a9"], Side::Red, Profile::Report);
        assert_eq!(pos.destinations(sq("c3")), SquareSet::single(sq("e5")));
        assert_eq!(pos.destinations(sq("j2")).len(), 9);
        // Under steere, j2 may only go where it attacks a blue bishop: i1,
        // which sees e5 along h2, g3, f4; f6, next to e5; b10, next to a9.
        let steere = pos.with_profile(Profile::Steere);
        let engaging: SquareSet = ["b10", "f6", "i1"].into_iter().map(sq).collect();
        assert_eq!(steere.destinations(sq("j2")), engaging);
        assert_eq!(steere.legal_moves().len(), 4);
    }

    #[test]
    fn outcomes() {
        let pos = position(&["c3"], &[], Side::Blue, Profile::Steere);
        assert_eq!(
            pos.outcome(),
            Some(Outcome {
                winner: Side::Red,
                reason: OutcomeReason::AllCaptured
            })
        );
        assert!(pos.legal_moves().is_empty());
        let pos = position(&["c3"], &[], Side::Red, Profile::Report);
        assert_eq!(pos.outcome().map(|o| o.winner), Some(Side::Red));
        assert!(pos.legal_moves().is_empty());
    }
}
