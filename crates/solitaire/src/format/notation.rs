//! Captures written on a line, one or many: in algebraic notation
//! (`Nb1xc3`, `RxBb4`, `b1xc3`, `c1-b2`, `c1:b2`, `c1 b2`, `c1b2`, `Nc3`,
//! `1. Nb1-c3`) or in coordinates (`2,0 1,1`, `(2,0)->(1,1)`,
//! `[2,0] [1,1]`, `2 0 1 1`), separated by spaces, commas, semicolons,
//! arrows or move numbers, in brackets or quotes or not. Syntax only:
//! [`Position::resolve`](crate::Position::resolve) matches an algebraic
//! capture against a position, and [`crate::check`] chooses how the
//! numbers of coordinates name squares ([`Reading`]).
//!
//! How a line is split into captures, left to right (so that every line
//! has one reading):
//!
//! - a line with a square (`c1`) is algebraic; a line of at least two
//!   numbers and no letters is in coordinates; anything else is not a line
//!   of captures (`None`: the caller tries the other forms);
//! - algebraic: an optional piece letter, then either a capture mark (`x`,
//!   `:`, `×`) and the target (`Nxc3`, `RxBb4`), or a start square followed
//!   by a target square, joined by a capture mark, an arrow (`-`, `->`,
//!   `→`), a comma, a space or nothing (`c1xb2`, `c1-b2`, `c1, b2`,
//!   `c1 b2`, `c1b2`), with an optional letter of the captured piece before
//!   the target; a piece letter and one square (`Nc3`) is a capture onto
//!   that square when what follows starts another capture (a piece letter
//!   after a space, a `;`, a move number, the end). Semicolons, `|`, `/`
//!   and move numbers (`12.`, `3)`, or a number before a capture) only
//!   separate captures; an arrow where a capture starts separates too;
//! - coordinates: the numbers, read two by two as squares and two squares
//!   by two as captures; brackets must group them so (`[2,0]` a square,
//!   `[2,0,1,1]` or `[[2,0],[1,1]]` a capture), and a semicolon or a move
//!   number may only stand between captures.
//!
//! `+`, `!`, `?` and `#` after a capture are annotations and are skipped.

use std::ops::Range;

use super::ParseErrorKind;
use super::reading::{Order, Origin, Reading};
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
    /// The numbers as written, for a capture in coordinates (each
    /// `0..=4`); `written` holds them under a provisional [`Reading`].
    pub xy: Option<[[u8; 2]; 2]>,
}

/// Why a line of captures is wrong: what, where, and which capture of the
/// line it is about (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineError {
    pub kind: ParseErrorKind,
    pub range: Range<usize>,
    pub capture: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Piece),
    Square(Result<Square, SquareError>),
    Number(i64),
    /// `x`, `X`, `:`, `×`: "takes".
    Takes,
    /// `-`, `->`, `=>`, `→`, `–`, `—`: "to".
    Arrow,
    Comma,
    /// `;`, `|`, `/`, a move number: only between captures.
    Stop,
    Open,
    Close,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    range: Range<usize>,
    /// Whether spaces or quotes stand right before it.
    spaced: bool,
}

/// The characters that say "to" besides `-`.
const ARROWS: [char; 3] = ['→', '–', '—'];

