//! `asalto grade --game madbishops`: Prolog Mad Bishops programs
//! (`valid_moves/3`, `move/3`, `game_over/2`, `display_game/2`) asked
//! about positions of reference records, on the Prolog engine Go's grade
//! uses. The shared driver (`cli/grading`) does the rest; the grading
//! itself is `asalto::grade::madbishops`.

use std::time::Duration;

use asalto::grade::coverage::CoverageFacts;
use asalto::grade::madbishops::{
    self as mb, Alias, DriverScript, GameQueries, MadBishopsKind, MadBishopsOptions,
};
use asalto::grade::prolog::driver::DriverSettings;
use asalto::grade::report::{Diagram, Failure};
use asalto::grade::{Options, Scoring, Submission, SubmissionReport, Weights};
use asalto_madbishops::Profile;

use super::super::args::grade::Args;
use super::super::grading::files::{
    Source, hide_references, options, preflight, prolog_sources, read_reference, reference_files,
    swipl,
};
use super::super::grading::{Graded, Prepared, Run};
use super::record::MAX_FILE;

/// The Mad Bishops assignment: the queries of the reference games, and the
/// driver that asks them.
pub struct MadBishopsGrade {
    plan: Vec<GameQueries>,
    mb: MadBishopsOptions,
    /// Kept while grading: the driver every submission runs.
    _script: DriverScript,
}

impl Graded for MadBishopsGrade {
    type Kind = MadBishopsKind;
    const STEPS: &'static str = "submissions";

    fn prepare(args: &Args) -> Result<Prepared<MadBishopsGrade>, String> {
        let (plan, profile) = plan_of(args)?;
        let aliases = args
            .predicates
            .iter()
            .map(|spec| Alias::parse(spec))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(a) = &args.adapter
            && a.file_name().is_none()
        {
            return Err(format!("--adapter {}: not a file", a.display()));
        }
        let entry = args.entry.as_deref().unwrap_or("madbishops.pl");
        let mut hide = Vec::new();
        hide_references(&args.games, "txt", &mut hide)?;
        let sources = prolog_sources(args, "program", &mut hide)?;
        let (mut options, jobs) = options(args, sources.len(), hide)?;
        let swipl = swipl(args, &options)?;
        let (script, adapter) = DriverScript::write(args.adapter.as_deref())?;
        if let Some(a) = &adapter
            && a.fallback.is_none()
            && !matches!(sources.first(), Some(Source::Folder(_)))
        {
            return Err(format!(
                "--adapter {}: no such file",
                args.adapter
                    .as_deref()
                    .unwrap_or_else(|| std::path::Path::new(""))
                    .display()
            ));
        }
        let mb = MadBishopsOptions {
            driver: DriverSettings {
                swipl,
                query_time: Duration::from_secs_f64(args.query_timeout.clamp(0.001, 1e6)),
                inferences: args.inferences,
                graded: mb::driver_args(&aliases),
                ..DriverSettings::default()
            },
            scoring: Scoring::new(args.weights.as_deref(), args.max_score)?,
            profile,
            adapter,
        };
        let mut submissions: Vec<Submission> = sources
            .iter()
            .map(|s| match s {
                Source::Folder(f) => mb::submission(f, entry, &mb, &script),
                Source::File(f) => mb::file_submission(f, &mb, &script),
            })
            .collect();
        preflight(&mut submissions, &mut options, jobs)?;
        Ok(Prepared {
            game: MadBishopsGrade {
                plan,
                mb,
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

    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<MadBishopsKind>> {
        mb::grade(
            run.submissions,
            &self.plan,
            run.options,
            &self.mb,
            run.jobs,
            run.progress,
        )
    }

    fn names(&self) -> (&'static str, &'static str) {
        ("madbishops", self.mb.profile.name())
    }

    fn scoring<'a>(&'a self, _: &'a Options) -> (&'a Weights<MadBishopsKind>, f64) {
        (&self.mb.scoring.weights, self.mb.scoring.max_score)
    }

    fn games(&self) -> Vec<String> {
        self.plan.iter().map(|g| g.name.clone()).collect()
    }

    fn coverage(&self) -> CoverageFacts {
        mb::coverage(&self.plan, self.mb.profile)
    }

    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String> {
        let (plan, profile) = plan_of(args)?;
        Ok((mb::coverage(&plan, profile), "madbishops", profile.name()))
    }

    /// The position asked about, as `show --format svg` draws it.
    fn board(failure: &Failure) -> Option<String> {
        let Some(Diagram::MadBishops { position }) = &failure.diagram else {
            return None;
        };
        let caption = vec![format!("{} to move", position.turn().name())];
        Some(asalto_madbishops::render::svg(
            position.board(),
            None,
            &caption,
        ))
    }
}

/// The profile and the queries of the reference games of `args`.
fn plan_of(args: &Args) -> Result<(Vec<GameQueries>, Profile), String> {
    let rules = args.rules.as_deref().unwrap_or("steere");
    let profile = Profile::from_name(rules).ok_or_else(|| {
        format!("--rules {rules}: unknown profile; the profiles are steere, report")
    })?;
    if args.games.is_empty() {
        return Err("--games: give the reference games (Mad Bishops records or folders)".into());
    }
    let files = reference_files(&args.games, "txt")?;
    let mut plan = Vec::new();
    for file in &files {
        let bytes = read_reference(file, MAX_FILE)?;
        let name = file
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| file.path.display().to_string());
        let text =
            std::str::from_utf8(&bytes).map_err(|e| format!("{name}: not UTF-8 text: {e}"))?;
        let positions = mb::plan::read_reference(&name, text, profile)?;
        plan.push(mb::plan::queries(&name, &positions));
    }
    Ok((plan, profile))
}
