//! Lines of a file kept to quote them in reports: only those around
//! problems, capped and made safe to print, so that a report about a file of
//! any size takes little memory and never sends a terminal a raw control
//! character.

use std::ops::Range;

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

/// The largest index `<= at` that is a character boundary of `text`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest index `>= at` that is a character boundary of `text`.
fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
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
}
