//! `asalto solve`: solve and count Solitaire Chess puzzles, given on the
//! command line or in files (one puzzle per line or per four lines), in
//! every input form of the programming challenge.

use std::ops::ControlFlow;

use asalto_core::json::{Head, Kind};
use asalto_solitaire::format::{self, ParseError, Puzzle, write};
use asalto_solitaire::json::{self, CaptureJson, ProblemJson, SolveReport, captures_json, head};
use asalto_solitaire::{Interrupted, Position, Problem, Profile, Solver, render};
use serde::Serialize;

use super::input::read_bytes_within;
use super::{Format, Out, Status, WriteError, error, utf8_input};

/// The largest puzzle set `solve` reads: about a million puzzles.
const MAX_PUZZLE_SET: u64 = 16 << 20;

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:
  asalto solve '.....B..RP.....N'
  asalto solve --count 'P....R..R.R..R..' --rules thinkfun
  asalto solve --all --count puzzles.txt
  asalto solve --format json '[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]]'
  asalto generate --game solitaire --count 5 --seed 7 | asalto solve --count -

Exit status: 0 every puzzle has a solution; 1 some puzzle has none, or the
node limit stopped its search; 2 a puzzle or file cannot be read (the other
puzzles are still solved) or bad usage.
";

/// The default `--node-limit`: 10^8 positions. Puzzles of up to 13 pieces
/// need at most hundreds of thousands; the hardest 14-piece puzzles need
/// about this many (minutes: see the crate's README), so a default that
/// stops them would refuse real puzzles, and one that never stops would let
/// a huge input run for ever.
const DEFAULT_NODE_LIMIT: u64 = 100_000_000;

/// Solve Solitaire Chess puzzles: one solution (as moves and the board
/// after each capture), the number of solutions, or all of them.
///
/// Each INPUT is a puzzle (a 16-character string, a list of lists of
/// letters or numbers, or a list of `[x, y, 'c']`), or a file of puzzles,
/// one per line or per four lines (`#` comment lines skipped); `-` reads
/// standard input. An INPUT that names an existing file is read as a file.
/// A bad puzzle is reported with its place and reason, and the others are
/// still solved.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Puzzles or files of puzzles (`-`: standard input).
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
    /// The pawn rule: `codegolf` (diagonally in any direction) or
    /// `thinkfun` (diagonally upwards). Default: the file's `rules:` line,
    /// else `codegolf`.
    #[arg(long, value_parser = parse_profile)]
    rules: Option<Profile>,
    /// Print the number of solutions of each puzzle (alone, unless `--all`).
    #[arg(long)]
    count: bool,
    /// Print every solution, in canonical order (with their number).
    #[arg(long)]
    all: bool,
    /// With `--all`: list at most this many solutions per puzzle.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_solutions: usize,
    /// Positions one search may visit before it gives up (0: no limit);
    /// a puzzle of 14 pieces can take 10^8 positions and minutes.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_LIMIT)]
    node_limit: u64,
    /// Also draw the board after each capture.
    #[arg(long)]
    draw: bool,
    /// Output format (`json`: one JSON document per puzzle, one per line).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// A profile name, for clap.
pub(super) fn parse_profile(name: &str) -> Result<Profile, String> {
    Profile::from_name(name).ok_or_else(|| {
        format!(
            "unknown rules `{name}` (expected {})",
            Profile::ALL.map(Profile::name).join(" or ")
        )
    })
}

/// Where a puzzle came from, for messages and JSON.
#[derive(Clone, Debug, Serialize)]
struct Source {
    /// The file (`<stdin>`), or `argument N` for the Nth INPUT, a puzzle
    /// written on the command line.
    name: String,
    /// The line it starts on, in a file.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

impl Source {
    fn label(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.name),
            None => self.name.clone(),
        }
    }
}

/// One puzzle of the input, read or not.
struct Item {
    source: Source,
    profile: Profile,
    puzzle: Result<Puzzle, ParseError>,
}

/// Run `solve`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let mut status = Status::Success;
    for (i, input) in args.inputs.iter().enumerate() {
        let items = match read_items(input, i + 1, args.rules) {
            Ok(items) => items,
            Err(message) => {
                error(&message);
                status = status.worst(Status::Error);
                continue;
            }
        };
        for item in items {
            status = status.worst(solve_item(&args, item, out)?);
        }
    }
    Ok(status)
}

