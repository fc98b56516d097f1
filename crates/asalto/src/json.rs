//! The JSON shapes shared by the commands. Field names are a contract:
//! scripts read them, so fields are only ever added, never renamed.
//!
//! Every document names its game (`"game": "asalto"`, [`GAME`]) and its
//! rule profile (`"rules"`), as every game's documents do, under the one
//! schema of `docs/json.md`.

pub use asalto_core::json::StopJson;
use asalto_core::json::{Head, Kind};
use serde::{Deserialize, Deserializer, Serialize};

use crate::replay::{Checked, GameOutcome, Ply, Problem, Severity};
use crate::{Move, OutcomeReason, Position, Rules};

/// The game's name in every JSON document: `asalto`.
pub const GAME: &str = <crate::Asalto as asalto_core::Game>::NAME;

/// The rule profile's name in every JSON document: `assignment-2018-19`.
pub const RULES: &str = Rules::Assignment2018.name();

/// The head of Asalto's game document: its format and version, [`GAME`],
/// [`RULES`]; `HEAD.kind(..)` heads the other documents.
pub const HEAD: Head = Head::game(GAME, RULES);

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

/// Reading an outcome checks it: the reason must be one of the four codes
/// and the winner the one that reason gives.
impl<'de> Deserialize<'de> for OutcomeJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OutcomeJson, D::Error> {
        use serde::de::Error;

        #[derive(Deserialize)]
        struct Raw {
            winner: String,
            reason: String,
            ply: usize,
        }
        let raw = Raw::deserialize(deserializer)?;
        let reason = OutcomeReason::from_code(&raw.reason)
            .ok_or_else(|| D::Error::custom(format!("unknown outcome reason `{}`", raw.reason)))?;
        let winner = reason.winner().name();
        if raw.winner != winner {
            return Err(D::Error::custom(format!(
                "winner `{}` does not match reason `{}` (the {winner} win)",
                raw.winner, raw.reason
            )));
        }
        Ok(OutcomeJson {
            winner,
            reason: reason.code(),
            ply: raw.ply,
        })
    }
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
            code: p.reason().code(),
            message: p.message(),
            label: p.label(),
            line: p.line,
            column: p.column,
            span: SpanJson {
                offset: p.span.start,
                length: p.span.len(),
            },
            ply: p.ply,
            side: p.side.map(|s| s.name()),
            help: p.help(),
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
    /// `format` (`asalto-check`), `version`, `game` (always `asalto`) and
    /// `rules` (the profile the record was checked under).
    #[serde(flatten)]
    pub head: Head,
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
    /// Every problem, in source order (at most 100 of one kind: see
    /// `omitted`).
    pub problems: Vec<DiagnosticJson>,
    /// Problems left out of `problems`, by kind: `{severity, code,
    /// label, count, last_line}` (empty for most files).
    pub omitted: Vec<OmittedJson>,
}

/// Problems of one kind left out of a check's `problems`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OmittedJson {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// Their reason code.
    pub code: &'static str,
    /// Their label.
    pub label: String,
    /// How many were left out.
    pub count: usize,
    /// The line of the last one.
    pub last_line: usize,
}

impl CheckJson {
    /// The JSON of a check of `file`.
    pub fn new(file: &str, checked: &Checked) -> CheckJson {
        let position: Position = checked.position();
        CheckJson {
            file: file.to_string(),
            valid: checked.is_valid(),
            head: HEAD.kind(Kind::Check),
            plies: checked.plies(),
            outcome: checked.outcome().map(OutcomeJson::from),
            to_move: position.turn().name(),
            position: position.to_string(),
            errors: checked.error_count(),
            warnings: checked.warning_count(),
            stopped_at_line: checked.stopped_at,
            problems: checked.problems.iter().map(DiagnosticJson::from).collect(),
            omitted: checked
                .omitted
                .iter()
                .map(|o| OmittedJson {
                    severity: o.severity.name(),
                    code: o.reason.code(),
                    label: o.label.clone(),
                    count: o.count,
                    last_line: o.last_line,
                })
                .collect(),
        }
    }
}

