//! The Solitaire Chess paths of the record commands (`check`, `show`,
//! `export`, `diff`): reading a record (a puzzle, then an answer), the rule
//! profile (`--rules`, else the record's `rules:` line, else `codegolf`),
//! and the words of a problem with its place quoted and the board drawn.
//! Each command's path is its own module; the engine (parsing, checking,
//! drawing, every message) is `asalto_solitaire`.

use asalto::diagnostics::{Entry, GameReport};
use asalto_core::{Severity, Span};
use asalto_solitaire::Checked;
use asalto_solitaire::format::{self, Note, ParseError, Record};
use asalto_solitaire::{Position, Problem, Profile, Solver, render};

use super::batch::Checker;
use super::games::{About, GameCli, PageChecker, Rules};
use super::input::{Shown, not_utf8_text, read_at_most};
use super::{Out, Status, WriteError, check as check_cmd, diff as diff_cmd};
use super::{export as export_cmd, show as show_cmd};

pub mod check;
pub mod diff;
pub mod export;
pub mod page;
pub mod show;

/// Solitaire Chess on the command line.
pub struct Solitaire;

/// The profile names, the default first.
const PROFILES: &[&str] = &[Profile::Codegolf.name(), Profile::Thinkfun.name()];

/// The profile `--rules` named (one of [`PROFILES`], as the routing
/// checked); `None` lets each record's `rules:` line decide.
fn profile(rules: Rules) -> Option<Profile> {
    rules.and_then(Profile::from_name)
}

/// A usage error for the `check` options of other games (the same for the
/// text and the HTML report).
fn refuse_others(args: &check_cmd::Args) -> Result<(), String> {
    if args.rebels.is_some() || args.all_variations {
        return Err(
            "--rebels and --all-variations are about Asalto and Go: Solitaire Chess records have neither"
                .into(),
        );
    }
    Ok(())
}

impl GameCli for Solitaire {
    fn about(&self) -> About {
        About {
            kind: asalto_core::GameKind::Solitaire,
            extension: "txt",
            profiles: PROFILES,
        }
    }

    fn checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
        full: bool,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        refuse_others(args)?;
        Ok(Box::new(check::Settings {
            rules: profile(rules),
            format: args.text_format(),
            details: full,
            quiet: args.quiet,
            color: args.color.enabled(),
        }))
    }

    fn show(
        &self,
        args: &show_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = show::Settings {
            rules: profile(rules),
            ply: args.ply,
            format: args.format,
            color: args.draw.color.enabled_on_stderr(),
        };
        show::run(file, settings, out)
    }

    fn export(
        &self,
        args: &export_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = export::Settings {
            rules: profile(rules),
            to: args.to,
            pretty: args.pretty,
            keep_partial: args.keep_partial,
            board_form: args.board_form,
            color: args.color.enabled_on_stderr(),
        };
        export::run(file, settings, out)
    }

    fn page(
        &self,
        args: &export_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        page::export(file, profile(rules), args.ply, out)
    }

    fn page_checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
    ) -> Result<PageChecker<'a>, String> {
        refuse_others(args)?;
        let rules = profile(rules);
        Ok(super::html::pages(move |path, opened| {
            page::entry(path, opened, rules)
        }))
    }

    fn diff(
        &self,
        args: &diff_cmd::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        diff::run(
            paths,
            profile(rules),
            args.format,
            args.draw.color.enabled_on_stderr(),
            out,
        )
    }
}

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
            super::error(&message);
            Err(Status::Error)
        }
        Err(LoadError::Syntax {
            text,
            profile,
            error: e,
        }) => {
            let problem = Problem::from(e);
            super::report(&check::syntax_report(
                path, &text, profile, &problem, true, color,
            ));
            super::error(&format!(
                "{}: not a Solitaire Chess record{after}",
                Shown::of(path)
            ));
            Err(Status::Failure)
        }
    }
}

/// A problem of a record in the words its engine wrote, for the report
/// every game's problems are shown in.
pub fn entry(problem: &Problem) -> Entry {
    Entry {
        severity: Severity::Error,
        code: problem.reason().code(),
        message: problem.headline(),
        label: problem.label(),
        help: problem.help(),
        span: problem.span.map(|s| Span::new(s.start, s.end)),
    }
}

/// A note (something accepted that is not the exact format) as a warning.
pub fn note_entry(note: &Note) -> Entry {
    Entry {
        severity: Severity::Warning,
        code: note.kind.code(),
        message: note.message(),
        label: note.label(),
        help: Some(note.help()),
        span: Some(Span::new(note.span.start, note.span.end)),
    }
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
        report.add(text, note_entry(note));
    }
    if let Some(problem) = problem {
        report.add(text, entry(problem));
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
