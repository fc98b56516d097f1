//! The page of `check --format html`: every file checked, valid or where
//! it breaks: a table of all the files (verdict in words, moves, result,
//! the first problem), then one section per file that does not pass, with
//! the line written, the reason, the help, and the board before the move.

use std::fmt::Write as _;

use super::replay::{ReplaySource, Stop};
use super::{count, document, escape, unique_ids};

/// How one file came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A legal record.
    Valid,
    /// A record with an error.
    Invalid,
    /// Not read (missing, not text, too large...).
    Unreadable,
    /// Read, and not a record but what another command reads (a
    /// collection of puzzles for `solve`): counted with the valid files,
    /// as `check` counts it, and said for what it is.
    NotRecord,
}

/// One file of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// The file's name as given.
    pub name: String,
    /// How it came out.
    pub verdict: Verdict,
    /// The game (`Asalto`, `Go`), when read.
    pub game: &'static str,
    /// The rule profile.
    pub rules: String,
    /// Legal moves replayed.
    pub moves: usize,
    /// How the game ended, in words (`None`: unfinished).
    pub result: Option<String>,
    /// The first error.
    pub stop: Option<Stop>,
    /// The board before the first error (SVG).
    pub board: Option<String>,
    /// Why the file could not be read.
    pub unreadable: Option<String>,
}

impl FileEntry {
    /// The entry of a replayed record.
    pub fn of(name: &str, source: &dyn ReplaySource) -> FileEntry {
        let stop = source.stop();
        let board = stop
            .as_ref()
            .map(|s| source.drawing(s.ply.saturating_sub(1)));
        FileEntry {
            name: name.to_string(),
            verdict: if stop.is_some() {
                Verdict::Invalid
            } else {
                Verdict::Valid
            },
            game: source.game(),
            rules: source.rules(),
            moves: source.moves(),
            result: source.result(),
            stop,
            board,
            unreadable: None,
        }
    }

    /// The entry of a file that could not be read.
    pub fn unreadable(name: &str, why: &str) -> FileEntry {
        FileEntry {
            name: name.to_string(),
            verdict: Verdict::Unreadable,
            game: "",
            rules: String::new(),
            moves: 0,
            result: None,
            stop: None,
            board: None,
            unreadable: Some(why.to_string()),
        }
    }
}

const CSS: &str = "\
.summary{font-size:1.1rem;font-weight:600}
tr.invalid td:first-child,tr.unreadable td:first-child{border-left:.35rem solid var(--bad)}
tr.valid td:first-child{border-left:.35rem solid var(--ok)}
section.file{border-top:2px solid var(--line);margin-top:1.5rem;padding-top:.3rem}
section.file .board{max-width:26rem}
";

fn badge(v: Verdict) -> &'static str {
    match v {
        Verdict::Valid => "<span class=\"badge ok\">valid</span>",
        Verdict::Invalid => "<span class=\"badge bad\">invalid</span>",
        Verdict::Unreadable => "<span class=\"badge bad\">unreadable</span>",
        Verdict::NotRecord => "<span class=\"badge\">not a record</span>",
    }
}

fn class(v: Verdict) -> &'static str {
    match v {
        Verdict::Valid => "valid",
        Verdict::Invalid => "invalid",
        Verdict::Unreadable => "unreadable",
        Verdict::NotRecord => "not-record",
    }
}

/// Where a file breaks, in a line: `line 3, move 3 (officers): ... [code]`.
fn where_it_breaks(e: &FileEntry) -> String {
    if let Some(why) = &e.unreadable {
        return escape(why).into_owned();
    }
    match &e.stop {
        None => String::new(),
        Some(s) => {
            let side = s
                .side
                .as_deref()
                .map_or(String::new(), |d| format!(" ({d})"));
            format!(
                "{}{}: {} <code>{}</code>",
                s.place(),
                escape(&side),
                escape(&s.message),
                escape(&s.code)
            )
        }
    }
}

/// The page over `files`, in the order given.
pub fn page(files: &[FileEntry]) -> String {
    let valid = files
        .iter()
        .filter(|f| matches!(f.verdict, Verdict::Valid | Verdict::NotRecord))
        .count();
    let invalid = files
        .iter()
        .filter(|f| f.verdict == Verdict::Invalid)
        .count();
    let unreadable = files.len() - valid - invalid;
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<header>\n<h1>check: {}</h1>\n<p class=\"summary\">{valid} valid, {invalid} invalid{}</p>\n</header>",
        count(files.len(), "file"),
        if unreadable > 0 {
            format!(", {unreadable} unreadable")
        } else {
            String::new()
        }
    );
    body.push_str("<table>\n<thead><tr><th scope=\"col\">File</th><th scope=\"col\">Verdict</th><th scope=\"col\">Game</th><th scope=\"col\">Moves</th><th scope=\"col\">Result</th><th scope=\"col\">Where it breaks</th></tr></thead>\n<tbody>\n");
    for (i, f) in files.iter().enumerate() {
        let name = if matches!(f.verdict, Verdict::Valid | Verdict::NotRecord) {
            escape(&f.name).into_owned()
        } else {
            format!("<a href=\"#f{i}\">{}</a>", escape(&f.name))
        };
        let _ = writeln!(
            body,
            "<tr class=\"{}\"><td>{name}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            class(f.verdict),
            badge(f.verdict),
            f.game,
            f.moves,
            escape(f.result.as_deref().unwrap_or(
                if matches!(f.verdict, Verdict::Unreadable | Verdict::NotRecord) {
                    ""
                } else {
                    "unfinished"
                }
            )),
            where_it_breaks(f)
        );
    }
    body.push_str("</tbody>\n</table>\n");
    for (i, f) in files.iter().enumerate() {
        if matches!(f.verdict, Verdict::Valid | Verdict::NotRecord) {
            continue;
        }
        let _ = writeln!(
            body,
            "<section class=\"file\" id=\"f{i}\" aria-labelledby=\"f{i}-h\">\n<h2 id=\"f{i}-h\">{} {}</h2>",
            escape(&f.name),
            badge(f.verdict)
        );
        if let Some(why) = &f.unreadable {
            let _ = writeln!(body, "<p>{}</p>", escape(why));
        }
        if let Some(s) = &f.stop {
            let _ = writeln!(
                body,
                "<div class=\"alert\">\n<p>{} · rules {} · {}</p>\n<p>Written: <code>{}</code></p>\n<p>{} <span class=\"badge bad\">{}</span></p>",
                f.game,
                escape(&f.rules),
                s.place(),
                escape(&s.written),
                escape(&s.message),
                escape(&s.code)
            );
            if let Some(help) = &s.help {
                let _ = writeln!(body, "<p class=\"help\">{}</p>", escape(help));
            }
            body.push_str("</div>\n");
        }
        if let Some(svg) = &f.board {
            let _ = writeln!(
                body,
                "<figure class=\"board\">\n{}<figcaption>The position before it ({} played).</figcaption>\n</figure>",
                unique_ids(svg, &format!("f{i}")),
                count(
                    f.stop.as_ref().map_or(0, |s| s.ply.saturating_sub(1)),
                    "move"
                )
            );
        }
        body.push_str("</section>\n");
    }
    document(
        &format!("check: {}", count(files.len(), "file")),
        CSS,
        &body,
        "",
    )
}
