//! Grading solver programs of the Solitaire Chess challenge: each puzzle
//! of a set is given to a fresh run of the program (on standard input, or
//! as its last argument, in the form the instructor chooses), and what it
//! prints is read in any of the challenge's output forms (a move list, one
//! capture per line, the sequence of boards, a false value for "no
//! solution") and judged by the engine (`asalto_solitaire::check`): any
//! solution is accepted, never compared with one stored answer.
//!
//! Each run is started exactly as Asalto's programs are (a fresh working
//! folder, the same confinement, users and limits: [`super::session::spawn`]),
//! with a wall-clock limit per puzzle; reports are Asalto's
//! ([`super::report`]) with the same partial-credit policy: a puzzle is
//! one "game", `runs` is charged for a crash, a hang or a flood, and the
//! answer check (`solves` or `none`) for a wrong answer.

use std::time::{Duration, Instant};

use asalto_solitaire::format::{self, BoardForm};
use asalto_solitaire::{Position, Problem, Profile, Solver, render};
use serde::Serialize;

use super::confine::size;
use super::kind::CheckKind;
use super::options::Options;
use super::process::{Ready, Wait};
use super::recorder::Recorder;
use super::report::{Diagram, Failure, SubmissionReport};
use super::session::{StartError, quote_line, quote_tail, remove_folder, spawn};
use super::stall::{Hang, Run};
use super::submission::Submission;
use super::tasks::Scoring;

/// A check of a solver program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolKind {
    /// The program answers every puzzle: it ends within the time limit,
    /// with status 0, without flooding its output, in UTF-8.
    Runs,
    /// For a puzzle with a solution, its answer is a solution.
    Solves,
    /// For a puzzle without a solution, its answer is a false value
    /// (`none` in reports and `--weights`).
    #[serde(rename = "none")]
    Unsolvable,
}

impl CheckKind for SolKind {
    const ALL: &'static [SolKind] = &[SolKind::Runs, SolKind::Solves, SolKind::Unsolvable];
    const RUNS: SolKind = SolKind::Runs;

    fn name(self) -> &'static str {
        match self {
            SolKind::Runs => "runs",
            SolKind::Solves => "solves",
            SolKind::Unsolvable => "none",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            SolKind::Runs => "answers each puzzle in time, exit status 0, no flood, UTF-8 output",
            SolKind::Solves => {
                "answers a solvable puzzle with a solution (checked capture by capture)"
            }
            SolKind::Unsolvable => "answers a puzzle without a solution with a false value",
        }
    }

    fn default_weight(self) -> f64 {
        match self {
            SolKind::Runs => 1.0,
            SolKind::Solves => 6.0,
            SolKind::Unsolvable => 3.0,
        }
    }
}

/// A puzzle of the set, with whether it has a solution (found once, by the
/// engine, before grading).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its name in reports (`set.txt:3`).
    pub name: String,
    /// The position.
    pub position: Position,
    /// Whether it has a solution under the profile graded.
    pub solvable: bool,
}

/// How the puzzle reaches the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Feed {
    /// On standard input, then end of file.
    #[default]
    Stdin,
    /// As the last command-line argument (standard input is empty).
    Argument,
}

/// How to grade solver programs (on top of [`Options`]: confinement,
/// limits, users, output cap).
#[derive(Clone, Debug)]
pub struct SolOptions {
    /// The pawn rule the answers are judged under.
    pub profile: Profile,
    /// The form each puzzle is written in.
    pub form: BoardForm,
    /// How it is given.
    pub feed: Feed,
    /// The longest one run may take.
    pub timeout: Duration,
    /// Weights of the checks and full marks.
    pub scoring: Scoring<SolKind>,
}

impl Default for SolOptions {
    fn default() -> SolOptions {
        SolOptions {
            profile: Profile::Codegolf,
            form: BoardForm::String,
            feed: Feed::Stdin,
            timeout: Duration::from_secs(10),
            scoring: Scoring::default(),
        }
    }
}

/// Read the puzzles of a set's text (one per line or per four lines, `#`
/// comments; see `asalto_solitaire::format::parse_puzzle_set`), named
/// `file:line`, and find out which have a solution under `profile`.
///
/// # Errors
///
/// The first puzzle that cannot be read, with its place and reason.
pub fn puzzles(file: &str, text: &str, profile: Profile) -> Result<Vec<Puzzle>, String> {
    let mut out = Vec::new();
    let mut solver = Solver::new(profile);
    for item in format::parse_puzzle_set(text) {
        let puzzle = item.map_err(|e| {
            let problem = Problem::from(e.clone());
            format!(
                "{file}:{}:{}: not a puzzle: {} [{}]",
                e.span.line,
                e.span.column,
                problem.message(),
                problem.reason().code()
            )
        })?;
        out.push(Puzzle {
            name: format!("{file}:{}", puzzle.span.line),
            position: puzzle.position,
            solvable: solver.is_solvable(&puzzle.position),
        });
    }
    if out.is_empty() {
        return Err(format!("{file}: no puzzle in it"));
    }
    Ok(out)
}

