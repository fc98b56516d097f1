//! Replaying a record through the rules: from written moves to a [`Game`],
//! with every problem found as a typed [`Problem`].

use std::ops::Range;

use asalto_core::Replay;

use crate::problem::{Problem, ProblemKind, Reason, Severity};
use crate::record::{LineRead, MoveText, RecordReader, SyntaxError};
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

/// A legal move of a replayed game: core's [`Ply`](asalto_core::Ply)
/// (number, side, move, position after it, source line); Mad Bishops adds
/// nothing to it.
pub type Ply = asalto_core::Ply<MadBishops>;

/// How a game ended, and after how many moves (core's, as every game's).
pub type GameOutcome = asalto_core::Ended<Outcome>;

/// A sequence of legal moves from a start position: core's [`Played`]
/// (`start`, `plies`, the position after n moves, the moves, the outcome,
/// the first difference of two games, a game of legal moves) over Mad
/// Bishops' [`Ply`].
///
/// [`Played`]: asalto_core::Played
pub type Game = asalto_core::Played<MadBishops, Ply>;

/// A game of legal moves from `start`: core's
/// [`Played::of_moves`](asalto_core::Played::of_moves) with Mad Bishops'
/// checked play.
///
/// # Errors
///
/// The index and error of the first move that is not legal where it is
/// played.
pub fn game_of_moves<'a>(
    start: Position,
    moves: impl IntoIterator<Item = &'a Move>,
) -> Result<Game, (usize, PlayError)> {
    Game::of_moves(start, moves, |position, mv| position.play(*mv))
}

/// Append to `game` a move the caller has checked, with the position after
/// it and its source line.
pub fn push(game: &mut Game, mv: Move, position: Position, line: usize) {
    game.push(mv, position, line, ());
}

/// What a check keeps of the game it replays: every ply (a [`Game`], for
/// the commands that show or write the moves), or only what a check
/// reports (a [`Tally`]: `check` holds no ply, whatever the length of the
/// record).
pub trait Kept {
    /// The start position.
    fn start(&self) -> Position;
    /// The number of moves played.
    fn plies(&self) -> usize;
    /// The position after the last move.
    fn position(&self) -> Position;
    /// The last move played.
    fn last_move(&self) -> Option<Move>;
    /// Append a move the caller has checked, with the position after it
    /// and its source line.
    fn push(&mut self, mv: Move, position: Position, line: usize);

    /// How the game ended (the position after the last move is over).
    fn outcome(&self) -> Option<GameOutcome> {
        self.position().outcome().map(|outcome| GameOutcome {
            outcome,
            ply: self.plies(),
        })
    }
}

impl Kept for Game {
    fn start(&self) -> Position {
        self.start
    }

    fn plies(&self) -> usize {
        self.plies.len()
    }

    fn position(&self) -> Position {
        Game::position(self)
    }

    fn last_move(&self) -> Option<Move> {
        self.plies.last().map(|p| p.mv)
    }

    fn push(&mut self, mv: Move, position: Position, line: usize) {
        push(self, mv, position, line);
    }
}

/// What a check of a record keeps when it keeps no ply: the start, how
/// many moves, the position now and the last move (the report marks it on
/// the board before the first illegal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    start: Position,
    plies: usize,
    position: Position,
    last: Option<Move>,
}

impl Tally {
    /// No move played from `start`.
    pub fn new(start: Position) -> Tally {
        Tally {
            start,
            plies: 0,
            position: start,
            last: None,
        }
    }
}

impl Kept for Tally {
    fn start(&self) -> Position {
        self.start
    }

    fn plies(&self) -> usize {
        self.plies
    }

    fn position(&self) -> Position {
        self.position
    }

    fn last_move(&self) -> Option<Move> {
        self.last
    }

    fn push(&mut self, mv: Move, position: Position, _line: usize) {
        self.plies += 1;
        self.position = position;
        self.last = Some(mv);
    }
}

