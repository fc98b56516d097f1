//! `asalto check` on Mad Bishops records: each file is read a line at a
//! time and replayed under one rule profile and first side, holding the
//! current position only (memory of the longest line, whatever the length
//! of the record); the shared batch (`cli/batch.rs`) checks the files on
//! every core and reports them in the order given, with the exit codes of
//! every game.
//!
//! For one file (or with `--details`), every problem is shown as every
//! game's are ([`GameReport`]): its reason code, the line quoted at its
//! line:column with the label under the text, and its help (problems of one
//! code past the first few are counted, not listed); then the board before
//! the first illegal move and the legal moves there.

use std::fmt::Write as _;

use asalto::diagnostics::{Entry, GameReport, SHOWN_PER_KIND};
use asalto::excerpt::{KeptLines, QuoteSource};
use asalto::text::escape_line;
use asalto_madbishops::Problem;
use asalto_madbishops::json::CheckJson;
use asalto_madbishops::render::{Marks, text_board};
use asalto_madbishops::replay::{Checked, Kept, LineCheck, Tally};

use asalto_core::json::Head;

use super::super::checking::{FileCheck, Unjudged};
use super::super::input::{Opened, Shown, TextLines, display_name};
use super::record::Settings;

/// How Mad Bishops records are checked: the profile, the first side,
/// how strict.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// How a record is read.
    pub settings: Settings,
}

/// A file checked: the check, keeping no ply, and the lines the full
/// report quotes (when it is asked for).
pub struct Judged {
    checked: Checked<Tally>,
    kept: Option<KeptLines>,
}

impl FileCheck for Check {
    type Work = ();
    type Checked<'b> = Judged;

    /// Check one file, read a line at a time from what `opened` read of
    /// it: no ply is kept, and only the lines the report quotes (when it
    /// quotes); an error when it cannot be read or is not UTF-8.
    fn check(
        &self,
        _work: &mut (),
        path: &str,
        opened: Opened<'_>,
        quoting: bool,
    ) -> Result<Judged, Unjudged> {
        let options = self.settings.options();
        let mut check = LineCheck::new(&options, Tally::new(options.start()));
        let mut kept = quoting.then(|| KeptLines::new(SHOWN_PER_KIND));
        let mut lines = TextLines::new(opened.lines(), Shown::of(path));
        while let Some(raw) = lines.next_line()? {
            check.push_line(raw);
            if let Some(kept) = &mut kept {
                kept.read(raw, check.found());
            }
        }
        Ok(Judged {
            checked: check.finish(),
            kept,
        })
    }

    fn valid(&self, judged: &Judged) -> bool {
        judged.checked.is_valid()
    }

    fn json(&self, path: &str, judged: &Judged) -> String {
        json_line(path, &judged.checked)
    }

    fn human(&self, path: &str, judged: &Judged, _full: bool, color: bool) -> String {
        let name = display_name(path);
        match &judged.kept {
            Some(kept) => full_report(&name, kept, &judged.checked, color),
            None => summary(&name, &judged.checked) + "\n",
        }
    }

    fn head(&self) -> Head {
        asalto_madbishops::json::head(self.settings.profile)
    }

    fn first(&self) -> Option<&'static str> {
        Some(self.settings.first.name())
    }
}

/// The JSON report of a file: the engine's check document (`game`,
/// `rules`, `first`, diagnostics with the position before each move and its
/// legal moves), with the file's name.
pub fn json_line<K: Kept>(path: &str, checked: &Checked<K>) -> String {
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

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One line about a file: its verdict and profile, then the result or the
/// first error.
pub fn summary<K: Kept>(name: &str, checked: &Checked<K>) -> String {
    let name = escape_line(name);
    let rules = checked.game.start().profile().name();
    let moves = plural(checked.game.plies(), "move");
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

/// The report of a record, as `check` prints it for one file (`export`
/// on standard error for an invalid record): the summary line, then every
/// problem as every game's are shown (the line quoted at the problem's
/// line:column with its label, `asalto::<code>`, help; problems of one
/// code past the first few counted); then the board before the first
/// illegal move and the legal moves there.
pub fn full_report<K: Kept>(
    name: &str,
    source: &(impl QuoteSource + ?Sized),
    checked: &Checked<K>,
    color: bool,
) -> String {
    let mut text = summary(name, checked);
    text.push('\n');
    let mut report = GameReport::new(name);
    for p in &checked.problems {
        report.add(source, Entry::of(p));
    }
    report.count_unlisted(checked.unlisted_errors);
    if !report.is_empty() {
        text.push_str(&report.render(color));
    }
    if checked.unlisted_errors > 0 {
        let _ = writeln!(
            text,
            "  … and {} more syntax errors, not listed",
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
fn board_before<K: Kept>(checked: &Checked<K>, problem: &Problem) -> String {
    let (Some(before), Some(ply)) = (problem.before, problem.ply) else {
        return String::new();
    };
    let mut text = String::new();
    // The replay stops at the problem: the last move played is the one
    // before it.
    let last = checked.game.last_move();
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
            text.push_str(&super::record::legal_moves_text(&before.legal_moves()));
        }
    }
    text
}
