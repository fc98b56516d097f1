//! What a literal means: a board in one of the challenge's forms, a move
//! `[[x, y], [x, y]]`, a list of moves, a list of boards, or a false value.

use std::ops::Range;

use super::literal::{Value, ValueKind, is_false_word};
use super::notation::RawCapture;
use super::{BoardForm, Note, NoteKind, ParseError, ParseErrorKind, Src};
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

/// Whether `v` has the shape of one move: two pairs of integers.
pub(crate) fn is_move_shaped(v: &Value) -> bool {
    let pair = |v: &Value| {
        v.as_list()
            .is_some_and(|l| l.len() == 2 && l.iter().all(|n| n.as_int().is_some()))
    };
    v.as_list()
        .is_some_and(|l| l.len() == 2 && l.iter().all(pair))
}

/// A move `[[x, y], [x, y]]` (call only on [`is_move_shaped`] values).
pub(crate) fn move_from_value(src: &Src<'_>, v: &Value) -> Result<RawCapture, ParseError> {
    let items = v.as_list().unwrap_or(&[]);
    let mut squares = Vec::with_capacity(2);
    for pair in items {
        let xy = pair.as_list().unwrap_or(&[]);
        let [x, y] = xy else {
            return Err(src.error(ParseErrorKind::NotACoordinate, &pair.range));
        };
        squares.push((square_at(src, x, y, &pair.range)?, pair.range.clone()));
    }
    let [(from, from_range), (to, to_range)] = <[_; 2]>::try_from(squares)
        .map_err(|_| src.error(ParseErrorKind::NotACoordinate, &v.range))?;
    Ok(RawCapture {
        written: Written::squares(from, to),
        range: v.range.clone(),
        piece: None,
        from: Some(from_range),
        captured: None,
        to: to_range,
    })
}
