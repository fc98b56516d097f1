//! The small trait every game implements, so that what all games share
//! (replay, comparison, JSON documents, the CLI's choice of game) is written
//! once against it, as shakmaty's shared code is written against its
//! `Position` trait.

use std::fmt::Debug;

/// A game's rules, seen from the shared machinery.
///
/// Implemented by a unit type per game (`asalto_madbishops::MadBishops`);
/// the game's own types do the work. Parsing stays apart from legality: a
/// record parser produces [`Game::Written`] values (syntax only) and
/// [`Game::resolve`] says whether one is a legal move where it is played.
///
/// # Examples
///
/// A counting game: players alternately say 1 or 2; whoever reaches 5 wins.
///
/// ```
/// use asalto_core::{Game, replay::Replay};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct Count;
///
/// impl Game for Count {
///     const NAME: &'static str = "count";
///     type Position = (u8, bool); // total, whether the second player is to say
///     type Move = u8;
///     type Written = u8;
///     type Side = bool;
///     type Illegal = &'static str;
///     type Outcome = bool; // the winner
///
///     fn rules(_: &(u8, bool)) -> &'static str {
///         "to-five"
///     }
///     fn turn(p: &(u8, bool)) -> bool {
///         p.1
///     }
///     fn side_name(second: bool) -> &'static str {
///         if second { "second" } else { "first" }
///     }
///     fn resolve(p: &(u8, bool), w: &u8) -> Result<u8, &'static str> {
///         match (Count::outcome(p), *w) {
///             (Some(_), _) => Err("game-over"),
///             (None, 1 | 2) if p.0 + w <= 5 => Ok(*w),
///             _ => Err("too-much"),
///         }
///     }
///     fn play(p: &mut (u8, bool), m: u8) {
///         *p = (p.0 + m, !p.1);
///     }
///     fn outcome(p: &(u8, bool)) -> Option<bool> {
///         (p.0 == 5).then_some(!p.1)
///     }
/// }
///
/// let mut replay = Replay::<Count>::new((0, false));
/// assert!(replay.step(&2).is_ok());
/// assert_eq!(replay.step(&3).unwrap_err().reason, "too-much");
/// ```
pub trait Game: Copy + Debug + PartialEq + Eq + 'static {
    /// The game's stable name, written as `"game"` in every JSON document
    /// (`asalto`, `go`, `solitaire`, `madbishops`).
    const NAME: &'static str;
    /// A position: the board, the side to move, and whatever the rules need
    /// to judge the next move (the rule profile, ko state, move counters).
    type Position: Clone + Debug + PartialEq;
    /// A legal move, complete (a capture with its whole path, a pass).
    type Move: Copy + Debug + PartialEq;
    /// A move as a record writes it, before the rules have looked at it.
    type Written: Debug;
    /// Who moves.
    type Side: Copy + Debug + PartialEq;
    /// Why a written move is not a legal move where it is played.
    type Illegal: Clone + Debug + PartialEq;
    /// How a game ended.
    type Outcome: Copy + Debug + PartialEq;

    /// The name of the rule profile `position` is judged under, written as
    /// `"rules"` in every JSON document.
    fn rules(position: &Self::Position) -> &'static str;
    /// The side to move.
    fn turn(position: &Self::Position) -> Self::Side;
    /// The stable name of a side (`officers`, `black`), as JSON and
    /// messages write it.
    fn side_name(side: Self::Side) -> &'static str;
    /// The legal move `written` names in `position`, or why there is none
    /// (including moves after the end of the game).
    ///
    /// # Errors
    ///
    /// The game's typed reason.
    fn resolve(
        position: &Self::Position,
        written: &Self::Written,
    ) -> Result<Self::Move, Self::Illegal>;
    /// Play a move that [`Game::resolve`] returned for this position.
    fn play(position: &mut Self::Position, mv: Self::Move);
    /// Judge `written` and play it if it is legal, in one step; on an
    /// error the position is unchanged. The replay calls this; the default
    /// is [`Game::resolve`] then [`Game::play`]. A game whose legality
    /// check does the work of playing (Go finds captures and suicide by
    /// placing the stone) overrides it to do that work once.
    ///
    /// # Errors
    ///
    /// The game's typed reason, as [`Game::resolve`].
    fn play_written(
        position: &mut Self::Position,
        written: &Self::Written,
    ) -> Result<Self::Move, Self::Illegal> {
        let mv = Self::resolve(position, written)?;
        Self::play(position, mv);
        Ok(mv)
    }
    /// How the game ended, if it has.
    fn outcome(position: &Self::Position) -> Option<Self::Outcome>;
}
