//! Every game's checker of `check` written once: a game says how it
//! judges one file and how it words what it found ([`FileCheck`]);
//! [`Checking`] does what every game's checker did the same way before (the
//! verdict, one line or the full report, JSON, nothing under `--quiet`,
//! the line of a file that cannot be read or of a document with no legal
//! game) and hands the batch its [`Checker`].

use asalto_core::json::Head;

use super::args::common::Format;
use super::batch::{Checker, FileResult, UnjudgedJson, Verdict, Worker};
use super::input::{Opened, Shown, shown_name};
use super::out::{Status, error};

/// How the files of a batch are reported, whatever their game.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    /// Human or JSON.
    pub format: Format,
    /// Every problem in full (one file, or `--details`), not one line.
    pub full: bool,
    /// Print nothing: the exit status says it all.
    pub quiet: bool,
    /// Colour the diagnostics.
    pub color: bool,
    /// Format warnings are errors (`--strict`): an empty record too.
    pub strict: bool,
}

impl Output {
    /// Whether the report quotes the lines of a file: the full report
    /// for people (a game reading line by line keeps those lines only
    /// then).
    pub fn quoting(self) -> bool {
        self.full && !self.quiet && self.format == Format::Human
    }
}

/// Why a file was not judged.
#[derive(Debug)]
pub enum Unjudged {
    /// It cannot be read: missing, unreadable, not UTF-8, too large
    /// (exit 2).
    Unreadable(String),
    /// A JSON game document that holds no legal game (exit 1).
    Document(String),
}

impl Unjudged {
    /// Says why on standard error and gives the command's status: 2 for a
    /// file that cannot be read, 1 for a document that holds no legal game.
    pub fn report(self) -> Status {
        match self {
            Unjudged::Unreadable(message) => {
                error(&message);
                Status::Error
            }
            Unjudged::Document(message) => {
                error(&message);
                Status::Failure
            }
        }
    }
}

impl From<String> for Unjudged {
    fn from(message: String) -> Unjudged {
        Unjudged::Unreadable(message)
    }
}

/// How one game judges a file of `check` and words it.
pub trait FileCheck: Sync {
    /// What a thread reuses from file to file (a replayer's buffers).
    type Work: Default + Send;
    /// What judging a file gives (it may borrow the file's bytes).
    type Checked<'b>;

    /// Judge the file at `path`, opened, its first bytes read; `quoting`:
    /// the report will quote its lines (see [`Output::quoting`]).
    fn check<'b>(
        &self,
        work: &mut Self::Work,
        path: &str,
        opened: Opened<'b>,
        quoting: bool,
    ) -> Result<Self::Checked<'b>, Unjudged>;

    /// Whether the file holds a legal game (a right answer).
    fn valid(&self, checked: &Self::Checked<'_>) -> bool;

    /// The file's JSON line, with its newline.
    fn json(&self, path: &str, checked: &Self::Checked<'_>) -> String;

    /// The file's report for people, with its newline: one line, or with
    /// `full` every problem quoted.
    fn human(&self, path: &str, checked: &Self::Checked<'_>, full: bool, color: bool) -> String;

    /// The head of the JSON line of a file that is not judged: the game
    /// and the profile it would have been judged under.
    fn head(&self) -> Head;

    /// Mad Bishops: the side that moves first, in that line.
    fn first(&self) -> Option<&'static str> {
        None
    }
}

/// A game's checker of a batch: its [`FileCheck`] and how the batch
/// reports.
pub struct Checking<F> {
    /// How the game judges a file.
    pub game: F,
    /// How the batch reports.
    pub output: Output,
}

/// Whether the input `opened` is empty: read whole in its first read and
/// nothing but white space (and a byte-order mark) in it.
fn is_empty(opened: &Opened<'_>) -> bool {
    let head = opened.head();
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    opened.is_whole() && head.iter().all(u8::is_ascii_whitespace)
}

/// The reason code of an empty record, in every game.
const EMPTY: &str = "empty";

/// What is said of an empty record, in every game.
const EMPTY_MESSAGE: &str = "the record is empty: it holds no game";

/// What to do about an empty record.
const EMPTY_HELP: &str = "is it the right file? A record holds its game's moves (a saved game, an SGF game tree, a puzzle and its answer)";

/// The JSON line of an empty record, in every game: its name, its
/// verdict, the game's head, and its one problem (a warning, an error
/// under `--strict`).
#[derive(serde::Serialize)]
struct EmptyJson<'a> {
    file: &'a str,
    valid: bool,
    #[serde(flatten)]
    head: Head,
    #[serde(skip_serializing_if = "Option::is_none")]
    first: Option<&'static str>,
    errors: usize,
    warnings: usize,
    diagnostics: [asalto_core::json::DiagnosticJson; 1],
}

