//! What a literal means: a board in one of the challenge's forms, a move
//! `[[x, y], [x, y]]`, a list of moves, a list of boards, or a false value.

use std::ops::Range;

use super::literal::{Value, ValueKind, is_false_word};
use super::notation::{self, RawCapture};
use super::{BoardForm, ItemKind, Note, NoteKind, ParseError, ParseErrorKind, Src};
use crate::{Piece, Position, Square, Written};

/// A board read from a literal.
pub(crate) struct RawBoard {
    pub position: Position,
    pub form: BoardForm,
    pub range: Range<usize>,
}

/// A short description of a literal's shape, for messages.
pub(crate) fn describe(v: &Value) -> String {
    match &v.kind {
        ValueKind::List(items) if items.is_empty() => "an empty list".to_string(),
        ValueKind::List(items) => match items.len() {
            1 => "a list of 1 item".to_string(),
            n => format!("a list of {n} items"),
        },
        ValueKind::Str(s) => format!("a string of {} characters", s.chars().count()),
        ValueKind::Int(n) => format!("the number {n}"),
        ValueKind::Float(x) => format!("the number {x}"),
        ValueKind::Word(w) => format!("the word `{w}`"),
    }
}

/// The offset in the source of character `i` of a string literal's text, if
/// the literal has no escapes (so its characters sit one to one in the
/// source).
fn string_char_range(v: &Value, source: &str, text: &str, i: usize) -> Range<usize> {
    let raw = source.get(v.range.clone()).unwrap_or("");
    if raw.len() == text.len() + 2 {
        let (offset, c) = text.char_indices().nth(i).unwrap_or((0, ' '));
        let start = v.range.start + 1 + offset;
        start..start + c.len_utf8()
    } else {
        v.range.clone()
    }
}

/// One cell of a board list: a letter, `''`, a number `0..=6`, or `None`.
fn cell(src: &Src<'_>, v: &Value, notes: &mut Vec<Note>) -> Result<Option<Piece>, ParseError> {
    match &v.kind {
        ValueKind::Str(s) | ValueKind::Word(s) if s.chars().count() == 1 => {
            let c = s.chars().next().unwrap_or('.');
            lowercase_note(src, c, &v.range, notes);
            Ok(Piece::from_letter(c))
        }
        ValueKind::Str(s) if s.is_empty() => Ok(None),
        ValueKind::Word(w) if is_false_word(w) => Ok(None),
        ValueKind::Int(0) => Ok(None),
        ValueKind::Int(n) => Piece::from_number(*n).map(Some).ok_or_else(|| {
            src.error(
                ParseErrorKind::BadCell {
                    text: n.to_string(),
                },
                &v.range,
            )
        }),
        _ => Err(src.error(ParseErrorKind::BadCell { text: describe(v) }, &v.range)),
    }
}

/// Note a lower-case piece letter, which the challenge reads as empty.
fn lowercase_note(src: &Src<'_>, c: char, range: &Range<usize>, notes: &mut Vec<Note>) {
    if Piece::from_letter(c.to_ascii_uppercase()).is_some() && c.is_ascii_lowercase() {
        notes.push(Note {
            kind: NoteKind::LowercaseLetter { letter: c },
            span: src.span(range.clone()),
        });
    }
}

/// Read a 16-character board string (line breaks allowed between rows);
/// `place(i)` is the source range of character `i`, `whole` the range of
/// the whole text.
pub(crate) fn board_from_str(
    src: &Src<'_>,
    text: &str,
    place: &dyn Fn(usize) -> Range<usize>,
    whole: &Range<usize>,
    notes: &mut Vec<Note>,
) -> Result<(Position, BoardForm), ParseError> {
    // Rows are split at line breaks; empty lines (a final line break) are
    // not rows.
    let mut rows: Vec<Vec<(usize, char)>> = Vec::new();
    let mut row = Vec::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            '\n' if !row.is_empty() => rows.push(std::mem::take(&mut row)),
            '\n' | '\r' => {}
            c => row.push((i, c)),
        }
    }
    if !row.is_empty() {
        rows.push(row);
    }
    let form = if rows.len() > 1 {
        if rows.len() != 4 {
            return Err(src.error(ParseErrorKind::RowCount { rows: rows.len() }, whole));
        }
        for (r, row) in rows.iter().enumerate() {
            if row.len() != 4 {
                let range = place(row[0].0).start..place(row[row.len() - 1].0).end;
                let kind = ParseErrorKind::RowLength {
                    row: r + 1,
                    squares: row.len(),
                };
                return Err(src.error(kind, &range));
            }
        }
        BoardForm::Rows
    } else {
        BoardForm::String
    };
    let cells = rows.concat();
    if cells.len() != Square::COUNT {
        return Err(src.error(
            ParseErrorKind::BoardSize {
                squares: cells.len(),
            },
            whole,
        ));
    }
    let mut position = Position::EMPTY;
    for (n, (i, c)) in cells.into_iter().enumerate() {
        lowercase_note(src, c, &place(i), notes);
        if let (Some(piece), Some(sq)) = (Piece::from_letter(c), Square::from_string_index(n)) {
            position = position.with(sq, piece);
        }
    }
    Ok((position, form))
}

