//! Record files: syntax only.
//!
//! A record holds one move per line, points joined by `-` (`Bc-Cc`,
//! `Bd-Db-Dd-Df-Bd`). This module turns text into [`MoveText`]s with their
//! source spans and lists every syntax problem of the file; it knows nothing
//! of legality (that is [`crate::replay`]).
//!
//! The assignment's programs write exactly one move per line and nothing
//! else. Editors and hand edits add a byte-order mark, CRLF line ends, blank
//! lines, stray spaces or comments: those are accepted and reported as
//! [`FormatNote`]s, which a strict caller turns into errors.

use std::ops::Range;

use nom::bytes::complete::take;
use nom::character::complete::char;
use nom::error::{ErrorKind, ParseError};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::moves::{MAX_PATH, Path};
use crate::{Point, PointError};

/// One move as written in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The 1-based line number.
    pub line: usize,
    /// Byte offset of the move's first character in the source.
    pub offset: usize,
    /// The points, as written.
    pub path: Path,
}

impl MoveText {
    /// Byte span of the whole move in the source.
    pub fn span(&self) -> Range<usize> {
        self.offset..self.offset + 3 * self.path.len() - 1
    }

    /// Byte span of point `i` (two letters; every point is preceded by one
    /// dash, so positions follow from the index).
    pub fn point_span(&self, i: usize) -> Range<usize> {
        let start = self.offset + 3 * i;
        start..start + 2
    }

    /// Byte span of segment `i` of the path: point `i` alone for 0, else from
    /// point `i - 1` to point `i`.
    pub fn segment_span(&self, i: usize) -> Range<usize> {
        if i == 0 {
            self.point_span(0)
        } else {
            self.point_span(i - 1).start..self.point_span(i).end
        }
    }
}

/// What is wrong with the text of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// Two characters that are not a point.
    Point(PointError),
    /// Nothing between two dashes, or a dash at the start or end.
    EmptyPoint,
    /// Two points written without a dash between them.
    MissingDash,
    /// A character that has no place in a move.
    Unexpected(char),
    /// Only one point: a move has a start and at least one more point.
    TooFewPoints,
    /// More points than any capture can have.
    TooManyPoints,
    /// `FIN`, the word that ends a game at the assignment's console: not a
    /// move of a saved game.
    Fin,
    /// Several moves on one line (`Bc-Cc Dd-Cd`, `Bc-Cc, Dd-Cd`).
    SeveralMoves(usize),
}

/// A syntax error: a line that is not a move.
///
/// It quotes at most [`QUOTE_MAX`] bytes of the line, so that a huge line
/// never makes a huge message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// The 1-based line number.
    pub line: usize,
    /// Byte span of the offending text in the source.
    pub span: Range<usize>,
    /// Byte span of the whole line's text (trimmed) in the source.
    pub line_span: Range<usize>,
    /// The offending text itself, capped.
    pub snippet: String,
    /// A plausible intended move, when one is easy to see.
    pub suggestion: Option<String>,
}

impl SyntaxError {
    /// Whether it is an off-board point (reason `off-board`) rather than
    /// plain bad syntax (reason `syntax`).
    pub fn is_off_board(&self) -> bool {
        matches!(
            self.kind,
            SyntaxErrorKind::Point(PointError::OffBoard { .. })
        )
    }

    /// What is wrong, in a sentence.
    pub fn message(&self) -> String {
        match &self.kind {
            SyntaxErrorKind::Point(PointError::OffBoard { .. }) => {
                format!("`{}` names a point off the board", self.snippet())
            }
            SyntaxErrorKind::Point(_) => format!("`{}` is not a point", self.snippet()),
            SyntaxErrorKind::EmptyPoint => "a point is missing between dashes".to_string(),
            SyntaxErrorKind::MissingDash => "two points without a dash between them".to_string(),
            SyntaxErrorKind::Unexpected(c) => format!("unexpected {}", describe_char(*c)),
            SyntaxErrorKind::TooFewPoints => "a move needs at least two points".to_string(),
            SyntaxErrorKind::TooManyPoints => {
                format!("a move has at most {MAX_PATH} points")
            }
            SyntaxErrorKind::Fin => {
                "`FIN` is what a player types to stop a game at the console, not a move".to_string()
            }
            SyntaxErrorKind::SeveralMoves(n) => format!("several moves on one line ({n})"),
        }
    }

