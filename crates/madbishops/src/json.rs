//! JSON-ready data. Field names are a contract: scripts read them, so
//! fields are only ever added, never renamed. Every top-level document
//! names its game (`"game": "madbishops"`) and its rule profile (`"rules"`);
//! a whole game is an `asalto-game` document ([`GameJson`]), the reports
//! about a record (`check`, `show`) and the lines of `selfplay` flatten the
//! same [`head`] made theirs (`head(profile).kind(..)`): every head is
//! core's, and the names are those every game shares (`docs/json.md`).

pub use asalto_core::json::StopJson;
use asalto_core::json::{Head, Kind};
use serde::Serialize;

use crate::problem::Problem;
use crate::replay::{Checked, GameOutcome, Kept, Ply};
use crate::selfplay::{Match, PlayedGame};
use crate::{Game, Move, Notation, Outcome, Position, prolog};

/// The game's name in every document.
pub const GAME: &str = <crate::MadBishops as asalto_core::Game>::NAME;

/// The head of a game document or of a report about a record judged
/// under `profile`.
pub const fn head(profile: crate::Profile) -> Head {
    Head::game(GAME, profile.name())
}

/// `{winner, reason, ply}`: how and when a game ended.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `red` or `blue`.
    pub winner: &'static str,
    /// `all-captured` or `no-legal-move`.
    pub reason: &'static str,
    /// The number of moves played when the end was found, or null for a
    /// position on its own.
    pub ply: Option<usize>,
}

impl From<GameOutcome> for OutcomeJson {
    fn from(o: GameOutcome) -> OutcomeJson {
        OutcomeJson {
            winner: o.outcome.winner.name(),
            reason: o.outcome.reason.code(),
            ply: Some(o.ply),
        }
    }
}

impl From<Outcome> for OutcomeJson {
    fn from(o: Outcome) -> OutcomeJson {
        OutcomeJson {
            winner: o.winner.name(),
            reason: o.reason.code(),
            ply: None,
        }
    }
}

/// One position: what `show` prints as JSON.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PositionJson {
    /// `format` (`asalto-show`), `version`, `game` (always `madbishops`),
    /// `rules`.
    #[serde(flatten)]
    pub head: Head,
    /// The position string.
    pub position: String,
    /// `red` or `blue`.
    pub to_move: &'static str,
    /// Red bishops on the board.
    pub red: usize,
    /// Blue bishops on the board.
    pub blue: usize,
    /// The report's 10×10 matrix: 0 light, 1 empty, 2 red, 3 blue; row 0
    /// (rank 10) first.
    pub board: [[u8; 10]; 10],
    /// How the game ended, or null.
    pub outcome: Option<OutcomeJson>,
    /// The legal moves in algebraic notation, in board order (empty once
    /// the game is over).
    pub legal_moves: Vec<String>,
}

impl From<&Position> for PositionJson {
    fn from(p: &Position) -> PositionJson {
        PositionJson {
            head: head(p.profile()).kind(Kind::Show),
            position: p.position_string(),
            to_move: p.turn().name(),
            red: p.board().count(crate::Side::Red),
            blue: p.board().count(crate::Side::Blue),
            board: prolog::board_matrix(p.board()),
            outcome: p.outcome().map(OutcomeJson::from),
            legal_moves: p.legal_moves().iter().map(Move::to_string).collect(),
        }
    }
}

/// One move of a game.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PlyJson {
    /// The move number, 1-based.
    pub ply: usize,
    /// `red` or `blue`: who moved.
    pub side: &'static str,
    /// Algebraic notation (`c3xe5`).
    pub notation: String,
    /// Row/column notation (`(7,2)x(5,4)`).
    pub row_column: String,
    /// Start square (algebraic).
    pub from: String,
    /// Destination square (algebraic).
    pub to: String,
    /// Whether it captured (the captured bishop stood on `to`).
    pub capture: bool,
    /// The position string after the move.
    pub position: String,
    /// The 1-based line of the source it came from, or null.
    pub line: Option<usize>,
}

impl From<&Ply> for PlyJson {
    fn from(p: &Ply) -> PlyJson {
        PlyJson {
            ply: p.number,
            side: p.side.name(),
            notation: p.mv.to_string(),
            row_column: p.mv.written(Notation::RowColumn),
            from: p.mv.from().to_string(),
            to: p.mv.to().to_string(),
            capture: p.mv.is_capture(),
            position: p.position.position_string(),
            line: (p.line > 0).then_some(p.line),
        }
    }
}

/// One problem of a record: the shape every game shares.
pub use asalto_core::json::{DiagnosticJson as ProblemJson, SpanJson};

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        let json = ProblemJson::at(p, (p.line, p.column));
        match p.before {
            Some(before) => json.with_position(
                before.position_string(),
                before.legal_moves().iter().map(Move::to_string).collect(),
            ),
            None => json,
        }
    }
}

