//! Mad Bishops on the command line: its line of the table of games (what
//! it reads and writes: `--first`, `--rules steere|report`), joined here to
//! its paths, one module per command, on the `asalto-madbishops` engine;
//! the console game is here too, as `play --game madbishops`.

use asalto::html::replay::ReplaySource;
use asalto_core::GameKind;
use asalto_madbishops::player::Player;
use asalto_madbishops::{Notation, Profile, Side};

use super::args::common::{CommandName, Reading, Rules};
use super::args::export::Target;
use super::args::grade as grade_args;
use super::args::{diff as diff_args, export as export_args, play as play_args};
use super::args::{selfplay as selfplay_args, show as show_args};
use super::batch::Checker;
use super::checking::{Checking, Output};
use super::game::{About, GameCli, Session, Unpaged};
use super::input::Opened;
use super::out::{Out, Status, WriteError};
use record::settings;

pub mod check;
pub mod diff;
pub mod export;
#[cfg(target_os = "linux")]
pub mod grade;
pub mod page;
pub mod play;
pub mod record;
pub mod selfplay;
pub mod show;

/// Mad Bishops on the command line.
pub struct MadBishops;

/// The profile names, the default (the designer's rules) first.
const PROFILES: &[&str] = &[Profile::Steere.name(), Profile::Report.name()];

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

/// The options Mad Bishops reads of those not every game reads.
const READS: &[(CommandName, &[&str])] = &[
    (CommandName::Check, &["--first"]),
    (CommandName::Show, &["--first", "--report"]),
    (CommandName::Export, &["--first", "--notation"]),
    (CommandName::Diff, &["--first"]),
    (
        CommandName::Play,
        &[
            "--first",
            "--red",
            "--blue",
            "--depth",
            "--notation",
            "--max-plies",
        ],
    ),
    (CommandName::Selfplay, &["--red", "--blue", "--first"]),
    (CommandName::Grade, &["--games", "--predicate", "--adapter"]),
];

/// The targets of `export`: the game document, the record, the report's
/// Prolog board, the replay page.
const EXPORTS: &[Target] = &[Target::Json, Target::Text, Target::Prolog, Target::Html];

impl GameCli for MadBishops {
    fn about(&self) -> About {
        About {
            kind: GameKind::MadBishops,
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
                settings: settings(&reading),
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
        page::replay(settings(reading), path, opened, page)
    }

    fn show(
        &self,
        args: &show_args::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = settings(&args.reading(rules));
        show::run(file, settings, show_request(args), out)
    }

    fn show_position(
        &self,
        args: &show_args::Args,
        position: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = settings(&args.reading(rules));
        show::run_position(position, settings, show_request(args), out)
    }

    fn export(
        &self,
        args: &export_args::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let request = export::Request {
            to: args.to,
            notation: args.notation.unwrap_or(Notation::Algebraic),
            pretty: args.pretty,
            keep_partial: args.keep_partial,
            color: args.color.enabled_on_stderr(),
        };
        export::run(file, settings(&args.reading(rules)), request, out)
    }

    fn diff(
        &self,
        args: &diff_args::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        diff::run(paths, settings(&args.reading(rules)), args.format, out)
    }

    fn selfplay(
        &self,
        args: &selfplay_args::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = selfplay::Settings {
            red: args.red.unwrap_or(Player::Random),
            blue: args.blue.unwrap_or(Player::Random),
            profile: rules.and_then(Profile::from_name).unwrap_or_default(),
            first: args.first.unwrap_or(Side::Red),
            games: args.games() as usize,
            seed: args.seed,
            max_plies: args.max_plies.unwrap_or(1000),
            out: args.out.clone(),
            force: args.force,
            format: args.format,
            jobs: args.jobs.unwrap_or(0),
            quiet: args.quiet,
        };
        selfplay::run(&settings, out)
    }

    fn session(&self, args: &play_args::Args, rules: Rules) -> Option<Result<Session, String>> {
        Some(Ok(play::session(args, rules)))
    }

    #[cfg(target_os = "linux")]
    fn grade(
        &self,
        args: &grade_args::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        super::grading::drive::<grade::MadBishopsGrade>(args, out)
    }
}

/// What `show` asks of a Mad Bishops record or position.
fn show_request(args: &show_args::Args) -> show::Request {
    show::Request {
        ply: args.ply,
        format: args.format,
        report: args.report,
    }
}