/// One move of a game: the `moves` of an export document, and the
/// `last_move` of `asalto show`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct PlyJson {
    /// The move number, 1-based.
    pub ply: usize,
    /// `officers` or `rebels`: who moved.
    pub side: String,
    /// The whole move, as a saved record writes it (`Bd-Db-Dd-Df-Bd`).
    pub notation: String,
    /// Its points: the start, then every landing point.
    pub path: Vec<String>,
    /// The rebels it captured, in the order they were jumped.
    pub captured: Vec<String>,
    /// The position string after the move.
    pub position: String,
    /// The 1-based line of the source it came from, or null.
    pub line: Option<usize>,
    /// Whether the source wrote only its first two points (accepted with
    /// `--lenient`) and it was completed. Absent means false.
    #[serde(default)]
    pub completed: bool,
}

impl From<&Ply> for PlyJson {
    fn from(p: &Ply) -> PlyJson {
        PlyJson {
            ply: p.number,
            side: p.side.name().to_string(),
            notation: p.mv.to_string(),
            path: p.mv.path().iter().map(|q| q.to_string()).collect(),
            captured: p.mv.captured().map(|q| q.to_string()).collect(),
            position: p.position.to_string(),
            line: (p.line > 0).then_some(p.line),
            completed: p.extra.completed,
        }
    }
}

/// The first error of `checked` (`stopped`), or `None` for a valid record.
pub fn stop_json(checked: &Checked) -> Option<StopJson> {
    checked.errors().next().map(|e| StopJson {
        line: Some(e.line),
        ply: e.ply,
        code: e.reason().code().to_string(),
        message: e.message(),
    })
}

/// The moves that can be played in `pos`: its legal moves, or none once the
/// game is over (the end checks come first at the start of every turn).
pub fn playable_moves(pos: &Position) -> Vec<Move> {
    if pos.outcome().is_some() {
        Vec::new()
    } else {
        pos.legal_moves().to_vec()
    }
}

/// The answer of `asalto show --format json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ShowJson {
    /// The record file as given (`-` for stdin), or null for `--position`.
    pub file: Option<String>,
    /// `format` (`asalto-show`), `version`, `game` (always `asalto`) and
    /// `rules`.
    #[serde(flatten)]
    pub head: Head,
    /// Whether the record is valid (true for `--position`).
    pub valid: bool,
    /// The number of moves played to reach the position shown, or null for
    /// `--position`.
    pub ply: Option<usize>,
    /// The `--ply` asked for, or null.
    pub requested_ply: Option<usize>,
    /// The number of moves of the record that were replayed (its valid
    /// part), or null for `--position`.
    pub plies: Option<usize>,
    /// The position string.
    pub position: String,
    /// `officers` or `rebels`.
    pub to_move: &'static str,
    /// The moves that can be played, in canonical order (empty once the
    /// game is over).
    pub legal_moves: Vec<String>,
    /// The move that led to the position, or null.
    pub last_move: Option<PlyJson>,
    /// Rebels on the board.
    pub rebels: usize,
    /// Rebels in the castle.
    pub rebels_in_castle: usize,
    /// How the game ended, if it has at this position (for `--position`,
    /// `ply` is 0).
    pub outcome: Option<OutcomeJson>,
    /// The first error of an invalid record, or null.
    pub stopped: Option<StopJson>,
    /// Why the position shown is not the one asked for, or null.
    pub note: Option<String>,
}

impl ShowJson {
    /// The JSON of `pos`, reached after `ply` moves (`None` for a bare
    /// position) by `last_move`.
    pub fn new(pos: &Position, ply: Option<usize>, last_move: Option<&Ply>) -> ShowJson {
        ShowJson {
            file: None,
            head: HEAD.kind(Kind::Show),
            valid: true,
            ply,
            requested_ply: None,
            plies: None,
            position: pos.to_string(),
            to_move: pos.turn().name(),
            legal_moves: playable_moves(pos).iter().map(|m| m.to_string()).collect(),
            last_move: last_move.map(PlyJson::from),
            rebels: pos.board().rebels().len(),
            rebels_in_castle: pos.board().rebels_in_castle().len(),
            outcome: pos.outcome().map(|outcome| {
                OutcomeJson::from(GameOutcome {
                    outcome,
                    ply: ply.unwrap_or(0),
                })
            }),
            stopped: None,
            note: None,
        }
    }
}

