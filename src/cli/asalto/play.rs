//! `asalto play` of Asalto: the assignment's console program, in Spanish
//! (menu, game screen, load, save), on the engine's session.

use std::io;

use asalto::basic::BasicScore;
use asalto::session::{Session, SessionOptions};

use super::super::args::play::Args;
use super::super::game;
use super::super::runs::clock_seed;

/// The console session `play` starts.
pub fn session(args: &Args) -> game::Session {
    let session = Session::new(SessionOptions {
        seed: args.seed.unwrap_or_else(clock_seed),
        basic: args.basic.unwrap_or(BasicScore::V2),
        ..SessionOptions::default()
    });
    game::Session {
        console: Box::new(session),
        read: read_text,
        reason,
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
