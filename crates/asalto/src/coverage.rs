//! Which rule situations of Asalto a set of reference games reaches: each
//! end and its boundary, each capture shape and direction, the rebels'
//! moves in and into the castle, and each illegal move the grader types on
//! purpose ([`crate::probe`]). A program is checked only where its
//! reference games take it: one that announces the officers' win at 9
//! rebels instead of 8 scores full marks against games that never stop at
//! exactly 9 rebels; [`of_set`] says so before anyone is graded.
//!
//! A situation counts where the grader looks: at every position of a
//! reference game the program shows (before each move, and after the
//! last), whose legal moves it must list exactly, so a capture counts when
//! it is among the legal moves there, played or not. The situations of the
//! ends and of the refused moves come from the engine's own codes
//! ([`OutcomeReason::ALL`], [`probe::KINDS`]): a new end or a new kind of
//! refused move cannot be forgotten here. No I/O.
//!
//! # Examples
//!
//! ```
//! use asalto_asalto::coverage::{self, Situation};
//! use asalto_asalto::replay::{check, CheckOptions};
//!
//! let game = check("Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db-Dd-Df-Bd\n", CheckOptions::default()).game;
//! let moves: Vec<asalto_asalto::Move> = game.moves().copied().collect();
//! let reached = coverage::of_set(&[&moves]);
//! assert!(reached.reached(Situation::CaptureChainReturns).is_some());
//! assert!(reached.reached(Situation::NineRebelsLeft).is_none());
//! ```

use asalto_core::coverage::{Coverage, Seen};

use crate::geometry::castle;
use crate::probe::{self, Chooser};
use crate::{Move, OutcomeReason, Position, Reason, Side};

asalto_core::codes! {
    /// A rule situation of Asalto. The codes are a contract, as reason
    /// codes are: added to, never changed.
    pub enum Situation {
        /// A game ends: the officers cannot move.
        EndOfficersBlocked = "end-officers-blocked",
        /// A game ends: the rebels cannot move.
        EndRebelsBlocked = "end-rebels-blocked",
        /// A game ends: rebels on all nine castle points.
        EndCastleOccupied = "end-castle-occupied",
        /// A game ends: fewer than nine rebels left.
        EndFewerThanNineRebels = "end-fewer-than-nine-rebels",
        /// Exactly 9 rebels left, and the game goes on.
        NineRebelsLeft = "nine-rebels-left",
        /// The officers win with exactly 8 rebels left.
        EndAtEightRebels = "end-at-eight-rebels",
        /// 8 rebels in the castle, and the game goes on.
        CastleEightRebels = "castle-eight-rebels",
        /// Every castle point taken, an officer on one, and the game goes on.
        CastleFullWithOfficer = "castle-full-with-officer",
        /// The officers have no step but a capture.
        OfficersOnlyCapture = "officers-only-capture",
        /// The rebels' only moves are inside the castle.
        RebelsOnlyInCastle = "rebels-only-in-castle",
        /// A game that stops before its end.
        UnfinishedGame = "unfinished-game",
        /// A capture of one rebel.
        CaptureSingle = "capture-single",
        /// A capture of two rebels or more in one move.
        CaptureChain = "capture-chain",
        /// A chain that changes direction.
        CaptureChainTurns = "capture-chain-turns",
        /// A chain that comes back to its starting point.
        CaptureChainReturns = "capture-chain-returns",
        /// A chain with more than one jump to go on with.
        CaptureChainChoice = "capture-chain-choice",
        /// More than one capture to choose from.
        CaptureSeveralChoices = "capture-several-choices",
        /// Both officers can capture.
        CaptureBothOfficers = "capture-both-officers",
        /// A capture is compulsory where a step could be made.
        CaptureForced = "capture-forced",
        /// One officer can capture: the other may not step.
        CaptureForcedOtherOfficer = "capture-forced-other-officer",
        /// A jump towards row A.
        JumpUp = "jump-up",
        /// A jump towards row A and column g.
        JumpUpRight = "jump-up-right",
        /// A jump towards column g.
        JumpRight = "jump-right",
        /// A jump towards row G and column g.
        JumpDownRight = "jump-down-right",
        /// A jump towards row G.
        JumpDown = "jump-down",
        /// A jump towards row G and column a.
        JumpDownLeft = "jump-down-left",
        /// A jump towards column a.
        JumpLeft = "jump-left",
        /// A jump towards row A and column a.
        JumpUpLeft = "jump-up-left",
        /// A rebel steps into the castle.
        RebelEntersCastle = "rebel-enters-castle",
        /// A rebel steps from castle point to castle point.
        RebelMovesInCastle = "rebel-moves-in-castle",
        /// A rebel steps diagonally.
        RebelDiagonal = "rebel-diagonal",
        /// An officer steps diagonally.
        OfficerDiagonal = "officer-diagonal",
        /// Typed and refused: an officer steps while a capture is compulsory.
        RefusedCaptureRequired = "refused-capture-required",
        /// Typed and refused: a rebel step that does not get closer.
        RefusedRebelNotCloser = "refused-rebel-not-closer",
        /// Typed and refused: a step onto a piece.
        RefusedOccupied = "refused-occupied",
        /// Typed and refused: two points no line joins.
        RefusedNotConnected = "refused-not-connected",
        /// Typed and refused: a piece of the side not to move.
        RefusedWrongSide = "refused-wrong-side",
        /// Typed and refused: a move from an empty point.
        RefusedNoPiece = "refused-no-piece",
        /// Typed and refused: a point off the cross.
        RefusedOffBoard = "refused-off-board",
        /// Typed and refused: text that is not a move.
        RefusedSyntax = "refused-syntax",
    }
}