    /// A label for the underlined text.
    pub fn label(&self) -> String {
        match &self.kind {
            SyntaxErrorKind::Point(PointError::OffBoard { .. }) => "off the cross".to_string(),
            SyntaxErrorKind::Point(PointError::Case) => "wrong letter case".to_string(),
            SyntaxErrorKind::Point(PointError::Swapped) => "column before row".to_string(),
            SyntaxErrorKind::Point(PointError::Letters) => "unknown letters".to_string(),
            SyntaxErrorKind::Point(_) => "not two letters".to_string(),
            SyntaxErrorKind::EmptyPoint => "empty point".to_string(),
            SyntaxErrorKind::MissingDash => "a `-` is missing before this point".to_string(),
            SyntaxErrorKind::Unexpected(_) => "not part of a move".to_string(),
            SyntaxErrorKind::TooFewPoints => "only one point".to_string(),
            SyntaxErrorKind::TooManyPoints => "too many points".to_string(),
            SyntaxErrorKind::Fin => "not a move".to_string(),
            SyntaxErrorKind::SeveralMoves(_) => "one line, several moves".to_string(),
        }
    }

    /// How to write it right.
    pub fn help(&self) -> String {
        let suggestion = self
            .suggestion
            .as_ref()
            .map(|s| format!(" Did you mean `{s}`?"))
            .unwrap_or_default();
        let base = match &self.kind {
            SyntaxErrorKind::Point(PointError::OffBoard { .. }) => {
                "the four 2×2 corners of the 7×7 grid (like `Aa`, `Bb`, `Fg`) are not \
                 part of the cross; rows A, B, F, G only have columns c, d, e"
                    .to_string()
            }
            SyntaxErrorKind::Point(e) => format!("{e}."),
            SyntaxErrorKind::EmptyPoint | SyntaxErrorKind::MissingDash => {
                "write the points joined by single dashes, like `Bc-Cc` or `Bd-Db-Dd-Df-Bd`"
                    .to_string()
            }
            SyntaxErrorKind::Unexpected(_) => {
                "a line holds one move and nothing else, like `Bc-Cc`; comments start with `#`"
                    .to_string()
            }
            SyntaxErrorKind::TooFewPoints => {
                "write the start and the destination, like `Bc-Cc`".to_string()
            }
            SyntaxErrorKind::TooManyPoints => {
                "no capture chain can be this long; is this several moves on one line?".to_string()
            }
            SyntaxErrorKind::Fin => {
                "a saved game holds only moves: remove the line (`--lenient` skips it)".to_string()
            }
            SyntaxErrorKind::SeveralMoves(_) => {
                "a saved game has one move per line: put each on its own line \
                 (`--lenient` reads them in order)"
                    .to_string()
            }
        };
        // Every sentence ends with a full stop before the suggestion.
        if !suggestion.is_empty() && !base.ends_with('.') {
            base + "." + &suggestion
        } else {
            base + &suggestion
        }
    }

    /// The offending text itself.
    fn snippet(&self) -> &str {
        &self.snippet
    }
}

/// Something accepted but not in the exact format the assignment saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FormatNote {
    /// A UTF-8 byte-order mark at the start.
    Bom,
    /// Windows line ends.
    CrLf,
    /// Empty lines.
    BlankLine,
    /// Spaces or tabs around a move.
    SurroundingSpace,
    /// `#` comment lines.
    Comment,
    /// `FIN` lines, skipped under `--lenient`.
    Fin,
    /// Lines with several moves, read in order under `--lenient`.
    SeveralMoves,
    /// No moves at all: an empty file (or only blank and comment lines).
    Empty,
}

