//! Text in and out: every input and output form of the challenge, and the
//! record file format, read with spans and detected automatically.
//!
//! Reading is syntax only: [`parse_puzzle`] gives a position, [`parse_answer`]
//! a list of written captures or boards or a "no solution" claim, and
//! [`parse_record`] a whole record (puzzle, then answer). Whether the
//! captures are legal is [`crate::check`]'s business, and so is the choice
//! of how the numbers of captures in coordinates name squares
//! ([`Reading`]): only the puzzle can tell `[x, y]` from `[row, column]`.
//!
//! An answer is read by one reader, whoever asks (`check`, `show`, `diff`
//! and `grade` alike): captures in algebraic notation or in coordinates,
//! one or many per line with any separators, list literals of captures,
//! boards, or a false value (see [`parse_answer`]).
//!
//! Writing: [`write`](mod@write) (every form) and [`write_record`].

mod literal;
mod notation;
mod reading;
mod scan;
mod shape;
pub mod write;

use std::ops::Range;

pub use literal::{MAX_DEPTH, is_false_word};
pub use notation::long_algebraic;
pub use reading::{Order, Origin, Reading};
pub use write::{RecordAnswer, write_record};

use crate::span::{LineIndex, Span};
use crate::{Part, Piece, Position, Profile, Square, SquareError, Written};

/// The form a board was written in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BoardForm {
    /// One 16-character string, top row first: `.....B..RP.....N`.
    String,
    /// Four lines of four characters.
    Rows,
    /// Four lines of four characters with spaces between them: `R P . .`.
    SpacedRows,
    /// A list of four lists of four letters.
    Letters,
    /// A list of four lists of four numbers (1 = K .. 6 = P, 0 empty).
    Numbers,
    /// A list of four strings of four characters.
    RowStrings,
    /// A flat list of 16 cells (letters or numbers).
    Flat,
    /// A list of `[x, y, 'c']` entries, `[0, 0]` bottom-left.
    Coordinates,
}

impl BoardForm {
    /// The stable name: `string`, `rows`, `letters`, `numbers`,
    /// `coordinates`, ...
    pub const fn name(self) -> &'static str {
        match self {
            BoardForm::String => "string",
            BoardForm::Rows => "rows",
            BoardForm::SpacedRows => "spaced-rows",
            BoardForm::Letters => "letters",
            BoardForm::Numbers => "numbers",
            BoardForm::RowStrings => "row-strings",
            BoardForm::Flat => "flat",
            BoardForm::Coordinates => "coordinates",
        }
    }
}

/// A puzzle read from text.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// Where it was written.
    pub span: Span,
    /// How it was written.
    pub form: BoardForm,
    /// Things accepted that may not mean what the writer meant.
    pub notes: Vec<Note>,
}

/// A capture as written, with the place of each of its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// What it says.
    pub written: Written,
    /// The whole capture.
    pub span: Span,
    /// The capturing piece's letter.
    pub piece_span: Option<Span>,
    /// The start square.
    pub from_span: Option<Span>,
    /// The captured piece's letter.
    pub captured_span: Option<Span>,
    /// The target square.
    pub to_span: Span,
    /// Algebraic (`Nb1xc3`) or the challenge's coordinates.
    pub coordinates: bool,
    /// For a capture in coordinates, the numbers as written (each
    /// `0..=4`): [`WrittenMove::written`] holds their squares under the
    /// first [`Reading`] they fit, and [`crate::check`] may read them
    /// otherwise ([`WrittenMove::read_as`]).
    pub xy: Option<[[u8; 2]; 2]>,
}

impl WrittenMove {
    /// The span of one part (the whole capture if that part is not
    /// written).
    pub fn part_span(&self, part: Part) -> Span {
        let span = match part {
            Part::Piece => self.piece_span.or(self.from_span),
            Part::From => self.from_span.or(self.piece_span),
            Part::Captured => self.captured_span.or(Some(self.to_span)),
            Part::To => Some(self.to_span),
            Part::Whole => None,
        };
        span.unwrap_or(self.span)
    }

    /// The capture with its numbers read under `reading` (itself if it is
    /// written in algebraic notation); `None` if a number is off the board
    /// under that reading.
    pub fn read_as(&self, reading: Reading) -> Option<WrittenMove> {
        let Some([from, to]) = self.xy else {
            return Some(*self);
        };
        let written = Written::squares(reading.square(from)?, reading.square(to)?);
        Some(WrittenMove { written, ..*self })
    }
}