impl Situation {
    /// The situation of a game ending for `reason`: `end-` and its code.
    pub const fn end(reason: OutcomeReason) -> Situation {
        match reason {
            OutcomeReason::OfficersBlocked => Situation::EndOfficersBlocked,
            OutcomeReason::RebelsBlocked => Situation::EndRebelsBlocked,
            OutcomeReason::CastleOccupied => Situation::EndCastleOccupied,
            OutcomeReason::FewerThanNineRebels => Situation::EndFewerThanNineRebels,
        }
    }

    /// The situation of a move refused for `reason`, typed on purpose
    /// (`refused-` and its code), for the reasons of [`probe::KINDS`].
    pub const fn refused(reason: Reason) -> Option<Situation> {
        Some(match reason {
            Reason::CaptureRequired => Situation::RefusedCaptureRequired,
            Reason::RebelNotCloser => Situation::RefusedRebelNotCloser,
            Reason::Occupied => Situation::RefusedOccupied,
            Reason::NotConnected => Situation::RefusedNotConnected,
            Reason::WrongSide => Situation::RefusedWrongSide,
            Reason::NoPiece => Situation::RefusedNoPiece,
            Reason::OffBoard => Situation::RefusedOffBoard,
            Reason::Syntax => Situation::RefusedSyntax,
            // Reasons of a whole record, never typed on purpose.
            Reason::CaptureIncomplete
            | Reason::CaptureWrongContinuation
            | Reason::CaptureTooLong
            | Reason::GameOver
            | Reason::NotBasic => return None,
        })
    }

    /// The situation of a jump in direction `dir` (an index into
    /// [`crate::geometry::DIRECTIONS`], the assignment's neighbour order).
    pub const fn jump(dir: usize) -> Situation {
        match dir % 8 {
            0 => Situation::JumpUp,
            1 => Situation::JumpUpRight,
            2 => Situation::JumpRight,
            3 => Situation::JumpDownRight,
            4 => Situation::JumpDown,
            5 => Situation::JumpDownLeft,
            6 => Situation::JumpLeft,
            _ => Situation::JumpUpLeft,
        }
    }

