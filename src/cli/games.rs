//! The one table of the games the command line reads, and the routing
//! every command takes to reach one: which game a file is, which profile
//! `--rules` names, and which options a game does not read.
//!
//! Each game's command-line paths are a folder `src/cli/<game>/`
//! implementing [`GameCli`]; [`GAMES`] lists them. A command asks [`route`]
//! (one game for `show`, `export`, `diff`, `selfplay`, `play`, `solve`,
//! `generate`, `grade`; `check` tells each file's game as it reads it, in
//! its batch) and calls the game's method.
//! The game of a file is `--game`, else its extension, else its content
//! ([`GameKind::tell`]; standard input by its content); only a file that
//! looks like no game's takes the default: the game whose profile
//! `--rules` names, else the first game of the table (Asalto, what every
//! command did before there were other games). An option given that the
//! game does not read, or an export target it does not write, is refused
//! here by the game's [`About`], in the same words for every game.

use std::path::Path;

use asalto_core::GameKind;

use super::args::common::{CommandName, GameArgs, Given, Rules};
use super::args::export::Target;
use super::game::{GameCli, title, unavailable};
use super::input;

/// The games the command line reads, one line each, in the order of
/// [`GameKind::ALL`] (so every game has its line: the length is checked by
/// the compiler, the order by a test). Asalto first: the game of a file
/// nothing else claims.
pub const GAMES: [&dyn GameCli; GameKind::ALL.len()] = [
    &super::asalto::Asalto,
    &super::go::Go,
    &super::solitaire::Solitaire,
    &super::madbishops::MadBishops,
];

/// The command-line paths of `game`.
pub fn cli(game: GameKind) -> &'static dyn GameCli {
    GAMES[game as usize]
}

/// The game of `path` as its name or content tells (`None`: it looks like
/// no game's): a folder by the records inside (a single game's
/// extension), standard input and files by [`GameKind::tell`].
fn told(path: &str) -> Option<&'static dyn GameCli> {
    let p = Path::new(path);
    let kind = if path != "-" && p.is_dir() {
        folder_game(p)
    } else {
        GameKind::tell(path, &input::head(path))
    };
    kind.map(cli)
}

/// The game of `command` when nothing else names one (a file that looks
/// like no game's, no file at all): the one whose profile `--rules`
/// names, else the first of the table that offers the command.
fn default_game(command: CommandName, rules: Option<&str>) -> &'static dyn GameCli {
    owner(rules)
        .or_else(|| GAMES.iter().copied().find(|g| g.offers(command)))
        .unwrap_or(GAMES[0])
}

/// The game whose profile `--rules` names, if any.
pub fn owner(rules: Option<&str>) -> Option<&'static dyn GameCli> {
    rules.and_then(|r| GAMES.iter().copied().find(|g| g.profiles().contains(&r)))
}

/// The game of a folder: the one game whose records it holds (by
/// extension), `None` for none or several.
fn folder_game(dir: &Path) -> Option<GameKind> {
    let mut found: Option<GameKind> = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let Some(game) = record_game(&entry.path()) else {
            continue;
        };
        match found {
            None => found = Some(game.kind()),
            Some(kind) if kind != game.kind() => return None,
            Some(_) => {}
        }
    }
    found
}

/// The game whose records have the extension of `path` (any case).
fn record_game(path: &Path) -> Option<&'static dyn GameCli> {
    let extension = path.extension()?.to_str()?;
    GAMES
        .iter()
        .copied()
        .find(|g| g.extension().eq_ignore_ascii_case(extension))
}

/// `a, b and c`.
fn and_list<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.into_iter().collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `a, b, c`.
fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// The profile of `game` for `--rules` (`None` without), or a usage
/// error naming the game the profile belongs to, if any.
pub fn profile(game: &dyn GameCli, rules: Option<&str>) -> Result<Rules, String> {
    let profiles = game.profiles();
    let Some(name) = rules else {
        return Ok(None);
    };
    if let Some(p) = profiles.iter().find(|p| **p == name) {
        return Ok(Some(p));
    }
    let owner = owner(Some(name));
    let owned = owner
        .map(|g| format!(", it is {}'s", title(g.kind())))
        .unwrap_or_default();
    let game_name = title(game.kind());
    // The way to the profile's game, when there is one.
    let hint = owner
        .map(|g| format!("; for {} files add --game {}", title(g.kind()), g.kind()))
        .unwrap_or_default();
    Err(format!(
        "`{}` is not {} {game_name} rule profile{owned} ({game_name}'s {} {}{hint})",
        asalto::text::escape_line(name),
        if game_name.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        },
        if profiles.len() == 1 { "is" } else { "are" },
        names(profiles.iter().copied()),
    ))
}

