//! Problems found in a record, as typed values, and the one place where
//! they become words: the stable reason codes, messages, labels and help.

use std::ops::Range;

use crate::legality::IllegalMoveKind;
use crate::notation::SyntaxErrorKind;
use crate::record::FormatNote;
use crate::{Mark, Move, Notation, Position, Side, Square};

asalto_core::codes! {
    /// The stable reason codes, shown as `madbishops::<code>` in diagnostics and
    /// as `code` in JSON. Scripts match on these strings; they never change
    /// meaning.
    #[non_exhaustive]
    pub enum Reason {
        /// A line that is not a move, or (as a warning) a format deviation.
        Syntax = "syntax",
        /// A well-formed square off the 10×10 board.
        OffBoard = "off-board",
        /// A light square.
        LightSquare = "light-square",
        /// The move starts on an empty square.
        NoPiece = "no-piece",
        /// The move starts on a bishop of the side not to move.
        WrongSide = "wrong-side",
        /// The move starts and ends on the same square.
        SameSquare = "same-square",
        /// The two squares do not share a diagonal.
        NotDiagonal = "not-diagonal",
        /// A bishop stands between the two squares.
        Blocked = "blocked",
        /// The destination holds the mover's own bishop.
        OwnPiece = "own-piece",
        /// A plain move by a bishop that can capture.
        CaptureRequired = "capture-required",
        /// Under `steere`, a plain move that attacks no enemy bishop.
        MustEngage = "must-engage",
        /// A legal move written with the wrong mark.
        MarkMismatch = "mark-mismatch",
        /// A move after the end of the game.
        GameOver = "game-over",
    }
}

pub use asalto_core::Severity;

/// What a problem is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A line that is not a move.
    Syntax {
        /// What is wrong.
        kind: SyntaxErrorKind,
        /// The offending text.
        quote: String,
    },
    /// A format deviation, for all the lines where it occurs.
    Format {
        /// Which.
        note: FormatNote,
        /// Its 1-based lines.
        lines: Vec<usize>,
    },
    /// A move that is not legal where it is played.
    Illegal(IllegalMoveKind),
}

impl IllegalMoveKind {
    /// The stable reason.
    pub fn reason(&self) -> Reason {
        use IllegalMoveKind as I;
        match self {
            I::GameOver { .. } => Reason::GameOver,
            I::NoPiece { .. } => Reason::NoPiece,
            I::WrongSide { .. } => Reason::WrongSide,
            I::SameSquare { .. } => Reason::SameSquare,
            I::NotDiagonal { .. } => Reason::NotDiagonal,
            I::Blocked { .. } => Reason::Blocked,
            I::OwnPiece { .. } => Reason::OwnPiece,
            I::CaptureRequired { .. } => Reason::CaptureRequired,
            I::MustEngage { .. } => Reason::MustEngage,
            I::MarkMismatch { .. } => Reason::MarkMismatch,
        }
    }
}

impl SyntaxErrorKind {
    /// The stable reason: `off-board`, `light-square`, or `syntax`.
    pub fn reason(&self) -> Reason {
        match self {
            SyntaxErrorKind::OffBoard { .. } => Reason::OffBoard,
            SyntaxErrorKind::LightSquare { .. } => Reason::LightSquare,
            _ => Reason::Syntax,
        }
    }
}

impl ProblemKind {
    /// The stable reason.
    pub fn reason(&self) -> Reason {
        match self {
            ProblemKind::Syntax { kind, .. } => kind.reason(),
            ProblemKind::Format { .. } => Reason::Syntax,
            ProblemKind::Illegal(kind) => kind.reason(),
        }
    }
}

/// One thing found wrong (or worth a warning) in a record. It stays a typed
/// value; [`Problem::message`], [`Problem::label`] and [`Problem::help`]
/// put it into words.
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
    /// 1-based column, in characters.
    pub column: usize,
    /// The move number (1-based) the problem is about, if it is about a move.
    pub ply: Option<usize>,
    /// The side whose move it is.
    pub side: Option<Side>,
    /// The position before that move, for drawings and legal-move lists
    /// (for syntax errors too, when the replay reached their line).
    pub before: Option<Position>,
    /// The notation the line was written in, used to write squares and moves
    /// in messages.
    pub notation: Notation,
}

impl Problem {
    /// The stable reason.
    pub fn reason(&self) -> Reason {
        self.kind.reason()
    }

    /// The legal moves of the position before the move (empty once the game
    /// is over), if the problem is about a move the replay reached.
    pub fn legal_moves(&self) -> Option<Vec<Move>> {
        self.before.map(|p| p.legal_moves())
    }

    /// What is wrong, in a sentence, starting with the move it is about
    /// (`move 3 (red): there is no bishop on d4`).
    pub fn message(&self) -> String {
        asalto_core::headline(self.ply, self.side.map(Side::name), &self.bare_message())
    }

