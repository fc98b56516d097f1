//! Puzzles with exactly one solution, drawn at random from a piece set,
//! seeded and deterministic.
//!
//! Each attempt takes `n` pieces of the set at random and builds a solvable
//! puzzle backwards from the last piece ([`Generator`]); the attempt is kept
//! if the puzzle has exactly one solution, is not a repeat of the run, and
//! (when asked) has the wanted level ([`crate::difficulty`]). The random numbers come straight from the
//! ChaCha8 stream (`rand_chacha`), whose output is specified, so a seed
//! gives the same puzzles on every platform and every release.

use std::collections::HashSet;
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::difficulty::{self, Difficulty};
use crate::{Capture, Piece, PieceCounts, Position, Profile, Solver, Square};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule profile the solution must be unique under.
    pub profile: Profile,
    /// The pieces to draw from (default: the commercial set, 1 K, 1 Q, 2 R,
    /// 2 B, 2 N, 2 P).
    pub set: PieceCounts,
    /// Pieces per puzzle; `None`: drawn for each attempt from the range
    /// that suits the level ([`pieces_for_level`]), or from 3 to
    /// [`DEFAULT_MAX_PIECES`].
    pub pieces: Option<usize>,
    /// The wanted level, 1..=4; `None`: any.
    pub level: Option<u8>,
    /// The seed.
    pub seed: u64,
    /// Positions the search may try per puzzle before giving up.
    pub max_attempts: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            profile: Profile::Codegolf,
            set: PieceCounts::COMMERCIAL,
            pieces: None,
            level: None,
            seed: 0,
            max_attempts: 1_000_000,
        }
    }
}

/// The most pieces drawn when neither a number of pieces nor a level is
/// given: puzzles of 9 and more pieces with one solution are rare, and take
/// seconds each to find (see the README).
pub const DEFAULT_MAX_PIECES: usize = 8;

/// Positions one attempt may try before a fresh random start.
const ATTEMPT_BUDGET: u64 = 2_000;

