//! Reading one written move: syntax only, with the place of every part.
//!
//! Three forms are read (the [`Notation`]s):
//!
//! - algebraic, `c3-d4` and `c3xe5`: a lower-case file `a`–`j`, a rank
//!   `1`–`10`, the mark (`-` for a plain move, `x` for a capture), the other
//!   square;
//! - row/column, `(7,2)-(6,3)` and `(7,2)x(5,4)`: the report's coordinates,
//!   row then column, both 0–9 from the top left, in parentheses (spaces
//!   inside the parentheses are allowed), joined by the same marks;
//! - numbers, `7 2 6 3`: the four numbers the report's program asks for
//!   (from row, from column, to row, to column), separated by spaces or
//!   tabs, with no mark.
//!
//! Both squares of a move use the same form. Whether a square exists (on
//! the board, dark) is decided here, since it does not depend on the
//! position; everything else about legality is [`Position::resolve`]'s.
//!
//! [`Position::resolve`]: crate::Position::resolve

use std::ops::Range;

use nom::IResult;
use nom::Parser;
use nom::character::complete::{char, digit1, space0, space1};
use nom::multi::separated_list1;
use nom::sequence::delimited;

use crate::square::{AlgebraicError, SquareError};
use crate::{Mark, Notation, Part, Square};

/// A move as written, before it meets a position. Spans are byte ranges in
/// the text that was parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The first square.
    pub from: Square,
    /// The second square.
    pub to: Square,
    /// The mark between them (`None` in the numbers form).
    pub mark: Option<Mark>,
    /// The form it was written in.
    pub notation: Notation,
    /// Where the first square is written.
    pub from_span: Range<usize>,
    /// Where the mark is written.
    pub mark_span: Option<Range<usize>>,
    /// Where the second square is written.
    pub to_span: Range<usize>,
}

impl WrittenMove {
    /// The span of the whole move.
    pub fn span(&self) -> Range<usize> {
        self.from_span.start..self.to_span.end
    }

    /// The span of one part of the move; the mark of a move written without
    /// one is the space between its squares.
    pub fn part_span(&self, part: Part) -> Range<usize> {
        match part {
            Part::Whole => self.span(),
            Part::From => self.from_span.clone(),
            Part::To => self.to_span.clone(),
            Part::Mark => self
                .mark_span
                .clone()
                .unwrap_or(self.from_span.end..self.to_span.start),
        }
    }

    /// The same move with every span moved `by` bytes to the right.
    #[must_use]
    pub fn shifted(mut self, by: usize) -> WrittenMove {
        let shift = |r: &Range<usize>| r.start + by..r.end + by;
        self.from_span = shift(&self.from_span);
        self.mark_span = self.mark_span.as_ref().map(shift);
        self.to_span = shift(&self.to_span);
        self
    }
}

/// What is wrong with the text of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// Nothing written.
    Empty,
    /// A character that has no place there.
    Unexpected(char),
    /// Text where a square of this notation should be (`C3`, `c`, `(7;2)`).
    NotASquare(Notation),
    /// A well-formed square off the 10×10 board (`k3`, `a11`, `(10,1)`):
    /// reason `off-board`.
    OffBoard {
        /// The row it names (0 at the top).
        row: i32,
        /// The column it names.
        col: i32,
    },
    /// A light square (`a2`, `(0,0)`): reason `light-square`.
    LightSquare {
        /// The row.
        row: i32,
        /// The column.
        col: i32,
    },
    /// Two squares with no mark between them (`c3d4`).
    MissingMark,
    /// A character other than `-` or `x` between the squares.
    BadMark(char),
    /// A mark with no square after it (`c3-`).
    MissingSquare,
    /// Only one square.
    OneSquare,
    /// The numbers form with other than four numbers.
    NumberCount(usize),
}

/// A syntax error in the text of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// Where, as a byte range in the parsed text (never empty unless the
    /// text is).
    pub span: Range<usize>,
}

