//! `asalto check` on Mad Bishops records: each file is read whole (records
//! are small; [`super::MAX_FILE`] bounds it), parsed and replayed under one
//! rule profile and first side; the shared batch (`cli/batch.rs`) checks
//! the files on every core and reports them in the order given, with the
//! exit codes of every game.
//!
//! For one file (or with `--details`), every problem is listed with its
//! reason code, line:column, the line quoted and underlined, and its help
//! (problems of one code past the first few are counted, not listed); then
//! the board before the first illegal move and the legal moves there.

use std::collections::HashMap;
use std::fmt::Write as _;

use asalto::text::{cap, escape_line};
use asalto_madbishops::json::{CheckJson, GAME};
use asalto_madbishops::render::{Marks, text_board};
use asalto_madbishops::replay::{Checked, check};
use asalto_madbishops::{Problem, Severity};

use super::super::Format;
use super::super::batch::{Checker, FileResult, Verdict, Worker};
use super::super::input::display_name;
use super::{MAX_FILE, Settings, utf8_text};

/// The Mad Bishops checker of a batch: how the files are read and
/// reported.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The profile, the first side, how strict.
    pub settings: Settings,
    /// Human or JSON.
    pub format: Format,
    /// Every problem and the board, not just one line per file.
    pub full: bool,
    /// Print nothing.
    pub quiet: bool,
}

/// Problems of one reason shown in full; the others are counted.
pub const SHOWN_PER_CODE: usize = 3;

/// The longest part of a line quoted under a problem, in characters.
const QUOTE_WIDTH: usize = 100;

impl Checker for Report {
    fn worker(&self) -> Worker<'_> {
        Box::new(move |path, mut opened| {
            match opened
                .whole_or_why(path, MAX_FILE)
                .and_then(|b| utf8_text(path, b))
            {
                Ok(source) => check_file(path, source, *self),
                Err(message) => unreadable(message, Some(path), *self),
            }
        })
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileResult {
        unreadable(message, path, *self)
    }
}

/// Check one file, its text read whole.
fn check_file(path: &str, source: &str, report: Report) -> FileResult {
    let checked = check(source, &report.settings.options());
    let verdict = if checked.is_valid() {
        Verdict::Valid
    } else {
        Verdict::Invalid
    };
    let text = match report.format {
        _ if report.quiet => String::new(),
        Format::Json => json_line(path, &checked),
        Format::Human => {
            let name = display_name(path);
            let mut text = summary(&name, &checked);
            text.push('\n');
            if report.full {
                text.push_str(&details(source, &checked));
            }
            text
        }
    };
    FileResult {
        text,
        message: None,
        verdict,
    }
}

/// The JSON report of a file: the engine's check document (`game`,
/// `rules`, `first`, diagnostics with the position before each move and its
/// legal moves), with the file's name.
pub fn json_line(path: &str, checked: &Checked) -> String {
    let json = FileJson {
        file: path,
        check: CheckJson::from(checked),
    };
    serde_json::to_string(&json).unwrap_or_default() + "\n"
}

/// A file's check document: its name, then the engine's fields.
#[derive(serde::Serialize)]
struct FileJson<'a> {
    file: &'a str,
    #[serde(flatten)]
    check: CheckJson,
}

