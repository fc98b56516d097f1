//! A game position: the board, whose turn it is, the ko point, the passes,
//! the captures and (for superko) the positions seen — and the one place
//! where a move is judged legal.

use std::fmt;

use crate::board::{Board, Placed};
use crate::history::{History, Repeat};
use crate::illegal::{IllegalMove, IllegalMoveKind};
use crate::point::{Move, Point, Size};
use crate::rules::{KoRule, Profile, Rules, Suicide};
use crate::side::{BySide, Side};

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
    /// The positions met, under positional superko (else empty).
    history: History,
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
        let mut history = History::default();
        if rules.ko == KoRule::PositionalSuperko {
            history.reset(&board);
        }
        Position {
            board,
            profile,
            rules,
            to_move,
            ko: None,
            passes: 0,
            captures: BySide::default(),
            history,
            last: None,
        }
    }

    /// A copy to look at (draw, print), without the history of positions
    /// that positional superko keeps: that is about 25 bytes a move, and a copy
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
            history: History::default(),
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
            self.history.reset(&self.board);
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
        // capture, and only when the position they make may repeat.
        if self.board.has_empty_neighbour(p)
            && (self.rules.ko != KoRule::PositionalSuperko || !self.may_repeat(side, p))
        {
            return None;
        }
        self.why_illegal_probed(side, p)
    }

    /// Under positional superko, whether a `side` stone on the empty point
    /// `p` may make a position met before: only if the position it makes
    /// has no more stones than the most a position had so far (stones
    /// leave the board only by captures), that is if it captures, or if
    /// earlier captures left the board with fewer stones than it had. In
    /// real games that is a move in five or so; the others need no probe
    /// and no look-up. A suicide (where the rules allow it) removes
    /// stones too: the caller sees to it.
    #[inline]
    fn may_repeat(&self, side: Side, p: Point) -> bool {
        self.board.stones_total() < self.history.high() || self.board.would_capture(side, p)
    }

    /// [`Position::why_illegal_point`] for an empty point that needs the
    /// probe: no empty neighbour, or positional superko.
    fn why_illegal_probed(&self, side: Side, p: Point) -> Option<IllegalMoveKind> {
        let probe = self.board.probe(side, p);
        if Board::is_suicide(&probe) && self.rules.suicide == Suicide::Illegal {
            return Some(IllegalMoveKind::Suicide);
        }
        if self.rules.ko == KoRule::PositionalSuperko && self.repeats(side, p, &probe) {
            return Some(IllegalMoveKind::Superko);
        }
        None
    }

    /// Whether the probed stone makes a position met before: looked up by
    /// its key only when it may, and a key found is confirmed by comparing
    /// whole boards (see [`History`]).
    fn repeats(&self, side: Side, p: Point, probe: &crate::board::Probe) -> bool {
        let after = if Board::is_suicide(probe) {
            // Fewer stones than now: the stone and its group go.
            self.board.stones_total()
        } else {
            self.board.stones_total() + 1 - probe.captured_stones
        };
        after <= self.history.high()
            && self.history.contains(
                self.board.hash_after(side, p, probe),
                self.board.size(),
                |cells| self.board.equal_after(side, p, probe, cells),
            )
    }

    /// Room in the positional-superko history for `moves` more moves, so
    /// that playing them allocates nothing (nothing to do under other
    /// profiles).
    pub fn reserve(&mut self, moves: usize) {
        if self.rules.ko == KoRule::PositionalSuperko {
            self.history.reserve(moves, self.board.size());
        }
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
        mut captured: impl FnMut(Point),
    ) -> Result<Played, IllegalMove> {
        // As `check` plays a record: most stones judged as they are
        // placed; the rest (illegal, or under superko a possible
        // repetition) judged first.
        if let Move::Play(p) = mv
            && let Some(played) = self.play_point_if_legal(side, p, &mut captured)
        {
            return Ok(played);
        }
        if let Some(kind) = self.why_illegal(side, mv) {
            return Err(IllegalMove { kind, side, mv });
        }
        Ok(self.apply(side, mv, captured, Repeat::No))
    }

    /// Plays a move that [`Position::why_illegal`] has just accepted for
    /// `side` (the replay judges first, then plays, without judging twice).
    pub(crate) fn play_judged(
        &mut self,
        side: Side,
        mv: Move,
        captured: impl FnMut(Point),
    ) -> Played {
        self.apply(side, mv, captured, Repeat::No)
    }

    /// Plays `mv` for `side` even if the rules forbid it, as the SGF
    /// specification asks of a reader: a ko or superko is retaken, a
    /// suicide removes its own group, a move after the end is played.
    /// Returns `None` (and changes nothing) for a point that is off the
    /// board or occupied, where no stone can go.
    pub fn force(&mut self, side: Side, mv: Move, captured: impl FnMut(Point)) -> Option<Played> {
        self.force_judged(side, mv, None, captured)
    }

    /// [`Position::force`] for a move [`Position::why_illegal`] has just
    /// refused for `why` (`None`: not judged), so that a superko is not
    /// looked up again.
    pub(crate) fn force_judged(
        &mut self,
        side: Side,
        mv: Move,
        why: Option<IllegalMoveKind>,
        captured: impl FnMut(Point),
    ) -> Option<Played> {
        if let Move::Play(p) = mv
            && (!self.board.size().contains(p) || !self.board.is_empty_point(p))
        {
            return None;
        }
        let repeat = if why == Some(IllegalMoveKind::Superko) {
            Repeat::Yes
        } else {
            Repeat::Maybe
        };
        Some(self.apply(side, mv, captured, repeat))
    }

    /// Plays a stone for `side` on `p` if the rules allow it, judged as it
    /// is played: the stone is placed, and taken back if it turns out to
    /// be suicide where that is illegal, so a legal move costs no probe
    /// beforehand. `None`, with the position unchanged, for an illegal
    /// move, and under positional superko for a move that may repeat a
    /// position (a capture, a suicide, or any stone while the board has
    /// fewer stones than some position had), which must be judged before
    /// it is played: [`Position::why_illegal`] says which.
    #[inline]
    pub(crate) fn play_point_if_legal(
        &mut self,
        side: Side,
        p: Point,
        mut captured: impl FnMut(Point),
    ) -> Option<Played> {
        if self.is_over() || self.board.why_not_empty(p).is_some() || self.ko == Some((p, side)) {
            return None;
        }
        if self.rules.ko == KoRule::PositionalSuperko {
            // A stone that captures nothing and is no suicide makes a
            // position with one stone more, and its key is the board's
            // and the stone's: new if the board already has as many
            // stones as any position had, or if no position kept has that
            // key (a key found is judged first, whole boards compared).
            // Any other stone is judged first.
            if self.board.stones_total() < self.history.high()
                && self.history.has_key(self.board.hash_placed(side, p))
            {
                return None;
            }
            let placed = self.board.place_unless_capture_or_suicide(side, p)?;
            self.history.begin(side, p);
            return Some(self.stone_played(side, p, placed, None, Repeat::No));
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
        Some(self.stone_played(side, p, placed, single, Repeat::No))
    }

    /// Plays `mv`; `repeat`: whether it repeats a position, as far as the
    /// caller knows.
    #[inline]
    fn apply(
        &mut self,
        side: Side,
        mv: Move,
        mut captured: impl FnMut(Point),
        repeat: Repeat,
    ) -> Played {
        let Move::Play(p) = mv else {
            self.ko = None;
            self.last = Some((side, mv));
            self.to_move = !side;
            self.passes = self.passes.saturating_add(1);
            return Played::default();
        };
        let superko = self.rules.ko == KoRule::PositionalSuperko;
        if superko {
            self.history.begin(side, p);
            // A suicide's own stones are not reported as they go: the
            // history logs them first (the new stone goes too).
            if !self.board.has_empty_neighbour(p) {
                let probe = self.board.probe(side, p);
                if Board::is_suicide(&probe) {
                    let history = &mut self.history;
                    self.board
                        .for_each_removed(side, p, &probe, |s, _| history.removed(s));
                    history.removed(p.index());
                }
            }
        }
        let mut single = None;
        let history = &mut self.history;
        let placed = self.board.place(side, p, |q| {
            single = Some(q);
            if superko {
                history.removed(q.index());
            }
            captured(q);
        });
        self.stone_played(side, p, placed, single, repeat)
    }

    /// The bookkeeping after a stone: turn, passes, captures, the ko point
    /// (`single`: the last point captured) and, for superko, the position
    /// (`repeat`: whether it repeats one).
    #[inline]
    fn stone_played(
        &mut self,
        side: Side,
        p: Point,
        placed: Placed,
        single: Option<Point>,
        repeat: Repeat,
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
            self.history.record(&self.board, repeat);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A capture whose position has the key of an earlier, different
    /// position with as many stones is legal: the key alone does not make
    /// a superko. The same key on the very position the capture makes
    /// does.
    #[test]
    fn a_key_met_again_is_confirmed_by_the_board() {
        let size = Size::new(5).expect("a size");
        let at = |c, r| size.point(c, r).expect("on board");
        let mut pos = Position::new(size, Profile::PositionalSuperko);
        pos.set_stone(at(1, 1), Some(Side::White));
        for p in [at(0, 1), at(1, 0), at(2, 1)] {
            pos.set_stone(p, Some(Side::Black));
        }
        let capture = at(1, 2);
        let probe = pos.board.probe(Side::Black, capture);
        let key = pos.board.hash_after(Side::Black, capture, &probe);
        let mut after = (*pos.board).clone();
        after.place(Side::Black, capture, |_| {});
        assert_eq!(after.hash(), key);
        let mut other = after.clone();
        other.set(at(0, 1), None);
        other.set(at(4, 4), Some(Side::Black));
        assert_eq!(other.stones_total(), after.stones_total());
        assert!(!other.cells_equal(&after));

        let mut forged = pos.clone();
        forged.history.insert_as(&other, key, &pos.board);
        assert_eq!(forged.why_illegal(Side::Black, Move::Play(capture)), None);
        let played = forged.play(Move::Play(capture)).expect("legal");
        assert_eq!(played.captured, 1);

        let mut real = pos.clone();
        real.history.insert_as(&after, key, &pos.board);
        assert_eq!(
            real.why_illegal(Side::Black, Move::Play(capture)),
            Some(IllegalMoveKind::Superko)
        );
    }
}
