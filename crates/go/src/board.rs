//! The board: stones, and their groups kept up to date move by move.
//!
//! Every stone knows its group's head (`head`), the group's stones form a
//! ring (`next`), and the head holds the stone count and the group's
//! *pseudo-liberties*: the number of (stone, empty neighbour) pairs. A point
//! next to three stones of a group counts three times, so the number is not
//! the liberty count, but it is zero exactly when the group has no liberty,
//! which is all capture and suicide need, and it updates in O(1) per
//! neighbour. Merging relabels the smaller group; a capture walks the
//! captured ring. Nothing allocates.

use crate::illegal::IllegalMoveKind;
use crate::point::{CELLS, Point, STRIDE, Size};
use crate::rows::{Rows, Runs};
use crate::side::{BySide, Side};
use crate::zobrist::KEYS;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const EDGE: u8 = 3;

pub(crate) const fn cell_code(side: Side) -> u8 {
    cell_of(side)
}

const fn cell_of(side: Side) -> u8 {
    match side {
        Side::Black => BLACK,
        Side::White => WHITE,
    }
}

/// The four neighbours in the padded grid: up, left, right, down.
#[inline]
pub(crate) const fn neighbours(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

/// Cell 0 of the padded grid: an edge cell, so never a stone. Every cell
/// without a stone has it as its `head`, and its `libs` entry is 1 and
/// never changes, so the neighbour loops of [`Board::place`] and
/// [`Board::remove_group`] update "the neighbour's group" without first
/// asking whether the neighbour is a stone: for an empty or edge cell they
/// touch this entry by zero, and it never reads as a group without
/// liberties. Branches on random neighbour colours are what a move costs.
const NO_GROUP: usize = 0;

thread_local! {
    /// This thread's spare board (see [`Board::new_boxed`]).
    static SPARE: std::cell::Cell<Option<Box<Board>>> = const { std::cell::Cell::new(None) };
}

/// Stones on a square board of 1..=25 points a side.
#[derive(Clone)]
pub struct Board {
    size: Size,
    cell: [u8; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    libs: [u16; CELLS],
    count: [u16; CELLS],
    hash: u64,
    stones: BySide<u16>,
}

/// What a stone on an empty point would do, worked out without playing it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    /// Heads of the opponent groups it captures (distinct; `ncap` used).
    captured: [u16; 4],
    ncap: u8,
    /// Stones it captures.
    pub(crate) captured_stones: u32,
    /// Whether its group has a liberty once the captures are made.
    pub(crate) has_liberty: bool,
}

/// What a placed stone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Placed {
    /// Opponent stones captured.
    pub captured: u32,
    /// The mover's own stones removed (suicide, where allowed).
    pub suicided: u32,
}

/// Points owned under area scoring: a stone's colour, or the colour that is
/// alone in touching an empty region.
#[derive(Clone)]
pub struct Territory {
    size: Size,
    owner: [u8; CELLS],
}

impl Territory {
    /// The owner of a point: the colour of the stone on it, or of the only
    /// colour its empty region touches; `None` for a region touching both
    /// colours or none (dame).
    pub fn owner(&self, p: Point) -> Option<Side> {
        side_of(self.owner[p.index()])
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }
}

/// Area scores: stones plus empty points owned, per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AreaScore {
    /// Black's stones and empty points.
    pub black: u32,
    /// White's stones and empty points.
    pub white: u32,
}

impl AreaScore {
    /// The score of a colour.
    pub fn of(self, side: Side) -> u32 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// Black's margin after komi (positive: Black wins).
    pub fn margin(self, komi: f64) -> f64 {
        f64::from(self.black) - f64::from(self.white) - komi
    }
}

pub(crate) const fn side_of(cell: u8) -> Option<Side> {
    match cell {
        BLACK => Some(Side::Black),
        WHITE => Some(Side::White),
        _ => None,
    }
}

impl Board {
    /// The empty board of `size`.
    pub fn new(size: Size) -> Board {
        let mut cell = [EDGE; CELLS];
        let n = usize::from(size.get());
        for row in 0..n {
            let first = (row + 1) * STRIDE + 1;
            cell[first..first + n].fill(EMPTY);
        }
        let mut libs = [0; CELLS];
        libs[NO_GROUP] = 1;
        Board {
            size,
            cell,
            head: [NO_GROUP as u16; CELLS],
            next: [0; CELLS],
            libs,
            count: [0; CELLS],
            hash: 0,
            stones: BySide::default(),
        }
    }

    /// An empty board of `size` in a box: the one this thread gave back
    /// last ([`Board::give_back`]), cleared, when there is one. A replay
    /// starts on a new board for each record of a collection: clearing a
    /// used one writes its cells and heads (2 KB), where a new one writes
    /// 6.6 KB, copies them into the box and allocates it.
    pub(crate) fn new_boxed(size: Size) -> Box<Board> {
        match SPARE.take() {
            Some(mut board) => {
                board.clear(size);
                board
            }
            None => Box::new(Board::new(size)),
        }
    }

    /// Keeps a board that is no longer needed for this thread's next
    /// [`Board::new_boxed`].
    pub(crate) fn give_back(board: Box<Board>) {
        SPARE.set(Some(board));
    }

