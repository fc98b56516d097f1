//! Go on the command line: its line of the table of games (what it reads
//! and writes), joined here to its paths, one module per command, on the
//! `asalto-go` engine; [`load`] is the read-and-check prologue of the
//! commands that show one game.

use asalto::html::replay::ReplaySource;
use asalto_core::GameKind;
use asalto_go::{Profile, Size};

use super::args::common::{CommandName, Reading, Rules};
use super::args::export::Target;
#[cfg(target_os = "linux")]
use super::args::grade as grade_args;
use super::args::{diff as diff_args, export as export_args};
use super::args::{selfplay as selfplay_args, show as show_args};
use super::batch::Checker;
use super::checking::{Checking, Output};
use super::game::{About, GameCli, Unpaged};
use super::input::Opened;
use super::out::{Out, Status, WriteError, error};
use super::runs::COVER_GAMES;
use load::profile;

pub mod check;
pub mod diff;
pub mod export;
#[cfg(target_os = "linux")]
pub mod grade;
pub mod load;
pub mod page;
pub mod selfplay;
pub mod show;

/// Go on the command line.
pub struct Go;

/// The profile names, the default of SGF files first.
const PROFILES: &[&str] = &[
    Profile::SGF_DEFAULT.name(),
    Profile::Seed2019.name(),
    Profile::PositionalSuperko.name(),
    Profile::TrompTaylor.name(),
    Profile::Japanese.name(),
    Profile::Korean.name(),
    Profile::Chinese.name(),
    Profile::Aga.name(),
    Profile::Ing.name(),
    Profile::NewZealand.name(),
];

/// The commands it offers.
const COMMANDS: &[CommandName] = &[
    CommandName::Check,
    CommandName::Show,
    CommandName::Export,
    CommandName::Diff,
    CommandName::Selfplay,
    CommandName::Grade,
];

/// The options Go reads of those not every game reads.
const READS: &[(CommandName, &[&str])] = &[
    (
        CommandName::Check,
        &["--lenient", "--all-variations", "--variation"],
    ),
    (
        CommandName::Show,
        &["--lenient", "--territory", "--variation"],
    ),
    (CommandName::Export, &["--lenient", "--variation"]),
    (CommandName::Diff, &["--lenient"]),
    (CommandName::Selfplay, &["--size", "--komi", "--cover"]),
    (CommandName::Grade, &["--games", "--predicate"]),
];

/// The targets of `export`: the game document, canonical SGF, GTP, the
/// 2019 assignment's Prolog terms, the replay page.
const EXPORTS: &[Target] = &[
    Target::Json,
    Target::Sgf,
    Target::Gtp,
    Target::Prolog,
    Target::Html,
];

impl GameCli for Go {
    fn about(&self) -> About {
        About {
            kind: GameKind::Go,
            extension: "sgf",
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
                profile: profile(reading.rules),
                lenient: reading.lenient,
                all_variations: reading.all_variations,
                variation: reading.variation,
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
        page::replay(
            profile(reading.rules),
            reading.lenient,
            reading.variation,
            path,
            opened,
            page,
        )
    }

    fn show(
        &self,
        args: &show_args::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = show::Settings {
            profile: profile(rules),
            lenient: args.read.lenient,
            variation: args.variation.unwrap_or(0),
            ply: args.ply,
            territory: args.territory,
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
            profile: profile(rules),
            lenient: args.read.lenient,
            variation: args.variation.unwrap_or(0),
            to: args.to,
            pretty: args.pretty,
            keep_partial: args.keep_partial,
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
        let settings = diff::Settings {
            profile: profile(rules),
            lenient: args.read.lenient,
            format: args.format,
            color: args.draw.color.enabled_on_stderr(),
        };
        diff::run(paths, settings, out)
    }

    fn selfplay(
        &self,
        args: &selfplay_args::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let width = args.size.unwrap_or(19);
        let Some(size) = Size::new(width) else {
            error(&format!(
                "--size {width}: a Go board is 1 to 25 points wide"
            ));
            return Ok(Status::Error);
        };
        if args.cover && size != Size::NINETEEN {
            error(
                "--cover makes reference games for `asalto grade --game go`, whose board is 19x19: leave out --size",
            );
            return Ok(Status::Error);
        }
        // Positional superko unless asked: its games are legal under every
        // profile (a cycle cannot happen, so every game ends by two passes).
        let profile = profile(rules).unwrap_or(Profile::PositionalSuperko);
        let komi = args.komi.unwrap_or(if profile.rules().komi_counts {
            7.5
        } else {
            0.0
        });
        if !komi.is_finite() || komi.abs() > 1000.0 {
            error(&format!(
                "--komi {komi}: expected a number of points such as 6.5 or 7.5"
            ));
            return Ok(Status::Error);
        }
        let settings = selfplay::Settings {
            size,
            profile,
            komi,
            games: args.games() as usize,
            seed: args.seed,
            max_moves: match args.max_plies {
                Some(0) | None => selfplay::default_max_moves(size),
                Some(n) => n,
            },
            format: args.format,
            jobs: args.jobs,
            quiet: args.quiet,
            force: args.force,
        };
        if args.cover {
            // Judged as `grade --game go` judges them: under the profile
            // asked, else the grader's default.
            let judge = rules.map_or(Profile::Seed2019, |_| profile);
            let most = args.games.map_or(COVER_GAMES, |n| n as usize);
            return selfplay::run_cover(settings, judge, most, args.out.as_deref(), out);
        }
        selfplay::run(settings, args.out.as_deref(), out)
    }

    #[cfg(target_os = "linux")]
    fn grade(
        &self,
        args: &grade_args::Args,
        _rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        super::grading::drive::<grade::Go>(args, out)
    }
}