/// Grade every submission on every puzzle, `jobs` runs at a time.
/// `progress(done, total)` is called after each run.
pub fn grade(
    submissions: &[Submission],
    puzzles: &[Puzzle],
    options: &Options,
    sol: &SolOptions,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<SubmissionReport<SolKind>> {
    let units: Vec<String> = puzzles
        .iter()
        .map(|p| format!("the puzzle {}", p.name))
        .collect();
    super::tasks::grade_grid(
        submissions,
        &units,
        options,
        jobs,
        progress,
        |sub, p, options, slot| run_one(sub, &puzzles[p], options, sol, slot),
        |sub, games, _| sol.scoring.score(sub, games),
    )
}

/// The puzzle as the program is given it.
fn puzzle_text(puzzle: &Puzzle, form: BoardForm) -> String {
    format::write::board(&puzzle.position, form)
}

/// A failure placed at the puzzle (its string and drawing).
fn at_puzzle(failure: Failure, pos: &Position) -> Failure {
    Failure {
        position: Some(pos.to_string()),
        board: Some(render::ascii(pos, None)),
        diagram: Some(Diagram::Solitaire { position: *pos }),
        ..failure
    }
}

/// Run the program on one puzzle and judge its answer (with the timeout
/// that stopped it, when the program was asleep then).
fn run_one(
    sub: &Submission,
    puzzle: &Puzzle,
    options: &Options,
    sol: &SolOptions,
    slot: usize,
) -> Run<SolKind> {
    let started = Instant::now();
    let kind = if puzzle.solvable {
        SolKind::Solves
    } else {
        SolKind::Unsolvable
    };
    let mut rec = Recorder::new(&puzzle.name, vec![SolKind::Runs, kind]);
    let text = puzzle_text(puzzle, sol.form);
    let result = if puzzle.solvable {
        "solvable"
    } else {
        "no solution"
    };
    let pieces = puzzle.position.len();
    let finish = |rec: Recorder<SolKind>, stopped: Option<&str>, played: usize| {
        Run::done(rec.finish(
            stopped,
            pieces - 1,
            result.to_string(),
            played,
            started.elapsed().as_secs_f64(),
        ))
    };
    let mut sub = sub.clone();
    if sol.feed == Feed::Argument {
        sub.command.push(text.trim_end().to_string());
    }
    if let Some(problem) = &sub.problem {
        rec.fail(SolKind::Runs, Failure::shown(problem.clone(), ""));
        return finish(rec, Some(problem), 0);
    }
    let user = options.users.for_slot(slot);
    let (mut program, folder) = match spawn(&sub, options, user) {
        Ok(started) => started,
        Err(StartError::Grader(n)) => {
            rec.not_graded(n);
            return finish(rec, None, 0);
        }
        Err(StartError::Program(e)) => {
            rec.fail(SolKind::Runs, Failure::shown(e.clone(), ""));
            return finish(rec, Some(&e), 0);
        }
    };
    if sol.feed == Feed::Stdin {
        // A program that does not read its input gets the puzzle anyway:
        // a closed pipe is not a failure of its own.
        for line in text.lines() {
            if program.send(line).is_err() {
                break;
            }
        }
    }
    program.close_stdin();
    let ready = program.run_to_exit(Wait::within(sol.timeout), options.output_cap);
    let output = program.take_output();
    let stderr_tail = quote_tail(&String::from_utf8_lossy(program.stderr_tail()));
    match ready {
        Ready::Exited(status) => {
            if !status.success() {
                let failure = Failure {
                    message: format!(
                        "exited with {} on this puzzle",
                        program.describe_status(status)
                    ),
                    output_tail: quote_tail(&String::from_utf8_lossy(&output)),
                    stderr_tail: stderr_tail.clone(),
                    ..Failure::default()
                };
                rec.fail(SolKind::Runs, at_puzzle(failure, &puzzle.position));
            }
        }
        Ready::Timeout | Ready::Flood | Ready::Reading | Ready::Prompt | Ready::Idle => {
            let message = match ready {
                Ready::Flood => format!(
                    "printed more than {} (standard output or error) on this puzzle",
                    size(options.output_cap as u64)
                ),
                _ => {
                    let mut m = format!(
                        "no answer within {} s: it hangs, or is too slow (--puzzle-timeout)",
                        super::stall::secs(sol.timeout)
                    );
                    if let Some(t) = program.timed_out() {
                        m = format!("{m}; {}", t.spent.measured("it"));
                    }
                    m
                }
            };
            let failure = Failure {
                message: message.clone(),
                output_tail: quote_tail(&String::from_utf8_lossy(&output)),
                stderr_tail: stderr_tail.clone(),
                ..Failure::default()
            };
            rec.fail(SolKind::Runs, at_puzzle(failure, &puzzle.position));
            let asleep =
                (ready == Ready::Timeout && program.asleep() == Some(true)).then(|| Hang {
                    limit: sol.timeout,
                    message: message.clone(),
                });
            program.kill();
            if let Some(note) = remove_folder(folder) {
                rec.note(note);
            }
            return Run {
                asleep,
                ..finish(rec, Some(&message), 0)
            };
        }
    }
    // What it left running is killed with it.
    program.kill();
    if let Some(note) = remove_folder(folder) {
        rec.note(note);
    }
    let output = match String::from_utf8(output) {
        Ok(text) => text,
        Err(e) => {
            let message = format!(
                "printed bytes that are not UTF-8 (byte 0x{:02x})",
                e.as_bytes()[e.utf8_error().valid_up_to()]
            );
            rec.fail(
                SolKind::Runs,
                at_puzzle(Failure::shown(message.clone(), ""), &puzzle.position),
            );
            return finish(rec, Some(&message), 0);
        }
    };
    if !rec.failed(SolKind::Runs) {
        rec.pass(SolKind::Runs);
    }
    let played = judge(&mut rec, kind, puzzle, &output, sol.profile);
    finish(rec, None, played)
}

/// Judge the program's answer `output` to `puzzle`: pass or fail `kind`;
/// the number of legal captures it made.
fn judge(
    rec: &mut Recorder<SolKind>,
    kind: SolKind,
    puzzle: &Puzzle,
    output: &str,
    profile: Profile,
) -> usize {
    let found = || Some(quote_found(output));
    let answer = match format::parse_answer(output) {
        Ok(answer) => answer,
        Err(e) => {
            let problem = Problem::from(e.clone());
            let failure = Failure {
                message: format!(
                    "the output cannot be read as an answer: line {}:{}: {}",
                    e.span.line,
                    e.span.column,
                    problem.headline()
                ),
                ply: problem.ply,
                reason: Some(problem.reason().code()),
                expected: Some(expected(puzzle, profile)),
                found: found(),
                ..Failure::default()
            };
            rec.fail(kind, at_puzzle(failure, &puzzle.position));
            return 0;
        }
    };
    let mut solver = Solver::new(profile);
    let checked = asalto_solitaire::check::check(&puzzle.position, &answer, &mut solver);
    let played = checked.plies.len();
    // How the answer was read when it is not written as the challenge
    // says (coordinates counted otherwise, the puzzle repeated, ...).
    for note in &checked.notes {
        rec.note(format!("answer: {} [{}]", note.message(), note.kind.code()));
    }
    match &checked.problem {
        None => rec.pass(kind),
        Some(problem) => {
            let before = problem.before.unwrap_or(puzzle.position);
            let mut message = format!("wrong answer: {}", problem.headline());
            if let Some(help) = problem.help() {
                message.push_str(&format!(" ({help})"));
            }
            let failure = Failure {
                message,
                ply: problem.ply,
                reason: Some(problem.reason().code()),
                expected: Some(expected(puzzle, profile)),
                found: found(),
                ..Failure::default()
            };
            rec.fail(kind, at_puzzle(failure, &before));
        }
    }
    played
}

/// What a right answer is, in words (with one solution when there is one).
fn expected(puzzle: &Puzzle, profile: Profile) -> String {
    if !puzzle.solvable {
        return format!(
            "a false value such as 0: {} has no solution under {profile}",
            puzzle.position
        );
    }
    match Solver::new(profile).solve(&puzzle.position) {
        Some(solution) => format!(
            "a solution of {} under {profile}, such as {}",
            puzzle.position,
            format::write::moves(&solution)
        ),
        None => format!("a solution of {} under {profile}", puzzle.position),
    }
}

/// The program's answer as quoted in a report: its lines, escaped, at
/// most a few.
fn quote_found(output: &str) -> String {
    let lines: Vec<String> = output.lines().take(8).map(quote_line).collect();
    let more = output.lines().count().saturating_sub(8);
    let mut text = lines.join("\n");
    if more > 0 {
        text.push_str(&format!("\n... ({more} more lines)"));
    }
    if text.trim().is_empty() {
        text = "(nothing)".to_string();
    }
    text
}

/// What the Solitaire Chess puzzles reach under `profile`.
pub fn coverage(
    puzzles: &[Puzzle],
    profile: asalto_solitaire::Profile,
) -> super::coverage::CoverageFacts {
    let positions: Vec<asalto_solitaire::Position> = puzzles.iter().map(|p| p.position).collect();
    let names: Vec<String> = puzzles.iter().map(|p| p.name.clone()).collect();
    super::coverage::CoverageFacts::new(
        &asalto_solitaire::coverage::of_set(&positions, profile),
        &names,
        "puzzles",
        format!(
            "asalto generate --game solitaire --cover --rules {} --seed 1 > puzzles.txt",
            profile.name()
        ),
    )
}
