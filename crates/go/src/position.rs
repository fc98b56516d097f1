//! A game position: the board, whose turn it is, the ko point, the passes,
//! the captures and (for superko) the positions seen — and the one place
//! where a move is judged legal.

use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, Placed};
use crate::point::{Move, Point, Size};
use crate::rules::{KoRule, Profile, Rules, Suicide};
use crate::side::{BySide, Side};

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

/// The identity hasher: Zobrist keys are already uniformly random.
#[derive(Default, Clone, Copy)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Seen = HashSet<u64, BuildHasherDefault<ZobristHasher>>;

/// A position under a rule profile.
#[derive(Clone)]
pub struct Position {
    /// Boxed: a board is 6.6 KB, and a position is moved several times
    /// on its way into a replay (position, judge, line reader), each move
    /// a copy of the whole board where a box copies a pointer.
    board: Box<Board>,
    profile: Profile,
    rules: Rules,
    to_move: Side,
    /// The point the given colour may not play now (simple ko).
    ko: Option<(Point, Side)>,
    passes: u8,
    captures: BySide<u32>,
    seen: Seen,
    last: Option<(Side, Move)>,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Played {
    /// Opponent stones captured.
    pub captured: u32,
    /// Own stones removed by a suicide (only where the rules allow it, or
    /// when an illegal move was forced).
    pub suicided: u32,
}

impl From<Placed> for Played {
    fn from(p: Placed) -> Played {
        Played {
            captured: p.captured,
            suicided: p.suicided,
        }
    }
}

impl Position {
    /// The empty board, Black to move.
    pub fn new(size: Size, profile: Profile) -> Position {
        Position::from_boxed(Board::new_boxed(size), Side::Black, profile)
    }

    /// A position of a board and the colour to move (setup, or a grading
    /// query): no ko point, no passes, no captures, history starting here.
    pub fn from_board(board: Board, to_move: Side, profile: Profile) -> Position {
        Position::from_boxed(Box::new(board), to_move, profile)
    }

    /// The board, for this thread's next position ([`Board::give_back`]).
    pub(crate) fn give_back_board(self) {
        Board::give_back(self.board);
    }

    fn from_boxed(board: Box<Board>, to_move: Side, profile: Profile) -> Position {
        let rules = profile.rules();
        let mut seen = Seen::default();
        if rules.ko == KoRule::PositionalSuperko {
            seen.insert(board.hash());
        }
        Position {
            board,
            profile,
            rules,
            to_move,
            ko: None,
            passes: 0,
            captures: BySide::default(),
            seen,
            last: None,
        }
    }

