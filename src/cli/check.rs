//! `asalto check`: validate record files.
//!
//! Each file is read line by line in a buffer reused from file to file and
//! replayed holding only the current position, so memory stays at the size
//! of the longest line whatever the files' sizes; files are checked on every
//! core and reported in the order given.

use asalto::basic::BasicScore;
use asalto::diagnostics::FileReport;
use asalto::json::CheckJson;
use asalto::replay::{CheckOptions, Checked, Replayer};
use asalto::text::escape_line;

use asalto_core::GameKind;

use super::batch::{self, Checker, FileResult, Target, UnjudgedJson, Verdict, Worker};
use super::games::{self, GameCli};
use super::input;
use super::input::{Failure, Opened, Shown, check_lines, shown_name};
use super::{ColorChoice, Format, Out, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto check game.txt\n  asalto check game.sgf                       (Go: by the extension, or --game go)\n  asalto check --rules seed-2019 kifu/        (every *.sgf in kifu/, under the 2019 assignment's rules)\n  asalto check submissions/*/partida.txt      (one line per file, then totals)\n  asalto check refs/ --format json -j 2       (every *.txt in refs/, as JSON lines)\n  asalto check --game solitaire answer.txt    (a Solitaire Chess puzzle and an answer)\n  asalto check --lenient - < game.txt         (standard input; `Bd-Db` captures allowed)\n";

/// Validate record files: one move per line, by the assignment's rules.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Record files, folders (every `*.txt` inside, by name; for Go every
    /// `*.sgf`) or JSON game documents (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub(super) files: Vec<String>,
    /// Output format: `human`, `json` (one object per file and line), or
    /// `html` (one self-contained page: every file, valid or where it
    /// breaks).
    #[arg(long, value_enum, default_value_t)]
    pub(super) format: CheckFormat,
    /// Treat format warnings (BOM, CRLF, blank lines, spaces, comments) as
    /// errors.
    #[arg(long)]
    pub(super) strict: bool,
    /// Accept captures written with only their first two points (completed,
    /// with a warning), several moves on a line, and skip `FIN` lines.
    #[arg(long)]
    pub(super) lenient: bool,
    /// Also require every rebel move to be a best move of this BASICO score
    /// [possible values: basic-v1, basic-v2].
    #[arg(long, value_name = "SCORE", value_parser = parse_basic)]
    pub(super) rebels: Option<BasicScore>,
    /// With several files, print the full diagnostics of each problem file
    /// too, not just one line.
    #[arg(long)]
    pub(super) details: bool,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t)]
    pub(super) color: ColorChoice,
    /// Files checked in parallel (default: the number of cores). The output
    /// does not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub(super) jobs: Option<usize>,
    /// Print nothing: the exit status says it all.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,
    #[command(flatten)]
    pub(super) game: super::games::GameArgs,
    #[command(flatten)]
    pub(super) bishops: super::madbishops::BishopsArgs,
    /// Go: check every line of the variation tree, not just the main line.
    #[arg(long)]
    pub(super) all_variations: bool,
}

/// The output formats of `check`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum CheckFormat {
    /// Text for people.
    #[default]
    Human,
    /// JSON for scripts.
    Json,
    /// One HTML page for all the files.
    Html,
}

impl Args {
    /// Asalto's replay options.
    pub(super) fn options(&self) -> CheckOptions {
        CheckOptions {
            strict: self.strict,
            lenient: self.lenient,
            rebels: self.rebels,
        }
    }

    /// Files checked at once: `--jobs`, else the number of cores (1 to 256).
    pub(super) fn jobs(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, 256)
    }

    /// The extensions of the records of a folder: those of `--game`'s
    /// records, else every game's.
    pub(super) fn extensions(&self) -> Vec<&'static str> {
        match self.game.game {
            Some(game) => vec![games::cli(game).extension()],
            None => games::extensions(),
        }
    }

    /// The format of each file's own report: `html` is one page over the
    /// whole batch, written before any game's checker runs, so a checker
    /// only ever sees `human` or `json`.
    pub(super) fn text_format(&self) -> Format {
        match self.format {
            CheckFormat::Json => Format::Json,
            CheckFormat::Human | CheckFormat::Html => Format::Human,
        }
    }
}

/// Parse `basic-v1` / `basic-v2`.
pub fn parse_basic(s: &str) -> Result<BasicScore, String> {
    BasicScore::from_name(s).ok_or_else(|| format!("`{s}`: expected basic-v1 or basic-v2"))
}

/// How each file is reported.
#[derive(Clone, Copy)]
struct Settings {
    options: CheckOptions,
    format: Format,
    full: bool,
    color: bool,
    quiet: bool,
}

