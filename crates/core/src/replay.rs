//! Replaying written moves through a game's rules, streaming: only the
//! current position is held, each move is judged where it is played, and
//! the replay stops at the first illegal move with a typed reason.
//!
//! Every game's `check` is this loop plus its own record format; what a
//! game does with the legal prefix (keep every position, keep none, count)
//! is its choice.

use std::borrow::Borrow;

use crate::problem::{Problem, ProblemKind, Severity};
use crate::{Game, Span};

/// A move the rules accepted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CheckedPly<G: Game> {
    /// The move number, 1-based.
    pub number: usize,
    /// Who moved.
    pub side: G::Side,
    /// The move, complete.
    pub mv: G::Move,
}

/// The first move the rules refused: where the replay stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct IllegalPly<G: Game> {
    /// The move number, 1-based.
    pub number: usize,
    /// Whose move it was.
    pub side: G::Side,
    /// The position it was written in (for drawings and lists of legal
    /// moves).
    pub before: G::Position,
    /// Why it is not legal.
    pub reason: G::Illegal,
}

impl<G: Game> IllegalPly<G> {
    /// The error at `span` (the written move, or the part of it the reason
    /// is about).
    pub fn into_problem(self, span: Span) -> Problem<IllegalPly<G>> {
        Problem {
            severity: Severity::Error,
            span,
            ply: Some(self.number),
            kind: self,
        }
    }
}

/// The reason's words, with the side that moved.
impl<G: Game> ProblemKind for IllegalPly<G>
where
    G::Illegal: ProblemKind,
{
    fn code(&self) -> &'static str {
        self.reason.code()
    }
    fn message(&self) -> String {
        self.reason.message()
    }
    fn label(&self) -> String {
        self.reason.label()
    }
    fn help(&self) -> Option<String> {
        self.reason.help()
    }
    fn side(&self) -> Option<&'static str> {
        Some(G::side_name(self.side))
    }
}

/// A replay in progress: the current position and the number of moves
/// played.
///
/// See [`Game`] for an example.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay<G: Game> {
    position: G::Position,
    played: usize,
}

impl<G: Game> Replay<G> {
    /// A replay from `start`.
    pub fn new(start: G::Position) -> Replay<G> {
        Replay {
            position: start,
            played: 0,
        }
    }

    /// The position after the moves played.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// The position, taken out.
    pub fn into_position(self) -> G::Position {
        self.position
    }

    /// The position, to change between moves: setup that is not a move
    /// (stones added or removed by an SGF node, a side to move set).
    pub fn position_mut(&mut self) -> &mut G::Position {
        &mut self.position
    }

    /// The number of moves played.
    pub fn played(&self) -> usize {
        self.played
    }

    /// Judge `written` in the current position and play it if it is legal.
    ///
    /// # Errors
    ///
    /// The illegal move, with the position it was written in; the replay is
    /// unchanged (and should stop: the position after an illegal move is
    /// not defined).
    pub fn step(&mut self, written: &G::Written) -> Result<CheckedPly<G>, IllegalPly<G>> {
        let side = G::turn(&self.position);
        match G::play_written(&mut self.position, written) {
            Ok(mv) => {
                self.played += 1;
                Ok(CheckedPly {
                    number: self.played,
                    side,
                    mv,
                })
            }
            Err(reason) => Err(IllegalPly {
                number: self.played + 1,
                side,
                before: self.position.clone(),
                reason,
            }),
        }
    }

    /// Play `mv`, already known to be legal here (resolved by the caller,
    /// completed by a lenient reading).
    pub fn play(&mut self, mv: G::Move) -> CheckedPly<G> {
        let side = G::turn(&self.position);
        G::play(&mut self.position, mv);
        self.played += 1;
        CheckedPly {
            number: self.played,
            side,
            mv,
        }
    }

    /// Replay every item of `items` (each a written move, or something
    /// that holds one), yielding each item with its verdict and stopping
    /// after the first illegal one.
    pub fn over<I>(self, items: I) -> Plies<G, I::IntoIter>
    where
        I: IntoIterator,
        I::Item: Borrow<G::Written>,
    {
        Plies {
            replay: self,
            items: items.into_iter(),
            stopped: false,
        }
    }
}