/// A board of an answer written as the sequence of boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenBoard {
    /// The position.
    pub position: Position,
    /// Where it was written.
    pub span: Span,
    /// How.
    pub form: BoardForm,
}

/// What an answer says.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerBody {
    /// Captures, in order.
    Moves(Vec<WrittenMove>),
    /// The board after each capture, in order.
    Boards(Vec<WrittenBoard>),
    /// A false value (or nothing at all): "this puzzle has no solution".
    NoSolution,
}

/// An answer read from text.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// What it says.
    pub body: AnswerBody,
    /// Where it was written (empty at the end of the text for an empty
    /// answer).
    pub span: Span,
    /// Things accepted that may not mean what the writer meant.
    pub notes: Vec<Note>,
}

/// A record: an optional rule profile, a puzzle, and an optional answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The profile its `rules:` line names, with the line's span.
    pub profile: Option<(Profile, Span)>,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The answer, if any text follows the puzzle.
    pub answer: Option<Answer>,
}

impl Record {
    /// The profile of the `rules:` line, or `fallback` without one.
    pub fn profile_or(&self, fallback: Profile) -> Profile {
        self.profile.map_or(fallback, |(p, _)| p)
    }
}

/// Why text is not what was expected; each kind has a stable reason code
/// ([`ParseErrorKind::reason`]) and its words are written in
/// [`crate::problem`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Nothing but blank lines and comments where a puzzle is expected.
    NoPuzzle {
        /// The first comment line that is 16 characters long and holds
        /// piece letters: probably a board taken for a comment.
        board_like_comment: Option<Span>,
    },
    /// A line that is none of the known forms.
    UnknownLine,
    /// A character where a list item should start.
    ExpectedValue {
        /// What was found (`None`: the end of the text).
        found: Option<char>,
    },
    /// After a list item, neither `,` nor the closing bracket.
    ExpectedSeparator {
        /// What was found (`None`: the end of the text).
        found: Option<char>,
        /// The bracket that would close the list.
        close: char,
        /// Where the list opens.
        open: Span,
    },
    /// A list closed by the wrong kind of bracket.
    MismatchedBracket {
        /// The bracket found.
        found: char,
        /// The one expected.
        close: char,
        /// Where the list opens.
        open: Span,
    },
    /// A string without its closing quote on its line.
    UnterminatedString,
    /// Lists nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// An integer too large for 64 bits.
    NumberTooLarge,
    /// Text after a complete value on its line.
    TrailingText,
    /// A `key:` line other than `rules:`.
    UnknownHeader {
        /// The key.
        key: String,
    },
    /// A `rules:` line after the puzzle.
    HeaderAfterPuzzle,
    /// A profile name that does not exist.
    UnknownProfile {
        /// The name written.
        name: String,
    },
    /// A square name that is not a square of the board (`e5`, `C2`).
    BadSquare {
        /// Why.
        error: SquareError,
        /// The name as written.
        text: String,
    },
    /// A capture without its target square: a square alone (`c3`), a
    /// capture mark at the end (`c1x`), coordinates of one square.
    IncompleteCapture,
    /// A board string with the wrong number of squares.
    BoardSize {
        /// How many it has.
        squares: usize,
    },
    /// A board in lines with other than four lines.
    RowCount {
        /// How many it has.
        rows: usize,
    },
    /// A board line with other than four squares.
    RowLength {
        /// The row (1 = top).
        row: usize,
        /// How many squares it has.
        squares: usize,
    },
    /// A literal that is none of the board forms.
    NotABoard {
        /// What it looks like.
        found: String,
    },
    /// A literal that is none of the answer forms.
    NotAnAnswer {
        /// What it looks like.
        found: String,
    },
    /// An answer mixing captures, boards and false values.
    MixedAnswer {
        /// What the answer started as.
        expected: ItemKind,
        /// What this item is.
        found: ItemKind,
    },
    /// Coordinates off the board.
    CoordinateOffBoard {
        /// x as written.
        x: i64,
        /// y as written.
        y: i64,
    },
    /// Not a pair of integers where coordinates are expected.
    NotACoordinate,
    /// A cell that is no piece or empty square (`7`, `'KK'`).
    BadCell {
        /// The cell as written (or described).
        text: String,
    },
    /// Two coordinate entries on one square.
    DuplicateSquare {
        /// The square.
        square: Square,
        /// The first entry.
        first: Span,
    },
    /// A puzzle with fewer than two pieces (the challenge leaves it
    /// undefined).
    TooFewPieces {
        /// How many pieces it has.
        count: usize,
        /// The text holds digits 1..6, which name pieces only in lists.
        digits: bool,
    },
}

