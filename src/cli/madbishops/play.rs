//! `asalto play --game madbishops`: the console game in the report's
//! shape (its title, the `PLAYER:` line and the numbered grid), on the
//! engine's [`Session`]: this module only reads lines, reads and writes the
//! files the session names, and prints what it answers.

use asalto_madbishops::console::Control;
use asalto_madbishops::session::{DEFAULT_MAX_PLIES, Session, SessionOptions};
use asalto_madbishops::{Board, Notation, Profile, Side};

use super::super::input::io_reason;
use super::super::{Out, Status, WriteError};

/// Parse a side's control: `human`, `random`, `greedy` or `search`.
pub fn parse_control(s: &str) -> Result<Control, String> {
    Control::ALL
        .into_iter()
        .find(|c| c.label().eq_ignore_ascii_case(s))
        .ok_or_else(|| format!("`{s}`: expected human, random, greedy or search"))
}

/// Parse a notation: `algebraic`, `row-column` or `numbers`.
pub fn parse_notation(s: &str) -> Result<Notation, String> {
    Notation::from_name(s)
        .ok_or_else(|| format!("`{s}`: expected algebraic, row-column or numbers"))
}

/// The settings of a console game.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Seeds every computer choice.
    pub seed: u64,
    /// The rule profile.
    pub profile: Profile,
    /// Who moves first.
    pub first: Side,
    /// Red's control at the start.
    pub red: Control,
    /// Blue's control at the start.
    pub blue: Control,
    /// The search player's depth.
    pub depth: u32,
    /// How moves are listed and saved.
    pub notation: Notation,
    /// The move cap (0: [`super::HARD_MAX_PLIES`]).
    pub max_plies: usize,
}

impl Settings {
    /// The session's options.
    fn options(self) -> SessionOptions {
        SessionOptions {
            seed: self.seed,
            profile: self.profile,
            first: self.first,
            setup: Board::report_setup(),
            depth: self.depth,
            red: self.red,
            blue: self.blue,
            notation: self.notation,
            max_plies: Some(super::move_cap(self.max_plies)),
        }
    }
}

/// The default move cap, for `--max-plies`.
pub const MAX_PLIES: usize = DEFAULT_MAX_PLIES;

/// Run the console game until the menu's quit entry or the end of standard
/// input.
pub fn run(settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    let mut session = Session::new(settings.options());
    super::super::play::console(&mut session, read_text, io_reason, out)
}

/// A saved game's text, or why it cannot be loaded (bounded like every
/// record the toolkit reads).
fn read_text(file: &str) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(super::MAX_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| io_reason(&e))?;
    if bytes.len() as u64 > super::MAX_FILE {
        return Err(format!("larger than {} MiB", super::MAX_FILE >> 20));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}
