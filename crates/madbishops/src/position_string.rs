//! The one-line position string:
//! `RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R`.
//!
//! Ten rows separated by `/`, row 0 (the top, rank 10) first. Each row lists
//! only its five dark squares, left to right, as `R` (red bishop), `B` (blue
//! bishop) or `.` (empty): in rows 0, 2, 4, 6, 8 those are columns 1, 3, 5,
//! 7, 9; in rows 1, 3, 5, 7, 9, columns 0, 2, 4, 6, 8. Then one space and the
//! side to move, `R` or `B`. The rule profile is not part of it: it is
//! written beside it (`rules` in JSON).
//!
//! There is exactly one spelling of each position (no optional spaces, no
//! run-length digits), so two positions are equal when their strings are.

use std::fmt;

use crate::{Board, BoardError, Position, Profile, Side, SquareSet};

/// Why a string is not a position string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionStringError {
    /// Not `<rows> <side>`.
    #[error("expected 10 rows separated by `/`, one space, and the side to move (`R` or `B`)")]
    Shape,
    /// Not exactly 10 rows.
    #[error("expected 10 rows separated by `/`, found {0}")]
    RowCount(usize),
    /// A row without exactly 5 squares.
    #[error("row {row} has {found} squares; each row lists its 5 dark squares")]
    RowLength {
        /// The row, 0 at the top.
        row: usize,
        /// How many characters it has.
        found: usize,
    },
    /// A character other than `R`, `B`, `.` in a row.
    #[error("row {row}: `{found}` is not `R`, `B` or `.`")]
    Piece {
        /// The row, 0 at the top.
        row: usize,
        /// The character found.
        found: char,
    },
    /// The side to move is not `R` or `B`.
    #[error("the side to move must be `R` or `B`, found `{0}`")]
    Side(String),
    /// No bishops at all.
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl Position {
    /// Parse a position string, under `profile`.
    ///
    /// # Errors
    ///
    /// A [`PositionStringError`] saying what is malformed.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_madbishops::{Position, Profile, Side};
    ///
    /// let s = "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB B";
    /// let pos = Position::from_position_string(s, Profile::Report)?;
    /// assert_eq!(pos, Position::start(Profile::Report, Side::Blue));
    /// assert_eq!(pos.position_string(), s);
    /// # Ok::<(), asalto_madbishops::PositionStringError>(())
    /// ```
    pub fn from_position_string(
        s: &str,
        profile: Profile,
    ) -> Result<Position, PositionStringError> {
        let (rows, side) = s.split_once(' ').ok_or(PositionStringError::Shape)?;
        let turn = match side {
            "R" => Side::Red,
            "B" => Side::Blue,
            _ => return Err(PositionStringError::Side(side.to_string())),
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 10 {
            return Err(PositionStringError::RowCount(rows.len()));
        }
        let mut red = SquareSet::EMPTY;
        let mut blue = SquareSet::EMPTY;
        for (row, text) in rows.iter().enumerate() {
            let found = text.chars().count();
            if found != 5 {
                return Err(PositionStringError::RowLength { row, found });
            }
            for (k, c) in text.chars().enumerate() {
                let bit = SquareSet(1 << (row * 5 + k));
                match c {
                    'R' => red |= bit,
                    'B' => blue |= bit,
                    '.' => {}
                    _ => return Err(PositionStringError::Piece { row, found: c }),
                }
            }
        }
        Ok(Position::new(Board::new(red, blue)?, turn, profile))
    }

    /// The position string (the same as `to_string()`).
    pub fn position_string(&self) -> String {
        self.to_string()
    }
}

/// The position string.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(62);
        for sq in crate::Square::all() {
            if sq.index() > 0 && sq.index() % 5 == 0 {
                out.push('/');
            }
            out.push(self.board().piece_at(sq).map_or('.', Side::letter));
        }
        out.push(' ');
        out.push(self.turn().letter());
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_round_trips() {
        let s = "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R";
        let start = Position::start(Profile::Steere, Side::Red);
        assert_eq!(start.to_string(), s);
        assert_eq!(
            Position::from_position_string(s, Profile::Steere),
            Ok(start)
        );
    }

    #[test]
    fn malformed_strings_are_rejected() {
        let bad = [
            "",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB X",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R ",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR R",
            "RRRRRR/BBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBb R",
            "...../...../...../...../...../...../...../...../...../..... R",
            "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBéB R",
        ];
        for s in bad {
            assert!(
                Position::from_position_string(s, Profile::Steere).is_err(),
                "{s:?} accepted"
            );
        }
    }
}
