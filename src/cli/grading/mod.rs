//! The one driver of `grade`, whatever the assignment: a game brings
//! what it grades ([`Graded`]: its options checked, its reference set
//! read, the grading itself, what its reports name and how it draws a
//! position); the driver prepares, grades under a progress bar, and
//! prints the reports in every format (HTML pages: [`pages`]), with the
//! exit status. Linux only, as the grading is.

use std::io::IsTerminal;

use asalto::grade::coverage::CoverageFacts;
use asalto::grade::{
    CheckKind, Confinement, Options, Submission, SubmissionReport, Weights, report,
};

use super::args::grade::{Args, GradeFormat};
use super::out::{Out, Status, WriteError, error};

pub mod files;
pub mod pages;

/// What a graded game brings to the one driver of `grade` ([`drive`]): its
/// options checked and its material read, the grading, and what its
/// reports name. The rest is shared: submissions, confinement and limits,
/// the progress bar, the report formats and the exit status.
pub trait Graded: Sized {
    /// The game's checks.
    type Kind: CheckKind;
    /// What one step of the progress bar counts.
    const STEPS: &'static str;
    /// Everything read and checked before anyone is graded: a usage
    /// error, a reference that cannot be read, a command that cannot start
    /// stop here, with a message.
    fn prepare(args: &Args) -> Result<Prepared<Self>, String>;
    /// The steps of the progress bar for `submissions` submissions.
    fn steps(&self, submissions: usize, options: &Options) -> usize;
    /// Grade every submission of `run`.
    fn grade(&self, run: Run<'_>) -> Vec<SubmissionReport<Self::Kind>>;
    /// The game and the rule profile the reports name.
    fn names(&self) -> (&'static str, &'static str);
    /// The weights of the checks and full marks.
    fn scoring<'a>(&'a self, options: &'a Options) -> (&'a Weights<Self::Kind>, f64);
    /// The names of the reference games (puzzles), in order.
    fn games(&self) -> Vec<String>;
    /// What the reference set reaches of the game's rule situations.
    fn coverage(&self) -> CoverageFacts;
    /// `grade --coverage`: the reference set of `args` read as
    /// [`Graded::prepare`] reads it, and what it reaches, with the game and
    /// the rule profile; no program is looked at.
    fn coverage_only(args: &Args) -> Result<(CoverageFacts, &'static str, &'static str), String>;
    /// A failure's position drawn as the game draws it (`show --format
    /// svg`), for the HTML report; `None`: shown as the report's text
    /// board.
    fn board(failure: &report::Failure) -> Option<String>;
}

/// What a game grades: the submissions, the shared options, how many run
/// at a time, and `progress(done, total)` to call after each step.
pub struct Run<'a> {
    pub submissions: &'a [Submission],
    pub options: &'a Options,
    pub jobs: usize,
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
}

/// A game ready to grade, with its submissions and the shared options.
pub struct Prepared<G> {
    pub game: G,
    pub submissions: Vec<Submission>,
    pub options: Options,
    pub jobs: usize,
}