impl FormatNote {
    /// A sentence for `count` occurrences.
    pub fn message(self, count: usize) -> String {
        let plural = |one: &str, many: &str| {
            if count == 1 {
                one.to_string()
            } else {
                format!("{count} {many}")
            }
        };
        match self {
            FormatNote::Bom => "the file starts with a UTF-8 byte-order mark".to_string(),
            FormatNote::CrLf => format!(
                "{} end with CRLF (Windows line ends)",
                plural("a line", "lines")
            ),
            FormatNote::BlankLine => plural("a blank line", "blank lines"),
            FormatNote::SurroundingSpace => {
                format!("{} with spaces around the move", plural("a line", "lines"))
            }
            FormatNote::Comment => plural("a comment line", "comment lines"),
            FormatNote::Fin => format!("{} skipped", plural("a `FIN` line", "`FIN` lines")),
            FormatNote::SeveralMoves => format!(
                "{} with several moves, read in order",
                plural("a line", "lines")
            ),
            FormatNote::Empty => "the record holds no moves".to_string(),
        }
    }

    /// What the assignment's format would have.
    pub fn help(self) -> &'static str {
        match self {
            FormatNote::Bom => "a saved game is plain UTF-8 without a byte-order mark",
            FormatNote::CrLf => "a saved game ends its lines with `\\n` only",
            FormatNote::BlankLine => "a saved game has one move on every line, with no blank lines",
            FormatNote::SurroundingSpace => "a saved game writes each move alone, like `Bc-Cc`",
            FormatNote::Comment => "a saved game has no comments",
            FormatNote::Fin => "`FIN` stops a game at the console; a saved game holds only moves",
            FormatNote::SeveralMoves => "a saved game has one move per line",
            FormatNote::Empty => "is it the right file? A saved game has one line per move played",
        }
    }
}

/// All occurrences of one [`FormatNote`] in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatFinding {
    /// What was found.
    pub note: FormatNote,
    /// The first 1-based lines where it was found, in order (at most
    /// [`FormatFinding::LINES_KEPT`]).
    pub lines: Vec<usize>,
    /// How many times it was found.
    pub count: usize,
    /// Byte span of the first occurrence.
    pub span: Range<usize>,
}

impl FormatFinding {
    /// How many line numbers a finding keeps: enough to find them, never a
    /// list as long as the file.
    pub const LINES_KEPT: usize = 10;

    /// A first occurrence.
    pub fn new(note: FormatNote, line: usize, span: Range<usize>) -> FormatFinding {
        FormatFinding {
            note,
            lines: vec![line],
            count: 1,
            span,
        }
    }

    /// One more occurrence.
    pub fn add(&mut self, line: usize) {
        self.count += 1;
        if self.lines.len() < FormatFinding::LINES_KEPT {
            self.lines.push(line);
        }
    }
}

/// Add an occurrence of `note` to `findings`.
pub fn tally(findings: &mut Vec<FormatFinding>, note: FormatNote, line: usize, span: Range<usize>) {
    match findings.iter_mut().find(|f| f.note == note) {
        Some(f) => f.add(line),
        None => findings.push(FormatFinding::new(note, line, span)),
    }
}

/// A parsed record: its moves, its syntax errors and its format notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The lines that are moves, in order (including lines after a syntax
    /// error, which a replay must not use).
    pub moves: Vec<MoveText>,
    /// Every syntax error, in line order.
    pub errors: Vec<SyntaxError>,
    /// Accepted deviations from the exact format, one entry per kind.
    pub notes: Vec<FormatFinding>,
    /// For each syntax error, how many moves precede its line: replay stops
    /// there.
    first_error_at_move: Option<usize>,
}

impl Record {
    /// Parse a record.
    ///
    /// Never fails: every problem is listed in [`Record::errors`] or
    /// [`Record::notes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_asalto::Record;
    ///
    /// let record = Record::parse("Bc-Cc\nDd-Cd\nbc-Ce\n");
    /// assert_eq!(record.moves.len(), 2);
    /// assert_eq!(record.errors[0].line, 3);
    /// ```
    pub fn parse(source: &str) -> Record {
        Record::parse_with(source, false)
    }

