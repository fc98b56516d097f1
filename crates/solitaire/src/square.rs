//! The 16 squares of the 4×4 board and their three spellings.

use std::fmt;
use std::str::FromStr;

/// One of the 16 squares.
///
/// Squares are numbered rank by rank from the bottom: `a1` is 0, `d1` is 3,
/// `a2` is 4, `d4` is 15. That numbering is the bit order of a
/// [`SquareSet`](crate::SquareSet) and the canonical order in which captures
/// are listed.
///
/// Three spellings exist, and a square converts between all of them:
///
/// - algebraic, as in chess: file `a`..`d` then rank `1`..`4` (`b2`);
/// - the challenge's coordinates `[x, y]`, `[0, 0]` the **bottom-left**
///   square: `x` is the file, `y` the rank (`b2` is `[1, 1]`);
/// - the place in the challenge's 16-character string, which lists the top
///   row first: `a4` is character 0, `d1` character 15.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::Square;
///
/// let b2: Square = "b2".parse()?;
/// assert_eq!((b2.x(), b2.y()), (1, 1));
/// assert_eq!(b2.string_index(), 9);
/// assert_eq!(Square::from_string_index(9), Some(b2));
/// assert_eq!(b2.to_string(), "b2");
/// # Ok::<(), asalto_solitaire::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 16;
    /// Squares per row and per column.
    pub const SIDE: i32 = 4;

    /// The square at file `x`, rank `y` (both `0..4`, `[0, 0]` bottom-left),
    /// or `None` off the board.
    pub const fn from_xy(x: i32, y: i32) -> Option<Square> {
        if 0 <= x && x < Square::SIDE && 0 <= y && y < Square::SIDE {
            Some(Square((y * Square::SIDE + x) as u8))
        } else {
            None
        }
    }

    /// The square with this number (`0..16`, `a1` first, rank by rank).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square at place `i` (`0..16`) of the challenge's 16-character
    /// string, which starts with the top row.
    pub const fn from_string_index(i: usize) -> Option<Square> {
        if i < Square::COUNT {
            Square::from_xy((i % 4) as i32, 3 - (i / 4) as i32)
        } else {
            None
        }
    }

    /// The square's number, `0..16`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, `0..4` (`a` is 0): the challenge's `x`.
    pub const fn x(self) -> i32 {
        (self.0 % 4) as i32
    }

    /// The rank, `0..4` (rank 1 is 0): the challenge's `y`.
    pub const fn y(self) -> i32 {
        (self.0 / 4) as i32
    }

    /// The place of the square in the challenge's 16-character string.
    pub const fn string_index(self) -> usize {
        ((3 - self.y()) * 4 + self.x()) as usize
    }

    /// The file letter, `'a'..='d'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.x() as u8) as char
    }

    /// The rank digit, `'1'..='4'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.y() as u8) as char
    }

    /// The square `dx` files and `dy` ranks away, if it is on the board.
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        Square::from_xy(self.x() + dx, self.y() + dy)
    }

    /// All 16 squares in order, `a1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..Square::COUNT as u8).map(Square)
    }

    /// Parse the algebraic name (`b2`) from exactly two bytes.
    ///
    /// # Errors
    ///
    /// See [`SquareError`].
    pub fn from_algebraic(bytes: &[u8]) -> Result<Square, SquareError> {
        match bytes {
            [file @ b'a'..=b'd', rank @ b'1'..=b'4'] => {
                Ok(Square((rank - b'1') * 4 + (file - b'a')))
            }
            [b'A'..=b'D', b'1'..=b'4'] => Err(SquareError::Case),
            [b'a'..=b'z' | b'A'..=b'Z', b'0'..=b'9'] => Err(SquareError::OffBoard),
            [_, _] => Err(SquareError::Letters),
            _ => Err(SquareError::Length),
        }
    }
}

/// Why two characters are not a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SquareError {
    /// Not exactly two characters.
    Length,
    /// An upper-case file letter (`B2`).
    Case,
    /// A file past `d` or a rank past `4` (`e5`, `a0`).
    OffBoard,
    /// Not a letter and a digit.
    Letters,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareError::Length => "a square is a file letter and a rank digit, like `b2`",
            SquareError::Case => "files are lower-case letters, like `b2`",
            SquareError::OffBoard => "the board has files `a`..`d` and ranks `1`..`4`",
            SquareError::Letters => "a square is a file letter `a`..`d` and a rank digit `1`..`4`",
        })
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        Square::from_algebraic(s.as_bytes())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square serializes as its algebraic name (`"b2"`).
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_agree() {
        for sq in Square::all() {
            assert_eq!(Square::from_xy(sq.x(), sq.y()), Some(sq));
            assert_eq!(Square::from_string_index(sq.string_index()), Some(sq));
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        let a4 = Square::from_string_index(0).map(|s| s.to_string());
        let d1 = Square::from_string_index(15).map(|s| s.to_string());
        assert_eq!((a4.as_deref(), d1.as_deref()), (Some("a4"), Some("d1")));
    }

    #[test]
    fn bad_names() {
        assert_eq!("e1".parse::<Square>(), Err(SquareError::OffBoard));
        assert_eq!("a5".parse::<Square>(), Err(SquareError::OffBoard));
        assert_eq!("B2".parse::<Square>(), Err(SquareError::Case));
        assert_eq!("b".parse::<Square>(), Err(SquareError::Length));
        assert_eq!("2b".parse::<Square>(), Err(SquareError::Letters));
    }
}