    /// A copy to look at (draw, print), without the history of positions
    /// that positional superko keeps: that is 8 bytes a move, and a copy
    /// kept for a report needs none of it. Moves played on the copy are
    /// judged without that history.
    pub fn snapshot(&self) -> Position {
        Position {
            board: self.board.clone(),
            profile: self.profile,
            rules: self.rules,
            to_move: self.to_move,
            ko: self.ko,
            passes: self.passes,
            captures: self.captures,
            seen: Seen::default(),
            last: self.last,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// The rule profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The colour to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Sets the colour to move (SGF `PL`, handicap).
    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// Stones captured by each colour so far.
    pub fn captures(&self) -> BySide<u32> {
        self.captures
    }

    /// Passes in a row just played.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The last move, with its colour.
    pub fn last_move(&self) -> Option<(Side, Move)> {
        self.last
    }

    /// The point the colour to move may not take because of simple ko.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko.filter(|&(_, s)| s == self.to_move).map(|(p, _)| p)
    }

    /// Whether the game ended by two passes (under profiles where that ends
    /// it).
    pub fn is_over(&self) -> bool {
        self.rules.two_passes_end && self.passes >= 2
    }

    /// Puts or removes a stone (setup). Ko and repetition history restart
    /// from the new position.
    pub fn set_stone(&mut self, p: Point, stone: Option<Side>) {
        self.set_stone_deferred(p, stone);
        self.finish_setup();
    }

    /// [`Position::set_stone`] for one of several setup stones: call
    /// [`Position::finish_setup`] after the last.
    pub(crate) fn set_stone_deferred(&mut self, p: Point, stone: Option<Side>) {
        self.board.set_deferred(p, stone);
    }

    /// Ends a setup made of [`Position::set_stone_deferred`] calls.
    pub(crate) fn finish_setup(&mut self) {
        self.board.finish_setup();
        self.ko = None;
        if self.rules.ko == KoRule::PositionalSuperko {
            self.seen.clear();
            self.seen.insert(self.board.hash());
        }
    }

    /// Why `side` may not play `mv` now, or `None` if it may. The turn is
    /// not checked (see [`Position::play`]).
    #[inline]
    pub fn why_illegal(&self, side: Side, mv: Move) -> Option<IllegalMoveKind> {
        if self.is_over() {
            return Some(IllegalMoveKind::GameOver);
        }
        let Move::Play(p) = mv else { return None };
        self.why_illegal_point(side, p)
    }

    #[inline(always)]
    fn why_illegal_point(&self, side: Side, p: Point) -> Option<IllegalMoveKind> {
        // One load answers both "on the board?" and "empty?": the padded
        // grid marks every point past the board's size as an edge.
        if let Some(kind) = self.board.why_not_empty(p) {
            return Some(kind);
        }
        if self.ko == Some((p, side)) {
            return Some(IllegalMoveKind::Ko);
        }
        // Most stones go next to an empty point: they have a liberty, so
        // they are no suicide, and only superko needs to know what they
        // capture.
        if self.rules.ko != KoRule::PositionalSuperko && self.board.has_empty_neighbour(p) {
            return None;
        }
        self.why_illegal_probed(side, p)
    }

    /// [`Position::why_illegal_point`] for an empty point that needs the
    /// probe: no empty neighbour, or positional superko.
    fn why_illegal_probed(&self, side: Side, p: Point) -> Option<IllegalMoveKind> {
        let probe = self.board.probe(side, p);
        if Board::is_suicide(&probe) && self.rules.suicide == Suicide::Illegal {
            return Some(IllegalMoveKind::Suicide);
        }
        if self.rules.ko == KoRule::PositionalSuperko
            && self.seen.contains(&self.board.hash_after(side, p, &probe))
        {
            return Some(IllegalMoveKind::Superko);
        }
        None
    }

    /// Whether `side` may play `mv` now (turn not checked).
    pub fn is_legal(&self, side: Side, mv: Move) -> bool {
        self.why_illegal(side, mv).is_none()
    }

    /// Plays `mv` for the colour to move.
    ///
    /// # Errors
    ///
    /// The reason, with the position unchanged, when the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Plays `mv` for `side`, whoever's turn it is (records and the
    /// assignment's `goMove/4` name the colour); the other colour moves next.
    ///
    /// # Errors
    ///
    /// The reason, with the position unchanged, when the move is illegal.
    pub fn play_as(&mut self, side: Side, mv: Move) -> Result<Played, IllegalMove> {
        self.play_as_with(side, mv, |_| {})
    }

    /// [`Position::play_as`], handing every captured point to `captured`.
    ///
    /// # Errors
    ///
    /// The reason, with the position unchanged, when the move is illegal.
    pub fn play_as_with(
        &mut self,
        side: Side,
        mv: Move,
        captured: impl FnMut(Point),
    ) -> Result<Played, IllegalMove> {
        if let Some(kind) = self.why_illegal(side, mv) {
            return Err(IllegalMove { kind, side, mv });
        }
        Ok(self.apply(side, mv, captured))
    }

    /// Plays a move that [`Position::why_illegal`] has just accepted for
    /// `side` (the replay judges first, then plays, without judging twice).
    pub(crate) fn play_judged(
        &mut self,
        side: Side,
        mv: Move,
        captured: impl FnMut(Point),
    ) -> Played {
        self.apply(side, mv, captured)
    }

    /// Plays `mv` for `side` even if the rules forbid it, as the SGF
    /// specification asks of a reader: a ko or superko is retaken, a
    /// suicide removes its own group, a move after the end is played.
    /// Returns `None` (and changes nothing) for a point that is off the
    /// board or occupied, where no stone can go.
    pub fn force(&mut self, side: Side, mv: Move, captured: impl FnMut(Point)) -> Option<Played> {
        if let Move::Play(p) = mv
            && (!self.board.size().contains(p) || !self.board.is_empty_point(p))
        {
            return None;
        }
        Some(self.apply(side, mv, captured))
    }

    /// Whether [`Position::play_point_if_legal`] may judge moves here:
    /// every profile but positional superko, which must know the position
    /// a move makes before the move is played.
    #[inline]
    pub(crate) fn judges_as_it_plays(&self) -> bool {
        self.rules.ko != KoRule::PositionalSuperko
    }

    /// Plays a stone for `side` on `p` if the rules allow it, judged as it
    /// is played: the stone is placed, and taken back if it turns out to
    /// be suicide where that is illegal, so a legal move costs no probe
    /// beforehand. `None`, with the position unchanged, for an illegal
    /// move ([`Position::why_illegal`] says why). Only where
    /// [`Position::judges_as_it_plays`].
    #[inline]
    pub(crate) fn play_point_if_legal(
        &mut self,
        side: Side,
        p: Point,
        mut captured: impl FnMut(Point),
    ) -> Option<Played> {
        debug_assert!(self.judges_as_it_plays());
        if self.is_over() || self.board.why_not_empty(p).is_some() || self.ko == Some((p, side)) {
            return None;
        }
        let mut single = None;
        let mut on_capture = |q| {
            single = Some(q);
            captured(q);
        };
        let placed = if self.rules.suicide == Suicide::Illegal {
            self.board.place_unless_suicide(side, p, &mut on_capture)?
        } else {
            self.board.place(side, p, &mut on_capture)
        };
        Some(self.stone_played(side, p, placed, single))
    }

    #[inline]
    fn apply(&mut self, side: Side, mv: Move, mut captured: impl FnMut(Point)) -> Played {
        let Move::Play(p) = mv else {
            self.ko = None;
            self.last = Some((side, mv));
            self.to_move = !side;
            self.passes = self.passes.saturating_add(1);
            return Played::default();
        };
        let mut single = None;
        let placed = self.board.place(side, p, |q| {
            single = Some(q);
            captured(q);
        });
        self.stone_played(side, p, placed, single)
    }

    /// The bookkeeping after a stone: turn, passes, captures, the ko point
    /// (`single`: the last point captured) and, for superko, the position.
    #[inline]
    fn stone_played(
        &mut self,
        side: Side,
        p: Point,
        placed: Placed,
        single: Option<Point>,
    ) -> Played {
        self.ko = None;
        self.last = Some((side, Move::Play(p)));
        self.to_move = !side;
        self.passes = 0;
        self.captures[side] += placed.captured;
        self.captures[!side] += placed.suicided;
        if self.rules.ko == KoRule::Simple
            && placed.captured == 1
            && placed.suicided == 0
            && self.board.is_lone_stone_in_atari(p)
        {
            self.ko = single.map(|q| (q, !side));
        }
        if self.rules.ko == KoRule::PositionalSuperko {
            self.seen.insert(self.board.hash());
        }
        Played::from(placed)
    }

    /// Every legal move of `side` now, passes last.
    pub fn legal_moves(&self, side: Side) -> Vec<Move> {
        let mut out: Vec<Move> = self
            .board
            .size()
            .points()
            .filter(|&p| self.why_illegal_point(side, p).is_none())
            .map(Move::Play)
            .collect();
        if !self.is_over() {
            out.push(Move::Pass);
        }
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{} to move", self.board, self.to_move)
    }
}
