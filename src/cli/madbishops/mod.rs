//! Mad Bishops on the command line: its line of the table of games
//! (`super::games`, which tells a Mad Bishops record by `--game
//! madbishops`, its first move, or a Mad Bishops rule profile for a file
//! that looks like no game's), the options of the game (`--rules
//! steere|report`, `--first red|blue`), and reading a record. Each
//! command's Mad Bishops path is its own module, on the
//! `asalto-madbishops` engine; the console game is here too, as `play
//! --game madbishops`.

use asalto_core::GameKind;
use asalto_madbishops::player::Player;
use asalto_madbishops::replay::CheckOptions;
use asalto_madbishops::{Board, Notation, Profile, Side};

use super::batch::Checker;
use super::games::{About, GameCli, PageChecker, Rules};
use super::input::{not_utf8_text, read_bytes_within};
use super::{Out, Status, WriteError, check as check_cmd, diff as diff_cmd, error};
use super::{export as export_cmd, selfplay as selfplay_cmd, show as show_cmd};

pub mod check;
pub mod diff;
pub mod export;
pub mod page;
pub mod play;
pub mod selfplay;
pub mod show;

/// The options only Mad Bishops has, shared by the commands that read its
/// records.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct BishopsArgs {
    /// Mad Bishops: who moves first, `red` (the report's rule, the default)
    /// or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub first: Option<Side>,
}

/// Parse `red` / `blue`.
pub fn parse_side(s: &str) -> Result<Side, String> {
    Side::from_name(s).ok_or_else(|| format!("`{s}`: expected red or blue"))
}

/// Parse `steere` / `report`.
pub fn parse_profile(s: &str) -> Result<Profile, String> {
    Profile::from_name(s).ok_or_else(|| format!("`{s}`: expected steere or report"))
}

/// How a Mad Bishops record is read: the rule profile, who moves first,
/// how strict the format is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The rule profile (`steere` by default).
    pub profile: Profile,
    /// Who moves first (red by default).
    pub first: Side,
    /// Format deviations are errors.
    pub strict: bool,
}

impl Settings {
    /// The replay options: the report's setup, this profile and first side.
    pub fn options(self) -> CheckOptions {
        CheckOptions {
            profile: self.profile,
            first: self.first,
            setup: Board::report_setup(),
            strict: self.strict,
        }
    }
}

/// Mad Bishops on the command line.
pub struct MadBishops;

/// The profile names, the default (the designer's rules) first.
const PROFILES: &[&str] = &[Profile::Steere.name(), Profile::Report.name()];

impl BishopsArgs {
    /// The options of this group given (`--first`), for
    /// [`only_for_bishops`].
    pub fn used(self) -> Vec<&'static str> {
        let mut used = Vec::new();
        if self.first.is_some() {
            used.push("--first");
        }
        used
    }

    /// How to read a record under the profile `rules` (one of
    /// [`PROFILES`], as the routing checked; else the default).
    fn settings(self, rules: Rules, strict: bool) -> Settings {
        Settings {
            profile: rules.and_then(Profile::from_name).unwrap_or_default(),
            first: self.first.unwrap_or(Side::Red),
            strict,
        }
    }
}

/// A usage error when options only Mad Bishops reads (`used`, such as
/// `--first`) are given and none of the command's files (of `games`) is a
/// Mad Bishops record.
pub fn only_for_bishops(games: &[GameKind], used: &[&str]) -> Result<(), String> {
    if used.is_empty() || games.contains(&GameKind::MadBishops) {
        return Ok(());
    }
    Err(format!(
        "{} {} for Mad Bishops records (add --game madbishops)",
        used.join(", "),
        if used.len() == 1 { "is" } else { "are" }
    ))
}

/// A usage error for the `check` options of other games (the same for the
/// text and the HTML report).
fn refuse_others(args: &check_cmd::Args) -> Result<(), String> {
    if args.rebels.is_some() || args.lenient || args.all_variations {
        return Err(
            "--rebels, --lenient and --all-variations are not for Mad Bishops records".into(),
        );
    }
    Ok(())
}

impl GameCli for MadBishops {
    fn about(&self) -> About {
        About {
            kind: GameKind::MadBishops,
            extension: "txt",
            profiles: PROFILES,
        }
    }

