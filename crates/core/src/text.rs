//! Text that came from outside (records, file names, students' programs)
//! made safe to print and bounded in size.
//!
//! Every place that quotes foreign text to a person goes through here, so
//! that a terminal never receives a raw control character (a clear-screen, an
//! OSC 52 clipboard write, a carriage return that hides a line) and a report
//! never grows with the size of what it quotes.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::time::Duration;

/// Whether `c` must be shown escaped: C0 controls, DEL and C1 controls, and
/// the Unicode bidirectional overrides that reorder what a terminal shows.
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn escape_with(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    // Printable ASCII, what file names and moves nearly always are, needs
    // no escape: told by bytes, without decoding characters (`check` quotes
    // every file's name).
    if text.bytes().all(|b| matches!(b, b' '..=b'~')) {
        return Cow::Borrowed(text);
    }
    if !text.chars().any(|c| needs_escape(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !needs_escape(c) || keep(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
    Cow::Owned(out)
}

/// `n` and the noun, plural when `n` is not 1: `1 move`, `3 moves`.
/// Every count a person reads goes through here, so that no report says
/// "1 moves".
///
/// ```
/// assert_eq!(asalto_core::text::count(1, "move"), "1 move");
/// assert_eq!(asalto_core::text::count(0, "game"), "0 games");
/// ```
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `text` with every control character shown as an escape (`\x1b`, `\x07`,
/// `\x00`, `\u{202e}`), except line feeds and tabs: for quoting several
/// lines (a program's output, a file).
///
/// # Examples
///
/// ```
/// use asalto_core::text::escape_controls;
///
/// assert_eq!(escape_controls("a\x1b[2Jb\r\nc\td"), "a\\x1b[2Jb\\x0d\nc\td");
/// assert_eq!(escape_controls("plain"), "plain");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_with(text, |c| c == '\n' || c == '\t')
}

/// `text` with every control character escaped, line feeds and tabs
/// included: for a value shown on one line (a file name, a move as written).
///
/// # Examples
///
/// ```
/// use asalto_core::text::escape_line;
///
/// assert_eq!(escape_line("a\nb\x07"), "a\\x0ab\\x07");
/// ```
pub fn escape_line(text: &str) -> Cow<'_, str> {
    escape_with(text, |_| false)
}

/// `text` inside a markup document, the one escaper of every picture and
/// page (SVG titles and captions, HTML content and quoted attribute
/// values): `&`, `<`, `>`, `"` and `'` as character references, and
/// control characters other than line feed and tab, which neither XML 1.0
/// nor HTML allows, as U+FFFD. Text with nothing to escape is borrowed.
///
/// # Examples
///
/// ```
/// use asalto_core::text::xml_escape;
///
/// assert_eq!(xml_escape("a<b & \"c\"\x07"), "a&lt;b &amp; &quot;c&quot;\u{fffd}");
/// assert_eq!(xml_escape("<script>'b'"), "&lt;script&gt;&#39;b&#39;");
/// assert_eq!(xml_escape("plain\nline"), "plain\nline");
/// ```
pub fn xml_escape(text: &str) -> Cow<'_, str> {
    let needs = |c: char| {
        matches!(c, '&' | '<' | '>' | '"' | '\'') || (c.is_control() && c != '\n' && c != '\t')
    };
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The largest index `<= at` that is a character boundary of `text`.
pub fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest index `>= at` that is a character boundary of `text`.
pub fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// At most about `max` bytes of the start of `text`; what is cut is said
/// with `… N bytes more`.
///
/// # Examples
///
/// ```
/// use asalto_core::text::cap;
///
/// assert_eq!(cap("abcdef", 10), "abcdef");
/// assert_eq!(cap("abcdef", 4), "abcd… 2 bytes more");
/// ```
pub fn cap(text: &str, max: usize) -> Cow<'_, str> {
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    let end = floor_boundary(text, max);
    let rest = text.len() - end;
    Cow::Owned(format!("{}… {rest} {} more", &text[..end], bytes(rest)))
}

/// At most about `max` bytes of the end of `text`, starting at a line when
/// one starts close enough; what is cut is said with `… N bytes before`.
///
/// # Examples
///
/// ```
/// use asalto_core::text::cap_tail;
///
/// assert_eq!(cap_tail("one\ntwo\nthree\n", 100), "one\ntwo\nthree\n");
/// assert_eq!(cap_tail("one\ntwo\nthree\n", 9), "… 8 bytes before\nthree\n");
/// ```
pub fn cap_tail(text: &str, max: usize) -> Cow<'_, str> {
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    let mut start = ceil_boundary(text, text.len() - max);
    // Start at a whole line when the cut falls inside the first one.
    if start > 0
        && text.as_bytes()[start - 1] != b'\n'
        && let Some(nl) = text[start..].find('\n')
        && nl + 1 < text.len() - start
    {
        start += nl + 1;
    }
    Cow::Owned(format!(
        "… {start} {} before\n{}",
        bytes(start),
        &text[start..]
    ))
}

fn bytes(n: usize) -> &'static str {
    if n == 1 { "byte" } else { "bytes" }
}

/// Limits on a line diff, so that comparing two files never takes long nor
/// prints much whatever they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiffLimits {
    /// Lines of each side compared; the rest is left out (and said so).
    pub max_lines: usize,
    /// Time the diff algorithm may take before it settles for a coarser
    /// (still correct) diff.
    pub timeout: Duration,
    /// Bytes of diff text kept (see [`cap`]).
    pub max_bytes: usize,
    /// Lines of context around each change.
    pub context: usize,
}

impl Default for DiffLimits {
    fn default() -> DiffLimits {
        DiffLimits {
            max_lines: 20_000,
            timeout: Duration::from_millis(500),
            max_bytes: 64 * 1024,
            context: 3,
        }
    }
}