/// Read a board from a literal in any of the challenge's list forms, or a
/// string.
pub(crate) fn board_from_value(
    src: &Src<'_>,
    v: &Value,
    notes: &mut Vec<Note>,
) -> Result<RawBoard, ParseError> {
    let board = |position, form| RawBoard {
        position,
        form,
        range: v.range.clone(),
    };
    let items = match &v.kind {
        ValueKind::Str(s) => {
            let place = |i: usize| string_char_range(v, src.text, s, i);
            let (position, form) = board_from_str(src, s, &place, &v.range, notes)?;
            return Ok(board(position, form));
        }
        ValueKind::List(items) => items,
        _ => return Err(src.error(ParseErrorKind::NotABoard { found: describe(v) }, &v.range)),
    };
    let is_list_of = |n: usize| {
        items
            .iter()
            .all(|i| i.as_list().is_some_and(|l| l.len() == n))
    };
    if items.len() == 4 && is_list_of(4) {
        let mut position = Position::EMPTY;
        let mut numbers = false;
        for (r, row) in items.iter().enumerate() {
            for (c, item) in row.as_list().unwrap_or(&[]).iter().enumerate() {
                numbers |= matches!(item.kind, ValueKind::Int(_));
                if let (Some(piece), Some(sq)) = (
                    cell(src, item, notes)?,
                    Square::from_string_index(4 * r + c),
                ) {
                    position = position.with(sq, piece);
                }
            }
        }
        let form = if numbers {
            BoardForm::Numbers
        } else {
            BoardForm::Letters
        };
        return Ok(board(position, form));
    }
    if items.len() == 4 && items.iter().all(|i| i.as_str().is_some()) {
        let text: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
        for (r, row) in text.iter().enumerate() {
            if row.chars().count() != 4 {
                let squares = row.chars().count();
                return Err(src.error(
                    ParseErrorKind::RowLength {
                        row: r + 1,
                        squares,
                    },
                    &items[r].range,
                ));
            }
        }
        let joined = text.concat();
        let place = |i: usize| {
            let row = &items[(i / 4).min(3)];
            string_char_range(row, src.text, row.as_str().unwrap_or(""), i % 4)
        };
        let (position, _) = board_from_str(src, &joined, &place, &v.range, notes)?;
        return Ok(board(position, BoardForm::RowStrings));
    }
    if items.len() == Square::COUNT && items.iter().all(|i| i.as_list().is_none()) {
        let mut position = Position::EMPTY;
        for (n, item) in items.iter().enumerate() {
            if let (Some(piece), Some(sq)) = (cell(src, item, notes)?, Square::from_string_index(n))
            {
                position = position.with(sq, piece);
            }
        }
        return Ok(board(position, BoardForm::Flat));
    }
    if is_list_of(3) {
        return coordinates(src, items, notes)
            .map(|position| board(position, BoardForm::Coordinates));
    }
    Err(src.error(ParseErrorKind::NotABoard { found: describe(v) }, &v.range))
}

/// A list of `[x, y, 'c']` entries.
fn coordinates(
    src: &Src<'_>,
    items: &[Value],
    notes: &mut Vec<Note>,
) -> Result<Position, ParseError> {
    let mut position = Position::EMPTY;
    let mut seen: Vec<(Square, Range<usize>)> = Vec::new();
    for item in items {
        let entry = item.as_list().unwrap_or(&[]);
        let [x, y, c] = entry else {
            return Err(src.error(
                ParseErrorKind::NotABoard {
                    found: describe(item),
                },
                &item.range,
            ));
        };
        let square = square_at(src, x, y, &item.range)?;
        let piece = match cell(src, c, notes)? {
            Some(piece) => piece,
            None => {
                let text = c.as_str().map_or_else(|| describe(c), |s| format!("'{s}'"));
                return Err(src.error(ParseErrorKind::BadCell { text }, &c.range));
            }
        };
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == square) {
            return Err(src.error(
                ParseErrorKind::DuplicateSquare {
                    square,
                    first: src.span(first.clone()),
                },
                &item.range,
            ));
        }
        seen.push((square, item.range.clone()));
        position = position.with(square, piece);
    }
    Ok(position)
}