    /// What it is, in a sentence: what the program is checked on there.
    pub const fn describe(self) -> &'static str {
        match self {
            Situation::EndOfficersBlocked => {
                "a game ends because the officers cannot move (rebels win)"
            }
            Situation::EndRebelsBlocked => {
                "a game ends because the rebels cannot move (officers win)"
            }
            Situation::EndCastleOccupied => {
                "a game ends with rebels on all nine castle points (rebels win)"
            }
            Situation::EndFewerThanNineRebels => {
                "a game ends with fewer than 9 rebels left (officers win)"
            }
            Situation::NineRebelsLeft => {
                "exactly 9 rebels are left and the game goes on (a program that ends it at 9 is caught)"
            }
            Situation::EndAtEightRebels => {
                "the officers win with exactly 8 rebels left (a program that waits for fewer is caught)"
            }
            Situation::CastleEightRebels => {
                "8 of the 9 castle points hold rebels and the game goes on"
            }
            Situation::CastleFullWithOfficer => {
                "every castle point is taken, one by an officer, and the game goes on (a full castle is not the rebels' win)"
            }
            Situation::OfficersOnlyCapture => {
                "the officers have no step, only a capture: they are not blocked"
            }
            Situation::RebelsOnlyInCastle => {
                "the rebels' only moves are inside the castle: they are not blocked"
            }
            Situation::UnfinishedGame => {
                "a game stops before its end: no end may be announced, and the load check reads it back"
            }
            Situation::CaptureSingle => "a capture of one rebel that stops there",
            Situation::CaptureChain => "a capture of two rebels or more in one move",
            Situation::CaptureChainTurns => "a capture chain that changes direction",
            Situation::CaptureChainReturns => {
                "a capture chain that comes back to the point it started from"
            }
            Situation::CaptureChainChoice => {
                "a capture chain with more than one jump to go on with (the first in neighbour order is taken)"
            }
            Situation::CaptureSeveralChoices => {
                "the officers have more than one capture to choose from"
            }
            Situation::CaptureBothOfficers => "both officers can capture",
            Situation::CaptureForced => "a capture is compulsory where a step could be made",
            Situation::CaptureForcedOtherOfficer => {
                "one officer can capture, so the other, which cannot, may not step"
            }
            Situation::JumpUp => "a capture jumps up (towards row A)",
            Situation::JumpUpRight => "a capture jumps diagonally up and right",
            Situation::JumpRight => "a capture jumps right (towards column g)",
            Situation::JumpDownRight => "a capture jumps diagonally down and right",
            Situation::JumpDown => "a capture jumps down (towards row G)",
            Situation::JumpDownLeft => "a capture jumps diagonally down and left",
            Situation::JumpLeft => "a capture jumps left (towards column a)",
            Situation::JumpUpLeft => "a capture jumps diagonally up and left",
            Situation::RebelEntersCastle => "a rebel steps into the castle",
            Situation::RebelMovesInCastle => {
                "a rebel steps from castle point to castle point (not closer, yet legal)"
            }
            Situation::RebelDiagonal => "a rebel steps diagonally",
            Situation::OfficerDiagonal => "an officer steps diagonally",
            Situation::RefusedCaptureRequired => {
                "the grader types an officer's step while a capture is compulsory, to be refused"
            }
            Situation::RefusedRebelNotCloser => {
                "the grader types a rebel step that does not get closer to the castle, to be refused"
            }
            Situation::RefusedOccupied => {
                "the grader types a move onto an occupied point, to be refused"
            }
            Situation::RefusedNotConnected => {
                "the grader types a move between points no line joins, to be refused"
            }
            Situation::RefusedWrongSide => {
                "the grader types a move of the side not to move, to be refused"
            }
            Situation::RefusedNoPiece => {
                "the grader types a move from an empty point, to be refused"
            }
            Situation::RefusedOffBoard => "the grader types a point off the cross, to be refused",
            Situation::RefusedSyntax => "the grader types text that is not a move, to be refused",
        }
    }
}

asalto_core::situation!(Situation);

