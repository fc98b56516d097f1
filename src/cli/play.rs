//! `asalto play`: the assignment's console program, in Spanish.

use std::io::{self, BufRead};

use asalto::basic::BasicScore;
use asalto::session::{Session, SessionOptions};

use asalto_core::GameKind;
use asalto_core::console::{Console, Request};
use asalto_madbishops::console::Control;
use asalto_madbishops::player::{DEFAULT_SEARCH_DEPTH, MAX_SEARCH_DEPTH};
use asalto_madbishops::{Notation, Profile, Side};

use super::check::parse_basic;
use super::madbishops::{self, play as mb_play};
use super::{Out, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto play\n  asalto play --game madbishops --blue greedy      (Mad Bishops, the report's console game)\n  asalto play --seed 7 --basic v1\n  asalto export game.txt --to input | asalto play    (replay a game at the console)\n";

/// Play Asalto at the console: the assignment's program (menu, game screen,
/// load, save), reading lines from standard input.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Seed of the random choices of AZAR and BASICO (default: from the
    /// clock).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The score BASICO plays by: `v1` (ncas - 2*ncap) or `v2`
    /// (2*ncas - ncap).
    #[arg(long, value_name = "SCORE", value_parser = parse_basic, default_value = "v2")]
    basic: BasicScore,
    /// The game: `asalto` (the default) or `madbishops` (the course
    /// report's console game, in English).
    #[arg(long, value_name = "GAME")]
    game: Option<asalto_core::GameKind>,
    #[command(flatten)]
    bishops: BishopsPlay,
}

/// The options of `play --game madbishops`.
#[derive(clap::Args, Debug)]
struct BishopsPlay {
    /// Mad Bishops: the rule profile, `steere` (the default) or `report`.
    #[arg(long, value_name = "PROFILE", value_parser = madbishops::parse_profile)]
    rules: Option<Profile>,
    /// Mad Bishops: who moves first, `red` (the default) or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = madbishops::parse_side)]
    first: Option<Side>,
    /// Mad Bishops: who plays red at the start: `human` (the default),
    /// `random`, `greedy` or `search` (the menu changes it).
    #[arg(long, value_name = "PLAYER", value_parser = mb_play::parse_control)]
    red: Option<Control>,
    /// Mad Bishops: who plays blue at the start (as `--red`).
    #[arg(long, value_name = "PLAYER", value_parser = mb_play::parse_control)]
    blue: Option<Control>,
    /// Mad Bishops: how many moves the `search` player looks ahead (1-6).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SEARCH_DEPTH)))]
    depth: Option<u32>,
    /// Mad Bishops: how moves are listed and saved: `algebraic` (the
    /// default), `row-column` or `numbers`.
    #[arg(long, value_name = "NOTATION", value_parser = mb_play::parse_notation)]
    notation: Option<Notation>,
    /// Mad Bishops: stop a game after this many moves (default 1500; 0: no
    /// limit but 100000).
    #[arg(long, value_name = "N")]
    max_plies: Option<usize>,
}

impl BishopsPlay {
    /// Whether any Mad Bishops option is given.
    fn any(&self) -> bool {
        self.rules.is_some()
            || self.first.is_some()
            || self.red.is_some()
            || self.blue.is_some()
            || self.depth.is_some()
            || self.notation.is_some()
            || self.max_plies.is_some()
    }
}

/// Run `play`: until the menu's quit entry or the end of standard input.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    match args.game {
        Some(GameKind::MadBishops) => {
            let b = &args.bishops;
            let settings = mb_play::Settings {
                seed: args.seed.unwrap_or_else(clock_seed),
                profile: b.rules.unwrap_or_default(),
                first: b.first.unwrap_or(Side::Red),
                red: b.red.unwrap_or_default(),
                blue: b.blue.unwrap_or_default(),
                depth: b.depth.unwrap_or(DEFAULT_SEARCH_DEPTH),
                notation: b.notation.unwrap_or(Notation::Algebraic),
                max_plies: b.max_plies.unwrap_or(mb_play::MAX_PLIES),
            };
            return mb_play::run(settings, out);
        }
        None | Some(GameKind::Asalto) if args.bishops.any() => {
            error(
                "--rules, --first, --red, --blue, --depth, --notation and --max-plies are for Mad Bishops (add --game madbishops)",
            );
            return Ok(Status::Error);
        }
        None | Some(GameKind::Asalto) => {}
        Some(other) => {
            error(&format!(
                "`play --game {other}` is not available: play offers asalto and madbishops"
            ));
            return Ok(Status::Error);
        }
    }
    let mut session = Session::new(SessionOptions {
        seed: args.seed.unwrap_or_else(clock_seed),
        basic: args.basic,
        ..SessionOptions::default()
    });
    console(&mut session, read_text, reason, out)
}

/// Play a console session until its quit entry or the end of standard
/// input: print what it answers, and read the lines and the files it asks
/// for. `read` gives a file's text or why it cannot be loaded, `reason`
/// why a file could not be written, in the program's language.
pub(super) fn console(
    session: &mut impl Console,
    read: fn(&str) -> Result<String, String>,
    reason: fn(&io::Error) -> String,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let mut input = io::stdin().lock();
    let mut step = session.start();
    loop {
        out.write(&step.output)?;
        step = match step.request {
            Request::Line => {
                out.flush()?;
                match read_line(&mut input) {
                    Some(line) => session.input(&line),
                    None => {
                        // End of input: leave the prompt's line and stop.
                        out.write("\n")?;
                        return Ok(Status::Success);
                    }
                }
            }
            Request::Advance => session.advance(),
            Request::Load(file) => session.loaded(read(&file)),
            Request::Save { file, contents } => {
                session.saved(std::fs::write(&file, contents).map_err(|e| reason(&e)))
            }
            Request::Quit => return Ok(Status::Success),
        };
    }
}

/// A line of standard input, its line ending left on (invalid UTF-8 is
/// replaced, and then never matches a move or an option); `None` at the
/// end of input or on a read error.
fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// A file's text, or why it cannot be loaded, in Spanish.
fn read_text(file: &str) -> Result<String, String> {
    let bytes = std::fs::read(file).map_err(|e| reason(&e))?;
    String::from_utf8(bytes).map_err(|_| "no es un fichero de texto UTF-8".to_string())
}

/// Why a file operation failed, in Spanish.
fn reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no existe".to_string(),
        io::ErrorKind::PermissionDenied => "permiso denegado".to_string(),
        io::ErrorKind::IsADirectory => "es una carpeta".to_string(),
        _ => e.to_string(),
    }
}

/// A seed from the clock (and the process), short enough to type again.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    u64::from(nanos ^ std::process::id().rotate_left(16)) % 1_000_000
}
