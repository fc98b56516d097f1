//! Why a written move is or is not legal: resolving a path of points against
//! a position, with a typed reason for every way it can fail.

use std::fmt;

use crate::{Move, Outcome, Point, Position, Side};

/// The stable reason codes of the toolkit, shown as `asalto::<code>` in
/// diagnostics and as `code` in JSON. Scripts match on these strings; they
/// never change meaning.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Reason {
    /// The text of a line is not a move (`Bc-Cc`).
    Syntax,
    /// A well-formed coordinate that is not on the cross (`Aa`).
    OffBoard,
    /// The move starts on an empty point.
    NoPiece,
    /// The move starts on a piece of the side not to move.
    WrongSide,
    /// No board line (or no possible jump) joins two consecutive points.
    NotConnected,
    /// The move lands on an occupied point.
    Occupied,
    /// A rebel moves sideways or away from the castle.
    RebelNotCloser,
    /// An officer steps while a capture is available.
    CaptureRequired,
    /// A capture stops while the chain must go on.
    CaptureIncomplete,
    /// A capture chain continues with a jump other than the first one in
    /// neighbour order.
    CaptureWrongContinuation,
    /// A capture path goes on after the chain has ended.
    CaptureTooLong,
    /// A move after the game has ended.
    GameOver,
    /// A rebel move that the BASICO player would not choose.
    NotBasic,
}

impl Reason {
    /// Every reason, in the order of the documentation.
    pub const ALL: [Reason; 13] = [
        Reason::Syntax,
        Reason::OffBoard,
        Reason::NoPiece,
        Reason::WrongSide,
        Reason::NotConnected,
        Reason::Occupied,
        Reason::RebelNotCloser,
        Reason::CaptureRequired,
        Reason::CaptureIncomplete,
        Reason::CaptureWrongContinuation,
        Reason::CaptureTooLong,
        Reason::GameOver,
        Reason::NotBasic,
    ];

    /// The stable code.
    pub const fn code(self) -> &'static str {
        match self {
            Reason::Syntax => "syntax",
            Reason::OffBoard => "off-board",
            Reason::NoPiece => "no-piece",
            Reason::WrongSide => "wrong-side",
            Reason::NotConnected => "not-connected",
            Reason::Occupied => "occupied",
            Reason::RebelNotCloser => "rebel-not-closer",
            Reason::CaptureRequired => "capture-required",
            Reason::CaptureIncomplete => "capture-incomplete",
            Reason::CaptureWrongContinuation => "capture-wrong-continuation",
            Reason::CaptureTooLong => "capture-too-long",
            Reason::GameOver => "game-over",
            Reason::NotBasic => "not-basic",
        }
    }

    /// The reason with this code.
    pub fn from_code(code: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.code() == code)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why two consecutive points of a move are not joined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Disconnection {
    /// No board line joins them and they are not a jump apart.
    NotNeighbours,
    /// A jump over a point that holds no rebel.
    NothingToJump {
        /// The point jumped over.
        over: Point,
        /// What stands there (an officer, or nothing).
        found: Option<Side>,
    },
    /// A rebel trying to jump: only officers capture.
    RebelsDoNotJump,
    /// More points after a step: only captures continue.
    StepEnds,
}

/// What is wrong with a written move.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// The first point is empty.
    NoPiece {
        /// The empty point.
        at: Point,
    },
    /// The first point holds a piece of the side not to move.
    WrongSide {
        /// The point.
        at: Point,
        /// The side whose piece it is.
        found: Side,
    },
    /// Two consecutive points are not joined.
    NotConnected {
        /// Start of the segment.
        from: Point,
        /// End of the segment.
        to: Point,
        /// Why.
        why: Disconnection,
    },
    /// A segment ends on an occupied point.
    Occupied {
        /// The point.
        at: Point,
        /// Whose piece is there.
        by: Side,
    },
    /// A rebel step that does not get strictly closer to the castle (and is
    /// not inside it).
    RebelNotCloser {
        /// Where the rebel is.
        from: Point,
        /// Where it was moved.
        to: Point,
        /// Castle distance of `from`.
        before: u8,
        /// Castle distance of `to`.
        after: u8,
    },
    /// An officer step while captures exist.
    CaptureRequired {
        /// The captures available, in canonical order.
        captures: Vec<Move>,
    },
    /// The path stops where the chain must go on.
    CaptureIncomplete {
        /// The whole capture the first two points determine.
        required: Move,
        /// The rebel the chain takes next, by neighbour order.
        next: Point,
    },
    /// The path continues with a jump other than the required one.
    CaptureWrongContinuation {
        /// The whole capture the first two points determine.
        required: Move,
        /// Where the officer was when it went wrong.
        at: Point,
        /// The rebel the rules take next from there.
        next: Point,
    },
    /// The path goes on after the chain has ended.
    CaptureTooLong {
        /// The whole capture the first two points determine.
        required: Move,
    },
    /// The game was already over.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// A written move that is not legal in its position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// What is wrong.
    pub kind: IllegalMoveKind,
    /// Where it shows: the index in the written path of the point at which
    /// the problem is found (0: the first point; `i > 0`: the segment from
    /// point `i - 1` to point `i`).
    pub segment: usize,
}

