//! The checks of the Mad Bishops assignment.

use serde::Serialize;

use super::super::kind::CheckKind;

/// A check of the Mad Bishops assignment. The names are contracts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MadBishopsKind {
    /// SWI-Prolog loads the file (and the adapter), and the driver keeps
    /// running.
    Loads,
    /// Boards come back from `move/3` as the report's 10 rows of 10
    /// numbers.
    Board,
    /// `valid_moves/3` lists exactly the legal moves (as a set).
    Moves,
    /// Its captures are exactly the legal captures.
    Captures,
    /// Its non-capturing moves are exactly the legal ones: engaging moves
    /// under `steere`, free slides under `report`.
    Engage,
    /// `move/3` gives the engine's board.
    Apply,
    /// `game_over/2` names the winner of a finished game and none before.
    GameOver,
    /// `display_game/2` prints the board: its 10 rows, each piece in its
    /// place.
    Display,
}

impl CheckKind for MadBishopsKind {
    const ALL: &'static [MadBishopsKind] = &[
        MadBishopsKind::Loads,
        MadBishopsKind::Board,
        MadBishopsKind::Moves,
        MadBishopsKind::Captures,
        MadBishopsKind::Engage,
        MadBishopsKind::Apply,
        MadBishopsKind::GameOver,
        MadBishopsKind::Display,
    ];
    const RUNS: MadBishopsKind = MadBishopsKind::Loads;

    fn name(self) -> &'static str {
        match self {
            MadBishopsKind::Loads => "loads",
            MadBishopsKind::Board => "board",
            MadBishopsKind::Moves => "moves",
            MadBishopsKind::Captures => "captures",
            MadBishopsKind::Engage => "engage",
            MadBishopsKind::Apply => "apply",
            MadBishopsKind::GameOver => "game-over",
            MadBishopsKind::Display => "display",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            MadBishopsKind::Loads => "SWI-Prolog loads the program (and the adapter)",
            MadBishopsKind::Board => "move/3 gives back 10 rows of 10 numbers 0..3",
            MadBishopsKind::Moves => "valid_moves/3 lists exactly the legal moves",
            MadBishopsKind::Captures => "the captures listed are exactly the legal captures",
            MadBishopsKind::Engage => {
                "the non-capturing moves listed are exactly the legal ones (engaging under steere)"
            }
            MadBishopsKind::Apply => "move/3 plays a move as the engine does",
            MadBishopsKind::GameOver => "game_over/2 names the winner, and none before the end",
            MadBishopsKind::Display => "display_game/2 prints the board, every piece in its place",
        }
    }

    fn default_weight(self) -> f64 {
        match self {
            MadBishopsKind::Loads => 1.0,
            MadBishopsKind::Board => 1.0,
            MadBishopsKind::Moves => 3.0,
            MadBishopsKind::Captures => 2.0,
            MadBishopsKind::Engage => 2.0,
            MadBishopsKind::Apply => 2.0,
            MadBishopsKind::GameOver => 1.0,
            MadBishopsKind::Display => 1.0,
        }
    }
}