/// Parse one move: the whole of `text` (already trimmed) must be the move.
///
/// # Errors
///
/// A [`MoveSyntaxError`] with its kind and place.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::notation::{parse_move, SyntaxErrorKind};
/// use asalto_madbishops::{Mark, Notation};
///
/// let m = parse_move("c3xe5")?;
/// assert_eq!((m.from.to_string(), m.to.to_string()), ("c3".into(), "e5".into()));
/// assert_eq!(m.mark, Some(Mark::Capture));
/// assert_eq!(m.to_span, 3..5);
/// assert_eq!(parse_move("(7,2)x(5,4)")?.notation, Notation::RowColumn);
/// assert_eq!(parse_move("7 2 5 4")?.mark, None);
/// assert_eq!(parse_move("k3-j4").unwrap_err().kind, SyntaxErrorKind::OffBoard { row: 7, col: 10 });
/// # Ok::<(), asalto_madbishops::notation::MoveSyntaxError>(())
/// ```
pub fn parse_move(text: &str) -> Result<WrittenMove, MoveSyntaxError> {
    match text.chars().next() {
        None => Err(MoveSyntaxError {
            kind: SyntaxErrorKind::Empty,
            span: 0..0,
        }),
        Some('(') => marked(text, Notation::RowColumn),
        Some(c) if c.is_ascii_digit() => numbers(text),
        Some(c) if c.is_ascii_alphabetic() => marked(text, Notation::Algebraic),
        Some(c) => Err(MoveSyntaxError {
            kind: SyntaxErrorKind::Unexpected(c),
            span: 0..c.len_utf8(),
        }),
    }
}

type Res<'a, T> = IResult<&'a str, T, ()>;

/// The byte offset of `rest`, a suffix of `text`.
fn at(text: &str, rest: &str) -> usize {
    text.len() - rest.len()
}

fn error<T>(kind: SyntaxErrorKind, span: Range<usize>) -> Result<T, MoveSyntaxError> {
    Err(MoveSyntaxError { kind, span })
}

/// The square whose coordinates were read, or the error for them.
fn square_at(row: i32, col: i32, span: Range<usize>) -> Result<Square, MoveSyntaxError> {
    Square::try_from_row_col(row, col).or_else(|e| match e {
        SquareError::OffBoard { row, col } => error(SyntaxErrorKind::OffBoard { row, col }, span),
        SquareError::Light { row, col } => error(SyntaxErrorKind::LightSquare { row, col }, span),
    })
}

/// A decimal number of at most three digits (more is no coordinate).
fn small_number(input: &str) -> Res<'_, i32> {
    let (rest, digits) = digit1(input)?;
    if digits.len() > 3 {
        return Err(nom::Err::Error(()));
    }
    let n = digits
        .bytes()
        .fold(0i32, |n, d| n * 10 + i32::from(d - b'0'));
    Ok((rest, n))
}

/// `(row,col)`, spaces allowed inside.
fn row_col(input: &str) -> Res<'_, (i32, i32)> {
    let number = || delimited(space0, small_number, space0);
    let (rest, (row, _, col)) =
        delimited(char('('), (number(), char(','), number()), char(')')).parse(input)?;
    Ok((rest, (row, col)))
}

