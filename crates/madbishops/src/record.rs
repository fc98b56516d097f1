//! Record files: syntax only.
//!
//! A record holds one move per line, in any of the three
//! [`Notation`]s (`c3-d4`, `(7,2)-(6,3)`, `7 2 6 3`), from
//! the start of the game. This module turns text into [`MoveText`]s with
//! their source spans and lists every syntax problem of the file; it knows
//! nothing of legality (that is [`crate::replay`]).
//!
//! Editors and hand edits add a byte-order mark, CRLF line ends, blank
//! lines, stray spaces or `#` comments: those are accepted and reported as
//! [`FormatNote`]s, which a strict reader turns into errors.

use std::ops::Range;

use crate::legality::Part;
use crate::notation::{SyntaxErrorKind, WrittenMove, parse_move};
use crate::{Move, Notation};

/// One move as written in a record, with spans in the whole source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column (in characters) where the move starts.
    pub column: usize,
    /// The move, its spans counted from the start of the source.
    pub written: WrittenMove,
}

impl MoveText {
    /// Byte span of the whole move.
    pub fn span(&self) -> Range<usize> {
        self.written.span()
    }

    /// Byte span of one part of the move (the mark of a move written
    /// without one is the space between its squares).
    pub fn part_span(&self, part: Part) -> Range<usize> {
        self.written.part_span(part)
    }
}

/// The longest quote of a line kept with a syntax error.
const QUOTE_LIMIT: usize = 40;

/// A line that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column (in characters) where the offending text starts.
    pub column: usize,
    /// Byte span of the offending text in the source.
    pub span: Range<usize>,
    /// The offending text (at most 40 characters of it), for messages.
    pub quote: String,
}

/// A deviation from the exact record format that is still readable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatNote {
    /// A UTF-8 byte-order mark at the start.
    Bom,
    /// Lines ending in CR LF.
    CrLf,
    /// Empty (or blank) lines.
    BlankLine,
    /// Spaces or tabs around a move.
    SurroundingSpace,
    /// Lines starting with `#`.
    Comment,
}

/// All occurrences of one [`FormatNote`] in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatFinding {
    /// What was found.
    pub note: FormatNote,
    /// The 1-based lines where it was found, in order: the first
    /// [`MAX_NOTE_LINES`] of them.
    pub lines: Vec<usize>,
    /// Byte span of the first occurrence.
    pub span: Range<usize>,
}

/// Syntax errors a [`Record`] keeps; the others are counted in
/// [`Record::unlisted_errors`]. No one reads a thousand, and every one is
/// kept in memory with its quote.
pub const MAX_LISTED_ERRORS: usize = 1000;

/// A parsed record: its moves, its syntax errors and its format notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The lines that are moves, in order (including those after a syntax
    /// error, which a replay does not use).
    pub moves: Vec<MoveText>,
    /// The syntax errors, in line order: the first
    /// [`MAX_LISTED_ERRORS`] of them.
    pub errors: Vec<SyntaxError>,
    /// Syntax errors past the first [`MAX_LISTED_ERRORS`]: counted, not
    /// kept, so that a large file of garbage takes little memory.
    pub unlisted_errors: usize,
    /// Accepted deviations from the exact format, one entry per kind.
    pub notes: Vec<FormatFinding>,
    /// How many moves precede the first syntax error.
    first_error_at_move: Option<usize>,
}

/// The lines of a [`FormatFinding`] kept: a message lists ten of them and
/// says whether there are more, so a file of any length keeps this many.
pub const MAX_NOTE_LINES: usize = 11;

/// What one line of a record is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A blank or comment line (its format note, if any, is noted).
    Nothing,
    /// A move.
    Move(MoveText),
    /// A line that is not a move.
    Error(SyntaxError),
}

