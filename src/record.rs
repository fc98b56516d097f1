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
}

/// A syntax error: a line that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// The 1-based line number.
    pub line: usize,
    /// Byte span of the offending text in the source.
    pub span: Range<usize>,
    /// The whole line's text (trimmed), for messages.
    pub text: String,
    /// Byte offset of `span` inside `text`.
    pub text_offset: usize,
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
        }
    }

    /// How to write it right.
    pub fn help(&self) -> String {
        let suggestion = suggest(&self.text)
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
        self.text
            .get(self.text_offset..self.text_offset + self.span.len())
            .unwrap_or(&self.text)
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
        }
    }
}

/// All occurrences of one [`FormatNote`] in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatFinding {
    /// What was found.
    pub note: FormatNote,
    /// The 1-based lines where it was found, in order.
    pub lines: Vec<usize>,
    /// Byte span of the first occurrence.
    pub span: Range<usize>,
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
    /// use asalto::Record;
    ///
    /// let record = Record::parse("Bc-Cc\nDd-Cd\nbc-Ce\n");
    /// assert_eq!(record.moves.len(), 2);
    /// assert_eq!(record.errors[0].line, 3);
    /// ```
    pub fn parse(source: &str) -> Record {
        let mut record = Record {
            moves: Vec::with_capacity(source.len() / 6 + 1),
            ..Record::default()
        };
        let mut notes: Vec<FormatFinding> = Vec::new();
        let mut note = |note: FormatNote, line: usize, span: Range<usize>| match notes
            .iter_mut()
            .find(|f| f.note == note)
        {
            Some(f) => f.lines.push(line),
            None => notes.push(FormatFinding {
                note,
                lines: vec![line],
                span,
            }),
        };
        let mut offset = 0;
        let mut body = source;
        if let Some(rest) = source.strip_prefix('\u{feff}') {
            note(FormatNote::Bom, 1, 0..3);
            offset = 3;
            body = rest;
        }
        for (index, raw) in lines(body).enumerate() {
            let line = index + 1;
            let start = offset;
            offset += raw.len();
            let mut text = raw.strip_suffix('\n').unwrap_or(raw);
            if let Some(t) = text.strip_suffix('\r') {
                note(FormatNote::CrLf, line, start + t.len()..start + t.len() + 1);
                text = t;
            }
            // Most lines are bare moves: trim only when there is something
            // to trim.
            let padded = |t: &str| t.starts_with([' ', '\t']) || t.ends_with([' ', '\t']);
            let (trimmed, lead) = if padded(text) {
                let rest = text.trim_start_matches([' ', '\t']);
                (rest.trim_end_matches([' ', '\t']), text.len() - rest.len())
            } else {
                (text, 0)
            };
            if trimmed.is_empty() {
                note(FormatNote::BlankLine, line, start..start + text.len());
                continue;
            }
            let text_start = start + lead;
            if trimmed.starts_with('#') {
                note(
                    FormatNote::Comment,
                    line,
                    text_start..text_start + trimmed.len(),
                );
                continue;
            }
            if trimmed.len() != text.len() {
                note(
                    FormatNote::SurroundingSpace,
                    line,
                    start..start + text.len(),
                );
            }
            record.moves.push(MoveText {
                line,
                offset: text_start,
                path: EMPTY_PATH,
            });
            let parsed = match record.moves.last_mut() {
                Some(last) => parse_move(trimmed, &mut last.path),
                None => Err((0, trimmed.len(), SyntaxErrorKind::TooFewPoints)),
            };
            match parsed {
                Ok(()) => {}
                Err((at, len, kind)) => {
                    record.moves.pop();
                    if record.first_error_at_move.is_none() {
                        record.first_error_at_move = Some(record.moves.len());
                    }
                    record.errors.push(SyntaxError {
                        kind,
                        line,
                        span: text_start + at..text_start + at + len,
                        text: trimmed.to_string(),
                        text_offset: at,
                    });
                }
            }
        }
        record.notes = notes;
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

/// The lines of `text`, each with its `\n` if it has one: like
/// `split_inclusive('\n')`, but a plain byte scan, which beats `memchr`'s
/// set-up cost on lines of a few bytes.
fn lines(text: &str) -> impl Iterator<Item = &str> {
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