impl IllegalMove {
    fn new(kind: IllegalMoveKind, segment: usize) -> IllegalMove {
        IllegalMove { kind, segment }
    }

    /// The stable reason code.
    pub fn reason(&self) -> Reason {
        match self.kind {
            IllegalMoveKind::NoPiece { .. } => Reason::NoPiece,
            IllegalMoveKind::WrongSide { .. } => Reason::WrongSide,
            IllegalMoveKind::NotConnected { .. } => Reason::NotConnected,
            IllegalMoveKind::Occupied { .. } => Reason::Occupied,
            IllegalMoveKind::RebelNotCloser { .. } => Reason::RebelNotCloser,
            IllegalMoveKind::CaptureRequired { .. } => Reason::CaptureRequired,
            IllegalMoveKind::CaptureIncomplete { .. } => Reason::CaptureIncomplete,
            IllegalMoveKind::CaptureWrongContinuation { .. } => Reason::CaptureWrongContinuation,
            IllegalMoveKind::CaptureTooLong { .. } => Reason::CaptureTooLong,
            IllegalMoveKind::GameOver { .. } => Reason::GameOver,
        }
    }

    /// The full capture the rules require, for the capture reasons.
    pub fn required(&self) -> Option<&Move> {
        match &self.kind {
            IllegalMoveKind::CaptureIncomplete { required, .. }
            | IllegalMoveKind::CaptureWrongContinuation { required, .. }
            | IllegalMoveKind::CaptureTooLong { required } => Some(required),
            _ => None,
        }
    }

    /// A one-line description of what is wrong.
    pub fn message(&self) -> String {
        match &self.kind {
            IllegalMoveKind::NoPiece { at } => format!("there is no piece on {at}"),
            IllegalMoveKind::WrongSide { at, found } => {
                format!("{at} holds one of the {found}, who are not to move")
            }
            IllegalMoveKind::NotConnected { from, to, why } => match why {
                Disconnection::NotNeighbours => format!("no board line joins {from} and {to}"),
                Disconnection::NothingToJump { over, found: None } => {
                    format!("{from}-{to} jumps over {over}, which is empty")
                }
                Disconnection::NothingToJump {
                    over,
                    found: Some(_),
                } => format!("{from}-{to} jumps over the officer on {over}"),
                Disconnection::RebelsDoNotJump => {
                    format!("{from}-{to} is a jump, and rebels never jump")
                }
                Disconnection::StepEnds => {
                    format!("the move goes on to {to} after a step; only captures continue")
                }
            },
            IllegalMoveKind::Occupied { at, by } => {
                let piece = match by {
                    Side::Officers => "an officer",
                    Side::Rebels => "a rebel",
                };
                format!("{at} is occupied by {piece}")
            }
            IllegalMoveKind::RebelNotCloser {
                from,
                to,
                before,
                after,
            } => {
                let how = if after > before {
                    "moves away from the castle"
                } else {
                    "does not get closer to the castle"
                };
                format!("the rebel {how}: {from}-{to}")
            }
            IllegalMoveKind::CaptureRequired { .. } => {
                "an officer steps while a capture is available".to_string()
            }
            IllegalMoveKind::CaptureIncomplete { .. } => {
                "the capture stops before the chain ends".to_string()
            }
            IllegalMoveKind::CaptureWrongContinuation { .. } => {
                "the capture chain takes the wrong rebel".to_string()
            }
            IllegalMoveKind::CaptureTooLong { .. } => {
                "the capture goes on after the chain has ended".to_string()
            }
            IllegalMoveKind::GameOver { outcome } => {
                format!("the game is already over ({outcome})")
            }
        }
    }

