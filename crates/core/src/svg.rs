//! The frame every board drawing of the grid games shares (Asalto, Mad
//! Bishops, Solitaire Chess): the opening of the picture and the caption
//! under the board. Written once so the pictures keep one look (type, arrow
//! marker, background, caption colour) and one shape, which the replay
//! pages' line tables rely on.

use std::fmt::Write as _;

/// The start of a drawing: the `<svg>` element, `width` by `height`
/// pixels, its `<title>` (`title`, already XML-escaped by the game), the
/// arrow marker a last move's path ends with, and the background.
///
/// # Examples
///
/// ```
/// let s = asalto_core::svg::open(100, 80, "start");
/// assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"80\""));
/// assert!(s.contains("<title>start</title>\n"));
/// ```
pub fn open(width: i32, height: i32, title: &str) -> String {
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{title}</title>");
    let _ = writeln!(
        s,
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#2e8b57"/></marker></defs>"##
    );
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#f3e6c8"/>"##
    );
    s
}

/// The end of a drawing: the caption lines (each `(x, text)`, the text
/// already XML-escaped), the first at `y` pixels and each next one `step`
/// lower, in one group when there are any; then `</svg>`.
///
/// # Examples
///
/// ```
/// let mut s = String::new();
/// asalto_core::svg::close(&mut s, [(5, "a".to_string()), (9, "b".to_string())], 100, 20);
/// assert!(s.contains("<text x=\"5\" y=\"100\">a</text>\n<text x=\"9\" y=\"120\">b</text>\n"));
/// assert!(s.ends_with("</g>\n</svg>\n"));
/// ```
pub fn close<L: std::fmt::Display>(
    s: &mut String,
    caption: impl IntoIterator<Item = (i32, L)>,
    y: i32,
    step: i32,
) {
    let mut lines = caption.into_iter().peekable();
    if lines.peek().is_some() {
        let _ = writeln!(s, r##"<g class="caption" font-size="15" fill="#2b2118">"##);
        for (i, (x, line)) in (0..).zip(lines) {
            let _ = writeln!(s, r#"<text x="{x}" y="{}">{line}</text>"#, y + step * i);
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_caption_no_group() {
        let mut s = open(10, 10, "t");
        close::<&str>(&mut s, [], 0, 0);
        assert!(!s.contains("caption"));
        assert!(s.ends_with("/>\n</svg>\n"));
    }
}