/// Split `text` into tokens (ranges offset by `base`), or `None` if a
/// character has no place in a line of captures or brackets do not pair.
fn tokens(text: &str, base: usize) -> Option<Vec<Token>> {
    let bytes = text.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    let mut spaced = false;
    let mut depth = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        let next = bytes.get(i + 1).copied();
        let digits_from = |at: usize| {
            bytes[at..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count()
        };
        let after_separator = spaced
            || matches!(
                out.last().map(|t| t.tok),
                None | Some(Tok::Open | Tok::Comma | Tok::Stop)
            );
        let (tok, len) = match b {
            b' ' | b'\t' | b'\'' | b'"' | b'`' => {
                spaced = true;
                i += 1;
                continue;
            }
            // Annotations after a capture carry nothing here.
            b'+' | b'!' | b'?' | b'#' if !out.is_empty() => {
                i += 1;
                continue;
            }
            // A full stop at the end of a sentence.
            b'.' if !out.is_empty() && bytes[i..].iter().all(|&c| c == b'.') => break,
            b'[' | b'(' | b'{' => {
                depth += 1;
                (Tok::Open, 1)
            }
            b']' | b')' | b'}' => {
                depth = depth.checked_sub(1)?;
                (Tok::Close, 1)
            }
            b'0'..=b'9' => {
                let len = digits_from(i);
                let value = text[i..i + len].parse().unwrap_or(i64::MAX);
                match bytes.get(i + len) {
                    // A move number: `12.`, `3...`, `4)`.
                    Some(b'.') if !bytes.get(i + len + 1).is_some_and(u8::is_ascii_digit) => {
                        let dots = bytes[i + len..].iter().take_while(|&&c| c == b'.').count();
                        (Tok::Stop, len + dots)
                    }
                    Some(b')') if depth == 0 => (Tok::Stop, len + 1),
                    // A decimal: no capture is written so.
                    Some(b'.') => return None,
                    _ => (Tok::Number(value), len),
                }
            }
            b'-' if next.is_some_and(|c| c.is_ascii_digit()) && after_separator => {
                let len = digits_from(i + 1);
                let value = text[i + 1..i + 1 + len]
                    .parse::<i64>()
                    .map_or(i64::MIN, |n| -n);
                (Tok::Number(value), 1 + len)
            }
            b'-' | b'=' if next == Some(b'>') => (Tok::Arrow, 2),
            b'-' => (Tok::Arrow, 1),
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' => {
                (Tok::Piece(Piece::from_letter(char::from(b))?), 1)
            }
            b'a'..=b'z' | b'A'..=b'Z' if next.is_some_and(|c| c.is_ascii_digit()) => {
                let len = 1 + digits_from(i + 1);
                let square = match Square::from_algebraic(&bytes[i..i + 2]) {
                    Ok(_) if len > 2 => Err(SquareError::OffBoard),
                    other => other,
                };
                (Tok::Square(square), len)
            }
            b'x' | b'X' | b':' => (Tok::Takes, 1),
            b',' => (Tok::Comma, 1),
            b';' | b'|' | b'/' => (Tok::Stop, 1),
            _ => {
                let c = text[i..].chars().next()?;
                match c {
                    '×' => (Tok::Takes, c.len_utf8()),
                    c if ARROWS.contains(&c) => (Tok::Arrow, c.len_utf8()),
                    _ => return None,
                }
            }
        };
        out.push(Token {
            tok,
            range: base + i..base + i + len,
            spaced,
        });
        spaced = false;
        i += len;
    }
    (depth == 0).then_some(out)
}

/// Read the captures of `text` (one line, trimmed, no comment) found at
/// byte `base` of the source.
///
/// `None`: it is not a line of captures at all (so the caller may try
/// another form). `Some(Err)`: it is, but a capture is wrong (a square
/// off the board, a capture without its target); the error names the
/// capture.
pub(crate) fn parse_line(text: &str, base: usize) -> Option<Result<Vec<RawCapture>, LineError>> {
    let toks = tokens(text, base)?;
    let has = |f: fn(&Tok) -> bool| toks.iter().any(|t| f(&t.tok));
    if has(|t| matches!(t, Tok::Square(_))) {
        Some(algebraic(text, base, &toks))
    } else if toks
        .iter()
        .filter(|t| matches!(t.tok, Tok::Number(_)))
        .count()
        >= 2
        && !has(|t| matches!(t, Tok::Piece(_)))
    {
        coordinates(&toks)
    } else {
        None
    }
}

/// A significant token of an algebraic line: what stands between it and
/// the one before.
struct Part<'t> {
    token: &'t Token,
    /// A `;`, `|`, `/` or move number stands between.
    stop: bool,
    /// Nothing at all stands between (`Pc3` in `Nb1Pc3`).
    adjacent: bool,
}

