//! Lines of a file kept to quote them in reports: only those around
//! problems, capped and made safe to print, so that a report about a file of
//! any size takes little memory and never sends a terminal a raw control
//! character. Asalto's checker keeps [`Excerpts`] as it reads a record
//! line by line; every other game's report quotes through [`Quotes`], of a
//! text held whole or of the lines [`KeptLines`] kept of it. The renderer
//! reads a quote through [`Quotes::window`].

use std::ops::Range;

use crate::Severity;
use crate::text::{ceil_boundary, floor_boundary};

/// At most this many bytes of a line are quoted in a message (a suggestion,
/// the text of a bad line), so that a huge line never makes a huge report.
pub const QUOTE_MAX: usize = 200;

/// Some lines of a file, kept to quote them in a report: only the lines
/// around problems, each capped and with its control characters escaped
/// (`\x1b`, as [`Quotes`] shows them: [`push_shown`]), so that the report
/// of any file takes little memory and is safe to print. Each kept run of
/// lines is a [`Chunk`].
///
/// Escapes make the shown text longer than the file's, so a report does
/// not point into the file's bytes: the chunks are laid out one after
/// another in a text of their own (each at [`Chunk::at`]), and
/// [`Excerpts::fit`] turns a span of the file into a span of that text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Excerpts {
    chunks: Vec<Chunk>,
}

/// Consecutive lines of a file, as kept by [`Excerpts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The 1-based number of its first line.
    pub line: usize,
    /// The byte offset of its first line in the file.
    pub offset: usize,
    /// Where its text starts in the excerpts' text (the chunks before it,
    /// one after another).
    pub at: usize,
    /// The lines as shown, each ending in `\n`: control characters
    /// escaped (but for the CR of a CRLF line end), and a capped line cut
    /// with `…` ends the chunk.
    pub text: String,
    /// Each escape in `text`, in order: what it stands for in the file and
    /// where it is shown, to map the file's offsets into `text`.
    escapes: Vec<Escape>,
    /// The number of the last line in it.
    last: usize,
    /// Whether its last line was capped (nothing may follow it).
    closed: bool,
    /// The file's bytes its text shows, from `offset` (up to the cut of
    /// a capped line).
    shown_up_to: usize,
    /// The byte offset of the end of its last line in the file.
    end: usize,
}

/// One character shown escaped in a [`Chunk`]'s text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Escape {
    /// Its offset in the file, from the chunk's start.
    raw: usize,
    /// Its length in the file.
    raw_len: usize,
    /// Where its escape starts in the chunk's text.
    shown: usize,
    /// The escape's length (ASCII: bytes and characters alike).
    shown_len: usize,
}

/// Lines longer than this are capped to [`QUOTE_MAX`] bytes and `…` in
/// excerpts.
const CAP_FROM: usize = QUOTE_MAX + 40;

impl Excerpts {
    /// Keep line `line`, starting at byte `offset` of the file, its `text`
    /// without the line end; nothing happens if it is kept already.
    pub fn keep(&mut self, line: usize, offset: usize, text: &str) {
        if let Some(last) = self.chunks.last() {
            if last.last >= line {
                return;
            }
        }
        let capped = text.len() > CAP_FROM;
        let shown = if capped {
            &text[..floor_boundary(text, QUOTE_MAX)]
        } else {
            text
        };
        let at = self.chunks.last().map_or(0, |c| c.at + c.text.len());
        let chunk = match self.chunks.last_mut() {
            Some(c) if !c.closed && c.last + 1 == line => c,
            _ => {
                self.chunks.push(Chunk {
                    line,
                    offset,
                    at,
                    text: String::new(),
                    escapes: Vec::new(),
                    last: line,
                    closed: false,
                    shown_up_to: 0,
                    end: offset,
                });
                let n = self.chunks.len();
                &mut self.chunks[n - 1]
            }
        };
        // A CR at the end of the line stays (a CRLF line end, which the
        // report shows as a line end); any other control is escaped.
        let (shown, cr) = match shown.strip_suffix('\r') {
            Some(rest) => (rest, true),
            None => (shown, false),
        };
        let base = offset - chunk.offset;
        for (i, c) in shown.char_indices() {
            let before = chunk.text.len();
            if push_shown(&mut chunk.text, c) {
                chunk.escapes.push(Escape {
                    raw: base + i,
                    raw_len: c.len_utf8(),
                    shown: before,
                    shown_len: chunk.text.len() - before,
                });
            }
        }
        if capped {
            chunk.shown_up_to = base + shown.len();
            chunk.text.push('…');
        } else {
            chunk.shown_up_to = base + text.len() + 1;
            if cr {
                chunk.text.push('\r');
            }
        }
        chunk.text.push('\n');
        chunk.last = line;
        chunk.closed = capped;
        chunk.end = offset + text.len();
    }