/// The streaming replay of [`Replay::over`]: yields `(item, verdict)` and
/// ends after the first illegal move.
#[derive(Clone, Debug)]
pub struct Plies<G: Game, I> {
    replay: Replay<G>,
    items: I,
    stopped: bool,
}

impl<G: Game, I> Plies<G, I> {
    /// The replay: the position after the moves yielded so far.
    pub fn replay(&self) -> &Replay<G> {
        &self.replay
    }

    /// Whether an illegal move stopped the replay.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

impl<G: Game, I> Iterator for Plies<G, I>
where
    I: Iterator,
    I::Item: Borrow<G::Written>,
{
    type Item = (I::Item, Result<CheckedPly<G>, IllegalPly<G>>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let item = self.items.next()?;
        let verdict = self.replay.step(item.borrow());
        self.stopped = verdict.is_err();
        Some((item, verdict))
    }
}

/// The number (1-based) of the first move where two move sequences differ,
/// or `None` if they are the same. When one is a prefix of the other, the
/// first move of the longer one past the end of the shorter differs.
///
/// Games that can start from different positions say so first (move 0).
///
/// # Examples
///
/// ```
/// use asalto_core::first_difference;
///
/// assert_eq!(first_difference(&[1, 2, 3], &[1, 2, 3]), None);
/// assert_eq!(first_difference(&[1, 2, 3], &[1, 5, 3]), Some(2));
/// assert_eq!(first_difference(&[1, 2], &[1, 2, 3]), Some(3));
/// ```
pub fn first_difference<M: PartialEq>(
    a: impl IntoIterator<Item = M>,
    b: impl IntoIterator<Item = M>,
) -> Option<usize> {
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    let mut number = 0;
    loop {
        number += 1;
        match (a.next(), b.next()) {
            (None, None) => return None,
            (Some(x), Some(y)) if x == y => {}
            _ => return Some(number),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Nim on one heap: take 1 to 3; taking the last one wins.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Nim;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Why {
        Over,
        Range(u8),
    }

    impl ProblemKind for Why {
        fn code(&self) -> &'static str {
            match self {
                Why::Over => "game-over",
                Why::Range(_) => "range",
            }
        }
        fn message(&self) -> String {
            match self {
                Why::Over => "the heap is empty".to_string(),
                Why::Range(n) => format!("{n} cannot be taken"),
            }
        }
        fn label(&self) -> String {
            "here".to_string()
        }
    }

    impl Game for Nim {
        const NAME: &'static str = "nim";
        type Position = (u8, u8);
        type Move = u8;
        type Written = u8;
        type Side = u8;
        type Illegal = Why;
        type Outcome = u8;
        fn rules(_: &(u8, u8)) -> &'static str {
            "take-three"
        }
        fn turn(p: &(u8, u8)) -> u8 {
            p.1
        }
        fn side_name(side: u8) -> &'static str {
            ["first", "second"][usize::from(side & 1)]
        }
        fn resolve(p: &(u8, u8), w: &u8) -> Result<u8, Why> {
            match *w {
                _ if p.0 == 0 => Err(Why::Over),
                1..=3 if *w <= p.0 => Ok(*w),
                n => Err(Why::Range(n)),
            }
        }
        fn play(p: &mut (u8, u8), m: u8) {
            *p = (p.0 - m, 1 - p.1);
        }
        fn outcome(p: &(u8, u8)) -> Option<u8> {
            (p.0 == 0).then_some(1 - p.1)
        }
    }

    /// The same game, judged by playing first and undoing on an error, as
    /// a game whose check is the move itself does.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct NimInPlace;

