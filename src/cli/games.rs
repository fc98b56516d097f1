//! Which game a command works on, and the one table of the games the
//! command line reads.
//!
//! Each game's command-line paths are a folder `src/cli/<game>/` (Asalto's,
//! the first game's, are the commands' own modules, reached through
//! `src/cli/asalto_game.rs`) implementing [`GameCli`]; [`GAMES`] lists them. A
//! command asks [`route`] (one game for `show`, `export`, `diff`; `check`
//! tells each file's game as it reads it, in its batch) and calls the
//! game's method.
//! The game of a file is `--game`, else its extension, else its content
//! ([`GameKind::tell`]; standard input by its content); only a file that
//! looks like no game's takes the default: the game whose profile
//! `--rules` names, else Asalto (what every command did before there were
//! other games). A command a game does not offer says so by the game's
//! name (exit 2) through the trait's default methods.

use std::path::Path;

use asalto_core::GameKind;

use super::batch::Checker;
use super::{Out, Status, WriteError, check, diff, error, export, input, selfplay, show};

/// The games the command line reads, one line each, in the order of
/// [`GameKind::ALL`] (so every game has its line: the length is checked by
/// the compiler, the order by a test). Asalto first: the game of a file
/// nothing else claims.
pub const GAMES: [&dyn GameCli; GameKind::ALL.len()] = [
    &super::asalto_game::Asalto,
    &super::go::Go,
    &super::solitaire::Solitaire,
    &super::madbishops::MadBishops,
];

/// The game and rule profile options shared by the commands that read
/// records of more than one game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// The game of the records (default: `go` for `*.sgf` files and SGF
    /// text, `solitaire` for a file that starts with a puzzle, else
    /// `asalto`) [possible values: asalto, go, solitaire, madbishops].
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The rule profile: for Go `seed-2019`, `simple-ko` (the default for
    /// SGF), `positional-superko`, `tromp-taylor`; for Solitaire Chess
    /// `codegolf` (the default) or `thinkfun`; for Asalto
    /// `assignment-2018-19` (the only one); for Mad Bishops `steere` (the
    /// default) or `report` (a file that looks like no game's is read as
    /// a record of the profile's game).
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
}

/// A game's maker of the entries of `check --format html`: the batch's
/// checker whose result for a file is its entry on the page.
pub type PageChecker<'a> = Box<dyn Checker<asalto::html::check::FileEntry> + 'a>;

/// What the routing knows of a game: its kind, the extension of its
/// records, its profiles.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The game.
    pub kind: GameKind,
    /// The extension of its record files, for the files of a folder.
    pub extension: &'static str,
    /// Its rule profile names, the default first (what `--rules` takes).
    pub profiles: &'static [&'static str],
}

/// A game's command-line paths. A game says what it is ([`About`]) and
/// implements the commands it offers; one it does not offer yet says so
/// (exit 2) through the default methods.
pub trait GameCli: Sync {
    /// The game, its records' extension and its profiles.
    fn about(&self) -> About;

    /// The game.
    fn kind(&self) -> GameKind {
        self.about().kind
    }

    /// The extension of its record files, for the files of a folder.
    fn extension(&self) -> &'static str {
        self.about().extension
    }

    /// Its rule profile names, the default first (what `--rules` takes).
    fn profiles(&self) -> &'static [&'static str] {
        self.about().profiles
    }

    /// The answer of a command the game does not offer: "`asalto
    /// COMMAND` does not read GAME records yet" (exit 2).
    fn refuse(&self, command: &str) -> Result<Status, WriteError> {
        error(&unavailable(self.kind(), command));
        Ok(Status::Error)
    }

    /// The checker of `check` under the profile `rules`, or a usage error.
    /// With `full`, each problem file is reported in full, not in one line.
    fn checker<'a>(
        &'a self,
        args: &'a check::Args,
        rules: Rules,
        full: bool,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        let _ = (args, rules, full);
        Err(unavailable(self.kind(), "check"))
    }

    /// `show` of the record `file`.
    fn show(
        &self,
        args: &show::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, file, rules, out);
        self.refuse("show")
    }

    /// `show --position`: a position string of the game, no record.
    fn show_position(
        &self,
        args: &show::Args,
        position: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, position, rules, out);
        self.refuse("show --position")
    }

    /// `export --to html`: the replay page of the record `file`.
    fn page(
        &self,
        args: &export::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, file, rules, out);
        self.refuse("export --to html")
    }

    /// `check --format html`: what makes the entry of one file on the
    /// page, built from the arguments (usage errors here, before any file
    /// is read) under the profile `rules`.
    fn page_checker<'a>(
        &'a self,
        args: &'a check::Args,
        rules: Rules,
    ) -> Result<PageChecker<'a>, String> {
        let _ = (args, rules);
        Err(unavailable(self.kind(), "check --format html"))
    }

    /// `export` of the record `file`.
    fn export(
        &self,
        args: &export::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, file, rules, out);
        self.refuse("export")
    }

    /// `diff` of two records.
    fn diff(
        &self,
        args: &diff::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, paths, rules, out);
        self.refuse("diff")
    }

    /// `selfplay` under the profile `rules`.
    fn selfplay(
        &self,
        args: &selfplay::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, rules, out);
        self.refuse("selfplay")
    }
}