    /// What is wrong, in a sentence, without the move it is about (for
    /// reports that say the move apart, as the replay page does).
    pub fn bare_message(&self) -> String {
        let w = Words(self.notation);
        match &self.kind {
            ProblemKind::Syntax { kind, quote } => syntax_message(*kind, quote),
            ProblemKind::Format { note, lines } => format_message(*note, lines),
            ProblemKind::Illegal(kind) => w.illegal_message(kind),
        }
    }

    /// A short label for the underlined text.
    pub fn label(&self) -> String {
        let w = Words(self.notation);
        match &self.kind {
            ProblemKind::Syntax { kind, .. } => syntax_label(*kind).to_string(),
            ProblemKind::Format { .. } => "not in the record format".to_string(),
            ProblemKind::Illegal(kind) => w.illegal_label(kind),
        }
    }

    /// What would be right, when the rules or the format say it precisely.
    pub fn help(&self) -> Option<String> {
        let w = Words(self.notation);
        match &self.kind {
            ProblemKind::Syntax { kind, .. } => Some(syntax_help(*kind).to_string()),
            ProblemKind::Format { note, .. } => Some(format_help(*note).to_string()),
            ProblemKind::Illegal(kind) => w.illegal_help(kind),
        }
    }
}

/// What renderers (diagnostics, JSON) read of a problem.
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

/// `space`, `tab`, `` `x` ``: a character as a message names it.
fn describe_char(c: char) -> String {
    match c {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c => format!("`{c}`"),
    }
}

fn syntax_message(kind: SyntaxErrorKind, quote: &str) -> String {
    use SyntaxErrorKind as K;
    match kind {
        K::Empty => "the move is empty".to_string(),
        K::Unexpected(c) => format!("unexpected {}", describe_char(c)),
        K::NotASquare(_) => format!("`{quote}` is not a square"),
        K::OffBoard { .. } => format!("`{quote}` is off the board"),
        K::LightSquare { row, col } => {
            format!("`{quote}` (row {row}, column {col}) is a light square")
        }
        K::MissingMark => "two squares with no mark between them".to_string(),
        K::BadMark(c) => format!("{} is not a mark between squares", describe_char(c)),
        K::MissingSquare => "the move has no second square".to_string(),
        K::OneSquare => "a move needs two squares".to_string(),
        K::NumberCount(n) => format!("{n} number(s); the numbers form has four"),
    }
}

fn syntax_label(kind: SyntaxErrorKind) -> &'static str {
    use SyntaxErrorKind as K;
    match kind {
        K::Empty => "nothing here",
        K::Unexpected(_) => "not part of a move",
        K::NotASquare(_) => "not a square",
        K::OffBoard { .. } => "off the board",
        K::LightSquare { .. } => "a light square",
        K::MissingMark => "a `-` or `x` is missing before this square",
        K::BadMark(_) => "not `-` or `x`",
        K::MissingSquare => "nothing after the mark",
        K::OneSquare => "only one square",
        K::NumberCount(_) => "not four numbers",
    }
}

fn syntax_help(kind: SyntaxErrorKind) -> &'static str {
    use SyntaxErrorKind as K;
    match kind {
        K::NotASquare(Notation::Algebraic) => {
            "a square is a lower-case file a-j and a rank 1-10, like `c3`; both squares of a move \
             use the same notation"
        }
        K::NotASquare(Notation::RowColumn) => {
            "a square is `(row,col)`, row and column 0-9 from the top left, like `(7,2)`; both \
             squares of a move use the same notation"
        }
        K::NotASquare(Notation::Numbers) | K::NumberCount(_) => {
            "the numbers form is four numbers 0-9: from row, from column, to row, to column, like \
             `7 2 6 3`"
        }
        K::OffBoard { .. } => {
            "the board has files a-j and ranks 1-10, that is rows and columns 0-9"
        }
        K::LightSquare { .. } => {
            "bishops use only the 50 dark squares, where row + column is odd (a1, b2, c1, ...)"
        }
        K::MissingMark | K::BadMark(_) | K::MissingSquare | K::OneSquare => {
            "a move is two squares joined by `-` for a plain move or `x` for a capture, like \
             `c3-d4` or `c3xe5`"
        }
        K::Empty | K::Unexpected(_) => {
            "a record has one move per line, like `c3-d4`, `c3xe5`, `(7,2)-(6,3)` or `7 2 6 3`"
        }
    }
}

/// `(lines 2, 5, 7, ...)` for a note found on several lines.
fn lines_list(lines: &[usize]) -> String {
    if lines.len() < 2 {
        return String::new();
    }
    let shown: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
    let more = if lines.len() > 10 { ", ..." } else { "" };
    format!(" (lines {}{more})", shown.join(", "))
}

fn format_message(note: FormatNote, lines: &[usize]) -> String {
    let what = match note {
        FormatNote::Bom => "the file starts with a byte-order mark",
        FormatNote::CrLf => "lines end in CR LF",
        FormatNote::BlankLine => "blank lines",
        FormatNote::SurroundingSpace => "spaces around a move",
        FormatNote::Comment => "comment lines",
    };
    format!("{what}{}", lines_list(lines))
}