fn algebraic(text: &str, base: usize, toks: &[Token]) -> Result<Vec<RawCapture>, LineError> {
    let mut parts: Vec<Part<'_>> = Vec::new();
    let mut stop = false;
    let mut adjacent = true;
    for t in toks {
        match t.tok {
            Tok::Piece(_) | Tok::Square(_) | Tok::Takes | Tok::Arrow => {
                parts.push(Part {
                    token: t,
                    stop,
                    adjacent: adjacent && !t.spaced,
                });
                stop = false;
                adjacent = true;
            }
            // A number in an algebraic line is a move number.
            Tok::Stop | Tok::Number(_) => {
                stop = true;
                adjacent = false;
            }
            Tok::Comma | Tok::Open | Tok::Close => adjacent = false,
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    let square_text = |r: &Range<usize>| text[r.start - base..r.end - base].to_string();
    loop {
        // An arrow where a capture starts separates captures: `c1xb2 -> b2xd4`.
        while parts.get(i).is_some_and(|p| p.token.tok == Tok::Arrow) {
            i += 1;
        }
        let Some(first) = parts.get(i) else {
            return Ok(out);
        };
        let number = out.len() + 1;
        let fail = |kind: ParseErrorKind, range: &Range<usize>| LineError {
            kind,
            range: range.clone(),
            capture: number,
        };
        let incomplete = |range: &Range<usize>| Err(fail(ParseErrorKind::IncompleteCapture, range));
        // The part at `i` if it continues the capture (no stop before it).
        let at = |i: usize| parts.get(i).filter(|p| !p.stop);
        let start = first.token.range.start;
        let mut piece = None;
        if let Tok::Piece(p) = first.token.tok {
            piece = Some((p, first.token.range.clone()));
            i += 1;
        }
        let mut from = None;
        let mut captured = None;
        let to;
        // The capture's first part after the piece letter (a stop before
        // the capture's first part only separates it from the one before).
        let head = if piece.is_some() { at(i) } else { parts.get(i) };
        match head.map(|p| (p.token.tok, p.token.range.clone())) {
            Some((Tok::Takes, mark)) => {
                // `xc3`, `Nxc3`, `RxBb4`: no start square.
                i += 1;
                if let Some(Tok::Piece(p)) = at(i).map(|p| p.token.tok) {
                    captured = Some((p, parts[i].token.range.clone()));
                    i += 1;
                }
                let Some(Tok::Square(sq)) = at(i).map(|p| p.token.tok) else {
                    return incomplete(&(start..mark.end));
                };
                to = (sq, parts[i].token.range.clone());
                i += 1;
            }
            Some((Tok::Square(sq), range)) => {
                i += 1;
                let next = at(i).map(|p| (p.token.tok, p.adjacent));
                let join = matches!(next, Some((Tok::Takes | Tok::Arrow, _)));
                if join {
                    i += 1;
                }
                if let (Some(Tok::Piece(p)), Some(Tok::Square(_))) = (
                    at(i).filter(|p| join || p.adjacent).map(|p| p.token.tok),
                    at(i + 1).map(|p| p.token.tok),
                ) {
                    captured = Some((p, parts[i].token.range.clone()));
                    i += 1;
                }
                match at(i).map(|p| p.token.tok) {
                    Some(Tok::Square(target)) => {
                        from = Some((sq, range));
                        to = (target, parts[i].token.range.clone());
                        i += 1;
                    }
                    // `Nc3` then another capture, or the end.
                    _ if piece.is_some() && !join && captured.is_none() => to = (sq, range),
                    _ => {
                        let end = parts[i - 1].token.range.end;
                        return incomplete(&(start..end));
                    }
                }
            }
            _ => return incomplete(&first.token.range),
        }
        let square = |(sq, range): (Result<Square, SquareError>, Range<usize>)| match sq {
            Ok(sq) => Ok((sq, range)),
            Err(error) => Err(fail(
                ParseErrorKind::BadSquare {
                    error,
                    text: square_text(&range),
                },
                &range,
            )),
        };
        let from = match from {
            Some(f) => Some(square(f)?),
            None => None,
        };
        let to = square(to)?;
        out.push(RawCapture {
            written: Written {
                piece: piece.as_ref().map(|(p, _)| *p),
                from: from.as_ref().map(|(s, _)| *s),
                captured: captured.as_ref().map(|(p, _)| *p),
                to: to.0,
            },
            range: start..to.1.end,
            piece: piece.map(|(_, r)| r),
            from: from.map(|(_, r)| r),
            captured: captured.map(|(_, r)| r),
            to: to.1,
            xy: None,
        });
    }
}

/// A bracket group of a coordinate line: its range and the numbers in it
/// (indices of the first and the last).
struct Group {
    range: Range<usize>,
    numbers: Option<(usize, usize)>,
}

fn coordinates(toks: &[Token]) -> Option<Result<Vec<RawCapture>, LineError>> {
    let mut numbers: Vec<(i64, Range<usize>)> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut stops_misplaced = None;
    for t in toks {
        match t.tok {
            Tok::Number(n) => numbers.push((n, t.range.clone())),
            Tok::Open => open.push((t.range.start, numbers.len())),
            Tok::Close => {
                let (start, first) = open.pop()?;
                groups.push(Group {
                    range: start..t.range.end,
                    numbers: (numbers.len() > first).then(|| (first, numbers.len() - 1)),
                });
            }
            Tok::Stop if numbers.len() % 4 != 0 && stops_misplaced.is_none() => {
                stops_misplaced = Some(numbers.len());
            }
            _ => {}
        }
    }
    // Brackets group a square, a capture, or captures.
    for g in &groups {
        if let Some((first, last)) = g.numbers {
            let count = last - first + 1;
            let fits = (count == 2 && first % 2 == 0) || (count % 4 == 0 && first % 4 == 0);
            if !fits {
                return None;
            }
        }
    }
    let group_of = |first: usize, last: usize| {
        groups
            .iter()
            .filter(|g| g.numbers == Some((first, last)))
            .map(|g| g.range.clone())
            .max_by_key(|r| r.len())
    };
    let square_range = |k: usize| {
        group_of(2 * k, 2 * k + 1).unwrap_or(numbers[2 * k].1.start..numbers[2 * k + 1].1.end)
    };
    let incomplete = |count: usize| {
        // The square (or number) left without its partner.
        let range = if count % 2 == 1 {
            numbers[count - 1].1.clone()
        } else {
            square_range(count / 2 - 1)
        };
        Some(Err(LineError {
            kind: ParseErrorKind::IncompleteCapture,
            range,
            capture: (count - 1) / 4 + 1,
        }))
    };
    if let Some(count) = stops_misplaced {
        return incomplete(count);
    }
    if numbers.len() % 4 != 0 {
        return incomplete(numbers.len());
    }
    let mut out = Vec::with_capacity(numbers.len() / 4);
    for (k, four) in numbers.chunks(4).enumerate() {
        let [a, b, c, d] = [0, 1, 2, 3].map(|j| four[j].0);
        let pairs = [
            ([a, b], square_range(2 * k)),
            ([c, d], square_range(2 * k + 1)),
        ];
        let range = group_of(4 * k, 4 * k + 3).unwrap_or(pairs[0].1.start..pairs[1].1.end);
        match coordinate_capture(pairs, range) {
            Ok(capture) => out.push(capture),
            Err((kind, range)) => {
                return Some(Err(LineError {
                    kind,
                    range,
                    capture: k + 1,
                }));
            }
        }
    }
    Some(Ok(out))
}

/// The largest number of a coordinate: 4, a row or column counted from 1.
const MAX_COORDINATE: i64 = Square::SIDE as i64;

/// A capture written as two pairs of numbers (`[[x, y], [x, y]]` or any
/// other way), each with its range, the whole capture at `range`: its
/// squares under the first reading its numbers fit (the challenge's, else
/// counted from 1).
///
/// # Errors
///
/// `off-board` for a number that is a row or column under no reading (below
/// 0, above 4), or for a capture with both 0 and 4 (at the pair with the 4,
/// which is off under the challenge's reading).
pub(crate) fn coordinate_capture(
    pairs: [([i64; 2], Range<usize>); 2],
    range: Range<usize>,
) -> Result<RawCapture, (ParseErrorKind, Range<usize>)> {
    let off = |[x, y]: [i64; 2], r: &Range<usize>| {
        (ParseErrorKind::CoordinateOffBoard { x, y }, r.clone())
    };
    for (xy, r) in &pairs {
        if xy.iter().any(|n| !(0..=MAX_COORDINATE).contains(n)) {
            return Err(off(*xy, r));
        }
    }
    // In range: each fits a u8.
    let xy = pairs
        .clone()
        .map(|(p, _)| p.map(|n| u8::try_from(n).unwrap_or(u8::MAX)));
    let reading = provisional_reading(xy.iter().flatten().copied()).ok_or_else(|| {
        let (p, r) = pairs
            .iter()
            .find(|(p, _)| p.contains(&MAX_COORDINATE))
            .unwrap_or(&pairs[0]);
        off(*p, r)
    })?;
    let [from, to] = xy.map(|p| reading.square(p));
    let (Some(from), Some(to)) = (from, to) else {
        return Err(off(pairs[0].0, &pairs[0].1));
    };
    let [(_, from_range), (_, to_range)] = pairs;
    Ok(RawCapture {
        written: Written::squares(from, to),
        range,
        piece: None,
        from: Some(from_range),
        captured: None,
        to: to_range,
        xy: Some(xy),
    })
}

/// The reading the numbers are read under before the puzzle is known: the
/// challenge's if they fit it, else `[x, y]` counted from 1.
pub(crate) fn provisional_reading(numbers: impl Iterator<Item = u8> + Clone) -> Option<Reading> {
    let from_one = Reading {
        order: Order::XY,
        origin: Origin::Bottom,
        base: 1,
    };
    [Reading::CHALLENGE, from_one]
        .into_iter()
        .find(|r| r.fits(numbers.clone()))
}

/// The long algebraic spelling the writers use: `Nb1xc3`.
pub fn long_algebraic(piece: Piece, capture: crate::Capture) -> String {
    format!("{piece}{}x{}", capture.from, capture.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The captures read, `_` for a missing part: `Nb1_c3 _b2_d4`;
    /// coordinates as their numbers `2011`.
    fn read(text: &str) -> Option<Result<String, (String, usize)>> {
        let line = parse_line(text, 0)?;
        Some(
            line.map(|captures| {
                let each: Vec<String> = captures
                    .iter()
                    .map(|c| match c.xy {
                        Some(xy) => xy.iter().flatten().map(u8::to_string).collect(),
                        None => {
                            let w = c.written;
                            let letter = |p: Option<Piece>| p.map_or('_', Piece::letter);
                            let from = w.from.map_or("__".to_string(), |s| s.to_string());
                            format!("{}{from}{}{}", letter(w.piece), letter(w.captured), w.to)
                        }
                    })
                    .collect();
                each.join(" ")
            })
            .map_err(|e| (text[e.range].to_string(), e.capture)),
        )
    }

    fn ok(text: &str) -> String {
        match read(text) {
            Some(Ok(s)) => s,
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn algebraic_forms() {
        assert_eq!(ok("Nb1xc3"), "Nb1_c3");
        assert_eq!(ok("RxBb4"), "R__Bb4");
        assert_eq!(ok("b1xc3"), "_b1_c3");
        assert_eq!(ok("b1c3"), "_b1_c3");
        assert_eq!(ok("Nc3"), "N___c3");
        assert_eq!(ok("xc3"), "____c3");
        assert_eq!(ok("12. Nb1-c3+"), "Nb1_c3");
        assert_eq!(ok("N b1 -> c3"), "Nb1_c3");
        assert_eq!(ok("Nb1×Pc3"), "Nb1Pc3");
        assert_eq!(ok("Nb1Pc3"), "Nb1Pc3");
        assert_eq!(ok("c1:b2"), "_c1_b2");
        assert_eq!(ok("Bc1xb2"), "Bc1_b2");
        assert_eq!(ok("c1 b2"), "_c1_b2");
        assert_eq!(ok("c1→b2"), "_c1_b2");
        assert_eq!(read("c3 d4 a1").map(|r| r.is_err()), Some(true));
        for no in ["....", "K...", "KQRB", "hello world", "", "0", "x", "N"] {
            assert_eq!(read(no), None, "{no:?}");
        }
    }

    #[test]
    fn several_captures_on_a_line() {
        for text in [
            "c1xb2 b2xd4",
            "c1xb2;b2xd4",
            "c1xb2, b2xd4",
            "c1xb2 -> b2xd4",
            "c1-b2 b2-d4",
            "c1 b2 b2 d4",
            "c1b2b2d4",
            "c1,b2;b2,d4",
            "1. c1xb2 2. b2xd4",
            "1) c1xb2 2) b2xd4",
            "1 c1xb2 2 b2xd4",
            "[c1-b2, b2-d4]",
            "(c1, b2) (b2, d4)",
            "'c1xb2' 'b2xd4'",
            "c1xb2 | b2xd4",
        ] {
            assert_eq!(ok(text), "_c1_b2 _b2_d4", "{text:?}");
        }
        assert_eq!(ok("Nc3 Bd4"), "N___c3 B___d4");
        assert_eq!(ok("Nxc3 Rxd4; Bxa1"), "N___c3 R___d4 B___a1");
        assert_eq!(ok("Bc1xb2 Rb2xNd4"), "Bc1_b2 Rb2Nd4");
    }

    #[test]
    fn coordinate_forms() {
        for text in [
            "2,0 1,1; 1,1 3,3",
            "(2,0)->(1,1) (1,1)->(3,3)",
            "(2, 0) -> (1, 1), (1, 1) -> (3, 3)",
            "[[2,0],[1,1]] [[1,1],[3,3]]",
            "[[2,0],[1,1]], [[1,1],[3,3]]",
            "2 0 1 1 1 1 3 3",
            "[2,0,1,1] [1,1,3,3]",
            "1. 2,0 1,1 2. 1,1 3,3",
            "(2,0)-(1,1) (1,1)-(3,3)",
            "[(2,0)-(1,1),(1,1)-(3,3)]",
        ] {
            assert_eq!(ok(text), "2011 1133", "{text:?}");
        }
        // The ranges: a square's brackets, a capture's.
        let caps = parse_line("[[2,0],[1,1]] (3,3)->(1,1)", 0)
            .unwrap()
            .unwrap();
        assert_eq!(
            (caps[0].range.clone(), caps[0].from.clone()),
            (0..13, Some(1..6))
        );
        assert_eq!(
            (caps[1].range.clone(), caps[1].to.clone()),
            (14..26, 21..26)
        );
        assert_eq!(read("(2,0,1) (1,3,3)"), None);
        assert_eq!(read("17"), None);
        assert_eq!(read("2.5 1"), None);
    }

    #[test]
    fn errors_name_the_capture_and_its_place() {
        let err = |t: &str| match read(t) {
            Some(Err(e)) => e,
            other => panic!("{t:?}: {other:?}"),
        };
        assert_eq!(err("Nb1xe5"), ("e5".to_string(), 1));
        assert_eq!(err("c1xb2 b2xd4 d4xe9"), ("e9".to_string(), 3));
        assert_eq!(err("c1xb2 a10xb2"), ("a10".to_string(), 2));
        assert_eq!(err("c1xb2;b2x"), ("b2x".to_string(), 2));
        assert_eq!(err("c1xb2 d4"), ("d4".to_string(), 2));
        assert_eq!(err("Nb1xc3d4"), ("d4".to_string(), 2));
        assert_eq!(err("2,0 1,1 3,3"), ("3,3".to_string(), 2));
        assert_eq!(err("2,0 1,1 3"), ("3".to_string(), 2));
        assert_eq!(err("2,0; 1,1"), ("2,0".to_string(), 1));
        assert_eq!(err("2,0 1,1 1,1 3,5"), ("3,5".to_string(), 2));
        assert_eq!(err("2,0 1,-1"), ("1,-1".to_string(), 1));
        assert_eq!(err("[0,0] [4,1]"), ("[4,1]".to_string(), 1));
        let e = parse_line("Nb1xe5", 10).and_then(Result::err).unwrap();
        assert_eq!(e.range, 14..16);
        assert_eq!(
            e.kind,
            ParseErrorKind::BadSquare {
                error: SquareError::OffBoard,
                text: "e5".to_string()
            }
        );
    }

    #[test]
    fn numbers_from_one_are_read_so_until_the_puzzle_decides() {
        let squares = |t: &str| {
            let c = &parse_line(t, 0).unwrap().unwrap()[0];
            format!("{}{}", c.written.from.unwrap(), c.written.to)
        };
        assert_eq!(squares("3,1 2,2"), "d2c3");
        assert_eq!(squares("4,1 2,2"), "d1b2");
    }
}