    /// Parse a record; `lenient` reads a line of several moves as those
    /// moves and skips `FIN` lines (each with a [`FormatNote`]) instead of
    /// calling them syntax errors.
    pub fn parse_with(source: &str, lenient: bool) -> Record {
        let mut record = Record::default();
        let mut offset = 0;
        let mut any = false;
        for (index, raw) in lines(source).enumerate() {
            let line = ScannedLine::scan(raw, index + 1, offset, lenient);
            offset += raw.len();
            for (note, span) in &line.notes {
                tally(&mut record.notes, *note, line.line, span.clone());
            }
            match line.content {
                LineContent::Nothing => {}
                LineContent::Move(m) => {
                    any = true;
                    record.moves.push(m);
                }
                LineContent::Several { .. } => {
                    any = true;
                    record.moves.extend(line.moves());
                }
                LineContent::Error(e) => {
                    any = true;
                    if record.first_error_at_move.is_none() {
                        record.first_error_at_move = Some(record.moves.len());
                    }
                    record.errors.push(*e);
                }
            }
        }
        if !any {
            tally(&mut record.notes, FormatNote::Empty, 1, 0..0);
        }
        record
    }

    /// The moves a replay may use: those before the first syntax error.
    pub fn replayable(&self) -> &[MoveText] {
        let end = self.first_error_at_move.unwrap_or(self.moves.len());
        &self.moves[..end]
    }

    /// The line of the first syntax error, if any.
    pub fn first_error_line(&self) -> Option<usize> {
        self.errors.first().map(|e| e.line)
    }
}

/// At most this many bytes of a line are quoted in a message (a suggestion,
/// the text of a bad line), so that a huge line never makes a huge report:
/// the cap of every quote, core's.
pub use asalto_core::excerpt::QUOTE_MAX;

/// What one line of a record holds, once its format notes are set apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineContent {
    /// A blank line, a comment, or (under `--lenient`) `FIN`.
    Nothing,
    /// One move.
    Move(MoveText),
    /// Several moves, read in order (under `--lenient` only):
    /// [`ScannedLine::moves`] lists them.
    Several {
        /// How many.
        count: usize,
    },
    /// Not a move.
    Error(Box<SyntaxError>),
}

/// One line of a record, read: the format notes it raises and what it
/// holds. Reading a file line by line with this keeps no more than a line
/// in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScannedLine<'a> {
    /// The 1-based line number.
    pub line: usize,
    /// Format notes of this line, with their spans (at most three: a BOM, a
    /// CRLF, and one of blank, comment, spaces, `FIN` or several moves).
    pub notes: arrayvec::ArrayVec<(FormatNote, Range<usize>), 3>,
    /// What the line holds.
    pub content: LineContent,
    /// The line's text without its line end and surrounding spaces.
    pub text: &'a str,
    /// Byte offset of `text` in the source.
    pub text_start: usize,
}

