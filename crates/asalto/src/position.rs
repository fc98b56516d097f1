//! A position (board and side to move), its legal moves and the end checks.

use std::fmt;

use crate::geometry::castle;
use crate::moves::{MAX_JUMPS, MoveList};
use crate::{Board, Move, Point, PointSet, Side};

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum OutcomeReason {
    /// Officers to move and no legal move: rebels win.
    OfficersBlocked,
    /// Rebels to move and no legal move: officers win.
    RebelsBlocked,
    /// Rebels stand on all nine castle points: rebels win.
    CastleOccupied,
    /// Fewer than nine rebels are left: officers win.
    FewerThanNineRebels,
}

impl OutcomeReason {
    /// Every reason, in the order of the documentation.
    pub const ALL: [OutcomeReason; 4] = [
        OutcomeReason::OfficersBlocked,
        OutcomeReason::RebelsBlocked,
        OutcomeReason::CastleOccupied,
        OutcomeReason::FewerThanNineRebels,
    ];

    /// The stable code used in JSON and messages.
    pub const fn code(self) -> &'static str {
        match self {
            OutcomeReason::OfficersBlocked => "officers-blocked",
            OutcomeReason::RebelsBlocked => "rebels-blocked",
            OutcomeReason::CastleOccupied => "castle-occupied",
            OutcomeReason::FewerThanNineRebels => "fewer-than-nine-rebels",
        }
    }

    /// The reason with this code.
    pub fn from_code(code: &str) -> Option<OutcomeReason> {
        OutcomeReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The winner this reason gives.
    pub const fn winner(self) -> Side {
        match self {
            OutcomeReason::OfficersBlocked | OutcomeReason::CastleOccupied => Side::Rebels,
            OutcomeReason::RebelsBlocked | OutcomeReason::FewerThanNineRebels => Side::Officers,
        }
    }

    /// A short English description, as in `officers win: fewer than 9 rebels`.
    pub const fn describe(self) -> &'static str {
        match self {
            OutcomeReason::OfficersBlocked => "the officers cannot move",
            OutcomeReason::RebelsBlocked => "the rebels cannot move",
            OutcomeReason::CastleOccupied => "rebels hold all 9 castle points",
            OutcomeReason::FewerThanNineRebels => "fewer than 9 rebels",
        }
    }
}

impl fmt::Display for OutcomeReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The result of a finished game: who won and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The side that won.
    pub winner: Side,
    /// Why the game ended.
    pub reason: OutcomeReason,
}

impl Outcome {
    /// The outcome with this reason (the winner follows from it).
    pub const fn new(reason: OutcomeReason) -> Outcome {
        Outcome {
            winner: reason.winner(),
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} win: {}", self.winner, self.reason.describe())
    }
}

/// A board and the side to move.
///
/// The position knows the rules: its legal moves ([`Position::legal_moves`]),
/// whether the game is over ([`Position::outcome`]) and the result of a move
/// ([`Position::play`]). It does no I/O.
///
/// # Examples
///
/// ```
/// use asalto_asalto::{Position, Side};
///
/// let pos = Position::start();
/// assert_eq!(pos.turn(), Side::Officers);
/// assert_eq!(pos.legal_moves().len(), 6);
/// assert_eq!(pos.to_string(), ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Side,
}

/// An illegal move handed to [`Position::play`], with the position unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{mv} is not a legal move in this position")]
pub struct PlayError {
    /// The move that was refused.
    pub mv: Move,
    /// The position, unchanged.
    pub position: Position,
}

