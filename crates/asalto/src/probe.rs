//! Illegal moves typed on purpose by `grade`: in each reference game, at
//! one chosen move, one illegal move is typed before the right one; the
//! program must refuse it and ask the same side again. Over a set of
//! reference games the kinds are spread so that each comes up once before
//! any comes twice, the commonest student mistakes first (a step while a
//! capture is compulsory, a rebel that does not get closer).
//!
//! The choice is the engine's (no I/O): the grader types these moves, and
//! [`crate::coverage`] counts the kinds a set gets typed, from the same
//! [`Chooser`].

use crate::{Move, Point, Position, Reason, Side};

/// One illegal move to type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The move number before which it is typed (1-based).
    pub ply: usize,
    /// The text typed (`Cc-Cd`).
    pub typed: String,
    /// Why it is illegal.
    pub reason: Reason,
}

/// The kinds probed, in order of preference.
pub const KINDS: [Reason; 8] = [
    Reason::CaptureRequired,
    Reason::RebelNotCloser,
    Reason::Occupied,
    Reason::NotConnected,
    Reason::WrongSide,
    Reason::NoPiece,
    Reason::OffBoard,
    Reason::Syntax,
];

/// The probe of each game of a set (`None` for a game without moves), in
/// set order: see [`Chooser`].
pub fn choose(games: &[&[Move]]) -> Vec<Option<Probe>> {
    let mut chooser = Chooser::default();
    games.iter().map(|moves| chooser.next(moves)).collect()
}

/// The probes of a set, game after game: each game takes the first kind
/// (in the order of [`KINDS`]) not yet used that it can show, else the
/// first it can show, at the latest move where it can (so that a program
/// that accepts it loses as little of the rest of the game as possible).
/// A game's probe depends only on the games before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chooser {
    used: Vec<Reason>,
}

impl Chooser {
    /// The probe of the next game of the set, whose moves are `moves`.
    pub fn next(&mut self, moves: &[Move]) -> Option<Probe> {
        let probe = self.peek(moves);
        if let Some(p) = &probe {
            self.used.push(p.reason);
        }
        probe
    }

    /// The probe the next game would get, if it were `moves`.
    pub fn peek(&self, moves: &[Move]) -> Option<Probe> {
        let positions = positions(moves);
        let order = KINDS
            .iter()
            .filter(|k| !self.used.contains(k))
            .chain(KINDS.iter().filter(|k| self.used.contains(k)));
        order
            .filter_map(|&kind| {
                positions
                    .iter()
                    .enumerate()
                    .rev()
                    .find_map(|(i, pos)| candidate(pos, kind).map(|typed| (i, typed, kind)))
            })
            .next()
            .map(|(i, typed, reason)| Probe {
                ply: i + 1,
                typed,
                reason,
            })
    }
}

/// The position before each move of a game.
fn positions(moves: &[Move]) -> Vec<Position> {
    let mut pos = Position::start();
    moves
        .iter()
        .map(|m| {
            let before = pos;
            pos = pos.play_unchecked(m);
            before
        })
        .collect()
}

/// An illegal move of `kind` to type in `pos`, as a person types moves
/// (two points), if there is one.
pub fn candidate(pos: &Position, kind: Reason) -> Option<String> {
    match kind {
        Reason::OffBoard => {
            let from = pos.board().pieces(pos.turn()).first()?;
            Some(format!("{from}-Aa"))
        }
        Reason::Syntax => {
            let from = pos.board().pieces(pos.turn()).first()?;
            Some(format!("{from}-"))
        }
        _ => {
            let legal = pos.legal_moves();
            Point::all()
                .flat_map(|a| Point::all().filter(move |b| *b != a).map(move |b| (a, b)))
                .find(|&(from, to)| judged(pos, &legal, from, to) == Some(kind))
                .map(|(from, to)| format!("{from}-{to}"))
        }
    }
}

/// Why typing `from-to` in `pos` (whose legal moves are `legal`) is
/// illegal, if it is: the engine's reason, unless a legal move starts with
/// those two points (a capture the program completes by itself).
fn judged(pos: &Position, legal: &[Move], from: Point, to: Point) -> Option<Reason> {
    if legal.iter().any(|m| m.from() == from && m.second() == to) {
        return None;
    }
    let reason = pos.resolve(&[from, to]).err()?.reason();
    // A rebel step that is not closer, an officer step while a capture is
    // compulsory: only meaningful for the side they concern.
    match (reason, pos.turn()) {
        (Reason::RebelNotCloser, Side::Officers) | (Reason::CaptureRequired, Side::Rebels) => None,
        _ => Some(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        let checked = crate::replay::check(text, crate::replay::CheckOptions::default());
        assert!(checked.is_valid());
        checked.game.moves().copied().collect()
    }

    #[test]
    fn every_candidate_is_illegal_for_its_reason() {
        let r = moves(include_str!("../../../samples/apendice-a.txt"));
        for pos in positions(&r) {
            for kind in KINDS {
                let Some(typed) = candidate(&pos, kind) else {
                    continue;
                };
                let points: Vec<Point> = typed.split('-').filter_map(|p| p.parse().ok()).collect();
                match kind {
                    Reason::OffBoard | Reason::Syntax => assert!(points.len() < 2, "{typed}"),
                    _ => {
                        assert_eq!(points.len(), 2);
                        let err = pos.resolve(&points).unwrap_err();
                        assert_eq!(err.reason(), kind, "{typed} in {pos}");
                        assert!(
                            !pos.legal_moves()
                                .iter()
                                .any(|m| m.from() == points[0] && m.second() == points[1])
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn kinds_are_spread_over_the_games() {
        let refs = [
            moves(include_str!("../../../samples/apendice-a.txt")),
            moves(include_str!("../../../samples/ejemplo.txt")),
            moves(include_str!("../../../samples/end-castle-occupied.txt")),
            moves(include_str!("../../../samples/unfinished.txt")),
        ];
        let games: Vec<&[Move]> = refs.iter().map(Vec::as_slice).collect();
        let probes = choose(&games);
        let kinds: Vec<Reason> = probes.iter().flatten().map(|p| p.reason).collect();
        assert_eq!(kinds.len(), 4);
        assert_eq!(kinds[0], Reason::CaptureRequired);
        let mut distinct = kinds.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "{kinds:?}");
        for (r, p) in refs.iter().zip(&probes) {
            let p = p.as_ref().unwrap();
            assert!(p.ply >= 1 && p.ply <= r.len());
        }
    }
}
