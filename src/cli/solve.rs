//! `asalto solve`: solve puzzles, by the game asked (`--game`, else the
//! first game of the table that has puzzles to solve).

use super::args::common::{CommandName, GameArgs};
use super::args::solve::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `solve`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let game = GameArgs {
        game: args.game,
        rules: None,
    };
    match games::route(&game, &[], CommandName::Solve, &[]) {
        Ok(route) => route.game.solve(&args, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}
