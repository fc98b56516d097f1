//! The line scanner: text → items (a list literal, a board, a capture, a
//! false value, a `rules:` line), each with its byte range. The entry
//! points of [`super`] give the items their meaning.
//!
//! How a line is read, in this order (the first that fits wins):
//!
//! 1. blank, or starting with `#`: skipped (a comment);
//! 2. starting with `[`, `(`, `'` or `"`: a literal, which may span lines
//!    (in an answer, a line that is no literal, such as
//!    `(2,0)->(1,1)` or `[[2,0],[1,1]] [[1,1],[3,3]]`, may still be a line
//!    of captures: 5);
//! 3. `key: value`: a header (only `rules:` exists);
//! 4. a false value (`0`, `None`, `false`, `no solution`, ...);
//! 5. in an answer, a line of captures, one or many, in algebraic notation
//!    or in coordinates ([`notation`]): before boards, so that
//!    `2,0 1,1; 1,1 3,3`, 16 characters long, is two captures and not a
//!    board of no piece;
//! 6. 16 characters: a board string (for a puzzle, any 16 characters, as
//!    the challenge says: before 5);
//! 7. 4 characters (or `R P . .`): the first of four board lines.
//!
//! Captures and headers may end with a `#` comment after a space.

use std::ops::Range;

use super::literal::{self, LiteralError, Value, is_false_word};
use super::notation::{self, RawCapture};
use super::shape;
use super::{
    Answer, AnswerBody, BoardForm, ItemKind, Note, NoteKind, ParseError, ParseErrorKind, Puzzle,
    Src, WrittenBoard, WrittenMove,
};
use crate::span::Span;
use crate::{Piece, Position, Profile, Square};

/// One thing found in the text.
pub(crate) enum Item {
    Literal(Value),
    Board {
        position: Position,
        form: BoardForm,
        range: Range<usize>,
        notes: Vec<Note>,
    },
    /// A line of captures.
    Captures(Vec<RawCapture>),
    False(Range<usize>),
    Header {
        key: String,
        value: String,
        range: Range<usize>,
        value_range: Range<usize>,
    },
}

impl Item {
    fn range(&self) -> Range<usize> {
        match self {
            Item::Literal(v) => v.range.clone(),
            Item::Board { range, .. } | Item::False(range) | Item::Header { range, .. } => {
                range.clone()
            }
            Item::Captures(c) => {
                c.first().map_or(0, |c| c.range.start)..c.last().map_or(0, |c| c.range.end)
            }
        }
    }
}

/// Reads items from a source, line by line.
pub(crate) struct Scanner<'s, 'a> {
    src: &'s Src<'a>,
    at: usize,
    /// The first comment line that looks like a board (16 characters with
    /// piece letters), for the help of a "no puzzle" error.
    board_like_comment: Option<Range<usize>>,
    /// Reading an answer (lines of captures before boards), not a puzzle.
    answer: bool,
}

/// A line: where it starts, its text without the line end, and where the
/// next line starts.
struct Line<'a> {
    start: usize,
    text: &'a str,
    next: usize,
}

impl<'s, 'a> Scanner<'s, 'a> {
    pub(crate) fn new(src: &'s Src<'a>, at: usize) -> Scanner<'s, 'a> {
        // A byte-order mark is not part of the first line.
        let at = if at == 0 && src.text.starts_with('\u{feff}') {
            3
        } else {
            at
        };
        Scanner {
            src,
            at,
            board_like_comment: None,
            answer: false,
        }
    }

