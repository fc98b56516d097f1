//! `asalto play`: the console game of the game asked (`--game`, else the
//! game of the `--rules` profile, else the first game's), one loop for
//! every game (`cli/console.rs`).

use super::args::common::{CommandName, GameArgs};
use super::args::play::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `play`: until the menu's quit entry or the end of standard input.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let game = GameArgs {
        game: args.game,
        rules: args.rules.clone(),
    };
    match games::route(&game, &[], CommandName::Play, &args.given()) {
        Ok(route) => route.game.play(&args, route.rules, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}