impl<F: FileCheck> Checking<F> {
    /// The result of an empty record: a warning (`empty`), an error under
    /// `--strict`, in the same words for every game.
    fn empty(&self, path: &str) -> FileResult {
        use asalto::diagnostics::{Entry, GameReport};
        use asalto_core::Severity;
        let output = self.output;
        let (severity, verdict) = if output.strict {
            (Severity::Error, Verdict::Invalid)
        } else {
            (Severity::Warning, Verdict::Valid)
        };
        let name = Shown::of(path);
        let text = match output.format {
            _ if output.quiet => String::new(),
            Format::Json => {
                let json = EmptyJson {
                    file: path,
                    valid: !output.strict,
                    head: self.game.head(),
                    first: self.game.first(),
                    errors: usize::from(output.strict),
                    warnings: usize::from(!output.strict),
                    diagnostics: [asalto_core::json::DiagnosticJson {
                        severity: if output.strict { "error" } else { "warning" },
                        code: EMPTY,
                        message: EMPTY_MESSAGE.to_string(),
                        label: "nothing here".to_string(),
                        help: Some(EMPTY_HELP.to_string()),
                        line: 1,
                        column: 1,
                        span: asalto_core::json::SpanJson {
                            offset: 0,
                            length: 0,
                        },
                        ply: None,
                        side: None,
                        position_before: None,
                        legal_moves: None,
                    }],
                };
                serde_json::to_string(&json).unwrap_or_default() + "\n"
            }
            Format::Human => {
                let mut text = if output.strict {
                    format!("{name}: invalid: line 1:1: {EMPTY_MESSAGE} [{EMPTY}]\n")
                } else {
                    format!("{name}: valid (1 warning): {EMPTY_MESSAGE} [{EMPTY}]\n")
                };
                if output.full {
                    let mut report = GameReport::new(shown_name(path));
                    report.add(
                        "",
                        Entry {
                            severity,
                            code: EMPTY,
                            message: EMPTY_MESSAGE.to_string(),
                            label: "nothing here".to_string(),
                            help: Some(EMPTY_HELP.to_string()),
                            span: Some(asalto_core::Span::new(0, 0)),
                        },
                    );
                    text.push_str(&report.render(output.color));
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

    /// The result of a file judged.
    fn judged(&self, path: &str, checked: &F::Checked<'_>) -> FileResult {
        let verdict = if self.game.valid(checked) {
            Verdict::Valid
        } else {
            Verdict::Invalid
        };
        let output = self.output;
        let text = match output.format {
            _ if output.quiet => String::new(),
            Format::Json => self.game.json(path, checked),
            Format::Human => self.game.human(path, checked, output.full, output.color),
        };
        FileResult {
            text,
            message: None,
            verdict,
        }
    }

    /// The result of a file not judged.
    fn unjudged(&self, path: Option<&str>, why: Unjudged) -> FileResult {
        let output = self.output;
        let (message, verdict) = match &why {
            Unjudged::Unreadable(message) => (message, Verdict::Unreadable),
            Unjudged::Document(message) => (message, Verdict::Invalid),
        };
        let file = path.unwrap_or_default();
        let text = match output.format {
            _ if output.quiet => String::new(),
            Format::Json => {
                let line = match why {
                    Unjudged::Unreadable(_) => {
                        UnjudgedJson::unreadable(file, self.game.head(), message)
                    }
                    Unjudged::Document(_) => {
                        UnjudgedJson::bad_document(file, self.game.head(), message)
                    }
                };
                UnjudgedJson {
                    first: self.game.first(),
                    ..line
                }
                .line()
            }
            // A document's fault is the file's report; an unreadable
            // file's is said on standard error.
            Format::Human => match why {
                Unjudged::Document(_) => format!("{message}\n"),
                Unjudged::Unreadable(_) => String::new(),
            },
        };
        let message = match why {
            Unjudged::Unreadable(message) => Some(message),
            Unjudged::Document(_) => None,
        };
        FileResult {
            text,
            message,
            verdict,
        }
    }
}

impl<F: FileCheck> Checker for Checking<F> {
    fn worker(&self) -> Worker<'_> {
        let mut work = F::Work::default();
        let quoting = self.output.quoting();
        Box::new(move |path, opened| {
            if is_empty(&opened) {
                return self.empty(path);
            }
            match self.game.check(&mut work, path, opened, quoting) {
                Ok(checked) => self.judged(path, &checked),
                Err(why) => self.unjudged(Some(path), why),
            }
        })
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileResult {
        self.unjudged(path, Unjudged::Unreadable(message))
    }
}