/// The puzzles of one INPUT: a file (or `-`), or a puzzle written on the
/// command line.
fn read_items(input: &str, index: usize, rules: Option<Profile>) -> Result<Vec<Item>, String> {
    let is_file = input == "-" || std::path::Path::new(input).is_file();
    if !is_file {
        let name = asalto::text::escape_line(input).into_owned();
        let puzzle = format::parse_puzzle(input);
        if let Err(e) = &puzzle {
            if std::path::Path::new(input).exists() {
                return Err(format!("{name}: not a file"));
            }
            if !input.contains(['K', 'Q', 'R', 'B', 'N', 'P', '[', '(']) {
                let problem = Problem::from(e.clone());
                return Err(format!(
                    "{name}: no such file, and not a puzzle: {} [{}]",
                    problem.message(),
                    problem.reason().code()
                ));
            }
        }
        return Ok(vec![Item {
            source: Source {
                name: format!("argument {index}"),
                line: None,
            },
            profile: rules.unwrap_or(Profile::Codegolf),
            puzzle,
        }]);
    }
    // Bounded: every puzzle of a set is held, parsed, with its answer
    // (about 15 bytes of memory a byte of input); unbounded, a 300 MB pipe
    // of puzzles took 4.6 GB.
    let file = utf8_input(input, read_bytes_within(input, MAX_PUZZLE_SET)?)?;
    let name = asalto::text::escape_line(&file.name).into_owned();
    let (header, text) = rules_header(&file.text);
    let rules = rules.or(header);
    let set = format::parse_puzzle_set(&text);
    // A puzzle record (a list over several lines) is not a puzzle set, but
    // holds one puzzle. One with an answer is left alone: its answer lines
    // may be read as puzzles of a set.
    if set.iter().any(Result::is_err)
        && let Ok(record) = format::parse_record(&file.text)
        && record.answer.is_none()
    {
        let line = record.puzzle.span.line;
        return Ok(vec![Item {
            source: Source {
                name,
                line: Some(line),
            },
            profile: rules.unwrap_or(record.profile_or(Profile::Codegolf)),
            puzzle: Ok(record.puzzle),
        }]);
    }
    if set.is_empty() {
        return Err(format!("{name}: no puzzle in it"));
    }
    Ok(set
        .into_iter()
        .map(|puzzle| {
            let line = match &puzzle {
                Ok(p) => p.span.line,
                Err(e) => e.span.line,
            };
            Item {
                source: Source {
                    name: name.clone(),
                    line: Some(line),
                },
                profile: rules.unwrap_or(Profile::Codegolf),
                puzzle,
            }
        })
        .collect())
}

/// A `rules: <profile>` line before the first puzzle of a file: the
/// profile, and the text with that line made a comment (so that lines keep
/// their numbers).
fn rules_header(text: &str) -> (Option<Profile>, std::borrow::Cow<'_, str>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            offset += line.len();
            continue;
        }
        if let Some(name) = trimmed.strip_prefix("rules:")
            && let Some(profile) = Profile::from_name(name.trim())
        {
            let mut owned = text.to_string();
            owned.insert(offset, '#');
            return (Some(profile), owned.into());
        }
        break;
    }
    (None, text.into())
}

/// A bad puzzle in JSON.
#[derive(Serialize)]
struct ErrorJson {
    #[serde(flatten)]
    head: Head,
    input: Source,
    /// Its one problem, as a check lists problems.
    problems: [ProblemJson; 1],
}

/// A search stopped by the node limit, in JSON.
#[derive(Serialize)]
struct InterruptedJson {
    #[serde(flatten)]
    head: Head,
    input: Source,
    puzzle: Position,
    pieces: usize,
    interrupted: InterruptedInfo,
}

#[derive(Serialize)]
struct InterruptedInfo {
    node_limit: u64,
}

/// A solved puzzle in JSON: the engine's report and where it came from.
#[derive(Serialize)]
struct ReportJson {
    #[serde(flatten)]
    report: SolveReport,
    input: Source,
}

/// Write one JSON document on its own line.
fn json_line(out: &mut Out, value: &impl Serialize) -> Result<(), WriteError> {
    serde_json::to_writer(out.writer(), value).map_err(|e| WriteError::from_json(&e))?;
    out.line("")
}