    /// A short label for the underlined text.
    pub fn label(&self) -> String {
        match &self.kind {
            IllegalMoveKind::NoPiece { at } => format!("{at} is empty"),
            IllegalMoveKind::WrongSide { found, .. } => format!("a piece of the {found}"),
            IllegalMoveKind::NotConnected { .. } => "not a move along the board".to_string(),
            IllegalMoveKind::Occupied { at, .. } => format!("{at} is occupied"),
            IllegalMoveKind::RebelNotCloser { before, after, .. } => {
                format!("castle distance {before} → {after}")
            }
            IllegalMoveKind::CaptureRequired { .. } => "a step, but a capture is required".into(),
            IllegalMoveKind::CaptureIncomplete { next, .. } => {
                format!("stops here; it must go on over {next}")
            }
            IllegalMoveKind::CaptureWrongContinuation { next, .. } => {
                format!("must jump {next} instead")
            }
            IllegalMoveKind::CaptureTooLong { .. } => "the chain has already ended".into(),
            IllegalMoveKind::GameOver { .. } => "no move is possible after the end".into(),
        }
    }

    /// What would be right, when the rules say it precisely.
    pub fn help(&self) -> Option<String> {
        Some(match &self.kind {
            IllegalMoveKind::RebelNotCloser {
                from,
                to,
                before,
                after,
            } => format!(
                "a rebel must step strictly closer to the castle (or move inside it): \
                 {from} is at distance {before}, {to} at distance {after}"
            ),
            IllegalMoveKind::CaptureRequired { captures } => format!(
                "captures are compulsory; the captures here are: {}",
                join(captures)
            ),
            IllegalMoveKind::CaptureIncomplete { required, next } => format!(
                "the officer must keep capturing: the next rebel by neighbour order is {next}; \
                 the whole move is {required}"
            ),
            IllegalMoveKind::CaptureWrongContinuation { required, at, next } => format!(
                "from {at} the first capturable rebel in neighbour order is {next}; \
                 the whole move is {required}"
            ),
            IllegalMoveKind::CaptureTooLong { required } => {
                format!(
                    "the chain ends after {} capture(s): {required}",
                    required.capture_count()
                )
            }
            IllegalMoveKind::WrongSide { found, .. } => {
                format!("it is the {}' turn", found.opponent())
            }
            IllegalMoveKind::GameOver { .. } => {
                "remove the moves after the end of the game".to_string()
            }
            _ => return None,
        })
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for IllegalMove {}

/// Reported as the "start" of an empty path (only reachable through the
/// library, never from a parsed record).
const EMPTY_PATH_POINT: Point = match Point::from_index(0) {
    Some(p) => p,
    None => unreachable!(),
};

/// Join moves as `Bc-Ac, Bc-Bd`.
pub fn join(moves: &[Move]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&m.to_string());
    }
    out
}

impl Position {
    /// The legal move written as `path` (start point, then every landing
    /// point), or the reason it is illegal.
    ///
    /// The reasons are checked in a fixed order: game over, the first point,
    /// the first segment, compulsory capture, then every later point of a
    /// capture chain against the chain the rules complete.
    ///
    /// # Errors
    ///
    /// An [`IllegalMove`] with its kind and the segment that shows it. A
    /// capture written with only its first two points (what a person types)
    /// gives [`IllegalMoveKind::CaptureIncomplete`] carrying the full move, so
    /// a lenient caller can accept it.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_asalto::{Point, Position, Reason};
    ///
    /// let p = |s: &str| s.parse::<Point>().unwrap();
    /// let start = Position::start();
    /// assert!(start.resolve(&[p("Bc"), p("Cc")]).is_ok());
    /// let err = start.resolve(&[p("Dd"), p("Cd")]).unwrap_err();
    /// assert_eq!(err.reason(), Reason::WrongSide);
    /// ```
    pub fn resolve(&self, path: &[Point]) -> Result<Move, IllegalMove> {
        let result = self.resolve_in_play(path);
        // The end checks come first. A legal move proves that the side to
        // move is not blocked, so then only the board checks are left; the
        // full check (move generation) runs only for an illegal move.
        let end = match result {
            Ok(_) => self.board_outcome(),
            Err(_) => self.outcome(),
        };
        match end {
            Some(outcome) => Err(IllegalMove::new(IllegalMoveKind::GameOver { outcome }, 0)),
            None => result,
        }
    }

