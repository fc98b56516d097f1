//! The positions a game has met, for positional superko: each
//! whole-board position's Zobrist key ([`crate::zobrist`], kept up to date
//! by the board) and the position itself, rebuilt from a log of changes.

use crate::board::{Board, EMPTY, cell_code};
use crate::point::{CELLS, Point, Size};
use crate::side::Side;

/// How many positions apart the history stores a whole board: a position
/// between two is rebuilt from the one before it and at most this many
/// moves' changes.
const MARK_EVERY: usize = 64;

/// A change of the log: the padded-grid cell in the low bits, what it now
/// holds (`EMPTY`, `BLACK`, `WHITE`) above them, and [`START`] on the first
/// change of a position (its stone).
const CELL_BITS: u32 = 10;
const START: u16 = 1 << (CELL_BITS + 2);
const _: () = assert!(CELLS <= 1 << CELL_BITS);

/// A position whose whole board is stored.
#[derive(Clone, Copy, Debug)]
struct Mark {
    /// Its index in the history.
    position: usize,
    /// Where the changes after it start in the log.
    log: usize,
    /// Where its board starts in `boards` (a byte a point, row by row).
    board: usize,
}

/// Every whole-board position of a game since its start (or its last
/// setup), for positional superko: a position's key in an open-addressed
/// table, and the position itself, so that a key met again is confirmed by
/// comparing whole boards (two positions with one 64-bit key are not taken
/// for a repetition).
///
/// The boards are kept as a log of changes (a move's stone and the stones
/// it removed: about two bytes a move) and a whole board every
/// [`MARK_EVERY`] positions (a byte a point, copied row by row: 361 bytes
/// on 19x19, under 6 bytes a move), so a position is rebuilt from at most
/// that many moves' changes, and a game that repeats positions without
/// end costs no more per move than one that does not. The table holds position indices
/// (4 bytes, at most half full); the keys are in a vector by index.
///
/// Stones only leave the board by captures, so a position can equal an
/// earlier one only if it has no more stones than the most any earlier
/// position had ([`History::high`]): the caller looks a position up only
/// then, which in real games is after a capture and for a few moves after.
/// Every position is inserted.
#[derive(Clone, Default)]
pub(crate) struct History {
    keys: Vec<u64>,
    /// Position index + 1; 0 is an empty slot. A power of two long.
    slots: Vec<u32>,
    /// The most stones any position kept had.
    high: u32,
    log: Vec<u16>,
    /// Where the changes of the move being played start in `log`.
    pending: usize,
    marks: Vec<Mark>,
    boards: Vec<u8>,
}

/// Whether a move played repeats a position kept, as the caller knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// No: it was judged legal.
    No,
    /// Yes: it was judged a superko.
    Yes,
    /// Perhaps: it was played against the rules for another reason, or
    /// unjudged.
    Maybe,
}

/// A board rebuilt from the history: codes of the padded grid (only the
/// points of the board are meaningful).
pub(crate) type Cells = [u8; CELLS];

impl History {
    /// Forgets every position and starts from `board`.
    pub(crate) fn reset(&mut self, board: &Board) {
        self.keys.clear();
        self.slots.fill(0);
        self.log.clear();
        self.pending = 0;
        self.marks.clear();
        self.boards.clear();
        self.high = 0;
        self.mark(board);
        self.insert(board.hash(), board.stones_total());
    }

    /// Room for `moves` more positions, so that they allocate nothing: the
    /// log gets room for each move's stone and for as many captures (a
    /// stone is captured at most once after it is placed, plus the
    /// stones of the starting board).
    pub(crate) fn reserve(&mut self, moves: usize, size: Size) {
        let points = size.area() as usize;
        self.keys.reserve(moves + 1);
        self.log.reserve(2 * moves + points);
        // And for a few more.
        let marks = moves / MARK_EVERY + 8;
        self.marks.reserve(marks);
        self.boards.reserve(marks * points);
        self.grow_to(self.keys.len() + moves + 1);
    }

    /// The most stones a position kept had: a position with more cannot
    /// repeat one.
    #[inline]
    pub(crate) fn high(&self) -> u32 {
        self.high
    }

    /// A move of `side` on `p` is about to be played: its changes follow.
    #[inline]
    pub(crate) fn begin(&mut self, side: Side, p: Point) {
        self.pending = self.log.len();
        self.log
            .push(START | (u16::from(cell_code(side)) << CELL_BITS) | p.index() as u16);
    }

    /// A stone the move removed (a cell of the padded grid).
    #[inline]
    pub(crate) fn removed(&mut self, cell: usize) {
        self.log.push(cell as u16);
    }

    /// Keeps the position the move begun made (`board`), its changes
    /// logged. A position the table holds already (a repetition played
    /// against the rules) is not put in it again, so that a cycle forced
    /// again and again does not lengthen its probes.
    pub(crate) fn record(&mut self, board: &Board, repeat: Repeat) {
        let stones = board.stones_total();
        let key = board.hash();
        let known = match repeat {
            Repeat::No => false,
            Repeat::Yes => true,
            Repeat::Maybe => {
                stones <= self.high
                    && self.contains(key, board.size(), |cells| board.cells_equal_to(cells))
            }
        };
        if self.keys.len() % MARK_EVERY == 0 {
            self.log.truncate(self.pending);
            self.mark(board);
        }
        self.grow_to(self.keys.len() + 1);
        let index = self.keys.len();
        self.keys.push(key);
        self.high = self.high.max(stones);
        if !known {
            self.place(index);
        }
    }

