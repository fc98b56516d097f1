//! Replaying a record through the rules: from written moves to a [`Game`],
//! with every problem found as a typed [`Problem`].

use std::ops::Range;

use asalto_core::Replay;

use crate::problem::{Problem, ProblemKind, Severity};
use crate::record::{MoveText, Record};
use crate::{Board, MadBishops, Move, Notation, Outcome, PlayError, Position, Profile, Side};

/// How to read a record: the rules, the start, and how strict to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The rule profile.
    pub profile: Profile,
    /// Who moves first (red in the report).
    pub first: Side,
    /// The setup (the report's by default).
    pub setup: Board,
    /// Format deviations (BOM, CRLF, blank lines, spaces, comments) are
    /// errors instead of warnings.
    pub strict: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            profile: Profile::default(),
            first: Side::Red,
            setup: Board::report_setup(),
            strict: false,
        }
    }
}

impl CheckOptions {
    /// The position the game starts from.
    pub fn start(&self) -> Position {
        Position::new(self.setup, self.first, self.profile)
    }
}

/// A legal move of a replayed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move number, 1-based.
    pub number: usize,
    /// Who moved.
    pub side: Side,
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub position: Position,
    /// The 1-based source line it came from (0 when it has no source).
    pub line: usize,
}

/// How a game ended, and after how many moves (core's, as every game's).
pub type GameOutcome = asalto_core::Ended<Outcome>;

/// A sequence of legal moves from a start position: core's [`Played`]
/// (`start`, `plies`, the position after n moves, the moves, the outcome,
/// the first difference of two games) over Mad Bishops' [`Ply`].
///
/// [`Played`]: asalto_core::Played
pub type Game = asalto_core::Played<MadBishops, Ply>;

impl asalto_core::PlayedPly<MadBishops> for Ply {
    fn mv(&self) -> &Move {
        &self.mv
    }

    fn position(&self) -> &Position {
        &self.position
    }
}

/// A game of legal moves from `start`.
///
/// # Errors
///
/// The index and error of the first move that is not legal where it is
/// played.
pub fn game_of_moves<'a>(
    start: Position,
    moves: impl IntoIterator<Item = &'a Move>,
) -> Result<Game, (usize, PlayError)> {
    let mut game = Game::new(start);
    for (i, m) in moves.into_iter().enumerate() {
        let next = game.position().play(*m).map_err(|e| (i, e))?;
        push(&mut game, *m, next, 0);
    }
    Ok(game)
}

/// Append to `game` a move the caller has checked, with the position after
/// it and its source line.
pub fn push(game: &mut Game, mv: Move, position: Position, line: usize) {
    game.push_with(|number, side| Ply {
        number,
        side,
        mv,
        position,
        line,
    });
}

/// The result of checking a record.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The legal prefix of the record, replayed.
    pub game: Game,
    /// Every problem, errors and warnings, in source order (of the syntax
    /// errors, the first [`MAX_LISTED_ERRORS`](crate::record::MAX_LISTED_ERRORS)).
    pub problems: Vec<Problem>,
    /// Syntax errors past those listed: counted, not kept.
    pub unlisted_errors: usize,
    /// The line where the replay stopped (the first illegal move or syntax
    /// error); the moves from there on are not checked.
    pub stopped_at: Option<usize>,
}

