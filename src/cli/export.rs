//! `asalto export`: convert a game by the game of its record: to JSON,
//! to a canonical record, to the formats of each game (the console
//! session, SGF, GTP, Prolog, the challenge's answers), or to a replay
//! page. A target the game does not write is refused by the table of
//! games, naming the games that write it.

use super::args::common::CommandName;
use super::args::export::{Args, Target};
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `export`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.ply.is_some() && args.to != Target::Html {
        error("--ply is for --to html");
        return Ok(Status::Error);
    }
    let routed = games::route(
        &args.game,
        &[&args.file],
        CommandName::Export,
        &args.given(),
    )
    .and_then(|route| games::export_target(route.game, args.to, &args.file).map(|()| route));
    let route = match routed {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    if args.to == Target::Html {
        let reading = args.reading(route.rules);
        return route.game.page(&reading, &args.file, args.ply, out);
    }
    route.game.export(&args, &args.file, route.rules, out)
}
