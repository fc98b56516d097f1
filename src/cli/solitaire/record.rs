//! Reading a Solitaire Chess record (a puzzle, then an answer) for every
//! command, the profile it is judged under (`--rules`, else the record's
//! `rules:` line, else `codegolf`), and the words of a problem with its
//! place quoted and the board drawn.

use asalto::diagnostics::{Entry, GameReport};
use asalto_solitaire::Checked;
use asalto_solitaire::format::{self, Note, ParseError, Record};
use asalto_solitaire::{Position, Problem, Profile, Solver, render};

use super::super::input::{Shown, not_utf8_text, read_at_most, shown_name};
use super::super::out::{Status, error, report};

/// The largest record read: a record is a puzzle and at most fifteen
/// captures, so even with comments a few kilobytes; this bounds memory on
/// hostile input.
pub const MAX_FILE: u64 = 1 << 20;

/// Why a record cannot be used.
pub enum LoadError {
    /// It cannot be read: missing, too large, not UTF-8 (status 2).
    Unreadable(String),
    /// Its text is not a record (status 1: an invalid record).
    Syntax {
        /// Its text (for quoting).
        text: String,
        /// The profile it would have been judged under.
        profile: Profile,
        /// The error.
        error: ParseError,
    },
}

/// A record read and parsed.
pub struct Loaded {
    /// The file's path as given (`-`: standard input).
    pub path: String,
    /// The whole text (for quoting).
    pub text: String,
    /// The record.
    pub record: Record,
    /// The profile it is judged under.
    pub profile: Profile,
}

impl Loaded {
    /// The file's name as messages show it (`<stdin>` for `-`, escaped
    /// once, here).
    pub fn name(&self) -> Shown<'_> {
        Shown::of(&self.path)
    }

    /// Check the record's answer (a record without one gets `no-answer`).
    pub fn check(&self) -> Checked {
        asalto_solitaire::check::check_record(&self.record, &mut Solver::new(self.profile))
    }
}

/// Read the file at `path` (`-`: standard input), at most [`MAX_FILE`]
/// bytes, as UTF-8.
pub fn read_text(path: &str) -> Result<String, String> {
    text_of(path, read_at_most(path, MAX_FILE)?)
}

/// The bytes of the record at `path` (read up to [`MAX_FILE`] + 1) as
/// UTF-8 text, or why not: too large, not UTF-8 (where).
pub fn text_of(path: &str, bytes: Vec<u8>) -> Result<String, String> {
    let name = Shown::of(path);
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "cannot read {name}: larger than {} KiB, too large for a Solitaire Chess record",
            MAX_FILE >> 10
        ));
    }
    String::from_utf8(bytes).map_err(|e| not_utf8_text(path, e.as_bytes(), e.utf8_error()))
}

/// Read and parse the record at `path`; `rules` (from `--rules`) overrides
/// the record's `rules:` line.
pub fn load(path: &str, rules: Option<Profile>) -> Result<Loaded, LoadError> {
    let text = read_text(path).map_err(LoadError::Unreadable)?;
    load_text(path, text, rules)
}

/// Parse the `text` of the record at `path`, as [`load`].
pub fn load_text(path: &str, text: String, rules: Option<Profile>) -> Result<Loaded, LoadError> {
    match format::parse_record(&text) {
        Ok(record) => {
            let profile = rules.unwrap_or(record.profile_or(Profile::Codegolf));
            Ok(Loaded {
                path: path.to_string(),
                text,
                record,
                profile,
            })
        }
        Err(error) => Err(LoadError::Syntax {
            text,
            profile: rules.unwrap_or(Profile::Codegolf),
            error,
        }),
    }
}

/// [`load`] for a command that needs a record to work on (`show`,
/// `export`, `diff`): a file that cannot be read is reported here, and
/// text that is not a record gets `check`'s full report on standard
/// error (`color` colours it), then a line that ends with `after` (as
/// `; nothing exported`); the command's status comes back (2, or 1 for
/// text that is not a record).
pub fn load_or_refuse(
    path: &str,
    rules: Option<Profile>,
    after: &str,
    color: bool,
) -> Result<Loaded, Status> {
    match load(path, rules) {
        Ok(loaded) => Ok(loaded),
        Err(LoadError::Unreadable(message)) => {
            error(&message);
            Err(Status::Error)
        }
        Err(LoadError::Syntax {
            text,
            profile,
            error: e,
        }) => {
            let problem = Problem::from(e);
            report(&syntax_report(path, &text, profile, &problem, true, color));
            error(&format!(
                "{}: not a Solitaire Chess record{after}",
                Shown::of(path)
            ));
            Err(Status::Failure)
        }
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

/// The report of a record's notes and problem (`name` is printable
/// already), as every game's problems are shown, then the board before
/// the capture the problem is about.
pub fn problem_details(
    name: &str,
    text: &str,
    notes: &[Note],
    problem: Option<&Problem>,
    color: bool,
) -> String {
    let mut report = GameReport::new(name);
    for note in notes {
        report.add(text, Entry::of_solitaire_note(note));
    }
    if let Some(problem) = problem {
        report.add(text, Entry::of_solitaire(problem));
    }
    let mut out = if report.is_empty() {
        String::new()
    } else {
        report.render(color)
    };
    let Some(before) = problem.and_then(|p| p.before.map(|b| (p, b))) else {
        return out;
    };
    let (problem, before) = before;
    let when = match (problem.reason().code(), problem.ply) {
        ("pieces-left", Some(n)) => format!("after capture {n}"),
        (_, Some(n)) => format!("before capture {n}"),
        (_, None) => "of the puzzle".to_string(),
    };
    out.push_str(&format!("\nThe board {when} ({before}):\n"));
    out.push_str(&indent(&render::ascii(&before, None)));
    out
}

/// `text` with every line indented by two spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// "1 capture", "3 captures".
pub fn captures_word(n: usize) -> String {
    format!("{n} capture{}", if n == 1 { "" } else { "s" })
}

/// The notation of the legal captures of `checked`: `Nd1xb2 Ra2xb2`.
pub fn notation(checked: &Checked) -> String {
    asalto_solitaire::problem::captures_text(&checked.puzzle, &checked.captures())
}

/// The board after `ply` legal captures of `checked` (0: the puzzle).
pub fn position_at(checked: &Checked, ply: usize) -> Position {
    match ply {
        0 => checked.puzzle,
        n => checked.plies.get(n - 1).map_or(checked.puzzle, |p| p.after),
    }
}

/// The number of puzzles of `text` when it is a collection of puzzles
/// (what `solve` and `grade` read: a puzzle per line or per four lines),
/// not a record: two puzzles or more, every one read, and not boards that
/// each lose one piece (an answer written as boards, right or wrong, is a
/// record's).
pub fn collection(text: &str) -> Option<usize> {
    let set = asalto_solitaire::format::parse_puzzle_set(text);
    let pieces: Vec<usize> = set
        .iter()
        .map(|p| p.as_ref().ok().map(|p| p.position.len()))
        .collect::<Option<_>>()?;
    let answer = pieces.windows(2).all(|w| w[1] + 1 == w[0]);
    (pieces.len() >= 2 && !answer).then_some(pieces.len())
}