/// One square in `notation` at the start of `input` (a suffix of `text`).
fn square<'a>(
    text: &str,
    input: &'a str,
    notation: Notation,
) -> Result<(&'a str, Square, Range<usize>), MoveSyntaxError> {
    let start = at(text, input);
    match notation {
        Notation::RowColumn => match row_col(input) {
            Ok((rest, (row, col))) => {
                let span = start..at(text, rest);
                square_at(row, col, span.clone()).map(|sq| (rest, sq, span))
            }
            Err(_) => {
                // Underline up to the closing parenthesis, or the rest.
                let len = input.find(')').map_or(input.len(), |i| i + 1).max(1);
                let len = ceil_char_boundary(input, len);
                error(SyntaxErrorKind::NotASquare(notation), start..start + len)
            }
        },
        _ => {
            let letter_len = input
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .map_or(0, |_| 1);
            let digits_len = input[letter_len..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            let len = letter_len + digits_len;
            let span = start..start + len;
            let token = &input[..len];
            match Square::from_algebraic(token) {
                Ok(sq) => Ok((&input[len..], sq, span)),
                Err(AlgebraicError::Square(SquareError::OffBoard { row, col })) => {
                    error(SyntaxErrorKind::OffBoard { row, col }, span)
                }
                Err(AlgebraicError::Square(SquareError::Light { row, col })) => {
                    error(SyntaxErrorKind::LightSquare { row, col }, span)
                }
                Err(AlgebraicError::Syntax) => {
                    // Underline the letters and digits that were meant as a
                    // square (`xx`, `cc3`, `C3`), or the one character there.
                    let word = input
                        .bytes()
                        .take_while(|b| b.is_ascii_alphabetic())
                        .count();
                    let word = word + input[word..].bytes().take_while(u8::is_ascii_digit).count();
                    let len = match (len, word) {
                        (0, 0) => input.chars().next().map_or(0, char::len_utf8),
                        (1, w) if w > 1 => w,
                        (len, _) => len,
                    };
                    error(SyntaxErrorKind::NotASquare(notation), start..start + len)
                }
            }
        }
    }
}

/// The smallest char boundary of `s` at or after `i`.
fn ceil_char_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

/// `square mark square`, in the algebraic or the row/column form.
fn marked(text: &str, notation: Notation) -> Result<WrittenMove, MoveSyntaxError> {
    let (rest, from, from_span) = square(text, text, notation)?;
    let mark_at = at(text, rest);
    let mark = match rest.chars().next() {
        None => return error(SyntaxErrorKind::OneSquare, from_span),
        Some('-') => Mark::Move,
        Some('x') => Mark::Capture,
        Some('X') => return error(SyntaxErrorKind::BadMark('X'), mark_at..mark_at + 1),
        Some(c) if c.is_ascii_alphanumeric() || c == '(' => {
            let (_, _, next) = square(text, rest, notation)?;
            return error(SyntaxErrorKind::MissingMark, next);
        }
        Some(c) => {
            return error(SyntaxErrorKind::BadMark(c), mark_at..mark_at + c.len_utf8());
        }
    };
    let mark_span = mark_at..mark_at + 1;
    let rest = &rest[1..];
    if rest.is_empty() {
        return error(SyntaxErrorKind::MissingSquare, mark_span);
    }
    let (rest, to, to_span) = square(text, rest, notation)?;
    if let Some(c) = rest.chars().next() {
        let start = at(text, rest);
        return error(SyntaxErrorKind::Unexpected(c), start..start + c.len_utf8());
    }
    Ok(WrittenMove {
        from,
        to,
        mark: Some(mark),
        notation,
        from_span,
        mark_span: Some(mark_span),
        to_span,
    })
}

/// `row col row col`.
fn numbers(text: &str) -> Result<WrittenMove, MoveSyntaxError> {
    let parsed: Res<'_, Vec<&str>> = separated_list1(space1, digit1).parse(text);
    let (rest, tokens) = match parsed {
        Ok(ok) => ok,
        Err(_) => return error(SyntaxErrorKind::NotASquare(Notation::Numbers), 0..1),
    };
    let trailing = rest.trim_start_matches([' ', '\t']);
    if let Some(c) = trailing.chars().next() {
        let start = at(text, trailing);
        return error(SyntaxErrorKind::Unexpected(c), start..start + c.len_utf8());
    }
    if tokens.len() != 4 {
        return error(
            SyntaxErrorKind::NumberCount(tokens.len()),
            0..at(text, rest),
        );
    }
    // The tokens are slices of `text`: their offsets are pointer distances.
    let span_of = |t: &str| {
        let start = t.as_ptr() as usize - text.as_ptr() as usize;
        start..start + t.len()
    };
    let value = |t: &str| -> Result<i32, MoveSyntaxError> {
        match small_number(t) {
            Ok(("", n)) => Ok(n),
            _ => error(SyntaxErrorKind::NotASquare(Notation::Numbers), span_of(t)),
        }
    };
    let from_span = span_of(tokens[0]).start..span_of(tokens[1]).end;
    let to_span = span_of(tokens[2]).start..span_of(tokens[3]).end;
    let from = square_at(value(tokens[0])?, value(tokens[1])?, from_span.clone())?;
    let to = square_at(value(tokens[2])?, value(tokens[3])?, to_span.clone())?;
    Ok(WrittenMove {
        from,
        to,
        mark: None,
        notation: Notation::Numbers,
        from_span,
        mark_span: None,
        to_span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxErrorKind as K;

    fn kind(text: &str) -> (SyntaxErrorKind, Range<usize>) {
        let e = parse_move(text).unwrap_err();
        (e.kind, e.span)
    }

    #[test]
    fn the_three_forms() {
        let a = parse_move("c3-d4").unwrap();
        assert_eq!(
            (a.from.to_string(), a.to.to_string()),
            ("c3".into(), "d4".into())
        );
        assert_eq!(
            (a.from_span, a.mark_span, a.to_span),
            (0..2, Some(2..3), 3..5)
        );
        let b = parse_move("(7,2)-(6,3)").unwrap();
        assert_eq!((b.from, b.to, b.mark), (a.from, a.to, a.mark));
        assert_eq!((b.from_span, b.to_span), (0..5, 6..11));
        assert_eq!(parse_move("( 7 , 2 )-(6,3)").unwrap().from, a.from);
        let c = parse_move("7 2\t6  3").unwrap();
        assert_eq!((c.from, c.to, c.mark), (a.from, a.to, None));
        assert_eq!((c.from_span, c.to_span), (0..3, 4..8));
        assert_eq!(parse_move("b10xa9").unwrap().to_span, 4..6);
    }

    #[test]
    fn errors_with_their_place() {
        assert_eq!(kind("k3-j4"), (K::OffBoard { row: 7, col: 10 }, 0..2));
        assert_eq!(kind("c3-c11"), (K::OffBoard { row: -1, col: 2 }, 3..6));
        assert_eq!(kind("a2-b3"), (K::LightSquare { row: 8, col: 0 }, 0..2));
        assert_eq!(
            kind("(0,0)-(1,1)"),
            (K::LightSquare { row: 0, col: 0 }, 0..5)
        );
        assert_eq!(
            kind("(10,1)-(1,1)"),
            (K::OffBoard { row: 10, col: 1 }, 0..6)
        );
        assert_eq!(kind("C3-d4"), (K::NotASquare(Notation::Algebraic), 0..2));
        assert_eq!(kind("c3d4"), (K::MissingMark, 2..4));
        assert_eq!(kind("c3Xe5"), (K::BadMark('X'), 2..3));
        assert_eq!(kind("c3–d4"), (K::BadMark('–'), 2..5));
        assert_eq!(kind("c3-"), (K::MissingSquare, 2..3));
        assert_eq!(kind("c3"), (K::OneSquare, 0..2));
        assert_eq!(kind("c3-d4 e5"), (K::Unexpected(' '), 5..6));
        assert_eq!(kind("c3-(6,3)"), (K::NotASquare(Notation::Algebraic), 3..4));
        assert_eq!(
            kind("(7;2)-(6,3)"),
            (K::NotASquare(Notation::RowColumn), 0..5)
        );
        assert_eq!(kind("7 2 6"), (K::NumberCount(3), 0..5));
        assert_eq!(kind("7 2 6 3 x"), (K::Unexpected('x'), 8..9));
        assert_eq!(kind("7 2 6 30"), (K::OffBoard { row: 6, col: 30 }, 4..8));
        assert_eq!(kind("é"), (K::Unexpected('é'), 0..2));
        assert_eq!(kind(""), (K::Empty, 0..0));
        assert_eq!(kind("c3-d4x"), (K::Unexpected('x'), 5..6));
    }
}
