//! `asalto grade --game go`: the Prolog predicates of the 2019 Go
//! assignment. The shared driver (`cli/grading`) does the rest
//! (submissions' options, confinement, progress, reports); the grading
//! itself is `asalto::grade::go`.

use std::path::PathBuf;
use std::time::Duration;

use asalto::grade::coverage::CoverageFacts;
use asalto::grade::go::{self, Alias, GameQueries, GoKind, GoOptions, Reference};
use asalto::grade::report::{Diagram, Failure};
use asalto::grade::{Options, Scoring, Submission, SubmissionReport, Weights};
use asalto_go::Profile;

use super::super::args::grade::Args;
use super::super::grading::files::{
    Source, hide_references, options, preflight, prolog_sources, read_reference, reference_files,
    swipl,
};
use super::super::grading::{Graded, Prepared, Run};
use super::super::input::MAX_FILE;

/// The Go assignment: the queries of the reference games, and the driver
/// that asks them.
pub struct Go {
    plan: Vec<GameQueries>,
    profile: Profile,
    go: GoOptions,
    /// Kept while grading: the driver every submission runs.
    _script: go::DriverScript,
}

impl Graded for Go {
    type Kind = GoKind;
    const STEPS: &'static str = "submissions";

    fn prepare(args: &Args) -> Result<Prepared<Go>, String> {
        let (plan, profile) = plan_of(args)?;
        let aliases = args
            .predicates
            .iter()
            .map(|spec| Alias::parse(spec))
            .collect::<Result<Vec<_>, _>>()?;
        let entry = args.entry.as_deref().unwrap_or("proylcc.pl");
        let mut hide = Vec::new();
        hide_references(&args.games, "sgf", &mut hide)?;
        // The submissions' folders (or file) first, the driver's command
        // once the programs' user is known.
        let sources = prolog_sources(args, "proylcc.pl", &mut hide)?;
        let (mut options, jobs) = options(args, sources.len(), hide)?;
        let swipl = swipl(args, &options)?;
        let go = GoOptions {
            driver: go::DriverSettings {
                swipl,
                query_time: Duration::from_secs_f64(args.query_timeout.clamp(0.001, 1e6)),
                inferences: args.inferences,
                graded: go::alias::candidates(&aliases)
                    .iter()
                    .map(Alias::driver_arg)
                    .collect(),
                ..go::DriverSettings::default()
            },
            scoring: Scoring::new(args.weights.as_deref(), args.max_score)?,
        };
        let script = go::DriverScript::write()?;
        let mut submissions: Vec<Submission> = sources
            .iter()
            .map(|s| match s {
                Source::Folder(f) => go::submission(f, entry, &go, &script),
                Source::File(f) => go::file_submission(f, &go, &script),
            })
            .collect();
        preflight(&mut submissions, &mut options, jobs)?;
        Ok(Prepared {
            game: Go {
                plan,
                profile,
                go,
                _script: script,
            },
            submissions,
            options,
            jobs,
        })
    }

    fn steps(&self, submissions: usize, _: &Options) -> usize {
        submissions
    }

    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<GoKind>> {
        go::grade(
            run.submissions,
            &self.plan,
            run.options,
            &self.go,
            run.jobs,
            run.progress,
        )
    }

    fn names(&self) -> (&'static str, &'static str) {
        ("go", self.profile.name())
    }

    fn scoring<'a>(&'a self, _: &'a Options) -> (&'a Weights<GoKind>, f64) {
        (&self.go.scoring.weights, self.go.scoring.max_score)
    }

    fn games(&self) -> Vec<String> {
        self.plan.iter().map(|g| g.name.clone()).collect()
    }

    fn coverage(&self) -> CoverageFacts {
        go::coverage(&self.plan, self.profile)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let (plan, profile) = plan_of(args)?;
        Ok((go::coverage(&plan, profile), "go", profile.name()))
    }

    /// The board asked about, as `show --format svg` draws it, the point
    /// of the move asked for framed, the colour to play said under it.
    fn board(failure: &Failure) -> Option<String> {
        use asalto_go::render::{DrawOptions, svg};
        let Some(Diagram::Go {
            board,
            to_play,
            point,
        }) = &failure.diagram
        else {
            return None;
        };
        let side = to_play.unwrap_or(asalto_go::Side::Black);
        let pos = asalto_go::Position::from_board(board.clone(), side, Profile::Seed2019);
        let caption = match (to_play, point) {
            (Some(side), Some(p)) => vec![format!("{side} to play at {}", p.gtp(board.size()))],
            _ => Vec::new(),
        };
        let options = DrawOptions {
            territory: false,
            mark: *point,
        };
        Some(svg(&pos, options, &caption))
    }
}

/// The profile and the queries of the reference games of `args`.
fn plan_of(args: &Args) -> Result<(Vec<GameQueries>, Profile), String> {
    let rules = args.rules.as_deref().unwrap_or("seed-2019");
    let profile = Profile::from_name(rules).ok_or_else(|| {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        format!(
            "--rules {rules}: unknown profile; the profiles are {}",
            names.join(", ")
        )
    })?;
    if args.games.is_empty() {
        return Err("--games: give the reference games (SGF files or folders)".into());
    }
    Ok((load_games(&args.games, profile)?, profile))
}

/// The queries of the reference games named on the command line.
fn load_games(paths: &[PathBuf], profile: Profile) -> Result<Vec<GameQueries>, String> {
    let files = reference_files(paths, "sgf")?;
    let mut plan = Vec::new();
    for file in &files {
        let bytes = read_reference(file, MAX_FILE)?;
        let name = file
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| file.path.display().to_string());
        let reference = Reference::from_sgf(&name, &bytes, profile)?;
        plan.push(go::plan::queries(&reference, profile));
    }
    Ok(plan)
}
