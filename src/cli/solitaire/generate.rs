//! `asalto generate`: new Solitaire Chess puzzles with exactly one
//! solution, seeded and deterministic, in the puzzle-set form `solve`
//! reads back.

use asalto_core::json::{Head, Kind};
use asalto_solitaire::generate::{GenerateError, Generated, Generator, Options};
use asalto_solitaire::json::{CaptureJson, captures_json, head};
use asalto_solitaire::{PieceCounts, Position, format::write};
use serde::Serialize;

use super::super::args::common::Format;
use super::super::args::generate::Args;
use super::super::out::{Out, Status, WriteError, error};

/// A puzzle of `generate --cover` in JSON.
#[derive(Serialize)]
struct CoverPuzzleJson {
    #[serde(flatten)]
    head: Head,
    seed: u64,
    /// 1-based number in the set.
    index: usize,
    puzzle: Position,
    pieces: usize,
    solvable: bool,
    /// The codes of the rule situations it reaches.
    situations: Vec<&'static str>,
    solution: Vec<CaptureJson>,
}

/// `generate --cover`: the puzzles of [`asalto_solitaire::coverage::cover`],
/// each after a `#` line with what it reaches (with `--solution`, its
/// solution too); what could not be reached on standard error (exit 1).
fn cover(args: &Args, set: PieceCounts, out: &mut Out) -> Result<Status, WriteError> {
    use asalto_solitaire::coverage::{self, Situation};
    let found = coverage::cover(args.rules, set, args.seed, args.max_attempts);
    let names: Vec<String> = (1..=found.puzzles.len())
        .map(|i| format!("puzzle {i}"))
        .collect();
    let report = found.coverage.report(&names);
    let mut solver = asalto_solitaire::Solver::new(args.rules);
    if args.format == Format::Human {
        out.line(&format!(
            "# Solitaire Chess puzzles for `asalto grade --game solitaire`, chosen to reach every rule situation its grader checks: rules {}, set {set}, seed {}",
            args.rules, args.seed
        ))?;
        out.line(&format!(
            "# {}, {} kept of {} random positions drawn",
            report.headline(),
            found.puzzles.len(),
            found.tried
        ))?;
    }
    for (i, (position, situations)) in found.puzzles.iter().enumerate() {
        let solution = solver.solve(position);
        let codes: Vec<&'static str> = situations.iter().map(|s| s.code()).collect();
        if args.format == Format::Json {
            let doc = CoverPuzzleJson {
                head: head(args.rules).kind(Kind::Generate),
                seed: args.seed,
                index: i + 1,
                puzzle: *position,
                pieces: position.len(),
                solvable: solution.is_some(),
                situations: codes,
                solution: solution
                    .as_deref()
                    .map(|s| captures_json(position, s))
                    .unwrap_or_default(),
            };
            serde_json::to_writer(out.writer(), &doc).map_err(|e| WriteError::from_json(&e))?;
            out.line("")?;
            continue;
        }
        out.line(&format!(
            "# {}: {} pieces, {}; reaches {}",
            i + 1,
            position.len(),
            if situations.contains(&Situation::Unsolvable) {
                "no solution"
            } else {
                "solvable"
            },
            codes.join(", ")
        ))?;
        if args.solution {
            if let Some(s) = &solution {
                out.line(&format!("# solution: {}", write::moves(s)))?;
            }
        }
        out.line(&position.to_string())?;
    }
    if found.coverage.is_complete() {
        return Ok(Status::Success);
    }
    error(&format!(
        "not reached in {} random positions (a larger --max-attempts, or another --seed, may reach them): {}",
        found.tried,
        report.missing_codes()
    ));
    Ok(Status::Failure)
}

/// A generated puzzle in JSON.
#[derive(Serialize)]
struct PuzzleJson<'a> {
    #[serde(flatten)]
    head: Head,
    seed: u64,
    /// 1-based number in the run.
    index: usize,
    puzzle: Position,
    pieces: usize,
    level: u8,
    level_name: &'static str,
    difficulty: &'a asalto_solitaire::difficulty::Difficulty,
    solution: Vec<CaptureJson>,
}

/// Run `generate`.
pub fn run(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let set = match args.set.as_deref().map(str::parse::<PieceCounts>) {
        None => PieceCounts::COMMERCIAL,
        Some(Ok(set)) => set,
        Some(Err(e)) => {
            error(&format!("--set: {e}"));
            return Ok(Status::Error);
        }
    };
    if args.cover {
        return cover(args, set, out);
    }
    let options = Options {
        profile: args.rules,
        set,
        pieces: args.pieces,
        level: args.level,
        seed: args.seed,
        max_attempts: args.max_attempts,
    };
    let generator = match Generator::new(options) {
        Ok(g) => g,
        Err(e) => {
            error(&format!("{e} [{}]", e.code()));
            return Ok(Status::Error);
        }
    };
    if args.format == Format::Human {
        out.line(&format!(
            "# Solitaire Chess puzzles with exactly one solution: rules {}, set {set}, seed {}",
            args.rules, args.seed
        ))?;
        out.line(&format!(
            "# solve with: asalto solve --rules {} FILE",
            args.rules
        ))?;
    }
    for (i, generated) in generator.take(args.count).enumerate() {
        match generated {
            Ok(g) => write_puzzle(args, i + 1, &g, out)?,
            Err(e @ GenerateError::GaveUp { .. }) => {
                error(&format!(
                    "puzzle {}: {e} [{}]; try fewer pieces, another level or a larger --max-attempts",
                    i + 1,
                    e.code()
                ));
                return Ok(Status::Failure);
            }
            Err(e) => {
                error(&format!("{e} [{}]", e.code()));
                return Ok(Status::Error);
            }
        }
    }
    Ok(Status::Success)
}

/// Write one puzzle.
fn write_puzzle(args: &Args, index: usize, g: &Generated, out: &mut Out) -> Result<(), WriteError> {
    let d = &g.difficulty;
    if args.format == Format::Json {
        let doc = PuzzleJson {
            head: head(args.rules).kind(Kind::Generate),
            seed: args.seed,
            index,
            puzzle: g.position,
            pieces: g.position.len(),
            level: d.level,
            level_name: d.level_name(),
            difficulty: d,
            solution: captures_json(&g.position, &g.solution),
        };
        serde_json::to_writer(out.writer(), &doc).map_err(|e| WriteError::from_json(&e))?;
        return out.line("");
    }
    out.line(&format!(
        "# {index}: level {} ({}), {} pieces, expected search {:.1}",
        d.level,
        d.level_name(),
        g.position.len(),
        d.expected_search
    ))?;
    if args.solution {
        out.line(&format!("# solution: {}", write::moves(&g.solution)))?;
    }
    out.line(&g.position.to_string())
}