/// The usual numbers of pieces of a level's puzzles (the ranges in which
/// random puzzles of the commercial set most often have that level; see
/// the README's table).
pub const fn pieces_for_level(level: u8) -> (usize, usize) {
    match level {
        1 => (3, 5),
        2 => (4, 6),
        3 => (5, 7),
        _ => (7, 8),
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Generated {
    /// The puzzle.
    pub position: Position,
    /// Its one solution.
    pub solution: Vec<Capture>,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// Attempts it took (random starts since the previous puzzle).
    pub attempts: u64,
}

/// Why puzzles cannot be generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// Fewer than two pieces per puzzle.
    TooFewPieces {
        /// Pieces asked for.
        pieces: usize,
    },
    /// More pieces than the set holds (or than the board's 16 squares).
    TooManyPieces {
        /// Pieces asked for.
        pieces: usize,
        /// The most possible.
        available: usize,
    },
    /// A level outside 1..=4.
    Level {
        /// The level asked for.
        level: u8,
    },
    /// No new puzzle was found within the allowed attempts.
    GaveUp {
        /// Attempts made.
        attempts: u64,
    },
}

impl GenerateError {
    /// The stable code: `too-few-pieces`, `too-many-pieces`, `bad-level`,
    /// `gave-up`.
    pub const fn code(self) -> &'static str {
        match self {
            GenerateError::TooFewPieces { .. } => "too-few-pieces",
            GenerateError::TooManyPieces { .. } => "too-many-pieces",
            GenerateError::Level { .. } => "bad-level",
            GenerateError::GaveUp { .. } => "gave-up",
        }
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenerateError::TooFewPieces { pieces } => {
                write!(f, "a puzzle needs at least 2 pieces, not {pieces}")
            }
            GenerateError::TooManyPieces { pieces, available } => write!(
                f,
                "{pieces} pieces asked for, but the set and board allow at most {available}"
            ),
            GenerateError::Level { level } => {
                write!(f, "levels are 1 to 4 (beginner to expert), not {level}")
            }
            GenerateError::GaveUp { attempts } => write!(
                f,
                "no new puzzle with exactly one solution found in {attempts} attempts; \
                 try another number of pieces or level"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The generator: an endless iterator of new puzzles (stop it with
/// `take`).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::generate::{Generator, Options};
///
/// let options = Options { pieces: Some(5), seed: 7, ..Options::default() };
/// let a: Vec<_> = Generator::new(options)?.take(3).collect::<Result<_, _>>()?;
/// let b: Vec<_> = Generator::new(options)?.take(3).collect::<Result<_, _>>()?;
/// assert_eq!(a, b);
/// assert!(a.iter().all(|g| g.difficulty.solutions == 1 && g.position.len() == 5));
/// # Ok::<(), asalto_solitaire::generate::GenerateError>(())
/// ```
#[derive(Debug)]
pub struct Generator {
    options: Options,
    rng: ChaCha8Rng,
    solver: Solver,
    seen: HashSet<u64>,
    pool: Vec<Piece>,
    range: (usize, usize),
}

impl Generator {
    /// A generator for `options`.
    ///
    /// # Errors
    ///
    /// Options that cannot give a puzzle.
    pub fn new(options: Options) -> Result<Generator, GenerateError> {
        let available = options.set.total().min(Square::COUNT);
        if let Some(level) = options.level {
            if !(1..=4).contains(&level) {
                return Err(GenerateError::Level { level });
            }
        }
        let range = match (options.pieces, options.level) {
            (Some(n), _) => (n, n),
            (None, Some(level)) => {
                let (lo, hi) = pieces_for_level(level);
                (lo.min(available), hi.min(available))
            }
            (None, None) => (3.min(available), DEFAULT_MAX_PIECES.min(available)),
        };
        if range.0 < 2 {
            return Err(GenerateError::TooFewPieces { pieces: range.0 });
        }
        if range.1 > available {
            return Err(GenerateError::TooManyPieces {
                pieces: range.1,
                available,
            });
        }
        Ok(Generator {
            options,
            rng: ChaCha8Rng::seed_from_u64(options.seed),
            solver: Solver::with_max_slots(options.profile, 1 << 18),
            seen: HashSet::new(),
            pool: options.set.pieces(),
            range,
        })
    }

    /// A number in `0..n` (`n > 0`), by rejection, so that it is unbiased
    /// and depends only on the ChaCha8 stream.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u32;
        let zone = u32::MAX - u32::MAX % n;
        loop {
            let x = self.rng.next_u32();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// The first `k` items of a random shuffle of `items`.
    fn pick<T: Copy>(&mut self, items: &mut [T], k: usize) {
        for i in 0..k.min(items.len()) {
            let j = i + self.below(items.len() - i);
            items.swap(i, j);
        }
    }

    /// One random puzzle with exactly one solution, or `None` when the
    /// budget of tried positions runs out first.
    ///
    /// It is built backwards from its last piece by "uncaptures": a piece
    /// on the board steps back to a square from which it captures where it
    /// stood, and a new piece of the set takes that square. The reverse of
    /// the uncaptures is a solution. Every solution of a position is also
    /// one of the position one uncapture earlier (after that capture), so a
    /// puzzle has one solution only if every position on the way has one:
    /// the search keeps only uncaptures that leave exactly one, and backs
    /// up when none does. Every unique puzzle can be built this way.
    fn attempt(&mut self, budget: &mut u64) -> Option<Position> {
        let (lo, hi) = self.range;
        let n = lo + self.below(hi - lo + 1);
        let mut pool = std::mem::take(&mut self.pool);
        self.pick(&mut pool, n);
        let mut chosen: Vec<Piece> = pool[..n].to_vec();
        // Keep the pool in its canonical order so each attempt depends only
        // on the random numbers drawn.
        pool.sort();
        self.pool = pool;
        let last = chosen.swap_remove(0);
        let start = Square::from_index(self.below(Square::COUNT))?;
        self.build(Position::EMPTY.with(start, last), &mut chosen, budget)
    }

    /// Add the pieces of `remaining` by uncaptures, keeping one solution.
    fn build(
        &mut self,
        pos: Position,
        remaining: &mut Vec<Piece>,
        budget: &mut u64,
    ) -> Option<Position> {
        if remaining.is_empty() {
            return Some(pos);
        }
        let mut kinds: Vec<Piece> = remaining.clone();
        kinds.sort();
        kinds.dedup();
        let occupied = pos.occupied();
        let mut candidates: Vec<(Piece, Square, Square)> = Vec::new();
        for to in occupied {
            let piece = pos.piece_at(to)?;
            for from in !occupied {
                for &newcomer in &kinds {
                    let before = pos.with(from, piece).with(to, newcomer);
                    if before.targets(from, self.options.profile).contains(to) {
                        candidates.push((newcomer, from, to));
                    }
                }
            }
        }
        let len = candidates.len();
        self.pick(&mut candidates, len);
        for (newcomer, from, to) in candidates {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let piece = pos.piece_at(to)?;
            let before = pos.with(from, piece).with(to, newcomer);
            if self.solver.count_up_to_two(&before) != 1 {
                continue;
            }
            let i = remaining.iter().position(|&p| p == newcomer)?;
            remaining.swap_remove(i);
            if let Some(done) = self.build(before, remaining, budget) {
                return Some(done);
            }
            remaining.push(newcomer);
        }
        None
    }

    fn next_puzzle(&mut self) -> Result<Generated, GenerateError> {
        let mut budget = self.options.max_attempts;
        let mut attempts = 0;
        while budget > 0 {
            attempts += 1;
            // A fresh random start after a bounded search does much better
            // than searching one start exhaustively.
            // Positions of one attempt rarely come up in another: a small
            // table for each is faster than one large table.
            self.solver.clear();
            let mut share = budget.min(ATTEMPT_BUDGET);
            budget -= share;
            let found = self.attempt(&mut share);
            budget += share;
            let Some(pos) = found else {
                continue;
            };
            if self.seen.contains(&pos.key()) || self.solver.count_up_to_two(&pos) != 1 {
                continue;
            }
            let Ok(Some(difficulty)) = difficulty::measure(&pos, &mut self.solver) else {
                continue;
            };
            if self.options.level.is_some_and(|l| l != difficulty.level) {
                continue;
            }
            self.seen.insert(pos.key());
            let solution = self.solver.solve(&pos).unwrap_or_default();
            return Ok(Generated {
                position: pos,
                solution,
                difficulty,
                attempts,
            });
        }
        Err(GenerateError::GaveUp {
            attempts: self.options.max_attempts,
        })
    }
}

impl Iterator for Generator {
    type Item = Result<Generated, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.next_puzzle())
    }
}

/// `count` puzzles for `options`.
///
/// # Errors
///
/// As [`Generator::new`], or [`GenerateError::GaveUp`] when a puzzle cannot
/// be found.
pub fn generate(options: Options, count: usize) -> Result<Vec<Generated>, GenerateError> {
    Generator::new(options)?.take(count).collect()
}
