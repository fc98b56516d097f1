//! Captures in algebraic notation: `Nb1xc3`, `RxBb4`, `b1xc3`, `Nc3`,
//! `1. Nb1-c3`. Syntax only; [`Position::resolve`](crate::Position::resolve)
//! matches the result against a position.

use std::ops::Range;

use crate::{Piece, Square, SquareError, Written};

/// A capture as written, with the byte range of each part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawCapture {
    pub written: Written,
    pub range: Range<usize>,
    pub piece: Option<Range<usize>>,
    pub from: Option<Range<usize>>,
    pub captured: Option<Range<usize>>,
    pub to: Range<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Piece(Piece),
    Square(Result<Square, SquareError>),
    Separator,
}

/// Split `text` into tokens with their ranges (offset by `base`), or `None`
/// if a character has no place in a capture.
fn tokens(text: &str, base: usize) -> Option<Vec<(Token, Range<usize>)>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = base + i;
        match b {
            b' ' | b'\t' => i += 1,
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' => {
                let piece = Piece::from_letter(char::from(b))?;
                out.push((Token::Piece(piece), start..start + 1));
                i += 1;
            }
            b'a'..=b'z' | b'A'..=b'Z' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let square = Square::from_algebraic(&bytes[i..i + 2]);
                out.push((Token::Square(square), start..start + 2));
                i += 2;
            }
            b'x' | b'X' | b':' => {
                out.push((Token::Separator, start..start + 1));
                i += 1;
            }
            b'-' => {
                let len = if bytes.get(i + 1) == Some(&b'>') {
                    2
                } else {
                    1
                };
                out.push((Token::Separator, start..start + len));
                i += len;
            }
            // Check and mate signs and annotation marks carry nothing here.
            b'+' | b'!' | b'?' if !out.is_empty() => i += 1,
            _ if text[i..].starts_with('×') => {
                out.push((Token::Separator, start..start + '×'.len_utf8()));
                i += '×'.len_utf8();
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The length of a leading move number (`12.`, `3)`, with the spaces after
/// it), 0 if there is none.
fn move_number_len(text: &str) -> usize {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !matches!(text.as_bytes().get(digits), Some(b'.' | b')')) {
        return 0;
    }
    let rest = &text[digits + 1..];
    digits + 1 + (rest.len() - rest.trim_start().len())
}

/// Read `text` (one capture, trimmed, no comment) found at byte `base` of
/// the source.
///
/// `None`: it does not look like a capture at all (so the caller may try
/// another form). `Some(Err)`: it does, but a square is not on the board;
/// the error carries the square's range.
pub(crate) fn parse_capture(
    text: &str,
    base: usize,
) -> Option<Result<RawCapture, (SquareError, Range<usize>)>> {
    let skip = move_number_len(text);
    let body = &text[skip..];
    let mut toks = tokens(body, base + skip)?;
    let (Token::Square(to), to_range) = toks.pop()? else {
        return None;
    };
    let mut rest = toks.into_iter().peekable();
    let mut take = |want: fn(&Token) -> bool| rest.next_if(|(t, _)| want(t));
    let piece = take(|t| matches!(t, Token::Piece(_)));
    let from = take(|t| matches!(t, Token::Square(_)));
    let separator = take(|t| matches!(t, Token::Separator));
    let captured = take(|t| matches!(t, Token::Piece(_)));
    if rest.next().is_some() || (piece.is_none() && from.is_none() && separator.is_none()) {
        return None;
    }
    let letter = |t: &Option<(Token, Range<usize>)>| match t {
        Some((Token::Piece(p), _)) => Some(*p),
        _ => None,
    };
    let from_square = match &from {
        Some((Token::Square(Ok(sq)), _)) => Some(*sq),
        Some((Token::Square(Err(e)), range)) => return Some(Err((*e, range.clone()))),
        _ => None,
    };
    let to = match to {
        Ok(sq) => sq,
        Err(e) => return Some(Err((e, to_range))),
    };
    let range = base..base + text.len();
    Some(Ok(RawCapture {
        written: Written {
            piece: letter(&piece),
            from: from_square,
            captured: letter(&captured),
            to,
        },
        range,
        piece: piece.map(|(_, r)| r),
        from: from.map(|(_, r)| r),
        captured: captured.map(|(_, r)| r),
        to: to_range,
    }))
}

/// The long algebraic spelling the writers use: `Nb1xc3`.
pub fn long_algebraic(piece: Piece, capture: crate::Capture) -> String {
    format!("{piece}{}x{}", capture.from, capture.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts read, `_` for a missing one: `Nb1_c3`.
    fn read(text: &str) -> Option<String> {
        let c = parse_capture(text, 0)?.ok()?;
        let w = c.written;
        let letter = |p: Option<Piece>| p.map_or('_', Piece::letter);
        let from = w.from.map_or("__".to_string(), |s| s.to_string());
        Some(format!(
            "{}{from}{}{}",
            letter(w.piece),
            letter(w.captured),
            w.to
        ))
    }

    #[test]
    fn forms() {
        let r = |t: &str| read(t);
        assert_eq!(r("Nb1xc3").as_deref(), Some("Nb1_c3"));
        assert_eq!(r("RxBb4").as_deref(), Some("R__Bb4"));
        assert_eq!(r("b1xc3").as_deref(), Some("_b1_c3"));
        assert_eq!(r("b1c3").as_deref(), Some("_b1_c3"));
        assert_eq!(r("Nc3").as_deref(), Some("N___c3"));
        assert_eq!(r("xc3").as_deref(), Some("____c3"));
        assert_eq!(r("12. Nb1-c3+").as_deref(), Some("Nb1_c3"));
        assert_eq!(r("N b1 -> c3").as_deref(), Some("Nb1_c3"));
        assert_eq!(r("Nb1×Pc3").as_deref(), Some("Nb1Pc3"));
        assert_eq!(r("c3"), None);
        assert_eq!(r("...."), None);
        assert_eq!(r("K..."), None);
        assert_eq!(r("Nb1xc3d4"), None);
    }

    #[test]
    fn off_board_squares_are_errors_with_their_place() {
        let err = parse_capture("Nb1xe5", 10).and_then(Result::err);
        assert_eq!(err, Some((SquareError::OffBoard, 14..16)));
    }
}
