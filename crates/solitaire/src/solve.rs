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
use crate::table::{DEFAULT_MAX_SLOTS, SLOT_BYTES, Table, slots_within};
use crate::{Capture, Position, Profile};

/// A solver for one profile, with its table of solution counts.
///
/// The table stays valid across puzzles (it is keyed by position), but the
/// positions of one puzzle rarely occur in another, and a table that has
/// grown large is slower (it no longer fits the processor's caches): for a
/// set of puzzles, use a solver per puzzle or [`Solver::clear`] it between
/// puzzles. Its memory is bounded ([`Solver::with_max_slots`],
/// [`Solver::with_memory`]).
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
    /// The search stops when `nodes` reaches this (see [`Solver::try_count`]).
    stop_at: u64,
    /// A count pauses when `nodes` reaches this: `stop_at`, or earlier when
    /// a progress report is due ([`Solver::try_count_watched`]).
    pause_at: u64,
    /// Where a watched count stands: its start, its pieces at the top, the
    /// capture searched at the first two levels.
    watch: WatchState,
    /// The most positions one `try_` call may search.
    node_limit: Option<u64>,
    /// The tables' cap.
    max_slots: usize,
    /// Whether the running search was cut short at `stop_at`.
    cut: bool,
}

/// A search stopped at the solver's node limit
/// ([`Solver::with_node_limit`]) before it had an answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted {
    /// The positions searched by the call.
    pub nodes: u64,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the search stopped after {} positions, its limit",
            self.nodes
        )
    }
}

impl std::error::Error for Interrupted {}

/// How far a count has come, for a caller that shows it
/// ([`Solver::try_count_watched`]). The total work is not known before the
/// end: `first` and `second` say which capture the search is in at the top
/// and just below it (later captures go faster, as they meet positions
/// already counted).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Progress {
    /// Positions searched by this count so far.
    pub nodes: u64,
    /// Positions whose count the table holds.
    pub stored: usize,
    /// The table's memory now, and the most it grows to (bytes).
    pub table_bytes: usize,
    /// See `table_bytes`.
    pub max_table_bytes: usize,
    /// Counts the table forgot at its cap (computed again when met again).
    pub evictions: u64,
    /// The capture searched from the puzzle.
    pub first: Branch,
    /// The capture searched from the position after `first`.
    pub second: Branch,
}

/// One capture among those of a position: the `at`-th (from 1) of `of`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Branch {
    /// Which, from 1 (0: not started).
    pub at: usize,
    /// Out of how many.
    pub of: usize,
}

/// The state of a watched count (all zero when no count is watched).
#[derive(Clone, Copy, Debug, Default)]
struct WatchState {
    /// `nodes` when the count began.
    start: u64,
    /// Positions between two reports.
    every: u64,
    /// The pieces of the puzzle counted.
    root_pieces: u32,
    first: Branch,
    second: Branch,
}

/// What a count calls while it runs: nothing ([`Quiet`]), or a caller's
/// function ([`Solver::try_count_watched`]). A trait so that the plain
/// count is compiled without a trace of the watched one.
trait Watch {
    /// Whether it keeps track of the branches at the top.
    const ON: bool;
    fn report(&mut self, progress: &Progress);
}

/// No watching.
struct Quiet;

impl Watch for Quiet {
    const ON: bool = false;
    #[inline(always)]
    fn report(&mut self, _: &Progress) {}
}

impl<F: FnMut(&Progress)> Watch for F {
    const ON: bool = true;
    fn report(&mut self, progress: &Progress) {
        self(progress);
    }
}

impl Solver {
    /// A solver for `profile` with the default table cap (2^21 slots of
    /// 24 bytes, 48 MiB at most; a second table of that size serves
    /// [`Solver::count_up_to_two`] when it is used).
    pub fn new(profile: Profile) -> Solver {
        Solver::with_max_slots(profile, DEFAULT_MAX_SLOTS)
    }

    /// A solver whose table grows to at most `max_slots` slots of 24 bytes
    /// (at least 256). At the cap it forgets the positions with the fewest
    /// pieces first: results stay exact, only slower.
    pub fn with_max_slots(profile: Profile, max_slots: usize) -> Solver {
        Solver {
            profile,
            table: Table::new(max_slots),
            capped: Table::new(max_slots),
            nodes: 0,
            stop_at: u64::MAX,
            pause_at: u64::MAX,
            watch: WatchState::default(),
            node_limit: None,
            max_slots,
            cut: false,
        }
    }