/// The kinds of item an answer can be made of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemKind {
    /// A capture.
    Move,
    /// A board.
    Board,
    /// A false value.
    False,
}

impl ItemKind {
    /// A noun phrase.
    pub const fn noun(self) -> &'static str {
        match self {
            ItemKind::Move => "a capture",
            ItemKind::Board => "a board",
            ItemKind::False => "a false value",
        }
    }
}

/// Text that is not what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// Where.
    pub span: Span,
    /// The capture of the answer it is about (1-based), when it is inside
    /// an answer made of captures (or boards, one a capture).
    pub capture: Option<usize>,
}

impl ParseError {
    /// An error found in an item of an answer after `done` captures: a
    /// number relative to the item becomes one of the answer; an error with
    /// none is about capture `done + 1` if captures came before it.
    pub(crate) fn after(mut self, done: usize) -> ParseError {
        self.capture = match self.capture {
            Some(n) => Some(done + n),
            None if done > 0 => Some(done + 1),
            None => None,
        };
        self
    }

    /// The error with no capture number (about a puzzle, not an answer).
    pub(crate) fn outside_answer(self) -> ParseError {
        ParseError {
            capture: None,
            ..self
        }
    }
}

impl std::fmt::Display for ParseError {
    /// `2:65: capture 5: [1, 9] is off the board [off-board]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let problem = crate::Problem::from(self.clone());
        write!(
            f,
            "{}:{}: {} [{}]",
            self.span.line,
            self.span.column,
            problem.headline(),
            problem.reason().code()
        )
    }
}

impl std::error::Error for ParseError {}

/// Something accepted that may not mean what the writer meant: a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What.
    pub kind: NoteKind,
    /// Where.
    pub span: Span,
}

/// The kinds of [`Note`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoteKind {
    /// A lower-case piece letter, which the challenge reads as an empty
    /// square.
    LowercaseLetter {
        /// The letter.
        letter: char,
    },
    /// Rows written with spaces between the squares (`R P . .`).
    SpacedRows,
    /// Spaces around a 16-character board string were dropped.
    TrimmedSpaces,
    /// An answer in boards that starts with the puzzle's own board, which
    /// was skipped.
    StartBoardRepeated,
    /// The numbers of the captures in coordinates were read otherwise than
    /// the challenge says (`[x, y]` from 0, bottom-left): only so is the
    /// answer legal, or they do not fit the challenge's reading.
    CoordinatesRead {
        /// The reading used.
        reading: Reading,
    },
    /// The numbers of the captures in coordinates give a legal answer
    /// under another reading too, with other captures.
    CoordinatesAmbiguous {
        /// The reading used.
        used: Reading,
        /// The other one.
        other: Reading,
        /// The first capture (1-based) that the two readings make
        /// differently.
        at: usize,
        /// That capture under the other reading.
        capture: crate::Capture,
    },
}

impl NoteKind {
    /// The stable code of the note.
    pub const fn code(&self) -> &'static str {
        match self {
            NoteKind::LowercaseLetter { .. } => "lowercase-letter",
            NoteKind::SpacedRows => "spaced-rows",
            NoteKind::TrimmedSpaces => "trimmed-spaces",
            NoteKind::StartBoardRepeated => "start-board-repeated",
            NoteKind::CoordinatesRead { .. } => "coordinates-read",
            NoteKind::CoordinatesAmbiguous { .. } => "coordinates-ambiguous",
        }
    }
}

/// A source text with its line index: where parsers make spans.
pub(crate) struct Src<'a> {
    pub text: &'a str,
    index: LineIndex<'a>,
}