/// Run `check`: each file judged by its own game (`--game`, else its
/// extension, else its content), in one batch.
pub fn run(mut args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let format = match args.format {
        CheckFormat::Html => return super::html::check(&args, out),
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
    };
    // The paths move into the batch, not copied: a copy of 10,000 paths is
    // work done before the threads start.
    let files = std::mem::take(&mut args.files);
    let extensions = args.extensions();
    let make = |game: &'static dyn GameCli, rules, full| game.checker(&args, rules, full);
    match plan(&args, files, &extensions, format, &make) {
        Ok((targets, checkers, settings)) => {
            let checkers: Vec<&dyn Checker> = checkers.iter().map(|c| &**c).collect();
            let status = batch::run(&targets, &checkers, settings, out);
            // The process ends after the batch: the paths are left to it
            // rather than freed one by one (10,000 frees, on one thread,
            // after the last file is checked).
            std::mem::forget(targets);
            status
        }
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}

/// How the batch's checker of a game is made under a profile (`None`: the
/// game's default); `full`: each problem file reported in full. `R` is what
/// a file gives: its report, or its entry on the page.
pub(super) type Make<'a, R> = dyn Fn(&'static dyn GameCli, games::Rules, bool) -> Result<Box<dyn Checker<R> + 'a>, String>
    + 'a;

/// The batch of `args` ready to run, or a usage error: its `files` (the
/// paths of `args`, taken out of it), each
/// game's checker (made by `make`) and how it runs. Each file is opened
/// and read once: with `--game`, every file that game's; else each file's
/// game told from the first bytes its check reads.
///
/// Where the arguments depend on the batch's games (`--rules` must name
/// the profile of a game of the batch, and names the game of a file that
/// looks like no game's; `--first` needs a Mad Bishops record; an option
/// a game refuses, such as `--lenient` for Mad Bishops records, is refused
/// only when such a record is in the batch), the batch holds its results
/// until it has met the games that decide: the usage error, if any, comes
/// with nothing printed, as if the games had been told before any file
/// was checked.
///
/// Arguments are not looked at before they are read (a look by name costs
/// as much as the opening on small files): one found to be a folder when
/// it is read stands for its records (`extensions`) where it stands. Only
/// a single argument is looked at first, as its being a folder decides
/// how its files are reported (one file in full, several in one line each
/// and the totals).
pub(super) fn plan<'a, R>(
    args: &'a Args,
    files: Vec<String>,
    extensions: &'a [&'a str],
    format: Format,
    make: &Make<'a, R>,
) -> Result<Ready<'a, R>, String> {
    let used = args.bishops.used();
    let asked = match args.game.game {
        Some(_) => Some(games::route(&args.game, &[])?),
        None => None,
    };
    if let Some(route) = asked {
        super::madbishops::only_for_bishops(&[route.game.kind()], &used)?;
    }
    let files: Vec<Result<String, String>> = match files.as_slice() {
        [_] => input::expand_folders(&files, extensions),
        _ => files.into_iter().map(Ok).collect(),
    };
    let full = files.len() <= 1 || args.details;
    let mut settings = batch::Settings {
        jobs: args.jobs(),
        quiet: args.quiet,
        totals: files.len() > 1 && format == Format::Human,
        by_content: None,
        default: GameKind::Asalto,
        gate: None,
        folders: Some(extensions),
    };
    let (checkers, checker) = match asked {
        Some(route) => {
            settings.default = route.game.kind();
            (vec![make(route.game, route.rules, full)?], Some(0))
        }
        None => {
            let rules = args.game.rules.as_deref();
            // The game whose profile `--rules` names: its files are read
            // under it, and so is a file that looks like no game's.
            let owner = games::owner(rules);
            let mut checkers = Vec::with_capacity(games::GAMES.len());
            let mut by_kind = [None; GameKind::ALL.len()];
            let mut refusals: [Option<String>; GameKind::ALL.len()] = Default::default();
            // `GAMES` is in the order of `GameKind::ALL`.
            for (i, game) in games::GAMES.into_iter().enumerate() {
                let profile = match owner {
                    Some(owner) if owner.kind() == game.kind() => games::profile(game, rules)?,
                    _ => None,
                };
                match make(game, profile, full) {
                    Ok(checker) => {
                        by_kind[i] = Some(checkers.len());
                        checkers.push(checker);
                    }
                    Err(message) => refusals[i] = Some(message),
                }
            }
            let default = owner.unwrap_or(games::GAMES[0]).kind();
            settings.by_content = Some(by_kind);
            settings.default = default;
            if rules.is_some() || !used.is_empty() || refusals.iter().any(Option::is_some) {
                let owner = owner.map(|o| o.kind());
                settings.gate = Some(Box::new(move |met: &[GameKind], finished: bool| {
                    gate(met, finished, (rules, owner, default), &used, &refusals)
                }));
            }
            (checkers, None)
        }
    };
    let targets: Vec<Target> = files
        .into_iter()
        .map(|path| Target { path, checker })
        .collect();
    Ok((targets, checkers, settings))
}

