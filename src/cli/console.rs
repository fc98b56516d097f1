//! The console games of `play`, one loop for every game: print what the
//! session answers, read the lines and the files it asks for, write the
//! files it saves. A game brings its session (`GameCli::session`); the
//! dialogue itself is the engine's (`asalto_core::console`).

use std::io::{self, BufRead};

use asalto_core::console::{Console, Request};

use super::out::{Out, Status, WriteError};

/// Play a console session until its quit entry or the end of standard
/// input: print what it answers, and read the lines and the files it asks
/// for. `read` gives a file's text or why it cannot be loaded, `reason`
/// why a file could not be written, in the program's language.
pub fn run(
    session: &mut dyn Console,
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
