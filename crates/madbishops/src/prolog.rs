//! The report's board encoding: a Prolog list of 10 lists of 10 numbers,
//! row 0 (the top) first, where 0 is a light square, 1 an empty dark
//! square, 2 a red bishop and 3 a blue bishop. (The report's legend says
//! "0 = occupied": a slip, 0 marks the light squares.)
//!
//! [`write_board`] writes one row per line:
//!
//! ```text
//! [[0,2,0,2,0,2,0,2,0,2],
//!  [3,0,3,0,3,0,3,0,3,0],
//!  ...
//!  [3,0,3,0,3,0,3,0,3,0]]
//! ```
//!
//! [`parse_board`] reads that term with any whitespace (newlines included)
//! between the tokens, and an optional final `.` as a Prolog clause ends;
//! it checks the shape, the numbers, and that 0 stands exactly on the light
//! squares.

use std::ops::Range;

use nom::Parser;
use nom::character::complete::{digit1, multispace0};

use crate::{Board, BoardError, Side, Square, SquareSet};

/// The code of a light square.
pub const LIGHT: u8 = 0;
/// The code of an empty dark square.
pub const EMPTY: u8 = 1;

/// The board as the report's 10×10 matrix of codes (0 light, 1 empty,
/// 2 red, 3 blue), row 0 first.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{prolog, Board};
///
/// let m = prolog::board_matrix(&Board::report_setup());
/// assert_eq!(m[0], [0, 2, 0, 2, 0, 2, 0, 2, 0, 2]);
/// assert_eq!(m[9], [3, 0, 3, 0, 3, 0, 3, 0, 3, 0]);
/// ```
pub fn board_matrix(board: &Board) -> [[u8; 10]; 10] {
    let mut m = [[LIGHT; 10]; 10];
    for sq in Square::all() {
        m[sq.row() as usize][sq.col() as usize] = board.piece_at(sq).map_or(EMPTY, Side::code);
    }
    m
}

/// The board as the report's Prolog term, one row per line, ending in a
/// newline.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{prolog, Board};
///
/// let text = prolog::write_board(&Board::report_setup());
/// assert!(text.starts_with("[[0,2,0,2,0,2,0,2,0,2],\n [3,0,3,0,3,0,3,0,3,0],\n"));
/// assert!(text.ends_with(" [3,0,3,0,3,0,3,0,3,0]]\n"));
/// assert_eq!(prolog::parse_board(&text), Ok(Board::report_setup()));
/// ```
pub fn write_board(board: &Board) -> String {
    let rows: Vec<String> = board_matrix(board)
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]\n", rows.join(",\n "))
}

/// What is wrong with a board term.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PrologErrorKind {
    /// A token other than the one the grammar needs there.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A number other than 0, 1, 2, 3.
    #[error("{0} is not a square code (0 light, 1 empty, 2 red, 3 blue)")]
    Code(u64),
    /// Not 10 rows.
    #[error("the board has {0} rows; it must have 10")]
    RowCount(usize),
    /// A row without 10 numbers.
    #[error("row {row} has {found} numbers; it must have 10")]
    RowLength {
        /// The row, 0 at the top.
        row: usize,
        /// How many numbers it has (counting stops at 11).
        found: usize,
    },
    /// A light square that is not 0, or a dark square that is 0.
    #[error(
        "row {row}, column {col} is a {} square, so its code must be {}, not {found}",
        if *light { "light" } else { "dark" },
        if *light { "0" } else { "1, 2 or 3" }
    )]
    Colour {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// Whether the square is light.
        light: bool,
        /// The code found.
        found: u8,
    },
    /// Text after the term.
    #[error("unexpected text after the board")]
    Trailing,
    /// The squares make no board (no bishops at all).
    #[error(transparent)]
    Board(BoardError),
}

/// A board term that cannot be read, and where (a byte range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (at byte {})", span.start)]
pub struct PrologError {
    /// What is wrong.
    pub kind: PrologErrorKind,
    /// Where.
    pub span: Range<usize>,
}

/// A number of the term and where it is written.
type Code = (u8, Range<usize>);

/// A row of the term: its numbers, and where the whole list is written.
type Row = (Vec<Code>, Range<usize>);

/// A cursor over the term's text, for spans.
struct Cursor<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn at(&self) -> usize {
        self.text.len() - self.rest.len()
    }

    fn skip_space(&mut self) {
        let parsed: nom::IResult<&str, &str, ()> = multispace0.parse(self.rest);
        if let Ok((rest, _)) = parsed {
            self.rest = rest;
        }
    }

    fn error<T>(&self, kind: PrologErrorKind) -> Result<T, PrologError> {
        let len = self.rest.chars().next().map_or(0, char::len_utf8);
        let at = self.at();
        Err(PrologError {
            kind,
            span: at..at + len,
        })
    }

    /// Whether the next token is `c` (consumed if so).
    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        match self.rest.strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), PrologError> {
        if self.eat(c) {
            Ok(())
        } else {
            self.error(PrologErrorKind::Expected(what))
        }
    }

    /// A number and its span.
    fn number(&mut self) -> Result<Code, PrologError> {
        self.skip_space();
        let start = self.at();
        let parsed: nom::IResult<&str, &str, ()> = digit1.parse(self.rest);
        let Ok((rest, digits)) = parsed else {
            return self.error(PrologErrorKind::Expected("a number"));
        };
        self.rest = rest;
        let span = start..self.at();
        let value = digits
            .bytes()
            .try_fold(0u64, |n, d| {
                n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
            })
            .unwrap_or(u64::MAX);
        match u8::try_from(value) {
            Ok(code) if code <= 3 => Ok((code, span)),
            _ => Err(PrologError {
                kind: PrologErrorKind::Code(value),
                span,
            }),
        }
    }

    /// `[n, n, ...]`, row `index` of the board: the numbers with their
    /// spans, and the list's span.
    fn row(&mut self, index: usize) -> Result<Row, PrologError> {
        self.skip_space();
        let start = self.at();
        self.expect('[', "`[` (a row)")?;
        let mut cells = Vec::new();
        if !self.eat(']') {
            loop {
                cells.push(self.number()?);
                if cells.len() > 10 {
                    // Bounded: no row is longer than the board.
                    return Err(PrologError {
                        kind: PrologErrorKind::RowLength {
                            row: index,
                            found: 11,
                        },
                        span: start..self.at(),
                    });
                }
                if self.eat(']') {
                    break;
                }
                self.expect(',', "`,` or `]`")?;
            }
        }
        Ok((cells, start..self.at()))
    }
}

