//! How the numbers of a capture written in coordinates name squares.
//!
//! The challenge writes a square as `[x, y]`, `x` the file and `y` the
//! rank, `[0, 0]` the bottom-left square. Students' programs also count
//! from 1, or write `[row, column]` as they index the list of rows they
//! were given (row 0 the top one). The text alone cannot tell these
//! apart; the puzzle can: [`crate::check`] replays the answer under each
//! [`Reading`] its numbers allow, in the order of [`Reading::ALL`], and
//! keeps the one under which every capture is legal (naming it in a
//! note when it is not the challenge's, and saying so when several
//! readings give different legal answers).

use crate::Square;

/// The order of the two numbers of a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Order {
    /// `[x, y]`: the file, then the rank (the challenge's).
    XY,
    /// `[row, column]`.
    RowColumn,
}

/// Where rows (or `y`) are counted from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// The bottom row is 0 (the challenge's, and chess's: `a1` bottom-left).
    Bottom,
    /// The top row is 0, as the challenge's string and lists of rows are
    /// written.
    Top,
}

/// One way of reading a pair of numbers as a square.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::Reading;
/// use asalto_solitaire::Square;
///
/// let b1: Square = "b1".parse()?;
/// assert_eq!(Reading::CHALLENGE.square([1, 0]), Some(b1));
/// let matrix = Reading::ALL[2];
/// assert_eq!(matrix.name(), "row-column-top-0");
/// assert_eq!(matrix.square([3, 1]), Some(b1));
/// assert_eq!(Reading::CHALLENGE.square([4, 0]), None);
/// # Ok::<(), asalto_solitaire::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Reading {
    /// Which number comes first.
    pub order: Order,
    /// Where rows are counted from.
    pub origin: Origin,
    /// The number of the first row and column: 0 or 1.
    pub base: u8,
}

impl Reading {
    /// The challenge's: `[x, y]` from 0, `[0, 0]` the bottom-left square.
    pub const CHALLENGE: Reading = Reading {
        order: Order::XY,
        origin: Origin::Bottom,
        base: 0,
    };

    /// Every reading, the most likely first (the order in which a tie
    /// between readings under which an answer is legal is broken): the
    /// challenge's, the same from 1, then `[row, column]` from the top (as
    /// the list of rows given is indexed), then the others.
    pub const ALL: [Reading; 8] = [
        Reading::CHALLENGE,
        Reading::new(Order::XY, Origin::Bottom, 1),
        Reading::new(Order::RowColumn, Origin::Top, 0),
        Reading::new(Order::RowColumn, Origin::Top, 1),
        Reading::new(Order::RowColumn, Origin::Bottom, 0),
        Reading::new(Order::RowColumn, Origin::Bottom, 1),
        Reading::new(Order::XY, Origin::Top, 0),
        Reading::new(Order::XY, Origin::Top, 1),
    ];

    const fn new(order: Order, origin: Origin, base: u8) -> Reading {
        Reading {
            order,
            origin,
            base,
        }
    }

    /// The square the numbers `[a, b]` name, or `None` off the board.
    pub fn square(self, [a, b]: [u8; 2]) -> Option<Square> {
        let (col, row) = match self.order {
            Order::XY => (a, b),
            Order::RowColumn => (b, a),
        };
        let (x, y) = (
            i32::from(col) - i32::from(self.base),
            i32::from(row) - i32::from(self.base),
        );
        let y = match self.origin {
            Origin::Bottom => y,
            Origin::Top => Square::SIDE - 1 - y,
        };
        if (0..Square::SIDE).contains(&y) {
            Square::from_xy(x, y)
        } else {
            None
        }
    }

    /// Whether every number of `numbers` is a row or column under this
    /// reading (`0..=3` from 0, `1..=4` from 1).
    pub fn fits(self, numbers: impl IntoIterator<Item = u8>) -> bool {
        let base = self.base;
        numbers
            .into_iter()
            .all(|n| (base..base + Square::SIDE as u8).contains(&n))
    }

    /// The stable name, shown in JSON (`coordinates`): `x-y-bottom-0` (the
    /// challenge's), `x-y-bottom-1`, `row-column-top-0`, ...
    pub const fn name(self) -> &'static str {
        match (self.order, self.origin, self.base) {
            (Order::XY, Origin::Bottom, 0) => "x-y-bottom-0",
            (Order::XY, Origin::Bottom, _) => "x-y-bottom-1",
            (Order::XY, Origin::Top, 0) => "x-y-top-0",
            (Order::XY, Origin::Top, _) => "x-y-top-1",
            (Order::RowColumn, Origin::Top, 0) => "row-column-top-0",
            (Order::RowColumn, Origin::Top, _) => "row-column-top-1",
            (Order::RowColumn, Origin::Bottom, 0) => "row-column-bottom-0",
            (Order::RowColumn, Origin::Bottom, _) => "row-column-bottom-1",
        }
    }

    /// In words: `[row, column] counted from 1, row 1 the top row`.
    pub fn describe(self) -> String {
        let pair = match self.order {
            Order::XY => "[x, y]",
            Order::RowColumn => "[row, column]",
        };
        let first = match self.order {
            Order::XY => "y",
            Order::RowColumn => "row",
        };
        let side = match self.origin {
            Origin::Bottom => "bottom",
            Origin::Top => "top",
        };
        let mut text = format!(
            "{pair} counted from {}, {first} {} the {side} row",
            self.base, self.base
        );
        if self == Reading::CHALLENGE {
            text.push_str(" (the challenge's)");
        }
        text
    }
}

impl serde::Serialize for Reading {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl std::fmt::Display for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reading_names_every_square_once() {
        let mut names = std::collections::HashSet::new();
        for reading in Reading::ALL {
            assert!(names.insert(reading.name()));
            let b = reading.base;
            let mut seen = std::collections::HashSet::new();
            for a in b..b + 4 {
                for c in b..b + 4 {
                    assert!(seen.insert(reading.square([a, c]).unwrap()));
                }
            }
            assert_eq!(reading.square([b + 4, b]), None);
            assert!(reading.fits([b, b + 3]) && !reading.fits([b + 4]));
        }
        // b1 in each: x 1, y 0 from the bottom, row 3 from the top.
        let b1 = "b1".parse().unwrap();
        let written: Vec<[u8; 2]> = vec![
            [1, 0],
            [2, 1],
            [3, 1],
            [4, 2],
            [0, 1],
            [1, 2],
            [1, 3],
            [2, 4],
        ];
        for (reading, xy) in Reading::ALL.into_iter().zip(written) {
            assert_eq!(reading.square(xy), Some(b1), "{}", reading.name());
        }
        assert_eq!(
            Reading::ALL[3].describe(),
            "[row, column] counted from 1, row 1 the top row"
        );
    }
}