/// Where a command goes: a game and its profile.
#[derive(Clone, Copy)]
pub struct Route {
    /// The game's paths.
    pub game: &'static dyn GameCli,
    /// The rule profile, one of the game's.
    pub rules: Rules,
}

/// Where `command` goes, or a usage error: the game `--game` names, else
/// the one of `files` (none for the commands that read no record), else
/// [`default_game`]; refused when files are of two games, when the game
/// does not offer the command, when `--rules` names a profile of another
/// game, or when an option `given` is not the game's ([`refused`]).
pub fn route(
    args: &GameArgs,
    files: &[&str],
    command: CommandName,
    given: &[Given],
) -> Result<Route, String> {
    let game = match args.game {
        Some(kind) => cli(kind),
        None => {
            let default = default_game(command, args.rules.as_deref());
            let games: Vec<&dyn GameCli> =
                files.iter().map(|f| told(f).unwrap_or(default)).collect();
            if let Some(i) = games.iter().position(|g| g.kind() != games[0].kind()) {
                return Err(format!(
                    "the files are of two games: {} ({}) and {} ({}); name the game with --game",
                    asalto::text::escape_line(files[0]),
                    title(games[0].kind()),
                    asalto::text::escape_line(files[i]),
                    title(games[i].kind()),
                ));
            }
            games.first().copied().unwrap_or(default)
        }
    };
    if !game.offers(command) {
        return Err(unavailable(game.kind(), command));
    }
    let rules = profile(game, args.rules.as_deref())?;
    if let Some(message) = refused(command, given, &[game.kind()], true) {
        return Err(message);
    }
    Ok(Route { game, rules })
}

/// The games that read `option` in `command`.
fn readers(command: CommandName, option: &str) -> Vec<&'static dyn GameCli> {
    GAMES
        .iter()
        .copied()
        .filter(|g| g.reads(command, option))
        .collect()
}

/// The usage error for the options `given` (of those not every game
/// reads) in `command` over files of the games `met` (every file's game
/// met, when `finished`), if any: a setting of some games' records that
/// no game of `met` reads ("--first is for Mad Bishops records (add
/// --game madbishops)"), then a way of reading that a game of `met` does
/// not read ("--lenient is not for Mad Bishops records"). A command of
/// one game has that one game in `met`, finished. `None` while a setting
/// might still meet its reader (see [`undecided`] for what may still be
/// refused).
pub fn refused(
    command: CommandName,
    given: &[Given],
    met: &[GameKind],
    finished: bool,
) -> Option<String> {
    let noun = if command.reads_records() {
        " records"
    } else {
        ""
    };
    // Each setting of some games' records that no game met reads,
    // grouped by the games that read it.
    let unread: Vec<&Given> = given
        .iter()
        .filter(|o| !o.every_file && !met.iter().any(|g| cli(*g).reads(command, o.name)))
        .collect();
    if let Some(first) = unread.first() {
        if !finished {
            return None;
        }
        let owners = readers(command, first.name);
        let same: Vec<&str> = unread
            .iter()
            .filter(|o| {
                readers(command, o.name)
                    .iter()
                    .map(|g| g.kind())
                    .eq(owners.iter().map(|g| g.kind()))
            })
            .map(|o| o.name)
            .collect();
        let verb = if same.len() == 1 { "is" } else { "are" };
        let options = and_list(same.iter().copied());
        return Some(match owners.as_slice() {
            [] => format!("{options} {verb} not for{noun} of this game"),
            [one] => format!(
                "{options} {verb} for {}{noun} (add --game {})",
                title(one.kind()),
                one.kind()
            ),
            several => format!(
                "{options} {verb} for {}{noun} (add --game {})",
                and_list(several.iter().map(|g| title(g.kind()))),
                several
                    .iter()
                    .map(|g| g.kind().name())
                    .collect::<Vec<_>>()
                    .join(" or --game ")
            ),
        });
    }
    // A way of reading records must suit every file's game.
    for game in met {
        let game = cli(*game);
        let not: Vec<&str> = given
            .iter()
            .filter(|o| o.every_file && !game.reads(command, o.name))
            .map(|o| o.name)
            .collect();
        if !not.is_empty() {
            return Some(format!(
                "{} {} not for {}{noun}",
                and_list(not.iter().copied()),
                if not.len() == 1 { "is" } else { "are" },
                title(game.kind())
            ));
        }
    }
    None
}

