//! Replaying a record through the rules: from written moves to a [`Game`],
//! with every problem found as a [`Problem`] with a stable [`Reason`].

use std::ops::Range;

use crate::basic_score::{BasicScore, NotBasic};
use crate::legality::{IllegalMove, IllegalMoveKind};
use crate::moves::Path;
use crate::record::{
    FormatFinding, FormatNote, LineContent, MoveText, NO_PATH, ScannedLine, SyntaxError,
    bare_move_into, tally,
};
use crate::{Asalto, Move, Outcome, Position, Reason, Side};
use asalto_core::Game as _;
use asalto_core::excerpt::Excerpts;
use asalto_core::replay::{CheckedPly, Replay};

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

pub use asalto_core::Severity;

/// What a problem is about: a typed value until it is shown. The words
/// live with the types: [`SyntaxError`] and [`FormatNote`] (the record
/// format), [`IllegalMove`] (the rules), [`NotBasic`] (BASICO's scores).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// A line that is not a move (`syntax`, `off-board`).
    Syntax(Box<SyntaxError>),
    /// A format deviation, for every line where it occurs (`syntax`, a
    /// warning unless strict).
    Format(FormatFinding),
    /// A move that is not legal where it is played.
    Illegal(IllegalMove),
    /// Under `--lenient`, a capture written as its first two points,
    /// completed (`capture-incomplete`, a warning).
    Completed {
        /// The whole capture.
        required: Move,
    },
    /// A rebel move that is not one of BASICO's best (`not-basic`).
    NotBasic(NotBasic),
}

impl ProblemKind {
    /// The stable reason.
    pub fn reason(&self) -> Reason {
        match self {
            ProblemKind::Syntax(e) if e.is_off_board() => Reason::OffBoard,
            ProblemKind::Syntax(_) | ProblemKind::Format(_) => Reason::Syntax,
            ProblemKind::Illegal(e) => e.reason(),
            ProblemKind::Completed { .. } => Reason::CaptureIncomplete,
            ProblemKind::NotBasic(_) => Reason::NotBasic,
        }
    }

    /// Whether it is about a move the replay judged (and its message starts
    /// with that move: `move 3 (rebels): ...`).
    fn about_a_move(&self) -> bool {
        matches!(
            self,
            ProblemKind::Illegal(_) | ProblemKind::Completed { .. } | ProblemKind::NotBasic(_)
        )
    }
}

/// One thing found wrong (or worth a warning) in a record: a typed
/// [`ProblemKind`] with its place. [`Problem::message`],
/// [`Problem::label`] and [`Problem::help`] put it into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub kind: ProblemKind,
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

impl Problem {
    /// The stable reason code.
    pub fn reason(&self) -> Reason {
        self.kind.reason()
    }

    /// What is wrong, in a sentence; a problem about a move the replay
    /// judged starts with it (`move 3 (rebels): there is no piece on Cd`).
    pub fn message(&self) -> String {
        let text = self.bare_message();
        match self.kind.about_a_move() {
            true => asalto_core::headline(self.ply, self.side.map(Side::name), &text),
            false => text,
        }
    }

    /// What is wrong, without the move in front: for a summary line that
    /// names the move itself.
    pub fn bare_message(&self) -> String {
        match &self.kind {
            ProblemKind::Syntax(e) => e.message(),
            ProblemKind::Format(f) => {
                let lines = if f.count > 1 {
                    let shown: Vec<String> = f.lines.iter().map(|l| l.to_string()).collect();
                    let more = if f.count > f.lines.len() { ", ..." } else { "" };
                    format!(" (lines {}{more})", shown.join(", "))
                } else {
                    String::new()
                };
                format!("{}{lines}", f.note.message(f.count))
            }
            ProblemKind::Illegal(e) => e.message(),
            ProblemKind::Completed { required } => {
                format!("capture written as its first two points, completed to {required}")
            }
            ProblemKind::NotBasic(n) => n.message(),
        }
    }

