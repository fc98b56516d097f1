//! Solving: one solution, every solution, and the number of solutions.
//!
//! A solution is a sequence of captures that leaves exactly one piece; two
//! solutions differ if their sequences differ. Since pieces of a kind are
//! interchangeable, the same position is reached by many orders of
//! captures, and the number of solutions from a position depends on the
//! position alone: the solver stores it per position
//! ([`table`](crate::table)), so each position is searched once however
//! often it is reached.

use std::ops::ControlFlow;

use crate::attacks::targets_bits;
use crate::table::{DEFAULT_MAX_SLOTS, Table};
use crate::{Capture, Position, Profile, Square};

/// A solver for one profile, with its table of solution counts.
///
/// Keep one solver for a whole set of puzzles: the table stays valid across
/// puzzles (it is keyed by position), and its memory is bounded
/// ([`Solver::with_max_slots`]).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{Position, Profile, Solver};
///
/// let pos: Position = ".....B..RP.....N".parse()?;
/// let mut solver = Solver::new(Profile::Codegolf);
/// assert_eq!(solver.count(&pos), 1);
/// let solution = solver.solve(&pos).expect("solvable");
/// let moves: Vec<String> = solution.iter().map(|c| c.to_string()).collect();
/// assert_eq!(moves, ["d1xb2", "a2xb2", "b2xb3"]);
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    profile: Profile,
    table: Table,
    /// Solution counts capped at 2 ([`Solver::count_up_to_two`]).
    capped: Table,
    nodes: u64,
}

impl Solver {
    /// A solver for `profile` with the default table cap (2^20 slots,
    /// 24 MiB at most).
    pub fn new(profile: Profile) -> Solver {
        Solver::with_max_slots(profile, DEFAULT_MAX_SLOTS)
    }

    /// A solver whose table grows to at most `max_slots` slots of 24 bytes
    /// (at least 1024). When it fills, it is emptied: results stay exact,
    /// only slower.
    pub fn with_max_slots(profile: Profile, max_slots: usize) -> Solver {
        Solver {
            profile,
            table: Table::new(max_slots),
            capped: Table::new(max_slots),
            nodes: 0,
        }
    }

    /// The profile it solves under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Positions searched so far (table hits excluded): a measure of work.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How many times the table filled at its cap and was emptied.
    pub fn table_clears(&self) -> u64 {
        self.table.clears()
    }

    /// Positions held in the table now.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The number of solutions of `pos`: of sequences of captures that
    /// leave one piece. A position with one piece has one solution (the
    /// empty sequence), an empty board none.
    ///
    /// The count is exact: at most 15 captures with at most 84 choices
    /// each stay far below `u128::MAX`.
    pub fn count(&mut self, pos: &Position) -> u128 {
        self.count_rec(pos)
    }

    fn count_rec(&mut self, pos: &Position) -> u128 {
        let occupied = pos.occupied().0;
        match occupied.count_ones() {
            0 => return 0,
            1 => return 1,
            // Every capture from two pieces solves.
            2 => return pos.capture_count(self.profile) as u128,
            _ => {}
        }
        let key = pos.key();
        if let Some(count) = self.table.get(key) {
            return count;
        }
        self.nodes += 1;
        let mut total = 0;
        for (kind, set) in pos.sets().iter().enumerate() {
            let mut froms = set.0;
            while froms != 0 {
                let from = froms & froms.wrapping_neg();
                froms ^= from;
                let s = from.trailing_zeros() as usize;
                let mut tos = targets_bits(kind, s, occupied, self.profile);
                while tos != 0 {
                    let to = tos & tos.wrapping_neg();
                    tos ^= to;
                    total += self.count_rec(&pos.play_kind(kind, from, to));
                }
            }
        }
        self.table.insert(key, total);
        total
    }