impl<'a> ScannedLine<'a> {
    /// Read line number `line`, `raw` with its `\n` if it has one, which
    /// starts at byte `start` of the source (a byte-order mark is looked for
    /// when `start` is 0).
    pub fn scan(raw: &'a str, line: usize, start: usize, lenient: bool) -> ScannedLine<'a> {
        let mut notes = arrayvec::ArrayVec::new();
        let mut text = raw.strip_suffix('\n').unwrap_or(raw);
        let mut start = start;
        if start == 0 {
            if let Some(rest) = text.strip_prefix('\u{feff}') {
                notes.push((FormatNote::Bom, 0..3));
                text = rest;
                start = 3;
                // A file that is only a byte-order mark has no lines.
                if raw.len() == 3 {
                    return ScannedLine {
                        line,
                        notes,
                        content: LineContent::Nothing,
                        text,
                        text_start: start,
                    };
                }
            }
        }
        if let Some(t) = text.strip_suffix('\r') {
            notes.push((FormatNote::CrLf, start + t.len()..start + t.len() + 1));
            text = t;
        }
        // Most lines are bare moves: trim only when there is something to
        // trim.
        let padded = |t: &str| t.starts_with([' ', '\t']) || t.ends_with([' ', '\t']);
        let (trimmed, lead) = if padded(text) {
            let rest = text.trim_start_matches([' ', '\t']);
            (rest.trim_end_matches([' ', '\t']), text.len() - rest.len())
        } else {
            (text, 0)
        };
        let text_start = start + lead;
        let mut scanned = ScannedLine {
            line,
            notes,
            content: LineContent::Nothing,
            text: trimmed,
            text_start,
        };
        if trimmed.is_empty() {
            scanned
                .notes
                .push((FormatNote::BlankLine, start..start + text.len()));
            return scanned;
        }
        let whole = text_start..text_start + trimmed.len();
        if trimmed.starts_with('#') {
            scanned.notes.push((FormatNote::Comment, whole));
            return scanned;
        }
        let spaced = trimmed.len() != text.len();
        let mut note = |n: FormatNote, span: Range<usize>| {
            scanned.notes.push((n, span));
        };
        let mut path = EMPTY_PATH;
        let content = match parse_move(trimmed, &mut path) {
            Ok(()) => {
                if spaced {
                    note(FormatNote::SurroundingSpace, start..start + text.len());
                }
                LineContent::Move(MoveText {
                    line,
                    offset: text_start,
                    path,
                })
            }
            Err(_) if is_fin(trimmed) && lenient => {
                note(FormatNote::Fin, whole);
                LineContent::Nothing
            }
            Err(_) if is_fin(trimmed) => LineContent::Error(Box::new(syntax_error(
                trimmed,
                text_start,
                line,
                (0, trimmed.len(), SyntaxErrorKind::Fin),
            ))),
            Err(error) => match several_moves(trimmed) {
                Some(count) if lenient => {
                    note(FormatNote::SeveralMoves, whole);
                    LineContent::Several { count }
                }
                Some(count) => LineContent::Error(Box::new(syntax_error(
                    trimmed,
                    text_start,
                    line,
                    (0, trimmed.len(), SyntaxErrorKind::SeveralMoves(count)),
                ))),
                None => {
                    if spaced {
                        note(FormatNote::SurroundingSpace, start..start + text.len());
                    }
                    LineContent::Error(Box::new(syntax_error(trimmed, text_start, line, error)))
                }
            },
        };
        scanned.content = content;
        scanned
    }

    /// The moves of a line that holds several ([`LineContent::Several`]),
    /// in order; one move for [`LineContent::Move`]; else none.
    pub fn moves(&self) -> impl Iterator<Item = MoveText> + '_ {
        let several = matches!(self.content, LineContent::Several { .. });
        let single = match &self.content {
            LineContent::Move(m) => Some(*m),
            _ => None,
        };
        let tokens = several.then(|| tokens(self.text)).into_iter().flatten();
        single
            .into_iter()
            .chain(tokens.filter_map(move |(at, token)| {
                let mut path = EMPTY_PATH;
                parse_move(token, &mut path).ok().map(|()| MoveText {
                    line: self.line,
                    offset: self.text_start + at,
                    path,
                })
            }))
    }
}

/// Whether a line is the console's `FIN` (in any case).
fn is_fin(text: &str) -> bool {
    text.eq_ignore_ascii_case("FIN")
}

/// The pieces of a line between separators (spaces, tabs, commas,
/// semicolons), each with its byte offset.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let separator = |c: char| matches!(c, ' ' | '\t' | ',' | ';');
    text.split(separator)
        .scan(0, |at, token| {
            let here = *at;
            *at += token.len() + 1;
            Some((here, token))
        })
        .filter(|(_, token)| !token.is_empty())
}

/// How many moves a line holds, when it is two or more moves and
/// separators (spaces, commas, semicolons) and nothing else.
fn several_moves(text: &str) -> Option<usize> {
    let mut count = 0;
    let mut path = EMPTY_PATH;
    for (_, token) in tokens(text) {
        parse_move(token, &mut path).ok()?;
        count += 1;
    }
    (count >= 2).then_some(count)
}

/// The syntax error at `(at, len, kind)` of the line `text`, which starts at
/// byte `text_start`.
fn syntax_error(
    text: &str,
    text_start: usize,
    line: usize,
    (at, len, kind): (usize, usize, SyntaxErrorKind),
) -> SyntaxError {
    let snippet = text.get(at..at + len).unwrap_or(text);
    let suggestion = match kind {
        SyntaxErrorKind::SeveralMoves(_) | SyntaxErrorKind::Fin => None,
        _ => suggest(text),
    };
    SyntaxError {
        kind,
        line,
        span: text_start + at..text_start + at + len,
        line_span: text_start..text_start + text.len(),
        snippet: crate::text::cap(snippet, QUOTE_MAX).into_owned(),
        suggestion,
    }
}