    fn line_at(&self, start: usize) -> Option<Line<'a>> {
        let text = self.src.text;
        if start >= text.len() {
            return None;
        }
        let rest = &text[start..];
        let (body, next) = match rest.find('\n') {
            Some(i) => (&rest[..i], start + i + 1),
            None => (rest, text.len()),
        };
        let body = body.strip_suffix('\r').unwrap_or(body);
        Some(Line {
            start,
            text: body,
            next,
        })
    }

    /// The next item, or `None` at the end of the text.
    pub(crate) fn next_item(&mut self) -> Option<Result<Item, ParseError>> {
        loop {
            let line = self.line_at(self.at)?;
            let trimmed = line.text.trim();
            if trimmed.is_empty() {
                self.at = line.next;
                continue;
            }
            let lead = line.text.len() - line.text.trim_start().len();
            let base = line.start + lead;
            if trimmed.starts_with('#') {
                if self.board_like_comment.is_none() && looks_like_board(line.text) {
                    self.board_like_comment = Some(line.start..line.start + line.text.len());
                }
                self.at = line.next;
                continue;
            }
            let before = self.at;
            let item = self.item(&line, trimmed, base);
            // Whatever went wrong, the next call reads on from the next line.
            if item.is_err() && self.at <= before {
                self.at = line.next;
            }
            return Some(item);
        }
    }

    fn item(&mut self, line: &Line<'a>, trimmed: &str, base: usize) -> Result<Item, ParseError> {
        let src = self.src;
        let content = strip_comment(trimmed);
        let content_range = base..base + content.len();
        let board_line =
            line.text.chars().count() == Square::COUNT || content.chars().count() == Square::COUNT;
        if trimmed.starts_with(['[', '(', '\'', '"']) {
            match self.literal(base) {
                Ok(item) => return Ok(item),
                Err(e) => {
                    // `(2,0)->(1,1)`, `[[2,0],[1,1]] [[1,1],[3,3]]`: no
                    // literal, but captures.
                    if self.answer {
                        if let Some(read) = notation::parse_line(content, base) {
                            self.at = line.next;
                            return read.map(Item::Captures).map_err(|e| src.line_error(e));
                        }
                    }
                    // A 16-character board may start with a bracket or quote.
                    if line.text.chars().count() != Square::COUNT {
                        let capture = if self.answer {
                            capture_at_error(src, base, e.span.start)
                        } else {
                            None
                        };
                        return Err(ParseError { capture, ..e });
                    }
                }
            }
        }
        if let Some(header) = header(content, base) {
            self.at = line.next;
            return Ok(header);
        }
        if is_false_text(content) {
            self.at = line.next;
            return Ok(Item::False(content_range));
        }
        // In an answer, captures come before boards; a line that is wrong
        // as captures may still be a board. For a puzzle, any 16
        // characters are a board.
        if self.answer || !board_line {
            match notation::parse_line(content, base) {
                Some(Ok(captures)) => {
                    self.at = line.next;
                    return Ok(Item::Captures(captures));
                }
                Some(Err(e)) if !(board_line || row_cells(line.text).is_some()) => {
                    self.at = line.next;
                    let e = src.line_error(e);
                    return Err(if self.answer { e } else { e.outside_answer() });
                }
                _ => {}
            }
        }
        let mut notes = Vec::new();
        let board_text = if line.text.chars().count() == Square::COUNT {
            Some((line.text, line.start))
        } else if content.chars().count() == Square::COUNT {
            if content.len() == trimmed.len() {
                notes.push(Note {
                    kind: NoteKind::TrimmedSpaces,
                    span: src.span(content_range.clone()),
                });
            }
            Some((content, base))
        } else {
            None
        };
        if let Some((text, start)) = board_text {
            self.at = line.next;
            let range = start..start + text.len();
            let place = |i: usize| char_range(text, start, i);
            let (position, form) = shape::board_from_str(src, text, &place, &range, &mut notes)?;
            return Ok(Item::Board {
                position,
                form,
                range,
                notes,
            });
        }
        if row_cells(line.text).is_some() {
            return self.rows(line);
        }
        self.at = line.next;
        // One word that is no capture: most likely a board of the wrong size
        // (in an answer, only if it has a piece and no lower-case letter:
        // `c1xb2;b2xd4x` is no board).
        let board_like = !self.answer
            || (content.chars().any(|c| Piece::from_letter(c).is_some())
                && !content.contains(|c: char| c.is_ascii_lowercase()));
        let kind = if content.contains(char::is_whitespace) || !board_like {
            ParseErrorKind::UnknownLine
        } else {
            ParseErrorKind::BoardSize {
                squares: content.chars().count(),
            }
        };
        Err(src.error(kind, &content_range))
    }

    /// A literal starting at `start`; only a comment may follow it on the
    /// line where it ends.
    fn literal(&mut self, start: usize) -> Result<Item, ParseError> {
        let src = self.src;
        let text = src.text;
        let (value, end) = literal::parse_value(text, start).map_err(|e| literal_error(src, e))?;
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let rest = &text[end..line_end];
        let rest_trimmed = rest.trim();
        if !rest_trimmed.is_empty() && !rest_trimmed.starts_with('#') {
            let lead = rest.len() - rest.trim_start().len();
            let range = end + lead..end + lead + strip_comment(rest_trimmed).len();
            return Err(src.error(ParseErrorKind::TrailingText, &range));
        }
        self.at = (line_end + 1).min(text.len());
        Ok(Item::Literal(value))
    }

    /// Four lines of four squares, the first at `first`.
    fn rows(&mut self, first: &Line<'a>) -> Result<Item, ParseError> {
        let src = self.src;
        let mut cells: Vec<(char, Range<usize>)> = Vec::with_capacity(16);
        let mut spaced = false;
        let mut line = Some(Line { ..*first });
        let mut rows = 0;
        let end_of = |l: &Line<'_>| l.start + l.text.len();
        let mut last_end = end_of(first);
        while rows < 4 {
            let Some(l) = line.as_ref().filter(|l| row_cells(l.text).is_some()) else {
                self.at = line.as_ref().map_or(src.text.len(), |l| l.start);
                // A short or long line right after rows is a bad row; anything
                // else ends a board that has too few rows.
                if let Some(l) = line.filter(|l| plausible_row(l.text)) {
                    let squares = l.text.chars().count();
                    let kind = ParseErrorKind::RowLength {
                        row: rows + 1,
                        squares,
                    };
                    self.at = l.next;
                    return Err(src.error(kind, &(l.start..l.start + l.text.len())));
                }
                let kind = ParseErrorKind::RowCount { rows };
                return Err(src.error(kind, &(first.start..last_end)));
            };
            let (row, is_spaced) = row_cells(l.text).unwrap_or_default();
            spaced |= is_spaced;
            cells.extend(row.into_iter().map(|i| {
                let r = char_range(l.text, l.start, i);
                (l.text[r.start - l.start..].chars().next().unwrap_or('.'), r)
            }));
            last_end = end_of(l);
            self.at = l.next;
            rows += 1;
            line = self.line_at(l.next);
        }
        let mut notes = Vec::new();
        let range = first.start..last_end;
        let mut position = Position::EMPTY;
        for (n, (c, r)) in cells.iter().enumerate() {
            if c.is_ascii_lowercase() && Piece::from_letter(c.to_ascii_uppercase()).is_some() {
                notes.push(Note {
                    kind: NoteKind::LowercaseLetter { letter: *c },
                    span: src.span(r.clone()),
                });
            }
            if let (Some(piece), Some(sq)) = (Piece::from_letter(*c), Square::from_string_index(n))
            {
                position = position.with(sq, piece);
            }
        }
        if spaced {
            notes.push(Note {
                kind: NoteKind::SpacedRows,
                span: src.span(range.clone()),
            });
        }
        let form = if spaced {
            BoardForm::SpacedRows
        } else {
            BoardForm::Rows
        };
        Ok(Item::Board {
            position,
            form,
            range,
            notes,
        })
    }
}