fn format_help(note: FormatNote) -> &'static str {
    match note {
        FormatNote::Bom => "a record is plain UTF-8 text without a byte-order mark",
        FormatNote::CrLf => "a record ends its lines with LF alone",
        FormatNote::BlankLine => "a record has one move on every line, with no blank lines",
        FormatNote::SurroundingSpace => "a record writes each move alone on its line, like `c3-d4`",
        FormatNote::Comment => "a record has no comments",
    }
}

/// Squares and moves written in the notation of the line a problem is on.
struct Words(Notation);

impl Words {
    fn sq(&self, s: Square) -> String {
        match self.0 {
            Notation::Algebraic => s.to_string(),
            Notation::RowColumn | Notation::Numbers => s.row_col_string(),
        }
    }

    fn mv(&self, m: Move) -> String {
        m.written(self.0)
    }

    fn moves(&self, moves: &[Move]) -> String {
        crate::moves::join(moves, self.0)
    }

    fn illegal_message(&self, kind: &IllegalMoveKind) -> String {
        use IllegalMoveKind as K;
        match kind {
            K::GameOver { outcome } => format!("the game is already over ({outcome})"),
            K::NoPiece { at } => format!("there is no bishop on {}", self.sq(*at)),
            K::WrongSide { at, found } => format!(
                "{} holds a {found} bishop, and it is {}'s turn",
                self.sq(*at),
                found.opponent()
            ),
            K::SameSquare { at } => format!("the move starts and ends on {}", self.sq(*at)),
            K::NotDiagonal { from, to } => format!(
                "{} and {} are not on one diagonal",
                self.sq(*from),
                self.sq(*to)
            ),
            K::Blocked {
                from, to, at, by, ..
            } => format!(
                "the {by} bishop on {} stands between {} and {}",
                self.sq(*at),
                self.sq(*from),
                self.sq(*to)
            ),
            K::OwnPiece { at } => format!("{} holds a bishop of the mover's side", self.sq(*at)),
            K::CaptureRequired { mv, .. } => format!(
                "the bishop on {} can capture, so it may only capture",
                self.sq(mv.from())
            ),
            K::MustEngage { mv, .. } => format!(
                "from {} the bishop would attack no enemy bishop",
                self.sq(mv.to())
            ),
            K::MarkMismatch { mv, written } => match written {
                Mark::Move => format!("{} is a capture, written with `-`", self.mv(*mv)),
                Mark::Capture => format!("{} is not a capture, written with `x`", self.mv(*mv)),
            },
        }
    }

    fn illegal_label(&self, kind: &IllegalMoveKind) -> String {
        use IllegalMoveKind as K;
        match kind {
            K::GameOver { .. } => "no move is possible after the end".to_string(),
            K::NoPiece { at } => format!("{} is empty", self.sq(*at)),
            K::WrongSide { found, .. } => format!("a {found} bishop"),
            K::SameSquare { .. } => "the same square".to_string(),
            K::NotDiagonal { from, .. } => format!("not on a diagonal of {}", self.sq(*from)),
            K::Blocked { at, .. } => format!("blocked at {}", self.sq(*at)),
            K::OwnPiece { .. } => "the mover's own bishop".to_string(),
            K::CaptureRequired { .. } => "a plain move, but this bishop must capture".to_string(),
            K::MustEngage { .. } => "attacks no enemy bishop from here".to_string(),
            K::MarkMismatch { mv, .. } => {
                format!("should be `{}`", mv.mark().char())
            }
        }
    }

    fn illegal_help(&self, kind: &IllegalMoveKind) -> Option<String> {
        use IllegalMoveKind as K;
        Some(match kind {
            K::GameOver { .. } => "remove the moves after the end of the game".to_string(),
            K::WrongSide { found, .. } => format!("it is {}'s turn", found.opponent()),
            K::SameSquare { .. } => "a bishop moves at least one square".to_string(),
            K::NotDiagonal { .. } => {
                "a bishop moves along a diagonal: its row and column change by the same amount"
                    .to_string()
            }
            K::Blocked { at, instead, .. } => match instead {
                Some(capture) => format!(
                    "a bishop cannot jump over other bishops; it can capture the one on {} \
                     (`{}`)",
                    self.sq(*at),
                    self.mv(*capture)
                ),
                None => "a bishop cannot jump over other bishops".to_string(),
            },
            K::OwnPiece { .. } => "a bishop captures only enemy bishops".to_string(),
            K::CaptureRequired { captures, .. } => format!(
                "under both rule profiles a bishop that can capture must capture if it moves; \
                 its captures: {}",
                self.moves(captures)
            ),
            K::MustEngage { mv, engaging } => {
                let options = if engaging.is_empty() {
                    format!("the bishop on {} has no such move", self.sq(mv.from()))
                } else {
                    format!("its moves: {}", self.moves(engaging))
                };
                format!(
                    "under the steere rules a bishop that cannot capture may only move to a \
                     square from which it attacks an enemy bishop; {options}"
                )
            }
            K::MarkMismatch { mv, .. } => format!(
                "`x` marks a capture and `-` a plain move: write `{}`",
                self.mv(*mv)
            ),
            K::NoPiece { .. } => return None,
        })
    }
}