    /// The chunk that holds byte `offset` of the file.
    fn chunk_of_file(&self, offset: usize) -> Option<&Chunk> {
        let i = self.chunks.partition_point(|c| c.offset <= offset);
        let c = self.chunks.get(i.checked_sub(1)?)?;
        (offset <= c.end).then_some(c)
    }

    /// The chunk whose text holds byte `at` of the excerpts' text.
    pub fn chunk_at(&self, at: usize) -> Option<&Chunk> {
        let i = self.chunks.partition_point(|c| c.at <= at);
        let c = self.chunks.get(i.checked_sub(1)?)?;
        (at <= c.at + c.text.len()).then_some(c)
    }

    /// `span` (of the file) as the span of the excerpts' text that shows
    /// it: a span past the cut of a capped line points at the `…`. `None`
    /// when its start is not kept.
    pub fn fit(&self, span: &Range<usize>) -> Option<Range<usize>> {
        let c = self.chunk_of_file(span.start)?;
        // The text without its final `\n`.
        let kept = c.text.len() - 1;
        let local = span.start - c.offset;
        if c.closed && local >= c.shown_up_to {
            return Some(c.at + kept - '…'.len_utf8()..c.at + kept);
        }
        let start = floor_boundary(&c.text, c.shown(local).min(kept));
        let end = span.end.saturating_sub(c.offset).max(local);
        let end = ceil_boundary(&c.text, c.shown(end).clamp(start, kept.max(start)));
        Some(c.at + start..c.at + end)
    }

    /// The kept chunks, in file order.
    pub fn chunks(&self) -> &[Chunk] {
        &self.chunks
    }
}

impl Chunk {
    /// Where byte `raw` of the file (from the chunk's start) is shown in
    /// its text: the start of an escape for a byte inside the character
    /// it stands for.
    fn shown(&self, raw: usize) -> usize {
        let i = self.escapes.partition_point(|e| e.raw + e.raw_len <= raw);
        if let Some(e) = self.escapes.get(i).filter(|e| e.raw <= raw) {
            return e.shown;
        }
        match i.checked_sub(1).map(|k| self.escapes[k]) {
            Some(e) => raw - (e.raw + e.raw_len) + e.shown + e.shown_len,
            None => raw,
        }
    }

    /// The 0-based column, in the file's characters, of byte `at` of the
    /// text (an escape counts as the one character it stands for; the
    /// file's byte-order mark as none, as `line_column` counts).
    pub fn column(&self, at: usize) -> usize {
        let at = floor_boundary(&self.text, at.min(self.text.len()));
        let line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
        let mut prefix = &self.text[line_start..at];
        if line_start == 0 && self.offset == 0 {
            prefix = prefix.strip_prefix('\u{feff}').unwrap_or(prefix);
        }
        let escaped: usize = self
            .escapes
            .iter()
            .filter(|e| e.shown >= line_start && e.shown < at)
            .map(|e| e.shown_len - 1)
            .sum();
        prefix.chars().count() - escaped
    }
}