/// For a syntax error at byte `at` inside a list literal that starts at
/// byte `start` and holds captures (its first item is one): the capture
/// (1-based) the error is in, the item of the outer list it stands in.
fn capture_at_error(src: &Src<'_>, start: usize, at: usize) -> Option<usize> {
    let text = src.text.get(start..at)?;
    let mut depth = 0usize;
    let mut commas = 0;
    let mut first_end = None;
    let mut quote = None;
    for (i, c) in text.char_indices() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '[' | '(' => depth += 1,
            // The outer list ends before the error: the error is not in it.
            ']' | ')' => depth = depth.checked_sub(1).filter(|&d| d > 0)?,
            ',' if depth == 1 => {
                commas += 1;
                first_end.get_or_insert(start + i);
            }
            _ => {}
        }
    }
    let first_end = first_end?;
    let (first, _) = literal::parse_value(src.text, start + 1).ok()?;
    (first.range.end <= first_end && shape::capture_item(src, &first).is_some())
        .then_some(commas + 1)
}

/// The byte range of character `i` of `text`, which starts at `start`.
fn char_range(text: &str, start: usize, i: usize) -> Range<usize> {
    match text.char_indices().nth(i) {
        Some((offset, c)) => start + offset..start + offset + c.len_utf8(),
        None => start + text.len()..start + text.len(),
    }
}

