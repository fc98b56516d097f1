//! `asalto check` on Solitaire Chess records: each record (a puzzle, then
//! an answer) is replayed by the engine, which names the first wrong
//! capture and why; records are checked on every core and reported in the
//! order given, with Asalto's exit codes (0 all right, 1 some answer wrong,
//! 2 some file unreadable).

use asalto_core::json::Head;
use asalto_core::json::Kind;
use asalto_solitaire::json::{CaptureJson, CheckReport, ProblemJson, head};
use asalto_solitaire::{Checked, Problem, Profile, Verdict};
use serde::Serialize;

use super::super::batch::{self, Checker, UnjudgedJson, Worker};
use super::super::input::{Shown, cannot_read, shown_name};
use super::super::{Format, Status};
use super::text_of;
use super::{LoadError, Loaded, MAX_FILE, captures_word, load_text, notation, problem_details};

/// How the records are checked and reported.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile `--rules` names (else each record's, else `codegolf`).
    pub rules: Option<Profile>,
    /// Human or JSON.
    pub format: Format,
    /// Print the details of each wrong record, not just one line.
    pub details: bool,
    /// Print nothing.
    pub quiet: bool,
    /// Colour the diagnostics.
    pub color: bool,
}

/// What checking one file gave.
struct FileResult {
    text: String,
    message: Option<String>,
    status: Status,
}

impl Checker for Settings {
    fn worker(&self) -> Worker<'_> {
        Box::new(move |path, mut opened| {
            let text = match opened.whole(MAX_FILE) {
                Ok(bytes) => text_of(path, bytes.to_vec()),
                Err(e) => Err(cannot_read(&Shown::of(path), &e)),
            };
            check(path, text, *self).into()
        })
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> batch::FileResult {
        unreadable(message, path, *self).into()
    }
}

impl From<FileResult> for batch::FileResult {
    fn from(r: FileResult) -> batch::FileResult {
        batch::FileResult {
            text: r.text,
            message: r.message,
            verdict: match r.status {
                Status::Success => batch::Verdict::Valid,
                Status::Failure => batch::Verdict::Invalid,
                Status::Error => batch::Verdict::Unreadable,
            },
        }
    }
}

/// A record's JSON report: the engine's check document with the file.
#[derive(Serialize)]
struct FileJson<'a> {
    file: &'a str,
    #[serde(flatten)]
    report: CheckReport,
}

/// A record that is not one, in JSON: the fields of a check, no capture
/// replayed, its one problem.
#[derive(Serialize)]
struct SyntaxJson<'a> {
    file: &'a str,
    #[serde(flatten)]
    head: Head,
    verdict: Verdict,
    valid: bool,
    plies: usize,
    moves: [CaptureJson; 0],
    errors: usize,
    warnings: usize,
    problems: [ProblemJson; 1],
}

/// Check one target.
fn check(path: &str, text: Result<String, String>, settings: Settings) -> FileResult {
    let full = settings.details;
    let loaded = match text
        .map_err(LoadError::Unreadable)
        .and_then(|text| load_text(path, text, settings.rules))
    {
        Ok(loaded) => loaded,
        Err(LoadError::Unreadable(message)) => return unreadable(message, Some(path), settings),
        Err(LoadError::Syntax {
            text: source,
            profile,
            error,
        }) => {
            let problem = Problem::from(error);
            let text = match settings.format {
                _ if settings.quiet => String::new(),
                Format::Json => {
                    let json = SyntaxJson {
                        file: path,
                        head: head(profile).kind(Kind::Check),
                        verdict: Verdict::Wrong,
                        valid: false,
                        plies: 0,
                        moves: [],
                        errors: 1,
                        warnings: 0,
                        problems: [ProblemJson::from(&problem)],
                    };
                    serde_json::to_string(&json).unwrap_or_default() + "\n"
                }
                Format::Human => {
                    syntax_report(path, &source, profile, &problem, full, settings.color)
                }
            };
            return FileResult {
                text,
                message: None,
                status: Status::Failure,
            };
        }
    };
    let checked = loaded.check();
    let status = if checked.is_correct() {
        Status::Success
    } else {
        Status::Failure
    };
    let text = match settings.format {
        _ if settings.quiet => String::new(),
        Format::Json => {
            let json = FileJson {
                file: path,
                report: CheckReport::from(&checked),
            };
            serde_json::to_string(&json).unwrap_or_default() + "\n"
        }
        Format::Human if full => report(&loaded, &checked, settings.color),
        Format::Human => summary(&loaded, &checked) + "\n",
    };
    FileResult {
        text,
        message: None,
        status,
    }
}

/// The report of text that is not a record (`problem`, from its parse
/// error), as `check` prints it: one line, then with `full` the line
/// quoted, labelled, with code and help. `show`, `export` and `diff` print
/// it in full on standard error.
pub fn syntax_report(
    path: &str,
    source: &str,
    profile: Profile,
    problem: &Problem,
    full: bool,
    color: bool,
) -> String {
    let mut text = format!(
        "{}: invalid ({profile}): line {}:{}: {} [{}]\n",
        Shown::of(path),
        problem.span.map_or(0, |s| s.line),
        problem.span.map_or(0, |s| s.column),
        asalto::text::escape_line(&problem.headline()),
        problem.reason().code()
    );
    if full {
        // The report escapes the name it is given.
        text.push_str(&problem_details(
            shown_name(path),
            source,
            &[],
            Some(problem),
            color,
        ));
    }
    text
}

/// The report of a record, as `check` prints it for one file: the summary
/// line, every note and the problem quoted, the board before the problem.
pub fn report(loaded: &Loaded, checked: &Checked, color: bool) -> String {
    let mut text = summary(loaded, checked);
    text.push('\n');
    // The report escapes the name it is given.
    text.push_str(&problem_details(
        shown_name(&loaded.path),
        &loaded.text,
        &checked.notes,
        checked.problem.as_ref(),
        color,
    ));
    text
}

/// The result of a file that could not be read (or a folder with no
/// records).
fn unreadable(message: String, path: Option<&str>, settings: Settings) -> FileResult {
    let text = match settings.format {
        Format::Json if !settings.quiet => UnjudgedJson::unreadable(
            path.unwrap_or_default(),
            head(settings.rules.unwrap_or(Profile::Codegolf)),
            &message,
        )
        .line(),
        _ => String::new(),
    };
    FileResult {
        text,
        message: Some(message),
        status: Status::Error,
    }
}

/// One line about a record: its verdict under its profile, the captures,
/// or the first problem.
pub fn summary(loaded: &Loaded, checked: &Checked) -> String {
    let name = loaded.name();
    let profile = checked.profile;
    let warned = match checked.notes.len() {
        0 => String::new(),
        1 => " (1 warning)".to_string(),
        n => format!(" ({n} warnings)"),
    };
    let replayed = captures_word(checked.plies.len());
    match (&checked.problem, checked.verdict()) {
        (Some(p), _) => {
            let place = p
                .span
                .map(|s| format!("line {}:{}: ", s.line, s.column))
                .unwrap_or_default();
            format!(
                "{name}: invalid ({profile}): {place}{} [{}]; {replayed} replayed",
                asalto::text::escape_line(&p.headline()),
                p.reason().code()
            )
        }
        (None, Verdict::NoSolution) => format!(
            "{name}: valid ({profile}){warned}: no solution, as the answer says ({})",
            loaded.record.puzzle.position
        ),
        (None, _) => format!(
            "{name}: valid ({profile}){warned}: solved in {replayed}: {}",
            notation(checked)
        ),
    }
}
