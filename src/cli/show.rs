//! `asalto show`: a position of a game, drawn and described, by the game
//! of the record (or of `--position`, by `--game`, else the first game's).

use super::args::common::CommandName;
use super::args::show::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `show`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let files: Vec<&str> = args.file.iter().map(String::as_str).collect();
    let route = match games::route(&args.game, &files, CommandName::Show, &args.given()) {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    match (&args.file, &args.position) {
        (Some(file), _) => route.game.show(&args, file, route.rules, out),
        (None, Some(position)) => route.game.show_position(&args, position, route.rules, out),
        // clap requires one of them.
        (None, None) => Ok(Status::Error),
    }
}