/// The character indices of the four squares of a board line: four
/// characters, or seven with spaces at the odd places (`R P . .`). The flag
/// says which.
fn row_cells(text: &str) -> Option<(Vec<usize>, bool)> {
    let chars: Vec<char> = text.chars().collect();
    match chars.len() {
        4 => Some(((0..4).collect(), false)),
        7 if chars[1] == ' ' && chars[3] == ' ' && chars[5] == ' ' => {
            Some((vec![0, 2, 4, 6], true))
        }
        _ => None,
    }
}

/// Whether a line that is no row looks like a row of the wrong length: a
/// few characters, no spaces, not a comment.
fn plausible_row(text: &str) -> bool {
    let n = text.chars().count();
    (1..=8).contains(&n) && !text.contains(char::is_whitespace) && !text.starts_with('#')
}

/// Whether a comment line is really a board: 16 characters with a piece
/// letter.
fn looks_like_board(text: &str) -> bool {
    text.chars().count() == Square::COUNT && text.chars().any(|c| Piece::from_letter(c).is_some())
}

/// `text` without a trailing `# comment` (a `#` after a space).
fn strip_comment(text: &str) -> &str {
    match text.find(" #").or_else(|| text.find("\t#")) {
        Some(i) => text[..i].trim_end(),
        None => text,
    }
}

/// Whether a line says "no solution".
fn is_false_text(text: &str) -> bool {
    is_false_word(text)
        || matches!(text, "0" | "0.0")
        || text.eq_ignore_ascii_case("no solution")
        || text.eq_ignore_ascii_case("none")
}

/// A `key: value` line (key in lower case, two letters or more).
fn header(text: &str, base: usize) -> Option<Item> {
    let key_len = text
        .bytes()
        .take_while(|b| b.is_ascii_lowercase() || *b == b'-')
        .count();
    if key_len < 2 {
        return None;
    }
    let after = text[key_len..].trim_start();
    let rest = after
        .strip_prefix(':')
        .or_else(|| after.strip_prefix('='))?;
    let value = rest.trim();
    if value.is_empty() || value.contains(' ') {
        return None;
    }
    let value_start = base + text.len() - rest.trim_start().len();
    Some(Item::Header {
        key: text[..key_len].to_string(),
        value: value.to_string(),
        range: base..base + text.len(),
        value_range: value_start..value_start + value.len(),
    })
}

fn literal_error(src: &Src<'_>, e: LiteralError) -> ParseError {
    let one = |at: usize| {
        at..src.text[at.min(src.text.len())..]
            .chars()
            .next()
            .map_or(at, |c| at + c.len_utf8())
    };
    let open_span = |at: usize| src.span(at..at + 1);
    match e {
        LiteralError::ExpectedValue { at, found } => {
            src.error(ParseErrorKind::ExpectedValue { found }, &one(at))
        }
        LiteralError::ExpectedSeparator {
            at,
            found,
            close,
            open_at,
        } => src.error(
            ParseErrorKind::ExpectedSeparator {
                found,
                close,
                open: open_span(open_at),
            },
            &one(at),
        ),
        LiteralError::Mismatched {
            at,
            found,
            close,
            open_at,
        } => src.error(
            ParseErrorKind::MismatchedBracket {
                found,
                close,
                open: open_span(open_at),
            },
            &one(at),
        ),
        LiteralError::UnterminatedString { at } => {
            let end = src.text[at..].find('\n').map_or(src.text.len(), |i| at + i);
            src.error(ParseErrorKind::UnterminatedString, &(at..end))
        }
        LiteralError::TooDeep { at } => src.error(ParseErrorKind::TooDeep, &(at..at + 1)),
        LiteralError::NumberTooLarge { range } => src.error(ParseErrorKind::NumberTooLarge, &range),
    }
}

