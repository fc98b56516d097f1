//! Value text: escapes and soft line breaks.

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
