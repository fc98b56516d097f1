//! `asalto check`: validate record files.

use asalto::basic::BasicScore;
use asalto::diagnostics::FileReport;
use asalto::json::CheckJson;
use asalto::replay::{CheckOptions, Checked, check};

use super::{ColorChoice, Format, Out, Status, WriteError, error, read_input};

/// Validate record files: one move per line, by the assignment's rules.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files to check (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Output format: `human`, or `json` (one object per file and line).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Treat format warnings (BOM, CRLF, blank lines, spaces, comments) as
    /// errors.
    #[arg(long)]
    strict: bool,
    /// Accept captures written with only their first two points (completed,
    /// with a warning).
    #[arg(long)]
    lenient: bool,
    /// Also require every rebel move to be a best move of this BASICO score.
    #[arg(long, value_name = "SCORE", value_parser = parse_basic)]
    rebels: Option<BasicScore>,
    /// With several files, print the full diagnostics of each problem file
    /// too, not just one line.
    #[arg(long)]
    details: bool,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t)]
    color: ColorChoice,
}

/// Parse `basic-v1` / `basic-v2`.
pub fn parse_basic(s: &str) -> Result<BasicScore, String> {
    BasicScore::from_name(s).ok_or_else(|| format!("`{s}`: expected basic-v1 or basic-v2"))
}

/// Run `check`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let options = CheckOptions {
        strict: args.strict,
        lenient: args.lenient,
        rebels: args.rebels,
    };
    let color = args.color.enabled();
    let batch = args.files.len() > 1;
    let mut status = Status::Success;
    let (mut valid, mut invalid, mut unreadable) = (0, 0, 0);
    for path in &args.files {
        let input = match read_input(path) {
            Ok(input) => input,
            Err(message) => {
                unreadable += 1;
                status = status.worst(Status::Error);
                error(&message);
                if args.format == Format::Json {
                    let object = serde_json::json!({
                        "file": path, "valid": false, "io_error": message,
                    });
                    out.line(&object.to_string())?;
                }
                continue;
            }
        };
        let checked = check(&input.text, options);
        if checked.is_valid() {
            valid += 1;
        } else {
            invalid += 1;
            status = status.worst(Status::Failure);
        }
        match args.format {
            Format::Json => {
                let json = CheckJson::new(if path == "-" { "-" } else { path }, &checked);
                out.line(&serde_json::to_string(&json).unwrap_or_default())?;
            }
            Format::Human => {
                out.line(&summary(&input.name, &checked))?;
                if !checked.problems.is_empty() && (!batch || args.details) {
                    let report = FileReport::new(&input.name, &input.text, &checked);
                    out.write(&report.render(color))?;
                }
            }
        }
    }
    if batch && args.format == Format::Human {
        let mut line = format!(
            "{} files: {valid} valid, {invalid} invalid",
            args.files.len()
        );
        if unreadable > 0 {
            line.push_str(&format!(", {unreadable} unreadable"));
        }
        out.line(&line)?;
    }
    Ok(status)
}

/// One line about a file: its verdict, the result or the first error.
pub fn summary(name: &str, checked: &Checked) -> String {
    let warnings = checked.warnings().count();
    let warned = match warnings {
        0 => String::new(),
        1 => " (1 warning)".to_string(),
        n => format!(" ({n} warnings)"),
    };
    let plies = checked.game.plies.len();
    let moves = if plies == 1 { "move" } else { "moves" };
    if let Some(e) = checked.errors().next() {
        let more = match checked.errors().count() {
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
            strip_move_prefix(&e.message),
            e.reason.code(),
        );
    }
    let result = match checked.game.outcome() {
        Some(end) => format!("{}, after move {}", end.outcome, end.ply),
        None => format!("unfinished, {} to move", checked.game.position().turn()),
    };
    format!("{name}: valid{warned}, {plies} {moves}; {result}")
}

/// Problems about a move start with `move N (side): `; the summary line
/// already says that.
fn strip_move_prefix(message: &str) -> &str {
    match message.split_once("): ") {
        Some((head, rest)) if head.starts_with("move ") => rest,
        _ => message,
    }
}