/// An item as a puzzle (a board).
pub(crate) fn item_as_board(src: &Src<'_>, item: Item) -> Result<Puzzle, ParseError> {
    match item {
        Item::Literal(v) => {
            let mut notes = Vec::new();
            let board = shape::board_from_value(src, &v, &mut notes)?;
            Ok(Puzzle {
                position: board.position,
                span: src.span(board.range),
                form: board.form,
                notes,
            })
        }
        Item::Board {
            position,
            form,
            range,
            notes,
        } => Ok(Puzzle {
            position,
            span: src.span(range),
            form,
            notes,
        }),
        other => {
            let found = match other {
                Item::Captures(_) => "a capture",
                Item::False(_) => "a false value",
                _ => "a header line",
            };
            Err(src.error(
                ParseErrorKind::NotABoard {
                    found: found.to_string(),
                },
                &other.range(),
            ))
        }
    }
}

/// The one board of a whole text (for [`super::parse_board`]).
pub(crate) fn board_only(src: &Src<'_>) -> Result<Puzzle, ParseError> {
    // A bare 16-character string is a board whatever its characters are
    // (`#` included), as the challenge says.
    let body = src.text.strip_suffix('\n').unwrap_or(src.text);
    let body = body.strip_suffix('\r').unwrap_or(body);
    if body.chars().count() == Square::COUNT && !body.contains('\n') {
        let mut notes = Vec::new();
        let range = 0..body.len();
        let place = |i: usize| char_range(body, 0, i);
        let (position, form) = shape::board_from_str(src, body, &place, &range, &mut notes)?;
        return Ok(Puzzle {
            position,
            span: src.span(range),
            form,
            notes,
        });
    }
    let mut scanner = Scanner::new(src, 0);
    let item = match scanner.next_item() {
        Some(item) => item?,
        None => return Err(no_puzzle(src, &scanner)),
    };
    let puzzle = item_as_board(src, item)?;
    if let Some(next) = scanner.next_item() {
        let range = next.map_or_else(|e| e.span.range(), |item| item.range());
        return Err(src.error(ParseErrorKind::TrailingText, &range));
    }
    Ok(puzzle)
}

fn no_puzzle(src: &Src<'_>, scanner: &Scanner<'_, '_>) -> ParseError {
    let end = src.text.len();
    src.error(
        ParseErrorKind::NoPuzzle {
            board_like_comment: scanner.board_like_comment.clone().map(|r| src.span(r)),
        },
        &(end..end),
    )
}

/// The head of a record: `rules:` lines, then the puzzle.
#[allow(clippy::type_complexity)]
pub(crate) fn record_head<'s, 'a>(
    src: &'s Src<'a>,
) -> Result<(Option<(Profile, Span)>, Puzzle, Scanner<'s, 'a>), ParseError> {
    let mut scanner = Scanner::new(src, 0);
    let mut profile = None;
    loop {
        let item = match scanner.next_item() {
            Some(item) => item?,
            None => return Err(no_puzzle(src, &scanner)),
        };
        if let Item::Header {
            key,
            value,
            range,
            value_range,
        } = item
        {
            profile = Some(header_profile(src, &key, &value, &range, &value_range)?);
            continue;
        }
        let puzzle = item_as_board(src, item)?;
        return Ok((profile, puzzle, scanner));
    }
}

