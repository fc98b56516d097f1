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

impl From<Span> for asalto_core::Span {
    fn from(s: Span) -> asalto_core::Span {
        asalto_core::Span::new(s.start, s.end)
    }
}

/// Line starts of a source, to turn byte offsets into [`Span`]s: the
/// shared [`asalto_core::LineIndex`] (same lines and columns as every other
/// game's diagnostics), with the located spans this crate's parsers return.
#[derive(Clone, Debug)]
pub struct LineIndex<'a>(asalto_core::LineIndex<'a>);

impl<'a> LineIndex<'a> {
    /// The index of `source`.
    pub fn new(source: &'a str) -> LineIndex<'a> {
        LineIndex(asalto_core::LineIndex::new(source))
    }

    /// The source.
    pub fn source(&self) -> &'a str {
        self.0.source()
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
        let clamped = self.0.clamp(range);
        let (line, column) = self.0.line_column(clamped.start);
        Span {
            start: clamped.start,
            end: clamped.end,
            line,
            column,
        }
    }
}
