//! Reading a Mad Bishops record: how it is read (the rule profile, who
//! moves first, how strict), the bound on the records read whole, the
//! move cap of the games played, and the list of legal moves.

use asalto_madbishops::replay::CheckOptions;
use asalto_madbishops::{Board, Profile, Side};

use super::super::args::common::Reading;
use super::super::input::{not_utf8_text, read_bytes_within};

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

/// How to read a record as `reading` says (the profile, one of Mad
/// Bishops' as the routing checked, else the default; red first unless
/// `--first` says).
pub fn settings(reading: &Reading) -> Settings {
    Settings {
        profile: reading
            .rules
            .and_then(Profile::from_name)
            .unwrap_or_default(),
        first: reading.first.unwrap_or(Side::Red),
        strict: reading.strict,
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