/// The result of checking one record.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct CheckJson {
    /// `format` (`asalto-check`), `version`, `game` (always `madbishops`),
    /// `rules`.
    #[serde(flatten)]
    pub head: Head,
    /// `red` or `blue`: who moved first.
    pub first: &'static str,
    /// The position string of the start.
    pub start: String,
    /// Whether the record is valid.
    pub valid: bool,
    /// The number of moves replayed (the legal prefix).
    pub plies: usize,
    /// How the game ended, or null.
    pub outcome: Option<OutcomeJson>,
    /// `red` or `blue`: the side to move after the last legal move.
    pub to_move: &'static str,
    /// The position string after the last legal move.
    pub position: String,
    /// Number of errors (with those not listed in `problems`).
    pub errors: usize,
    /// Number of warnings.
    pub warnings: usize,
    /// The line where the replay stopped, or null.
    pub stopped_at_line: Option<usize>,
    /// Every problem, in source order.
    pub problems: Vec<ProblemJson>,
}

impl<K: Kept> From<&Checked<K>> for CheckJson {
    fn from(c: &Checked<K>) -> CheckJson {
        let start = c.game.start();
        let position = c.game.position();
        CheckJson {
            head: head(start.profile()).kind(Kind::Check),
            first: start.turn().name(),
            start: start.position_string(),
            valid: c.is_valid(),
            plies: c.game.plies(),
            outcome: c.game.outcome().map(OutcomeJson::from),
            to_move: position.turn().name(),
            position: position.position_string(),
            errors: c.error_count(),
            warnings: c.warnings().count(),
            stopped_at_line: c.stopped_at,
            problems: c.problems.iter().map(ProblemJson::from).collect(),
        }
    }
}

/// A whole game: what `export --to json` writes, an `asalto-game`
/// document (`format`, `version`, `game`, `rules`, then [`GameBody`]).
pub type GameJson = asalto_core::json::Envelope<GameBody>;

/// The fields of a game document after its head.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameBody {
    /// `red` or `blue`: who moved first.
    pub first: &'static str,
    /// The position string of the start.
    pub start: String,
    /// The moves.
    pub moves: Vec<PlyJson>,
    /// How the game ended, or null.
    pub outcome: Option<OutcomeJson>,
    /// The position string after the last move.
    pub position: String,
}

/// The game document of `g` (`Game` and [`GameJson`] are both core's
/// types, so this is a function, not a `From`).
pub fn document(g: &Game) -> GameJson {
    GameJson::headed(
        head(g.start.profile()),
        GameBody {
            first: g.start.turn().name(),
            start: g.start.position_string(),
            moves: g.plies.iter().map(PlyJson::from).collect(),
            outcome: g.outcome().map(OutcomeJson::from),
            position: g.position().position_string(),
        },
    )
}

/// One self-played reference game (a JSON line of a set).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SelfplayJson {
    /// `format` (`asalto-selfplay-game`), `version`, `game` (always
    /// `madbishops`) and `rules`.
    #[serde(flatten)]
    pub head: Head,
    /// The game's number in its set, from 1.
    pub number: usize,
    /// The record file written, or null.
    pub file: Option<String>,
    /// The seed of the game's generator.
    pub seed: u64,
    /// Red's player.
    pub red: String,
    /// Blue's player.
    pub blue: String,
    /// `red` or `blue`: who moved first.
    pub first: &'static str,
    /// Moves played.
    pub plies: usize,
    /// How it ended, or null when the cap stopped it.
    pub outcome: Option<OutcomeJson>,
    /// Whether the cap stopped it.
    pub capped: bool,
    /// The cap, or null.
    pub max_plies: Option<usize>,
    /// The position string after the last move.
    pub position: String,
    /// The moves, algebraic.
    pub moves: Vec<String>,
}

impl SelfplayJson {
    /// The JSON of `game`, played by `m`, written to `file`.
    pub fn new(m: &Match, game: &PlayedGame, file: Option<String>) -> SelfplayJson {
        SelfplayJson {
            head: head(m.start.profile()).kind(Kind::SelfplayGame),
            number: game.number,
            file,
            seed: game.seed,
            red: m.red.name(),
            blue: m.blue.name(),
            first: m.start.turn().name(),
            plies: game.moves.len(),
            outcome: game.outcome.map(OutcomeJson::from),
            capped: game.capped(),
            max_plies: m.max_plies,
            position: game.position.position_string(),
            moves: game.moves.iter().map(Move::to_string).collect(),
        }
    }
}

/// The first error of `checked` (`stopped`), or `None` for a valid record.
pub fn stop_json<K: Kept>(checked: &Checked<K>) -> Option<StopJson> {
    checked.errors().next().map(|e| StopJson {
        line: Some(e.line),
        ply: e.ply,
        code: e.reason().code().to_string(),
        message: e.message(),
    })
}