fn header_profile(
    src: &Src<'_>,
    key: &str,
    value: &str,
    range: &Range<usize>,
    value_range: &Range<usize>,
) -> Result<(Profile, Span), ParseError> {
    if key != "rules" && key != "profile" {
        let kind = ParseErrorKind::UnknownHeader {
            key: key.to_string(),
        };
        return Err(src.error(kind, &(range.start..range.start + key.len())));
    }
    match Profile::from_name(value) {
        Some(p) => Ok((p, src.span(range.clone()))),
        None => Err(src.error(
            ParseErrorKind::UnknownProfile {
                name: value.to_string(),
            },
            value_range,
        )),
    }
}

/// Whether a literal is exactly one board (and not a list of boards).
fn is_single_board(v: &Value) -> bool {
    let scalar = |v: &Value| v.as_list().is_none();
    match v.as_list() {
        None => v.as_str().is_some(),
        Some(items) => {
            let rows_of_cells = items.len() == 4
                && items.iter().all(|r| {
                    r.as_list()
                        .is_some_and(|l| l.len() == 4 && l.iter().all(scalar))
                });
            let row_strings = items.len() == 4
                && items
                    .iter()
                    .all(|r| r.as_str().is_some_and(|s| s.chars().count() == 4));
            let flat = items.len() == Square::COUNT && items.iter().all(scalar);
            let triples = !items.is_empty()
                && items.iter().all(|e| {
                    e.as_list().is_some_and(|l| {
                        l.len() == 3 && l[0].as_int().is_some() && l[1].as_int().is_some()
                    })
                });
            rows_of_cells || row_strings || flat || triples
        }
    }
}

/// What one item of an answer holds.
enum Part {
    Moves(Vec<WrittenMove>),
    Boards(Vec<WrittenBoard>),
    False,
}

impl Part {
    fn kind(&self) -> ItemKind {
        match self {
            Part::Moves(_) => ItemKind::Move,
            Part::Boards(_) => ItemKind::Board,
            Part::False => ItemKind::False,
        }
    }
}

/// A literal of an answer: a false value, captures (one, a list, a string
/// of them), one board or a list of boards. Error numbers count captures
/// within the literal.
fn literal_part(src: &Src<'_>, v: &Value, notes: &mut Vec<Note>) -> Result<Part, ParseError> {
    if v.is_false() {
        return Ok(Part::False);
    }
    if !shape::is_number_board(v) {
        if let Some(captures) = shape::captures_of_value(src, v) {
            let moves = captures?.iter().map(|c| src.written_move(c)).collect();
            return Ok(Part::Moves(moves));
        }
    }
    if is_single_board(v) {
        return Ok(Part::Boards(vec![written_board(src, v, notes)?]));
    }
    let Some(items) = v.as_list() else {
        let found = shape::describe(v);
        return Err(src.error(ParseErrorKind::NotAnAnswer { found }, &v.range));
    };
    let mut boards = Vec::with_capacity(items.len());
    for item in items {
        if shape::capture_item(src, item).is_some() {
            let kind = ParseErrorKind::MixedAnswer {
                expected: ItemKind::Board,
                found: ItemKind::Move,
            };
            return Err(src.error(kind, &item.range).after(boards.len()));
        }
        boards.push(written_board(src, item, notes).map_err(|e| e.after(boards.len()))?);
    }
    Ok(Part::Boards(boards))
}

/// What an item of an answer holds.
fn part(src: &Src<'_>, item: Item, notes: &mut Vec<Note>) -> Result<Part, ParseError> {
    match item {
        Item::Captures(captures) => Ok(Part::Moves(
            captures.iter().map(|c| src.written_move(c)).collect(),
        )),
        Item::Literal(v) => literal_part(src, &v, notes),
        Item::Board {
            position,
            form,
            range,
            notes: board_notes,
        } => {
            notes.extend(board_notes);
            Ok(Part::Boards(vec![WrittenBoard {
                position,
                span: src.span(range),
                form,
            }]))
        }
        Item::False(_) => Ok(Part::False),
        Item::Header { range, .. } => Err(src.error(ParseErrorKind::HeaderAfterPuzzle, &range)),
    }
}

fn written_board(
    src: &Src<'_>,
    v: &Value,
    notes: &mut Vec<Note>,
) -> Result<WrittenBoard, ParseError> {
    let board = shape::board_from_value(src, v, notes)?;
    Ok(WrittenBoard {
        position: board.position,
        span: src.span(board.range),
        form: board.form,
    })
}