/// Read the report's board term.
///
/// # Errors
///
/// A [`PrologError`] with what is wrong and where.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::prolog::{parse_board, write_board, PrologErrorKind};
/// use asalto_madbishops::Board;
///
/// // The first row loses a number.
/// let bad = write_board(&Board::report_setup()).replacen("0,2]", "2]", 1);
/// let error = parse_board(&bad).unwrap_err();
/// assert_eq!(error.kind, PrologErrorKind::RowLength { row: 0, found: 9 });
/// assert_eq!(error.span, 1..20);
/// ```
pub fn parse_board(text: &str) -> Result<Board, PrologError> {
    let mut cur = Cursor { text, rest: text };
    cur.expect('[', "`[` (the board)")?;
    let mut rows = Vec::new();
    if !cur.eat(']') {
        loop {
            let row = cur.row(rows.len())?;
            rows.push(row);
            if rows.len() > 10 {
                let span = rows[10].1.clone();
                return Err(PrologError {
                    kind: PrologErrorKind::RowCount(11),
                    span,
                });
            }
            if cur.eat(']') {
                break;
            }
            cur.expect(',', "`,` or `]`")?;
        }
    }
    let end = cur.at();
    cur.eat('.');
    cur.skip_space();
    if !cur.rest.is_empty() {
        return cur.error(PrologErrorKind::Trailing);
    }
    if rows.len() != 10 {
        return Err(PrologError {
            kind: PrologErrorKind::RowCount(rows.len()),
            span: 0..end,
        });
    }
    let (mut red, mut blue) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for (row, (cells, span)) in rows.into_iter().enumerate() {
        if cells.len() != 10 {
            return Err(PrologError {
                kind: PrologErrorKind::RowLength {
                    row,
                    found: cells.len(),
                },
                span,
            });
        }
        for (col, (code, span)) in cells.into_iter().enumerate() {
            let square = Square::from_row_col(row as i32, col as i32);
            let colour = |light| PrologError {
                kind: PrologErrorKind::Colour {
                    row,
                    col,
                    light,
                    found: code,
                },
                span: span.clone(),
            };
            match (square, code) {
                (None, LIGHT) => {}
                (None, _) => return Err(colour(true)),
                (Some(_), LIGHT) => return Err(colour(false)),
                (Some(sq), 2) => red.insert(sq),
                (Some(sq), 3) => blue.insert(sq),
                (Some(_), _) => {}
            }
        }
    }
    Board::new(red, blue).map_err(|e| PrologError {
        kind: PrologErrorKind::Board(e),
        span: 0..end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_layout() {
        let board = Board::report_setup();
        let text = write_board(&board);
        assert_eq!(text.lines().count(), 10);
        assert_eq!(parse_board(&text), Ok(board));
        // Any whitespace and a final full stop.
        let loose = text.replace(',', " ,\n\t").replace(']', " ]") + " .\n";
        assert_eq!(parse_board(&loose), Ok(board));
    }

    #[test]
    fn errors_with_places() {
        let good = write_board(&Board::report_setup());
        let kind = |t: &str| parse_board(t).unwrap_err().kind;
        assert_eq!(kind(""), PrologErrorKind::Expected("`[` (the board)"));
        assert_eq!(kind("[]"), PrologErrorKind::RowCount(0));
        let light = good.replacen("[0,2", "[1,2", 1);
        assert_eq!(
            parse_board(&light).unwrap_err(),
            PrologError {
                kind: PrologErrorKind::Colour {
                    row: 0,
                    col: 0,
                    light: true,
                    found: 1
                },
                span: 2..3
            }
        );
        let dark = good.replacen("[0,2", "[0,0", 1);
        assert!(matches!(
            kind(&dark),
            PrologErrorKind::Colour { light: false, .. }
        ));
        assert_eq!(kind(&good.replacen("2", "7", 1)), PrologErrorKind::Code(7));
        assert_eq!(
            kind(&good.replacen("2", "99999999999999999999999", 1)),
            PrologErrorKind::Code(u64::MAX)
        );
        assert_eq!(kind(&format!("{good} x")), PrologErrorKind::Trailing);
        let empty =
            "[".to_string() + &["[0,1,0,1,0,1,0,1,0,1],[1,0,1,0,1,0,1,0,1,0]"; 5].join(",") + "]";
        assert_eq!(kind(&empty), PrologErrorKind::Board(BoardError::NoBishops));
        let long = "[".to_string() + &["[0,1]"; 12].join(",") + "]";
        assert_eq!(kind(&long), PrologErrorKind::RowCount(11));
        let wide = good.replacen("2]", "2,1,1]", 1);
        assert_eq!(
            kind(&wide),
            PrologErrorKind::RowLength { row: 0, found: 11 }
        );
    }
}