/// Whether the options `given` in `command` may still be refused over a
/// batch whose files are not all met: a setting that no game of `met`
/// reads may meet its reader, a way of reading may meet a game that does
/// not read it.
pub fn undecided(command: CommandName, given: &[Given], met: &[GameKind]) -> bool {
    given.iter().any(|o| {
        if o.every_file {
            GAMES.iter().any(|g| !g.reads(command, o.name))
        } else {
            !met.iter().any(|g| cli(*g).reads(command, o.name))
        }
    })
}

/// Whether `export` of `game`'s record at `path` may write `target`, or
/// the usage error: the games that write it, and `--game` only when the
/// file looks like one of theirs (an Asalto record is not made SGF by
/// naming another game).
pub fn export_target(game: &dyn GameCli, target: Target, path: &str) -> Result<(), String> {
    if game.writes(target) {
        return Ok(());
    }
    let writers: Vec<&dyn GameCli> = GAMES.iter().copied().filter(|g| g.writes(target)).collect();
    let looks = GameKind::tell(path, &input::head(path));
    let hint = writers
        .iter()
        .find(|g| Some(g.kind()) == looks)
        .map(|g| format!(" (name the game with --game {})", g.kind()))
        .unwrap_or_default();
    let own: Vec<&str> = game.about().exports.iter().map(|t| t.name()).collect();
    Err(format!(
        "--to {} is for {} records{hint}; {} records export to {}",
        target.name(),
        and_list(writers.iter().map(|g| title(g.kind()))),
        title(game.kind()),
        or_list(&own),
    ))
}

/// `a, b or c`.
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The extensions of every game's records, each once.
pub fn extensions() -> Vec<&'static str> {
    let mut e: Vec<&str> = Vec::new();
    for g in GAMES {
        if !e.contains(&g.extension()) {
            e.push(g.extension());
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::game_options;

    #[test]
    fn every_game_has_its_line_in_the_order_of_its_kind() {
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i, "{kind}");
            assert_eq!(GAMES[i].kind(), kind);
            assert_eq!(cli(kind).kind(), kind);
            // The default profile of each game is its own.
            assert!(!GAMES[i].profiles().is_empty(), "{kind}");
            assert_eq!(
                default_game(CommandName::Check, GAMES[i].profiles().first().copied()).kind(),
                kind
            );
        }
        assert_eq!(
            default_game(CommandName::Check, None).kind(),
            GameKind::Asalto
        );
        assert_eq!(
            default_game(CommandName::Show, Some("no-such-profile")).kind(),
            GameKind::Asalto
        );
        // A command only one game offers goes to that game.
        assert_eq!(
            default_game(CommandName::Solve, None).kind(),
            GameKind::Solitaire
        );
    }

    /// The table and the command line agree: every option a game says it
    /// reads is one of its command's options that not every game reads,
    /// and each of those is read by some game and not by all (else it
    /// would be refused always, or never).
    #[test]
    fn the_options_games_read_are_the_commands_own() {
        for game in GAMES {
            for (command, options) in game.about().reads {
                for option in *options {
                    assert!(
                        game_options(*command).iter().any(|o| o.name == *option),
                        "{}: {option} is no game option of {}",
                        game.kind(),
                        command.name()
                    );
                }
            }
        }
        for command in CommandName::ALL {
            for option in game_options(command) {
                let readers = readers(command, option.name).len();
                assert!(
                    (1..GAMES.len()).contains(&readers),
                    "{} {}: read by {readers} games",
                    command.name(),
                    option.name
                );
            }
        }
    }

    #[test]
    fn an_option_is_refused_for_the_games_that_do_not_read_it() {
        use CommandName::{Check, Selfplay};
        let first = [Given::some("--first")];
        assert_eq!(
            refused(Check, &first, &[GameKind::Asalto], true).as_deref(),
            Some("--first is for Mad Bishops records (add --game madbishops)")
        );
        // Not yet: a Mad Bishops record may come.
        assert_eq!(refused(Check, &first, &[GameKind::Asalto], false), None);
        assert_eq!(
            refused(
                Check,
                &first,
                &[GameKind::Asalto, GameKind::MadBishops],
                true
            ),
            None
        );
        let lenient = [Given::every("--lenient")];
        assert_eq!(
            refused(
                Check,
                &lenient,
                &[GameKind::Go, GameKind::MadBishops],
                false
            )
            .as_deref(),
            Some("--lenient is not for Mad Bishops records")
        );
        assert_eq!(
            refused(
                Selfplay,
                &[Given::some("--size")],
                &[GameKind::Asalto],
                true
            )
            .as_deref(),
            Some("--size is for Go (add --game go)")
        );
        assert_eq!(
            refused(
                Selfplay,
                &[Given::some("--cover")],
                &[GameKind::Solitaire],
                true
            )
            .as_deref(),
            Some("--cover is for Asalto and Go (add --game asalto or --game go)")
        );
    }
}