/// "`asalto export --to html` does not read Mad Bishops records yet": the
/// answer of a command a game does not offer.
pub fn unavailable(game: GameKind, command: &str) -> String {
    format!(
        "`asalto {command}` does not read {} records yet",
        title(game)
    )
}

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

/// The game of a file that looks like no game's: the one whose profile
/// `--rules` names, else Asalto.
fn default_game(rules: Option<&str>) -> &'static dyn GameCli {
    owner(rules).unwrap_or(GAMES[0])
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

/// The game asked for with `--game`, or a usage error for one the command
/// line does not read yet.
fn asked(args: &GameArgs) -> Result<Option<&'static dyn GameCli>, String> {
    match args.game {
        None => Ok(None),
        Some(kind) => Ok(Some(cli(kind))),
    }
}

/// `a, b, c`.
fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// The profile `--rules` names for a game: one of its
/// [`GameCli::profiles`], or `None` for the game's default (Solitaire's
/// default is the record's own `rules:` line, so only the game knows it).
pub type Rules = Option<&'static str>;

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
    let owner = GAMES
        .iter()
        .find(|g| g.profiles().contains(&name))
        .map(|g| format!(", it is {}'s", title(g.kind())))
        .unwrap_or_default();
    let game_name = title(game.kind());
    let hint = if game.kind() == GameKind::Asalto {
        "; for Go files add --game go"
    } else {
        ""
    };
    Err(format!(
        "`{}` is not {} {game_name} rule profile{owner} ({game_name}'s {} {}{hint})",
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

/// `Asalto`, `Go`, ...: a game's name in a sentence.
pub fn title(game: GameKind) -> &'static str {
    match game {
        GameKind::Asalto => "Asalto",
        GameKind::Go => "Go",
        GameKind::Solitaire => "Solitaire Chess",
        GameKind::MadBishops => "Mad Bishops",
    }
}

/// Where a command goes: a game and its profile.
#[derive(Clone, Copy)]
pub struct Route {
    /// The game's paths.
    pub game: &'static dyn GameCli,
    /// The rule profile, one of the game's.
    pub rules: Rules,
}

/// The one game of `files` (`show`, `export`, `diff`), or a usage error:
/// a game not read yet, files of two games without `--game`, a profile of
/// another game.
pub fn route(args: &GameArgs, files: &[&str]) -> Result<Route, String> {
    let game = match asked(args)? {
        Some(game) => game,
        None => {
            let default = default_game(args.rules.as_deref());
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
    Ok(Route {
        game,
        rules: profile(game, args.rules.as_deref())?,
    })
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

    #[test]
    fn every_game_has_its_line_in_the_order_of_its_kind() {
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i, "{kind}");
            assert_eq!(GAMES[i].kind(), kind);
            assert_eq!(cli(kind).kind(), kind);
            // The default profile of each game is its own.
            assert!(!GAMES[i].profiles().is_empty(), "{kind}");
            assert_eq!(
                default_game(GAMES[i].profiles().first().copied()).kind(),
                kind
            );
        }
        assert_eq!(default_game(None).kind(), GameKind::Asalto);
        assert_eq!(
            default_game(Some("no-such-profile")).kind(),
            GameKind::Asalto
        );
    }
}