/// The lines of `text`, each with its `\n` if it has one: like
/// `split_inclusive('\n')`, but a plain byte scan, which beats `memchr`'s
/// set-up cost on lines of a few bytes.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .bytes()
            .position(|b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        // `end` follows an ASCII byte or is the end: a char boundary.
        let (line, tail) = rest.split_at(end);
        rest = tail;
        Some(line)
    })
}

/// A path with no points, to fill in.
const EMPTY_PATH: Path = match Point::from_index(0) {
    Some(p) => {
        let mut path = Path::pair(p, p);
        path.truncate(0);
        path
    }
    None => unreachable!(),
};

/// Our nom error: where parsing stopped and, when known, why.
#[derive(Debug)]
struct LineError<'a> {
    rest: &'a str,
    kind: Option<SyntaxErrorKind>,
}

impl<'a> ParseError<&'a str> for LineError<'a> {
    fn from_error_kind(rest: &'a str, _: ErrorKind) -> Self {
        LineError { rest, kind: None }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

fn fail<T>(rest: &str, kind: SyntaxErrorKind) -> IResult<&str, T, LineError<'_>> {
    Err(nom::Err::Failure(LineError {
        rest,
        kind: Some(kind),
    }))
}

/// One point: two letters, row then column.
#[inline(always)]
fn point(input: &str) -> IResult<&str, Point, LineError<'_>> {
    // The common case, two ASCII letters, without going through `take`'s
    // character counting.
    if let [row, column, ..] = input.as_bytes() {
        if row.is_ascii_alphabetic() && column.is_ascii_alphabetic() {
            return match Point::from_notation(&[*row, *column]) {
                Ok(p) => Ok((&input[2..], p)),
                Err(e) => fail(input, SyntaxErrorKind::Point(e)),
            };
        }
    }
    if input.is_empty() || input.starts_with('-') {
        return fail(input, SyntaxErrorKind::EmptyPoint);
    }
    let (rest, text) = take(2usize)
        .parse(input)
        .or_else(|_: nom::Err<LineError<'_>>| {
            fail(input, SyntaxErrorKind::Point(PointError::Length))
        })?;
    if text.ends_with('-') {
        return fail(input, SyntaxErrorKind::Point(PointError::Length));
    }
    if !text.is_ascii() {
        return fail(input, SyntaxErrorKind::Point(PointError::Letters));
    }
    match Point::from_notation(text.as_bytes()) {
        Ok(p) => Ok((rest, p)),
        Err(e) => fail(input, SyntaxErrorKind::Point(e)),
    }
}

/// `point ("-" point)*`: the grammar of a move line, whitespace already
/// trimmed. The points go straight into `out`, a [`Path`] already in its
/// place in the record: no allocation and no copy per line (copying a
/// just-written byte array costs a store-forwarding stall per line).
#[inline(always)]
fn path<'a>(input: &'a str, out: &mut Path) -> IResult<&'a str, (), LineError<'a>> {
    let (mut rest, first) = point(input)?;
    out.truncate(0);
    out.push(first);
    loop {
        match preceded(char('-'), point).parse(rest) {
            Ok((next, p)) => {
                if !out.push(p) {
                    return fail(rest, SyntaxErrorKind::TooManyPoints);
                }
                rest = next;
            }
            Err(nom::Err::Error(_)) => return Ok((rest, ())),
            Err(e) => return Err(e),
        }
    }
}