    /// A solver whose table grows within `bytes` of memory, counted at its
    /// peak (while the table doubles), and never below the default cap of
    /// [`Solver::new`]: a table too small for a puzzle forgets counts it
    /// needs again, and a count of 14 pieces took 12 times as long in the
    /// default 48 MiB as with room for every position (the crate's README
    /// has the figures). The table grows as it fills, so a small puzzle
    /// takes little of the room it is given. The second table, of
    /// [`Solver::count_up_to_two`], has the same cap when it is used.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::{Position, Profile, Solver};
    ///
    /// let pos: Position = "P....R..R.R..R..".parse()?;
    /// let mut solver = Solver::with_memory(Profile::Codegolf, 1 << 30);
    /// assert_eq!(solver.count(&pos), 14);
    /// // 2^24 slots of 24 bytes: 384 MiB, 576 MiB at the peak of a doubling.
    /// assert_eq!(solver.max_table_bytes(), 24 << 24);
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    pub fn with_memory(profile: Profile, bytes: u64) -> Solver {
        Solver::with_max_slots(profile, slots_within(bytes))
    }

    /// The most memory the table of counts grows to (bytes; the peak while
    /// it doubles is 1.5 times this).
    pub fn max_table_bytes(&self) -> usize {
        self.table.max_slots() * SLOT_BYTES
    }

    /// This solver with a limit on the positions one call of
    /// [`Solver::try_count`], [`Solver::try_solve`] or
    /// [`Solver::try_count_up_to_two`] may search (`None`: no limit). The
    /// other methods never stop early.
    ///
    /// Counting searches every position reachable from the puzzle: a few
    /// thousand for the usual puzzles of up to 10 pieces, but millions for
    /// some of 14 pieces (around 10^8 in a table too small to hold them,
    /// see [`Solver::with_memory`]), which takes minutes. A limit bounds the
    /// time on any input.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::{Position, Profile, Solver};
    ///
    /// let big: Position = "BNBPRKQK.QP.NRKK".parse()?;
    /// let mut solver = Solver::new(Profile::Codegolf).with_node_limit(Some(10_000));
    /// assert!(solver.try_count(&big).is_err());
    /// let small: Position = "...N.....R....B.".parse()?;
    /// assert_eq!(solver.try_count(&small), Ok(1));
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_node_limit(mut self, limit: Option<u64>) -> Solver {
        self.node_limit = limit;
        self
    }

    /// Run `search` under the node limit.
    fn limited<T>(&mut self, search: impl FnOnce(&mut Solver) -> T) -> Result<T, Interrupted> {
        self.within(self.node_limit, search)
    }

    /// Run `search` with at most `limit` positions searched (`None`: no
    /// limit), whatever the solver's own limit.
    pub(crate) fn within<T>(
        &mut self,
        limit: Option<u64>,
        search: impl FnOnce(&mut Solver) -> T,
    ) -> Result<T, Interrupted> {
        let start = self.nodes;
        self.stop_at = limit.map_or(u64::MAX, |l| start.saturating_add(l));
        self.pause_at = self.stop_at.min(self.next_report());
        self.cut = false;
        let result = search(self);
        let stopped = self.cut;
        self.stop_at = u64::MAX;
        self.pause_at = u64::MAX;
        self.cut = false;
        if stopped {
            Err(Interrupted {
                nodes: self.nodes - start,
            })
        } else {
            Ok(result)
        }
    }

    /// [`Solver::count`] under the node limit.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] if the limit is reached first.
    pub fn try_count(&mut self, pos: &Position) -> Result<u128, Interrupted> {
        self.limited(|s| s.count_rec(pos, &mut Quiet))
    }