/// A record read one line at a time: the syntax of each line (with spans
/// in the whole text), and the format notes of the lines read, in memory
/// of the longest line whatever the length of the record.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::record::{LineRead, RecordReader};
///
/// let mut reader = RecordReader::default();
/// assert!(matches!(reader.read_line("b10xa9\n"), LineRead::Move(_)));
/// assert!(matches!(reader.read_line("\n"), LineRead::Nothing));
/// let LineRead::Move(m) = reader.read_line("c9xd10") else { panic!() };
/// assert_eq!((m.line, m.span()), (3, 8..14));
/// assert_eq!(reader.notes()[0].lines, [2]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordReader {
    /// Lines read.
    lines: usize,
    /// Bytes read.
    offset: usize,
    notes: Vec<FormatFinding>,
    /// Notes first found on the last line read.
    new_notes: usize,
}

impl RecordReader {
    /// Read the next line, `raw` with its `\n` if it has one (the last
    /// line of a text may have none). Never fails: what is wrong is in the
    /// answer or in [`RecordReader::notes`].
    pub fn read_line(&mut self, raw: &str) -> LineRead {
        self.lines += 1;
        self.new_notes = 0;
        let line = self.lines;
        let mut start = self.offset;
        self.offset += raw.len();
        let mut raw = raw;
        if line == 1 {
            if let Some(rest) = raw.strip_prefix('\u{feff}') {
                self.note(FormatNote::Bom, 1, 0..3);
                start = 3;
                raw = rest;
                // A file of a mark alone: no line after it.
                if raw.is_empty() {
                    return LineRead::Nothing;
                }
            }
        }
        let mut text = raw.strip_suffix('\n').unwrap_or(raw);
        if let Some(t) = text.strip_suffix('\r') {
            self.note(FormatNote::CrLf, line, start + t.len()..start + t.len() + 1);
            text = t;
        }
        let trimmed = text.trim_matches([' ', '\t']);
        if trimmed.is_empty() {
            self.note(FormatNote::BlankLine, line, start..start + text.len());
            return LineRead::Nothing;
        }
        let lead = text.len() - text.trim_start_matches([' ', '\t']).len();
        let text_start = start + lead;
        if trimmed.starts_with('#') {
            let span = text_start..text_start + trimmed.len();
            self.note(FormatNote::Comment, line, span);
            return LineRead::Nothing;
        }
        if trimmed.len() != text.len() {
            self.note(
                FormatNote::SurroundingSpace,
                line,
                start..start + text.len(),
            );
        }
        match parse_move(trimmed) {
            Ok(written) => LineRead::Move(MoveText {
                line,
                // The leading blanks are ASCII: one column each.
                column: lead + 1,
                written: written.shifted(text_start),
            }),
            Err(e) => {
                let before = trimmed.get(..e.span.start).unwrap_or("");
                LineRead::Error(SyntaxError {
                    kind: e.kind,
                    line,
                    column: lead + before.chars().count() + 1,
                    span: text_start + e.span.start..text_start + e.span.end,
                    quote: quote(trimmed, e.span),
                })
            }
        }
    }

    fn note(&mut self, note: FormatNote, line: usize, span: Range<usize>) {
        match self.notes.iter_mut().find(|f| f.note == note) {
            Some(f) if f.lines.len() < MAX_NOTE_LINES => f.lines.push(line),
            Some(_) => {}
            None => {
                self.new_notes += 1;
                self.notes.push(FormatFinding {
                    note,
                    lines: vec![line],
                    span,
                });
            }
        }
    }

    /// The lines read: the number of the last one.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The bytes read: the offset of the next line.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The format notes of the lines read, one per kind, in the order
    /// first found.
    pub fn notes(&self) -> &[FormatFinding] {
        &self.notes
    }

    /// The notes first found on the last line read.
    pub fn new_notes(&self) -> &[FormatFinding] {
        &self.notes[self.notes.len() - self.new_notes..]
    }

    /// The format notes, the reader done with.
    pub fn into_notes(self) -> Vec<FormatFinding> {
        self.notes
    }
}