/// Parse a trimmed line into `out`, or say where (byte offset, length) and
/// why it is not a move.
fn parse_move(text: &str, out: &mut Path) -> Result<(), (usize, usize, SyntaxErrorKind)> {
    if scan_move(text.as_bytes(), out) {
        return Ok(());
    }
    let at = |rest: &str| text.len() - rest.len();
    let token_len = |rest: &str| {
        rest.chars()
            .take(2)
            .map(char::len_utf8)
            .sum::<usize>()
            .max(1)
    };
    match path(text, out) {
        Ok(("", ())) if out.len() < 2 => Err((0, text.len(), SyntaxErrorKind::TooFewPoints)),
        Ok(("", ())) => Ok(()),
        Ok((rest, _)) => {
            let c = rest.chars().next().unwrap_or(' ');
            let mut next = rest.chars();
            let looks_like_point = matches!(
                (next.next(), next.next()),
                (Some('A'..='Z'), Some('a'..='z'))
            );
            let kind = if looks_like_point {
                SyntaxErrorKind::MissingDash
            } else if c == '-' {
                SyntaxErrorKind::EmptyPoint
            } else {
                SyntaxErrorKind::Unexpected(c)
            };
            let len = if looks_like_point { 2 } else { c.len_utf8() };
            Err((at(rest), len, kind))
        }
        Err(nom::Err::Failure(e) | nom::Err::Error(e)) => {
            let kind = e.kind.unwrap_or(SyntaxErrorKind::Unexpected(
                e.rest.chars().next().unwrap_or(' '),
            ));
            let len = match kind {
                SyntaxErrorKind::EmptyPoint => 1.min(e.rest.len()),
                SyntaxErrorKind::TooManyPoints => e.rest.len().max(1),
                _ => token_len(e.rest).min(e.rest.len()).max(1),
            };
            Err((at(e.rest), len, kind))
        }
        Err(nom::Err::Incomplete(_)) => Err((0, text.len(), SyntaxErrorKind::TooFewPoints)),
    }
}

/// The move of a line that is a bare well-formed move and nothing else (no
/// spaces, no CR, no byte-order mark): the hot path of a replay, which needs
/// no [`ScannedLine`] for it. `None` for any other line.
#[inline]
pub fn bare_move(text: &str) -> Option<Path> {
    let mut path = EMPTY_PATH;
    scan_move(text.as_bytes(), &mut path).then_some(path)
}

/// [`bare_move`] on the bytes of a line (without its line end), written
/// into `path`: `true` if the line is a bare well-formed move. Such a line
/// is ASCII, so a caller holding bytes needs no UTF-8 check for it; the
/// path is filled in place, never copied out (a copy of a path just
/// written byte by byte stalls the processor's store forwarding).
#[inline]
pub fn bare_move_into(bytes: &[u8], path: &mut Path) -> bool {
    scan_move(bytes, path)
}

/// An empty path, to fill with [`bare_move_into`].
pub const NO_PATH: Path = EMPTY_PATH;

/// The hot path: a well-formed move (`Xy-Xy...`, two to [`MAX_PATH`]
/// points) read byte by byte into `out`. `false` for anything else, which
/// the nom grammar then reads again to say exactly what is wrong.
#[inline(always)]
fn scan_move(bytes: &[u8], out: &mut Path) -> bool {
    let n = bytes.len();
    if n < 5 || n % 3 != 2 || n / 3 + 1 > MAX_PATH {
        return false;
    }
    out.truncate(0);
    for (i, pair) in bytes.chunks(3).enumerate() {
        if i > 0 && bytes[3 * i - 1] != b'-' {
            return false;
        }
        match Point::from_notation(&pair[..2]) {
            Ok(p) => {
                out.push(p);
            }
            Err(_) => return false,
        }
    }
    true
}

fn describe_char(c: char) -> String {
    match c {
        ' ' => "space".to_string(),
        '\t' => "tab".to_string(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c => format!("`{c}`"),
    }
}

/// A plausible intended move for a line with a syntax error: letters fixed to
/// the right case and dashes put back, when that gives a well-formed move.
fn suggest(text: &str) -> Option<String> {
    // A move has at most MAX_PATH points: a longer line is no one move.
    if text.len() > 4 * MAX_PATH {
        return None;
    }
    let letters: Vec<char> = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    if letters.len() < 4 || letters.len() % 2 != 0 {
        return None;
    }
    let mut points = Vec::new();
    for pair in letters.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        // Row then column; a lower-case column before an upper-case row
        // (`cB`) is the same point written the other way round (`Bc`).
        let (row, col) = if a.is_ascii_lowercase() && b.is_ascii_uppercase() {
            (b, a)
        } else {
            (a, b)
        };
        let (row, col) = (row.to_ascii_uppercase(), col.to_ascii_lowercase());
        if !('A'..='G').contains(&row) || !('a'..='g').contains(&col) {
            return None;
        }
        let s = format!("{row}{col}");
        s.parse::<Point>().ok()?;
        points.push(s);
    }
    let candidate = points.join("-");
    (candidate != text).then_some(candidate)
}