impl Position {
    /// The start of a game: the starting board, officers to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            turn: Side::Officers,
        }
    }

    /// A position from a board and the side to move.
    pub const fn new(board: Board, turn: Side) -> Position {
        Position { board, turn }
    }

    /// The pieces.
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// Whether some officer can capture, which makes capturing compulsory.
    pub fn can_capture(&self) -> bool {
        let empty = self.board.empty();
        let rebels = self.board.rebels();
        self.board.officers().iter().any(|o| {
            (o.neighbour_set() & rebels)
                .iter()
                .any(|r| o.jump_over(r).is_some_and(|l| empty.contains(l)))
        })
    }

    /// The capture an officer on `from` makes by jumping first in direction
    /// `dir`, completed by the rules: after each landing it jumps again over
    /// the first capturable rebel in neighbour order, on the board as it is
    /// after the rebels already taken are removed. `None` if the first jump is
    /// not possible.
    pub fn capture_from(&self, from: Point, dir: usize) -> Option<Move> {
        let over = from.neighbour(dir)?;
        let land = from.landing(dir)?;
        let mut rebels = self.board.rebels();
        // The moving officer leaves its point: a chain may come back to it.
        let others = self.board.officers().without(from);
        if !rebels.contains(over) || (others | rebels).contains(land) {
            return None;
        }
        rebels.remove(over);
        let mut dirs = [0usize; MAX_JUMPS];
        dirs[0] = dir;
        let mut jumps = 1;
        let mut here = land;
        while let Some((next_dir, next_over, next_land)) = first_jump(here, rebels, others) {
            // Every jump removes a rebel, so there are never more than
            // `MAX_JUMPS` of them.
            if jumps == MAX_JUMPS {
                break;
            }
            rebels.remove(next_over);
            dirs[jumps] = next_dir;
            jumps += 1;
            here = next_land;
        }
        Move::capture(from, &dirs[..jumps])
    }

    /// Every legal move, in canonical order: by the moving piece in board
    /// order, then by direction in neighbour order.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(&mut |m| {
            moves.push(m);
            true
        });
        moves
    }

    /// Whether the side to move has any legal move (cheaper than
    /// generating them).
    pub fn has_legal_move(&self) -> bool {
        let empty = self.board.empty();
        match self.turn {
            Side::Rebels => self
                .board
                .rebels()
                .iter()
                .any(|r| !(r.rebel_targets() & empty).is_empty()),
            Side::Officers => {
                self.board
                    .officers()
                    .iter()
                    .any(|o| !(o.neighbour_set() & empty).is_empty())
                    || self.can_capture()
            }
        }
    }

    /// Feed every legal move to `visit`, in canonical order, until it returns
    /// `false`.
    pub fn generate(&self, visit: &mut impl FnMut(Move) -> bool) {
        let empty = self.board.empty();
        match self.turn {
            Side::Rebels => {
                for r in self.board.rebels() {
                    let targets = r.rebel_targets() & empty;
                    if targets.is_empty() {
                        continue;
                    }
                    for (_, n) in r.neighbours() {
                        if targets.contains(n) && !visit(Move::step(r, n)) {
                            return;
                        }
                    }
                }
            }
            Side::Officers => {
                if self.can_capture() {
                    for o in self.board.officers() {
                        for d in 0..8 {
                            if let Some(m) = self.capture_from(o, d) {
                                if !visit(m) {
                                    return;
                                }
                            }
                        }
                    }
                } else {
                    for o in self.board.officers() {
                        for (_, n) in o.neighbours() {
                            if empty.contains(n) && !visit(Move::step(o, n)) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The end checks the assignment makes at the start of every turn, in its
    /// order: the side to move is blocked (it loses); rebels hold all nine
    /// castle points (they win); fewer than nine rebels are left (officers
    /// win). `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(Outcome::new(match self.turn {
                Side::Officers => OutcomeReason::OfficersBlocked,
                Side::Rebels => OutcomeReason::RebelsBlocked,
            }));
        }
        self.board_outcome()
    }

    /// The end checks that look only at the board, in the assignment's
    /// order: rebels on all nine castle points, then fewer than nine rebels.
    /// [`Position::outcome`] is this once the side to move is known not to
    /// be blocked.
    pub fn board_outcome(&self) -> Option<Outcome> {
        if self.board.rebels().is_superset(castle()) {
            return Some(Outcome::new(OutcomeReason::CastleOccupied));
        }
        if self.board.rebels().len() < 9 {
            return Some(Outcome::new(OutcomeReason::FewerThanNineRebels));
        }
        None
    }

    /// The position after `mv`, which the caller knows to be legal here
    /// (generated by this position, or checked by [`Position::resolve`]).
    /// An illegal move gives a position the rules cannot reach.
    #[must_use]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut board = self.board;
        board.move_piece(mv.from(), mv.to(), mv.captured_set());
        Position {
            board,
            turn: self.turn.opponent(),
        }
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`PlayError`], holding this position unchanged, when `mv` is not one of
    /// the legal moves. To learn *why* a written move is illegal, use
    /// [`Position::resolve`].
    pub fn play(self, mv: &Move) -> Result<Position, PlayError> {
        let mut legal = false;
        self.generate(&mut |m| {
            legal = m == *mv;
            !legal
        });
        if legal {
            Ok(self.play_unchecked(mv))
        } else {
            Err(PlayError {
                mv: *mv,
                position: self,
            })
        }
    }

    /// The legal move whose first two points are `from` and `to`: how a person
    /// types a move and the program completes a capture.
    pub fn find_move(&self, from: Point, to: Point) -> Option<Move> {
        let mut found = None;
        self.generate(&mut |m| {
            if m.from() == from && m.second() == to {
                found = Some(m);
            }
            found.is_none()
        });
        found
    }

    /// The most rebels a single officer move can capture here (0 when no
    /// capture exists). The `ncap` of the BASICO player.
    pub fn max_capture(&self) -> usize {
        if !self.can_capture() {
            return 0;
        }
        let mut best = 0;
        for o in self.board.officers() {
            for d in 0..8 {
                if let Some(m) = self.capture_from(o, d) {
                    best = best.max(m.capture_count());
                }
            }
        }
        best
    }
}

/// The first jump in neighbour order from `here` over a rebel in `rebels` onto
/// a point free of `rebels` and `officers`.
#[inline]
fn first_jump(here: Point, rebels: PointSet, officers: PointSet) -> Option<(usize, Point, Point)> {
    (0..8).find_map(|d| {
        let over = here.neighbour(d)?;
        let land = here.landing(d)?;
        (rebels.contains(over) && !(rebels | officers).contains(land)).then_some((d, over, land))
    })
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
