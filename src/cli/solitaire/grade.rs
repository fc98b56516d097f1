//! `asalto grade --game solitaire`: run students' solver programs of the
//! Solitaire Chess challenge on a set of puzzles (solvable and not) and
//! judge every answer with the engine. The shared driver (`cli/grading`)
//! does the rest (submissions, confinement, progress, reports); the
//! grading itself is `asalto::grade::solitaire`.

use std::path::PathBuf;
use std::time::Duration;

use asalto::grade::coverage::CoverageFacts;
use asalto::grade::report::{Diagram, Failure};
use asalto::grade::solitaire::{self, Feed, Puzzle, SolKind, SolOptions};
use asalto::grade::{Options, Scoring, SubmissionReport, Weights};
use asalto_solitaire::Profile;

use super::super::args::grade::{Args, FeedArg};
use super::super::grading::files::{programs, read_reference, reference_files, report_name};
use super::super::grading::{Graded, Prepared, Run};
use super::record::{MAX_FILE, text_of};

/// The Solitaire Chess challenge: the puzzles, and how they are given.
pub struct Solitaire {
    puzzles: Vec<Puzzle>,
    sol: SolOptions,
}

impl Graded for Solitaire {
    type Kind = SolKind;
    const STEPS: &'static str = "runs";

    fn prepare(args: &Args) -> Result<Prepared<Solitaire>, String> {
        let (puzzles, profile) = puzzles_of(args)?;
        if !(args.puzzle_timeout.is_finite() && args.puzzle_timeout > 0.0) {
            return Err("--puzzle-timeout: expected a number of seconds above 0".into());
        }
        let sol = SolOptions {
            profile,
            form: args.input_form.form(),
            feed: match args.feed {
                FeedArg::Stdin => Feed::Stdin,
                FeedArg::Argument => Feed::Argument,
            },
            timeout: Duration::from_secs_f64(args.puzzle_timeout),
            scoring: Scoring::new(args.weights.as_deref(), args.max_score)?,
        };
        let (submissions, options, jobs) = programs(args, &args.puzzles, "txt", "solver.py")?;
        Ok(Prepared {
            game: Solitaire { puzzles, sol },
            submissions,
            options,
            jobs,
        })
    }

    fn steps(&self, submissions: usize, _: &Options) -> usize {
        submissions * self.puzzles.len()
    }

    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<SolKind>> {
        solitaire::grade(
            run.submissions,
            &self.puzzles,
            run.options,
            &self.sol,
            run.jobs,
            run.progress,
        )
    }

    fn names(&self) -> (&'static str, &'static str) {
        (asalto_solitaire::GAME, self.sol.profile.name())
    }

    fn scoring<'a>(&'a self, _: &'a Options) -> (&'a Weights<SolKind>, f64) {
        (&self.sol.scoring.weights, self.sol.scoring.max_score)
    }

    fn games(&self) -> Vec<String> {
        self.puzzles.iter().map(|g| g.name.clone()).collect()
    }

    fn coverage(&self) -> CoverageFacts {
        solitaire::coverage(&self.puzzles, self.sol.profile)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let (puzzles, profile) = puzzles_of(args)?;
        Ok((
            solitaire::coverage(&puzzles, profile),
            asalto_solitaire::GAME,
            profile.name(),
        ))
    }

    /// The puzzle, drawn as `show --format svg` draws a board.
    fn board(failure: &Failure) -> Option<String> {
        match &failure.diagram {
            Some(Diagram::Solitaire { position }) => {
                Some(asalto_solitaire::render::svg(position, None, &[]))
            }
            _ => None,
        }
    }
}

/// The profile and the puzzles of `args`.
fn puzzles_of(args: &Args) -> Result<(Vec<Puzzle>, Profile), String> {
    let profile = match args.rules.as_deref() {
        None => Profile::Codegolf,
        Some(name) => Profile::from_name(name).ok_or_else(|| {
            format!(
                "--rules {name}: not a Solitaire Chess rule profile (they are {})",
                Profile::ALL.map(Profile::name).join(", ")
            )
        })?,
    };
    if args.puzzles.is_empty() {
        return Err(
            "--puzzles: give the puzzles (files of puzzles, one per line, or folders of them)"
                .into(),
        );
    }
    Ok((load_puzzles(&args.puzzles, profile)?, profile))
}

/// The puzzles of the files and folders (every `*.txt`) named.
fn load_puzzles(paths: &[PathBuf], profile: Profile) -> Result<Vec<Puzzle>, String> {
    let files = reference_files(paths, "txt")?;
    let mut puzzles = Vec::new();
    for file in &files {
        let shown = file.path.display().to_string();
        let bytes = read_reference(file, MAX_FILE)?;
        let text = text_of(&shown, bytes)?;
        let name = report_name(&file.path, &files, &shown);
        puzzles.extend(solitaire::puzzles(&name, &text, profile)?);
    }
    Ok(puzzles)
}
