//! A game as played: its start and its legal moves, each with the position
//! after it. Asalto's and Mad Bishops' replays build one (`Game` in each is
//! [`Played`] over [`Ply`], with what each game adds to a ply); what is
//! asked of a game record (the position after n moves, the moves, how it
//! ended, where two games part, a game built from legal moves) is written
//! here once.

use crate::game::Game;

/// What [`Played`] reads in a game's ply: the move and the position after
/// it. A game's ply carries more (its number, side, source line).
pub trait PlayedPly<G: Game> {
    /// The move.
    fn mv(&self) -> &G::Move;
    /// The position after it.
    fn position(&self) -> &G::Position;
}

/// A legal move of a game as played: its number, the side that made it,
/// the move, the position after it and the record's line it came from.
/// `X` is what a game adds to it (Asalto: whether the record wrote a
/// capture cut short that the replay completed; Mad Bishops: nothing).
///
/// # Examples
///
/// ```
/// use asalto_core::{Game, Played, Ply};
/// # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// # struct Count; // players add 1 or 2; whoever reaches 5 wins
/// # impl Game for Count {
/// #     const NAME: &'static str = "count";
/// #     type Position = (u8, bool);
/// #     type Move = u8;
/// #     type Written = u8;
/// #     type Side = bool;
/// #     type Illegal = ();
/// #     type Outcome = bool;
/// #     fn rules(_: &(u8, bool)) -> &'static str { "to-five" }
/// #     fn turn(p: &(u8, bool)) -> bool { p.1 }
/// #     fn side_name(second: bool) -> &'static str { if second { "second" } else { "first" } }
/// #     fn resolve(_: &(u8, bool), w: &u8) -> Result<u8, ()> { Ok(*w) }
/// #     fn play(p: &mut (u8, bool), m: u8) { *p = (p.0 + m, !p.1) }
/// #     fn outcome(p: &(u8, bool)) -> Option<bool> { (p.0 == 5).then_some(!p.1) }
/// # }
///
/// // Each ply notes whether its move was said aloud (the game's own fact).
/// let mut game = Played::<Count, Ply<Count, bool>>::new((0, false));
/// game.push(2, (2, true), 1, true);
/// game.push(1, (3, false), 2, false);
/// let second = &game.plies[1];
/// assert_eq!((second.number, second.side, second.mv), (2, true, 1));
/// assert_eq!((second.line, second.extra), (2, false));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Ply<G: Game, X = ()> {
    /// The move number, 1-based.
    pub number: usize,
    /// Who moved.
    pub side: G::Side,
    /// The move.
    pub mv: G::Move,
    /// The position after it.
    pub position: G::Position,
    /// The 1-based line of the record it came from (0 when it has no
    /// source).
    pub line: usize,
    /// What the game adds to a ply.
    pub extra: X,
}

impl<G: Game, X: Copy> Copy for Ply<G, X> where G::Position: Copy {}

impl<G: Game, X: Eq> Eq for Ply<G, X>
where
    G::Position: Eq,
    G::Move: Eq,
    G::Side: Eq,
{
}

impl<G: Game, X> PlayedPly<G> for Ply<G, X> {
    fn mv(&self) -> &G::Move {
        &self.mv
    }

    fn position(&self) -> &G::Position {
        &self.position
    }
}

/// How a game ended, and after which move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended<O> {
    /// Who won and why.
    pub outcome: O,
    /// The number of moves played when the end was found (0: before any).
    pub ply: usize,
}