/// The result of checking a record: the game replayed, kept whole (a
/// [`Game`], the default) or as a [`Tally`].
#[derive(Clone, Debug)]
pub struct Checked<K = Game> {
    /// The legal prefix of the record, replayed.
    pub game: K,
    /// Every problem, errors and warnings, in source order (of the syntax
    /// errors, the first [`MAX_LISTED_ERRORS`](crate::record::MAX_LISTED_ERRORS)).
    pub problems: Vec<Problem>,
    /// Syntax errors past those listed: counted, not kept.
    pub unlisted_errors: usize,
    /// The line where the replay stopped (the first illegal move or syntax
    /// error); the moves from there on are not checked.
    pub stopped_at: Option<usize>,
}

impl<K> Checked<K> {
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
/// error is checked against the rules). [`LineCheck`] does the same a
/// line at a time.
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
    let mut check = LineCheck::new(options, Game::new(options.start()));
    for line in source.split_inclusive('\n') {
        check.push_line(line);
    }
    check.finish()
}

/// The check of a record read a line at a time ([`check`] is this over a
/// text held whole): memory of the longest line, the problems (syntax
/// errors up to [`MAX_LISTED_ERRORS`](crate::record::MAX_LISTED_ERRORS))
/// and what `K` keeps of the game.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::replay::{CheckOptions, Kept, LineCheck, Tally};
///
/// let options = CheckOptions::default();
/// let mut check = LineCheck::new(&options, Tally::new(options.start()));
/// check.push_line("b10xa9\n");
/// check.push_line("c9-d10\n");
/// assert_eq!(check.found(), [(asalto_madbishops::Severity::Error, "mark-mismatch")]);
/// let checked = check.finish();
/// assert_eq!((checked.game.plies(), checked.stopped_at), (1, Some(2)));
/// ```
#[derive(Clone, Debug)]
pub struct LineCheck<K> {
    options: CheckOptions,
    reader: RecordReader,
    /// The line and column of each format note, in the reader's order.
    note_places: Vec<(usize, usize)>,
    replay: Replay<MadBishops>,
    game: K,
    /// The illegal move and the syntax errors listed, in the order found.
    problems: Vec<Problem>,
    /// The syntax errors listed.
    listed_errors: usize,
    unlisted_errors: usize,
    /// The lines that are moves, read so far.
    move_lines: usize,
    /// The line of the illegal move that stopped the replay.
    stopped: Option<usize>,
    /// The line of the first syntax error.
    first_error_line: Option<usize>,
    /// The severity and reason code of each problem first found on the
    /// last line.
    found: Vec<(Severity, &'static str)>,
}

impl<K: Kept> LineCheck<K> {
    /// A check under `options`, keeping the game in `game` (no move played
    /// yet, from `options.start()`).
    pub fn new(options: &CheckOptions, game: K) -> LineCheck<K> {
        LineCheck {
            options: *options,
            reader: RecordReader::default(),
            note_places: Vec::new(),
            replay: Replay::new(game.start()),
            game,
            problems: Vec::new(),
            listed_errors: 0,
            unlisted_errors: 0,
            move_lines: 0,
            stopped: None,
            first_error_line: None,
            found: Vec::new(),
        }
    }

    fn format_severity(&self) -> Severity {
        if self.options.strict {
            Severity::Error
        } else {
            Severity::Warning
        }
    }

    /// Read and check the next line, `raw` with its `\n` if it has one.
    pub fn push_line(&mut self, raw: &str) {
        self.found.clear();
        let line_start = self.reader_offset();
        let read = self.reader.read_line(raw);
        let format = self.format_severity();
        let line = self.reader.lines();
        for note in self.reader.new_notes() {
            let column = column_in(raw, note.span.start - line_start, line == 1);
            self.note_places.push((line, column));
            self.found.push((format, Reason::Syntax.code()));
        }
        match read {
            LineRead::Nothing => {}
            LineRead::Move(text) => {
                self.move_lines += 1;
                if self.stopped.is_none() && self.first_error_line.is_none() {
                    self.play(&text, raw, line_start);
                }
            }
            LineRead::Error(error) => self.syntax_error(error),
        }
    }