    /// A short label for the underlined text.
    pub fn label(&self) -> String {
        match &self.kind {
            ProblemKind::Syntax(e) => e.label(),
            ProblemKind::Format(_) => "not in the saved-game format".to_string(),
            ProblemKind::Illegal(e) => e.label(),
            ProblemKind::Completed { required } => format!("completed to {required}"),
            ProblemKind::NotBasic(n) => n.label(),
        }
    }

    /// What would be right.
    pub fn help(&self) -> Option<String> {
        match &self.kind {
            ProblemKind::Syntax(e) => Some(e.help()),
            ProblemKind::Format(f) => Some(f.note.help().to_string()),
            ProblemKind::Illegal(e) => e.help(),
            ProblemKind::Completed { .. } => {
                Some("a saved game writes the whole path of a capture".to_string())
            }
            ProblemKind::NotBasic(n) => Some(n.help()),
        }
    }
}

/// What renderers shared by every game read of a problem.
impl asalto_core::Diagnostic for Problem {
    fn severity(&self) -> Severity {
        self.severity
    }
    fn code(&self) -> &'static str {
        self.reason().code()
    }
    fn message(&self) -> String {
        Problem::message(self)
    }
    fn label(&self) -> String {
        Problem::label(self)
    }
    fn help(&self) -> Option<String> {
        Problem::help(self)
    }
    fn span(&self) -> asalto_core::Span {
        self.span.clone().into()
    }
    fn ply(&self) -> Option<usize> {
        self.ply
    }
    fn side(&self) -> Option<&'static str> {
        self.side.map(Side::name)
    }
}

/// What Asalto adds to a ply of a replayed game: how the record wrote its
/// move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Whether the record wrote an abbreviated capture that was completed
    /// (`--lenient`).
    pub completed: bool,
}

/// A legal move of a replayed game: core's [`Ply`](asalto_core::Ply)
/// (number, side, move, position after it, source line), with how the
/// record wrote it ([`Recorded`]) as its `extra`.
pub type Ply = asalto_core::Ply<Asalto, Recorded>;

/// How a game ended, and after which move (core's, as every game's).
pub type GameOutcome = asalto_core::Ended<Outcome>;

/// A sequence of legal moves from a start position: core's [`Played`]
/// (`start`, `plies`, the position after n moves, the moves, the outcome,
/// the first difference of two games, a game of legal moves) over
/// Asalto's [`Ply`].
///
/// [`Played`]: asalto_core::Played
pub type Game = asalto_core::Played<Asalto, Ply>;

/// An empty game from the start position.
pub fn new_game() -> Game {
    Game::new(Position::start())
}

/// A game from legal moves, from the start position: core's
/// [`Played::of_moves`](asalto_core::Played::of_moves) with Asalto's
/// checked play.
///
/// # Errors
///
/// The index and error of the first move that is not legal where it is
/// played.
pub fn game_of_moves<'a>(
    moves: impl IntoIterator<Item = &'a Move>,
) -> Result<Game, (usize, crate::PlayError)> {
    Game::of_moves(Position::start(), moves, |position, mv| position.play(mv))
}

/// Append to `game` a move the caller has checked, with the position after
/// it, its source line and whether it was completed.
pub fn push(game: &mut Game, mv: Move, position: Position, line: usize, completed: bool) {
    game.push(mv, position, line, Recorded { completed });
}

/// The result of checking a record.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The legal prefix of the record, replayed. A check that keeps only
    /// the current position ([`Replayer::new`] without plies, as
    /// `asalto check` runs) has no plies here: [`Checked::plies`] counts
    /// them.
    pub game: Game,
    /// The problems kept, errors and warnings, in source order: every one,
    /// except that of one kind (reason and label) at most
    /// [`KEPT_PER_KIND`] are kept and the rest counted in
    /// [`Checked::omitted`].
    pub problems: Vec<Problem>,
    /// The line where the replay stopped (the first illegal move or syntax
    /// error); the moves from there on are not checked.
    pub stopped_at: Option<usize>,
    /// The problems not kept, by kind.
    pub omitted: Vec<Omitted>,
    /// The lines around the problems kept, for reports.
    pub excerpts: Excerpts,
    plies: usize,
    position: Position,
}

