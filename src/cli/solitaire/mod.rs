//! Solitaire Chess on the command line: its line of the table of games
//! (what it reads and writes), joined here to its paths, one module per
//! command (the record commands, and `solve`, `generate`, `grade` of
//! solver programs), on the `asalto-solitaire` engine, which parses,
//! checks, draws and words every problem.

use asalto::html::replay::ReplaySource;
use asalto_solitaire::Profile;

use super::args::common::{CommandName, Reading, Rules};
use super::args::export::Target;
#[cfg(target_os = "linux")]
use super::args::grade as grade_args;
use super::args::{diff as diff_args, export as export_args, generate as generate_args};
use super::args::{show as show_args, solve as solve_args};
use super::batch::Checker;
use super::checking::{Checking, Output};
use super::game::{About, GameCli, Unpaged};
use super::input::Opened;
use super::out::{Out, Status, WriteError};

pub mod check;
pub mod diff;
pub mod export;
pub mod generate;
#[cfg(target_os = "linux")]
pub mod grade;
pub mod page;
pub mod record;
pub mod show;
pub mod solve;

/// Solitaire Chess on the command line.
pub struct Solitaire;

/// The profile names, the default first.
const PROFILES: &[&str] = &[Profile::Codegolf.name(), Profile::Thinkfun.name()];

/// The commands it offers.
const COMMANDS: &[CommandName] = &[
    CommandName::Check,
    CommandName::Show,
    CommandName::Export,
    CommandName::Diff,
    CommandName::Solve,
    CommandName::Generate,
    CommandName::Grade,
];

/// The options Solitaire Chess reads of those not every game reads:
/// `--lenient` is taken (its reader reads any notation and separators
/// already, so it changes nothing).
const READS: &[(CommandName, &[&str])] = &[
    (CommandName::Check, &["--lenient"]),
    (CommandName::Show, &["--lenient"]),
    (CommandName::Export, &["--lenient", "--board-form"]),
    (CommandName::Diff, &["--lenient"]),
    (CommandName::Grade, &["--puzzles"]),
];

/// The targets of `export`: the record document, the challenge's answer
/// (the moves, the boards), the record, the replay page.
const EXPORTS: &[Target] = &[
    Target::Json,
    Target::Codegolf,
    Target::Boards,
    Target::Text,
    Target::Html,
];

/// The profile `--rules` named (one of [`PROFILES`], as the routing
/// checked); `None` lets each record's `rules:` line decide.
fn profile(rules: Rules) -> Option<Profile> {
    rules.and_then(Profile::from_name)
}

impl GameCli for Solitaire {
    fn about(&self) -> About {
        About {
            kind: asalto_core::GameKind::Solitaire,
            extension: "txt",
            profiles: PROFILES,
            commands: COMMANDS,
            reads: READS,
            exports: EXPORTS,
        }
    }

    fn checker<'a>(
        &'a self,
        reading: Reading,
        output: Output,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        Ok(Box::new(Checking {
            game: check::Check {
                rules: profile(reading.rules),
            },
            output,
        }))
    }

    fn replay(
        &self,
        reading: &Reading,
        path: &str,
        opened: Opened<'_>,
        page: &mut dyn FnMut(&dyn ReplaySource, bool),
    ) -> Result<(), Unpaged> {
        page::replay(profile(reading.rules), path, opened, page)
    }

    fn show(
        &self,
        args: &show_args::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = show::Settings {
            rules: profile(rules),
            ply: args.ply,
            format: args.format,
            color: args.draw.color.enabled_on_stderr(),
        };
        show::run(file, settings, out)
    }

    fn export(
        &self,
        args: &export_args::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = export::Settings {
            rules: profile(rules),
            to: args.to,
            pretty: args.pretty,
            keep_partial: args.keep_partial,
            board_form: args.board_form.unwrap_or_default(),
            color: args.color.enabled_on_stderr(),
        };
        export::run(file, settings, out)
    }

    fn diff(
        &self,
        args: &diff_args::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        diff::run(
            paths,
            profile(rules),
            args.format,
            args.draw.color.enabled_on_stderr(),
            out,
        )
    }

    fn solve(&self, args: &solve_args::Args, out: &mut Out) -> Result<Status, WriteError> {
        solve::run(args, out)
    }

    fn generate(&self, args: &generate_args::Args, out: &mut Out) -> Result<Status, WriteError> {
        generate::run(args, out)
    }

    #[cfg(target_os = "linux")]
    fn grade(
        &self,
        args: &grade_args::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        super::grading::drive::<grade::Solitaire>(args, out)
    }
}
