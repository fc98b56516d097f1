//! Self-contained HTML pages: the replay of a game record
//! ([`replay::page`]), the report of `check` over many files
//! ([`check::page`]) and the grading report ([`grade`]).
//!
//! Every page is one file: its CSS, its boards (inline SVG drawn by each
//! game's own SVG renderer) and its little JavaScript are inside it, and it
//! loads nothing from the network. Every piece of foreign text (file names,
//! record lines, a student program's output) goes through [`escape`]: that
//! text is hostile, and the pages are opened by the people grading it.
//! Data handed to the page's script sits in a `<script type=
//! "application/json">` element written by [`json_script`], which escapes
//! `<` so that no string can close the element.

use std::fmt::Write as _;

pub mod check;
pub mod games;
#[cfg(target_os = "linux")]
pub mod grade;
pub mod replay;

/// Text made safe for HTML content and for quoted attribute values: the
/// one escaper every picture and page uses.
///
/// # Examples
///
/// ```
/// use asalto::html::escape;
///
/// assert_eq!(escape("<script>\"a\" & 'b'"), "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;");
/// assert_eq!(escape("plain"), "plain");
/// ```
pub use asalto_core::text::xml_escape as escape;

/// A `<script type="application/json">` element holding `value`. JSON
/// strings may hold `</script>`; every `<` is written `\u003c` (the same
/// string to a JSON reader), so nothing inside can end the element.
pub fn json_script(id: &str, value: &serde_json::Value) -> String {
    let json = value.to_string().replace('<', "\\u003c");
    format!(
        "<script type=\"application/json\" id=\"{}\">{json}</script>\n",
        escape(id)
    )
}

/// The CSS every page shares: readable type, colours of enough contrast
/// (text at least 7:1 on its background, badges 4.5:1), and badges that
/// always carry a word, so that no meaning rests on colour alone.
pub const BASE_CSS: &str = "\
:root{color-scheme:light;--fg:#1b1b1b;--muted:#4a4a4a;--bg:#ffffff;--panel:#f4f1ea;--line:#8a8070;--ok:#1d6b32;--bad:#a4161a;--warn:#7a4a00;--focus:#0b57d0}
*{box-sizing:border-box}
body{margin:0 auto;max-width:78rem;padding:1rem 1.25rem 3rem;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:1.5rem;margin:.2rem 0 .4rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.4rem 0 .5rem}
h3{font-size:1rem;margin:.8rem 0 .3rem}
a{color:var(--focus)}
a:focus-visible,button:focus-visible,th button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
pre,code{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.9rem}
pre{background:var(--panel);border:1px solid var(--line);padding:.5rem .7rem;overflow:auto;max-height:28rem;white-space:pre-wrap;overflow-wrap:anywhere}
.meta{color:var(--muted);margin:.2rem 0}
.badge{display:inline-block;padding:0 .45rem;border:2px solid;border-radius:.3rem;font-weight:700;font-size:.85rem;letter-spacing:.02em;text-transform:uppercase}
.badge.ok{color:var(--ok);border-color:var(--ok)}
.badge.bad{color:var(--bad);border-color:var(--bad)}
.badge.warn{color:var(--warn);border-color:var(--warn)}
.alert{border:2px solid var(--bad);border-left-width:.5rem;background:#fff5f5;padding:.6rem .9rem;margin:.8rem 0}
.alert p{margin:.25rem 0}
.help{color:var(--fg)}
.help::before{content:'Help: ';font-weight:700}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.board svg{max-width:100%;height:auto}
@media print{.controls{display:none}}
";

/// A whole HTML document: `<head>` with the title and `style`, then
/// `body`, then `script` (none when empty).
pub fn document(title: &str, style: &str, body: &str, script: &str) -> String {
    let mut s = String::with_capacity(body.len() + style.len() + script.len() + 512);
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    s.push_str("<meta name=\"generator\" content=\"asalto\">\n");
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    s.push_str("<style>\n");
    s.push_str(BASE_CSS);
    s.push_str(style);
    s.push_str("</style>\n</head>\n<body>\n");
    s.push_str(body);
    if !script.is_empty() {
        s.push_str("<script>\n");
        s.push_str(script);
        s.push_str("</script>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

/// `svg` with each `id="X"` it defines (and each `url(#X)` / `href="#X"`
/// pointing at one) renamed `X-{suffix}`: several drawings on one page
/// must not define the same id twice.
pub fn unique_ids(svg: &str, suffix: &str) -> String {
    let mut ids = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(" id=\"") {
        rest = &rest[at + 5..];
        if let Some(end) = rest.find('"') {
            ids.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    let mut out = svg.to_string();
    for id in ids {
        for (from, to) in [
            (format!(" id=\"{id}\""), format!(" id=\"{id}-{suffix}\"")),
            (format!("url(#{id})"), format!("url(#{id}-{suffix})")),
            (
                format!("href=\"#{id}\""),
                format!("href=\"#{id}-{suffix}\""),
            ),
        ] {
            out = out.replace(&from, &to);
        }
    }
    out
}

pub use crate::text::count;