/// Write moves as a record: one move per line, every line ending in `\n`,
/// exactly as the assignment's program saves them.
pub fn write_record<'a>(moves: impl IntoIterator<Item = &'a crate::Move>) -> String {
    let mut out = String::new();
    for m in moves {
        out.push_str(&m.to_string());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<(usize, SyntaxErrorKind)> {
        Record::parse(source)
            .errors
            .into_iter()
            .map(|e| (e.line, e.kind))
            .collect()
    }

    #[test]
    fn parses_plain_moves() {
        let r = Record::parse("Bc-Cc\nBd-Db-Dd-Df-Bd\n");
        assert!(r.errors.is_empty() && r.notes.is_empty());
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.moves[1].path.to_string(), "Bd-Db-Dd-Df-Bd");
        assert_eq!(r.moves[1].offset, 6);
        assert_eq!(r.moves[1].point_span(1), 9..11);
    }

    #[test]
    fn syntax_errors_with_their_kind() {
        use SyntaxErrorKind as K;
        assert_eq!(kinds("bc-cc"), [(1, K::Point(PointError::Case))]);
        assert_eq!(
            kinds("Aa-Ac"),
            [(1, K::Point(PointError::OffBoard { x: 0, y: 0 }))]
        );
        assert_eq!(kinds("Hc-Ac"), [(1, K::Point(PointError::Letters))]);
        assert_eq!(kinds("BcCc"), [(1, K::MissingDash)]);
        assert_eq!(kinds("Bc--Cc"), [(1, K::EmptyPoint)]);
        assert_eq!(kinds("Bc-"), [(1, K::EmptyPoint)]);
        assert_eq!(kinds("-Bc"), [(1, K::EmptyPoint)]);
        assert_eq!(kinds("Bc"), [(1, K::TooFewPoints)]);
        assert_eq!(kinds("Bc - Cc"), [(1, K::Unexpected(' '))]);
        assert_eq!(kinds("Bc-C"), [(1, K::Point(PointError::Length))]);
        assert_eq!(kinds("Bc-Cé"), [(1, K::Point(PointError::Letters))]);
    }

    #[test]
    fn all_errors_are_listed_and_replay_stops_at_the_first() {
        let r = Record::parse("Bc-Cc\nxx\nDd-Cd\nCc Ce\n");
        assert_eq!(r.errors.len(), 2);
        assert_eq!(r.replayable().len(), 1);
        assert_eq!(r.moves.len(), 2);
    }

    #[test]
    fn format_notes_are_grouped() {
        let r = Record::parse("\u{feff}Bc-Cc\r\n\r\n# note\r\n  Dd-Cd \r\n");
        let notes: Vec<(FormatNote, Vec<usize>)> =
            r.notes.iter().map(|f| (f.note, f.lines.clone())).collect();
        assert_eq!(
            notes,
            [
                (FormatNote::Bom, vec![1]),
                (FormatNote::CrLf, vec![1, 2, 3, 4]),
                (FormatNote::BlankLine, vec![2]),
                (FormatNote::Comment, vec![3]),
                (FormatNote::SurroundingSpace, vec![4]),
            ]
        );
        assert_eq!(r.moves.len(), 2);
        assert!(r.errors.is_empty());
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest("bc-cc").as_deref(), Some("Bc-Cc"));
        assert_eq!(suggest("BcCc").as_deref(), Some("Bc-Cc"));
        assert_eq!(suggest("Aa-Ac"), None);
        // Column before row: the letters are swapped back.
        assert_eq!(suggest("cB-cC").as_deref(), Some("Bc-Cc"));
        assert_eq!(suggest("cB-Cc").as_deref(), Some("Bc-Cc"));
    }
}