    /// Makes this the empty board of `size`, as [`Board::new`] makes it
    /// but for `next`, `libs` and `count` away from `NO_GROUP`: they are
    /// read only at a stone (or the head of its group), and placing a
    /// stone writes them first.
    fn clear(&mut self, size: Size) {
        self.cell.fill(EDGE);
        let n = usize::from(size.get());
        for row in 0..n {
            let first = (row + 1) * STRIDE + 1;
            self.cell[first..first + n].fill(EMPTY);
        }
        self.head.fill(NO_GROUP as u16);
        self.libs[NO_GROUP] = 1;
        self.size = size;
        self.hash = 0;
        self.stones = BySide::default();
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The stone on a point, if any (`None` off the board too).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Side> {
        side_of(self.cell[p.index()])
    }

    /// Whether a point is on the board and empty.
    #[inline]
    pub fn is_empty_point(&self, p: Point) -> bool {
        self.cell[p.index()] == EMPTY
    }

    /// Stones of a colour on the board.
    pub fn stone_count(&self, side: Side) -> u32 {
        u32::from(self.stones[side])
    }

    /// The Zobrist hash of the stones (not of the side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The on-board neighbours of a point.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        neighbours(p.index())
            .into_iter()
            .filter(|&q| self.cell[q] != EDGE)
            .map(Point::from_index)
    }

    /// The stones of the group on `p` (empty if `p` holds no stone).
    pub fn group(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        if self.get(p).is_some() {
            let start = p.index();
            let mut s = start;
            loop {
                out.push(Point::from_index(s));
                s = usize::from(self.next[s]);
                if s == start {
                    break;
                }
            }
        }
        out
    }