/// A record in the answer of `asalto diff --format json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DiffFileJson {
    /// The file as given.
    pub file: String,
    /// Whether it is a valid record.
    pub valid: bool,
    /// The moves replayed (its valid part).
    pub plies: usize,
    /// How its game ended, or null.
    pub outcome: Option<OutcomeJson>,
    /// Its first error, or null.
    pub stopped: Option<StopJson>,
}

impl DiffFileJson {
    /// The summary of `checked`, read from `file`.
    pub fn new(file: &str, checked: &Checked) -> DiffFileJson {
        DiffFileJson {
            file: file.to_string(),
            valid: checked.is_valid(),
            plies: checked.plies(),
            outcome: checked.outcome().map(OutcomeJson::from),
            stopped: stop_json(checked),
        }
    }
}

/// The first move where two records differ.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DifferenceJson {
    /// The move number, 1-based.
    pub ply: usize,
    /// `officers` or `rebels`: the side to move there.
    pub side: &'static str,
    /// The reference's move as written, or null where its record has ended.
    pub reference: Option<String>,
    /// The other record's move as written, or null where it has ended.
    pub other: Option<String>,
    /// The reference's line, or null.
    pub reference_line: Option<usize>,
    /// The other's line, or null.
    pub other_line: Option<usize>,
    /// The reference's whole move when it is legal, else null.
    pub reference_move: Option<String>,
    /// The other's whole move when it is legal, else null.
    pub other_move: Option<String>,
    /// Why the reference's move is illegal, or null.
    pub reference_problem: Option<DiagnosticJson>,
    /// Why the other's move is illegal, or null.
    pub other_problem: Option<DiagnosticJson>,
    /// The position string before the move (null if both records were
    /// already past an illegal move).
    pub position: Option<String>,
    /// The moves that can be played there, or null.
    pub legal_moves: Option<Vec<String>>,
}

/// The answer of `asalto diff --format json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct DiffJson {
    /// `format` (`asalto-diff`), `version`, `game` (always `asalto`) and
    /// `rules` (the profile both records were read under).
    #[serde(flatten)]
    pub head: Head,
    /// Whether the two records hold the same game.
    pub same: bool,
    /// The reference record.
    pub reference: DiffFileJson,
    /// The other record.
    pub other: DiffFileJson,
    /// The first difference, or null.
    pub first_difference: Option<DifferenceJson>,
    /// The unified diff of the two canonical records (empty when same).
    pub diff: String,
    /// Why `diff` is not the whole story (lines left out, a diff that had to
    /// stop searching for the smallest one), or null.
    pub diff_note: Option<String>,
}

impl DifferenceJson {
    /// The JSON of `d`.
    pub fn new(d: &crate::compare::Difference) -> DifferenceJson {
        let text = |e: &Option<crate::compare::Entry>| e.as_ref().map(|e| e.written.clone());
        let line = |e: &Option<crate::compare::Entry>| e.as_ref().map(|e| e.line);
        let mv = |e: &Option<crate::compare::Entry>| {
            e.as_ref().and_then(|e| e.mv).map(|m| m.to_string())
        };
        let problem = |p: &Option<Problem>| {
            p.as_ref()
                .filter(|p| p.severity == Severity::Error)
                .map(DiagnosticJson::from)
        };
        DifferenceJson {
            ply: d.ply,
            side: d.side.name(),
            reference: text(&d.reference),
            other: text(&d.other),
            reference_line: line(&d.reference),
            other_line: line(&d.other),
            reference_move: mv(&d.reference),
            other_move: mv(&d.other),
            reference_problem: problem(&d.reference_problem),
            other_problem: problem(&d.other_problem),
            position: d.position.map(|p| p.to_string()),
            legal_moves: d
                .position
                .map(|p| playable_moves(&p).iter().map(|m| m.to_string()).collect()),
        }
    }
}
