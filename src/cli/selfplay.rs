//! `asalto selfplay`: games between computer players, written as
//! reference records, by the game asked (`--game`, else the game of the
//! `--rules` profile, else the first game's); what every game's run
//! shares is `cli/runs.rs`.

use super::args::common::{CommandName, GameArgs};
use super::args::selfplay::Args;
use super::games;
use super::out::{Out, Status, WriteError, error};

/// Run `selfplay`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let game = GameArgs {
        game: args.game,
        rules: args.rules.clone(),
    };
    match games::route(&game, &[], CommandName::Selfplay, &args.given()) {
        Ok(route) => route.game.selfplay(&args, route.rules, out),
        Err(message) => {
            error(&message);
            Ok(Status::Error)
        }
    }
}
