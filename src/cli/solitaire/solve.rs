//! `asalto solve`: solve and count Solitaire Chess puzzles, given on the
//! command line or in files (one puzzle per line or per four lines), in
//! every input form of the programming challenge.

use std::ops::ControlFlow;

use asalto_core::json::{Head, Kind};
use asalto_solitaire::format::{self, ParseError, Puzzle, write};
use asalto_solitaire::json::{self, CaptureJson, ProblemJson, SolveReport, captures_json, head};
use asalto_solitaire::{Interrupted, Position, Problem, Profile, Progress, Solver, render};
use serde::Serialize;

use super::super::args::common::Format;
use super::super::args::solve::Args;
use super::super::input::{read_bytes_within, utf8_input};
use super::super::out::{Out, Status, WriteError, error};

/// The largest puzzle set `solve` reads: about a million puzzles.
const MAX_PUZZLE_SET: u64 = 16 << 20;

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
pub fn run(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let memory = args.memory.unwrap_or_else(default_memory);
    let mut status = Status::Success;
    // The codes whose help was said: each is said once.
    let mut helped = Vec::new();
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
            status = status.worst(solve_item(args, memory, item, &mut helped, out)?);
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
    // holds one puzzle. So does a record with its answer, whose capture
    // lines are no puzzles: its puzzle is solved, and it is said once
    // that the answer is `check`'s to judge (a set whose boards all read
    // is a set, even when they could be read as an answer of boards).
    if set.iter().any(Result::is_err)
        && let Ok(record) = format::parse_record(&file.text)
    {
        if record.answer.is_some() {
            error(&format!(
                "note: {name} is a record (a puzzle and an answer): solving its puzzle; `asalto check {name}` judges the answer"
            ));
        }
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

/// Solve one puzzle (its table within `memory` bytes) and print the
/// answer; its status. A bad puzzle's help is said the first time its code
/// comes (`helped`: the codes said).
fn solve_item(
    args: &Args,
    memory: u64,
    item: Item,
    helped: &mut Vec<&'static str>,
    out: &mut Out,
) -> Result<Status, WriteError> {
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
                let code = problem.reason().code();
                if let Some(help) = problem.help().filter(|_| !helped.contains(&code)) {
                    helped.push(code);
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
    let mut solver = Solver::with_memory(profile, memory).with_node_limit(limit);
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
        // Counted first with its progress shown; the report finds the
        // count in the table.
        if count_shown(&mut solver, &pos).is_err() {
            return interrupted(out, source);
        }
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
        match count_shown(&mut solver, &pos) {
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

/// The default `--memory`: a quarter of the memory available (the
/// system's, or what the process's cgroup still allows, whichever is
/// less), or nothing where that is not known (the table's smallest cap
/// then).
fn default_memory() -> u64 {
    available_memory().map_or(0, |bytes| bytes / 4)
}

/// The memory available to this process, on Linux: `MemAvailable` of
/// `/proc/meminfo`, within the room left under a cgroup v2 `memory.max`.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let system = kib.saturating_mul(1024);
    let cgroup = || -> Option<u64> {
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
        let dir = std::path::Path::new("/sys/fs/cgroup").join(path.trim_start_matches('/'));
        let read = |name: &str| -> Option<u64> {
            std::fs::read_to_string(dir.join(name))
                .ok()?
                .trim()
                .parse()
                .ok()
        };
        Some(read("memory.max")?.saturating_sub(read("memory.current")?))
    };
    Some(cgroup().map_or(system, |room| room.min(system)))
}

/// Count `pos`'s solutions; a count that runs long shows its progress on
/// standard error (after a few seconds; on a terminal as one line redrawn,
/// else a line now and then), then clears it.
fn count_shown(solver: &mut Solver, pos: &Position) -> Result<u128, Interrupted> {
    let mut meter = Meter::new(*pos);
    let result = solver.try_count_watched(pos, 1 << 18, |p| meter.show(p));
    meter.finish();
    result
}

/// The progress of one count on standard error.
struct Meter {
    puzzle: Position,
    start: std::time::Instant,
    /// When the next line is due.
    next: std::time::Duration,
    terminal: bool,
    /// The length of the line on the terminal, to clear it.
    drawn: usize,
}

impl Meter {
    /// Nothing is shown before this: most counts end sooner.
    const QUIET: std::time::Duration = std::time::Duration::from_secs(3);

    fn new(puzzle: Position) -> Meter {
        use std::io::IsTerminal;
        Meter {
            puzzle,
            start: std::time::Instant::now(),
            next: Meter::QUIET,
            terminal: std::io::stderr().is_terminal(),
            drawn: 0,
        }
    }

    fn show(&mut self, p: &Progress) {
        use std::io::Write;
        let elapsed = self.start.elapsed();
        if elapsed < self.next {
            return;
        }
        let mib = |bytes: usize| bytes as f64 / f64::from(1 << 20);
        let mut line = format!(
            "counting {}: {:.1} M positions in {:.0} s, table {:.0} of {:.0} MiB",
            self.puzzle,
            p.nodes as f64 / 1e6,
            elapsed.as_secs_f64(),
            mib(p.table_bytes),
            mib(p.max_table_bytes),
        );
        if p.evictions > 0 {
            line.push_str(&format!(" ({} counts forgotten)", p.evictions));
        }
        line.push_str(&format!("; capture {} of {}", p.first.at, p.first.of));
        if p.second.of > 0 {
            line.push_str(&format!(", then {} of {}", p.second.at, p.second.of));
        }
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let pad = self.drawn.saturating_sub(line.len() + 8);
            let _ = write!(err, "\rasalto: {line}{:pad$}", "");
            self.drawn = line.len() + 8;
            self.next = elapsed + std::time::Duration::from_millis(500);
        } else {
            let _ = writeln!(err, "asalto: {line}");
            self.next = elapsed + std::time::Duration::from_secs(10);
        }
    }

    /// Clear the line drawn on the terminal.
    fn finish(&mut self) {
        use std::io::Write;
        if self.drawn > 0 {
            let _ = write!(std::io::stderr().lock(), "\r{:w$}\r", "", w = self.drawn);
        }
    }
}
