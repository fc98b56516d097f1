//! The JSON shapes shared by the commands. Field names are a contract:
//! scripts read them, so fields are only ever added, never renamed.

use serde::Serialize;

use crate::replay::{Checked, GameOutcome, Problem};
use crate::{Position, Rules};

/// `{winner, reason, ply}`: how and when a game ended.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `officers` or `rebels`.
    pub winner: &'static str,
    /// `officers-blocked`, `rebels-blocked`, `castle-occupied` or
    /// `fewer-than-nine-rebels`.
    pub reason: &'static str,
    /// The number of moves played when the end was found.
    pub ply: usize,
}

impl From<GameOutcome> for OutcomeJson {
    fn from(o: GameOutcome) -> OutcomeJson {
        OutcomeJson {
            winner: o.outcome.winner.name(),
            reason: o.outcome.reason.code(),
            ply: o.ply,
        }
    }
}

/// A byte span in the source.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SpanJson {
    /// Byte offset.
    pub offset: usize,
    /// Length in bytes.
    pub length: usize,
}

/// One problem of a record.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DiagnosticJson {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The stable reason code.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// The label of the underlined text.
    pub label: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Byte span in the source.
    pub span: SpanJson,
    /// The move number the problem is about, or null.
    pub ply: Option<usize>,
    /// The side of that move, or null.
    pub side: Option<&'static str>,
    /// What would be right, or null.
    pub help: Option<String>,
    /// The position string before the move, for move problems.
    pub position_before: Option<String>,
    /// The legal moves before the move, for move problems (empty once the
    /// game is over).
    pub legal_moves: Option<Vec<String>>,
}

impl From<&Problem> for DiagnosticJson {
    fn from(p: &Problem) -> DiagnosticJson {
        DiagnosticJson {
            severity: p.severity.name(),
            code: p.reason.code(),
            message: p.message.clone(),
            label: p.label.clone(),
            line: p.line,
            column: p.column,
            span: SpanJson {
                offset: p.span.start,
                length: p.span.len(),
            },
            ply: p.ply,
            side: p.side.map(|s| s.name()),
            help: p.help.clone(),
            position_before: p.before.map(|b| b.to_string()),
            legal_moves: p.before.map(|b| match b.outcome() {
                Some(_) => Vec::new(),
                None => b.legal_moves().iter().map(|m| m.to_string()).collect(),
            }),
        }
    }
}

/// The result of `asalto check` for one file.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct CheckJson {
    /// The file name as given (`-` for stdin).
    pub file: String,
    /// Whether the record is valid.
    pub valid: bool,
    /// The rules the record was checked under.
    pub rules: &'static str,
    /// The number of moves replayed (the legal prefix).
    pub plies: usize,
    /// How the game ended, or null if it has not.
    pub outcome: Option<OutcomeJson>,
    /// `officers` or `rebels`: the side to move after the last legal move.
    pub to_move: &'static str,
    /// The position string after the last legal move.
    pub position: String,
    /// Number of errors.
    pub errors: usize,
    /// Number of warnings.
    pub warnings: usize,
    /// The line where the replay stopped (first illegal move or syntax
    /// error), or null.
    pub stopped_at_line: Option<usize>,
    /// Every problem, in source order.
    pub diagnostics: Vec<DiagnosticJson>,
}

impl CheckJson {
    /// The JSON of a check of `file`.
    pub fn new(file: &str, checked: &Checked) -> CheckJson {
        let position: Position = checked.game.position();
        CheckJson {
            file: file.to_string(),
            valid: checked.is_valid(),
            rules: Rules::default().name(),
            plies: checked.game.plies.len(),
            outcome: checked.game.outcome().map(OutcomeJson::from),
            to_move: position.turn().name(),
            position: position.to_string(),
            errors: checked.errors().count(),
            warnings: checked.warnings().count(),
            stopped_at_line: checked.stopped_at,
            diagnostics: checked.problems.iter().map(DiagnosticJson::from).collect(),
        }
    }
}