    /// Whether some position kept has `key` (a repetition is possible,
    /// not certain: see [`History::contains`]).
    #[inline]
    pub(crate) fn has_key(&self, key: u64) -> bool {
        self.find(key, |_| true)
    }

    /// Whether a position with `key` that `same` holds equal to the one
    /// asked about was kept.
    pub(crate) fn contains(&self, key: u64, size: Size, same: impl Fn(&Cells) -> bool) -> bool {
        self.find(key, |j| same(&self.rebuild(j, size)))
    }

    /// Whether `accept` takes some position kept with `key` (by index).
    #[inline]
    fn find(&self, key: u64, mut accept: impl FnMut(usize) -> bool) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return false;
            }
            let j = slot as usize - 1;
            if self.keys[j] == key && accept(j) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u64, stones: u32) {
        self.grow_to(self.keys.len() + 1);
        let index = self.keys.len();
        self.keys.push(key);
        self.high = self.high.max(stones);
        self.place(index);
    }

    /// Puts position `index` (its key kept) into the table.
    fn place(&mut self, index: usize) {
        let mask = self.slots.len() - 1;
        let mut i = self.keys[index] as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        // Position indices stay below 2^32: a record that long would not
        // fit the text offsets either.
        self.slots[i] = index as u32 + 1;
    }

    /// Makes the table at most half full with `positions` positions.
    #[inline]
    fn grow_to(&mut self, positions: usize) {
        if 2 * positions > self.slots.len() {
            self.grow(positions);
        }
    }

    /// [`History::grow_to`] when the table must grow: a new table, every
    /// position put in again.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, positions: usize) {
        let len = (2 * positions).next_power_of_two().max(64);
        self.slots = vec![0; len];
        for index in 0..self.keys.len() {
            self.place(index);
        }
    }

    /// Keeps `forged` as if it were the next position, under `key` (the
    /// tests force two positions onto one key), then `current` (the real
    /// board, kept already) again, so that the moves after are logged
    /// from it. Both are stored whole.
    #[cfg(test)]
    pub(crate) fn insert_as(&mut self, forged: &Board, key: u64, current: &Board) {
        self.mark(forged);
        self.insert(key, forged.stones_total());
        self.mark(current);
        self.keys.push(current.hash());
    }

    /// Stores the whole board as the next position's.
    fn mark(&mut self, board: &Board) {
        self.marks.push(Mark {
            position: self.keys.len(),
            log: self.log.len(),
            board: self.boards.len(),
        });
        board.push_rows(&mut self.boards);
    }

    /// Position `j`, from the last whole board at or before it and the
    /// changes after that.
    fn rebuild(&self, j: usize, size: Size) -> Cells {
        let mut cells = [EMPTY; CELLS];
        let m = self.marks.partition_point(|mark| mark.position <= j) - 1;
        let mark = self.marks[m];
        let n = usize::from(size.get());
        let rows = &self.boards[mark.board..mark.board + n * n];
        for (row, codes) in rows.chunks_exact(n).enumerate() {
            cells[size.row_cells(row)].copy_from_slice(codes);
        }
        let mut at = mark.position;
        for &change in &self.log[mark.log..] {
            if change & START != 0 {
                if at == j {
                    break;
                }
                at += 1;
            }
            let cell = usize::from(change & ((1 << CELL_BITS) - 1));
            cells[cell] = ((change >> CELL_BITS) & 3) as u8;
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Forty different boards of 7 stones kept under one key: each is
    /// found, and a forty-first board with that key is not.
    #[test]
    fn one_key_many_boards() {
        let size = Size::new(7).expect("a size");
        let boards: Vec<Board> = (0..41)
            .map(|k| {
                // Row 3 spells `k` in binary: black for 1, white for 0.
                let mut b = Board::new(size);
                for i in 0..7u8 {
                    let p = size.point(i, 3).expect("on board");
                    let bit = (k >> i) & 1 == 1;
                    b.set(p, Some(if bit { Side::Black } else { Side::White }));
                }
                b
            })
            .collect();
        for (i, a) in boards.iter().enumerate() {
            for b in &boards[..i] {
                assert!(!a.cells_equal(b), "the boards differ");
            }
        }
        let mut history = History::default();
        history.reset(&Board::new(size));
        for b in &boards[..40] {
            history.insert_as(b, 7, &Board::new(size));
        }
        for b in &boards[..40] {
            assert!(history.contains(7, size, |c| b.cells_equal_to(c)));
            assert!(!history.contains(8, size, |c| b.cells_equal_to(c)));
        }
        let last = &boards[40];
        assert!(!history.contains(7, size, |c| last.cells_equal_to(c)));
    }
}