    /// The number of distinct liberties of the group on `p` (0 for an empty
    /// point).
    pub fn liberties(&self, p: Point) -> u32 {
        let mut seen = [false; CELLS];
        let mut n = 0;
        for s in self.group(p) {
            for q in neighbours(s.index()) {
                if self.cell[q] == EMPTY && !seen[q] {
                    seen[q] = true;
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether a neighbour of `p` is an empty point.
    #[inline]
    pub(crate) fn has_empty_neighbour(&self, p: Point) -> bool {
        let i = p.index();
        // `|`, not `||`: four loads and no branch on random colours (and
        // no `array::map`, which the optimiser does not always inline).
        (self.cell[i - STRIDE] == EMPTY)
            | (self.cell[i - 1] == EMPTY)
            | (self.cell[i + 1] == EMPTY)
            | (self.cell[i + STRIDE] == EMPTY)
    }

    /// Why no stone can go on `p`: off the board (an edge cell of the
    /// padded grid: every point past the size is one) or occupied.
    #[inline]
    pub(crate) fn why_not_empty(&self, p: Point) -> Option<IllegalMoveKind> {
        match self.cell[p.index()] {
            EMPTY => None,
            EDGE => Some(IllegalMoveKind::OffBoard),
            _ => Some(IllegalMoveKind::Occupied),
        }
    }

    /// Whether the stone on `p` stands alone with exactly one liberty (the
    /// shape of a stone that just took a ko).
    #[inline]
    pub(crate) fn is_lone_stone_in_atari(&self, p: Point) -> bool {
        let i = p.index();
        self.count[usize::from(self.head[i])] == 1
            && neighbours(i)
                .iter()
                .filter(|&&q| self.cell[q] == EMPTY)
                .count()
                == 1
    }

    /// Whether some group has no liberty (a position no legal move leaves,
    /// but setup properties can).
    pub fn has_group_without_liberty(&self) -> bool {
        self.size.points().any(|p| {
            self.cell[p.index()] != EMPTY && self.libs[usize::from(self.head[p.index()])] == 0
        })
    }

    /// Puts or removes stones (setup), then rebuilds the groups. Captures are
    /// not made: setup may leave a group without liberties.
    pub fn set(&mut self, p: Point, stone: Option<Side>) {
        self.set_deferred(p, stone);
        self.rebuild();
    }

    /// [`Board::set`] without the rebuild: the groups are stale until
    /// [`Board::finish_setup`]. A node's setup stones come together.
    pub(crate) fn set_deferred(&mut self, p: Point, stone: Option<Side>) {
        if !self.size.contains(p) {
            return;
        }
        let old = self.cell[p.index()];
        if let Some(side) = side_of(old) {
            self.stones[side] -= 1;
            self.hash ^= KEYS[side.index()][p.index()];
        }
        self.cell[p.index()] = stone.map_or(EMPTY, cell_of);
        if let Some(side) = stone {
            self.stones[side] += 1;
            self.hash ^= KEYS[side.index()][p.index()];
        }
    }

    /// Rebuilds the groups after [`Board::set_deferred`].
    pub(crate) fn finish_setup(&mut self) {
        self.rebuild();
    }

    /// Recomputes every group from the cells, by flood fill with a fixed
    /// stack. A stone whose `head` is set is in a group found already
    /// (no stone is cell 0, `NO_GROUP`). Setup is mostly a few handicap
    /// stones on an empty board: rows are read eight empty cells at a
    /// time.
    fn rebuild(&mut self) {
        const NONE: u16 = NO_GROUP as u16;
        self.head.fill(NONE);
        self.libs[NO_GROUP] = 1;
        let mut stack = [0u16; CELLS];
        let n = usize::from(self.size.get());
        for row in 0..n {
            let first = (row + 1) * STRIDE + 1;
            let (mut start, end) = (first, first + n);
            while start < end {
                if start + 8 <= end && self.cell[start..start + 8] == [EMPTY; 8] {
                    start += 8;
                    continue;
                }
                let colour = self.cell[start];
                if colour == EMPTY || self.head[start] != NONE {
                    start += 1;
                    continue;
                }
                self.head[start] = start as u16;
                let mut top = 1;
                stack[0] = start as u16;
                let mut prev = start;
                let mut count = 0u16;
                let mut libs = 0u16;
                while top > 0 {
                    top -= 1;
                    let s = usize::from(stack[top]);
                    count += 1;
                    if s != start {
                        self.next[prev] = s as u16;
                        prev = s;
                    }
                    for q in neighbours(s) {
                        if self.cell[q] == EMPTY {
                            libs += 1;
                        } else if self.cell[q] == colour && self.head[q] == NONE {
                            self.head[q] = start as u16;
                            stack[top] = q as u16;
                            top += 1;
                        }
                    }
                }
                self.next[prev] = start as u16;
                self.count[start] = count;
                self.libs[start] = libs;
                start += 1;
            }
        }
    }

    /// What a `side` stone on the empty point `p` would do. Reads each
    /// neighbour once; a group touching `p` at several points is judged
    /// once, with all its contacts counted.
    #[inline]
    pub(crate) fn probe(&self, side: Side, p: Point) -> Probe {
        let me = cell_of(side);
        let nb = neighbours(p.index());
        let mut cells = [EDGE; 4];
        let mut heads = [u16::MAX; 4];
        for k in 0..4 {
            cells[k] = self.cell[nb[k]];
            if cells[k] == BLACK || cells[k] == WHITE {
                heads[k] = self.head[nb[k]];
            }
        }
        let mut probe = Probe {
            captured: [0; 4],
            ncap: 0,
            captured_stones: 0,
            has_liberty: false,
        };
        for k in 0..4 {
            let c = cells[k];
            if c == EMPTY {
                probe.has_liberty = true;
                continue;
            }
            let h = heads[k];
            if h == u16::MAX || heads[..k].contains(&h) {
                continue;
            }
            // Pseudo-liberties this group loses when `p` is filled.
            let touching = heads.iter().filter(|&&x| x == h).count() as u16;
            let left = self.libs[usize::from(h)] - touching;
            if c == me {
                probe.has_liberty |= left > 0;
            } else if left == 0 {
                probe.captured[usize::from(probe.ncap)] = h;
                probe.ncap += 1;
                probe.captured_stones += u32::from(self.count[usize::from(h)]);
            }
        }
        probe
    }

    /// Whether the probed stone would be suicide (no liberty, no capture).
    pub(crate) fn is_suicide(probe: &Probe) -> bool {
        !probe.has_liberty && probe.captured_stones == 0
    }

    /// The hash after the probed stone is placed and captures (and, for a
    /// suicide, the removal of its own group) are made.
    pub(crate) fn hash_after(&self, side: Side, p: Point, probe: &Probe) -> u64 {
        let mut h = self.hash;
        if !Board::is_suicide(probe) {
            h ^= KEYS[side.index()][p.index()];
        }
        self.for_each_removed(side, p, probe, |s, colour| h ^= KEYS[colour.index()][s]);
        h
    }

    /// The hash after a `side` stone on `p` that captures nothing and is
    /// no suicide.
    #[inline]
    pub(crate) fn hash_placed(&self, side: Side, p: Point) -> u64 {
        self.hash ^ KEYS[side.index()][p.index()]
    }

    /// Every stone already on the board that the probed stone removes,
    /// with its colour, once each: the opponent groups it captures, and
    /// for a suicide the groups of its colour it touches (the new stone
    /// goes too).
    pub(crate) fn for_each_removed(
        &self,
        side: Side,
        p: Point,
        probe: &Probe,
        mut f: impl FnMut(usize, Side),
    ) {
        for &g in &probe.captured[..usize::from(probe.ncap)] {
            self.for_each_in_ring(usize::from(g), |s| f(s, !side));
        }
        if Board::is_suicide(probe) {
            let me = cell_of(side);
            let mut heads = [u16::MAX; 4];
            for (k, q) in neighbours(p.index()).into_iter().enumerate() {
                if self.cell[q] == me && !heads.contains(&self.head[q]) {
                    heads[k] = self.head[q];
                    self.for_each_in_ring(usize::from(self.head[q]), |s| f(s, side));
                }
            }
        }
    }

    #[inline]
    fn for_each_in_ring(&self, start: usize, mut f: impl FnMut(usize)) {
        let mut s = start;
        loop {
            f(s);
            s = usize::from(self.next[s]);
            if s == start {
                break;
            }
        }
    }

    /// Places a `side` stone on the empty point `p`: captures opponent groups
    /// left without liberties, then removes its own group if it has none
    /// (the caller has refused suicide where the rules do). `captured` sees
    /// every removed opponent stone.
    ///
    /// Each neighbour's colour and group are read once. Most stones touch
    /// no stone of their colour and capture nothing: they become a group
    /// of one with a few stores and a single well-predicted branch.
    #[inline]
    pub(crate) fn place(&mut self, side: Side, p: Point, captured: impl FnMut(Point)) -> Placed {
        // Never `None`: only `place_unless_suicide` refuses a stone.
        self.place_or_refuse::<false, false>(side, p, captured)
            .unwrap_or_default()
    }

    /// [`Board::place`] where suicide is illegal: a stone that would be
    /// suicide is taken back (nothing changes) and `None` is returned.
    /// The legality test costs no probe of its own: the counts `place`
    /// keeps say it once the neighbours' groups have lost the point.
    #[inline]
    pub(crate) fn place_unless_suicide(
        &mut self,
        side: Side,
        p: Point,
        captured: impl FnMut(Point),
    ) -> Option<Placed> {
        self.place_or_refuse::<true, false>(side, p, captured)
    }

    /// [`Board::place`] for a stone that neither captures nor is suicide
    /// (the one kind of move that cannot repeat a position when the board
    /// already has more stones than it ever had): any other is taken back
    /// (nothing changes, and `captured` is not called) and `None` is
    /// returned. The test costs nothing beyond what `place` computes.
    #[inline]
    pub(crate) fn place_unless_capture_or_suicide(
        &mut self,
        side: Side,
        p: Point,
    ) -> Option<Placed> {
        self.place_or_refuse::<true, true>(side, p, |_| {})
    }

    #[inline(always)]
    fn place_or_refuse<const REFUSE_SUICIDE: bool, const REFUSE_CAPTURE: bool>(
        &mut self,
        side: Side,
        p: Point,
        mut captured: impl FnMut(Point),
    ) -> Option<Placed> {
        let me = cell_of(side);
        let them = me ^ (BLACK ^ WHITE);
        let i = p.index();
        debug_assert_eq!(self.cell[i], EMPTY);
        let nb = neighbours(i);
        let cells = [
            self.cell[nb[0]],
            self.cell[nb[1]],
            self.cell[nb[2]],
            self.cell[nb[3]],
        ];
        let heads = [
            usize::from(self.head[nb[0]]),
            usize::from(self.head[nb[1]]),
            usize::from(self.head[nb[2]]),
            usize::from(self.head[nb[3]]),
        ];
        self.cell[i] = me;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.count[i] = 1;
        self.stones[side] += 1;
        self.hash ^= KEYS[side.index()][i];
        let mut own_libs = 0;
        // Bit `k`: neighbour `k` holds a stone of the mover's colour.
        let mut friends = 0u32;
        for k in 0..4 {
            own_libs += u16::from(cells[k] == EMPTY);
            friends |= u32::from(cells[k] == me) << k;
            // A stone's group loses the pseudo-liberty `p`; `NO_GROUP`
            // loses nothing.
            self.libs[heads[k]] -= u16::from(heads[k] != NO_GROUP);
        }
        self.libs[i] = own_libs;
        // Only an opponent group's head can reach zero (`NO_GROUP` keeps
        // 1, and the mover's groups are not captured).
        let mut dying = false;
        // Whether a friendly group keeps a liberty besides `p`.
        let mut friend_lives = false;
        for k in 0..4 {
            let libs = self.libs[heads[k]];
            dying |= (cells[k] == them) & (libs == 0);
            friend_lives |= (cells[k] == me) & (libs > 0);
        }
        // Suicide: no liberty of its own, none through a friend, no
        // capture. Computed without a branch on the neighbours' colours;
        // the one branch is on the rare answer.
        let suicide = (own_libs == 0) & !dying & !friend_lives;
        if (REFUSE_SUICIDE && suicide) || (REFUSE_CAPTURE && dying) {
            for h in heads {
                self.libs[h] += u16::from(h != NO_GROUP);
            }
            self.cell[i] = EMPTY;
            self.head[i] = NO_GROUP as u16;
            self.stones[side] -= 1;
            self.hash ^= KEYS[side.index()][i];
            return None;
        }
        if friends == 0 && !dying && own_libs > 0 {
            return Some(Placed::default());
        }
        if friends != 0 {
            // The stone joins its first friend's group: a stone added to
            // its ring, where a merge would also walk the smaller group.
            let h = heads[friends.trailing_zeros() as usize];
            self.head[i] = h as u16;
            self.next[i] = self.next[h];
            self.next[h] = i as u16;
            self.count[h] += 1;
            self.libs[h] += own_libs;
            // The other friends, most often none: only the bits set are
            // visited, so there is no branch per neighbour on its colour.
            let mut rest = friends & (friends - 1);
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // Heads are read again: a merge relabels the smaller group.
                let (hk, hi) = (usize::from(self.head[nb[k]]), usize::from(self.head[i]));
                if hk != hi {
                    self.merge(hk, hi);
                }
            }
        }
        let mut placed = Placed::default();
        if dying {
            for k in 0..4 {
                // A group captured through an earlier neighbour is gone
                // from the cells already.
                if cells[k] == them && self.libs[heads[k]] == 0 && self.cell[nb[k]] == them {
                    placed.captured += self.remove_group(heads[k], &mut captured);
                }
            }
        }
        let h = usize::from(self.head[i]);
        if self.libs[h] == 0 {
            placed.suicided = self.remove_group(h, |_| {});
        }
        Some(placed)
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.count[a] >= self.count[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.count[big] += self.count[small];
        self.libs[big] += self.libs[small];
    }

    fn remove_group(&mut self, h: usize, mut removed: impl FnMut(Point)) -> u32 {
        let colour = self.cell[h];
        let side = side_of(colour).expect("a group head holds a stone");
        let mut n = 0;
        let mut s = h;
        loop {
            self.cell[s] = EMPTY;
            self.head[s] = NO_GROUP as u16;
            self.hash ^= KEYS[side.index()][s];
            removed(Point::from_index(s));
            n += 1;
            for t in neighbours(s) {
                let ht = usize::from(self.head[t]);
                self.libs[ht] += u16::from(ht != h && ht != NO_GROUP);
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        // Stones of the group further on the ring are still marked with the
        // head `h`; stones already removed have `NO_GROUP`, so each
        // remaining neighbour stone got exactly one liberty per adjacency.
        self.stones[side] -= n as u16;
        n
    }

    /// Who owns each point under area scoring.
    pub fn territory(&self) -> Territory {
        let mut owner = [EMPTY; CELLS];
        let mut done = [false; CELLS];
        let mut stack = [0u16; CELLS];
        let mut region = [0u16; CELLS];
        for p in self.size.points() {
            let start = p.index();
            let c = self.cell[start];
            if c != EMPTY {
                owner[start] = c;
                continue;
            }
            if done[start] {
                continue;
            }
            done[start] = true;
            stack[0] = start as u16;
            let mut top = 1;
            let mut len = 0;
            let mut touches = 0u8;
            while top > 0 {
                top -= 1;
                let s = usize::from(stack[top]);
                region[len] = s as u16;
                len += 1;
                for q in neighbours(s) {
                    match self.cell[q] {
                        EMPTY if !done[q] => {
                            done[q] = true;
                            stack[top] = q as u16;
                            top += 1;
                        }
                        BLACK => touches |= 1,
                        WHITE => touches |= 2,
                        _ => {}
                    }
                }
            }
            let who = match touches {
                1 => BLACK,
                2 => WHITE,
                _ => EMPTY,
            };
            for &s in &region[..len] {
                owner[usize::from(s)] = who;
            }
        }
        Territory {
            size: self.size,
            owner,
        }
    }

    /// Area score: stones plus the empty regions touching only that colour.
    /// An empty point counts for Black when its region reaches a black
    /// stone and no white one: the empty points reaching each colour are
    /// found as row bitsets (see [`Rows`]), a few hundred word operations
    /// where a flood fill would branch on every neighbour of every point.
    /// [`Board::territory`] gives the same owners point by point.
    pub fn area_score(&self) -> AreaScore {
        let n = usize::from(self.size.get());
        let (mut empty, mut black, mut white) = (Rows::EMPTY, Rows::EMPTY, Rows::EMPTY);
        for row in 0..n {
            let [e, b, w] = self.row_bits(row);
            empty.set_row(row, e);
            black.set_row(row, b);
            white.set_row(row, w);
        }
        let runs = Runs::new(&empty, n);
        let [reach_black, reach_white] = Rows::fill_two_within(
            [
                black.neighbours_within(&empty, n),
                white.neighbours_within(&empty, n),
            ],
            &runs,
            n,
        );
        AreaScore {
            black: u32::from(self.stones.black) + reach_black.minus(&reach_white).len(),
            white: u32::from(self.stones.white) + reach_white.minus(&reach_black).len(),
        }
    }

    /// The empty points, black stones and white stones of a row (0 at
    /// the top) as bits (bit `c`: column `c`), read eight cells at a time:
    /// on the board a cell is 0, 1 or 2, so its low bit says black, its
    /// second bit white, and neither empty; one multiplication gathers
    /// the eight low bits of a word's bytes into its top byte.
    #[inline]
    fn row_bits(&self, row: usize) -> [u32; 3] {
        const LOW: u64 = 0x0101_0101_0101_0101;
        // Byte `j`'s low bit lands on bit 56 + j, and no other product
        // of the two reaches the top byte or carries into it.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let n = usize::from(self.size.get());
        let first = (row + 1) * STRIDE + 1;
        let [mut e, mut b, mut w] = [0u32; 3];
        for k in 0..n.div_ceil(8) {
            // In bounds: the last row's last word ends at most at
            // 25 * STRIDE + 33 < CELLS.
            let at = first + 8 * k;
            let mut word = [0u8; 8];
            word.copy_from_slice(&self.cell[at..at + 8]);
            let x = u64::from_le_bytes(word);
            let gather = |bits: u64| ((bits.wrapping_mul(GATHER) >> 56) as u32) << (8 * k);
            b |= gather(x & LOW);
            w |= gather((x >> 1) & LOW);
            e |= gather(!(x | (x >> 1)) & LOW);
        }
        // Cells past the row's end (its edge, the next row) are dropped.
        let full = (1u32 << n) - 1;
        [e & full, b & full, w & full]
    }

    /// The board as text, row by row from the top left: `.` empty, `b`
    /// black, `w` white (the grading driver's BOARD field on 19x19).
    pub fn grid_string(&self) -> String {
        self.size
            .points()
            .map(|p| self.get(p).map_or('.', Side::seed_cell))
            .collect()
    }

    /// The board of a grid string (`.`/`-` empty, `b`/`B`, `w`/`W`), whose
    /// length is a square of 1..=25.
    pub fn from_grid_string(s: &str) -> Option<Board> {
        let n = (1..=25u8).find(|&n| usize::from(n) * usize::from(n) == s.len())?;
        let size = Size::new(n)?;
        let mut board = Board::new(size);
        for (p, c) in size.points().zip(s.bytes()) {
            let stone = match c {
                b'.' | b'-' => None,
                _ => Some(Side::from_letter(c)?),
            };
            if let Some(side) = stone {
                board.cell[p.index()] = cell_of(side);
                board.stones[side] += 1;
                board.hash ^= KEYS[side.index()][p.index()];
            }
        }
        board.rebuild();
        Some(board)
    }

    /// Every point with its stone.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Side)> + '_ {
        self.size
            .points()
            .filter_map(|p| self.get(p).map(|s| (p, s)))
    }

    /// Whether `p` is an empty point all of whose on-board neighbours are
    /// stones of `side` in groups with more than one liberty: an eye a
    /// random player should not fill.
    pub fn is_eye_of(&self, side: Side, p: Point) -> bool {
        let me = cell_of(side);
        let i = p.index();
        if self.cell[i] != EMPTY {
            return false;
        }
        for q in neighbours(i) {
            let c = self.cell[q];
            if c == EDGE {
                continue;
            }
            if c != me {
                return false;
            }
            // Filling the eye would leave a group in atari-or-worse if the
            // group's only liberty were this point.
            let h = usize::from(self.head[q]);
            let touching = neighbours(i)
                .iter()
                .filter(|&&r| self.cell[r] == me && usize::from(self.head[r]) == h)
                .count() as u16;
            if self.libs[h] <= touching {
                return false;
            }
        }
        // A false eye: two or more diagonal points (one on the edge) held
        // by the opponent.
        let diagonals = [
            i - STRIDE - 1,
            i - STRIDE + 1,
            i + STRIDE - 1,
            i + STRIDE + 1,
        ];
        let mut edge = false;
        let mut bad = 0;
        for d in diagonals {
            match self.cell[d] {
                EDGE => edge = true,
                c if c != me && c != EMPTY => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    // What dead-stone judgement (`score`) asks of a board.

    /// The cell code (`EMPTY`, `BLACK`, `WHITE`, `EDGE`) of a padded-grid
    /// index.
    #[inline]
    pub(crate) fn cell_code_at(&self, i: usize) -> u8 {
        self.cell[i]
    }

    /// The single liberty of the group on `p`, if it has exactly one
    /// distinct liberty (a group in atari); `None` for an empty point.
    pub(crate) fn lone_liberty(&self, p: Point) -> Option<Point> {
        let i = p.index();
        side_of(self.cell[i])?;
        let h = usize::from(self.head[i]);
        if self.libs[h] == 0 {
            return None;
        }
        let mut found = NO_GROUP;
        let mut s = h;
        loop {
            for q in neighbours(s) {
                if self.cell[q] == EMPTY {
                    if found == NO_GROUP {
                        found = q;
                    } else if found != q {
                        return None;
                    }
                }
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        (found != NO_GROUP).then(|| Point::from_index(found))
    }

    /// The first `N` distinct liberties of the group on `p` (cell
    /// indices, `NO_GROUP`-padded) and how many it has, capped at `N + 1`
    /// (more than `N`: the walk stops). An empty point has none.
    pub(crate) fn liberties_upto<const N: usize>(&self, p: Point) -> ([usize; N], usize) {
        let mut found = [NO_GROUP; N];
        let mut n = 0;
        let i = p.index();
        if side_of(self.cell[i]).is_none() {
            return (found, 0);
        }
        let h = usize::from(self.head[i]);
        let mut s = h;
        loop {
            for q in neighbours(s) {
                if self.cell[q] == EMPTY && !found[..n].contains(&q) {
                    if n == N {
                        return (found, N + 1);
                    }
                    found[n] = q;
                    n += 1;
                }
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        (found, n)
    }

    /// The liberties a `side` stone on the empty point `p` would have,
    /// with the groups of its colour it joins, capped at 3; a stone that
    /// captures counts 3 (its captures free points).
    pub(crate) fn liberties_after(&self, side: Side, p: Point) -> u32 {
        self.joined_group::<3>(side, p)
            .map_or(3, |(libs, _)| libs as u32)
    }

    /// Whether a `side` stone on the empty point `p` would be a self-atari:
    /// it captures nothing and leaves the group it forms (with the groups
    /// of its colour it joins) at most one liberty. Returns that group's
    /// stone count when it would. A stone with two empty neighbours is
    /// answered without walking any group.
    pub(crate) fn self_atari(&self, side: Side, p: Point) -> Option<u32> {
        self.joined_group::<2>(side, p).map(|(_, stones)| stones)
    }

    /// The group a `side` stone on the empty point `p` would form with the
    /// groups of its colour it joins: its liberties and its stones, or
    /// `None` when it would have `CAP` liberties or more, or capture. The
    /// stone's own empty neighbours are counted first, and the capture
    /// test and the walk of the joined groups made only when those are
    /// fewer than `CAP` (the playouts ask this of most points they try).
    fn joined_group<const CAP: usize>(&self, side: Side, p: Point) -> Option<(usize, u32)> {
        let i = p.index();
        let me = cell_of(side);
        let nb = neighbours(i);
        let mut libs = [NO_GROUP; CAP];
        let mut n = 0;
        for q in nb {
            if self.cell[q] == EMPTY {
                libs[n] = q;
                n += 1;
                if n == CAP {
                    return None;
                }
            }
        }
        if self.would_capture(side, p) {
            return None;
        }
        let mut heads = [NO_GROUP; 4];
        let mut stones = 1u32;
        for (k, q) in nb.into_iter().enumerate() {
            if self.cell[q] != me {
                continue;
            }
            let h = usize::from(self.head[q]);
            if heads.contains(&h) {
                continue;
            }
            heads[k] = h;
            stones += u32::from(self.count[h]);
            let mut s = h;
            loop {
                for r in neighbours(s) {
                    if self.cell[r] == EMPTY && r != i && !libs[..n].contains(&r) {
                        libs[n] = r;
                        n += 1;
                        if n == CAP {
                            return None;
                        }
                    }
                }
                s = usize::from(self.next[s]);
                if s == h {
                    break;
                }
            }
        }
        Some((n, stones))
    }

    /// Whether both boards hold the same stones.
    pub(crate) fn cells_equal(&self, other: &Board) -> bool {
        self.size == other.size && self.cell == other.cell
    }

    // What positional superko asks of a board (see `history::History`).

    /// Stones of both colours.
    #[inline]
    pub(crate) fn stones_total(&self) -> u32 {
        u32::from(self.stones[Side::Black]) + u32::from(self.stones[Side::White])
    }

    /// Appends the cell codes (`EMPTY`, `BLACK`, `WHITE`) of the board's
    /// points, row by row: `size * size` bytes.
    pub(crate) fn push_rows(&self, out: &mut Vec<u8>) {
        let n = usize::from(self.size.get());
        out.reserve(n * n);
        for row in 0..n {
            out.extend_from_slice(&self.cell[self.size.row_cells(row)]);
        }
    }

    /// Whether the board's points hold what `cells` holds there.
    pub(crate) fn cells_equal_to(&self, cells: &[u8; CELLS]) -> bool {
        self.size.rows_equal(&self.cell, cells)
    }

    /// Whether a `side` stone on the empty point `p` would capture: some
    /// opponent group touching `p` has no pseudo-liberty but its contacts
    /// with `p`. Cheaper than [`Board::probe`]: no capture list.
    #[inline]
    pub(crate) fn would_capture(&self, side: Side, p: Point) -> bool {
        let them = cell_of(!side);
        let nb = neighbours(p.index());
        let heads = nb.map(|q| self.head[q]);
        let mut captures = false;
        for k in 0..4 {
            let touching = heads.iter().filter(|&&h| h == heads[k]).count() as u16;
            captures |= (self.cell[nb[k]] == them) & (self.libs[usize::from(heads[k])] == touching);
        }
        captures
    }

    /// Whether the board after the probed stone (captures made, and for a
    /// suicide its own group removed) holds what `cells` holds.
    pub(crate) fn equal_after(
        &self,
        side: Side,
        p: Point,
        probe: &Probe,
        cells: &[u8; CELLS],
    ) -> bool {
        let mut after = self.cell;
        if !Board::is_suicide(probe) {
            after[p.index()] = cell_of(side);
        }
        self.for_each_removed(side, p, probe, |s, _| after[s] = EMPTY);
        self.size.rows_equal(&after, cells)
    }

    /// Checks the group bookkeeping against a recount from the cells.
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) {
        let mut fresh = self.clone();
        fresh.rebuild();
        let mut stones = BySide::<u16>::default();
        assert_eq!(self.libs[NO_GROUP], 1, "NO_GROUP's pseudo-liberties");
        for i in 0..CELLS {
            if side_of(self.cell[i]).is_none() {
                assert_eq!(
                    usize::from(self.head[i]),
                    NO_GROUP,
                    "head of a cell without a stone"
                );
            }
        }
        for p in self.size.points() {
            let i = p.index();
            let Some(side) = side_of(self.cell[i]) else {
                continue;
            };
            stones[side] += 1;
            let (h, fh) = (usize::from(self.head[i]), usize::from(fresh.head[i]));
            assert_eq!(self.cell[h], self.cell[i], "head colour at {p}");
            assert_eq!(self.count[h], fresh.count[fh], "count at {p}");
            assert_eq!(self.libs[h], fresh.libs[fh], "pseudo-liberties at {p}");
            // Same partition: every stone of the fresh group has our head.
            fresh.for_each_in_ring(fh, |s| assert_eq!(usize::from(self.head[s]), h));
        }
        assert_eq!(stones, self.stones);
        let mut hash = 0;
        for (p, side) in self.stones() {
            hash ^= KEYS[side.index()][p.index()];
        }
        assert_eq!(hash, self.hash);
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.cells_equal(other)
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in 0..self.size.get() {
            for col in 0..self.size.get() {
                let p = Point::new_unchecked(col, row);
                f.write_str(match self.get(p) {
                    Some(Side::Black) => "X",
                    Some(Side::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Position, Profile};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Play a seeded random game of `3 n²` tries on an `n`x`n` board under
    /// `profile` (a second pass in a row skipped, so it goes on), calling
    /// `after` with the position after each move.
    fn random_game(
        rng: &mut ChaCha8Rng,
        n: u8,
        profile: Profile,
        mut after: impl FnMut(&Position),
    ) {
        let mut pos = Position::new(Size::new(n).unwrap(), profile);
        for _ in 0..(u32::from(n) * u32::from(n) * 3) {
            let moves = pos.legal_moves(pos.to_move());
            let mv = moves[rng.random_range(0..moves.len())];
            if mv == Move::Pass && pos.passes() == 1 {
                continue;
            }
            pos.play(mv).unwrap();
            after(&pos);
        }
    }

    fn size_points(board: &Board) -> impl Iterator<Item = Point> {
        board.size().points()
    }

    /// The area score (row bitsets read eight cells a word, runs filled
    /// by carries upwards and by doubling downwards) gives the owners of
    /// [`Board::territory`] (flood fill) on random boards of every size,
    /// so every number of words a row takes and every row length.
    #[test]
    fn area_score_matches_flood_fill_on_every_size() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for n in 1..=25u8 {
            for round in 0..40 {
                // Sparse to dense stones: long winding regions and small ones.
                let stones = [0.1, 0.3, 0.5, 0.7][round % 4];
                let grid: String = (0..usize::from(n) * usize::from(n))
                    .map(|_| {
                        if rng.random_bool(stones) {
                            if rng.random_bool(0.5) { 'b' } else { 'w' }
                        } else {
                            '.'
                        }
                    })
                    .collect();
                let board = Board::from_grid_string(&grid).unwrap();
                let t = board.territory();
                let owned = |side| {
                    size_points(&board)
                        .filter(|&p| t.owner(p) == Some(side))
                        .count() as u32
                };
                let score = board.area_score();
                assert_eq!(
                    (score.black, score.white),
                    (owned(Side::Black), owned(Side::White)),
                    "{n}x{n}: {grid}"
                );
            }
        }
    }

    /// A board given back after a game and taken again for any size
    /// plays as a new board: the same cells, hash, groups and scores
    /// after each of the same stones (captures included).
    #[test]
    fn a_board_given_back_plays_as_a_new_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        for (used, n) in [(19u8, 9u8), (9, 19), (25, 2), (5, 25), (13, 13)] {
            let mut pos = Position::new(Size::new(used).unwrap(), Profile::TrompTaylor);
            for _ in 0..u32::from(used) * u32::from(used) {
                let moves = pos.legal_moves(pos.to_move());
                pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
            assert!(pos.board().stones().count() > 0);
            pos.give_back_board();
            let size = Size::new(n).unwrap();
            let mut reused = Board::new_boxed(size);
            let mut fresh = Board::new(size);
            for k in 0..u32::from(n) * u32::from(n) * 3 {
                let side = if k % 2 == 0 { Side::Black } else { Side::White };
                let p = Point::new(rng.random_range(0..n), rng.random_range(0..n));
                if !fresh.is_empty_point(p) {
                    continue;
                }
                let a = reused.place(side, p, |_| {});
                let b = fresh.place(side, p, |_| {});
                assert_eq!(a, b, "{used} then {n}: stone {k}");
                assert!(*reused == fresh && reused.hash() == fresh.hash());
                assert_eq!(reused.area_score(), fresh.area_score());
                reused.check_invariants();
            }
        }
    }

    /// `place_unless_suicide` refuses exactly the stones the probe calls
    /// suicide, leaving the board as it was (cells, groups, counts, hash),
    /// and otherwise places the stone as `place` does: on every empty
    /// point, for both colours, of positions from random games with
    /// captures (so crowded boards where many points are suicide).
    #[test]
    fn refused_suicide_leaves_the_board_unchanged() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut refused = 0;
        for n in [2u8, 3, 5, 9] {
            random_game(&mut rng, n, Profile::TrompTaylor, |pos| {
                let board = pos.board();
                for p in size_points(board).filter(|&p| board.is_empty_point(p)) {
                    for side in [Side::Black, Side::White] {
                        let suicide = Board::is_suicide(&board.probe(side, p));
                        let (mut tried, mut placed) = (board.clone(), board.clone());
                        let mut seen = Vec::new();
                        let result = tried.place_unless_suicide(side, p, |q| seen.push(q));
                        let mut expected = Vec::new();
                        let want = placed.place(side, p, |q| expected.push(q));
                        tried.check_invariants();
                        if suicide {
                            refused += 1;
                            assert_eq!(result, None, "{side} at {p} on\n{board:?}");
                            assert!(tried.cells_equal(board) && tried.hash() == board.hash());
                            assert_eq!(tried.stones, board.stones);
                        } else {
                            assert_eq!(result, Some(want), "{side} at {p} on\n{board:?}");
                            assert!(tried.cells_equal(&placed) && tried.hash() == placed.hash());
                            assert_eq!(seen, expected);
                        }
                    }
                }
            });
        }
        assert!(refused > 100, "only {refused} suicides tried");
    }

    /// The incremental bookkeeping equals a recount after every move of
    /// random games with captures and (Tromp–Taylor) suicides, and the
    /// area score (row bitsets) the owners of [`Board::territory`] (flood
    /// fill).
    #[test]
    fn bookkeeping_matches_recount() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for n in [2u8, 3, 5, 9, 13] {
            for profile in [Profile::Seed2019, Profile::TrompTaylor] {
                random_game(&mut rng, n, profile, |pos| {
                    pos.board().check_invariants();
                    let board = pos.board();
                    let t = board.territory();
                    let owned = |side| {
                        size_points(board)
                            .filter(|&p| t.owner(p) == Some(side))
                            .count() as u32
                    };
                    let score = board.area_score();
                    assert_eq!(
                        (score.black, score.white),
                        (owned(Side::Black), owned(Side::White))
                    );
                });
            }
        }
    }
}
