//! Lines of a file kept to quote them in reports: only those around
//! problems, capped and made safe to print, so that a report about a file of
//! any size takes little memory and never sends a terminal a raw control
//! character.

use std::ops::Range;

use asalto_core::text::{ceil_boundary, floor_boundary};

/// Some lines of a file, kept to quote them in a report: only the lines
/// around problems, each capped and with its control characters replaced,
/// so that the report of any file takes little memory and is safe to
/// print. Each kept run of lines is a [`Chunk`] at its place in the file.
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
    /// The lines, each ending in `\n`. A line's bytes keep their offsets:
    /// control characters are replaced byte for byte by `?` (but for the CR
    /// of a CRLF line end), and a capped line ends the chunk.
    pub text: String,
    /// The number of the last line in it.
    last: usize,
    /// Whether its last line was capped (nothing may follow it).
    closed: bool,
    /// The byte offset of the end of its last line in the file.
    end: usize,
}

/// Lines longer than this are capped to [`crate::record::QUOTE_MAX`]
/// bytes and `…` in excerpts (a margin keeps the cut text shorter than the
/// line it stands for, so offsets never overlap the next line's).
const CAP_FROM: usize = crate::record::QUOTE_MAX + 40;

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
            &text[..floor_boundary(text, crate::record::QUOTE_MAX)]
        } else {
            text
        };
        let chunk = match self.chunks.last_mut() {
            Some(c) if !c.closed && c.last + 1 == line => c,
            _ => {
                self.chunks.push(Chunk {
                    line,
                    offset,
                    text: String::new(),
                    last: line,
                    closed: false,
                    end: offset,
                });
                let n = self.chunks.len();
                &mut self.chunks[n - 1]
            }
        };
        // A CR at the end of the line stays (a CRLF line end, which the
        // report shows as a line end); any other control is a `?`.
        let (shown, cr) = match shown.strip_suffix('\r') {
            Some(rest) => (rest, true),
            None => (shown, false),
        };
        for c in shown.chars() {
            if hidden(c) {
                chunk.text.extend(std::iter::repeat_n('?', c.len_utf8()));
            } else {
                chunk.text.push(c);
            }
        }
        if capped {
            chunk.text.push('…');
        } else if cr {
            chunk.text.push('\r');
        }
        chunk.text.push('\n');
        chunk.last = line;
        chunk.closed = capped;
        chunk.end = offset + text.len();
    }

    /// The chunk that holds byte `offset` of the file.
    pub fn chunk_at(&self, offset: usize) -> Option<&Chunk> {
        let i = self.chunks.partition_point(|c| c.offset <= offset);
        let c = self.chunks.get(i.checked_sub(1)?)?;
        (offset <= c.end).then_some(c)
    }

    /// `span` (of the file) made to fit inside the kept text of its chunk: a
    /// span past the cut of a capped line points at the `…`. `None` when its
    /// start is not kept.
    pub fn fit(&self, span: &Range<usize>) -> Option<Range<usize>> {
        let c = self.chunk_at(span.start)?;
        // The text without its final `\n`.
        let kept = c.text.len() - 1;
        let local = span.start - c.offset;
        if c.closed && local >= kept - '…'.len_utf8() {
            return Some(c.offset + kept - '…'.len_utf8()..c.offset + kept);
        }
        let start = floor_boundary(&c.text, local.min(kept));
        let end = ceil_boundary(&c.text, (span.end - c.offset).clamp(start, kept.max(start)));
        Some(c.offset + start..c.offset + end)
    }

    /// The kept chunks, in file order.
    pub fn chunks(&self) -> &[Chunk] {
        &self.chunks
    }
}

/// Whether `c` is shown as `?` in an excerpt: C0 and C1 controls, DEL and
/// the bidirectional overrides that reorder what a terminal shows (a tab is
/// left as it is).
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

impl Quotes {
    /// Quote the line of `source` that holds `span` (and the line before
    /// it); the span's place in the quotes, to label it.
    pub fn add(&mut self, source: &str, span: Range<usize>) -> Range<usize> {
        let start = floor_boundary(source, span.start);
        let end = floor_boundary(source, span.end.max(start));
        let (line, column) = asalto_core::line_column(source, start);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let mut lines = Vec::with_capacity(2);
        if line_start > 0 {
            let before_start = source[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
            let before = &source[before_start..line_start - 1];
            lines.push((self.text.len(), line - 1));
            self.push_line(before, before_start == 0, before.len()..before.len());
        }
        lines.push((self.text.len(), line));
        let text = &source[line_start..line_end];
        let local = start - line_start..end.min(line_end) - line_start;
        let at = self.push_line(text, line_start == 0, local);
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
            if hidden(c) {
                self.text
                    .push_str(&asalto_core::text::escape_line(&c.to_string()));
            } else {
                self.text.push(c);
            }
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
}

/// The quotes of a file, named, as miette reads a source: the lines of the
/// quote a span falls in, with their true numbers and the problem's column.
#[derive(Debug)]
pub struct NamedQuotes {
    /// The file's name, safe to print.
    pub name: String,
    /// The lines quoted.
    pub quotes: Quotes,
}

impl miette::SourceCode for NamedQuotes {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let (quote, line) = self
            .quotes
            .quote_at(span.offset())
            .ok_or(miette::MietteError::OutOfBounds)?;
        let first = line.saturating_sub(before);
        let last = (line + after).min(quote.lines.len() - 1);
        let start = quote.lines[first].0;
        let end = quote.lines.get(last + 1).map_or(quote.end, |&(o, _)| o);
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            &self.quotes.text.as_bytes()[start..end],
            miette::SourceSpan::new(start.into(), end - start),
            quote.lines[first].1 - 1,
            quote.column - 1,
            last - first + 1,
        )))
    }
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
        assert!(first.text.starts_with("Bc-Cc\na?[2Jb\r\n"));
        assert!(first.text.ends_with("…\n"));
        assert!(first.text.len() < 300);
        // Spans keep their offsets; past the cut they point at the `…`.
        assert_eq!(e.fit(&(6..7)), Some(6..7));
        let dots = e.fit(&(5_000..5_002)).unwrap();
        assert_eq!(&first.text[dots.start..dots.end], "…");
        assert_eq!(e.chunk_at(10_016).unwrap().line, 4);
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

    proptest::proptest! {
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
