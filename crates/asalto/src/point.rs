//! The 33 points of the cross-shaped board and their notation.

use std::fmt;
use std::str::FromStr;

/// One of the 33 points of the board.
///
/// Points are numbered in *board order*: row `A` to row `G`, and inside a
/// row from column `a` to column `g`, skipping the corners that are not on the
/// cross. That order is also the canonical order in which moves are listed, so
/// comparing two `Point`s compares their places in board order.
///
/// The notation is the one the assignment uses: the row as an upper-case
/// letter (`A`..`G`, the `y` coordinate) followed by the column as a
/// lower-case letter (`a`..`g`, the `x` coordinate). `Bc` is `(2, 1)`.
///
/// # Examples
///
/// ```
/// use asalto_asalto::Point;
///
/// let p: Point = "Bc".parse()?;
/// assert_eq!((p.x(), p.y()), (2, 1));
/// assert_eq!(p.to_string(), "Bc");
/// assert!("Aa".parse::<Point>().is_err()); // a corner, off the cross
/// # Ok::<(), asalto_asalto::PointError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// Coordinates of each point, indexed by its number in board order.
const XY: [(u8, u8); Point::COUNT] = {
    let mut table = [(0u8, 0u8); Point::COUNT];
    let mut n = 0;
    let mut y = 0;
    while y < 7 {
        let mut x = 0;
        while x < 7 {
            if on_cross(x as i32, y as i32) {
                table[n] = (x, y);
                n += 1;
            }
            x += 1;
        }
        y += 1;
    }
    assert!(n == Point::COUNT);
    table
};

/// The point number of each `(x, y)` cell, `u8::MAX` off the cross.
const INDEX: [[u8; 7]; 7] = {
    let mut table = [[u8::MAX; 7]; 7];
    let mut n = 0;
    while n < Point::COUNT {
        let (x, y) = XY[n];
        table[y as usize][x as usize] = n as u8;
        n += 1;
    }
    table
};

/// Whether the cell `(x, y)` of the 7×7 grid lies on the cross.
///
/// This is the assignment's `pto_valido`, kept as a plain integer test so it
/// can be used on coordinates that step off the grid.
pub const fn on_cross(x: i32, y: i32) -> bool {
    let mx = if x < 6 - x { x } else { 6 - x };
    let my = if y < 6 - y { y } else { 6 - y };
    0 <= x && x < 7 && 0 <= y && y < 7 && (if mx > my { mx } else { my }) > 1
}

impl Point {
    /// Number of points on the board.
    pub const COUNT: usize = 33;

    /// The point at `(x, y)`, or `None` off the cross.
    pub const fn from_xy(x: i32, y: i32) -> Option<Point> {
        if on_cross(x, y) {
            Some(Point(INDEX[y as usize][x as usize]))
        } else {
            None
        }
    }

    /// The point with this number in board order (`0..33`).
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < Point::COUNT {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point's number in board order, `0..33`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, `0..7` (`a` is 0).
    pub const fn x(self) -> i32 {
        XY[self.0 as usize].0 as i32
    }

    /// Row, `0..7` (`A` is 0).
    pub const fn y(self) -> i32 {
        XY[self.0 as usize].1 as i32
    }

    /// The row letter, `'A'..='G'`.
    pub const fn row_char(self) -> char {
        (b'A' + self.y() as u8) as char
    }

    /// The column letter, `'a'..='g'`.
    pub const fn column_char(self) -> char {
        (b'a' + self.x() as u8) as char
    }

    /// All 33 points in board order.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> + ExactSizeIterator + Clone {
        (0..Point::COUNT as u8).map(Point)
    }

    /// Parse the two-letter notation from the start of `bytes`.
    ///
    /// The cheap path used by the record parser; see [`PointError`] for what
    /// can go wrong.
    pub fn from_notation(bytes: &[u8]) -> Result<Point, PointError> {
        let (row, column) = match bytes {
            [row, column] => (*row, *column),
            _ => return Err(PointError::Length),
        };
        match (row, column) {
            (b'A'..=b'G', b'a'..=b'g') => {
                let (x, y) = (column - b'a', row - b'A');
                match INDEX[usize::from(y)][usize::from(x)] {
                    u8::MAX => Err(PointError::OffBoard {
                        x: i32::from(x),
                        y: i32::from(y),
                    }),
                    index => Ok(Point(index)),
                }
            }
            (b'a'..=b'g', b'A'..=b'G') => Err(PointError::Swapped),
            (b'a'..=b'g', b'a'..=b'g') | (b'A'..=b'G', b'A'..=b'G') => Err(PointError::Case),
            _ => Err(PointError::Letters),
        }
    }
}

/// Why two letters are not a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PointError {
    /// Not exactly two characters.
    #[error("a point is two letters, like `Bc`")]
    Length,
    /// Both letters in the same case, like `bc` or `BC`.
    #[error("the row is an upper-case letter and the column a lower-case one, like `Bc`")]
    Case,
    /// Column first, like `cB`.
    #[error("the row comes first (upper case), then the column (lower case), like `Bc`")]
    Swapped,
    /// Letters outside `A..G` / `a..g`.
    #[error("rows are `A`..`G` and columns `a`..`g`")]
    Letters,
    /// A well-formed cell of the 7×7 grid that is not on the cross.
    #[error("({x}, {y}) is a corner of the grid, not a point of the cross")]
    OffBoard {
        /// Column of the cell.
        x: i32,
        /// Row of the cell.
        y: i32,
    },
}

impl FromStr for Point {
    type Err = PointError;

    fn from_str(s: &str) -> Result<Point, PointError> {
        Point::from_notation(s.as_bytes())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row_char(), self.column_char())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse()
            .map_err(|e| serde::de::Error::custom(format!("`{s}`: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_order_and_coordinates() {
        let names: Vec<String> = Point::all().map(|p| p.to_string()).collect();
        assert_eq!(names.len(), 33);
        assert_eq!(&names[..6], ["Ac", "Ad", "Ae", "Bc", "Bd", "Be"]);
        assert_eq!(&names[6..13], ["Ca", "Cb", "Cc", "Cd", "Ce", "Cf", "Cg"]);
        assert_eq!(&names[30..], ["Gc", "Gd", "Ge"]);
        for p in Point::all() {
            assert_eq!(Point::from_xy(p.x(), p.y()), Some(p));
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
    }

    #[test]
    fn bad_notation() {
        assert_eq!(
            "Aa".parse::<Point>(),
            Err(PointError::OffBoard { x: 0, y: 0 })
        );
        assert_eq!("bc".parse::<Point>(), Err(PointError::Case));
        assert_eq!("cB".parse::<Point>(), Err(PointError::Swapped));
        assert_eq!("Hc".parse::<Point>(), Err(PointError::Letters));
        assert_eq!("B".parse::<Point>(), Err(PointError::Length));
    }
}
