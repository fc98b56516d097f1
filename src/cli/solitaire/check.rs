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

use super::super::checking::{FileCheck, Unjudged};
use super::super::input::{Opened, Shown, cannot_read, shown_name};
use super::record::{
    LoadError, Loaded, MAX_FILE, captures_word, collection, load_text, notation, problem_details,
    syntax_report, text_of,
};

/// How the records are checked: the profile `--rules` names (else each
/// record's, else `codegolf`).
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The profile `--rules` names.
    pub rules: Option<Profile>,
}

/// A file judged: a record and its check, or a text that is not a record.
pub enum Judged {
    /// A record, checked.
    Record(Box<(Loaded, Checked)>),
    /// A collection of puzzles (what `solve` reads), not a record: how
    /// many, and the profile.
    Collection {
        /// The puzzles in it.
        puzzles: usize,
        /// The profile.
        profile: Profile,
    },
    /// Not a record: its text, the profile it would be judged under, and
    /// why.
    Syntax {
        /// The text (for quoting).
        text: String,
        /// The profile.
        profile: Profile,
        /// The problem, from the parse error.
        problem: Problem,
    },
}

impl FileCheck for Check {
    type Work = ();
    type Checked<'b> = Judged;

    fn check(
        &self,
        _work: &mut (),
        path: &str,
        mut opened: Opened<'_>,
        _quoting: bool,
    ) -> Result<Judged, Unjudged> {
        let text = match opened.whole(MAX_FILE) {
            Ok(bytes) => text_of(path, bytes.to_vec())?,
            Err(e) => return Err(Unjudged::Unreadable(cannot_read(&Shown::of(path), &e))),
        };
        let judged = match load_text(path, text, self.rules) {
            Ok(loaded) => {
                let checked = loaded.check();
                Judged::Record(Box::new((loaded, checked)))
            }
            Err(LoadError::Unreadable(message)) => return Err(Unjudged::Unreadable(message)),
            Err(LoadError::Syntax {
                text,
                profile,
                error,
            }) => Judged::Syntax {
                text,
                profile,
                problem: Problem::from(error),
            },
        };
        // A record that is not one may be a collection of puzzles.
        let (text, profile) = match &judged {
            Judged::Record(record) if !record.1.is_correct() => (&record.0.text, record.1.profile),
            Judged::Syntax { text, profile, .. } => (text, *profile),
            _ => return Ok(judged),
        };
        Ok(match collection(text) {
            Some(puzzles) => Judged::Collection { puzzles, profile },
            None => judged,
        })
    }

    fn valid(&self, judged: &Judged) -> bool {
        match judged {
            Judged::Record(record) => record.1.is_correct(),
            Judged::Collection { .. } => true,
            Judged::Syntax { .. } => false,
        }
    }

    fn json(&self, path: &str, judged: &Judged) -> String {
        let json = match judged {
            Judged::Record(record) => serde_json::to_string(&FileJson {
                file: path,
                report: CheckReport::from(&record.1),
            }),
            Judged::Collection { puzzles, profile } => serde_json::to_string(&CollectionJson {
                file: path,
                head: head(*profile).kind(Kind::Check),
                valid: true,
                collection: "puzzles",
                puzzles: *puzzles,
            }),
            Judged::Syntax {
                profile, problem, ..
            } => serde_json::to_string(&SyntaxJson {
                file: path,
                head: head(*profile).kind(Kind::Check),
                verdict: Verdict::Wrong,
                valid: false,
                plies: 0,
                moves: [],
                errors: 1,
                warnings: 0,
                problems: [ProblemJson::from(problem)],
            }),
        };
        json.unwrap_or_default() + "\n"
    }

    fn human(&self, path: &str, judged: &Judged, full: bool, color: bool) -> String {
        match judged {
            Judged::Record(record) if full => report(&record.0, &record.1, color),
            Judged::Record(record) => summary(&record.0, &record.1) + "\n",
            Judged::Collection { puzzles, profile } => format!(
                "{}: a collection of {puzzles} puzzles ({profile}), not a record: `asalto solve {}` solves them\n",
                Shown::of(path),
                Shown::of(path)
            ),
            Judged::Syntax {
                text,
                profile,
                problem,
            } => syntax_report(path, text, *profile, problem, full, color),
        }
    }

    fn head(&self) -> Head {
        head(self.rules.unwrap_or(Profile::Codegolf)).kind(Kind::Check)
    }
}

/// A record's JSON report: the engine's check document with the file.
#[derive(Serialize)]
struct FileJson<'a> {
    file: &'a str,
    #[serde(flatten)]
    report: CheckReport,
}

/// A collection of puzzles, in JSON.
#[derive(Serialize)]
struct CollectionJson<'a> {
    file: &'a str,
    #[serde(flatten)]
    head: Head,
    valid: bool,
    /// What the file holds: `puzzles`.
    collection: &'static str,
    puzzles: usize,
}

/// A record that is not one, in JSON.
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
