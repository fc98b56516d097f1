//! Which rule situations a set of Solitaire Chess puzzles reaches, as a
//! grader of solver programs sees them: a program is caught getting a rule
//! wrong only by a puzzle whose answer the mistake changes. A puzzle every
//! solution of which captures with a knight catches a solver whose knight
//! moves wrong (it answers "no solution"); a puzzle without a solution that
//! sliders jumping over pieces would solve catches a solver that lets them
//! (it answers with a false solution); a puzzle solvable under one pawn
//! rule and not the other catches a solver of the other rule. Sizes count
//! too: two pieces (one capture or none), and eight or more (a deep
//! search).
//!
//! Each question is a search of the puzzle under the rules changed that
//! way, bounded: a puzzle whose search passes [`NODE_LIMIT`] positions
//! counts only for what is known of it. No I/O.
//!
//! # Examples
//!
//! ```
//! use asalto_solitaire::coverage::{self, Situation};
//! use asalto_solitaire::{Position, Profile};
//!
//! // The knight on a4 must take the rook on b2 (which does not see it).
//! let puzzle: Position = "N........R......".parse().unwrap();
//! let found = coverage::situations(&puzzle, Profile::Codegolf);
//! assert!(found.contains(&Situation::NeedsKnight));
//! assert!(!found.contains(&Situation::Unsolvable));
//! ```

use std::collections::HashSet;

use asalto_core::coverage::{Coverage, Seen};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::attacks::{DIAGONAL, ORTHOGONAL, RAYS};
use crate::{Capture, Piece, PieceCounts, Position, Profile, Solver, Square, SquareSet};

asalto_core::codes! {
    /// A rule situation of Solitaire Chess. The codes are a contract, as
    /// reason codes are: added to, never changed.
    pub enum Situation {
        /// A puzzle without a solution.
        Unsolvable = "unsolvable",
        /// A puzzle with a solution.
        Solvable = "solvable",
        /// Every solution has the king capture.
        NeedsKing = "needs-king",
        /// Every solution has the queen capture.
        NeedsQueen = "needs-queen",
        /// Every solution has a rook capture.
        NeedsRook = "needs-rook",
        /// Every solution has a bishop capture.
        NeedsBishop = "needs-bishop",
        /// Every solution has a knight capture.
        NeedsKnight = "needs-knight",
        /// Every solution has a pawn capture.
        NeedsPawn = "needs-pawn",
        /// The answer differs under the other pawn rule.
        PawnRuleMatters = "pawn-rule-matters",
        /// No solution, but sliders passing over pieces would find one.
        BlockedSlideMatters = "blocked-slide-matters",
        /// Two pieces.
        TwoPieces = "two-pieces",
        /// Eight pieces or more.
        ManyPieces = "many-pieces",
    }
}

impl Situation {
    /// `needs-<kind>`: every solution has a capture by `piece`.
    pub const fn needs(piece: Piece) -> Situation {
        match piece {
            Piece::King => Situation::NeedsKing,
            Piece::Queen => Situation::NeedsQueen,
            Piece::Rook => Situation::NeedsRook,
            Piece::Bishop => Situation::NeedsBishop,
            Piece::Knight => Situation::NeedsKnight,
            Piece::Pawn => Situation::NeedsPawn,
        }
    }

    /// What it is, in a sentence: what a solver is checked on there.
    pub const fn describe(self) -> &'static str {
        match self {
            Situation::Unsolvable => "a puzzle without a solution: the solver must say so",
            Situation::Solvable => "a puzzle with a solution: the solver must give one",
            Situation::NeedsKing => {
                "every solution has the king capture (a solver whose king moves wrong cannot solve it)"
            }
            Situation::NeedsQueen => {
                "every solution has the queen capture (a solver whose queen moves wrong cannot solve it)"
            }
            Situation::NeedsRook => {
                "every solution has a rook capture (a solver whose rooks move wrong cannot solve it)"
            }
            Situation::NeedsBishop => {
                "every solution has a bishop capture (a solver whose bishops move wrong cannot solve it)"
            }
            Situation::NeedsKnight => {
                "every solution has a knight capture (a solver whose knights move wrong cannot solve it)"
            }
            Situation::NeedsPawn => {
                "every solution has a pawn capture (a solver whose pawns move wrong cannot solve it)"
            }
            Situation::PawnRuleMatters => {
                "the puzzle is solvable under one pawn rule and not under the other (a solver of the other rule is caught)"
            }
            Situation::BlockedSlideMatters => {
                "no solution, but one if queens, rooks and bishops could pass over pieces (a solver that lets them is caught)"
            }
            Situation::TwoPieces => {
                "a puzzle of two pieces: one capture solves it, or nothing does"
            }
            Situation::ManyPieces => "a puzzle of 8 pieces or more: a deep search",
        }
    }
}