    impl Game for NimInPlace {
        const NAME: &'static str = "nim";
        type Position = (u8, u8);
        type Move = u8;
        type Written = u8;
        type Side = u8;
        type Illegal = Why;
        type Outcome = u8;
        fn rules(p: &(u8, u8)) -> &'static str {
            Nim::rules(p)
        }
        fn turn(p: &(u8, u8)) -> u8 {
            p.1
        }
        fn side_name(side: u8) -> &'static str {
            Nim::side_name(side)
        }
        fn resolve(p: &(u8, u8), w: &u8) -> Result<u8, Why> {
            Nim::resolve(p, w)
        }
        fn play(p: &mut (u8, u8), m: u8) {
            Nim::play(p, m);
        }
        fn play_written(p: &mut (u8, u8), w: &u8) -> Result<u8, Why> {
            let before = *p;
            p.0 = p.0.wrapping_sub(*w);
            p.1 = 1 - p.1;
            if before.0 == 0 {
                *p = before;
                return Err(Why::Over);
            }
            if !(1..=3).contains(w) || *w > before.0 {
                *p = before;
                return Err(Why::Range(*w));
            }
            Ok(*w)
        }
        fn outcome(p: &(u8, u8)) -> Option<u8> {
            Nim::outcome(p)
        }
    }

    #[test]
    fn stops_at_the_first_illegal_move_with_the_position_before_it() {
        let moves = [3u8, 2, 4, 1];
        let mut plies = Replay::<Nim>::new((7, 0)).over(&moves);
        let (_, first) = plies.next().unwrap();
        assert_eq!(
            first,
            Ok(CheckedPly {
                number: 1,
                side: 0,
                mv: 3
            })
        );
        assert!(plies.next().unwrap().1.is_ok());
        let (item, third) = plies.next().unwrap();
        assert_eq!(*item, 4);
        let illegal = third.unwrap_err();
        assert_eq!((illegal.number, illegal.before), (3, (2, 0)));
        assert!(plies.stopped() && plies.next().is_none());
        assert_eq!(plies.replay().position(), &(2, 0));

        let problem = illegal.into_problem(Span::new(4, 5));
        assert_eq!(problem.code(), "range");
        assert_eq!(
            crate::Diagnostic::message(&problem),
            "move 3 (first): 4 cannot be taken"
        );
    }

    proptest! {
        /// The replay agrees with a plain loop that knows the rules.
        #[test]
        fn replay_agrees_with_a_direct_loop(heap in 0u8..20, moves in prop::collection::vec(0u8..5, 0..12)) {
            let mut replay = Replay::<Nim>::new((heap, 0));
            let yielded: Vec<_> = replay.clone().over(moves.iter().copied()).map(|(_, v)| v).collect();
            let mut left = heap;
            for (i, (&m, verdict)) in moves.iter().zip(&yielded).enumerate() {
                let legal = left > 0 && (1..=3).contains(&m) && m <= left;
                prop_assert_eq!(verdict.is_ok(), legal);
                prop_assert_eq!(replay.step(&m).is_ok(), legal);
                if !legal {
                    prop_assert_eq!(yielded.len(), i + 1);
                    break;
                }
                left -= m;
            }
            prop_assert_eq!(replay.position().0, left);
        }

        /// A game that judges by playing gives the same replay as one that
        /// resolves first.
        #[test]
        fn playing_in_place_replays_the_same(heap in 0u8..20, moves in prop::collection::vec(0u8..5, 0..12)) {
            let a: Vec<_> = Replay::<Nim>::new((heap, 0))
                .over(moves.iter().copied())
                .map(|(_, v)| v.map(|p| (p.number, p.mv)).map_err(|e| (e.number, e.before, e.reason)))
                .collect();
            let b: Vec<_> = Replay::<NimInPlace>::new((heap, 0))
                .over(moves.iter().copied())
                .map(|(_, v)| v.map(|p| (p.number, p.mv)).map_err(|e| (e.number, e.before, e.reason)))
                .collect();
            prop_assert_eq!(a, b);
        }

        #[test]
        fn first_difference_is_the_first_unequal_index(
            a in prop::collection::vec(0u8..3, 0..6),
            b in prop::collection::vec(0u8..3, 0..6),
        ) {
            let expected = (0..a.len().max(b.len()))
                .find(|&i| a.get(i) != b.get(i))
                .map(|i| i + 1);
            prop_assert_eq!(first_difference(&a, &b), expected);
        }
    }
}
