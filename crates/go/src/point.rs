//! Board sizes, points and moves, with the coordinate systems users write:
//! SGF letters (`pd`), GTP (`Q16`) and the assignment's `[Row, Col]`.

use std::fmt;
use std::num::NonZeroU16;

/// The widest board: SGF letters `a`–`y` as far as this crate goes (`FF[4]`
/// allows 52 with capitals, which no real Go record uses).
pub const MAX_SIZE: u8 = 25;

/// The row length of the padded grid every board lives in: 25 points and an
/// edge cell on each side. A fixed stride lets a [`Point`] index arrays of
/// every board size and makes the four neighbours `±1` and `±STRIDE` with no
/// bounds check (the edge cells stop every walk).
pub(crate) const STRIDE: usize = MAX_SIZE as usize + 2;

/// Cells of the padded grid.
pub(crate) const CELLS: usize = STRIDE * STRIDE;

/// The side of a square board, 1..=25.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// The usual board.
    pub const NINETEEN: Size = Size(19);

    /// A size of `n` points a side, if `1 <= n <= 25`.
    pub const fn new(n: u8) -> Option<Size> {
        if n >= 1 && n <= MAX_SIZE {
            Some(Size(n))
        } else {
            None
        }
    }

    /// Points a side.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Points on the board.
    pub const fn area(self) -> u32 {
        self.0 as u32 * self.0 as u32
    }

    /// The point at `col`, `row` (0-based from the top left), if on this board.
    pub const fn point(self, col: u8, row: u8) -> Option<Point> {
        if col < self.0 && row < self.0 {
            Some(Point::new_unchecked(col, row))
        } else {
            None
        }
    }

    /// Whether a point lies on this board.
    pub const fn contains(self, p: Point) -> bool {
        p.col() < self.0 && p.row() < self.0
    }

    /// Whether two padded grids hold the same on this board's points
    /// (a row at a time: a slice comparison each).
    pub(crate) fn rows_equal(self, a: &[u8; CELLS], b: &[u8; CELLS]) -> bool {
        (0..usize::from(self.0)).all(|row| a[self.row_cells(row)] == b[self.row_cells(row)])
    }

    /// The cells of the padded grid that row `row` (0 at the top) of this
    /// board takes.
    #[inline]
    pub(crate) fn row_cells(self, row: usize) -> std::ops::Range<usize> {
        let first = (row + 1) * STRIDE + 1;
        first..first + usize::from(self.0)
    }

    /// Every point of the board, row by row from the top left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point::new_unchecked(col, row)))
    }
}

impl Default for Size {
    fn default() -> Self {
        Size::NINETEEN
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.0, self.0)
    }
}

/// An intersection, by column and row counted from the top left (as SGF and
/// the assignment's `[Row, Col]` do). It is the index of the cell in the
/// padded grid, so it indexes board arrays directly; it knows nothing of a
/// board size, which [`Size::contains`] checks.
/// Index 0 is an edge cell, never a point: the niche makes a [`Move`] two
/// bytes, and a replayed record's plies small.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(NonZeroU16);

impl Point {
    /// The point at `col`, `row`, both below 25.
    ///
    /// # Panics
    ///
    /// When `col` or `row` is 25 or more.
    pub const fn new(col: u8, row: u8) -> Point {
        assert!(col < MAX_SIZE && row < MAX_SIZE, "point outside 25x25");
        Point::new_unchecked(col, row)
    }

    pub(crate) const fn new_unchecked(col: u8, row: u8) -> Point {
        Point::from_index((row as usize + 1) * STRIDE + col as usize + 1)
    }

    /// The point at a padded-grid index; the caller knows it is not an edge
    /// (so not 0).
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Point {
        match NonZeroU16::new(i as u16) {
            Some(n) => Point(n),
            None => panic!("cell 0 is an edge, not a point"),
        }
    }

    /// The column, 0-based from the left.
    pub const fn col(self) -> u8 {
        (self.index() % STRIDE - 1) as u8
    }

    /// The row, 0-based from the top.
    pub const fn row(self) -> u8 {
        (self.index() / STRIDE - 1) as u8
    }

    /// The padded-grid index.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0.get() as usize
    }

    /// The SGF letters: column then row, `a` first (`pd` is Q16 on 19x19).
    pub fn sgf(self) -> [u8; 2] {
        [b'a' + self.col(), b'a' + self.row()]
    }

    /// The point of two SGF letters `a`–`y` (column, row), whatever the board.
    pub const fn from_sgf(s: &[u8]) -> Option<Point> {
        if s.len() != 2 {
            return None;
        }
        let (c, r) = (s[0], s[1]);
        if c >= b'a' && c < b'a' + MAX_SIZE && r >= b'a' && r < b'a' + MAX_SIZE {
            Some(Point::new_unchecked(c - b'a', r - b'a'))
        } else {
            None
        }
    }

    /// The GTP vertex on a board of `size`: a column letter `A`–`Z` without
    /// `I`, then the row counted from the bottom (`D4`).
    pub fn gtp(self, size: Size) -> String {
        let row = size.get() - self.row();
        format!("{}{}", gtp_column_letter(self.col()), row)
    }

    /// The point of a GTP vertex such as `D4` or `q16` on a board of `size`.
    pub fn from_gtp(s: &str, size: Size) -> Option<Point> {
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let col = GTP_COLUMNS.iter().position(|&c| c as char == letter)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let number: u8 = digits.parse().ok()?;
        if number == 0 || number > size.get() {
            return None;
        }
        size.point(col as u8, size.get() - number)
    }
}

/// GTP column letters: `I` is skipped so it is not read as `J` or `1`.
pub const GTP_COLUMNS: [u8; 25] = *b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP letter of a column.
pub fn gtp_column_letter(col: u8) -> char {
    GTP_COLUMNS[usize::from(col)] as char
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [c, r] = self.sgf();
        write!(f, "{}{}", c as char, r as char)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone; two in a row end the game under the profiles that say so.
    Pass,
}

impl Move {
    /// The point, unless a pass.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}