    /// [`Position::resolve`] without the end checks.
    fn resolve_in_play(&self, path: &[Point]) -> Result<Move, IllegalMove> {
        use IllegalMoveKind as K;
        let (from, to) = match path {
            [from, to, ..] => (*from, *to),
            // The record parser never hands over fewer than two points; a
            // library caller that does gets "a move that goes nowhere".
            [at] => {
                let why = Disconnection::NotNeighbours;
                let kind = K::NotConnected {
                    from: *at,
                    to: *at,
                    why,
                };
                return Err(IllegalMove::new(kind, 0));
            }
            [] => {
                return Err(IllegalMove::new(
                    K::NoPiece {
                        at: EMPTY_PATH_POINT,
                    },
                    0,
                ));
            }
        };
        let board = self.board();
        match board.piece_at(from) {
            None => return Err(IllegalMove::new(K::NoPiece { at: from }, 0)),
            Some(side) if side != self.turn() => {
                return Err(IllegalMove::new(
                    K::WrongSide {
                        at: from,
                        found: side,
                    },
                    0,
                ));
            }
            Some(_) => {}
        }
        let step_then_more = |path: &[Point]| {
            IllegalMove::new(
                K::NotConnected {
                    from: path[1],
                    to: path[2],
                    why: Disconnection::StepEnds,
                },
                2,
            )
        };
        if from.neighbour_set().contains(to) {
            if let Some(by) = board.piece_at(to) {
                return Err(IllegalMove::new(K::Occupied { at: to, by }, 1));
            }
            if self.turn() == Side::Rebels && !from.rebel_targets().contains(to) {
                let (before, after) = (from.castle_distance(), to.castle_distance());
                return Err(IllegalMove::new(
                    K::RebelNotCloser {
                        from,
                        to,
                        before,
                        after,
                    },
                    1,
                ));
            }
            if self.turn() == Side::Officers && self.can_capture() {
                let captures = self.legal_moves().to_vec();
                return Err(IllegalMove::new(K::CaptureRequired { captures }, 1));
            }
            if path.len() > 2 {
                return Err(step_then_more(path));
            }
            return Ok(Move::step(from, to));
        }
        let Some(dir) = from.jump_direction_to(to) else {
            return Err(IllegalMove::new(
                K::NotConnected {
                    from,
                    to,
                    why: Disconnection::NotNeighbours,
                },
                1,
            ));
        };
        if self.turn() == Side::Rebels {
            return Err(IllegalMove::new(
                K::NotConnected {
                    from,
                    to,
                    why: Disconnection::RebelsDoNotJump,
                },
                1,
            ));
        }
        let over = from.neighbour(dir).unwrap_or(from);
        match board.piece_at(over) {
            Some(Side::Rebels) => {}
            found => {
                return Err(IllegalMove::new(
                    K::NotConnected {
                        from,
                        to,
                        why: Disconnection::NothingToJump { over, found },
                    },
                    1,
                ));
            }
        }
        if let Some(by) = board.piece_at(to) {
            return Err(IllegalMove::new(K::Occupied { at: to, by }, 1));
        }
        // A rebel to jump and an empty landing always make a capture.
        let Some(required) = self.capture_from(from, dir) else {
            let why = Disconnection::NotNeighbours;
            return Err(IllegalMove::new(K::NotConnected { from, to, why }, 1));
        };
        let full = required.path();
        for i in 2..path.len() {
            if i >= full.len() {
                return Err(IllegalMove::new(K::CaptureTooLong { required }, i));
            }
            if path[i] != full[i] {
                let at = full[i - 1];
                let next = crate::moves::jumped_point(at, full[i]).unwrap_or(at);
                return Err(IllegalMove::new(
                    K::CaptureWrongContinuation { required, at, next },
                    i,
                ));
            }
        }
        if path.len() < full.len() {
            let at = full[path.len() - 1];
            let next = crate::moves::jumped_point(at, full[path.len()]).unwrap_or(at);
            return Err(IllegalMove::new(
                K::CaptureIncomplete { required, next },
                path.len() - 1,
            ));
        }
        Ok(required)
    }
}