impl<'a> Src<'a> {
    pub(crate) fn new(text: &'a str) -> Src<'a> {
        Src {
            text,
            index: LineIndex::new(text),
        }
    }

    pub(crate) fn span(&self, range: Range<usize>) -> Span {
        self.index.span(range)
    }

    pub(crate) fn error(&self, kind: ParseErrorKind, range: &Range<usize>) -> ParseError {
        ParseError {
            kind,
            span: self.span(range.clone()),
            capture: None,
        }
    }

    /// The error of a line of captures, numbered within its line.
    pub(crate) fn line_error(&self, e: notation::LineError) -> ParseError {
        ParseError {
            capture: Some(e.capture),
            ..self.error(e.kind, &e.range)
        }
    }

    /// The public form of a capture read by [`notation`] or [`shape`].
    pub(crate) fn written_move(&self, raw: &notation::RawCapture) -> WrittenMove {
        let span = |r: &Option<Range<usize>>| r.as_ref().map(|r| self.span(r.clone()));
        WrittenMove {
            written: raw.written,
            span: self.span(raw.range.clone()),
            piece_span: span(&raw.piece),
            from_span: span(&raw.from),
            captured_span: span(&raw.captured),
            to_span: self.span(raw.to.clone()),
            coordinates: raw.xy.is_some(),
            xy: raw.xy,
        }
    }
}

/// Read a board in any input form of the challenge, with no check on the
/// number of pieces (see [`parse_puzzle`]).
///
/// # Errors
///
/// Where and why the text is not a board.
pub fn parse_board(text: &str) -> Result<Position, ParseError> {
    scan::board_only(&Src::new(text)).map(|p| p.position)
}

/// Read a puzzle in any input form of the challenge, detected from the
/// text:
///
/// - a 16-character string, top row first (`.....B..RP.....N`), or four
///   lines of four characters (also `R P . .` with spaces); any character
///   other than `K Q R B N P` is an empty square;
/// - a list of four lists of four letters, or of numbers (1 = K, 2 = Q,
///   3 = R, 4 = B, 5 = N, 6 = P, 0 empty), or a flat list of 16;
/// - a list of `[x, y, 'c']` with `[0, 0]` the bottom-left square.
///
/// Lists may use Python, JSON or similar syntax (`'` or `"`, `[]` or `()`).
///
/// # Errors
///
/// Where and why it is not a puzzle, including fewer than two pieces
/// (`too-few-pieces`).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::{parse_puzzle, BoardForm};
///
/// let a = parse_puzzle(".....B..RP.....N")?;
/// let b = parse_puzzle("[[1, 1, 'B'], [0, 1, 'R'], [1, 1, 'P'], [3, 0, 'N']]");
/// assert_eq!(b.unwrap_err().kind.reason().code(), "duplicate-square");
/// let c = parse_puzzle("[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]]")?;
/// assert_eq!(a.position, c.position);
/// assert_eq!(c.form, BoardForm::Numbers);
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    let src = Src::new(text);
    let puzzle = scan::board_only(&src)?;
    check_piece_count(&src, puzzle)
}

/// Fail with `too-few-pieces` on a board with fewer than two pieces.
fn check_piece_count(src: &Src<'_>, puzzle: Puzzle) -> Result<Puzzle, ParseError> {
    let count = puzzle.position.len();
    if count >= 2 {
        return Ok(puzzle);
    }
    let written = puzzle.span.text(src.text);
    let digits = matches!(
        puzzle.form,
        BoardForm::String | BoardForm::Rows | BoardForm::SpacedRows
    ) && written.contains(['1', '2', '3', '4', '5', '6']);
    Err(ParseError {
        kind: ParseErrorKind::TooFewPieces { count, digits },
        span: puzzle.span,
        capture: None,
    })
}

/// Read a solver's answer in any output form of the challenge, or as
/// solvers print it otherwise, detected from the text:
///
/// - captures, one or many per line, in algebraic notation (`Nb1xc3`,
///   `RxBb4`, `b1xc3`, `b1-c3`, `b1 c3`, `Nxc3`) or in coordinates (`1,0 2,2`,
///   `(1,0)->(2,2)`, `[[1,0],[2,2]]`), separated by spaces, commas,
///   semicolons, arrows or move numbers (the crate's README says how a
///   line is split);
/// - a list of moves `[[[x, y], [x, y]], ...]` (`[0, 0]` bottom-left), or
///   a list of captures of any kind (`['b1xc3', ...]`, `[1,0,2,2, ...]`);
/// - the board after each capture, in any input form: a list of boards, or
///   one board per line (16-character strings) or per four lines;
/// - a false value for "no solution": `0`, `''`, `""`, `[]`, `()`, `None`,
///   `False`, `false`, `null`, `nil`, `none`, `no solution`, or no text at all.
///
/// Captures in coordinates keep their numbers ([`WrittenMove::xy`]):
/// [`crate::check`] chooses how to read them ([`Reading`]).
///
/// # Errors
///
/// Where and why it is none of these, with the capture it is about
/// ([`ParseError::capture`]).
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::{parse_answer, AnswerBody};
///
/// let a = parse_answer("[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]")?;
/// assert!(matches!(a.body, AnswerBody::Moves(ref m) if m.len() == 3));
/// let b = parse_answer("Nd1xb2\nRa2xb2\nRxBb3\n")?;
/// assert!(matches!(b.body, AnswerBody::Moves(ref m) if m.len() == 3));
/// let c = parse_answer("3,0 1,1; 0,1 1,1; 1,1 1,2")?;
/// assert!(matches!(c.body, AnswerBody::Moves(ref m) if m.len() == 3));
/// assert_eq!(parse_answer("None\n")?.body, AnswerBody::NoSolution);
/// assert_eq!(parse_answer("")?.body, AnswerBody::NoSolution);
/// let e = parse_answer("d1xb2 a2xb2 b2xe9").unwrap_err();
/// assert_eq!(e.to_string(), "1:16: capture 3: `e9` is off the board [off-board]");
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn parse_answer(text: &str) -> Result<Answer, ParseError> {
    let src = Src::new(text);
    let mut scanner = scan::Scanner::new(&src, 0);
    let answer = scan::answer(&src, &mut scanner)?;
    Ok(answer.unwrap_or_else(|| Answer {
        body: AnswerBody::NoSolution,
        span: src.span(text.len()..text.len()),
        notes: Vec::new(),
    }))
}

