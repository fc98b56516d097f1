//! `asalto play`: the assignment's console program, in Spanish.

use std::io::{self, BufRead};

use asalto::basic::BasicScore;
use asalto::session::{Request, Session, SessionOptions};

use super::check::parse_basic;
use super::{Out, Status, WriteError};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto play\n  asalto play --seed 7 --basic v1\n  asalto export game.txt --to input | asalto play    (replay a game at the console)\n";

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
}

/// Run `play`: until the menu's quit entry or the end of standard input.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let mut session = Session::new(SessionOptions {
        seed: args.seed.unwrap_or_else(clock_seed),
        basic: args.basic,
        ..SessionOptions::default()
    });
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
            Request::Load(file) => session.loaded(read_text(&file)),
            Request::Save { file, contents } => {
                session.saved(std::fs::write(&file, contents).map_err(|e| reason(&e)))
            }
            Request::Quit => return Ok(Status::Success),
        };
    }
}

/// A line of standard input without its line ending (invalid UTF-8 is
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