/// The result of a file that could not be read (or a folder without
/// records).
fn unreadable(message: String, path: Option<&str>, report: Report) -> FileResult {
    let text = match report.format {
        Format::Json if !report.quiet => {
            let object = serde_json::json!({
                "file": path.unwrap_or_default(),
                "game": GAME,
                "rules": report.settings.profile.name(),
                "first": report.settings.first.name(),
                "valid": false,
                "io_error": message,
            });
            object.to_string() + "\n"
        }
        _ => String::new(),
    };
    FileResult {
        text,
        message: Some(message),
        verdict: Verdict::Unreadable,
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One line about a file: its verdict and profile, then the result or the
/// first error.
pub fn summary(name: &str, checked: &Checked) -> String {
    let name = escape_line(name);
    let rules = checked.game.start.profile().name();
    let moves = plural(checked.game.plies.len(), "move");
    let errors: Vec<&Problem> = checked.errors().collect();
    if let Some(e) = errors.first() {
        let more = match checked.error_count() {
            1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        return format!(
            "{name}: invalid ({rules}): line {}:{}: {} [{}]{more}; {moves} replayed",
            e.line,
            e.column,
            escape_line(&e.message()),
            e.reason().code(),
        );
    }
    let warned = match checked.warnings().count() {
        0 => String::new(),
        n => format!(" ({})", plural(n, "warning")),
    };
    let result = match checked.game.outcome() {
        Some(end) => format!("{}, after move {}", end.outcome, end.ply),
        None => format!(
            "unfinished, {} to move",
            checked.game.position().turn().name()
        ),
    };
    format!("{name}: valid ({rules}){warned}, {moves}; {result}")
}

/// Every problem with its code, line:column, the line quoted and help;
/// then the board before the first illegal move and the legal moves there.
pub fn details(source: &str, checked: &Checked) -> String {
    let mut text = String::new();
    let mut shown: HashMap<&'static str, usize> = HashMap::new();
    for p in &checked.problems {
        let code = p.reason().code();
        let count = shown.entry(code).or_default();
        *count += 1;
        if *count > SHOWN_PER_CODE {
            continue;
        }
        let severity = match p.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(
            text,
            "  {severity}[{code}] line {}:{}: {}",
            p.line,
            p.column,
            escape_line(&p.message())
        );
        if let Some((quoted, marks)) = quote(source, p) {
            let number = p.line.to_string();
            let pad = " ".repeat(number.len());
            let _ = writeln!(text, "    {number} | {quoted}");
            let _ = writeln!(
                text,
                "    {pad} | {marks} {}",
                escape_line(&cap(&p.label(), QUOTE_WIDTH))
            );
        }
        if let Some(help) = p.help() {
            let _ = writeln!(text, "    help: {}", escape_line(&help));
        }
    }
    let mut extra: Vec<(&str, usize)> = shown
        .iter()
        .filter(|(_, n)| **n > SHOWN_PER_CODE)
        .map(|(code, n)| (*code, n - SHOWN_PER_CODE))
        .collect();
    extra.sort();
    for (code, n) in extra {
        let _ = writeln!(
            text,
            "  ... and {n} more {} like this [{code}]",
            if n == 1 { "problem" } else { "problems" }
        );
    }
    if checked.unlisted_errors > 0 {
        let _ = writeln!(
            text,
            "  ... and {} more syntax errors, not listed",
            checked.unlisted_errors
        );
    }
    if let Some(p) = checked
        .errors()
        .find(|p| p.before.is_some() && p.ply.is_some())
    {
        text.push_str(&board_before(checked, p));
    }
    text
}

/// The board before the move of `problem`, the previous move marked, and
/// the legal moves there (or the end of the game).
fn board_before(checked: &Checked, problem: &Problem) -> String {
    let (Some(before), Some(ply)) = (problem.before, problem.ply) else {
        return String::new();
    };
    let mut text = String::new();
    let last = ply
        .checked_sub(2)
        .and_then(|i| checked.game.plies.get(i))
        .map(|p| p.mv);
    let _ = writeln!(
        text,
        "\nThe board before move {ply} ({} to move, {}):",
        before.turn().name(),
        before.profile().name()
    );
    text.push_str(&text_board(
        before.board(),
        &Marks {
            last: last.filter(|_| ply > 1),
        },
    ));
    let _ = writeln!(text, "position: {}", before.position_string());
    match before.outcome() {
        Some(outcome) => {
            let _ = writeln!(text, "no move is legal: the game is over ({outcome})");
        }
        None => {
            text.push_str(&super::legal_moves_text(&before.legal_moves()));
        }
    }
    text
}

/// The line of `problem` with control characters escaped and long lines
/// cut around the problem, and the `^` marks under its span.
fn quote(source: &str, problem: &Problem) -> Option<(String, String)> {
    let line = source
        .split('\n')
        .nth(problem.line.checked_sub(1)?)?
        .trim_end_matches('\r');
    let line = if problem.line == 1 {
        line.strip_prefix('\u{feff}').unwrap_or(line)
    } else {
        line
    };
    let start = problem.column.saturating_sub(1);
    let span_chars = source
        .get(problem.span.clone())
        .map_or(1, |s| s.chars().take(QUOTE_WIDTH).count())
        .max(1);
    let end = start + span_chars;
    // A window of the line around the problem (never the whole of a long
    // line in memory twice).
    let from = start.saturating_sub(QUOTE_WIDTH / 2);
    let to = from + QUOTE_WIDTH;
    let mut quoted = String::new();
    let mut marks = String::new();
    if from > 0 {
        quoted.push('…');
        marks.push(' ');
    }
    let mut chars = line.chars().enumerate().skip(from);
    let mut length = from;
    for (i, c) in chars.by_ref().take(to - from) {
        let shown = escape_line(&c.to_string()).into_owned();
        let width = shown.chars().count();
        quoted.push_str(&shown);
        let mark = if (start..end).contains(&i) { '^' } else { ' ' };
        marks.extend(std::iter::repeat_n(mark, width));
        length = i + 1;
    }
    if chars.next().is_some() {
        quoted.push('…');
    }
    if start >= length {
        // The problem is at the end of the line (or the line is empty).
        marks.push('^');
    }
    Some((quoted, marks.trim_end().to_string()))
}