/// Read a record: optional `rules: <profile>` line, the puzzle in any input
/// form, then the answer in any output form (one capture per line in the
/// record format). `#` starts a comment line; blank lines are ignored. See
/// the crate's README for the format.
///
/// # Errors
///
/// Where and why the text is not a record.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::{parse_record, AnswerBody};
/// use asalto_solitaire::Profile;
///
/// let record = parse_record("rules: thinkfun\n.....B..RP.....N\nNd1xb2\nRa2xb2\nRb2xb3\n")?;
/// assert_eq!(record.profile.map(|(p, _)| p), Some(Profile::Thinkfun));
/// let moves = match record.answer.map(|a| a.body) {
///     Some(AnswerBody::Moves(m)) => m,
///     _ => unreachable!(),
/// };
/// assert_eq!((moves[2].span.line, moves[2].span.column), (5, 1));
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn parse_record(text: &str) -> Result<Record, ParseError> {
    let src = Src::new(text);
    let (profile, puzzle, mut scanner) = scan::record_head(&src)?;
    let puzzle = check_piece_count(&src, puzzle)?;
    let answer = scan::answer(&src, &mut scanner)?;
    Ok(Record {
        profile,
        puzzle,
        answer,
    })
}

/// Read a set of puzzles, one per line (16-character strings or one-line
/// lists), or four lines each; `#` comment lines and blank lines are
/// skipped. Each puzzle is read on its own: an error stops only that
/// puzzle, and reading goes on at the next line.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::format::parse_puzzle_set;
///
/// let set = parse_puzzle_set("# two puzzles\n...N.....R....B.\n.....B..RP.....N\nK\n");
/// assert_eq!(set.len(), 3);
/// assert!(set[0].is_ok() && set[1].is_ok());
/// assert_eq!(set[2].as_ref().unwrap_err().kind.reason().code(), "board-size");
/// ```
pub fn parse_puzzle_set(text: &str) -> Vec<Result<Puzzle, ParseError>> {
    let src = Src::new(text);
    let mut scanner = scan::Scanner::new(&src, 0);
    let mut out = Vec::new();
    while let Some(item) = scanner.next_item() {
        let puzzle = item.and_then(|item| scan::item_as_board(&src, item));
        out.push(puzzle.and_then(|p| check_piece_count(&src, p)));
    }
    out
}

impl ParseErrorKind {
    /// The stable reason code.
    pub fn reason(&self) -> crate::Reason {
        use crate::Reason;
        match self {
            ParseErrorKind::BoardSize { .. }
            | ParseErrorKind::RowCount { .. }
            | ParseErrorKind::RowLength { .. } => Reason::BoardSize,
            ParseErrorKind::CoordinateOffBoard { .. }
            | ParseErrorKind::BadSquare {
                error: SquareError::OffBoard,
                ..
            } => Reason::OffBoard,
            ParseErrorKind::BadCell { .. } => Reason::BadPiece,
            ParseErrorKind::DuplicateSquare { .. } => Reason::DuplicateSquare,
            ParseErrorKind::TooFewPieces { .. } => Reason::TooFewPieces,
            ParseErrorKind::UnknownProfile { .. } => Reason::UnknownProfile,
            _ => Reason::Syntax,
        }
    }
}

/// The piece letter of `piece`, for writers.
pub(crate) fn letter(piece: Option<Piece>) -> char {
    piece.map_or('.', Piece::letter)
}
