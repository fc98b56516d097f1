//! `asalto grade --game solitaire`: run students' solver programs of the
//! Solitaire Chess challenge on a set of puzzles (solvable and not) and
//! judge every answer with the engine. A child of `cli/grade.rs`, whose driver does the rest
//! (submissions, confinement, progress, reports); the grading itself is
//! `asalto::grade::solitaire`.

use std::path::PathBuf;
use std::time::Duration;

use asalto::grade::coverage::{self, CoverageFacts};
use asalto::grade::solitaire::{self, Feed, Puzzle, SolKind, SolOptions};
use asalto::grade::{Options, Scoring, SubmissionReport, Weights};
use asalto_solitaire::Profile;

use super::{Args, FeedArg, Graded, Prepared, Run};

/// The Solitaire Chess challenge: the puzzles, and how they are given.
pub(super) struct Solitaire {
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
        let mut hide = Vec::new();
        super::hide_references(&args.puzzles, "txt", &mut hide)?;
        let mut submissions = super::command_submissions(args, "solver.py", &mut hide)?;
        let (mut options, jobs) = super::options(args, submissions.len(), hide)?;
        super::preflight(&mut submissions, &mut options, jobs)?;
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
        coverage::solitaire(&self.puzzles, self.sol.profile)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let (puzzles, profile) = puzzles_of(args)?;
        Ok((
            coverage::solitaire(&puzzles, profile),
            asalto_solitaire::GAME,
            profile.name(),
        ))
    }
}

/// The profile and the puzzles of `args` (and the options that must not
/// come with them).
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
    if !args.games.is_empty() || args.ai || args.rebels.is_some() {
        return Err(
            "--games, --ai and --rebels are for Asalto; --game solitaire takes --puzzles".into(),
        );
    }
    if !args.predicates.is_empty() {
        return Err("--predicate is for --game go".into());
    }
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
    let files = super::reference_files(paths, "txt")?;
    let mut puzzles = Vec::new();
    for file in &files {
        let shown = file.path.display().to_string();
        let bytes = super::read_reference(file, super::super::solitaire::MAX_FILE)?;
        let text = super::super::solitaire::text_of(&shown, bytes)?;
        let name = super::report_name(&file.path, &files, &shown);
        puzzles.extend(solitaire::puzzles(&name, &text, profile)?);
    }
    Ok(puzzles)
}