/// Push `c` as a report shows it: as it is, or escaped (`\x1b`,
/// `\u{202e}`) when it is a control character or a bidirectional
/// override (a tab is left as it is). Whether it was escaped. Asalto's
/// excerpts and every game's quotes show text through this.
fn push_shown(out: &mut String, c: char) -> bool {
    if hidden(c) {
        out.push_str(&crate::text::escape_line(c.encode_utf8(&mut [0; 4])));
        true
    } else {
        out.push(c);
        false
    }
}

/// Whether `c` is shown escaped in an excerpt or a quote: C0 and C1
/// controls, DEL and the bidirectional overrides that reorder what a
/// terminal shows (a tab is left as it is).
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\t') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The start of `text`, at most `max` bytes of it (cut at a character
/// boundary).
pub fn cap_bytes(text: &str, max: usize) -> &str {
    &text[..floor_boundary(text, max)]
}

/// Characters of a line quoted around a problem in a [`Quotes`]; longer
/// lines are cut around the problem, the cuts shown as `…`.
pub const QUOTE_WIDTH: usize = 200;

/// Lines of a text held whole in memory (a game read whole: SGF, Mad
/// Bishops, Solitaire Chess), quoted for a report: for each problem the line
/// it starts on and the line before, each at most [`QUOTE_WIDTH`]
/// characters (a long line is cut around the problem, one line of SGF can
/// hold a whole game), with control characters escaped (`\x1b`), so that a
/// report is small and safe to print whatever the text.
///
/// Each quote is laid out one after another in a text of its own; the
/// report's labels point into that text ([`Quotes::add`] says where), and
/// reading it back gives the true line numbers and column of the problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quotes {
    /// Every quote, one after another; each line ends in `\n`.
    text: String,
    quotes: Vec<Quote>,
}

/// One problem's lines inside [`Quotes::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct Quote {
    /// Where its lines start in `Quotes::text`, and their 1-based numbers.
    lines: Vec<(usize, usize)>,
    /// Where it ends in `Quotes::text`.
    end: usize,
    /// The 1-based column of the problem in its line (characters).
    column: usize,
}

/// One line of a text, for a quote: its 1-based number, the byte offset of
/// its start in the text, and its text without the line end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine<'a> {
    /// The 1-based line number.
    pub number: usize,
    /// The byte offset of its start in the text.
    pub start: usize,
    /// The line, without its `\n`.
    pub text: &'a str,
}

/// Where the lines a [`Quotes`] quotes come from: a text held whole
/// (`str`), or the lines kept of a text read line by line
/// ([`KeptLines`]).
pub trait QuoteSource {
    /// The line that holds byte `offset` of the text, and the line before
    /// it; `None` when that line is not at hand.
    fn line_at(&self, offset: usize) -> Option<(SourceLine<'_>, Option<SourceLine<'_>>)>;
}

impl QuoteSource for str {
    fn line_at(&self, offset: usize) -> Option<(SourceLine<'_>, Option<SourceLine<'_>>)> {
        Some(lines_of(self, offset))
    }
}