/// The usage error of a batch whose files are of the games `met` (each
/// once, in the order first met), if any, as it was told before any file
/// was read; `None` while it cannot be told (not every file is met). In
/// this order: `--rules` names no profile of a game of the batch (the
/// message of its first game, `default` for none; `owner`: the game whose
/// profile it is); options only Mad Bishops reads (`used`) and no Mad
/// Bishops record; a game of the batch refuses the arguments (the first
/// met; `refusals` by game).
fn gate(
    met: &[GameKind],
    finished: bool,
    (rules, owner, default): (Option<&str>, Option<GameKind>, GameKind),
    used: &[&str],
    refusals: &[Option<String>],
) -> Option<Result<(), String>> {
    if let Some(rules) = rules {
        if !owner.is_some_and(|o| met.contains(&o)) {
            if !finished {
                return None;
            }
            let first = games::cli(met.first().copied().unwrap_or(default));
            if let Err(message) = games::profile(first, Some(rules)) {
                return Some(Err(message));
            }
        }
    }
    if let Err(message) = super::madbishops::only_for_bishops(met, used) {
        return finished.then_some(Err(message));
    }
    if let Some(message) = met.iter().find_map(|g| refusals[*g as usize].clone()) {
        return Some(Err(message));
    }
    if !finished && refusals.iter().any(Option::is_some) {
        return None;
    }
    Some(Ok(()))
}

/// A batch ready to run: its files, the checkers, how it runs.
type Ready<'a, R> = (
    Vec<Target>,
    Vec<Box<dyn Checker<R> + 'a>>,
    batch::Settings<'a>,
);

/// Asalto's checker: each file read line by line in a reused buffer.
struct Asalto(Settings);

impl Checker for Asalto {
    fn worker(&self) -> Worker<'_> {
        let mut work = Work::default();
        Box::new(move |path, opened| work.check(path, opened, self.0))
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileResult {
        unreadable(message, path, self.0)
    }
}

/// The checker of Asalto records, for `--rules assignment-2018-19`.
pub(super) fn asalto_checker(args: &Args, full: bool) -> Box<dyn Checker + '_> {
    Box::new(Asalto(Settings {
        options: args.options(),
        format: args.text_format(),
        full,
        color: args.color.enabled(),
        quiet: args.quiet,
    }))
}

/// What a thread reuses from file to file: the replayer's line buffers
/// (the read buffer is the batch's).
#[derive(Default)]
struct Work {
    replayer: Option<Replayer>,
}

impl Work {
    fn check(&mut self, path: &str, opened: Opened<'_>, settings: Settings) -> FileResult {
        match self.replay(path, opened, settings.options) {
            Ok(checked) => report(path, &checked, settings),
            Err(Failure::Unreadable(message)) => unreadable(message, Some(path), settings),
            Err(Failure::Document(message)) => bad_document(message, path, settings),
        }
    }

    /// Replay the file at `path` (opened), line by line; a JSON game
    /// document is read whole and its moves checked as a record.
    fn replay(
        &mut self,
        path: &str,
        opened: Opened<'_>,
        options: CheckOptions,
    ) -> Result<Checked, Failure> {
        let mut replayer = match self.replayer.take() {
            Some(r) => r,
            None => Replayer::new(options, false),
        };
        let result = check_lines(opened.lines(), Shown::of(path), &mut replayer);
        let checked = replayer.finish_and_reset();
        self.replayer = Some(replayer);
        result.map(|()| checked)
    }
}

/// The result of a JSON game document that does not hold a legal game.
fn bad_document(message: String, path: &str, settings: Settings) -> FileResult {
    let text = match settings.format {
        _ if settings.quiet => String::new(),
        Format::Json => UnjudgedJson::bad_document(path, asalto::json::HEAD, &message).line(),
        Format::Human => format!("{message}\n"),
    };
    FileResult {
        text,
        message: None,
        verdict: Verdict::Invalid,
    }
}

/// The result of a file that could not be read (or a folder with no
/// records).
fn unreadable(message: String, path: Option<&str>, settings: Settings) -> FileResult {
    let text = match (settings.format, path) {
        (Format::Json, path) => {
            UnjudgedJson::unreadable(path.unwrap_or_default(), asalto::json::HEAD, &message).line()
        }
        (Format::Human, _) => String::new(),
    };
    FileResult {
        text,
        message: Some(message),
        verdict: Verdict::Unreadable,
    }
}

/// The output for one checked file.
fn report(path: &str, checked: &Checked, settings: Settings) -> FileResult {
    let verdict = if checked.is_valid() {
        Verdict::Valid
    } else {
        Verdict::Invalid
    };
    if settings.quiet {
        return FileResult {
            text: String::new(),
            message: None,
            verdict,
        };
    }
    let text = match settings.format {
        Format::Json => {
            let json = CheckJson::new(path, checked);
            serde_json::to_string(&json).unwrap_or_default() + "\n"
        }
        Format::Human => {
            let name = shown_name(path);
            let mut text = String::with_capacity(SUMMARY_CAPACITY + name.len());
            summary_into(&mut text, name, checked);
            text.push('\n');
            if !checked.problems.is_empty() && settings.full {
                text.push_str(&FileReport::new(name, checked).render(settings.color));
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