/// Grade with game `G`: prepare, grade under a progress bar, print.
pub fn drive<G: Graded>(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.coverage {
        return coverage_only::<G>(args, out);
    }
    let p = match G::prepare(args).and_then(|p| html_folder(args).map(|()| p)) {
        Ok(prepared) => prepared,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    // Said before anyone is graded: the run may be long.
    let coverage = p.game.coverage();
    if let Some(warning) = coverage.warning() {
        error(&warning);
    }
    let bar = progress_bar(p.game.steps(p.submissions.len(), &p.options), G::STEPS);
    let reports = p.game.grade(Run {
        submissions: &p.submissions,
        options: &p.options,
        jobs: p.jobs,
        progress: &|done, _| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
        },
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let confinement = Confinement::describe(
        &p.options.sandbox,
        &p.options.users,
        p.jobs,
        &p.options.limits,
    );
    let (game, rules) = p.game.names();
    let (weights, max_score) = p.game.scoring(&p.options);
    let facts = report::RunFacts {
        game,
        rules,
        sandbox: p.options.sandbox.name(),
        confinement: &confinement,
        weights,
        max_score,
        games: p.game.games(),
        coverage: Some(&coverage),
    };
    print_reports(args, &reports, facts, &G::board, out)
}

/// With `--format html`, before anyone is graded: the folder is named and
/// can take a report (see [`pages::report_folder`]).
fn html_folder(args: &Args) -> Result<(), String> {
    if args.format != GradeFormat::Html {
        return Ok(());
    }
    let Some(dir) = &args.out else {
        return Err("--format html writes pages: name their folder with --out DIR".into());
    };
    pages::report_folder(dir).map(|_| ())
}

/// The JSON document of `grade --coverage`.
#[derive(serde::Serialize)]
struct CoverageDoc<'a> {
    /// `asalto-grade-coverage`, its version, the game and the profile.
    #[serde(flatten)]
    head: asalto_core::json::Head,
    /// The reference games (puzzles), in the order they are graded.
    games: &'a [String],
    /// What they reach.
    coverage: &'a CoverageFacts,
}

/// `grade --coverage`: what the reference set reaches, for people or as
/// JSON; exit 1 when a situation is missing.
fn coverage_only<G: Graded>(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    let (facts, game, rules) = match G::coverage_only(args) {
        Ok(found) => found,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    match args.format {
        GradeFormat::Human => {
            out.write(&format!(
                "{} (game {game}, rules {rules}): {}",
                facts.items,
                facts.report.text()
            ))?;
            if facts.incomplete() {
                out.line(&format!(
                    "`{}` writes a set that reaches every situation",
                    facts.fix
                ))?;
            }
        }
        GradeFormat::Json => {
            let doc = CoverageDoc {
                head: asalto_core::json::Head::new("asalto-grade-coverage", 1, game, rules),
                games: &facts.names,
                coverage: &facts,
            };
            out.line(&serde_json::to_string_pretty(&doc).unwrap_or_default())?;
        }
        _ => {
            error("--coverage prints a report for people or, with --format json, a JSON document");
            return Ok(Status::Error);
        }
    }
    Ok(if facts.incomplete() {
        Status::Failure
    } else {
        Status::Success
    })
}

/// A progress bar on a terminal, for more than one unit of work.
fn progress_bar(units: usize, what: &str) -> Option<indicatif::ProgressBar> {
    (std::io::stderr().is_terminal() && units > 1).then(|| {
        let bar = indicatif::ProgressBar::new(units as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{bar:40.cyan/blue}} {{pos}}/{{len}} {what}, {{elapsed}} (eta {{eta}})"
            ))
            .expect("valid template"),
        );
        bar
    })
}

/// Print the reports in the chosen format; the exit status.
fn print_reports<K: CheckKind>(
    args: &Args,
    reports: &[SubmissionReport<K>],
    facts: report::RunFacts<'_, K>,
    board: &dyn Fn(&report::Failure) -> Option<String>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let kinds: Vec<K> = K::ALL
        .iter()
        .copied()
        .filter(|k| {
            reports
                .iter()
                .any(|r| r.checks.iter().any(|c| c.kind == *k))
        })
        .collect();
    match args.format {
        GradeFormat::Human => {
            if reports.len() == 1 {
                out.write(&report::human_details(&reports[0]))?;
            } else {
                out.write(&report::human_table(reports, &kinds))?;
                if args.details {
                    for r in reports.iter().filter(|r| !r.full_marks) {
                        out.line("")?;
                        out.write(&report::human_details(r))?;
                    }
                }
            }
            out.line("")?;
            out.write(&report::human_confinement(facts.confinement))?;
            if let Some(coverage) = facts.coverage {
                out.write(&coverage.human())?;
            }
        }
        GradeFormat::Json => out.line(&report::json(reports, facts))?,
        GradeFormat::Gradescope => out.line(&report::gradescope(&reports[0]))?,
        GradeFormat::Csv => out.write(&report::csv(reports, &kinds))?,
        GradeFormat::Html => {
            let Some(dir) = &args.out else {
                error("--format html writes pages: name their folder with --out DIR");
                return Ok(Status::Error);
            };
            match pages::write(dir, reports, &kinds, &facts, board) {
                Ok(pages) => out.line(&format!(
                    "wrote {pages} pages into {} (open index.html)",
                    asalto::text::escape_line(&dir.display().to_string())
                ))?,
                Err(message) => {
                    error(&message);
                    return Ok(Status::Error);
                }
            }
        }
    }
    // A submission the grader could not grade is an error of the run
    // (status 2), never a score: said on standard error too, whatever the
    // format.
    let ungraded: Vec<&SubmissionReport<K>> =
        reports.iter().filter(|r| r.not_graded.is_some()).collect();
    for r in &ungraded {
        if let Some(n) = &r.not_graded {
            error(&format!(
                "{}: not graded: {}",
                asalto::text::escape_line(&r.name),
                n.detail
            ));
        }
    }
    Ok(if !ungraded.is_empty() {
        Status::Error
    } else if reports.iter().all(|r| r.full_marks) {
        Status::Success
    } else {
        Status::Failure
    })
}
