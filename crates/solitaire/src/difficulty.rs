//! How hard a puzzle is, measured on its whole game tree.
//!
//! The measure is the **expected search**: the number of positions a
//! player looks at, on average, who tries captures in random order, follows
//! each line to its end, and backs up from dead ends, until the puzzle is
//! solved. It is exact (computed on the whole tree, not sampled), and it
//! grows with what makes these puzzles hard for people:
//!
//! - more pieces: every capture of the solution costs at least one
//!   position;
//! - more tempting alternatives: every wrong capture is tried before the
//!   right one half of the time;
//! - deep dead ends: a wrong capture costs everything that follows it, so a
//!   trap that shows itself only four captures later costs far more than
//!   one that leaves a lone piece at once;
//! - forced captures cost nothing beyond their one position.
//!
//! For a position `p` with good captures `G` (that keep a solution) and bad
//! ones `D`, and `T(c)` the number of positions in the tree after `c`:
//!
//! ```text
//! E(p) = 1 + (Σ_{c∈D} T(c)) / (|G| + 1) + mean_{c∈G} E(c)        E(solved) = 1
//! ```
//!
//! (in a random order, a bad capture comes before the first good one with
//! probability `1 / (|G| + 1)`). [`Difficulty::level`] cuts it into the
//! commercial game's four levels.

use std::collections::HashMap;

use crate::{Capture, Interrupted, Position, Profile, Solver};

/// The four levels, as on the commercial cards: beginner, intermediate,
/// advanced, expert. Level `n` holds puzzles whose expected search is below
/// `LEVEL_BOUNDS[n - 1]` (and at least the bound before).
pub const LEVEL_BOUNDS: [f64; 3] = [10.0, 30.0, 150.0];

/// The names of the levels 1..=4.
pub const LEVEL_NAMES: [&str; 4] = ["beginner", "intermediate", "advanced", "expert"];

/// The difficulty of a solvable puzzle.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Difficulty {
    /// Pieces on the board.
    pub pieces: usize,
    /// Solutions.
    pub solutions: u128,
    /// Positions in the whole game tree (every sequence of captures from
    /// the start, the start included).
    pub tree_size: u128,
    /// Leaves of that tree with more than one piece: ways to get stuck.
    pub dead_ends: u128,
    /// Captures of the first solution that were the only legal capture.
    pub forced: usize,
    /// Mean number of legal captures along the first solution.
    pub branching: f64,
    /// The expected search (see the module documentation), in positions.
    pub expected_search: f64,
    /// The level, 1..=4.
    pub level: u8,
}

impl Difficulty {
    /// The level of an expected search.
    pub fn level_of(expected_search: f64) -> u8 {
        1 + LEVEL_BOUNDS
            .iter()
            .filter(|&&b| expected_search >= b)
            .count() as u8
    }

    /// The level's name: `beginner`, `intermediate`, `advanced`, `expert`.
    pub fn level_name(&self) -> &'static str {
        LEVEL_NAMES[usize::from(self.level.clamp(1, 4)) - 1]
    }
}

/// Per-position numbers of the tree below a position.
#[derive(Clone, Copy)]
struct Node {
    tree: u128,
    dead: u128,
    /// Expected search, for positions with a solution.
    expected: f64,
}

/// The most positions [`measure`] keeps in its memory (about 40 MiB) and
/// lets the solver search: enough for any puzzle of up to 11 pieces.
pub const MEASURE_LIMIT: u64 = 1 << 20;

/// The measure of `pos` under `solver`'s profile: `Ok(None)` if `pos` has
/// no solution (or fewer than two pieces).
///
/// # Errors
///
/// [`Interrupted`] when the puzzle has more positions than
/// [`MEASURE_LIMIT`]: the measure needs them all, so memory and time stay
/// bounded only by giving up.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{difficulty, Position, Profile, Solver};
///
/// let pos: Position = ".....B..RP.....N".parse()?;
/// let d = difficulty::measure(&pos, &mut Solver::new(Profile::Codegolf))?.expect("solvable");
/// assert_eq!((d.pieces, d.solutions), (4, 1));
/// assert!(d.expected_search >= 4.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn measure(pos: &Position, solver: &mut Solver) -> Result<Option<Difficulty>, Interrupted> {
    if pos.len() < 2 {
        return Ok(None);
    }
    let mut walk = Walk {
        profile: solver.profile(),
        memo: HashMap::new(),
        too_big: false,
    };
    let measured = solver.within(Some(MEASURE_LIMIT), |s| walk.measure(pos, s))?;
    if walk.too_big {
        return Err(Interrupted {
            nodes: walk.memo.len() as u64,
        });
    }
    Ok(measured)
}

/// The walk over the whole game tree, with its memory.
struct Walk {
    profile: Profile,
    memo: HashMap<u64, Node>,
    too_big: bool,
}

impl Walk {
    fn measure(&mut self, pos: &Position, solver: &mut Solver) -> Option<Difficulty> {
        let solutions = solver.count(pos);
        let first = solver.solve(pos)?;
        let root = self.node(pos, solver);
        let (forced, branching) = path_stats(pos, &first, self.profile);
        Some(Difficulty {
            pieces: pos.len(),
            solutions,
            tree_size: root.tree,
            dead_ends: root.dead,
            forced,
            branching,
            expected_search: root.expected,
            level: Difficulty::level_of(root.expected),
        })
    }

    fn node(&mut self, pos: &Position, solver: &mut Solver) -> Node {
        if pos.len() == 1 {
            return Node {
                tree: 1,
                dead: 0,
                expected: 1.0,
            };
        }
        if let Some(n) = self.memo.get(&pos.key()) {
            return *n;
        }
        if self.too_big || self.memo.len() as u64 >= MEASURE_LIMIT {
            self.too_big = true;
            return Node {
                tree: 0,
                dead: 0,
                expected: 0.0,
            };
        }
        let mut tree = 1;
        let mut dead = 0;
        let mut bad_tree = 0.0;
        let mut good = Vec::new();
        let captures: Vec<Capture> = pos.captures(self.profile).collect();
        if captures.is_empty() {
            dead = 1;
        }
        for c in captures {
            let next = pos.play_unchecked(c);
            let child = self.node(&next, solver);
            tree += child.tree;
            dead += child.dead;
            if solver.count(&next) > 0 {
                good.push(child.expected);
            } else {
                bad_tree += child.tree as f64;
            }
        }
        let expected = if good.is_empty() {
            f64::INFINITY
        } else {
            let mean = good.iter().sum::<f64>() / good.len() as f64;
            1.0 + bad_tree / (good.len() as f64 + 1.0) + mean
        };
        let n = Node {
            tree,
            dead,
            expected,
        };
        self.memo.insert(pos.key(), n);
        n
    }
}

/// Forced captures and mean branching along `solution`.
fn path_stats(start: &Position, solution: &[Capture], profile: Profile) -> (usize, f64) {
    let mut pos = *start;
    let mut forced = 0;
    let mut total = 0;
    for &c in solution {
        let n = pos.capture_count(profile);
        forced += usize::from(n == 1);
        total += n;
        pos = pos.play_unchecked(c);
    }
    let branching = if solution.is_empty() {
        0.0
    } else {
        total as f64 / solution.len() as f64
    };
    (forced, branching)
}
