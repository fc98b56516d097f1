//! `asalto grade`: play reference games (or puzzles, or queries) into
//! student programs and score them, by the assignment of the game asked
//! (`--game`, else the game of the `--rules` profile, else the first
//! game's); the driver every assignment shares is `cli/grading`, the
//! grading itself `asalto::grade`. Grading runs programs in Linux
//! namespaces: elsewhere the command only says so.

use super::args::grade::Args;
use super::out::{Out, Status, WriteError, error};

/// Run `grade`: Linux only.
#[cfg(not(target_os = "linux"))]
pub fn run(_args: Args, _out: &mut Out) -> Result<Status, WriteError> {
    error("grade runs student programs in Linux namespaces: it is available on Linux only");
    Ok(Status::Error)
}

/// Run `grade`.
#[cfg(target_os = "linux")]
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    use super::args::common::{CommandName, GameArgs};
    let game = GameArgs {
        game: args.game,
        rules: args.rules.clone(),
    };
    let status = match super::games::route(&game, &[], CommandName::Grade, &args.given()) {
        Ok(route) => route.game.grade(&args, route.rules, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    };
    // Started with the users: nothing of the run outlives it.
    asalto::grade::watchdog::stop();
    status
}