/// Solve one puzzle and print the answer; its status.
fn solve_item(args: &Args, item: Item, out: &mut Out) -> Result<Status, WriteError> {
    let Item {
        source,
        profile,
        puzzle,
    } = item;
    let puzzle = match puzzle {
        Ok(p) => p,
        Err(e) => {
            let problem = Problem::from(e);
            if args.format == Format::Json {
                json_line(
                    out,
                    &ErrorJson {
                        head: head(profile).kind(Kind::Solve),
                        input: source,
                        problems: [ProblemJson::from(&problem)],
                    },
                )?;
            } else {
                let place = match (problem.span, source.line) {
                    (Some(s), Some(_)) => format!(":{}", s.column),
                    (Some(s), None) => format!(", column {}", s.column),
                    (None, _) => String::new(),
                };
                let mut message = format!(
                    "{}{place}: not a puzzle: {} [{}]",
                    source.label(),
                    problem.message(),
                    problem.reason().code()
                );
                if let Some(help) = problem.help() {
                    message.push_str(&format!("\n  help: {help}"));
                }
                error(&message);
            }
            return Ok(Status::Error);
        }
    };
    for note in &puzzle.notes {
        error(&format!(
            "{}: warning: {} [{}]",
            source.label(),
            note.message(),
            note.kind.code()
        ));
    }
    let pos = puzzle.position;
    let limit = (args.node_limit > 0).then_some(args.node_limit);
    let mut solver = Solver::new(profile).with_node_limit(limit);
    let interrupted = |out: &mut Out, source: Source| -> Result<Status, WriteError> {
        if args.format == Format::Json {
            json_line(
                out,
                &InterruptedJson {
                    head: head(profile).kind(Kind::Solve),
                    input: source,
                    puzzle: pos,
                    pieces: pos.len(),
                    interrupted: InterruptedInfo {
                        node_limit: args.node_limit,
                    },
                },
            )?;
        } else {
            out.line(&format!(
                "{pos} ({profile}): gave up after {} positions (--node-limit); \
                 raise the limit, or 0 for none",
                args.node_limit
            ))?;
        }
        Ok(Status::Failure)
    };
    if args.format == Format::Json {
        let all = args.all.then_some(args.max_solutions);
        return match json::solve_report(&pos, &mut solver, all) {
            Ok(report) => {
                let status = if report.solutions > 0 {
                    Status::Success
                } else {
                    Status::Failure
                };
                json_line(
                    out,
                    &ReportJson {
                        report,
                        input: source,
                    },
                )?;
                Ok(status)
            }
            Err(Interrupted { .. }) => interrupted(out, source),
        };
    }
    let count = if args.count || args.all {
        match solver.try_count(&pos) {
            Ok(n) => Some(n),
            Err(_) => return interrupted(out, source),
        }
    } else {
        None
    };
    let first = match count {
        Some(0) => None,
        _ if args.count && !args.all => None,
        _ => match solver.try_solve(&pos) {
            Ok(s) => s,
            Err(_) => return interrupted(out, source),
        },
    };
    let solvable = count.map_or(first.is_some(), |n| n > 0);
    let head = if args.inputs.len() > 1 || source.line.is_some() {
        format!("{}: {pos} ({profile})", source.label())
    } else {
        format!("{pos} ({profile})")
    };
    if !solvable {
        out.line(&format!(
            "{head}: no solution{}",
            other_profile_hint(&pos, profile, limit)
        ))?;
        return Ok(Status::Failure);
    }
    if let Some(n) = count {
        let plural = if n == 1 { "" } else { "s" };
        out.line(&format!("{head}: {n} solution{plural}"))?;
    }
    if args.all {
        let mut listed = 0usize;
        let mut failed = None;
        let _ = solver.for_each_solution(&pos, |solution| {
            if listed >= args.max_solutions {
                return ControlFlow::Break(());
            }
            listed += 1;
            let line = format!(
                "  {listed}. {}  {}",
                write::moves(solution),
                notation(&captures_json(&pos, solution))
            );
            match out.line(&line) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        let total = count.unwrap_or(0);
        if (listed as u128) < total {
            out.line(&format!(
                "  ... and {} more (--max-solutions {})",
                total - listed as u128,
                args.max_solutions
            ))?;
        }
        return Ok(Status::Success);
    }
    if let Some(solution) = first {
        if count.is_none() {
            out.line(&format!("{head}: solved in {} captures", solution.len()))?;
        }
        out.line(&format!("  moves: {}", write::moves(&solution)))?;
        let steps = captures_json(&pos, &solution);
        for (i, step) in steps.iter().enumerate() {
            out.line(&format!(
                "  {}. {:<8} {}",
                i + 1,
                step.notation,
                step.position
            ))?;
            if args.draw {
                let board = render::ascii(&step.position, Some(solution[i]));
                for row in board.lines() {
                    out.line(&format!("     {row}"))?;
                }
            }
        }
    }
    Ok(Status::Success)
}

/// The captures of a solution in long algebraic, separated by spaces.
fn notation(steps: &[CaptureJson]) -> String {
    steps
        .iter()
        .map(|s| s.notation.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// For a puzzle with no solution: whether the other pawn rule has one.
fn other_profile_hint(pos: &Position, profile: Profile, limit: Option<u64>) -> String {
    let other = profile.other();
    match Solver::new(other).with_node_limit(limit).try_solve(pos) {
        Ok(Some(_)) => format!(" (it has one under --rules {other})"),
        _ => String::new(),
    }
}