/// What a set of reference games reaches, the games in set order (the
/// order `grade` plays them in: the illegal moves typed depend on it).
pub fn of_set(games: &[&[Move]]) -> Coverage<Situation> {
    let mut coverage = Coverage::new();
    let mut chooser = Chooser::default();
    for (i, moves) in games.iter().enumerate() {
        of_game(moves, i, &mut coverage);
        if let Some(p) = chooser.next(moves) {
            note_probe(&p, i, &mut coverage);
        }
    }
    coverage
}

/// What the game `moves`, game `index` of its set, reaches by itself: all
/// but the illegal move typed in it, which depends on the games before it
/// ([`note_probe`]).
pub fn of_game(moves: &[Move], index: usize, into: &mut Coverage<Situation>) {
    let mut pos = Position::start();
    for ply in 1..=moves.len() + 1 {
        let ended = position(&pos, Seen::at(index, ply), into);
        match moves.get(ply - 1) {
            Some(mv) if !ended => pos = pos.play_unchecked(mv),
            _ => {
                if !ended {
                    into.note(Situation::UnfinishedGame, Seen::at(index, ply));
                }
                break;
            }
        }
    }
}

/// The illegal move typed in a game, as its situation.
pub fn note_probe(probe: &probe::Probe, index: usize, into: &mut Coverage<Situation>) {
    if let Some(s) = Situation::refused(probe.reason) {
        into.note(s, Seen::at(index, probe.ply));
    }
}

/// The situations of one position the program shows (at `seen`); whether
/// the game ends there.
fn position(pos: &Position, seen: Seen, into: &mut Coverage<Situation>) -> bool {
    let board = pos.board();
    if let Some(outcome) = pos.outcome() {
        into.note(Situation::end(outcome.reason), seen);
        if outcome.reason == OutcomeReason::FewerThanNineRebels && board.rebels().len() == 8 {
            into.note(Situation::EndAtEightRebels, seen);
        }
        return true;
    }
    let mut note = |s: Situation| into.note(s, seen);
    let castle = castle();
    if board.rebels().len() == 9 {
        note(Situation::NineRebelsLeft);
    }
    if board.rebels_in_castle().len() == 8 {
        note(Situation::CastleEightRebels);
    }
    if !(board.officers() & castle).is_empty()
        && ((board.rebels() | board.officers()) & castle) == castle
    {
        note(Situation::CastleFullWithOfficer);
    }
    let legal = pos.legal_moves();
    let diagonal = |m: &Move| m.from().direction_to(m.to()).is_some_and(|d| d % 2 == 1);
    match pos.turn() {
        Side::Officers => {
            let empty = board.empty();
            let can_step = |o: crate::Point| !(o.neighbour_set() & empty).is_empty();
            if pos.can_capture() {
                if legal.len() > 1 {
                    note(Situation::CaptureSeveralChoices);
                }
                let capturing: crate::PointSet = legal.iter().map(Move::from).collect();
                if capturing == board.officers() && board.officers().len() > 1 {
                    note(Situation::CaptureBothOfficers);
                }
                if board.officers().iter().any(can_step) {
                    note(Situation::CaptureForced);
                } else {
                    note(Situation::OfficersOnlyCapture);
                }
                if board
                    .officers()
                    .iter()
                    .any(|o| !capturing.contains(o) && can_step(o))
                {
                    note(Situation::CaptureForcedOtherOfficer);
                }
                for m in legal.iter() {
                    capture_shape(pos, m, &mut note);
                }
            } else if legal.iter().any(diagonal) {
                note(Situation::OfficerDiagonal);
            }
        }
        Side::Rebels => {
            let inside = |m: &Move| m.from().in_castle() && m.to().in_castle();
            for m in legal.iter() {
                if !m.from().in_castle() && m.to().in_castle() {
                    note(Situation::RebelEntersCastle);
                }
                if inside(m) {
                    note(Situation::RebelMovesInCastle);
                }
                if diagonal(m) {
                    note(Situation::RebelDiagonal);
                }
            }
            if !legal.is_empty() && legal.iter().all(inside) {
                note(Situation::RebelsOnlyInCastle);
            }
        }
    }
    false
}