impl Record {
    /// Parse a record. Never fails: every problem is in
    /// [`Record::errors`] (or counted in [`Record::unlisted_errors`]) or
    /// [`Record::notes`]. Linear in the size of the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_madbishops::Record;
    ///
    /// let record = Record::parse("b10xa9\n(8,1)x(9,0)\nc3-z9\n");
    /// assert_eq!(record.moves.len(), 2);
    /// assert_eq!(record.errors[0].line, 3);
    /// assert_eq!(record.moves[1].written.from.to_string(), "b2");
    /// ```
    pub fn parse(source: &str) -> Record {
        let mut record = Record::default();
        let mut reader = RecordReader::default();
        for raw in source.split_inclusive('\n') {
            match reader.read_line(raw) {
                LineRead::Nothing => {}
                LineRead::Move(m) => record.moves.push(m),
                LineRead::Error(e) => {
                    if record.first_error_at_move.is_none() {
                        record.first_error_at_move = Some(record.moves.len());
                    }
                    if record.errors.len() >= MAX_LISTED_ERRORS {
                        record.unlisted_errors += 1;
                    } else {
                        record.errors.push(e);
                    }
                }
            }
        }
        record.notes = reader.into_notes();
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

/// The text of `span` in `text`, cut to [`QUOTE_LIMIT`] characters.
fn quote(text: &str, span: Range<usize>) -> String {
    let quoted = text.get(span).unwrap_or(text);
    quoted.chars().take(QUOTE_LIMIT).collect()
}

/// Write moves as a record in `notation`: one move per line, every line
/// ending in `\n`.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::{record::write_record, Notation, Position, Profile, Side};
///
/// let start = Position::start(Profile::Steere, Side::Red);
/// let moves = &start.legal_moves()[..2];
/// assert_eq!(write_record(moves, Notation::Algebraic), "b10xa9\nb10xc9\n");
/// assert_eq!(write_record(moves, Notation::RowColumn), "(0,1)x(1,0)\n(0,1)x(1,2)\n");
/// ```
pub fn write_record<'a>(moves: impl IntoIterator<Item = &'a Move>, notation: Notation) -> String {
    let mut out = String::new();
    for m in moves {
        out.push_str(&m.written(notation));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_past_the_listed_ones_are_counted() {
        let text = "b10xa9\n".to_string() + &"?\n".repeat(MAX_LISTED_ERRORS + 5);
        let r = Record::parse(&text);
        assert_eq!(r.errors.len(), MAX_LISTED_ERRORS);
        assert_eq!(r.unlisted_errors, 5);
        assert_eq!(r.errors.last().map(|e| e.line), Some(MAX_LISTED_ERRORS + 1));
        assert_eq!(r.replayable().len(), 1);
    }

    #[test]
    fn moves_with_absolute_spans() {
        let r = Record::parse("b10xa9\n  (8,1)x(9,0)\n");
        assert!(r.errors.is_empty());
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.moves[1].span(), 9..20);
        assert_eq!(r.moves[1].part_span(Part::Mark), 14..15);
        assert_eq!(r.notes[0].note, FormatNote::SurroundingSpace);
    }

    #[test]
    fn errors_are_listed_and_replay_stops_at_the_first() {
        let r = Record::parse("b10xa9\nxx\nc3-d4\nc3 d4\n");
        assert_eq!(r.errors.len(), 2);
        assert_eq!(r.errors[0].line, 2);
        assert_eq!(r.errors[0].quote, "xx");
        assert_eq!(r.replayable().len(), 1);
        assert_eq!(r.moves.len(), 2);
    }

    #[test]
    fn format_notes_are_grouped() {
        let r = Record::parse("\u{feff}b10xa9\r\n\r\n# note\r\n  c3-d4 \r\n");
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
        assert_eq!(r.moves[0].span(), 3..9);
    }
}
