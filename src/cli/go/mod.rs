//! The Go paths of the commands: which game a command works on (`--game`,
//! else the `.sgf` extension, else the content), the Go rule profiles of
//! `--rules`, and reading SGF files. Each command's Go path is its own
//! module, so the Asalto paths stay as they are.

use std::io::Read;
use std::path::Path;

use asalto_core::GameKind;
use asalto_go::Profile;

use super::input::io_reason;

pub mod check;
pub mod diff;
pub mod export;
pub mod show;

/// The game and rule profile options shared by the commands that read
/// records of more than one game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// The game of the records (default: `go` for `*.sgf` files and SGF
    /// text, `solitaire` for a file that starts with a puzzle, else
    /// `asalto`) [possible values: asalto, go, solitaire,
    /// madbishops].
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The rule profile: for Go `seed-2019`, `simple-ko` (the default for
    /// SGF), `positional-superko`, `tromp-taylor`; for Solitaire Chess
    /// `codegolf` (the default) or `thinkfun`; for Asalto
    /// `assignment-2018-19` (the only one); for Mad Bishops `steere` (the
    /// default) or `report` (either one names the game).
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
}

/// The path a command takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The Asalto path, unchanged.
    Asalto,
    /// The Go path, under this profile.
    Go(Profile),
    /// The Solitaire Chess path, under the profile `--rules` names (else
    /// each record's `rules:` line, else `codegolf`).
    Solitaire(Option<asalto_solitaire::Profile>),
}

/// Bytes of a file read to tell its game by content.
const HEAD: usize = 4096;

/// Which game `path` holds: a folder by the records inside (`*.sgf` and no
/// `*.txt`: Go), standard input by `--game` only, a file by its extension
/// or its first bytes ([`GameKind::choose`]). Mad Bishops is not yet
/// available from the command line: its files are checked as Asalto
/// records, as before.
fn kind_of(path: &str) -> GameKind {
    if path == "-" {
        return GameKind::Asalto;
    }
    let p = Path::new(path);
    if p.is_dir() {
        let Ok(entries) = std::fs::read_dir(p) else {
            return GameKind::Asalto;
        };
        let (mut sgf, mut txt) = (false, false);
        for e in entries.flatten() {
            let name = e.path();
            match name.extension().and_then(|x| x.to_str()) {
                Some(x) if x.eq_ignore_ascii_case("sgf") => sgf = true,
                Some("txt") => txt = true,
                _ => {}
            }
        }
        return if sgf && !txt {
            GameKind::Go
        } else {
            GameKind::Asalto
        };
    }
    let mut head = Vec::with_capacity(HEAD);
    if let Ok(file) = std::fs::File::open(p) {
        let _ = file.take(HEAD as u64).read_to_end(&mut head);
    }
    let text = String::from_utf8_lossy(&head);
    match GameKind::choose(None, path, &text) {
        GameKind::MadBishops => GameKind::Asalto,
        kind => kind,
    }
}

/// The route of a command over `files`, or a usage error (exit 2): a game
/// the command line does not offer yet, files of several games without
/// `--game`, a rule profile of another game or of none.
pub fn route(args: &GameArgs, files: &[String]) -> Result<Route, String> {
    let kind = match args.game {
        Some(GameKind::MadBishops) => {
            return Err(
                "`--game madbishops` is not yet available from the command line (the games it reads are asalto, go and solitaire)"
                    .to_string(),
            );
        }
        Some(kind) => kind,
        None => {
            let kinds: Vec<(GameKind, &String)> = files.iter().map(|f| (kind_of(f), f)).collect();
            let first = kinds.first().map_or(GameKind::Asalto, |(k, _)| *k);
            if let Some((other, file)) = kinds.iter().find(|(k, _)| *k != first) {
                let (_, first_file) = kinds[0];
                return Err(format!(
                    "the files mix {} records ({}) and {} records ({}): check them separately, or name the game with --game",
                    title(first),
                    asalto::text::escape_line(first_file),
                    title(*other),
                    asalto::text::escape_line(file)
                ));
            }
            first
        }
    };
    let name = args.rules.as_deref();
    match kind {
        GameKind::Go => go_route(name),
        GameKind::Solitaire => super::solitaire::profile_arg(name).map(Route::Solitaire),
        _ => match name {
            None => Ok(Route::Asalto),
            Some(n) if asalto::Rules::from_name(n).is_some() => Ok(Route::Asalto),
            Some(n) => Err(format!(
                "`{}` is not an Asalto rule profile{} (Asalto's is {}; for Go files add --game go, for Solitaire Chess --game solitaire)",
                asalto::text::escape_line(n),
                if Profile::from_name(n).is_some() {
                    ", it is Go's"
                } else if asalto_solitaire::Profile::from_name(n).is_some() {
                    ", it is Solitaire Chess's"
                } else {
                    ""
                },
                asalto::Rules::default().name()
            )),
        },
    }
}

/// The name of a game in sentences.
fn title(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Asalto => "Asalto",
        GameKind::Go => "Go",
        GameKind::Solitaire => "Solitaire Chess",
        GameKind::MadBishops => "Mad Bishops",
    }
}

/// The Go route under the profile `--rules` names.
fn go_route(name: Option<&str>) -> Result<Route, String> {
    match name {
        None => Ok(Route::Go(Profile::SGF_DEFAULT)),
        Some(n) => match Profile::from_name(n) {
            Some(p) => Ok(Route::Go(p)),
            None => Err(format!(
                "`{}` is not a Go rule profile{} (Go's are {})",
                asalto::text::escape_line(n),
                if asalto::Rules::from_name(n).is_some() {
                    ", it is Asalto's"
                } else {
                    ""
                },
                go_profiles()
            )),
        },
    }
}

/// The Go profile names, for messages.
fn go_profiles() -> String {
    [
        Profile::Seed2019,
        Profile::SimpleKo,
        Profile::PositionalSuperko,
        Profile::TrompTaylor,
    ]
    .map(Profile::name)
    .join(", ")
}

/// The largest SGF file read (a collection of thousands of games is a few
/// MiB; this bounds memory on hostile input).
pub const MAX_FILE: u64 = 64 << 20;

/// Read `path` (`-`: standard input) whole, up to [`MAX_FILE`] bytes.
pub fn read_bytes(path: &str) -> Result<Vec<u8>, String> {
    let name = asalto::text::escape_line(&super::input::display_name(path)).into_owned();
    let mut bytes = Vec::new();
    let result = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
    };
    result.map_err(|e| format!("cannot read {name}: {}", io_reason(&e)))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "cannot read {name}: larger than {} MiB",
            MAX_FILE >> 20
        ));
    }
    Ok(bytes)
}

/// The SGF files named by `args`: files as given (and `-`), folders as the
/// `*.sgf` files inside (any case), sorted by name. A folder without any is
/// an error about that folder.
pub fn expand(args: &[String]) -> Vec<Result<String, String>> {
    super::input::expand_folders(args, "sgf", |p| {
        p.extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
    })
}
