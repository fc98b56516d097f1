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
    /// text, else `asalto`) [possible values: asalto, go, solitaire,
    /// madbishops].
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The rule profile: for Go `seed-2019`, `simple-ko` (the default for
    /// SGF), `positional-superko`, `tromp-taylor`; for Asalto
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
}

/// Bytes of a file read to tell its game by content.
const HEAD: usize = 4096;

/// Which game `path` holds: a folder by the records inside (`*.sgf` and no
/// `*.txt`: Go), standard input by `--game` only, a file by its extension
/// or its first bytes ([`GameKind::choose`]). Only Go turns away from the
/// Asalto path: the other games are not yet available from the command
/// line, so their files are checked as Asalto records, as before.
fn is_go(path: &str) -> bool {
    if path == "-" {
        return false;
    }
    let p = Path::new(path);
    if p.is_dir() {
        let Ok(entries) = std::fs::read_dir(p) else {
            return false;
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
        return sgf && !txt;
    }
    let mut head = Vec::with_capacity(HEAD);
    if let Ok(file) = std::fs::File::open(p) {
        let _ = file.take(HEAD as u64).read_to_end(&mut head);
    }
    let text = String::from_utf8_lossy(&head);
    GameKind::choose(None, path, &text) == GameKind::Go
}

/// The route of a command over `files`, or a usage error (exit 2): a game
/// the command line does not offer yet, files of both games without
/// `--game`, a rule profile of the other game or of none.
pub fn route(args: &GameArgs, files: &[String]) -> Result<Route, String> {
    let go = match args.game {
        Some(GameKind::Go) => true,
        Some(GameKind::Asalto) => false,
        Some(other) => {
            return Err(format!(
                "`--game {other}` is not yet available from the command line (the games it reads are asalto and go)"
            ));
        }
        None => {
            let (go, asalto): (Vec<&String>, Vec<&String>) = files.iter().partition(|f| is_go(f));
            match (go.first(), asalto.first()) {
                (Some(g), Some(a)) => {
                    return Err(format!(
                        "the files mix Go records ({}) and Asalto records ({}): check them separately, or name the game with --game",
                        asalto::text::escape_line(g),
                        asalto::text::escape_line(a)
                    ));
                }
                (Some(_), None) => true,
                _ => false,
            }
        }
    };
    let name = args.rules.as_deref();
    if go {
        return match name {
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
        };
    }
    match name {
        None => Ok(Route::Asalto),
        Some(n) if asalto::Rules::from_name(n).is_some() => Ok(Route::Asalto),
        Some(n) => Err(format!(
            "`{}` is not an Asalto rule profile{} (Asalto's is {}; for Go files add --game go)",
            asalto::text::escape_line(n),
            if Profile::from_name(n).is_some() {
                ", it is Go's"
            } else {
                ""
            },
            asalto::Rules::default().name()
        )),
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
