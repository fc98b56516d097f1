//! Asalto on the command line: its line of the table of games (what it
//! reads and writes), joined here to its paths, one module per command,
//! on the Asalto engine (`asalto::replay`, `asalto::export`, ...).

use asalto::html::replay::ReplaySource;
use asalto::replay::CheckOptions;
use asalto_core::GameKind;

use super::args::common::{CommandName, Reading, Rules};
use super::args::export::Target;
#[cfg(target_os = "linux")]
use super::args::grade as grade_args;
use super::args::{diff as diff_args, export as export_args};
use super::args::{play as play_args, selfplay as selfplay_args, show as show_args};
use super::batch::Checker;
use super::checking::{Checking, Output};
use super::game::{About, GameCli, Session, Unpaged};
use super::input::Opened;
use super::out::{Out, Status, WriteError};

pub mod check;
pub mod cover;
pub mod diff;
pub mod export;
#[cfg(target_os = "linux")]
pub mod grade;
pub mod page;
pub mod play;
pub mod read;
pub mod selfplay;
pub mod show;

/// Asalto on the command line.
pub struct Asalto;

/// The profile names (one: the 2018/19 assignment's rules).
const PROFILES: &[&str] = &[asalto::Rules::Assignment2018.name()];

/// The commands it offers.
const COMMANDS: &[CommandName] = &[
    CommandName::Check,
    CommandName::Show,
    CommandName::Export,
    CommandName::Diff,
    CommandName::Play,
    CommandName::Selfplay,
    CommandName::Grade,
];

/// The options Asalto reads of those not every game reads.
const READS: &[(CommandName, &[&str])] = &[
    (CommandName::Check, &["--rebels", "--lenient"]),
    (CommandName::Show, &["--lenient"]),
    (CommandName::Export, &["--lenient", "--no-echo"]),
    (CommandName::Diff, &["--lenient"]),
    (CommandName::Play, &["--basic"]),
    (
        CommandName::Selfplay,
        &["--officers", "--rebels", "--cover"],
    ),
    (CommandName::Grade, &["--games", "--ai", "--rebels"]),
];

/// The targets of `export`: the game document, the record, the console
/// session (whole, or what a person types), the replay page.
const EXPORTS: &[Target] = &[
    Target::Json,
    Target::Text,
    Target::Transcript,
    Target::Input,
    Target::Html,
];

/// Asalto's replay options from any command's reading.
fn options(reading: &Reading) -> CheckOptions {
    CheckOptions {
        strict: reading.strict,
        lenient: reading.lenient,
        rebels: reading.rebels,
    }
}

impl GameCli for Asalto {
    fn about(&self) -> About {
        About {
            kind: GameKind::Asalto,
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
                options: options(&reading),
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
        page::replay(options(reading), path, opened, page)
    }

    fn show(
        &self,
        args: &show_args::Args,
        _file: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        show::show(args, out)
    }

    fn show_position(
        &self,
        args: &show_args::Args,
        _position: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        show::show(args, out)
    }

    fn export(
        &self,
        args: &export_args::Args,
        _file: &str,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        export::export(args, out)
    }

    fn diff(
        &self,
        args: &diff_args::Args,
        _paths: [&str; 2],
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        diff::diff(args, out)
    }

    fn selfplay(
        &self,
        args: &selfplay_args::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        selfplay::selfplay(args, out)
    }

    fn session(&self, args: &play_args::Args, _rules: Rules) -> Option<Result<Session, String>> {
        Some(Ok(play::session(args)))
    }

    #[cfg(target_os = "linux")]
    fn grade(
        &self,
        args: &grade_args::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        super::grading::drive::<grade::Asalto>(args, out)
    }
}