/// The square of challenge coordinates `x`, `y`.
fn square_at(
    src: &Src<'_>,
    x: &Value,
    y: &Value,
    range: &Range<usize>,
) -> Result<Square, ParseError> {
    match (x.as_int(), y.as_int()) {
        (Some(xi), Some(yi)) => {
            let on_board = (0..4).contains(&xi) && (0..4).contains(&yi);
            match on_board
                .then(|| Square::from_xy(xi as i32, yi as i32))
                .flatten()
            {
                Some(sq) => Ok(sq),
                None => Err(src.error(ParseErrorKind::CoordinateOffBoard { x: xi, y: yi }, range)),
            }
        }
        _ => Err(src.error(ParseErrorKind::NotACoordinate, range)),
    }
}

/// Whether `v` is a board of numbers (four lists of four, or sixteen)
/// rather than captures in coordinates written four numbers each
/// (`[[2,0,1,1], ...]`): an answer that is one board leaves one piece, so
/// a list with more than one non-zero number, all of them rows or columns
/// (`0..=4`), is read as captures.
pub(crate) fn is_number_board(v: &Value) -> bool {
    let Some(items) = v.as_list() else {
        return false;
    };
    let cells: Vec<&Value> = if items.len() == 4
        && items
            .iter()
            .all(|r| r.as_list().is_some_and(|l| l.len() == 4))
    {
        items
            .iter()
            .flat_map(|r| r.as_list().unwrap_or(&[]))
            .collect()
    } else if items.len() == Square::COUNT {
        items.iter().collect()
    } else {
        return false;
    };
    let Some(numbers) = cells
        .iter()
        .map(|c| c.as_int())
        .collect::<Option<Vec<i64>>>()
    else {
        return false;
    };
    numbers.iter().filter(|&&n| n != 0).count() <= 1 || numbers.iter().any(|n| !(0..=4).contains(n))
}

/// The captures a value of a list literal holds, if it is capture-like:
/// two pairs of integers (`[[2,0],[1,1]]`), four integers (`[2,0,1,1]`),
/// two square names (`['c1', 'b2']`), or a string of captures
/// (`'c1xb2'`, `'c1xb2 b2xd4'`). `None`: not capture-like. An error's
/// capture number is counted within the value.
pub(crate) fn capture_item(
    src: &Src<'_>,
    v: &Value,
) -> Option<Result<Vec<RawCapture>, ParseError>> {
    let items = match &v.kind {
        ValueKind::Str(s) => return captures_in_string(src, v, s),
        ValueKind::List(items) => items,
        _ => return None,
    };
    let numbered = |e: ParseError| ParseError {
        capture: Some(1),
        ..e
    };
    let pair = |v: &Value| {
        let l = v.as_list()?;
        match l {
            [x, y] => Some(([x.as_int()?, y.as_int()?], v.range.clone())),
            _ => None,
        }
    };
    match items.as_slice() {
        [a, b] if a.as_str().is_some() && b.as_str().is_some() => {
            let (from, to) = (square_of_string(src, a)?, square_of_string(src, b)?);
            let capture = (|| {
                let from = from?;
                let to = to?;
                Ok(RawCapture {
                    written: Written::squares(from.0, to.0),
                    range: v.range.clone(),
                    piece: None,
                    from: Some(from.1),
                    captured: None,
                    to: to.1,
                    xy: None,
                })
            })();
            Some(capture.map(|c| vec![c]).map_err(numbered))
        }
        [a, b] => {
            let pairs = [pair(a)?, pair(b)?];
            Some(coordinate_move(src, pairs, v.range.clone()).map_err(numbered))
        }
        [a, b, c, d] => {
            let n = |v: &Value| Some((v.as_int()?, v.range.clone()));
            let [a, b, c, d] = [n(a)?, n(b)?, n(c)?, n(d)?];
            let pairs = [
                ([a.0, b.0], a.1.start..b.1.end),
                ([c.0, d.0], c.1.start..d.1.end),
            ];
            Some(coordinate_move(src, pairs, v.range.clone()).map_err(numbered))
        }
        _ => None,
    }
}

