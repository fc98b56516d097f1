//! `asalto diff`: compare two games of one game move by move, by that
//! game's path.

use super::args::common::CommandName;
use super::args::diff::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `diff`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.reference == "-" && args.other == "-" {
        error("only one of the two records can be standard input");
        return Ok(Status::Error);
    }
    let paths = [args.reference.as_str(), args.other.as_str()];
    match games::route(&args.game, &paths, CommandName::Diff, &args.given()) {
        Ok(route) if args.quiet => route
            .game
            .diff(&args, paths, route.rules, &mut Out::quiet()),
        Ok(route) => route.game.diff(&args, paths, route.rules, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}