impl Checked {
    /// Whether the record is valid (no errors; warnings allowed).
    pub fn is_valid(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    /// How many errors the record has, listed or not.
    pub fn error_count(&self) -> usize {
        self.errors().count() + self.unlisted_errors
    }

    /// The errors listed.
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

/// 1-based line and character column of byte `offset` in `source`. A
/// byte-order mark takes no column: editors put the first letter of the file
/// in column 1.
pub use asalto_core::line_column;

/// Parse and replay a record: the whole pipeline of a check.
///
/// Syntax errors are all reported (the first
/// [`MAX_LISTED_ERRORS`](crate::record::MAX_LISTED_ERRORS) listed, the
/// others counted); the replay uses the moves before the
/// first of them and stops at the first illegal move (nothing after an
/// error is checked against the rules).
///
/// # Examples
///
/// ```
/// use asalto_madbishops::replay::{check, CheckOptions};
///
/// let checked = check("b10xa9\nc9xd10\n", &CheckOptions::default());
/// assert!(checked.is_valid());
/// assert_eq!(checked.game.plies.len(), 2);
///
/// let checked = check("b10xa9\nc9-d10\n", &CheckOptions::default());
/// let error = checked.errors().next().unwrap();
/// assert_eq!(error.reason().code(), "mark-mismatch");
/// assert_eq!((error.line, error.column, error.ply), (2, 3, Some(2)));
/// assert_eq!(error.message(), "move 2 (blue): c9xd10 is a capture, written with `-`");
/// ```
pub fn check(source: &str, options: &CheckOptions) -> Checked {
    let record = Record::parse(source);
    check_record(source, &record, options)
}

/// [`check`] on a record already parsed from `source`.
pub fn check_record(source: &str, record: &Record, options: &CheckOptions) -> Checked {
    let mut problems = Vec::new();
    let format_severity = if options.strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    for finding in &record.notes {
        let (line, column) = line_column(source, finding.span.start);
        problems.push(Problem {
            severity: format_severity,
            kind: ProblemKind::Format {
                note: finding.note,
                lines: finding.lines.clone(),
            },
            span: finding.span.clone(),
            line,
            column,
            ply: None,
            side: None,
            before: None,
            notation: Notation::Algebraic,
        });
    }
    let (game, stopped) = replay_moves(source, record.replayable(), options, &mut problems);
    let side_at = |ply: usize| match ply % 2 {
        1 => options.first,
        _ => options.first.opponent(),
    };
    // Moves before the error being looked at (errors come in line order).
    let mut moves_before = 0;
    for (i, error) in record.errors.iter().enumerate() {
        let (line, column) = (error.line, error.column);
        while record
            .moves
            .get(moves_before)
            .is_some_and(|m| m.line < error.line)
        {
            moves_before += 1;
        }
        // Every line that is not blank or a comment is a move: this one's
        // number counts the moves and the bad lines before it.
        let ply = 1 + moves_before + i;
        // The replay reached the first syntax error when nothing stopped it
        // before: the position there is the game's last.
        let before = (i == 0 && stopped.is_none()).then(|| game.position());
        problems.push(Problem {
            severity: Severity::Error,
            kind: ProblemKind::Syntax {
                kind: error.kind,
                quote: error.quote.clone(),
            },
            span: error.span.clone(),
            line,
            column,
            ply: Some(ply),
            side: Some(side_at(ply)),
            before,
            notation: Notation::Algebraic,
        });
    }
    problems.sort_by_key(|p| (p.span.start, p.severity));
    Checked {
        game,
        problems,
        unlisted_errors: record.unlisted_errors,
        stopped_at: stopped.or(record.first_error_line()),
    }
}

/// Replay `moves` from the start, pushing the problem of the first illegal
/// one; returns the legal prefix and the line where it stopped.
fn replay_moves(
    source: &str,
    moves: &[MoveText],
    options: &CheckOptions,
    problems: &mut Vec<Problem>,
) -> (Game, Option<usize>) {
    let mut game = Game::new(options.start());
    game.plies.reserve(moves.len());
    let mut replay = Replay::<MadBishops>::new(game.start);
    for text in moves {
        match replay.step(&text.written) {
            Ok(ply) => push(&mut game, ply.mv, *replay.position(), text.line),
            Err(illegal) => {
                let span: Range<usize> = text.part_span(illegal.reason.part);
                let (line, column) = line_column(source, span.start);
                problems.push(Problem {
                    severity: Severity::Error,
                    kind: ProblemKind::Illegal(illegal.reason.kind),
                    span,
                    line,
                    column,
                    ply: Some(illegal.number),
                    side: Some(illegal.side),
                    before: Some(illegal.before),
                    notation: text.written.notation,
                });
                return (game, Some(text.line));
            }
        }
    }
    (game, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Reason;

    fn codes(source: &str, options: &CheckOptions) -> Vec<(usize, &'static str)> {
        check(source, options)
            .problems
            .iter()
            .map(|p| (p.line, p.reason().code()))
            .collect()
    }

    #[test]
    fn syntax_errors_and_the_first_illegal_move() {
        let o = CheckOptions::default();
        assert_eq!(codes("b10xa9\nk3-j4\n", &o), [(2, "off-board")]);
        assert_eq!(codes("b10xa9\na2-b3\n", &o), [(2, "light-square")]);
        assert_eq!(codes("b10xa9\nc3?d4\n", &o), [(2, "syntax")]);
        // Two syntax errors; the illegal move before them stops the replay.
        assert_eq!(
            codes("b10-a9\nxx\nyy\n", &o),
            [(1, "mark-mismatch"), (2, "syntax"), (3, "syntax")]
        );
        let checked = check("b10xa9\nxx\n", &o);
        assert_eq!(checked.game.plies.len(), 1);
        assert_eq!(checked.stopped_at, Some(2));
        let first = checked.errors().next().unwrap();
        assert_eq!(first.before, Some(checked.game.position()));
        assert_eq!(first.side, Some(Side::Blue));
    }

    #[test]
    fn warnings_and_strictness() {
        let lax = check("b10xa9\n\n", &CheckOptions::default());
        assert!(lax.is_valid());
        assert_eq!(lax.warnings().count(), 1);
        let strict = check(
            "b10xa9\n\n",
            &CheckOptions {
                strict: true,
                ..CheckOptions::default()
            },
        );
        assert!(!strict.is_valid());
        assert_eq!(strict.errors().next().unwrap().reason(), Reason::Syntax);
    }

    #[test]
    fn mixed_notations_and_columns() {
        let checked = check("(0,1)x(1,0)\n7 0 8 1\n", &CheckOptions::default());
        assert!(checked.is_valid(), "{:?}", checked.problems);
        assert_eq!(checked.game.plies[1].mv.to_string(), "a3xb2");
        assert_eq!(line_column("\u{feff}ab\ncd", 4), (1, 2));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn first_difference() {
        let start = Position::start(Profile::Steere, Side::Red);
        let moves = start.legal_moves();
        let a = game_of_moves(start, &moves[..1]).unwrap();
        let b = game_of_moves(start, &moves[1..2]).unwrap();
        assert_eq!(a.first_difference(&a), None);
        assert_eq!(a.first_difference(&b), Some(1));
        assert_eq!(a.first_difference(&Game::new(start)), Some(1));
        assert_eq!(
            a.first_difference(&Game::new(start.with_turn(Side::Blue))),
            Some(0)
        );
    }
}