/// Problems of one kind beyond the [`KEPT_PER_KIND`] kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Omitted {
    /// Error or warning.
    pub severity: Severity,
    /// Their reason.
    pub reason: Reason,
    /// Their label.
    pub label: String,
    /// How many were not kept.
    pub count: usize,
    /// The line of the last one.
    pub last_line: usize,
}

/// At most this many problems of one kind (reason and label) are kept in a
/// [`Checked`]; the rest are counted. A file of a million bad lines makes a
/// report of bounded size.
pub const KEPT_PER_KIND: usize = 100;

impl Checked {
    /// Whether the record is valid (no errors; warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.error_count() == 0
    }

    /// The errors kept.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
    }

    /// The warnings kept.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
    }

    fn count(&self, severity: Severity) -> usize {
        let kept = self
            .problems
            .iter()
            .filter(|p| p.severity == severity)
            .count();
        let omitted: usize = self
            .omitted
            .iter()
            .filter(|o| o.severity == severity)
            .map(|o| o.count)
            .sum();
        kept + omitted
    }

    /// How many errors, kept or not.
    pub fn error_count(&self) -> usize {
        self.count(Severity::Error)
    }

    /// How many warnings, kept or not.
    pub fn warning_count(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// The number of moves replayed (the legal prefix).
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The position after the last legal move.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The result, if the game has ended after the legal prefix.
    pub fn outcome(&self) -> Option<GameOutcome> {
        self.position.outcome().map(|outcome| GameOutcome {
            outcome,
            ply: self.plies,
        })
    }
}

/// 1-based line and character column of byte `offset` in `source` (a
/// byte-order mark takes no column, as in editors).
pub use asalto_core::line_column;

/// Parse and replay a record: the whole pipeline of `asalto check`.
///
/// Syntax errors are all reported; the replay uses the moves before the
/// first of them, and stops at the first illegal move (the position after an
/// illegal move is undefined).
///
/// # Examples
///
/// ```
/// use asalto_asalto::replay::{check, CheckOptions};
///
/// let checked = check("Bc-Cc\nDd-Cd\nCc-Ce\n", CheckOptions::default());
/// assert!(checked.is_valid());
/// assert_eq!(checked.game.plies.len(), 3);
///
/// let checked = check("Bc-Cc\nDd-Cd\nCe-Cd\n", CheckOptions::default());
/// let error = checked.errors().next().unwrap();
/// assert_eq!(error.reason().code(), "no-piece");
/// assert_eq!((error.line, error.ply), (3, Some(3)));
/// ```
pub fn check(source: &str, options: CheckOptions) -> Checked {
    let mut replayer = Replayer::new(options, true);
    for line in crate::record::lines(source) {
        replayer.push_line(line);
    }
    replayer.finish()
}

/// One kind of problem, and how many of it were seen.
#[derive(Clone, Debug)]
struct Kind {
    severity: Severity,
    reason: Reason,
    label: String,
    seen: usize,
    last_line: usize,
}

/// A record checked line by line: what [`check`] does, holding only the
/// current position, the problems found (bounded: [`KEPT_PER_KIND`]) and
/// the lines around them, so that a file of any size is checked in memory
/// of the size of its longest line.
///
/// # Examples
///
/// ```
/// use asalto_asalto::replay::{CheckOptions, Replayer};
///
/// let mut replayer = Replayer::new(CheckOptions::default(), false);
/// for line in ["Bc-Cc\n", "Dd-Cd\n"] {
///     replayer.push_line(line);
/// }
/// let checked = replayer.finish();
/// assert!(checked.is_valid());
/// assert_eq!(checked.plies(), 2);
/// assert!(checked.game.plies.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Replayer {
    options: CheckOptions,
    keep_plies: bool,
    game: Game,
    /// The current position and the number of moves played.
    replay: Replay<Asalto>,
    /// Lines that are moves or should be (bad lines), a line of several
    /// moves counting each: the move number of the next one is this + 1.
    entries: usize,
    replaying: bool,
    stopped_at: Option<usize>,
    line: usize,
    offset: usize,
    notes: Vec<FormatFinding>,
    /// Line and column of each note's first occurrence.
    note_places: Vec<(usize, usize)>,
    problems: Vec<Problem>,
    kinds: Vec<Kind>,
    excerpts: Excerpts,
    /// The previous line (its number, offset and text, capped), to quote
    /// it.
    previous: (usize, usize, Vec<u8>),
    /// The current line's offset and text (capped, without its line end;
    /// UTF-8).
    current: (usize, Vec<u8>),
    /// Whether the line after the last problem is to be kept.
    keep_next: bool,
}