    /// The byte offset of the next line.
    fn reader_offset(&self) -> usize {
        self.reader.offset()
    }

    /// Play the move `text` (of the line `raw`, starting at byte
    /// `line_start`), or note why it is illegal and stop the replay.
    fn play(&mut self, text: &MoveText, raw: &str, line_start: usize) {
        match self.replay.step(&text.written) {
            Ok(ply) => self.game.push(ply.mv, *self.replay.position(), text.line),
            Err(illegal) => {
                let span: Range<usize> = text.part_span(illegal.reason.part);
                let column = column_in(raw, span.start - line_start, text.line == 1);
                let problem = Problem {
                    severity: Severity::Error,
                    kind: ProblemKind::Illegal(illegal.reason.kind),
                    span,
                    line: text.line,
                    column,
                    ply: Some(illegal.number),
                    side: Some(illegal.side),
                    before: Some(illegal.before),
                    notation: text.written.notation,
                };
                self.found.push((Severity::Error, problem.reason().code()));
                self.problems.push(problem);
                self.stopped = Some(text.line);
            }
        }
    }

    /// Note a line that is not a move: listed (the first
    /// [`MAX_LISTED_ERRORS`](crate::record::MAX_LISTED_ERRORS)) or
    /// counted; the replay uses no move after it.
    fn syntax_error(&mut self, error: SyntaxError) {
        if self.first_error_line.is_none() {
            self.first_error_line = Some(error.line);
        }
        if self.listed_errors >= crate::record::MAX_LISTED_ERRORS {
            self.unlisted_errors += 1;
            return;
        }
        // Every line that is not blank or a comment is a move: this one's
        // number counts the moves and the bad lines before it.
        let ply = 1 + self.move_lines + self.listed_errors;
        let side = match ply % 2 {
            1 => self.options.first,
            _ => self.options.first.opponent(),
        };
        // The replay reached the first syntax error when nothing stopped it
        // before: the position there is the game's last.
        let before =
            (self.listed_errors == 0 && self.stopped.is_none()).then(|| self.game.position());
        self.listed_errors += 1;
        self.found.push((Severity::Error, Reason::Syntax.code()));
        self.problems.push(Problem {
            severity: Severity::Error,
            kind: ProblemKind::Syntax {
                kind: error.kind,
                quote: error.quote,
            },
            span: error.span,
            line: error.line,
            column: error.column,
            ply: Some(ply),
            side: Some(side),
            before,
            notation: Notation::Algebraic,
        });
    }

    /// The severity and reason code of each problem first found on the
    /// last line read (a format note counts on the line it is first
    /// found): a report that quotes the lines of some problems keeps
    /// those lines as they go by.
    pub fn found(&self) -> &[(Severity, &'static str)] {
        &self.found
    }

    /// The check of the lines read.
    pub fn finish(self) -> Checked<K> {
        let format = self.format_severity();
        let mut problems: Vec<Problem> = self
            .reader
            .notes()
            .iter()
            .zip(&self.note_places)
            .map(|(finding, &(line, column))| Problem {
                severity: format,
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
            })
            .collect();
        problems.extend(self.problems);
        problems.sort_by_key(|p| (p.span.start, p.severity));
        Checked {
            game: self.game,
            problems,
            unlisted_errors: self.unlisted_errors,
            stopped_at: self.stopped.or(self.first_error_line),
        }
    }
}

/// The 1-based column of byte `local` of the line `raw` (`first`: the
/// first line of the file, whose byte-order mark takes no column).
fn column_in(raw: &str, local: usize, first: bool) -> usize {
    let before = &raw[..asalto_core::text::floor_boundary(raw, local.min(raw.len()))];
    let before = match first {
        true => before.strip_prefix('\u{feff}').unwrap_or(before),
        false => before,
    };
    before.chars().count() + 1
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
