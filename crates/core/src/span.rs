//! Where something was written: byte ranges of a source text, and the line
//! and column a person sees for them.
//!
//! A span is two byte offsets and nothing else, so it is `Copy`, small, and
//! the same for every game and format. Lines and columns are worked out only
//! when a problem is shown ([`line_column`], or [`LineIndex`] for many
//! lookups in one source).

use std::fmt;
use std::ops::Range;

use crate::text::floor_boundary;

/// A byte range of a source text: `start..end`.
///
/// # Examples
///
/// ```
/// use asalto_core::Span;
///
/// let source = "Bc-Cc\nDd-Cd\n";
/// let span = Span::new(6, 11);
/// assert_eq!(span.text(source), "Dd-Cd");
/// assert_eq!(span.to(Span::new(12, 12)), Span::new(6, 12));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, serde::Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset just past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end` (an `end` before `start` is taken as `start`).
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: if end < start { start } else { end },
        }
    }

    /// The empty span at `offset`: a place, such as the end of a file.
    pub const fn at(offset: usize) -> Span {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// The byte range.
    pub const fn range(self) -> Range<usize> {
        self.start..self.end
    }

    /// Length in bytes.
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The spanned text of `source` (empty if the span does not fit it or
    /// cuts a character).
    pub fn text(self, source: &str) -> &str {
        source.get(self.range()).unwrap_or("")
    }

    /// The span from the start of `self` to the end of `other`.
    #[must_use]
    pub const fn to(self, other: Span) -> Span {
        Span::new(self.start, other.end)
    }

    /// The span moved `by` bytes on: a span inside a line, made a span of
    /// the file.
    #[must_use]
    pub const fn shifted(self, by: usize) -> Span {
        Span {
            start: self.start + by,
            end: self.end + by,
        }
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}

impl From<Span> for Range<usize> {
    fn from(s: Span) -> Range<usize> {
        s.range()
    }
}

/// 1-based line and column (in characters) of byte `offset` in `source`.
///
/// An offset past the end is the end; an offset inside a character is that
/// character. A byte-order mark at the start of the file takes no column:
/// editors do not show it and put the first letter of the file in column 1.
///
/// # Examples
///
/// ```
/// use asalto_core::line_column;
///
/// assert_eq!(line_column("ab\ncdé f", 7), (2, 4));
/// assert_eq!(line_column("\u{feff}Bc-Cc", 3), (1, 1));
/// assert_eq!(line_column("ab", 99), (1, 3));
/// ```
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = floor_boundary(source, offset);
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, column(source, line_start, offset))
}

/// The 1-based column of `offset` on the line starting at `line_start`.
fn column(source: &str, line_start: usize, offset: usize) -> usize {
    let shown = source.get(line_start..offset).unwrap_or("");
    let shown = match line_start {
        0 => shown.strip_prefix('\u{feff}').unwrap_or(shown),
        _ => shown,
    };
    shown.chars().count() + 1
}

/// The line starts of a source, for many [`line_column`] lookups in one
/// text (a file with thousands of moves) in logarithmic time each.
///
/// # Examples
///
/// ```
/// use asalto_core::{line_column, LineIndex};
///
/// let source = "ab\ncdé f\n";
/// let index = LineIndex::new(source);
/// assert_eq!(index.line_column(8), (2, 5));
/// assert_eq!(index.line_column(8), line_column(source, 8));
/// ```
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

    /// The same as [`line_column`]`(source, offset)`.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = floor_boundary(self.source, offset);
        // `starts[0]` is 0, so at least one start is <= offset.
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = self.starts[line - 1];
        (line, column(self.source, line_start, offset))
    }

    /// The span of `range`, clamped to the source and to character
    /// boundaries.
    pub fn clamp(&self, range: Range<usize>) -> Span {
        let start = floor_boundary(self.source, range.start);
        let end = floor_boundary(self.source, range.end.max(start));
        Span::new(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The slow reference: walk the characters one by one.
    fn reference(source: &str, offset: usize) -> (usize, usize) {
        let (mut line, mut column) = (1, 1);
        for (i, c) in source.char_indices() {
            if i + c.len_utf8() > offset {
                break;
            }
            match c {
                '\n' => (line, column) = (line + 1, 1),
                '\u{feff}' if i == 0 => {}
                _ => column += 1,
            }
        }
        (line, column)
    }

    #[test]
    fn byte_order_mark_takes_no_column_on_the_first_line_only() {
        assert_eq!(line_column("\u{feff}ab\ncd", 4), (1, 2));
        assert_eq!(line_column("ab\n\u{feff}cd", 6), (2, 2));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("", 5), (1, 1));
    }

    proptest! {
        #[test]
        fn lookups_agree_with_the_reference(
            source in "[ab\n\u{feff}é\r]{0,40}",
            offset in 0usize..50,
        ) {
            let index = LineIndex::new(&source);
            let expected = reference(&source, offset);
            prop_assert_eq!(line_column(&source, offset), expected);
            prop_assert_eq!(index.line_column(offset), expected);
            let span = index.clamp(offset..offset + 3);
            prop_assert!(span.start <= span.end && span.end <= source.len());
            prop_assert!(source.is_char_boundary(span.start) && source.is_char_boundary(span.end));
        }
    }
}