    /// The number of solutions of `pos` if it is 0 or 1, and 2 for any
    /// more: what uniqueness tests need, found without counting every
    /// solution (the search of a position stops at the second).
    pub fn count_up_to_two(&mut self, pos: &Position) -> u8 {
        let occupied = pos.occupied().0;
        match occupied.count_ones() {
            0 => return 0,
            1 => return 1,
            2 => return pos.capture_count(self.profile).min(2) as u8,
            _ => {}
        }
        let key = pos.key();
        if let Some(count) = self.capped.get(key).or_else(|| self.table.get(key)) {
            return count.min(2) as u8;
        }
        self.nodes += 1;
        let mut total = 0;
        'search: for (kind, set) in pos.sets().iter().enumerate() {
            let mut froms = set.0;
            while froms != 0 {
                let from = froms & froms.wrapping_neg();
                froms ^= from;
                let s = from.trailing_zeros() as usize;
                let mut tos = targets_bits(kind, s, occupied, self.profile);
                while tos != 0 {
                    let to = tos & tos.wrapping_neg();
                    tos ^= to;
                    total += self.count_up_to_two(&pos.play_kind(kind, from, to));
                    if total >= 2 {
                        total = 2;
                        break 'search;
                    }
                }
            }
        }
        self.capped.insert(key, u128::from(total));
        total
    }

    /// Whether `pos` has a solution.
    pub fn is_solvable(&mut self, pos: &Position) -> bool {
        self.solve(pos).is_some()
    }

    /// The first solution in canonical order (captures ordered by start
    /// square, then target; `a1` first), or `None` if there is none.
    ///
    /// Cheaper than [`Solver::count`] on puzzles with many solutions: it
    /// stops at the first, and stores only the dead ends it meets (a count
    /// of 0 is exact, so the table serves both).
    pub fn solve(&mut self, pos: &Position) -> Option<Vec<Capture>> {
        if pos.is_empty() {
            return None;
        }
        let mut path = Vec::with_capacity(pos.len());
        self.first(pos, &mut path).then_some(path)
    }

    fn first(&mut self, pos: &Position, path: &mut Vec<Capture>) -> bool {
        if pos.len() == 1 {
            return true;
        }
        let key = pos.key();
        if self.table.get(key) == Some(0) {
            return false;
        }
        self.nodes += 1;
        for capture in pos.captures(self.profile) {
            path.push(capture);
            if self.first(&pos.play_unchecked(capture), path) {
                return true;
            }
            path.pop();
        }
        if pos.len() > 2 {
            self.table.insert(key, 0);
        }
        false
    }

    /// Call `visit` with every solution of `pos`, in canonical order, until
    /// it breaks. Only captures that lead to a solution are followed (the
    /// counts say which), so the time is proportional to the solutions
    /// visited, after one count.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use asalto_solitaire::{Position, Profile, Solver};
    ///
    /// let pos: Position = "P....R..R.R..R..".parse()?;
    /// let mut solver = Solver::new(Profile::Codegolf);
    /// let mut seen = 0;
    /// let _ = solver.for_each_solution(&pos, |_| {
    ///     seen += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(seen as u128, solver.count(&pos));
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    pub fn for_each_solution<F>(&mut self, pos: &Position, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&[Capture]) -> ControlFlow<()>,
    {
        if self.count(pos) == 0 {
            return ControlFlow::Continue(());
        }
        let mut path = Vec::with_capacity(pos.len());
        self.walk(pos, &mut path, &mut visit)
    }

    fn walk<F>(&mut self, pos: &Position, path: &mut Vec<Capture>, visit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(&[Capture]) -> ControlFlow<()>,
    {
        if pos.len() == 1 {
            return visit(path);
        }
        let captures: Vec<Capture> = pos.captures(self.profile).collect();
        for capture in captures {
            let next = pos.play_unchecked(capture);
            if self.count(&next) > 0 {
                path.push(capture);
                self.walk(&next, path, visit)?;
                path.pop();
            }
        }
        ControlFlow::Continue(())
    }

    /// The first `limit` solutions in canonical order.
    pub fn solutions(&mut self, pos: &Position, limit: usize) -> Vec<Vec<Capture>> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        let _ = self.for_each_solution(pos, |s| {
            out.push(s.to_vec());
            if out.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        out
    }
}

/// The positions of a sequence of captures played from `start` without
/// checks (see [`Position::play_unchecked`]): the board after each capture.
pub fn boards_after(start: &Position, captures: &[Capture]) -> Vec<Position> {
    let mut pos = *start;
    captures
        .iter()
        .map(|&c| {
            pos = pos.play_unchecked(c);
            pos
        })
        .collect()
}

/// The square the last piece stands on after a solution, if `captures` is
/// one.
#[allow(dead_code)]
pub fn last_square(start: &Position, captures: &[Capture]) -> Option<Square> {
    let end = boards_after(start, captures)
        .last()
        .copied()
        .unwrap_or(*start);
    if end.is_solved() {
        end.occupied().first()
    } else {
        None
    }
}