    fn checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
        full: bool,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        refuse_others(args)?;
        Ok(Box::new(check::Report {
            settings: args.bishops.settings(rules, args.strict),
            format: args.text_format(),
            full,
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
        let settings = args.bishops.settings(rules, args.read.strict);
        show::run(file, settings, show_request(args), out)
    }

    fn show_position(
        &self,
        args: &show_cmd::Args,
        position: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = args.bishops.settings(rules, args.read.strict);
        show::run_position(position, settings, show_request(args), out)
    }

    fn export(
        &self,
        args: &export_cmd::Args,
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
        let settings = args.bishops.settings(rules, args.read.strict);
        export::run(file, settings, request, out)
    }

    fn page(
        &self,
        args: &export_cmd::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = args.bishops.settings(rules, args.read.strict);
        page::export(file, settings, args.ply, out)
    }

    fn page_checker<'a>(
        &'a self,
        args: &'a check_cmd::Args,
        rules: Rules,
    ) -> Result<PageChecker<'a>, String> {
        refuse_others(args)?;
        let settings = args.bishops.settings(rules, args.strict);
        Ok(super::html::pages(move |path, opened| {
            page::entry(path, opened, settings)
        }))
    }

    fn diff(
        &self,
        args: &diff_cmd::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let settings = args.bishops.settings(rules, args.read.strict);
        diff::run(paths, settings, args.format, out)
    }

    fn selfplay(
        &self,
        args: &selfplay_cmd::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        if args.officers.is_some() || args.rebels.is_some() {
            error("--officers and --rebels are Asalto's sides: Mad Bishops has --red and --blue");
            return Ok(Status::Error);
        }
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
}

/// What `show` asks of a Mad Bishops record or position.
fn show_request(args: &show_cmd::Args) -> show::Request {
    show::Request {
        ply: args.ply,
        format: args.format,
        report: args.report,
    }
}

/// The largest record `show`, `export`, `diff`, the replay pages and
/// `play`'s load read (`check` reads any length a line at a time, keeping
/// no move): a game capped at thousands of moves is tens of KiB, the
/// longest `play` and `selfplay` make ([`HARD_MAX_PLIES`]) about 1.2 MB;
/// this bounds memory on hostile input. Those commands show or write
/// every move, so they parse the record whole, about 96 bytes a move
/// held: at 16 MiB, a file of one short move repeated took 240 MB; at
/// 4 MiB, about a quarter of that.
pub const MAX_FILE: u64 = 4 << 20;

/// Read `path` (`-`: standard input) as UTF-8 text, up to [`MAX_FILE`]
/// bytes; the error says where a byte that is not UTF-8 is.
pub fn read_text(path: &str) -> Result<String, String> {
    let bytes = read_bytes_within(path, MAX_FILE)?;
    String::from_utf8(bytes).map_err(|e| not_utf8_text(path, e.as_bytes(), e.utf8_error()))
}

/// The bytes of the record at `path` as UTF-8 text; the error says where
/// a byte that is not UTF-8 is.
pub fn utf8_text<'a>(path: &str, bytes: &'a [u8]) -> Result<&'a str, String> {
    std::str::from_utf8(bytes).map_err(|e| not_utf8_text(path, bytes, e))
}

/// The move cap of `--max-plies 0`: nothing in the rules ends a game in
/// which nobody captures (under `report` two cautious players may never
/// do so), so "no limit" still stops somewhere.
pub const HARD_MAX_PLIES: usize = 100_000;

/// The move cap of `--max-plies N`: `N`, or [`HARD_MAX_PLIES`] for 0.
pub fn move_cap(n: usize) -> usize {
    if n == 0 { HARD_MAX_PLIES } else { n }
}

/// Moves listed per line after `legal moves (N):`.
const MOVES_PER_LINE: usize = 12;

/// `legal moves (N): a, b, ...` wrapped every [`MOVES_PER_LINE`] moves
/// (continuation lines indented), with a newline.
pub fn legal_moves_text(moves: &[asalto_madbishops::Move]) -> String {
    let lines: Vec<String> = moves
        .chunks(MOVES_PER_LINE)
        .map(|chunk| asalto_madbishops::join(chunk, asalto_madbishops::Notation::Algebraic))
        .collect();
    format!("legal moves ({}): {}\n", moves.len(), lines.join(",\n  "))
}
