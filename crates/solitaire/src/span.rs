//! Where parsed text came from: byte ranges with their line and column.

use std::ops::Range;

/// A place in a source text: a byte range and the 1-based line and column
/// (in characters) of its start.
///
/// Every value the parsers return carries one, so a diagnostic can quote
/// and underline the exact text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset just past the last byte.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column of `start`, in characters (a byte-order mark is not
    /// counted, as editors do not show it).
    pub column: usize,
}

impl Span {
    /// The byte range.
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The spanned text of `source` (empty if the span does not fit it).
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        source.get(self.range()).unwrap_or("")
    }

    /// The span from the start of `self` to the end of `other`.
    #[must_use]
    pub fn to(&self, other: Span) -> Span {
        Span {
            end: other.end.max(self.start),
            ..*self
        }
    }
}

/// Line starts of a source, to turn byte offsets into [`Span`]s.
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// The index of `source`.
    pub fn new(source: &'a str) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { source, starts }
    }

    /// The source.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// The span of the byte range `range` (clamped to the source).
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_solitaire::span::LineIndex;
    ///
    /// let index = LineIndex::new("ab\ncdé f\n");
    /// let span = index.span(8..9);
    /// assert_eq!((span.line, span.column), (2, 5));
    /// ```
    pub fn span(&self, range: Range<usize>) -> Span {
        let start = floor_boundary(self.source, range.start);
        let end = floor_boundary(self.source, range.end.max(start));
        let line = self.starts.partition_point(|&s| s <= start);
        let line_start = self.starts[line.saturating_sub(1)];
        let shown = self.source.get(line_start..start).unwrap_or("");
        let shown = match line_start {
            0 => shown.strip_prefix('\u{feff}').unwrap_or(shown),
            _ => shown,
        };
        Span {
            start,
            end,
            line: line.max(1),
            column: shown.chars().count() + 1,
        }
    }
}

/// The largest character boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