/// The line of `source` that holds byte `offset` (clamped to the text and
/// to a character boundary), and the line before it.
fn lines_of(source: &str, offset: usize) -> (SourceLine<'_>, Option<SourceLine<'_>>) {
    let start = floor_boundary(source, offset);
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    let number = 1 + source[..line_start].matches('\n').count();
    let before = (line_start > 0).then(|| {
        let before_start = source[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
        SourceLine {
            number: number - 1,
            start: before_start,
            text: &source[before_start..line_start - 1],
        }
    });
    let line = SourceLine {
        number,
        start: line_start,
        text: &source[line_start..line_end],
    };
    (line, before)
}

/// Lines of a text read line by line, kept to quote the problems a report
/// shows: for the first `shown` problems of each kind (severity and code,
/// as the toolkit's report lists them), the line where each
/// was found and the line before it. Memory: a few lines, whatever the
/// length of the text.
#[derive(Clone, Debug, Default)]
pub struct KeptLines {
    shown: usize,
    /// Problems found of each kind.
    found: Vec<(Severity, &'static str, usize)>,
    /// The lines kept: number, start, text (without the line end), in
    /// order.
    kept: Vec<(usize, usize, String)>,
    /// The last line read, its start and text (the line before the next).
    previous: (usize, usize, String),
    /// The lines and bytes read.
    lines: usize,
    offset: usize,
}

impl KeptLines {
    /// Keep the lines of the first `shown` problems of each kind.
    pub fn new(shown: usize) -> KeptLines {
        KeptLines {
            shown,
            ..KeptLines::default()
        }
    }

    /// The next line, `raw` with its `\n` if it has one, and the kinds
    /// of the problems first found on it.
    pub fn read(&mut self, raw: &str, found: &[(Severity, &'static str)]) {
        let (number, start) = (self.lines + 1, self.offset);
        self.lines = number;
        self.offset += raw.len();
        let text = raw.strip_suffix('\n').unwrap_or(raw);
        let mut wanted = false;
        for &(severity, code) in found {
            let count = match self
                .found
                .iter_mut()
                .find(|f| f.0 == severity && f.1 == code)
            {
                Some(f) => {
                    f.2 += 1;
                    f.2
                }
                None => {
                    self.found.push((severity, code, 1));
                    1
                }
            };
            wanted |= count <= self.shown;
        }
        if wanted {
            let (before, before_start, before_text) = &self.previous;
            let kept_before = self.kept.last().is_some_and(|k| k.0 == *before);
            if *before > 0 && !kept_before {
                self.kept
                    .push((*before, *before_start, before_text.clone()));
            }
            self.kept.push((number, start, text.to_string()));
        }
        self.previous.0 = number;
        self.previous.1 = start;
        self.previous.2.clear();
        self.previous.2.push_str(text);
    }
}

impl QuoteSource for KeptLines {
    fn line_at(&self, offset: usize) -> Option<(SourceLine<'_>, Option<SourceLine<'_>>)> {
        let i = self
            .kept
            .partition_point(|k| k.1 <= offset)
            .checked_sub(1)?;
        fn line(k: &(usize, usize, String)) -> SourceLine<'_> {
            SourceLine {
                number: k.0,
                start: k.1,
                text: &k.2,
            }
        }
        let this = &self.kept[i];
        if offset > this.1 + this.2.len() {
            return None;
        }
        let before = i
            .checked_sub(1)
            .map(|b| &self.kept[b])
            .filter(|b| b.0 + 1 == this.0)
            .map(line);
        Some((line(this), before))
    }
}

impl Quotes {
    /// Quote the line of `source` that holds `span` (and the line before
    /// it); the span's place in the quotes, to label it.
    pub fn add(&mut self, source: &str, span: Range<usize>) -> Range<usize> {
        let (line, before) = lines_of(source, span.start);
        self.add_lines(line, before, span)
    }

    /// Quote the line of `source` that holds `span` (and the line before
    /// it), as [`Quotes::add`]; `None` when `source` does not have that
    /// line at hand.
    pub fn add_from(
        &mut self,
        source: &(impl QuoteSource + ?Sized),
        span: Range<usize>,
    ) -> Option<Range<usize>> {
        let (line, before) = source.line_at(span.start)?;
        Some(self.add_lines(line, before, span))
    }

    /// Quote `line`, which holds the start of `span` (a span of the whole
    /// text), after the line `before` it.
    fn add_lines(
        &mut self,
        line: SourceLine<'_>,
        before: Option<SourceLine<'_>>,
        span: Range<usize>,
    ) -> Range<usize> {
        let text = line.text;
        let local_start = floor_boundary(text, span.start.saturating_sub(line.start));
        let local_end = floor_boundary(text, span.end.saturating_sub(line.start).max(local_start));
        let shown = &text[..local_start];
        let shown = match line.start {
            0 => shown.strip_prefix('\u{feff}').unwrap_or(shown),
            _ => shown,
        };
        let column = shown.chars().count() + 1;
        let mut lines = Vec::with_capacity(2);
        if let Some(before) = before {
            lines.push((self.text.len(), before.number));
            let len = before.text.len();
            self.push_line(before.text, before.start == 0, len..len);
        }
        lines.push((self.text.len(), line.number));
        let at = self.push_line(text, line.start == 0, local_start..local_end);
        self.quotes.push(Quote {
            lines,
            end: self.text.len(),
            column,
        });
        at
    }

    /// Append `line` (without its line end; `first`: the first line of the
    /// file, whose byte-order mark is not shown), cut to a window around
    /// `focus` (a range of `line`); the window's place of `focus`.
    fn push_line(&mut self, line: &str, first: bool, focus: Range<usize>) -> Range<usize> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let (line, skipped) = match line.strip_prefix('\u{feff}') {
            Some(rest) if first => (rest, '\u{feff}'.len_utf8()),
            _ => (line, 0),
        };
        let focus_start = focus.start.saturating_sub(skipped).min(line.len());
        let focus_end = focus
            .end
            .saturating_sub(skipped)
            .clamp(focus_start, line.len());
        // A third of the window before the problem, the rest after it.
        let from = line[..focus_start]
            .char_indices()
            .rev()
            .take(QUOTE_WIDTH / 3)
            .last()
            .map_or(focus_start, |(i, _)| i);
        let to = line[from..]
            .char_indices()
            .nth(QUOTE_WIDTH)
            .map_or(line.len(), |(i, _)| from + i)
            .max(focus_start);
        if from > 0 {
            self.text.push('…');
        }
        let mut at = self.text.len()..self.text.len();
        for (i, c) in line[from..to].char_indices() {
            let i = from + i;
            if i == focus_start {
                at.start = self.text.len();
            }
            if i == focus_end {
                at.end = self.text.len();
            }
            push_shown(&mut self.text, c);
        }
        if focus_start >= to {
            at.start = self.text.len();
        }
        if focus_end >= to {
            at.end = self.text.len();
        }
        if to < line.len() {
            self.text.push('…');
        }
        self.text.push('\n');
        at
    }

    /// The quote that holds byte `offset` of the quotes, the index of its
    /// line that holds it.
    fn quote_at(&self, offset: usize) -> Option<(&Quote, usize)> {
        let i = self.quotes.partition_point(|q| q.end <= offset);
        let q = self.quotes.get(i)?;
        let line = q
            .lines
            .partition_point(|&(o, _)| o <= offset)
            .checked_sub(1)?;
        Some((q, line))
    }

    /// The quotes' text: every quote, one after another, each line ending
    /// in `\n`; the places [`Quotes::add`] returns point into it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lines of the quote that holds byte `offset` of the quotes'
    /// text: the line of `offset`, up to `before` lines before it and
    /// `after` lines after it (within its quote), with the true number of
    /// the first and the problem's column, as a renderer asks for the
    /// context of a label. `None` when `offset` is in no quote.
    pub fn window(&self, offset: usize, before: usize, after: usize) -> Option<Window> {
        let (quote, line) = self.quote_at(offset)?;
        let first = line.saturating_sub(before);
        let last = (line + after).min(quote.lines.len() - 1);
        let start = quote.lines[first].0;
        let end = quote.lines.get(last + 1).map_or(quote.end, |&(o, _)| o);
        Some(Window {
            range: start..end,
            first_line: quote.lines[first].1,
            column: quote.column,
            lines: last - first + 1,
        })
    }
}

/// Some lines of one quote of a [`Quotes`], as [`Quotes::window`] gives
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// Where the lines are in [`Quotes::text`] (whole lines, each ending
    /// in `\n`).
    pub range: Range<usize>,
    /// The 1-based number of the first of them in the quoted text.
    pub first_line: usize,
    /// The 1-based column, in characters, of the quoted problem in its
    /// line.
    pub column: usize,
    /// How many lines.
    pub lines: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_kept_in_chunks_capped_and_safe() {
        let mut e = Excerpts::default();
        e.keep(1, 0, "Bc-Cc");
        e.keep(2, 6, "a\x1b[2Jb\r");
        let long = "x".repeat(10_000);
        e.keep(3, 15, &long);
        e.keep(4, 10_016, "Dd-Cd");
        assert_eq!(e.chunks().len(), 2, "a capped line ends its chunk");
        let first = &e.chunks()[0];
        assert!(first.text.starts_with("Bc-Cc\na\\x1b[2Jb\r\n"));
        assert!(first.text.ends_with("…\n"));
        assert!(first.text.len() < 300);
        // Spans of the file become spans of the shown text: before an
        // escape, on it, after it; past the cut they point at the `…`.
        assert_eq!(e.fit(&(6..7)), Some(6..7));
        assert_eq!(&first.text[e.fit(&(7..8)).unwrap()], "\\x1b");
        assert_eq!(&first.text[e.fit(&(8..11)).unwrap()], "[2J");
        assert_eq!(first.column(e.fit(&(8..11)).unwrap().start), 2);
        let dots = e.fit(&(5_000..5_002)).unwrap();
        assert_eq!(&first.text[dots.start..dots.end], "…");
        let last = e.fit(&(10_016..10_018)).unwrap();
        let chunk = e.chunk_at(last.start).unwrap();
        assert_eq!(chunk.line, 4);
        assert_eq!(
            &chunk.text[last.start - chunk.at..last.end - chunk.at],
            "Dd"
        );
        assert_eq!(e.fit(&(20_000..20_001)), None);
    }

    /// The quoted text of `quotes` at `range`.
    fn at(quotes: &Quotes, range: Range<usize>) -> &str {
        &quotes.text[range]
    }

    #[test]
    fn quotes_hold_the_line_and_the_one_before_escaped() {
        let source = "\u{feff}(;GM[1]\r\n;B[ee]\x1b[2J;W[ee])\r\n";
        let mut q = Quotes::default();
        let start = source.find(";W").unwrap() + 1;
        let label = q.add(source, start..start + 5);
        assert_eq!(q.text, "(;GM[1]\n;B[ee]\\x1b[2J;W[ee])\n");
        assert_eq!(at(&q, label), "W[ee]");
        let (quote, line) = q.quote_at(q.text.find("W[").unwrap()).unwrap();
        assert_eq!((quote.lines[line].1, quote.column), (2, 12));
        // A span across lines is labelled to the end of its first line.
        let mut q = Quotes::default();
        let label = q.add("ab[cd\nef", 2..9);
        assert_eq!(at(&q, label), "[cd");
        // The end of an empty file.
        let mut q = Quotes::default();
        let label = q.add("", 0..0);
        assert_eq!((q.text.as_str(), label), ("\n", 0..0));
    }

    #[test]
    fn long_lines_are_cut_around_the_problem() {
        let line = format!("{}B[aa]{}", "x".repeat(10_000), "y".repeat(10_000));
        let mut q = Quotes::default();
        let label = q.add(&line, 10_000..10_005);
        assert_eq!(at(&q, label.clone()), "B[aa]");
        let quoted = q.text.trim_end_matches('\n');
        assert!(quoted.starts_with('…') && quoted.ends_with('…'));
        assert_eq!(quoted.chars().count(), QUOTE_WIDTH + 2);
        assert_eq!(q.text[..label.start].chars().count(), 1 + QUOTE_WIDTH / 3);
        // The line before is quoted by its end, next to the problem.
        let source = format!("{line}\n;B[aa]");
        let mut q = Quotes::default();
        let label = q.add(&source, line.len() + 2..line.len() + 7);
        assert_eq!(at(&q, label), "B[aa]");
        let first = q.text.lines().next().unwrap();
        assert!(first.starts_with('…') && first.ends_with('y'), "{first}");
    }

    #[test]
    fn kept_lines_quote_as_the_whole_text_does() {
        let source = "\u{feff}a\nbad one\nc\nbad two\nbad three\nd\x1b\n";
        let bad = |line: &str| line.starts_with("bad") || line.starts_with('d');
        let mut kept = KeptLines::new(2);
        for raw in source.split_inclusive('\n') {
            let found: &[(Severity, &str)] = match bad(raw) {
                true if raw.starts_with('d') => &[(Severity::Warning, "other")],
                true => &[(Severity::Error, "bad")],
                false => &[],
            };
            kept.read(raw, found);
        }
        // The first two of a kind (lines 2 and 4, not 5) and the first of
        // the other (line 6), each with the line before it.
        let numbers: Vec<usize> = kept.kept.iter().map(|k| k.0).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
        let mut kept = KeptLines::new(1);
        for raw in source.split_inclusive('\n') {
            let found: &[(Severity, &str)] = if bad(raw) {
                &[(Severity::Error, "bad")]
            } else {
                &[]
            };
            kept.read(raw, found);
        }
        let numbers: Vec<usize> = kept.kept.iter().map(|k| k.0).collect();
        assert_eq!(numbers, [1, 2]);
        // A quote of a kept line is the quote of the whole text; a line
        // not kept has none.
        let span = source.find("one").unwrap()..source.find("one").unwrap() + 3;
        let (mut whole, mut lines) = (Quotes::default(), Quotes::default());
        let label = whole.add(source, span.clone());
        assert_eq!(lines.add_from(&kept, span), Some(label));
        assert_eq!(whole, lines);
        assert_eq!(
            lines.add_from(&kept, source.find("two").unwrap()..source.len()),
            None
        );
    }

    proptest::proptest! {
        /// Kept lines with control characters: the shown text of a span
        /// of the file is that span escaped, as a one-line message escapes
        /// it, and its column is the file's, in characters.
        #[test]
        fn excerpts_show_a_span_escaped(
            lines in proptest::collection::vec("[ab\\x1b\\x07\\u{202e}é\\t]{0,12}", 1..5),
            pick in 0usize..5,
            from in 0usize..40,
            len in 0usize..40,
        ) {
            let mut e = Excerpts::default();
            let mut offset = 0;
            let mut places = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                e.keep(i + 1, offset, line);
                places.push(offset);
                offset += line.len() + 1;
            }
            let i = pick % lines.len();
            let line = &lines[i];
            let start = floor_boundary(line, from.min(line.len()));
            let end = floor_boundary(line, (start + len).min(line.len())).max(start);
            let span = places[i] + start..places[i] + end;
            let shown = e.fit(&span).unwrap();
            let chunk = e.chunk_at(shown.start).unwrap();
            let text = &chunk.text[shown.start - chunk.at..shown.end - chunk.at];
            let escaped = crate::text::escape_controls(&line[start..end]);
            proptest::prop_assert_eq!(text, escaped.as_ref());
            proptest::prop_assert_eq!(
                chunk.column(shown.start - chunk.at),
                line[..start].chars().count()
            );
            proptest::prop_assert!(!chunk.text.chars().any(|c| c != '\n' && hidden(c)));
        }

        /// Whatever the text and span: no panic, the label on character
        /// boundaries of the quotes, no control character quoted raw, and
        /// each quoted line bounded.
        #[test]
        fn quotes_are_safe_and_bounded(
            source in "[a\\n\\r\\x1b\\u{202e}\\u{feff}é]{0,600}",
            start in 0usize..700,
            len in 0usize..700,
        ) {
            let mut q = Quotes::default();
            let label = q.add(&source, start..start + len);
            proptest::prop_assert!(label.start <= label.end && label.end <= q.text.len());
            proptest::prop_assert!(q.text.is_char_boundary(label.start));
            proptest::prop_assert!(q.text.is_char_boundary(label.end));
            proptest::prop_assert!(!q.text.chars().any(|c| c != '\n' && hidden(c)));
            for line in q.text.lines() {
                proptest::prop_assert!(line.chars().count() <= 4 * QUOTE_WIDTH + 2);
            }
            proptest::prop_assert!(q.quote_at(label.start).is_some());
        }
    }
}