/// A sequence of legal moves from a start position.
///
/// # Examples
///
/// ```
/// use asalto_core::{Game, Played, PlayedPly};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct Count; // players add 1 or 2; whoever reaches 5 wins
///
/// impl Game for Count {
///     const NAME: &'static str = "count";
///     type Position = (u8, bool);
///     type Move = u8;
///     type Written = u8;
///     type Side = bool;
///     type Illegal = ();
///     type Outcome = bool;
///     fn rules(_: &(u8, bool)) -> &'static str { "to-five" }
///     fn turn(p: &(u8, bool)) -> bool { p.1 }
///     fn side_name(second: bool) -> &'static str { if second { "second" } else { "first" } }
///     fn resolve(_: &(u8, bool), w: &u8) -> Result<u8, ()> { Ok(*w) }
///     fn play(p: &mut (u8, bool), m: u8) { *p = (p.0 + m, !p.1) }
///     fn outcome(p: &(u8, bool)) -> Option<bool> { (p.0 == 5).then_some(!p.1) }
/// }
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Ply { said: u8, after: (u8, bool) }
///
/// impl PlayedPly<Count> for Ply {
///     fn mv(&self) -> &u8 { &self.said }
///     fn position(&self) -> &(u8, bool) { &self.after }
/// }
///
/// let mut game = Played::<Count, Ply>::new((0, false));
/// for said in [2, 2, 1] {
///     let mut after = game.position();
///     Count::play(&mut after, said);
///     game.plies.push(Ply { said, after });
/// }
/// assert_eq!(game.position_at(1), Some((2, true)));
/// assert_eq!(game.moves().copied().collect::<Vec<_>>(), [2, 2, 1]);
/// let ended = game.outcome().unwrap();
/// assert_eq!((ended.outcome, ended.ply), (false, 3)); // the first player said 5
/// assert_eq!(game.first_difference(&game.clone()), None);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Played<G: Game, P> {
    /// Where the game starts.
    pub start: G::Position,
    /// The moves, in order.
    pub plies: Vec<P>,
}

impl<G: Game, P: Eq> Eq for Played<G, P> where G::Position: Eq {}

impl<G: Game, P: PlayedPly<G>> Played<G, P> {
    /// An empty game from `start`.
    pub fn new(start: G::Position) -> Played<G, P> {
        Played {
            start,
            plies: Vec::new(),
        }
    }

    /// The position after the last move, by reference.
    pub fn last_position(&self) -> &G::Position {
        self.plies.last().map_or(&self.start, PlayedPly::position)
    }

    /// The position after the last move.
    pub fn position(&self) -> G::Position {
        self.last_position().clone()
    }

    /// The position after `n` moves (0: the start), if the game is that long.
    pub fn position_at(&self, n: usize) -> Option<G::Position> {
        match n {
            0 => Some(self.start.clone()),
            n => self.plies.get(n - 1).map(|p| p.position().clone()),
        }
    }

    /// The moves.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &G::Move> {
        self.plies.iter().map(PlayedPly::mv)
    }

    /// The result, if the game has ended (checked at the start of the turn
    /// after the last move).
    pub fn outcome(&self) -> Option<Ended<G::Outcome>> {
        G::outcome(self.last_position()).map(|outcome| Ended {
            outcome,
            ply: self.plies.len(),
        })
    }

    /// The number of the first move where the two games differ (1-based),
    /// or `None` if they have the same start and moves. When one game is a
    /// prefix of the other, the first move of the longer one past the end
    /// of the shorter differs; different starts differ at move 0.
    pub fn first_difference(&self, other: &Played<G, P>) -> Option<usize> {
        if self.start != other.start {
            return Some(0);
        }
        crate::first_difference(self.moves(), other.moves())
    }

    /// Append the ply `make` builds from its number (1-based) and the side
    /// that moves, a move the caller has checked.
    pub fn push_with(&mut self, make: impl FnOnce(usize, G::Side) -> P) {
        let number = self.plies.len() + 1;
        let side = G::turn(self.last_position());
        self.plies.push(make(number, side));
    }
}

impl<G: Game, X> Played<G, Ply<G, X>> {
    /// Append a move the caller has checked, with the position after it,
    /// the record's line it came from and what the game adds to the ply;
    /// its number and side follow from the game so far.
    pub fn push(&mut self, mv: G::Move, position: G::Position, line: usize, extra: X) {
        self.push_with(|number, side| Ply {
            number,
            side,
            mv,
            position,
            line,
            extra,
        });
    }

    /// A game of `moves` from `start`, each played by `play`, the game's
    /// checked play (the position after a move, or why the move is not
    /// legal where it is played: [`Game::play`] assumes a legal move and
    /// has no such error). The plies come from no record (line 0) and add
    /// `X`'s default.
    ///
    /// # Errors
    ///
    /// The index and error of the first move that `play` refuses.
    pub fn of_moves<'a, E>(
        start: G::Position,
        moves: impl IntoIterator<Item = &'a G::Move>,
        mut play: impl FnMut(&G::Position, &G::Move) -> Result<G::Position, E>,
    ) -> Result<Self, (usize, E)>
    where
        G::Move: 'a,
        X: Default,
    {
        let mut game = Played::new(start);
        for (i, mv) in moves.into_iter().enumerate() {
            let next = play(game.last_position(), mv).map_err(|e| (i, e))?;
            game.push(*mv, next, 0, X::default());
        }
        Ok(game)
    }
}
