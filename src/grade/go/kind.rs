//! The checks of the Go assignment.

use serde::Serialize;

use super::super::kind::CheckKind;

/// A check of the Go assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GoKind {
    /// SWI-Prolog loads the file, and the driver keeps running.
    Loads,
    /// Boards go in and come out as the assignment's lists of 19 rows of 19
    /// cells, in one representation (strings or atoms); `emptyBoard/1`,
    /// when defined, gives the empty board.
    Board,
    /// Legal moves without captures, edges and corners included, give the
    /// right board.
    Moves,
    /// Captures: of one group, of several, by a stone that fills its last
    /// liberty, and ko recaptures (legal under `seed-2019`).
    Captures,
    /// Suicide, of one stone and of several, is refused.
    Suicide,
    /// A stone on an occupied point is refused.
    Occupied,
    /// `finDelJuego/3` gives the area score of final and mid-game positions.
    Score,
}

impl CheckKind for GoKind {
    const ALL: &'static [GoKind] = &[
        GoKind::Loads,
        GoKind::Board,
        GoKind::Moves,
        GoKind::Captures,
        GoKind::Suicide,
        GoKind::Occupied,
        GoKind::Score,
    ];
    const RUNS: GoKind = GoKind::Loads;

    fn name(self) -> &'static str {
        match self {
            GoKind::Loads => "loads",
            GoKind::Board => "board",
            GoKind::Moves => "moves",
            GoKind::Captures => "captures",
            GoKind::Suicide => "suicide",
            GoKind::Occupied => "occupied",
            GoKind::Score => "score",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            GoKind::Loads => {
                "SWI-Prolog loads proylcc.pl: no syntax error, no directive that does not end"
            }
            GoKind::Board => {
                "boards are 19 rows of 19 cells, one representation; emptyBoard/1 is empty"
            }
            GoKind::Moves => "goMove/4 places a stone (edges and corners too)",
            GoKind::Captures => {
                "goMove/4 removes every captured group, also filling its last liberty, and ko recaptures"
            }
            GoKind::Suicide => "goMove/4 refuses suicide (one stone or several)",
            GoKind::Occupied => "goMove/4 refuses an occupied point",
            GoKind::Score => "finDelJuego/3 counts stones plus territory (area score)",
        }
    }

    fn default_weight(self) -> f64 {
        match self {
            GoKind::Loads => 1.0,
            GoKind::Board => 1.0,
            GoKind::Moves => 2.0,
            GoKind::Captures => 3.0,
            GoKind::Suicide => 2.0,
            GoKind::Occupied => 1.0,
            GoKind::Score => 3.0,
        }
    }
}
