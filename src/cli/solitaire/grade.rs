//! `asalto grade --game solitaire`: run students' solver programs of the
//! Solitaire Chess challenge on a set of puzzles (solvable and not) and
//! judge every answer with the engine. A child of `cli/grade.rs` (its
//! options, submissions, confinement and report printing are shared); the
//! grading itself is `asalto::grade::solitaire`.

use std::path::PathBuf;
use std::time::Duration;

use asalto::grade::solitaire::{self, Feed, Puzzle, SolKind, SolOptions};
use asalto::grade::{Confinement, Submission, Weights, report};
use asalto_solitaire::Profile;

use super::{Args, FeedArg, GradeFormat, Out, Status, WriteError, error};

/// Run `grade --game solitaire`.
pub(super) fn run(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    match prepare(args) {
        Ok(prepared) => grade(args, prepared, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}

struct Prepared {
    puzzles: Vec<Puzzle>,
    submissions: Vec<Submission>,
    options: asalto::grade::Options,
    sol: SolOptions,
    jobs: usize,
}

fn prepare(args: &Args) -> Result<Prepared, String> {
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
    if args.puzzles.is_empty() {
        return Err(
            "--puzzles: give the puzzles (files of puzzles, one per line, or folders of them)"
                .into(),
        );
    }
    if !(args.puzzle_timeout.is_finite() && args.puzzle_timeout > 0.0) {
        return Err("--puzzle-timeout: expected a number of seconds above 0".into());
    }
    let puzzles = load_puzzles(&args.puzzles, profile)?;
    let sol = SolOptions {
        profile,
        form: args.input_form.form(),
        feed: match args.feed {
            FeedArg::Stdin => Feed::Stdin,
            FeedArg::Argument => Feed::Argument,
        },
        timeout: Duration::from_secs_f64(args.puzzle_timeout),
        weights: match &args.weights {
            Some(spec) => Weights::<SolKind>::parse(spec)?,
            None => Weights::default(),
        },
        max_score: args.max_score,
    };
    let entry = args.entry.as_deref().unwrap_or("solver.py");
    let mut hide = Vec::new();
    let submissions = match (&args.submissions, args.command.is_empty()) {
        (Some(dir), true) => {
            let run = super::split_words(&args.run)?;
            super::submission_folders(dir, &mut hide)?
                .iter()
                .map(|f| Submission::folder(f, entry, &run))
                .collect()
        }
        (None, false) => {
            let argv = super::absolute_args(&args.command);
            vec![Submission::command(&args.command.join(" "), argv)]
        }
        (Some(_), false) => {
            return Err("give either --submissions DIR or a command after `--`, not both".into());
        }
        (None, true) => {
            return Err(
                "nothing to grade: give --submissions DIR, or a command after `--` (e.g. `-- python3 solver.py`)"
                    .into(),
            );
        }
    };
    if args.format == GradeFormat::Gradescope && submissions.len() != 1 {
        return Err("--format gradescope grades exactly one submission".into());
    }
    let (options, jobs) = super::options(args, hide)?;
    super::preflight(&submissions, &options)?;
    Ok(Prepared {
        puzzles,
        submissions,
        options,
        sol,
        jobs,
    })
}

/// The puzzles of the files and folders (every `*.txt`) named.
fn load_puzzles(paths: &[PathBuf], profile: Profile) -> Result<Vec<Puzzle>, String> {
    let files = super::record_files(paths, "txt")?;
    let mut puzzles = Vec::new();
    for file in &files {
        let shown = file.display().to_string();
        let text = super::super::solitaire::read_text(&shown)?;
        let name = file
            .file_name()
            .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
        let clash = files
            .iter()
            .filter(|f| f.file_name() == file.file_name())
            .count()
            > 1;
        let name = if clash { shown } else { name };
        puzzles.extend(solitaire::puzzles(&name, &text, profile)?);
    }
    Ok(puzzles)
}

fn grade(args: &Args, p: Prepared, out: &mut Out) -> Result<Status, WriteError> {
    let runs = p.submissions.len() * p.puzzles.len();
    let bar = super::progress_bar(runs, "runs");
    let reports = solitaire::grade(
        &p.submissions,
        &p.puzzles,
        &p.options,
        &p.sol,
        p.jobs,
        &|done, _| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
        },
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let confinement = Confinement::describe(
        &p.options.sandbox,
        &p.options.users,
        p.jobs,
        &p.options.limits,
    );
    let facts = report::RunFacts {
        game: asalto_solitaire::GAME,
        rules: p.sol.profile.name(),
        sandbox: p.options.sandbox.name(),
        confinement: &confinement,
        weights: &p.sol.weights,
        max_score: p.sol.max_score,
        games: p.puzzles.iter().map(|g| g.name.clone()).collect(),
    };
    super::print_reports(args, &reports, facts, out)
}
