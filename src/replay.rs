//! Replaying a record through the rules: from written moves to a [`Game`],
//! with every problem found as a [`Problem`] with a stable [`Reason`].

use std::ops::Range;

use crate::basic::{self, BasicScore};
use crate::legality::IllegalMoveKind;
use crate::record::{MoveText, Record};
use crate::{Move, Outcome, Position, Reason, Side};

/// How strictly to read a record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Format deviations (BOM, CRLF, blank lines, spaces, comments) are
    /// errors instead of warnings.
    pub strict: bool,
    /// A capture written with only its first two points is accepted (with a
    /// warning) and completed, instead of `capture-incomplete`.
    pub lenient: bool,
    /// Every rebel move must be one of the best moves of this BASICO score.
    pub rebels: Option<BasicScore>,
}

/// How serious a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The record is invalid.
    Error,
    /// Accepted, but not the exact format.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One thing found wrong (or worth a warning) in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// The stable reason code.
    pub reason: Reason,
    /// What is wrong, in a sentence.
    pub message: String,
    /// A short label for the underlined text.
    pub label: String,
    /// What would be right.
    pub help: Option<String>,
    /// Byte span in the source.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The move number (1-based) the problem is about, if it is about a move.
    pub ply: Option<usize>,
    /// The side that made that move.
    pub side: Option<Side>,
    /// The position before that move (for drawings and legal-move lists).
    pub before: Option<Position>,
}

/// A legal move of a replayed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move number, 1-based.
    pub number: usize,
    /// Who moved.
    pub side: Side,
    /// The full move.
    pub mv: Move,
    /// The position after it.
    pub position: Position,
    /// The 1-based source line it came from (0 when it has no source).
    pub line: usize,
    /// Whether the record wrote an abbreviated capture that was completed.
    pub completed: bool,
}

/// How a game ended, and after which move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// Who won and why.
    pub outcome: Outcome,
    /// The number of moves played when the end was found (0: before any).
    pub ply: usize,
}

/// A sequence of legal moves from a start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Where the game starts.
    pub start: Position,
    /// The moves, in order.
    pub plies: Vec<Ply>,
}

impl Game {
    /// An empty game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// An empty game from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            plies: Vec::new(),
        }
    }

    /// A game from legal moves.
    ///
    /// # Errors
    ///
    /// The index and error of the first move that is not legal where it is
    /// played.
    pub fn from_moves<'a>(
        moves: impl IntoIterator<Item = &'a Move>,
    ) -> Result<Game, (usize, crate::PlayError)> {
        let mut game = Game::new();
        for (i, m) in moves.into_iter().enumerate() {
            let next = game.position().play(m).map_err(|e| (i, e))?;
            game.push(*m, next, 0, false);
        }
        Ok(game)
    }

    /// The position after the last move.
    pub fn position(&self) -> Position {
        self.plies.last().map_or(self.start, |p| p.position)
    }

    /// The position after `n` moves (0: the start), if the game is that long.
    pub fn position_at(&self, n: usize) -> Option<Position> {
        match n {
            0 => Some(self.start),
            n => self.plies.get(n - 1).map(|p| p.position),
        }
    }

    /// The moves.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &Move> {
        self.plies.iter().map(|p| &p.mv)
    }

    /// The result, if the game has ended (checked at the start of the turn
    /// after the last move).
    pub fn outcome(&self) -> Option<GameOutcome> {
        self.position().outcome().map(|outcome| GameOutcome {
            outcome,
            ply: self.plies.len(),
        })
    }

    /// Append a move the caller has checked, with the position after it.
    pub fn push(&mut self, mv: Move, position: Position, line: usize, completed: bool) {
        let number = self.plies.len() + 1;
        let side = self.position().turn();
        self.plies.push(Ply {
            number,
            side,
            mv,
            position,
            line,
            completed,
        });
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// The result of checking a record.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The legal prefix of the record, replayed.
    pub game: Game,
    /// Every problem, errors and warnings, in source order.
    pub problems: Vec<Problem>,
    /// The line where the replay stopped (the first illegal move or syntax
    /// error); the moves from there on are not checked.
    pub stopped_at: Option<usize>,
}

impl Checked {
    /// Whether the record is valid (no errors; warnings allowed).
    pub fn is_valid(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
    }
}

/// 1-based line and character column of byte `offset` in `source`.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // The file's byte-order mark is not a character anybody sees: editors
    // put the first letter of the file in column 1.
    let shown = before.get(line_start..).unwrap_or("");
    let shown = match line_start {
        0 => shown.strip_prefix('\u{feff}').unwrap_or(shown),
        _ => shown,
    };
    (line, shown.chars().count() + 1)
}

/// Parse and replay a record: the whole pipeline of `asalto check`.
///
/// Syntax errors are all reported; the replay uses the moves before the
/// first of them, and stops at the first illegal move (the position after an
/// illegal move is undefined).
///
/// # Examples
///
/// ```
/// use asalto::replay::{check, CheckOptions};
///
/// let checked = check("Bc-Cc\nDd-Cd\nCc-Ce\n", CheckOptions::default());
/// assert!(checked.is_valid());
/// assert_eq!(checked.game.plies.len(), 3);
///
/// let checked = check("Bc-Cc\nDd-Cd\nCe-Cd\n", CheckOptions::default());
/// let error = checked.errors().next().unwrap();
/// assert_eq!(error.reason.code(), "no-piece");
/// assert_eq!((error.line, error.ply), (3, Some(3)));
/// ```
pub fn check(source: &str, options: CheckOptions) -> Checked {
    let record = Record::parse(source);
    check_record(source, &record, options)
}