/// A unified diff made under [`DiffLimits`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundedDiff {
    /// The diff text, control characters escaped, capped; empty when the
    /// compared parts are equal.
    pub text: String,
    /// Why the diff is not the whole story, when it is not: lines left out,
    /// or a diff that had to stop searching for the smallest one.
    pub note: Option<String>,
}

/// A unified diff of `old` and `new` (line by line) that stays within
/// `limits`: at most `max_lines` lines of each side are compared, the
/// algorithm gives up looking for the smallest diff after `timeout` (what it
/// prints is still a correct diff, only longer), and the text is capped.
///
/// # Examples
///
/// ```
/// use asalto_core::text::{bounded_diff, DiffLimits};
///
/// let d = bounded_diff("a\nb\n", "a\nc\n", "old", "new", DiffLimits::default());
/// assert!(d.text.contains("-b\n+c\n"));
/// assert_eq!(d.note, None);
/// ```
pub fn bounded_diff(
    old: &str,
    new: &str,
    old_name: &str,
    new_name: &str,
    limits: DiffLimits,
) -> BoundedDiff {
    let (old_part, old_cut) = first_lines(old, limits.max_lines);
    let (new_part, new_cut) = first_lines(new, limits.max_lines);
    let started = std::time::Instant::now();
    let diff = similar::TextDiff::configure()
        .timeout(limits.timeout)
        .diff_lines(old_part, new_part);
    let timed_out = started.elapsed() >= limits.timeout;
    let text = diff
        .unified_diff()
        .context_radius(limits.context)
        .header(&escape_line(old_name), &escape_line(new_name))
        .to_string();
    let mut notes = Vec::new();
    if old_cut || new_cut {
        notes.push(format!(
            "only the first {} lines of each side were compared",
            limits.max_lines
        ));
    }
    if timed_out {
        notes.push(format!(
            "the diff took more than {} ms and may not be the smallest one",
            limits.timeout.as_millis()
        ));
    }
    BoundedDiff {
        text: cap(&escape_controls(&text), limits.max_bytes).into_owned(),
        note: (!notes.is_empty()).then(|| notes.join("; ")),
    }
}

/// The first `max` lines of `text`, and whether anything was left out.
fn first_lines(text: &str, max: usize) -> (&str, bool) {
    match text.match_indices('\n').nth(max.saturating_sub(1)) {
        Some((i, _)) if max > 0 && i + 1 < text.len() => (&text[..=i], true),
        _ if max == 0 => ("", !text.is_empty()),
        _ => (text, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_control_but_newline_and_tab() {
        let all: String = (0u32..0x100).filter_map(char::from_u32).collect();
        let shown = escape_controls(&all);
        assert!(
            shown
                .chars()
                .all(|c| !c.is_control() || c == '\n' || c == '\t')
        );
        assert!(shown.contains("\\x1b") && shown.contains("\\x7f") && shown.contains("\\x9b"));
        assert!(!escape_line(&all).chars().any(char::is_control));
        assert_eq!(escape_line("\u{202e}txt"), "\\u{202e}txt");
    }

    #[test]
    fn each_ascii_character_is_escaped_exactly_when_it_is_a_control() {
        for c in (0u8..0x80).map(char::from) {
            let text = format!("a{c}b");
            let shown = escape_line(&text);
            assert_eq!(matches!(shown, Cow::Borrowed(_)), !c.is_control(), "{c:?}");
            let kept = c != '\n' && c != '\t';
            assert_eq!(
                matches!(escape_controls(&text), Cow::Borrowed(_)),
                !c.is_control() || !kept,
                "{c:?}"
            );
        }
        assert_eq!(escape_line("game-01.txt"), "game-01.txt");
        assert_eq!(escape_line("ñ\x1b"), "ñ\\x1b");
    }

    #[test]
    fn caps_cut_on_character_boundaries() {
        let text = "ñ".repeat(10);
        for max in 0..text.len() + 2 {
            let head = cap(&text, max);
            let tail = cap_tail(&text, max);
            assert!(head.len() <= max.max(text.len().min(max)) + 40, "{head}");
            assert!(tail.len() <= max + 40, "{tail}");
        }
        assert_eq!(cap("ñ", 1), "… 2 bytes more");
        assert_eq!(cap_tail("abc", 0), "… 3 bytes before\n");
    }

    #[test]
    fn diff_limits_leave_out_lines_and_say_so() {
        let old: String = (0..100).map(|i| format!("{i}\n")).collect();
        let new: String = (0..100).map(|i| format!("{}\n", i * 7)).collect();
        let limits = DiffLimits {
            max_lines: 10,
            ..DiffLimits::default()
        };
        let d = bounded_diff(&old, &new, "a", "b", limits);
        assert!(d.note.as_deref().unwrap().contains("first 10 lines"));
        assert!(!d.text.contains("+98\n"));
        let same = bounded_diff(&old, &old, "a", "b", DiffLimits::default());
        assert_eq!(
            same,
            BoundedDiff {
                text: String::new(),
                note: None
            }
        );
    }

    #[test]
    fn diff_of_many_distinct_lines_is_bounded() {
        let old: String = (0..40_000).map(|i| format!("a{i}\n")).collect();
        let new: String = (0..40_000).map(|i| format!("b{i}\n")).collect();
        let limits = DiffLimits {
            timeout: Duration::from_millis(50),
            ..DiffLimits::default()
        };
        let d = bounded_diff(&old, &new, "a", "b", limits);
        assert!(d.text.len() <= limits.max_bytes + 40);
        assert!(d.text.ends_with("bytes more"));
    }
}
