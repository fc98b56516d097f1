//! The Mad Bishops paths of the commands: which files are Mad Bishops
//! records (`--game madbishops`, a Mad Bishops rule profile, or the files'
//! first move), the options of the game (`--rules steere|report`,
//! `--first red|blue`), and reading a record. Each command's Mad Bishops
//! path is its own module, on the `asalto-madbishops` engine; the console
//! game and self-play are here too, as `play --game madbishops` and
//! `selfplay --game madbishops`.

use std::io::Read;
use std::path::Path;

use asalto_core::GameKind;
use asalto_madbishops::replay::CheckOptions;
use asalto_madbishops::{Board, Profile, Side};

use super::games::GameArgs;
use super::input::{display_name, io_reason, not_utf8};

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

/// Records of a folder looked at to tell its game.
const FOLDER_LOOKS: usize = 20;

/// The game of one file by its extension or first bytes, `None` when they
/// do not tell (or the file cannot be read: the command then says why); a
/// folder by its first `*.txt` records (by name) that tell; standard input
/// by `--game` only.
fn kind_of(path: &str) -> Option<GameKind> {
    if path == "-" {
        return None;
    }
    let p = Path::new(path);
    if p.is_dir() {
        let mut records: Vec<_> = std::fs::read_dir(p)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .filter(|f| f.extension().is_some_and(|x| x == "txt"))
            .collect();
        records.sort();
        return records
            .iter()
            .take(FOLDER_LOOKS)
            .find_map(|f| kind_of(&f.to_string_lossy()));
    }
    if let Some(kind) = p
        .extension()
        .and_then(|x| x.to_str())
        .and_then(GameKind::from_extension)
    {
        return Some(kind);
    }
    // The same peek as the other games' (never at a pipe's bytes).
    GameKind::sniff(&super::input::head(path))
}

/// Whether a command over `files` is about Mad Bishops, and how: `None`
/// when it is another game's (the caller goes on with its own routing);
/// `Some(Err)` for a usage error (exit 2). Mad Bishops is chosen by
/// `--game madbishops`, by a Mad Bishops rule profile (`--rules steere` or
/// `report`), or, with neither, when every file's first move is a Mad
/// Bishops move (files that mix games are an error). `--first` belongs to
/// Mad Bishops only.
pub fn route(
    game: &GameArgs,
    bishops: BishopsArgs,
    strict: bool,
    files: &[String],
) -> Option<Result<Settings, String>> {
    let by_rules = game.rules.as_deref().and_then(Profile::from_name);
    let chosen = match game.game {
        Some(GameKind::MadBishops) => true,
        Some(_) => false,
        None if by_rules.is_some() => true,
        None => {
            let kinds: Vec<Option<GameKind>> = files.iter().map(|f| kind_of(f)).collect();
            let bishops_file = kinds.iter().position(|k| *k == Some(GameKind::MadBishops));
            let other_file = kinds
                .iter()
                .position(|k| k.is_some_and(|k| k != GameKind::MadBishops));
            match (bishops_file, other_file) {
                (Some(one), Some(other)) => {
                    return Some(Err(format!(
                        "the files mix Mad Bishops records ({}) and {} records ({}): check them separately, or name the game with --game",
                        asalto::text::escape_line(&files[one]),
                        kinds[other].map_or("other", GameKind::name),
                        asalto::text::escape_line(&files[other]),
                    )));
                }
                (Some(_), None) => true,
                _ => false,
            }
        }
    };
    if !chosen {
        if bishops.first.is_some() {
            return Some(Err(
                "--first is for Mad Bishops records (add --game madbishops)".to_string(),
            ));
        }
        return None;
    }
    let profile = match game.rules.as_deref() {
        None => Profile::default(),
        Some(name) => match by_rules {
            Some(p) => p,
            None => {
                return Some(Err(format!(
                    "`{}` is not a Mad Bishops rule profile (they are steere and report)",
                    asalto::text::escape_line(name)
                )));
            }
        },
    };
    Some(Ok(Settings {
        profile,
        first: bishops.first.unwrap_or(Side::Red),
        strict,
    }))
}

/// The largest record read: a game capped at thousands of moves is tens of
/// KiB; this bounds memory on hostile input.
pub const MAX_FILE: u64 = 16 << 20;

/// Read `path` (`-`: standard input) as UTF-8 text, up to [`MAX_FILE`]
/// bytes; the error says where a byte that is not UTF-8 is.
pub fn read_text(path: &str) -> Result<String, String> {
    let name = display_name(path);
    let shown = asalto::text::escape_line(&name).into_owned();
    let mut bytes = Vec::new();
    let result = if path == "-" {
        super::input::stdin()
            .take(MAX_FILE + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
    };
    result.map_err(|e| format!("cannot read {shown}: {}", io_reason(&e)))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!(
            "cannot read {shown}: larger than {} MiB",
            MAX_FILE >> 20
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let bytes = e.as_bytes();
            let bad = e.utf8_error().valid_up_to();
            let line_start = bytes[..bad]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line = 1 + bytes[..line_start].iter().filter(|&&b| b == b'\n').count();
            let tail = &bytes[line_start..];
            let error = match std::str::from_utf8(tail) {
                Err(e) => e,
                Ok(_) => e.utf8_error(),
            };
            Err(not_utf8(&name, line, tail, error, line_start))
        }
    }
}

/// The Mad Bishops record files named by `args`: files as given (and `-`),
/// folders as the `*.txt` files inside, sorted by name.
pub fn expand(args: &[String]) -> Vec<Result<String, String>> {
    super::input::expand_folders(args, &["txt"])
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
