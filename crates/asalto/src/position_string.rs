//! The one-line position string: `.../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O`.
//!
//! Rows `A` to `G` separated by `/`, each listing only its points on the cross
//! from left to right (3 in rows A, B, F, G; 7 in C, D, E) as `O` (officer),
//! `R` (rebel) or `.` (empty); then a space and the side to move, `O` or `R`.

use std::fmt;
use std::str::FromStr;

use crate::{Board, BoardError, Point, PointSet, Position, Side};

/// The number of points of each row, `A` first.
const ROW_LENGTHS: [usize; 7] = [3, 3, 7, 7, 7, 3, 3];

/// Why a string is not a position string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionStringError {
    /// Not `<rows> <side>`.
    #[error("expected the 7 rows, one space, and the side to move (`O` or `R`)")]
    Shape,
    /// Not exactly 7 rows.
    #[error("expected 7 rows separated by `/`, found {0}")]
    RowCount(usize),
    /// A row with the wrong number of points.
    #[error("row {row} has {found} points; it must have {expected}")]
    RowLength {
        /// The row letter.
        row: char,
        /// How many it must have.
        expected: usize,
        /// How many were written.
        found: usize,
    },
    /// A character other than `O`, `R`, `.` in a row.
    #[error("row {row}: `{found}` is not `O`, `R` or `.`")]
    Piece {
        /// The row letter.
        row: char,
        /// The character found.
        found: char,
    },
    /// The side to move is not `O` or `R`.
    #[error("the side to move must be `O` or `R`, found `{0}`")]
    Side(String),
    /// The pieces do not make a board (too many of a kind).
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl FromStr for Position {
    type Err = PositionStringError;

    /// Parse a position string.
    ///
    /// ```
    /// use asalto_asalto::{Position, Side};
    ///
    /// let pos: Position = "OO./.../RR...RR/RRRRRRR/RRRRRRR/RRR/RRR R".parse()?;
    /// assert_eq!(pos.turn(), Side::Rebels);
    /// assert!("RRR O".parse::<Position>().is_err());
    /// # Ok::<(), asalto_asalto::PositionStringError>(())
    /// ```
    fn from_str(s: &str) -> Result<Position, PositionStringError> {
        // Exactly the printed form: no surrounding or doubled spaces, so a
        // position string has one spelling (callers trim user input).
        let (rows, side) = s.split_once(' ').ok_or(PositionStringError::Shape)?;
        let turn = match side {
            "O" => Side::Officers,
            "R" => Side::Rebels,
            _ => return Err(PositionStringError::Side(side.to_string())),
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 7 {
            return Err(PositionStringError::RowCount(rows.len()));
        }
        let mut officers = PointSet::EMPTY;
        let mut rebels = PointSet::EMPTY;
        let mut points = Point::all();
        for (y, row) in rows.iter().enumerate() {
            let letter = (b'A' + y as u8) as char;
            let found = row.chars().count();
            if found != ROW_LENGTHS[y] {
                return Err(PositionStringError::RowLength {
                    row: letter,
                    expected: ROW_LENGTHS[y],
                    found,
                });
            }
            for c in row.chars() {
                let Some(p) = points.next() else {
                    return Err(PositionStringError::Shape);
                };
                match c {
                    'O' => officers.insert(p),
                    'R' => rebels.insert(p),
                    '.' => {}
                    _ => {
                        return Err(PositionStringError::Piece {
                            row: letter,
                            found: c,
                        });
                    }
                }
            }
        }
        Ok(Position::new(Board::new(officers, rebels)?, turn))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut row = 0;
        for p in Point::all() {
            if p.y() != row {
                f.write_str("/")?;
                row = p.y();
            }
            let c = match self.board().piece_at(p) {
                Some(side) => side.letter(),
                None => '.',
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", self.turn().letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let s = ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O";
        assert_eq!(Position::start().to_string(), s);
        assert_eq!(s.parse::<Position>().unwrap(), Position::start());
    }

    #[test]
    fn malformed_strings_are_rejected() {
        let bad = [
            "",
            ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR",
            ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR X",
            ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR O",
            "..../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
            ".../O.X/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
            "OOO/O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
            "RRR/O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
        ];
        for s in bad {
            assert!(s.parse::<Position>().is_err(), "{s:?} accepted");
        }
    }
}