/// The rest of the text as an answer; `None` if nothing is left.
///
/// The items are all captures (lines of them, literals of them, mixed
/// freely), or all boards, or one false value. An error inside the answer
/// names the capture it is about when the items before it were captures
/// (or boards).
pub(crate) fn answer(
    src: &Src<'_>,
    scanner: &mut Scanner<'_, '_>,
) -> Result<Option<Answer>, ParseError> {
    scanner.answer = true;
    let mut moves: Vec<WrittenMove> = Vec::new();
    let mut boards: Vec<WrittenBoard> = Vec::new();
    let mut notes = Vec::new();
    let mut expected: Option<ItemKind> = None;
    let mut false_item: Option<Range<usize>> = None;
    let mut span: Option<Range<usize>> = None;
    while let Some(item) = scanner.next_item() {
        let done = moves.len() + boards.len();
        let item = item.map_err(|e| e.after(done))?;
        let range = item.range();
        span = Some(span.map_or(range.clone(), |s| s.start..range.end));
        let mixed = |expected: ItemKind, found: ItemKind, range: &Range<usize>| {
            let kind = ParseErrorKind::MixedAnswer { expected, found };
            src.error(kind, range).after(done)
        };
        // A false value is an answer only on its own.
        if let Some(f) = &false_item {
            return Err(mixed(ItemKind::Move, ItemKind::False, f));
        }
        let part = part(src, item, &mut notes).map_err(|e| e.after(done))?;
        let kind = part.kind();
        match (expected, kind) {
            (None, ItemKind::False) if done == 0 => false_item = Some(range.clone()),
            (None, _) => expected = Some(kind),
            (Some(e), k) if e == k => {}
            (Some(e), k) => return Err(mixed(e, k, &range)),
        }
        match part {
            Part::Moves(m) => moves.extend(m),
            Part::Boards(b) => boards.extend(b),
            Part::False => {}
        }
    }
    let Some(span) = span else {
        return Ok(None);
    };
    let body = match expected {
        None => AnswerBody::NoSolution,
        Some(ItemKind::Board) => AnswerBody::Boards(boards),
        Some(_) => {
            settle_coordinates(src, &mut moves)?;
            AnswerBody::Moves(moves)
        }
    };
    Ok(Some(Answer {
        body,
        span: src.span(span),
        notes,
    }))
}

/// Give the captures in coordinates of an answer their squares under the
/// first reading all their numbers fit (the challenge's, else counted from
/// 1): one reading for the whole answer. [`crate::check`] may choose
/// another with the puzzle.
///
/// # Errors
///
/// `off-board` when no reading fits them all (a 0 and a 4): at the first
/// square with a 4, off the board under the challenge's reading.
fn settle_coordinates(src: &Src<'_>, moves: &mut [WrittenMove]) -> Result<(), ParseError> {
    let numbers = moves
        .iter()
        .filter_map(|m| m.xy)
        .flat_map(|xy| xy.into_iter().flatten());
    let Some(reading) = notation::provisional_reading(numbers) else {
        // Every number is in 0..=4 (the line reader saw to it): with no
        // reading, a 4 is there.
        let off = moves.iter().enumerate().find_map(|(n, m)| {
            let [from, to] = m.xy?;
            [(from, m.from_span.unwrap_or(m.span)), (to, m.to_span)]
                .into_iter()
                .find(|(pair, _)| pair.contains(&4))
                .map(|(pair, span)| (n, pair, span))
        });
        let (n, [x, y], span) = off.unwrap_or((0, [4, 4], src.span(0..0)));
        return Err(ParseError {
            kind: ParseErrorKind::CoordinateOffBoard {
                x: i64::from(x),
                y: i64::from(y),
            },
            span,
            capture: Some(n + 1),
        });
    };
    for m in moves.iter_mut() {
        if let Some(read) = m.read_as(reading) {
            *m = read;
        }
    }
    Ok(())
}