asalto_core::situation!(Situation);

/// The most positions one question about a puzzle may search.
pub const NODE_LIMIT: u64 = 1_000_000;

/// The rules a question searches under: the profile's, one kind that
/// never captures, or sliders that pass over pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    /// The profile's rules.
    Plain,
    /// The profile's rules, but this kind never captures.
    Without(Piece),
    /// The profile's rules, and queens, rooks and bishops capture any
    /// piece along their lines.
    PassOver,
}

/// The captures of `pos` under `rules`.
fn captures(pos: &Position, profile: Profile, rules: Rules) -> Vec<Capture> {
    let mut all: Vec<Capture> = match rules {
        Rules::Without(kind) => pos
            .captures(profile)
            .filter(|c| pos.piece_at(c.from) != Some(kind))
            .collect(),
        _ => pos.captures(profile).collect(),
    };
    if rules == Rules::PassOver {
        let occupied = pos.occupied().0;
        for (from, piece) in pos.pieces() {
            let dirs: &[usize] = match piece {
                Piece::Rook => &ORTHOGONAL,
                Piece::Bishop => &DIAGONAL,
                Piece::Queen => &[0, 1, 2, 3, 4, 5, 6, 7],
                _ => &[],
            };
            for &d in dirs {
                for to in SquareSet(RAYS[from.index()][d] & occupied) {
                    let c = Capture::new(from, to);
                    if !all.contains(&c) {
                        all.push(c);
                    }
                }
            }
        }
    }
    all
}

/// Whether `pos` can be brought down to one piece under `rules`; `None`
/// when the search passes [`NODE_LIMIT`] positions first.
fn solvable_under(pos: &Position, profile: Profile, rules: Rules) -> Option<bool> {
    fn go(
        pos: &Position,
        profile: Profile,
        rules: Rules,
        dead: &mut HashSet<u64>,
        nodes: &mut u64,
    ) -> Option<bool> {
        if pos.len() <= 1 {
            return Some(pos.len() == 1);
        }
        if dead.contains(&pos.key()) {
            return Some(false);
        }
        *nodes += 1;
        if *nodes > NODE_LIMIT {
            return None;
        }
        for c in captures(pos, profile, rules) {
            if go(&pos.play_unchecked(c), profile, rules, dead, nodes)? {
                return Some(true);
            }
        }
        dead.insert(pos.key());
        Some(false)
    }
    go(pos, profile, rules, &mut HashSet::new(), &mut 0)
}

/// The situations `puzzle` reaches under `profile`, in report order.
pub fn situations(puzzle: &Position, profile: Profile) -> Vec<Situation> {
    let mut found = Vec::new();
    match puzzle.len() {
        2 => found.push(Situation::TwoPieces),
        n if n >= 8 => found.push(Situation::ManyPieces),
        _ => {}
    }
    let mut solver = Solver::with_max_slots(profile, 1 << 16).with_node_limit(Some(NODE_LIMIT));
    let Ok(solvable) = solver.try_solve(puzzle).map(|s| s.is_some()) else {
        return found;
    };
    found.push(if solvable {
        Situation::Solvable
    } else {
        Situation::Unsolvable
    });
    let mut other =
        Solver::with_max_slots(profile.other(), 1 << 16).with_node_limit(Some(NODE_LIMIT));
    if other
        .try_solve(puzzle)
        .is_ok_and(|s| s.is_some() != solvable)
    {
        found.push(Situation::PawnRuleMatters);
    }
    if solvable {
        for kind in Piece::ALL {
            if !puzzle.squares_of(kind).is_empty()
                && solvable_under(puzzle, profile, Rules::Without(kind)) == Some(false)
            {
                found.push(Situation::needs(kind));
            }
        }
    } else if solvable_under(puzzle, profile, Rules::PassOver) == Some(true) {
        found.push(Situation::BlockedSlideMatters);
    }
    debug_assert!(solvable_under(puzzle, profile, Rules::Plain).is_none_or(|s| s == solvable));
    found.sort();
    found
}

/// What a set of puzzles reaches under `profile`, the puzzles in set
/// order.
pub fn of_set(puzzles: &[Position], profile: Profile) -> Coverage<Situation> {
    let mut coverage = Coverage::new();
    for (i, p) in puzzles.iter().enumerate() {
        for s in situations(p, profile) {
            coverage.note(s, Seen::game(i));
        }
    }
    coverage
}

/// A set of puzzles built to reach every situation: random positions of
/// the set's pieces are drawn (seeded, ChaCha8), and one is kept when it
/// reaches a situation the puzzles kept before it do not; then each puzzle
/// whose situations the others all reach is left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Cover {
    /// The puzzles kept, each with its situations.
    pub puzzles: Vec<(Position, Vec<Situation>)>,
    /// What they reach.
    pub coverage: Coverage<Situation>,
    /// Random positions drawn.
    pub tried: u64,
}

