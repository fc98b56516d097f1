//! `asalto play --game madbishops`: the console game in the report's
//! shape (its title, the `PLAYER:` line and the numbered grid), on the
//! engine's [`Session`]: this module starts the session and reads the
//! files it loads; the loop of every game's console is `cli/console.rs`.

use asalto_madbishops::console::Control;
use asalto_madbishops::player::DEFAULT_SEARCH_DEPTH;
use asalto_madbishops::session::{DEFAULT_MAX_PLIES, Session, SessionOptions};
use asalto_madbishops::{Board, Notation, Profile, Side};

use super::super::args::common::Rules;
use super::super::args::play::Args;
use super::super::game;
use super::super::input::io_reason;
use super::super::runs::clock_seed;
use super::record::{MAX_FILE, move_cap};

/// The settings of a console game.
#[derive(Clone, Copy, Debug)]
struct Settings {
    /// Seeds every computer choice.
    seed: u64,
    /// The rule profile.
    profile: Profile,
    /// Who moves first.
    first: Side,
    /// Red's control at the start.
    red: Control,
    /// Blue's control at the start.
    blue: Control,
    /// The search player's depth.
    depth: u32,
    /// How moves are listed and saved.
    notation: Notation,
    /// The move cap (0: [`super::record::HARD_MAX_PLIES`]).
    max_plies: usize,
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
            max_plies: Some(move_cap(self.max_plies)),
        }
    }
}

/// The default move cap, for `--max-plies`.
pub const MAX_PLIES: usize = DEFAULT_MAX_PLIES;

/// The console session `play --game madbishops` starts under the
/// profile `rules` (one of Mad Bishops', as the routing checked).
pub fn session(args: &Args, rules: Rules) -> game::Session {
    let settings = Settings {
        seed: args.seed.unwrap_or_else(clock_seed),
        profile: rules.and_then(Profile::from_name).unwrap_or_default(),
        first: args.first.unwrap_or(Side::Red),
        red: args.red.unwrap_or_default(),
        blue: args.blue.unwrap_or_default(),
        depth: args.depth.unwrap_or(DEFAULT_SEARCH_DEPTH),
        notation: args.notation.unwrap_or(Notation::Algebraic),
        max_plies: args.max_plies.unwrap_or(MAX_PLIES),
    };
    game::Session {
        console: Box::new(Session::new(settings.options())),
        read: read_text,
        reason: io_reason,
    }
}

/// A saved game's text, or why it cannot be loaded (bounded like every
/// record the toolkit reads).
fn read_text(file: &str) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| io_reason(&e))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(format!("larger than {} MiB", MAX_FILE >> 20));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}
