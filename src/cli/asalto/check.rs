//! `asalto check` on Asalto records: each file is read line by line in
//! a buffer reused from file to file and replayed holding only the
//! current position, so memory stays at the size of the longest line
//! whatever the files' sizes (the batch checks the files on every core
//! and reports them in the order given).

use asalto::diagnostics::FileReport;
use asalto::json::CheckJson;
use asalto::replay::{CheckOptions, Checked, Replayer};
use asalto::text::escape_line;
use asalto_core::json::Head;

use super::super::checking::{FileCheck, Unjudged};
use super::super::input::{Opened, Shown, shown_name};
use super::read::check_lines;

/// How Asalto's records are checked: the replay's options.
pub struct Check {
    /// Strict, lenient, BASICO's rebels.
    pub options: CheckOptions,
}

impl FileCheck for Check {
    /// The replayer's line buffers (the read buffer is the batch's).
    type Work = Option<Replayer>;
    type Checked<'b> = Checked;

    /// Replay the file line by line; a JSON game document is read as a
    /// stream and its moves checked as a record.
    fn check(
        &self,
        work: &mut Option<Replayer>,
        path: &str,
        opened: Opened<'_>,
        _quoting: bool,
    ) -> Result<Checked, Unjudged> {
        let mut replayer = match work.take() {
            Some(r) => r,
            None => Replayer::new(self.options, false),
        };
        let result = check_lines(opened.lines(), Shown::of(path), &mut replayer);
        let checked = replayer.finish_and_reset();
        *work = Some(replayer);
        result.map(|()| checked)
    }

    fn valid(&self, checked: &Checked) -> bool {
        checked.is_valid()
    }

    fn json(&self, path: &str, checked: &Checked) -> String {
        serde_json::to_string(&CheckJson::new(path, checked)).unwrap_or_default() + "\n"
    }

    fn human(&self, path: &str, checked: &Checked, full: bool, color: bool) -> String {
        let name = shown_name(path);
        let mut text = String::with_capacity(SUMMARY_CAPACITY + name.len());
        summary_into(&mut text, name, checked);
        text.push('\n');
        if !checked.problems.is_empty() && full {
            text.push_str(&FileReport::new(name, checked).render(color));
        }
        text
    }

    fn head(&self) -> Head {
        asalto::json::HEAD
    }
}

/// The report of a record as `check` prints it for one file: the summary
/// line, then every problem (quoted, labelled, with code and help). `export`
/// prints it on standard error for an invalid record.
pub fn full_report(name: &str, checked: &Checked, color: bool) -> String {
    let mut text = summary(name, checked);
    text.push('\n');
    if !checked.problems.is_empty() {
        text.push_str(&FileReport::new(name, checked).render(color));
    }
    text
}

/// Room for a summary line besides the file's name: one allocation per
/// file on the happy path.
const SUMMARY_CAPACITY: usize = 96;

/// One line about a file: its verdict, the result or the first error.
pub fn summary(name: &str, checked: &Checked) -> String {
    let mut text = String::with_capacity(SUMMARY_CAPACITY + name.len());
    summary_into(&mut text, name, checked);
    text
}

/// [`summary`], written at the end of `text` (no line end).
fn summary_into(text: &mut String, name: &str, checked: &Checked) {
    use std::fmt::Write as _;
    text.push_str(&escape_line(name));
    let plies = checked.plies();
    let moves = if plies == 1 { "move" } else { "moves" };
    // Writing into a `String` cannot fail.
    if let Some(e) = checked.errors().next() {
        let _ = write!(text, ": invalid: line {}:{}", e.line, e.column);
        if let (Some(ply), Some(side)) = (e.ply, e.side) {
            let _ = write!(text, ", move {ply} ({side})");
        }
        let _ = write!(
            text,
            ": {} [{}]",
            escape_line(&e.bare_message()),
            e.reason().code()
        );
        match checked.error_count() {
            1 => {}
            n => {
                let _ = write!(text, " (+{} more)", n - 1);
            }
        }
        let _ = write!(text, "; {plies} {moves} replayed");
        return;
    }
    text.push_str(": valid");
    match checked.warning_count() {
        0 => {}
        1 => text.push_str(" (1 warning)"),
        n => {
            let _ = write!(text, " ({n} warnings)");
        }
    }
    let _ = write!(text, ", {plies} {moves}; ");
    let _ = match checked.outcome() {
        Some(end) => write!(text, "{}, after move {}", end.outcome, end.ply),
        None => write!(text, "unfinished, {} to move", checked.position().turn()),
    };
}
