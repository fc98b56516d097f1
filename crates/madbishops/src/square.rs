//! The 50 dark squares of the 10×10 board and their two notations.

use std::fmt;

/// One of the 50 dark squares, the only squares bishops use.
///
/// Rows are numbered 0–9 from the top and columns 0–9 from the left, as the
/// course report's grid shows them; a square is dark when `row + column` is
/// odd (the report's setup puts red on row 0, column 1). Squares are
/// numbered in *board order*: row 0 first, left to right inside a row, five
/// squares per row, so the index is `row * 5 + column / 2`. That order is the
/// canonical order of move lists.
///
/// The algebraic name is the file letter `a`–`j` (column 0–9) followed by
/// the rank `1`–`10`, with rank 10 the top row (row 0): `b10` is row 0,
/// column 1, and `a1` (row 9, column 0) is dark, as in chess.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::Square;
///
/// let sq = Square::from_row_col(7, 2).unwrap();
/// assert_eq!(sq.to_string(), "c3");
/// assert_eq!(sq.row_col_string(), "(7,2)");
/// assert_eq!(Square::from_algebraic("c3"), Ok(sq));
/// assert!(Square::from_row_col(0, 0).is_none()); // a light square
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Whether `(row, col)` is on the 10×10 board.
pub const fn on_board(row: i32, col: i32) -> bool {
    0 <= row && row < 10 && 0 <= col && col < 10
}

/// Whether `(row, col)` is a dark square (on the board, `row + col` odd).
pub const fn is_dark(row: i32, col: i32) -> bool {
    on_board(row, col) && (row + col) % 2 == 1
}

/// Why a cell is not one of the 50 squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SquareError {
    /// Outside the 10×10 board.
    #[error("row {row}, column {col} is off the 10x10 board")]
    OffBoard {
        /// The row as written (0 at the top; may be out of range).
        row: i32,
        /// The column as written.
        col: i32,
    },
    /// A light square: no bishop ever stands there.
    #[error("row {row}, column {col} is a light square; bishops use only the dark squares")]
    Light {
        /// The row.
        row: i32,
        /// The column.
        col: i32,
    },
}

impl Square {
    /// Number of dark squares.
    pub const COUNT: usize = 50;

    /// The dark square at `(row, col)`, or `None` off the board or on a light
    /// square.
    pub const fn from_row_col(row: i32, col: i32) -> Option<Square> {
        if is_dark(row, col) {
            Some(Square((row * 5 + col / 2) as u8))
        } else {
            None
        }
    }

    /// The dark square at `(row, col)`, or why there is none.
    ///
    /// # Errors
    ///
    /// [`SquareError::OffBoard`] outside the board, [`SquareError::Light`]
    /// on a light square.
    pub const fn try_from_row_col(row: i32, col: i32) -> Result<Square, SquareError> {
        if !on_board(row, col) {
            Err(SquareError::OffBoard { row, col })
        } else if (row + col) % 2 == 0 {
            Err(SquareError::Light { row, col })
        } else {
            Ok(Square((row * 5 + col / 2) as u8))
        }
    }

    /// The square with this number in board order (`0..50`).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square's number in board order, `0..50`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, `0..10`, 0 at the top.
    pub const fn row(self) -> i32 {
        self.0 as i32 / 5
    }

    /// The column, `0..10`, 0 at the left.
    pub const fn col(self) -> i32 {
        let row = self.row();
        2 * (self.0 as i32 % 5) + if row % 2 == 0 { 1 } else { 0 }
    }

    /// The file letter, `'a'..='j'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.col() as u8) as char
    }

    /// The rank, `1..=10` (10 is row 0).
    pub const fn rank(self) -> i32 {
        10 - self.row()
    }

    /// All 50 squares in board order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..Square::COUNT as u8).map(Square)
    }

    /// The square named `text` in algebraic notation (`c3`, `b10`): exactly a
    /// lower-case file letter and a rank with no leading zero.
    ///
    /// # Errors
    ///
    /// Text that is not a file and a rank gives [`AlgebraicError::Syntax`];
    /// a file past `j` or a rank outside 1–10 gives
    /// [`SquareError::OffBoard`]; a light square gives [`SquareError::Light`].
    pub fn from_algebraic(text: &str) -> Result<Square, AlgebraicError> {
        let bytes = text.as_bytes();
        let (file, digits) = match bytes {
            [file @ b'a'..=b'z', digits @ ..] => (*file, digits),
            _ => return Err(AlgebraicError::Syntax),
        };
        if digits.is_empty()
            || digits.len() > 3
            || !digits.iter().all(u8::is_ascii_digit)
            || digits[0] == b'0' && digits.len() > 1
        {
            return Err(AlgebraicError::Syntax);
        }
        let rank = digits
            .iter()
            .fold(0i32, |n, d| n * 10 + i32::from(d - b'0'));
        let col = i32::from(file - b'a');
        Square::try_from_row_col(10 - rank, col).map_err(AlgebraicError::Square)
    }

    /// `(row,col)`: the report's coordinates, as the row/column notation
    /// writes them.
    pub fn row_col_string(self) -> String {
        format!("({},{})", self.row(), self.col())
    }
}

/// Why text is not an algebraic square name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AlgebraicError {
    /// Not a lower-case letter followed by a number.
    #[error("a square is a file letter a-j and a rank 1-10, like `c3`")]
    Syntax,
    /// Well formed, but not a dark square of the board.
    #[error(transparent)]
    Square(SquareError),
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_order_and_coordinates() {
        let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
        assert_eq!(&names[..5], ["b10", "d10", "f10", "h10", "j10"]);
        assert_eq!(&names[5..10], ["a9", "c9", "e9", "g9", "i9"]);
        assert_eq!(&names[45..], ["a1", "c1", "e1", "g1", "i1"]);
        for sq in Square::all() {
            assert_eq!(Square::from_row_col(sq.row(), sq.col()), Some(sq));
            assert_eq!(Square::from_algebraic(&sq.to_string()), Ok(sq));
            assert!(is_dark(sq.row(), sq.col()));
        }
        let dark = (0..10)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| is_dark(r, c))
            .count();
        assert_eq!(dark, Square::COUNT);
    }

    #[test]
    fn bad_names() {
        use AlgebraicError::{Square as Sq, Syntax};
        assert_eq!(
            Square::from_algebraic("k3"),
            Err(Sq(SquareError::OffBoard { row: 7, col: 10 }))
        );
        assert_eq!(
            Square::from_algebraic("a11"),
            Err(Sq(SquareError::OffBoard { row: -1, col: 0 }))
        );
        assert_eq!(
            Square::from_algebraic("a0"),
            Err(Sq(SquareError::OffBoard { row: 10, col: 0 }))
        );
        assert_eq!(
            Square::from_algebraic("a2"),
            Err(Sq(SquareError::Light { row: 8, col: 0 }))
        );
        for bad in ["", "C3", "c", "3c", "c03", "c1000", "cc3"] {
            assert_eq!(Square::from_algebraic(bad), Err(Syntax), "{bad:?}");
        }
    }
}
