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

use super::batch::{self, Checker, FileResult, Target, Verdict, Worker};
use super::games;
use super::input::{Failure, Lines, check_lines, display_name};
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
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let format = match args.format {
        CheckFormat::Html => return super::html::check(&args, out),
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let routes = match games::routes(&args.game, &args.files) {
        Ok(routes) => routes,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let games: Vec<GameKind> = routes.iter().map(|(_, r)| r.game.kind()).collect();
    if let Err(message) = super::madbishops::only_for_bishops(&games, &args.bishops.used()) {
        error(&message);
        return Ok(Status::Error);
    }
    let full = routes.len() <= 1 || args.details;
    // One checker per game and profile, in the order first met.
    let mut keys: Vec<(GameKind, games::Rules)> = Vec::new();
    let mut checkers: Vec<Box<dyn Checker + '_>> = Vec::new();
    let mut targets = Vec::with_capacity(routes.len());
    for (path, route) in routes {
        let key = (route.game.kind(), route.rules);
        let checker = match keys.iter().position(|k| *k == key) {
            Some(i) => i,
            None => match route.game.checker(&args, route.rules, full) {
                Ok(checker) => {
                    keys.push(key);
                    checkers.push(checker);
                    checkers.len() - 1
                }
                Err(message) => {
                    error(&message);
                    return Ok(Status::Error);
                }
            },
        };
        targets.push(Target { path, checker });
    }
    let checkers: Vec<&dyn Checker> = checkers.iter().map(|c| &**c).collect();
    let settings = batch::Settings {
        jobs,
        quiet: args.quiet,
        totals: targets.len() > 1 && format == Format::Human,
    };
    batch::run(&targets, &checkers, settings, out)
}

/// Asalto's checker: each file read line by line in a reused buffer.
struct Asalto(Settings);

impl Checker for Asalto {
    fn worker(&self) -> Worker<'_> {
        let mut work = Work::default();
        Box::new(move |path| work.check(path, self.0))
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

/// What a thread reuses from file to file: the read buffer and the
/// replayer's line buffers.
#[derive(Default)]
struct Work {
    buf: Vec<u8>,
    replayer: Option<Replayer>,
}

impl Work {
    fn check(&mut self, path: &str, settings: Settings) -> FileResult {
        match self.replay(path, settings.options) {
            Ok(checked) => report(path, &checked, settings),
            Err(Failure::Unreadable(message)) => unreadable(message, Some(path), settings),
            Err(Failure::Document(message)) => bad_document(message, path, settings),
        }
    }

    /// Replay the file at `path`, line by line; a JSON game document is
    /// read whole and its moves checked as a record.
    fn replay(&mut self, path: &str, options: CheckOptions) -> Result<Checked, Failure> {
        let name = display_name(path);
        let mut replayer = match self.replayer.take() {
            Some(r) => r,
            None => Replayer::new(options, false),
        };
        let result = Lines::open(path, &mut self.buf)
            .map_err(Failure::Unreadable)
            .and_then(|lines| check_lines(lines, &name, &mut replayer));
        let checked = replayer.finish_and_reset();
        self.replayer = Some(replayer);
        result.map(|()| checked)
    }
}

/// The result of a JSON game document that does not hold a legal game.
fn bad_document(message: String, path: &str, settings: Settings) -> FileResult {
    let text = match settings.format {
        _ if settings.quiet => String::new(),
        Format::Json => {
            let object = serde_json::json!({
                "file": path,
                "valid": false,
                "game": asalto::json::GAME,
                "rules": asalto::json::RULES,
                "document_error": message,
            });
            object.to_string() + "\n"
        }
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
            let object = serde_json::json!({
                "file": path.unwrap_or_default(),
                "valid": false,
                "game": asalto::json::GAME,
                "rules": asalto::json::RULES,
                "io_error": message,
            });
            object.to_string() + "\n"
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
            let name = display_name(path);
            let mut text = summary(&name, checked);
            text.push('\n');
            if !checked.problems.is_empty() && settings.full {
                let report = FileReport::new(&name, checked);
                text.push_str(&report.render(settings.color));
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

/// One line about a file: its verdict, the result or the first error.
pub fn summary(name: &str, checked: &Checked) -> String {
    let name = escape_line(name);
    let warned = match checked.warning_count() {
        0 => String::new(),
        1 => " (1 warning)".to_string(),
        n => format!(" ({n} warnings)"),
    };
    let plies = checked.plies();
    let moves = if plies == 1 { "move" } else { "moves" };
    if let Some(e) = checked.errors().next() {
        let more = match checked.error_count() {
            1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        let at = match (e.ply, e.side) {
            (Some(ply), Some(side)) => format!(", move {ply} ({side})"),
            _ => String::new(),
        };
        return format!(
            "{name}: invalid: line {}:{}{at}: {} [{}]{more}; {plies} {moves} replayed",
            e.line,
            e.column,
            escape_line(&e.bare_message()),
            e.reason().code(),
        );
    }
    let result = match checked.outcome() {
        Some(end) => format!("{}, after move {}", end.outcome, end.ply),
        None => format!("unfinished, {} to move", checked.position().turn()),
    };
    format!("{name}: valid{warned}, {plies} {moves}; {result}")
}