/// One capture in coordinates, or why its numbers are off the board.
fn coordinate_move(
    src: &Src<'_>,
    pairs: [([i64; 2], Range<usize>); 2],
    range: Range<usize>,
) -> Result<Vec<RawCapture>, ParseError> {
    notation::coordinate_capture(pairs, range)
        .map(|c| vec![c])
        .map_err(|(kind, range)| src.error(kind, &range))
}

/// A string literal that names one square (`'c1'`), with its range, or
/// `None` if it does not look like one.
fn square_of_string(
    src: &Src<'_>,
    v: &Value,
) -> Option<Result<(Square, Range<usize>), ParseError>> {
    let s = v.as_str()?;
    let bytes = s.as_bytes();
    if bytes.len() != 2 || !bytes[0].is_ascii_alphabetic() || !bytes[1].is_ascii_digit() {
        return None;
    }
    Some(
        Square::from_algebraic(bytes)
            .map(|sq| (sq, v.range.clone()))
            .map_err(|error| {
                src.error(
                    ParseErrorKind::BadSquare {
                        error,
                        text: s.to_string(),
                    },
                    &v.range,
                )
            }),
    )
}

/// The captures written in a string literal, read as a line of captures.
fn captures_in_string(
    src: &Src<'_>,
    v: &Value,
    s: &str,
) -> Option<Result<Vec<RawCapture>, ParseError>> {
    let raw = src.text.get(v.range.clone()).unwrap_or("");
    // Without escapes the string's characters sit one to one in the
    // source, so each part keeps its own place; else the string's place.
    let exact = raw.len() == s.len() + 2;
    let base = if exact { v.range.start + 1 } else { 0 };
    let read = notation::parse_line(s, base)?;
    let place = |r: Range<usize>| if exact { r } else { v.range.clone() };
    Some(match read {
        Ok(captures) if captures.is_empty() => return None,
        Ok(captures) => Ok(captures
            .into_iter()
            .map(|c| RawCapture {
                range: place(c.range),
                piece: c.piece.map(place),
                from: c.from.map(place),
                captured: c.captured.map(place),
                to: place(c.to),
                ..c
            })
            .collect()),
        Err(e) => Err(src.line_error(notation::LineError {
            range: place(e.range),
            ..e
        })),
    })
}

/// The captures of a literal that holds captures only: a capture-like
/// value ([`capture_item`]), a list whose first item is one (then every
/// item must be), or a flat list of integers four per capture
/// (`[2,0,1,1,1,1,3,3]`). `None`: the literal does not start as captures.
/// Error numbers count captures within the literal.
pub(crate) fn captures_of_value(
    src: &Src<'_>,
    v: &Value,
) -> Option<Result<Vec<RawCapture>, ParseError>> {
    if let Some(one) = capture_item(src, v) {
        return Some(one);
    }
    let items = v.as_list()?;
    let first = items.first()?;
    if capture_item(src, first).is_some() {
        let mut out: Vec<RawCapture> = Vec::with_capacity(items.len());
        for item in items {
            let done = out.len();
            match capture_item(src, item) {
                Some(Ok(captures)) => out.extend(captures),
                Some(Err(e)) => return Some(Err(e.after(done))),
                None => {
                    let kind = ParseErrorKind::MixedAnswer {
                        expected: ItemKind::Move,
                        found: ItemKind::Board,
                    };
                    return Some(Err(src.error(kind, &item.range).after(done)));
                }
            }
        }
        return Some(Ok(out));
    }
    let numbers: Vec<(i64, Range<usize>)> = items
        .iter()
        .map(|i| Some((i.as_int()?, i.range.clone())))
        .collect::<Option<_>>()?;
    if numbers.len() < 8 || numbers.len() % 4 != 0 || is_number_board(v) {
        return None;
    }
    let mut out = Vec::with_capacity(numbers.len() / 4);
    for (k, four) in numbers.chunks(4).enumerate() {
        let pair =
            |a: &(i64, Range<usize>), b: &(i64, Range<usize>)| ([a.0, b.0], a.1.start..b.1.end);
        let pairs = [pair(&four[0], &four[1]), pair(&four[2], &four[3])];
        let range = four[0].1.start..four[3].1.end;
        match coordinate_move(src, pairs, range) {
            Ok(c) => out.extend(c),
            Err(e) => {
                return Some(Err(ParseError {
                    capture: Some(k + 1),
                    ..e
                }));
            }
        }
    }
    Some(Ok(out))
}
