//! `asalto grade` of Asalto console programs: reference games played
//! into each program as a person would (and `--ai`); the shared driver
//! (`cli/grading`) does the rest, the grading itself is `asalto::grade`.

use std::path::PathBuf;

use asalto::grade::coverage::{self, CoverageFacts};
use asalto::grade::report::Failure;
use asalto::grade::{self, Kind, Options, Reference, SubmissionReport, Weights};

use super::super::args::grade::Args;
use super::super::grading::files::{programs, read_reference, reference_files, report_name};
use super::super::grading::{Graded, Prepared, Run};
use super::super::input::{MAX_FILE, utf8_input};

/// Asalto console programs, played reference games (and `--ai`).
pub struct Asalto {
    references: Vec<Reference>,
}

impl Graded for Asalto {
    type Kind = Kind;
    const STEPS: &'static str = "sessions";

    fn prepare(args: &Args) -> Result<Prepared<Asalto>, String> {
        let references = Asalto::references(args)?;
        let weights = match &args.weights {
            Some(spec) => Weights::<Kind>::parse(spec)?,
            None => Weights::default(),
        };
        let (submissions, options, jobs) = programs(args, &args.games, "txt", "asalto.py")?;
        let options = Options {
            ai: args.ai,
            basic: args.rebels,
            weights,
            ..options
        };
        Ok(Prepared {
            game: Asalto { references },
            submissions,
            options,
            jobs,
        })
    }

    fn steps(&self, submissions: usize, options: &Options) -> usize {
        submissions * (self.references.len() + usize::from(options.ai))
    }

    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<Kind>> {
        grade::grade(
            run.submissions,
            &self.references,
            run.options,
            run.jobs,
            run.progress,
        )
    }

    fn names(&self) -> (&'static str, &'static str) {
        ("asalto", asalto::Rules::default().name())
    }

    fn scoring<'a>(&'a self, options: &'a Options) -> (&'a Weights<Kind>, f64) {
        (&options.weights, options.max_score)
    }

    fn games(&self) -> Vec<String> {
        self.references.iter().map(|g| g.name.clone()).collect()
    }

    fn coverage(&self) -> CoverageFacts {
        coverage::asalto(&self.references)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let references = Asalto::references(args)?;
        Ok((
            coverage::asalto(&references),
            "asalto",
            asalto::Rules::default().name(),
        ))
    }

    /// An Asalto failure carries its position as a position string.
    fn board(failure: &Failure) -> Option<String> {
        let pos: asalto::Position = failure.position.as_deref()?.parse().ok()?;
        Some(asalto::render::svg(pos.board(), None, &[]))
    }
}

impl Asalto {
    /// The reference games of `args`.
    fn references(args: &Args) -> Result<Vec<Reference>, String> {
        if args.games.is_empty() {
            return Err("--games: give the reference games (record files or folders)".into());
        }
        load_games(&args.games)
    }
}

/// The reference games named on the command line.
fn load_games(paths: &[PathBuf]) -> Result<Vec<Reference>, String> {
    let files = reference_files(paths, "txt")?;
    let mut games = Vec::new();
    for file in &files {
        let shown = file.path.display().to_string();
        let bytes = read_reference(file, MAX_FILE)?;
        let input = utf8_input(&shown, bytes)?;
        let name = report_name(&file.path, &files, &input.name);
        games.push(Reference::from_record(&name, &input.text)?);
    }
    Ok(games)
}