    /// [`Solver::try_count`], calling `watch` every `every` positions
    /// searched (at least 1) with how far it has come: for a caller that
    /// shows the progress of a long count. The count, the positions
    /// searched and the table are those of [`Solver::try_count`].
    ///
    /// # Errors
    ///
    /// [`Interrupted`] if the node limit is reached first.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::{Position, Profile, Solver};
    ///
    /// let pos: Position = ".NR.B...N..B..P.".parse()?;
    /// let mut solver = Solver::new(Profile::Codegolf);
    /// let mut reports = Vec::new();
    /// let count = solver.try_count_watched(&pos, 10, |p| reports.push(*p));
    /// assert_eq!(count, Ok(204));
    /// assert!(!reports.is_empty());
    /// assert!(reports.iter().all(|p| p.first.at >= 1 && p.first.at <= p.first.of));
    /// assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
    /// # Ok::<(), asalto_solitaire::format::ParseError>(())
    /// ```
    pub fn try_count_watched(
        &mut self,
        pos: &Position,
        every: u64,
        mut watch: impl FnMut(&Progress),
    ) -> Result<u128, Interrupted> {
        self.watch = WatchState {
            start: self.nodes,
            every: every.max(1),
            root_pieces: pos.occupied().0.count_ones(),
            ..WatchState::default()
        };
        let result = self.limited(|s| s.count_rec(pos, &mut watch));
        self.watch = WatchState::default();
        result
    }

    /// The node count at which the next progress report is due (never, when
    /// no count is watched).
    fn next_report(&self) -> u64 {
        if self.watch.every == 0 {
            u64::MAX
        } else {
            self.nodes.saturating_add(self.watch.every)
        }
    }

    /// Where the watched count stands.
    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes - self.watch.start,
            stored: self.table.len(),
            table_bytes: self.table.slots() * SLOT_BYTES,
            max_table_bytes: self.max_table_bytes(),
            evictions: self.table.evictions(),
            first: self.watch.first,
            second: self.watch.second,
        }
    }

    /// [`Solver::solve`] under the node limit.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] if the limit is reached first.
    pub fn try_solve(&mut self, pos: &Position) -> Result<Option<Vec<Capture>>, Interrupted> {
        self.limited(|s| s.solve(pos))
    }

    /// [`Solver::count_up_to_two`] under the node limit.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] if the limit is reached first.
    pub fn try_count_up_to_two(&mut self, pos: &Position) -> Result<u8, Interrupted> {
        self.limited(|s| s.count_up_to_two(pos))
    }

    /// Forget every stored count: the table shrinks back to its first
    /// small size.
    pub fn clear(&mut self) {
        let max = self.max_slots;
        self.table = Table::new(max);
        self.capped = Table::new(max);
    }

    /// The profile it solves under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Positions searched so far (table hits excluded): a measure of work.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// How many entries the table replaced at its cap (forgotten counts,
    /// computed again if needed).
    pub fn table_evictions(&self) -> u64 {
        self.table.evictions() + self.capped.evictions()
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
        self.count_rec(pos, &mut Quiet)
    }

    fn count_rec<W: Watch>(&mut self, pos: &Position, watch: &mut W) -> u128 {
        let occupied = pos.occupied().0;
        let pieces = occupied.count_ones();
        match pieces {
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
        if self.nodes >= self.pause_at {
            if self.nodes >= self.stop_at {
                self.cut = true;
                return 0;
            }
            // A report is due (only a watched count pauses before its stop).
            watch.report(&self.progress());
            self.pause_at = self.stop_at.min(self.next_report());
        }
        self.nodes += 1;
        // The first two levels of a watched count say where it is.
        let level = if W::ON {
            self.watch.root_pieces.saturating_sub(pieces)
        } else {
            2
        };
        let mut branch = Branch {
            at: 0,
            of: if level < 2 {
                pos.capture_count(self.profile)
            } else {
                0
            },
        };
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
                    if level < 2 {
                        branch.at += 1;
                        if level == 0 {
                            self.watch.first = branch;
                            self.watch.second = Branch::default();
                        } else {
                            self.watch.second = branch;
                        }
                    }
                    total += self.count_rec(&pos.play_kind(kind, from, to), watch);
                }
            }
        }
        // A count cut short by the limit is wrong: it is not stored.
        if !self.cut {
            self.table.insert(key, total);
        }
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
        if self.nodes >= self.stop_at {
            self.cut = true;
            return 0;
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
        if !self.cut {
            self.capped.insert(key, u128::from(total));
        }
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
        if self.nodes >= self.stop_at {
            self.cut = true;
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
        if pos.len() > 2 && !self.cut {
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