impl Replayer {
    /// A check from the start position; `keep_plies` keeps every move in
    /// [`Checked::game`] (memory in proportion to the record), else only
    /// the current position is kept.
    pub fn new(options: CheckOptions, keep_plies: bool) -> Replayer {
        let start = Position::start();
        Replayer {
            options,
            keep_plies,
            game: Game::new(start),
            replay: Replay::new(start),
            entries: 0,
            replaying: true,
            stopped_at: None,
            line: 0,
            offset: 0,
            notes: Vec::new(),
            note_places: Vec::new(),
            problems: Vec::new(),
            kinds: Vec::new(),
            excerpts: Excerpts::default(),
            previous: (0, 0, Vec::new()),
            current: (0, Vec::new()),
            keep_next: false,
        }
    }

    /// The number of lines read so far.
    pub fn lines(&self) -> usize {
        self.line
    }

    /// Read the next line of the record, `raw` with its `\n` if it has one.
    pub fn push_line(&mut self, raw: &str) {
        self.push_line_with(raw, &mut |_: &Ply| {});
    }

    /// [`Replayer::push_line`], handing each move of the line that is
    /// legal to `on_ply` as it is played: how `show`, `export` and `diff`
    /// follow a game of any length without keeping its moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_asalto::replay::{CheckOptions, Replayer};
    ///
    /// let mut replayer = Replayer::new(CheckOptions::default(), false);
    /// let mut seen = Vec::new();
    /// for line in ["Bc-Cc\n", "Dd-Cd\n", "Cc-Cd\n"] {
    ///     replayer.push_line_with(line, &mut |ply| seen.push(ply.mv.to_string()));
    /// }
    /// assert_eq!(seen, ["Bc-Cc", "Dd-Cd"]);
    /// assert!(!replayer.finish().is_valid());
    /// ```
    pub fn push_line_with(&mut self, raw: &str, on_ply: &mut impl FnMut(&Ply)) {
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let start = self.begin_line(raw.len(), body.as_bytes());
        // Most lines are a bare move: no notes, no syntax error to look for.
        if self.replaying {
            let mut path = NO_PATH;
            if bare_move_into(body.as_bytes(), &mut path) {
                self.entries += 1;
                self.play(&path, start, body.as_bytes(), start, on_ply);
                return;
            }
        }
        self.push_other(raw, body, start, on_ply);
    }

    /// [`Replayer::push_line`] on bytes, `raw` with its `\n` if it has one:
    /// a bare move (ASCII) is replayed without a UTF-8 check, any other line
    /// is checked first.
    ///
    /// # Errors
    ///
    /// A line that is not UTF-8 text: nothing is read of it (the caller
    /// reports it at line [`Replayer::lines`] + 1).
    pub fn push_bytes(&mut self, raw: &[u8]) -> Result<(), std::str::Utf8Error> {
        if self.replaying {
            let body = raw.strip_suffix(b"\n").unwrap_or(raw);
            let mut path = NO_PATH;
            if bare_move_into(body, &mut path) {
                let start = self.begin_line(raw.len(), body);
                self.entries += 1;
                self.play(&path, start, body, start, &mut |_: &Ply| {});
                return Ok(());
            }
        }
        let raw = std::str::from_utf8(raw)?;
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let start = self.begin_line(raw.len(), body.as_bytes());
        self.push_other(raw, body, start, &mut |_: &Ply| {});
        Ok(())
    }

