//! Go on the command line: each command's Go path is its own module; this
//! joins them to the table of games (`super::games`) and holds what they
//! share: the profiles and the read-and-check prologue.

use asalto_core::GameKind;
use asalto_go::replay::{CheckOptions, Checked, Tally};
use asalto_go::{Profile, Size};

use super::batch::Checker;
use super::games::{About, GameCli, PageChecker, Rules};
use super::input::{Shown, read_bytes, shown_name};
use super::{Out, Status, WriteError, check as check_cmd, diff as diff_cmd, error, report};
use super::{export as export_cmd, html, selfplay as selfplay_cmd, show as show_cmd};

pub mod check;
pub mod diff;
pub mod export;
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
];

/// The profile `--rules` named (one of [`PROFILES`], as the routing
/// checked), else the SGF default.
fn profile(rules: Rules) -> Profile {
    rules
        .and_then(Profile::from_name)
        .unwrap_or(Profile::SGF_DEFAULT)
}

impl GameCli for Go {
    fn about(&self) -> About {
        About {
            kind: GameKind::Go,
            extension: "sgf",
            profiles: PROFILES,
        }
    }

    fn checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
        full: bool,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        if args.rebels.is_some() {
            return Err("--rebels is about Asalto's rebels: Go records have none".into());
        }
        Ok(Box::new(check::Settings {
            profile: profile(rules),
            lenient: args.lenient,
            all_variations: args.all_variations,
            format: args.text_format(),
            details: full,
            quiet: args.quiet,
            color: args.color.enabled(),
        }))
    }

    fn show(
        &self,
        args: &show_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = show::Settings {
            profile: profile(rules),
            lenient: args.read.lenient,
            ply: args.ply,
            territory: args.territory,
            format: args.format,
            color: args.draw.color.enabled_on_stderr(),
        };
        show::run(file, settings, out)
    }

    fn export(
        &self,
        args: &export_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = export::Settings {
            profile: profile(rules),
            lenient: args.read.lenient,
            to: args.to,
            pretty: args.pretty,
            keep_partial: args.keep_partial,
            color: args.color.enabled_on_stderr(),
        };
        export::run(file, settings, out)
    }

    fn page(
        &self,
        args: &export_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        html::go_page(file, profile(rules), args.read, args.ply, out)
    }

    fn page_checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
    ) -> Result<PageChecker<'a>, String> {
        let (profile, lenient) = (profile(rules), args.lenient);
        Ok(html::pages(move |path, opened| {
            html::go_entry(path, opened, profile, lenient)
        }))
    }

    fn diff(
        &self,
        args: &diff_cmd::Args,
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
        args: &selfplay_cmd::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        if args.officers.is_some()
            || args.rebels.is_some()
            || args.red.is_some()
            || args.blue.is_some()
            || args.first.is_some()
        {
            error(
                "--officers, --rebels, --red, --blue and --first choose other games' players; Go's are random players that do not fill their own eyes",
            );
            return Ok(Status::Error);
        }
        let Some(size) = Size::new(args.size) else {
            error(&format!(
                "--size {}: a Go board is 1 to 25 points wide",
                args.size
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
        let profile = match rules {
            Some(_) => profile(rules),
            None => Profile::PositionalSuperko,
        };
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
            let most = args.games.map_or(super::cover::COVER_GAMES, |n| n as usize);
            return selfplay::run_cover(settings, judge, most, args.out.as_deref(), out);
        }
        selfplay::run(settings, args.out.as_deref(), out)
    }
}

/// A Go record read and checked for the commands that show one game
/// (keeping no ply: see [`load`]).
pub struct Loaded {
    /// The file's path as given (`-`: standard input).
    pub path: String,
    /// The record checked.
    pub checked: Checked<'static, Tally>,
}

impl Loaded {
    /// The file's name as messages show it (escaped once, here).
    pub fn name(&self) -> Shown<'_> {
        Shown::of(&self.path)
    }

    /// For a record with an error, print `check`'s report of it on
    /// standard error (every problem quoted at its line:column, with its
    /// code, label and help, and the board before the first illegal
    /// move), and say so; `color` colours the report.
    pub fn report_errors(&self, profile: Profile, color: bool) -> bool {
        if self.checked.is_valid() {
            return false;
        }
        // The report escapes the name it is given.
        report(&check::report(
            shown_name(&self.path),
            &self.checked,
            profile,
            color,
        ));
        true
    }
}

/// Read the record at `path` and check its main line under `profile`,
/// keeping no ply, only what `tally` asks (the positions after some
/// numbers of moves, the moves as written) and what a report needs: the
/// prologue of `show`, `export` and `diff`, which hold a record of
/// millions of moves in about the memory of its text (`export` replays
/// the moves again as it writes them). An unreadable file is reported
/// here and gives the status to exit with (2).
pub fn load(path: &str, profile: Profile, lenient: bool, tally: Tally) -> Result<Loaded, Status> {
    let bytes = read_bytes(path).map_err(|message| {
        error(&message);
        Status::Error
    })?;
    let checked = asalto_go::replay::check_tally_owned(bytes, &options(profile, lenient), tally);
    Ok(Loaded {
        path: path.to_string(),
        checked,
    })
}

/// How `show`, `export` and `diff` check a record: its main line.
pub fn options(profile: Profile, lenient: bool) -> CheckOptions {
    CheckOptions {
        profile: Some(profile),
        lenient,
        all_variations: false,
    }
}