/// Draw at most `max_tries` random positions of 2 to 10 pieces (at most
/// the set's) of `set`, seeded by `seed`, until the puzzles kept reach
/// every situation under `profile`.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::coverage;
/// use asalto_solitaire::{PieceCounts, Profile};
///
/// let a = coverage::cover(Profile::Codegolf, PieceCounts::COMMERCIAL, 7, 20_000);
/// assert!(a.coverage.is_complete(), "{:?}", a.coverage.missing());
/// assert_eq!(a, coverage::cover(Profile::Codegolf, PieceCounts::COMMERCIAL, 7, 20_000));
/// ```
pub fn cover(profile: Profile, set: PieceCounts, seed: u64, max_tries: u64) -> Cover {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut below = |n: usize| -> usize {
        let n = n as u32;
        let zone = u32::MAX - u32::MAX % n;
        loop {
            let x = rng.next_u32();
            if x < zone {
                return (x % n) as usize;
            }
        }
    };
    let pool = set.pieces();
    let most = pool.len().min(10);
    let mut puzzles: Vec<(Position, Vec<Situation>)> = Vec::new();
    let mut coverage = Coverage::new();
    let mut tried = 0;
    while tried < max_tries && most >= 2 && !coverage.is_complete() {
        tried += 1;
        let n = 2 + below(most - 1);
        let mut pieces = pool.clone();
        let mut squares: Vec<Square> = Square::all().collect();
        let mut pos = Position::EMPTY;
        for i in 0..n {
            let j = i + below(pieces.len() - i);
            pieces.swap(i, j);
            let k = i + below(squares.len() - i);
            squares.swap(i, k);
            pos = pos.with(squares[i], pieces[i]);
        }
        if puzzles.iter().any(|(p, _)| *p == pos) {
            continue;
        }
        let found = situations(&pos, profile);
        if found.iter().all(|s| coverage.reached(*s).is_some()) {
            continue;
        }
        for &s in &found {
            coverage.note(s, Seen::game(puzzles.len()));
        }
        puzzles.push((pos, found));
    }
    let mut i = 0;
    while i < puzzles.len() {
        let redundant = puzzles[i].1.iter().all(|s| {
            puzzles
                .iter()
                .enumerate()
                .any(|(j, (_, other))| j != i && other.contains(s))
        });
        if redundant {
            puzzles.remove(i);
        } else {
            i += 1;
        }
    }
    let positions: Vec<Position> = puzzles.iter().map(|(p, _)| *p).collect();
    Cover {
        coverage: of_set(&positions, profile),
        puzzles,
        tried,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn each_situation_from_a_puzzle_built_for_it() {
        let cases: &[(&str, Profile, &[Situation])] = &[
            // The rook takes the knight (which does not reach the rook).
            (
                "R..N............",
                Profile::Codegolf,
                &[
                    Situation::TwoPieces,
                    Situation::Solvable,
                    Situation::NeedsRook,
                ],
            ),
            // Two knights that do not see each other.
            (
                "N.N.............",
                Profile::Codegolf,
                &[Situation::TwoPieces, Situation::Unsolvable],
            ),
            // No solution; one if sliders could pass over pieces (found
            // by `cover`: no puzzle of three pieces is such).
            (
                ".....P......BRR.",
                Profile::Codegolf,
                &[Situation::Unsolvable, Situation::BlockedSlideMatters],
            ),
            // A pawn on a3 takes b4 above it (top row first: b4 is at
            // index 1, a3 at index 4): both rules.
            (
                ".N..P...........",
                Profile::Thinkfun,
                &[
                    Situation::TwoPieces,
                    Situation::Solvable,
                    Situation::NeedsPawn,
                ],
            ),
            // A pawn on b4 takes a3 below it: codegolf only.
            (
                ".P..N...........",
                Profile::Codegolf,
                &[
                    Situation::TwoPieces,
                    Situation::Solvable,
                    Situation::NeedsPawn,
                    Situation::PawnRuleMatters,
                ],
            ),
            (
                ".P..N...........",
                Profile::Thinkfun,
                &[
                    Situation::TwoPieces,
                    Situation::Unsolvable,
                    Situation::PawnRuleMatters,
                ],
            ),
        ];
        for (s, profile, expected) in cases {
            let mut expected = expected.to_vec();
            expected.sort();
            assert_eq!(situations(&puzzle(s), *profile), expected, "{s} {profile}");
        }
    }

    #[test]
    fn many_pieces_and_a_king() {
        // Eight pieces on the first two rows, all on one another's lines.
        let found = situations(&puzzle("........QRBNRBNK"), Profile::Codegolf);
        assert!(found.contains(&Situation::ManyPieces), "{found:?}");
        assert!(!found.contains(&Situation::TwoPieces));
    }
}