    /// Read every line of `block`, each with its `\n` (the last one may
    /// lack it at the end of the input): what [`Replayer::push_bytes`] does
    /// line by line, with the legal bare moves of a running replay read
    /// straight from the block (no copy of the line kept for quoting until
    /// another kind of line needs it).
    ///
    /// # Errors
    ///
    /// The first line that is not UTF-8 text, with why: nothing is read of
    /// it or after it (the caller reports it at line [`Replayer::lines`] +
    /// 1, byte [`Replayer::bytes_read`]).
    pub fn push_block<'a>(
        &mut self,
        block: &'a [u8],
    ) -> Result<(), (&'a [u8], std::str::Utf8Error)> {
        // The last line read here by the fast path, not yet remembered for
        // quoting: its offset and text.
        let mut unremembered: Option<(usize, &[u8])> = None;
        let fast = self.options.rebels.is_none();
        let mut rest = block;
        while !rest.is_empty() {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
            let (raw, tail) = rest.split_at(end);
            rest = tail;
            let body = raw.strip_suffix(b"\n").unwrap_or(raw);
            if fast && self.replaying && !self.keep_next {
                let mut path = NO_PATH;
                if bare_move_into(body, &mut path) {
                    // An illegal move is judged again below, with its
                    // problem, by the path every other line takes.
                    if let Ok(ply) = self.replay.step(&path) {
                        let start = self.offset;
                        self.line += 1;
                        self.offset += raw.len();
                        self.entries += 1;
                        if self.keep_plies {
                            self.record(ply, false, &mut |_: &Ply| {});
                        }
                        unremembered = Some((start, body));
                        continue;
                    }
                }
            }
            if let Some((start, text)) = unremembered.take() {
                self.remember(start, text);
            }
            self.push_bytes(raw).map_err(|e| (raw, e))?;
        }
        if let Some((start, text)) = unremembered {
            self.remember(start, text);
        }
        Ok(())
    }

    /// Keep `text`, the last line read (starting at byte `start`), for
    /// quoting if the next line has a problem.
    fn remember(&mut self, start: usize, text: &[u8]) {
        self.current.0 = start;
        self.current.1.clear();
        self.current.1.extend_from_slice(cap_utf8(text, CAP_COPY));
    }

    /// The number of bytes read so far (lines with their line ends).
    pub fn bytes_read(&self) -> usize {
        self.offset
    }

    /// Count a line of `len` bytes whose text (without its line end, valid
    /// UTF-8) is `body`, remember it for quoting, and give its offset.
    #[inline]
    fn begin_line(&mut self, len: usize, body: &[u8]) -> usize {
        self.line += 1;
        let start = self.offset;
        self.offset += len;
        // Remember this line in case the next one has a problem and quotes
        // it: copying a short line is cheap, and it is one reused buffer.
        std::mem::swap(&mut self.previous.2, &mut self.current.1);
        self.previous.0 = self.line - 1;
        self.previous.1 = self.current.0;
        self.current.0 = start;
        self.current.1.clear();
        self.current.1.extend_from_slice(cap_utf8(body, CAP_COPY));
        if self.keep_next {
            self.keep_next = false;
            self.excerpts.keep(self.line, start, as_text(body));
        }
        start
    }

    /// The lines that are not a bare move replayed: notes, several moves,
    /// syntax errors, and every line after the replay stopped.
    fn push_other(&mut self, raw: &str, body: &str, start: usize, on_ply: &mut impl FnMut(&Ply)) {
        let scanned = ScannedLine::scan(raw, self.line, start, self.options.lenient);
        for (note, span) in &scanned.notes {
            if !self.notes.iter().any(|f| f.note == *note) {
                self.note_places
                    .push((self.line, column(body, start, span.start)));
                self.quote_here(body, start);
            }
            tally(&mut self.notes, *note, self.line, span.clone());
        }
        match &scanned.content {
            LineContent::Nothing => {}
            LineContent::Move(m) => {
                self.entries += 1;
                if self.replaying {
                    self.play(&m.path, m.offset, body.as_bytes(), start, on_ply);
                }
            }
            LineContent::Several { .. } => {
                for m in scanned.moves() {
                    self.entries += 1;
                    if self.replaying {
                        self.play(&m.path, m.offset, body.as_bytes(), start, on_ply);
                    }
                }
            }
            LineContent::Error(e) => {
                self.entries += 1;
                if self.replaying {
                    self.replaying = false;
                    self.stopped_at = Some(self.line);
                }
                let ply = self.entries;
                let problem = Problem {
                    severity: Severity::Error,
                    kind: ProblemKind::Syntax(e.clone()),
                    span: e.span.clone(),
                    line: self.line,
                    column: column(body, start, e.span.start),
                    ply: Some(ply),
                    side: Some(Side::at_ply(ply - 1)),
                    before: None,
                };
                self.add(problem, body, start);
            }
        }
    }

    /// Keep the lines around the current one for quoting.
    fn quote_here(&mut self, body: &str, start: usize) {
        if self.line > 1 {
            let (line, offset) = (self.previous.0, self.previous.1);
            self.excerpts.keep(line, offset, as_text(&self.previous.2));
        }
        self.excerpts.keep(self.line, start, body);
        self.keep_next = true;
    }

    /// Keep `problem` (or count it, past [`KEPT_PER_KIND`] of its kind).
    fn add(&mut self, problem: Problem, body: &str, start: usize) {
        let label = problem.label();
        let kind = match self.kinds.iter_mut().find(|k| {
            k.severity == problem.severity && k.reason == problem.reason() && k.label == label
        }) {
            Some(k) => k,
            None => {
                self.kinds.push(Kind {
                    severity: problem.severity,
                    reason: problem.reason(),
                    label: label.clone(),
                    seen: 0,
                    last_line: 0,
                });
                let n = self.kinds.len();
                &mut self.kinds[n - 1]
            }
        };
        kind.seen += 1;
        kind.last_line = problem.line;
        if kind.seen <= KEPT_PER_KIND {
            self.problems.push(problem);
            self.quote_here(body, start);
        }
    }

    /// Replay one written move, `path` at byte `offset` of the line `body`
    /// (which starts at byte `start`), if the replay is still going: judged
    /// and played by [`Replay::step`], with what only a record check adds
    /// around it (a capture completed under `--lenient`, BASICO's rule for
    /// rebel moves under `--rebels`).
    fn play(
        &mut self,
        path: &Path,
        offset: usize,
        body: &[u8],
        start: usize,
        on_ply: &mut impl FnMut(&Ply),
    ) {
        let pos = *self.replay.position();
        let number = self.replay.played() + 1;
        let side = pos.turn();
        let line = self.line;
        let problem = |severity, kind, span: Range<usize>| Problem {
            severity,
            kind,
            column: column(as_text(body), start, span.start),
            span,
            line,
            ply: Some(number),
            side: Some(side),
            before: Some(pos),
        };
        let text = MoveText {
            line,
            offset,
            path: *path,
        };
        // BASICO's rule judges a legal rebel move before it is played.
        let basic = self.options.rebels.filter(|_| side == Side::Rebels);
        let judged = match basic {
            Some(_) => Asalto::resolve(&pos, path).map(|mv| (None, mv)),
            None => match self.replay.step(path) {
                Ok(ply) => Ok((Some(ply), ply.mv)),
                Err(illegal) => Err(illegal.reason),
            },
        };
        let (played, mv, completed) = match judged {
            Ok((played, mv)) => (played, mv, false),
            Err(e) => {
                let body = as_text(body);
                let abbreviated = text.path.len() == 2;
                if let (true, true, IllegalMoveKind::CaptureIncomplete { required, .. }) =
                    (self.options.lenient, abbreviated, &e.kind)
                {
                    let required = *required;
                    let p = problem(
                        Severity::Warning,
                        ProblemKind::Completed { required },
                        text.span(),
                    );
                    self.add(p, body, start);
                    (None, required, true)
                } else {
                    // After the end, the whole move is out of place.
                    let span = if e.reason() == Reason::GameOver {
                        text.span()
                    } else {
                        text.segment_span(e.segment)
                    };
                    let p = problem(Severity::Error, ProblemKind::Illegal(e), span);
                    self.add(p, body, start);
                    self.stop();
                    return;
                }
            }
        };
        if let Some(variant) = basic {
            if let Some(n) = NotBasic::judge(&pos, &mv, variant) {
                let p = problem(Severity::Error, ProblemKind::NotBasic(n), text.span());
                self.add(p, as_text(body), start);
                self.stop();
                return;
            }
        }
        let ply = played.unwrap_or_else(|| self.replay.play(mv));
        self.record(ply, completed, on_ply);
    }

    /// A move just played (`checked`, from the current line): hand it to
    /// `on_ply` with the position after it, and keep it if plies are kept.
    #[inline]
    fn record(
        &mut self,
        checked: CheckedPly<Asalto>,
        completed: bool,
        on_ply: &mut impl FnMut(&Ply),
    ) {
        let ply = Ply {
            number: checked.number,
            side: checked.side,
            mv: checked.mv,
            position: *self.replay.position(),
            line: self.line,
            extra: Recorded { completed },
        };
        on_ply(&ply);
        if self.keep_plies {
            self.game.plies.push(ply);
        }
    }

    fn stop(&mut self) {
        self.replaying = false;
        self.stopped_at = Some(self.line);
    }

    /// The check of the lines read, and the replayer ready for another
    /// record (its buffers kept: no allocation from file to file).
    pub fn finish_and_reset(&mut self) -> Checked {
        let mut fresh = Replayer::new(self.options, self.keep_plies);
        std::mem::swap(&mut fresh.previous.2, &mut self.previous.2);
        std::mem::swap(&mut fresh.current.1, &mut self.current.1);
        fresh.previous.2.clear();
        fresh.current.1.clear();
        std::mem::replace(self, fresh).finish()
    }

    /// The check of the lines read.
    pub fn finish(mut self) -> Checked {
        if self.entries == 0 {
            tally(&mut self.notes, FormatNote::Empty, 1, 0..0);
            self.note_places.push((1, 1));
        }
        let format_severity = if self.options.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        for (finding, &(line, column)) in self.notes.iter().zip(&self.note_places) {
            self.problems.push(Problem {
                severity: format_severity,
                span: finding.span.clone(),
                kind: ProblemKind::Format(finding.clone()),
                line,
                column,
                ply: None,
                side: None,
                before: None,
            });
        }
        self.problems.sort_by_key(|p| (p.span.start, p.severity));
        let omitted = self
            .kinds
            .iter()
            .filter(|k| k.seen > KEPT_PER_KIND)
            .map(|k| Omitted {
                severity: k.severity,
                reason: k.reason,
                label: k.label.clone(),
                count: k.seen - KEPT_PER_KIND,
                last_line: k.last_line,
            })
            .collect();
        Checked {
            game: self.game,
            problems: self.problems,
            stopped_at: self.stopped_at,
            omitted,
            excerpts: self.excerpts,
            plies: self.replay.played(),
            position: self.replay.into_position(),
        }
    }
}

/// 1-based character column of byte `at` of the line `body` starting at
/// byte `start` (a byte-order mark is not a column).
fn column(body: &str, start: usize, at: usize) -> usize {
    let upto = body.get(..at.saturating_sub(start)).unwrap_or(body);
    let upto = match start {
        0 => upto.strip_prefix('\u{feff}').unwrap_or(upto),
        _ => upto,
    };
    upto.chars().count() + 1
}

/// How much of each line is copied, in case the next line has a problem
/// and this one is quoted as its context.
const CAP_COPY: usize = 4 * crate::record::QUOTE_MAX;

/// The first `max` bytes of the UTF-8 text `bytes` or fewer, cut at a
/// character boundary.
#[inline]
fn cap_utf8(bytes: &[u8], max: usize) -> &[u8] {
    if bytes.len() <= max {
        return bytes;
    }
    let mut at = max;
    // A continuation byte (0b10xx_xxxx) is inside a character.
    while at > 0 && bytes[at] & 0xc0 == 0x80 {
        at -= 1;
    }
    &bytes[..at]
}

/// Bytes the replayer knows to be UTF-8 (a bare move's ASCII, a checked
/// line or a cut of one at a character boundary), as text.
fn as_text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap_or_default()
}