/// The situations of the capture `m`, legal in `pos`: its size, its
/// jumps' directions, and how its chain goes on.
fn capture_shape(pos: &Position, m: &Move, note: &mut impl FnMut(Situation)) {
    let path = m.path();
    let taken: Vec<crate::Point> = m.captured().collect();
    note(if taken.len() == 1 {
        Situation::CaptureSingle
    } else {
        Situation::CaptureChain
    });
    let dirs: Vec<usize> = path
        .windows(2)
        .filter_map(|w| w[0].jump_direction_to(w[1]))
        .collect();
    for &d in &dirs {
        note(Situation::jump(d));
    }
    if dirs.windows(2).any(|w| w[0] != w[1]) {
        note(Situation::CaptureChainTurns);
    }
    if path[1..].contains(&path[0]) {
        note(Situation::CaptureChainReturns);
    }
    // At each landing but the last, how many jumps could go on.
    let others = pos.board().officers().without(m.from());
    let mut rebels = pos.board().rebels();
    for (j, &here) in path.iter().enumerate().skip(1) {
        rebels.remove(taken[j - 1]);
        if j + 1 == path.len() {
            break;
        }
        let jumps = (0..8)
            .filter(|&d| {
                here.neighbour(d).is_some_and(|over| rebels.contains(over))
                    && here
                        .landing(d)
                        .is_some_and(|land| !rebels.contains(land) && !others.contains(land))
            })
            .count();
        if jumps > 1 {
            note(Situation::CaptureChainChoice);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{CheckOptions, check};

    fn moves(text: &str) -> Vec<Move> {
        let checked = check(text, CheckOptions::default());
        assert!(checked.is_valid(), "{:?}", checked.problems);
        checked.game.moves().copied().collect()
    }

    /// The situations of the ends and of the refused moves are the
    /// engine's codes with a prefix, one for each.
    #[test]
    fn ends_and_refusals_follow_the_engine_codes() {
        for reason in OutcomeReason::ALL {
            let s = Situation::end(reason);
            assert_eq!(s.code(), format!("end-{}", reason.code()));
        }
        for kind in probe::KINDS {
            let s = Situation::refused(kind).unwrap();
            assert_eq!(s.code(), format!("refused-{}", kind.code()));
        }
        let refused = Situation::ALL
            .iter()
            .filter(|s| s.code().starts_with("refused-"))
            .count();
        assert_eq!(refused, probe::KINDS.len());
        let ends = Situation::ALL
            .iter()
            .filter(|s| s.code().starts_with("end-") && **s != Situation::EndAtEightRebels)
            .count();
        assert_eq!(ends, OutcomeReason::ALL.len());
        for d in 0..8 {
            let (dx, dy) = crate::geometry::DIRECTIONS[d];
            let code = Situation::jump(d).code();
            assert_eq!(code.contains("up"), dy < 0, "{code}");
            assert_eq!(code.contains("down"), dy > 0, "{code}");
            assert_eq!(code.contains("right"), dx > 0, "{code}");
            assert_eq!(code.contains("left"), dx < 0, "{code}");
        }
        for s in Situation::ALL {
            assert!(!s.describe().is_empty());
            assert_eq!(Situation::from_code(s.code()), Some(s));
        }
    }

    /// The assignment's example (7 moves; its legal moves after each move
    /// are listed in the assignment): exactly these situations, first at
    /// these moves, and no other.
    #[test]
    fn the_example_game_reaches_exactly_these() {
        let game = moves(include_str!("../../../samples/ejemplo.txt"));
        let mut c = Coverage::new();
        of_game(&game, 0, &mut c);
        let expected = [
            // After 1: `Dd-Cd` enters the castle, `Df-Ce` is diagonal.
            (Situation::RebelEntersCastle, 2),
            (Situation::RebelDiagonal, 2),
            // After 2: `Cc-Ce` is forced (Cc and Be could step), a single
            // capture to the right; Be has none.
            (Situation::CaptureSingle, 3),
            (Situation::CaptureForced, 3),
            (Situation::CaptureForcedOtherOfficer, 3),
            (Situation::JumpRight, 3),
            // After 4: `Ce-Dd` is a diagonal step.
            (Situation::OfficerDiagonal, 5),
            // After 5: `Cc-Cd`, inside the castle.
            (Situation::RebelMovesInCastle, 6),
            // After 6: `Bd-Db-Dd-Df-Bd` and `Bd-Df-Dd-Db-Bd`: two chains
            // that turn and come back, in six directions.
            (Situation::CaptureChain, 7),
            (Situation::CaptureChainTurns, 7),
            (Situation::CaptureChainReturns, 7),
            (Situation::CaptureSeveralChoices, 7),
            (Situation::JumpDownLeft, 7),
            (Situation::JumpUpLeft, 7),
            (Situation::JumpDownRight, 7),
            (Situation::JumpLeft, 7),
            (Situation::JumpUpRight, 7),
            // It stops there, unfinished.
            (Situation::UnfinishedGame, 8),
        ];
        let reached: Vec<(Situation, usize)> = c
            .reached_all()
            .map(|(s, seen)| (s, seen.ply.unwrap()))
            .collect();
        let mut expected = expected.to_vec();
        expected.sort();
        assert_eq!(reached, expected);
    }

    /// Games that reach every situation: the samples, the grade tests'
    /// game through exactly 9 rebels to 8, and a set made by [`CoverSet`].
    fn library() -> Vec<Vec<Move>> {
        let mut games: Vec<Vec<Move>> = [
            include_str!("../../../samples/ejemplo.txt"),
            include_str!("../../../samples/apendice-a.txt"),
            include_str!("../../../samples/end-castle-occupied.txt"),
            include_str!("../../../samples/end-fewer-than-nine-rebels.txt"),
            include_str!("../../../samples/end-officers-blocked.txt"),
            include_str!("../../../samples/end-rebels-blocked.txt"),
            include_str!("../../../samples/unfinished.txt"),
            include_str!("../../../tests/fixtures/grade/end-nine-then-eight-rebels.txt"),
        ]
        .into_iter()
        .map(moves)
        .collect();
        let mut set = crate::selfplay::CoverSet::default();
        let cover = crate::selfplay::COVER_MATCHES;
        for n in 1..=300 {
            let m = cover[(n - 1) % cover.len()];
            set.offer(m.play(3, n), m);
        }
        games.extend(set.games().iter().map(|(g, _)| g.moves.clone()));
        games
    }

    /// The legal captures' jumps, as `(dx, dy)` steps of one point.
    fn jumps(m: &Move) -> Vec<(i32, i32)> {
        m.path()
            .windows(2)
            .map(|w| ((w[1].x() - w[0].x()) / 2, (w[1].y() - w[0].y()) / 2))
            .collect()
    }

    /// Whether `pos` (the last position of its game when `last`) is an
    /// instance of `s`, by the rules' own words, apart from the engine's
    /// scan.
    fn holds(s: Situation, pos: &Position, last: bool) -> bool {
        let b = pos.board();
        let castle = castle();
        let outcome = pos.outcome().map(|o| o.reason);
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
        let officers = pos.turn() == Side::Officers && outcome.is_none();
        let rebels = pos.turn() == Side::Rebels && outcome.is_none();
        let steps_possible = |o: crate::Point| o.neighbours().any(|(_, n)| b.piece_at(n).is_none());
        let diagonal = |m: &&Move| (m.to().x() - m.from().x()) * (m.to().y() - m.from().y()) != 0;
        let in_castle = |m: &&Move| m.from().in_castle() && m.to().in_castle();
        let jump = |dx: i32, dy: i32| captures.iter().any(|m| jumps(m).contains(&(dx, dy)));
        match s {
            Situation::EndOfficersBlocked => outcome == Some(OutcomeReason::OfficersBlocked),
            Situation::EndRebelsBlocked => outcome == Some(OutcomeReason::RebelsBlocked),
            Situation::EndCastleOccupied => outcome == Some(OutcomeReason::CastleOccupied),
            Situation::EndFewerThanNineRebels => {
                outcome == Some(OutcomeReason::FewerThanNineRebels)
            }
            Situation::NineRebelsLeft => outcome.is_none() && b.rebels().len() == 9,
            Situation::EndAtEightRebels => {
                outcome == Some(OutcomeReason::FewerThanNineRebels) && b.rebels().len() == 8
            }
            Situation::CastleEightRebels => {
                outcome.is_none() && castle.iter().filter(|p| b.rebels().contains(*p)).count() == 8
            }
            Situation::CastleFullWithOfficer => {
                outcome.is_none()
                    && castle.iter().all(|p| b.piece_at(p).is_some())
                    && castle.iter().any(|p| b.piece_at(p) == Some(Side::Officers))
            }
            Situation::OfficersOnlyCapture => {
                officers && !captures.is_empty() && !b.officers().iter().any(steps_possible)
            }
            Situation::RebelsOnlyInCastle => {
                rebels && !legal.is_empty() && legal.iter().all(|m| in_castle(&m))
            }
            Situation::UnfinishedGame => last && outcome.is_none(),
            Situation::CaptureSingle => captures.iter().any(|m| jumps(m).len() == 1),
            Situation::CaptureChain => captures.iter().any(|m| jumps(m).len() >= 2),
            Situation::CaptureChainTurns => captures
                .iter()
                .any(|m| jumps(m).windows(2).any(|w| w[0] != w[1])),
            Situation::CaptureChainReturns => {
                captures.iter().any(|m| m.path()[1..].contains(&m.from()))
            }
            Situation::CaptureChainChoice => captures.iter().any(|m| {
                // Another capture with the same first points that parts
                // from it later: at that landing, two jumps went on.
                let path = m.path();
                (2..path.len()).any(|j| {
                    // The position with the chain played up to landing
                    // j - 1: the officer there, the rebels taken gone.
                    let taken: crate::PointSet = m.captured().take(j - 1).collect();
                    let officers = b.officers().without(m.from()).with(path[j - 1]);
                    let board = crate::Board::new(officers, b.rebels() & !taken).unwrap();
                    Position::new(board, Side::Officers)
                        .legal_moves()
                        .iter()
                        .filter(|n| n.from() == path[j - 1])
                        .count()
                        > 1
                })
            }),
            Situation::CaptureSeveralChoices => captures.len() > 1,
            Situation::CaptureBothOfficers => {
                captures.iter().any(|m| m.from() != captures[0].from())
            }
            Situation::CaptureForced => {
                officers && !captures.is_empty() && b.officers().iter().any(steps_possible)
            }
            Situation::CaptureForcedOtherOfficer => {
                officers
                    && !captures.is_empty()
                    && b.officers()
                        .iter()
                        .any(|o| steps_possible(o) && !captures.iter().any(|m| m.from() == o))
            }
            Situation::JumpUp => jump(0, -1),
            Situation::JumpUpRight => jump(1, -1),
            Situation::JumpRight => jump(1, 0),
            Situation::JumpDownRight => jump(1, 1),
            Situation::JumpDown => jump(0, 1),
            Situation::JumpDownLeft => jump(-1, 1),
            Situation::JumpLeft => jump(-1, 0),
            Situation::JumpUpLeft => jump(-1, -1),
            Situation::RebelEntersCastle => {
                rebels
                    && legal
                        .iter()
                        .any(|m| !m.from().in_castle() && m.to().in_castle())
            }
            Situation::RebelMovesInCastle => rebels && legal.iter().any(|m| in_castle(&m)),
            Situation::RebelDiagonal => rebels && legal.iter().any(|m| diagonal(&m)),
            Situation::OfficerDiagonal => {
                officers && captures.is_empty() && legal.iter().any(|m| diagonal(&m))
            }
            _ => unreachable!("a refused move is no position's"),
        }
    }

    /// Each situation (but the refused moves, which belong to a set) is
    /// reached by some game: cut right after the position where the scan
    /// first finds it, the game reaches it there and that position is one
    /// by the rules' words; cut one move earlier, it does not, and no
    /// earlier position is one.
    #[test]
    fn each_situation_comes_exactly_where_a_game_reaches_it() {
        let library = library();
        for s in Situation::ALL {
            if s.code().starts_with("refused-") {
                continue;
            }
            let Some((game, ply)) = library.iter().find_map(|g| {
                let mut c = Coverage::new();
                of_game(g, 0, &mut c);
                c.reached(s).map(|seen| (g, seen.ply.unwrap()))
            }) else {
                panic!("no game of the library reaches {s}");
            };
            let cut = &game[..ply - 1];
            let mut c = Coverage::new();
            of_game(cut, 0, &mut c);
            assert_eq!(c.reached(s), Some(Seen::at(0, ply)), "{s}");
            let mut pos = Position::start();
            for (i, mv) in cut.iter().enumerate() {
                assert!(
                    !holds(s, &pos, false),
                    "{s} holds before, at move {}",
                    i + 1
                );
                pos = pos.play_unchecked(mv);
            }
            assert!(
                holds(s, &pos, true),
                "{s} does not hold at move {ply}: {pos}"
            );
            if ply >= 2 && s != Situation::UnfinishedGame {
                let mut c = Coverage::new();
                of_game(&game[..ply - 2], 0, &mut c);
                assert_eq!(c.reached(s), None, "{s} cut before");
            }
        }
        // A game that ends is not unfinished.
        let mut c = Coverage::new();
        of_game(&library[1], 0, &mut c);
        assert!(c.reached(Situation::UnfinishedGame).is_none());
    }

    /// The refused moves of a set are the kinds the grader types in it.
    #[test]
    fn refused_moves_are_those_the_grader_types() {
        let library = library();
        let games: Vec<&[Move]> = library.iter().map(Vec::as_slice).collect();
        // The example alone: a step while the capture at move 7 is
        // compulsory.
        let c = of_set(&games[..1]);
        let refused: Vec<Situation> = c
            .reached_all()
            .map(|(s, _)| s)
            .filter(|s| s.code().starts_with("refused-"))
            .collect();
        assert_eq!(refused, [Situation::RefusedCaptureRequired]);
        assert_eq!(
            c.reached(Situation::RefusedCaptureRequired),
            Some(Seen::at(0, 7))
        );
        for n in [3, 8, games.len()] {
            let c = of_set(&games[..n]);
            let kinds: Vec<Situation> = probe::choose(&games[..n])
                .iter()
                .flatten()
                .filter_map(|p| Situation::refused(p.reason))
                .collect();
            for kind in probe::KINDS {
                let s = Situation::refused(kind).unwrap();
                assert_eq!(
                    c.reached(s).is_some(),
                    kinds.contains(&s),
                    "{s} in {n} games"
                );
            }
        }
        assert!(
            of_set(&games).is_complete(),
            "{:?}",
            of_set(&games).missing()
        );
    }

    #[test]
    fn the_example_game() {
        let game = moves(include_str!("../../../samples/ejemplo.txt"));
        let mut c = Coverage::new();
        of_game(&game, 0, &mut c);
        // Move 3 (Cc-Ce) is a forced single capture; move 7 two chains
        // that come back to their start.
        assert_eq!(c.reached(Situation::CaptureSingle), Some(Seen::at(0, 3)));
        assert_eq!(c.reached(Situation::CaptureChain), Some(Seen::at(0, 7)));
        assert_eq!(
            c.reached(Situation::CaptureChainReturns),
            Some(Seen::at(0, 7))
        );
        assert_eq!(
            c.reached(Situation::CaptureSeveralChoices),
            Some(Seen::at(0, 7))
        );
        assert_eq!(c.reached(Situation::UnfinishedGame), Some(Seen::at(0, 8)));
        assert!(c.reached(Situation::NineRebelsLeft).is_none());
        for s in Situation::ALL
            .iter()
            .filter(|s| s.code().starts_with("end-"))
        {
            assert!(c.reached(*s).is_none(), "{s}");
        }
    }
}