/// [`check`] on a record already parsed from `source`.
pub fn check_record(source: &str, record: &Record, options: CheckOptions) -> Checked {
    let mut problems = Vec::new();
    let format_severity = if options.strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    for finding in &record.notes {
        let (line, column) = line_column(source, finding.span.start);
        let lines = if finding.lines.len() > 1 {
            let shown: Vec<String> = finding
                .lines
                .iter()
                .take(10)
                .map(|l| l.to_string())
                .collect();
            let more = if finding.lines.len() > 10 {
                ", ..."
            } else {
                ""
            };
            format!(" (lines {}{more})", shown.join(", "))
        } else {
            String::new()
        };
        problems.push(Problem {
            severity: format_severity,
            reason: Reason::Syntax,
            message: format!("{}{lines}", finding.note.message(finding.lines.len())),
            label: "not in the saved-game format".to_string(),
            help: Some(finding.note.help().to_string()),
            span: finding.span.clone(),
            line,
            column,
            ply: None,
            side: None,
            before: None,
        });
    }
    let replayable = record.replayable();
    for (i, error) in record.errors.iter().enumerate() {
        let (line, column) = line_column(source, error.span.start);
        let help = error.help();
        // Every line that is not blank or a comment is a move: this one's
        // number counts the moves and the bad lines before it.
        let ply = 1 + record.moves.iter().filter(|m| m.line < error.line).count() + i;
        problems.push(Problem {
            severity: Severity::Error,
            reason: if error.is_off_board() {
                Reason::OffBoard
            } else {
                Reason::Syntax
            },
            message: error.message(),
            label: error.label(),
            help: Some(help),
            span: error.span.clone(),
            line,
            column,
            ply: Some(ply),
            side: Some(Side::at_ply(ply - 1)),
            before: None,
        });
    }
    let (game, stopped_at) = replay_moves(source, replayable, options, &mut problems);
    problems.sort_by_key(|p| (p.span.start, p.severity));
    Checked {
        game,
        problems,
        stopped_at: stopped_at.or(record.first_error_line()),
    }
}

/// Replay `moves` from the start, pushing problems; returns the legal prefix
/// and the line of the illegal move that stopped it.
fn replay_moves(
    source: &str,
    moves: &[MoveText],
    options: CheckOptions,
    problems: &mut Vec<Problem>,
) -> (Game, Option<usize>) {
    let mut game = Game::new();
    game.plies.reserve(moves.len());
    let mut pos = game.start;
    for text in moves {
        let number = game.plies.len() + 1;
        let side = pos.turn();
        let problem = |severity, reason, message: String, label, help, span: Range<usize>| {
            let (line, column) = line_column(source, span.start);
            Problem {
                severity,
                reason,
                message: format!("move {number} ({side}): {message}"),
                label,
                help,
                span,
                line,
                column,
                ply: Some(number),
                side: Some(side),
                before: Some(pos),
            }
        };
        let (mv, completed) = match pos.resolve(&text.path) {
            Ok(mv) => (mv, false),
            Err(e) => {
                let abbreviated = text.path.len() == 2;
                if let (true, true, IllegalMoveKind::CaptureIncomplete { required, .. }) =
                    (options.lenient, abbreviated, &e.kind)
                {
                    problems.push(problem(
                        Severity::Warning,
                        Reason::CaptureIncomplete,
                        format!("capture written as its first two points, completed to {required}"),
                        format!("completed to {required}"),
                        Some("a saved game writes the whole path of a capture".to_string()),
                        text.span(),
                    ));
                    (*required, true)
                } else {
                    problems.push(problem(
                        Severity::Error,
                        e.reason(),
                        e.message(),
                        e.label(),
                        e.help(),
                        // After the end, the whole move is out of place.
                        if e.reason() == Reason::GameOver {
                            text.span()
                        } else {
                            text.segment_span(e.segment)
                        },
                    ));
                    return (game, Some(text.line));
                }
            }
        };
        if let (Some(variant), Side::Rebels) = (options.rebels, side) {
            if let Some(p) = not_basic(&pos, &mv, variant) {
                problems.push(problem(
                    Severity::Error,
                    Reason::NotBasic,
                    p.0,
                    p.1,
                    Some(p.2),
                    text.span(),
                ));
                return (game, Some(text.line));
            }
        }
        pos = pos.play_unchecked(&mv);
        game.push(mv, pos, text.line, completed);
    }
    (game, None)
}

/// If `mv` is not one of BASICO's best moves: message, label and help (every
/// candidate with its score).
fn not_basic(pos: &Position, mv: &Move, variant: BasicScore) -> Option<(String, String, String)> {
    let scored = basic::score_moves(pos, variant);
    let best = scored.iter().map(|s| s.score).max()?;
    let this = scored.iter().find(|s| s.mv == *mv)?;
    if this.score == best {
        return None;
    }
    let mut help = format!(
        "{} scores each rebel move as {} (ncas: enters the castle; ncap: most rebels one officer \
         reply captures) and plays a best one; best score here: {best}\n",
        variant.name(),
        variant.formula()
    );
    for s in &scored {
        let mark = if s.score == best { "  <- best" } else { "" };
        help.push_str(&format!(
            "  {:<6} ncas {} ncap {} score {:>3}{mark}\n",
            s.mv.to_string(),
            s.ncas,
            s.ncap,
            s.score
        ));
    }
    help.truncate(help.trim_end().len());
    Some((
        format!(
            "{mv} is not a {} move (score {} < {best})",
            variant.name(),
            this.score
        ),
        format!("score {}, best is {best}", this.score),
        help,
    ))
}
