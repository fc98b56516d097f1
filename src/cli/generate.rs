//! `asalto generate`: make puzzles, by the game asked (`--game`, else the
//! first game of the table that makes puzzles).

use super::args::common::{CommandName, GameArgs};
use super::args::generate::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `generate`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let game = GameArgs {
        game: args.game,
        rules: None,
    };
    match games::route(&game, &[], CommandName::Generate, &[]) {
        Ok(route) => route.game.generate(&args, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}
