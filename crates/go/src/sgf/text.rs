//! Text helpers: value unescaping, and byte offsets to line:column.

use std::borrow::Cow;

/// The text of a raw value: `\x` is `x`, a `\` before a line break removes
/// both (a soft break); line breaks are kept. `simple` turns every line
/// break and other white space into a space (SGF's SimpleText).
pub fn unescape(raw: &str, simple: bool) -> Cow<'_, str> {
    let needs_work =
        raw.contains('\\') || (simple && raw.contains(|c: char| c.is_whitespace() && c != ' '));
    if !needs_work {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('\n') => {
                    chars.next_if_eq(&'\r');
                }
                Some('\r') => {
                    chars.next_if_eq(&'\n');
                }
                Some(x) => out.push(x),
                None => {}
            },
            c if simple && c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Where each line starts, to turn byte offsets into 1-based line and
/// column (columns count characters).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// The index of a text.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex { starts }
    }

    /// Line and column (both from 1) of a byte offset of `text`.
    pub fn line_col(&self, text: &str, offset: u32) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line] as usize;
        let end = (offset as usize).min(text.len());
        let col = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line as u32 + 1, col as u32 + 1)
    }
}
