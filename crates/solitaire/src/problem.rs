//! Problems as typed values, and the one place where their words are
//! written: every message, label and help of the crate is in this file.
//!
//! A [`Problem`] keeps its [`ProblemKind`] (the engine's typed reason), its
//! [`Span`], the capture number and the position before the capture, until
//! a renderer (diagnostics, JSON, a grade report) asks for words.

use std::fmt;

use crate::format::{ItemKind, MAX_DEPTH, Note, NoteKind, ParseError, ParseErrorKind};
use crate::legality::{IllegalCapture, ResolveError};
use crate::span::Span;
use crate::{Capture, Piece, Position, Profile, Square, SquareError, SquareSet};

asalto_core::codes! {
    /// The stable reason codes, shown as `code` in JSON and as
    /// `asalto::<code>` in diagnostics. Scripts match on these strings; they
    /// never change meaning.
    #[non_exhaustive]
    pub enum Reason {
        /// Text that is none of the known forms.
        Syntax = "syntax",
        /// A board without 16 squares in 4 rows of 4.
        BoardSize = "board-size",
        /// A square or coordinates off the 4×4 board.
        OffBoard = "off-board",
        /// A cell that is not a piece (`7`, `'KK'`, `'x'` in a coordinate entry).
        BadPiece = "bad-piece",
        /// Two coordinate entries on one square.
        DuplicateSquare = "duplicate-square",
        /// A puzzle with fewer than two pieces.
        TooFewPieces = "too-few-pieces",
        /// A `rules:` name that is no profile.
        UnknownProfile = "unknown-profile",
        /// A capture from an empty square, or by a kind of piece not on the
        /// board.
        NoPiece = "no-piece",
        /// A letter names another piece than the one on its square.
        WrongPiece = "wrong-piece",
        /// A capture that starts and ends on the same square.
        SameSquare = "same-square",
        /// A capture onto an empty square.
        NotACapture = "not-a-capture",
        /// The piece does not move that way (for pawns, under the profile).
        CannotReach = "cannot-reach",
        /// A sliding piece's line is blocked.
        Blocked = "blocked",
        /// Notation that fits several legal captures.
        Ambiguous = "ambiguous",
        /// A board of an answer that is not the one before it after one
        /// capture.
        NotOneCapture = "not-one-capture",
        /// A capture after only one piece is left.
        AfterSolved = "after-solved",
        /// The answer ends with more than one piece on the board.
        PiecesLeft = "pieces-left",
        /// A false value ("no solution") for a puzzle that has one.
        ClaimsNoSolution = "claims-no-solution",
        /// A record with a puzzle and no answer, where one is needed.
        NoAnswer = "no-answer",
    }
}

impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// How a board of an answer differs from the board before it, when the
/// difference is not one capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardChange {
    /// Squares that were occupied and are empty now.
    pub vacated: SquareSet,
    /// Squares that were empty and hold a piece now.
    pub appeared: SquareSet,
    /// Squares occupied before and after by different kinds of piece.
    pub changed: SquareSet,
    /// The board written.
    pub after: Position,
}

/// What is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ProblemKind {
    /// Text that is not what was expected.
    Parse(ParseErrorKind),
    /// A written capture that does not name a legal capture.
    Illegal(ResolveError),
    /// A board of the answer is not the one before it after one capture.
    NotOneCapture(BoardChange),
    /// The answer ends with more than one piece.
    PiecesLeft {
        /// How many.
        left: usize,
        /// Where the answer went wrong, if a bounded search found out.
        hint: Option<PiecesLeftHint>,
    },
    /// "No solution" for a puzzle that has one.
    ClaimsNoSolution {
        /// One solution (the first in canonical order).
        solution: Vec<Capture>,
        /// How many there are (`None`: too many to count within the
        /// diagnostics' search limit).
        count: Option<u128>,
    },
    /// A record without an answer.
    NoAnswer,
}

/// Where an answer that ends with pieces left went wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PiecesLeftHint {
    /// The puzzle can still be solved from the end of the answer, so.
    Continue(Vec<Capture>),
    /// No solution was possible any more after this capture (1-based).
    LostAt(usize),
    /// The puzzle has no solution at all: the right answer was a false
    /// value.
    NoSolution,
}

/// A problem with its place.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// Where, when it is about text.
    pub span: Option<Span>,
    /// The capture (1-based) it is about, if any.
    pub ply: Option<usize>,
    /// The position before that capture (for drawings and lists of
    /// captures).
    pub before: Option<Position>,
    /// The profile the answer was judged under.
    pub profile: Option<Profile>,
}

impl From<ParseError> for Problem {
    fn from(e: ParseError) -> Problem {
        Problem {
            kind: ProblemKind::Parse(e.kind),
            span: Some(e.span),
            ply: e.capture,
            before: None,
            profile: None,
        }
    }
}

/// `a king`, `an ...`: the article and name of a piece.
fn a(piece: Piece) -> String {
    format!("a {}", piece.name())
}

/// Squares as `c3, d4`.
fn squares(set: SquareSet) -> String {
    let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    names.join(", ")
}

/// Captures as `Nd1xb2 Ra2xb2` from `start`.
pub fn captures_text(start: &Position, captures: &[Capture]) -> String {
    let mut pos = *start;
    let mut out = Vec::with_capacity(captures.len());
    for &c in captures {
        out.push(match pos.piece_at(c.from) {
            Some(p) => crate::format::long_algebraic(p, c),
            None => c.to_string(),
        });
        pos = pos.play_unchecked(c);
    }
    out.join(" ")
}

/// "1 piece", "3 pieces".
fn pieces(n: usize) -> String {
    if n == 1 {
        "1 piece".to_string()
    } else {
        format!("{n} pieces")
    }
}

fn found_char(found: Option<char>) -> String {
    match found {
        None => "the end of the text".to_string(),
        Some(c) if c.is_control() || c == ' ' => format!("U+{:04X}", c as u32),
        Some(c) => format!("`{c}`"),
    }
}

fn at(span: &Span) -> String {
    format!("{}:{}", span.line, span.column)
}

const BOARD_FORMS: &str = "a board is a 16-character string, top row first, any character \
other than K Q R B N P an empty square (`.....B..RP.....N`), four lines of four, a list of \
four lists of four letters or numbers (1 = K, 2 = Q, 3 = R, 4 = B, 5 = N, 6 = P, 0 empty), \
or a list of [x, y, 'c'] with [0, 0] the bottom-left square";

const ANSWER_FORMS: &str = "an answer is a list of moves [[[x, y], [x, y]], ...] ([0, 0] is \
the bottom-left square), captures one or many per line, in algebraic notation (`Nb1xc3`, \
`b1xc3`, `c1-b2`, `RxBb4`) or coordinates (`1,0 2,2`, `(1,0)->(2,2)`, [[1, 0], [2, 2]]) \
separated by spaces, commas, semicolons or arrows, the board after each capture, or a false \
value (0, None, false, [], '') for no solution";

impl Problem {
    /// The stable reason.
    pub fn reason(&self) -> Reason {
        match &self.kind {
            ProblemKind::Parse(k) => k.reason(),
            ProblemKind::Illegal(e) => match e {
                ResolveError::Illegal(i) => match i {
                    IllegalCapture::Solved { .. } => Reason::AfterSolved,
                    IllegalCapture::NoPiece { .. } => Reason::NoPiece,
                    IllegalCapture::SameSquare { .. } => Reason::SameSquare,
                    IllegalCapture::NotACapture { .. } => Reason::NotACapture,
                    IllegalCapture::CannotReach { .. } => Reason::CannotReach,
                    IllegalCapture::Blocked { .. } => Reason::Blocked,
                },
                ResolveError::WrongPiece { .. } => Reason::WrongPiece,
                ResolveError::EmptyTarget { .. } => Reason::NotACapture,
                ResolveError::NoSuchPiece { .. } => Reason::NoPiece,
                ResolveError::NoCapturer { .. } => Reason::CannotReach,
                ResolveError::Ambiguous { .. } => Reason::Ambiguous,
            },
            ProblemKind::NotOneCapture(_) => Reason::NotOneCapture,
            ProblemKind::PiecesLeft { .. } => Reason::PiecesLeft,
            ProblemKind::ClaimsNoSolution { .. } => Reason::ClaimsNoSolution,
            ProblemKind::NoAnswer => Reason::NoAnswer,
        }
    }

    /// What is wrong, in a sentence (without the capture number; see
    /// [`Problem::headline`]).
    pub fn message(&self) -> String {
        match &self.kind {
            ProblemKind::Parse(k) => parse_message(k),
            ProblemKind::Illegal(e) => self.illegal_message(e),
            ProblemKind::NotOneCapture(change) => {
                format!(
                    "this board is not the one before it after one capture: {}",
                    describe_change(change, self.before.as_ref())
                )
            }
            ProblemKind::PiecesLeft { left, .. } => {
                format!(
                    "the answer ends with {} on the board; a solution leaves one",
                    pieces(*left)
                )
            }
            ProblemKind::ClaimsNoSolution { count, .. } => {
                let solutions = match count {
                    Some(1) => "1 solution".to_string(),
                    Some(n) => format!("{n} solutions"),
                    None => "solutions".to_string(),
                };
                format!("the answer says there is no solution, but the puzzle has {solutions}")
            }
            ProblemKind::NoAnswer => "the record has a puzzle but no answer".to_string(),
        }
    }

    /// The message with the capture number in front: `capture 3: ...`.
    pub fn headline(&self) -> String {
        match self.ply {
            Some(n) => format!("capture {n}: {}", self.message()),
            None => self.message(),
        }
    }

    fn illegal_message(&self, e: &ResolveError) -> String {
        match e {
            ResolveError::Illegal(i) => match *i {
                IllegalCapture::Solved { at } => {
                    format!("the puzzle is already solved: only the piece on {at} is left")
                }
                IllegalCapture::NoPiece { at } => format!("there is no piece on {at}"),
                IllegalCapture::SameSquare { at } => {
                    format!("the capture starts and ends on {at}")
                }
                IllegalCapture::NotACapture { piece, from, to } => format!(
                    "{to} is empty: the {} on {from} would capture nothing",
                    piece.name()
                ),
                IllegalCapture::CannotReach {
                    piece, from, to, ..
                } => {
                    format!("{} cannot capture from {from} to {to}", a(piece))
                }
                IllegalCapture::Blocked {
                    piece,
                    from,
                    to,
                    by,
                    ..
                } => {
                    let blocker = self
                        .before
                        .and_then(|p| p.piece_at(by))
                        .map_or("piece".to_string(), |p| p.name().to_string());
                    format!(
                        "the {} on {from} cannot reach {to}: the {blocker} on {by} is in the way",
                        piece.name()
                    )
                }
            },
            ResolveError::WrongPiece {
                at, written, found, ..
            } => format!(
                "`{}` names {}, but the piece on {at} is {}",
                written.letter(),
                a(*written),
                a(*found)
            ),
            ResolveError::EmptyTarget { to } => {
                format!("{to} is empty: every move must capture")
            }
            ResolveError::NoSuchPiece { piece } => {
                format!("there is no {} on the board to capture with", piece.name())
            }
            ResolveError::NoCapturer { piece, to } => match piece {
                Some(p) => format!("no {} can capture on {to}", p.name()),
                None => format!("no piece can capture on {to}"),
            },
            ResolveError::Ambiguous { candidates } => {
                let list: Vec<String> = candidates.iter().map(|c| self.long(*c)).collect();
                format!("several captures fit: {}", list.join(", "))
            }
        }
    }

    /// `Nb1xc3` in the position before the capture.
    fn long(&self, c: Capture) -> String {
        match self.before.and_then(|p| p.piece_at(c.from)) {
            Some(p) => crate::format::long_algebraic(p, c),
            None => c.to_string(),
        }
    }

    /// A short label for the underlined text.
    pub fn label(&self) -> String {
        match &self.kind {
            ProblemKind::Parse(k) => parse_label(k),
            ProblemKind::Illegal(e) => match e {
                ResolveError::Illegal(i) => match *i {
                    IllegalCapture::Solved { .. } => "a capture after the end".to_string(),
                    IllegalCapture::NoPiece { at } => format!("{at} is empty"),
                    IllegalCapture::SameSquare { .. } => "same square twice".to_string(),
                    IllegalCapture::NotACapture { to, .. } => format!("{to} is empty"),
                    IllegalCapture::CannotReach { piece, .. } => {
                        format!("not {} move", a(piece))
                    }
                    IllegalCapture::Blocked { by, .. } => format!("blocked by {by}"),
                },
                ResolveError::WrongPiece { at, found, .. } => {
                    format!("{} stands on {at}", a(*found))
                }
                ResolveError::EmptyTarget { to } => format!("{to} is empty"),
                ResolveError::NoSuchPiece { piece } => format!("no {} on the board", piece.name()),
                ResolveError::NoCapturer { .. } => "nothing captures here".to_string(),
                ResolveError::Ambiguous { candidates } => {
                    format!("{} captures fit", candidates.len())
                }
            },
            ProblemKind::NotOneCapture(_) => "not one capture later".to_string(),
            ProblemKind::PiecesLeft { left, .. } => format!("{} left after this", pieces(*left)),
            ProblemKind::ClaimsNoSolution { .. } => "the puzzle has a solution".to_string(),
            ProblemKind::NoAnswer => "no answer follows".to_string(),
        }
    }

    /// How to put it right, when there is something to say.
    pub fn help(&self) -> Option<String> {
        match &self.kind {
            ProblemKind::Parse(k) => parse_help(k),
            ProblemKind::Illegal(e) => self.illegal_help(e),
            ProblemKind::NotOneCapture(_) => Some(
                "each board of the answer is the previous one after exactly one capture: one \
                 piece leaves its square and replaces the piece on another"
                    .to_string(),
            ),
            ProblemKind::PiecesLeft { hint, .. } => Some(match hint {
                Some(PiecesLeftHint::Continue(more)) => match self.before {
                    Some(end) => format!(
                        "the puzzle can still be solved from here: {}",
                        captures_text(&end, more)
                    ),
                    None => "the puzzle can still be solved from here".to_string(),
                },
                Some(PiecesLeftHint::LostAt(n)) => format!(
                    "after capture {n} no solution was possible any more; the captures up to \
                     then were legal"
                ),
                Some(PiecesLeftHint::NoSolution) => {
                    "the puzzle has no solution: the right answer is a false value, such as 0"
                        .to_string()
                }
                None => "a solution leaves exactly one piece on the board".to_string(),
            }),
            ProblemKind::ClaimsNoSolution { solution, .. } => {
                let coords = crate::format::write::moves(solution);
                Some(match self.before {
                    Some(start) => format!(
                        "one solution: {} ({coords})",
                        captures_text(&start, solution)
                    ),
                    None => format!("one solution: {coords}"),
                })
            }
            ProblemKind::NoAnswer => Some(
                "after the puzzle, write one capture per line (like `Nb1xc3`), or `no solution`"
                    .to_string(),
            ),
        }
    }

    fn illegal_help(&self, e: &ResolveError) -> Option<String> {
        let profile = self.profile.unwrap_or_default();
        // "the knight on d1 can capture on b2 here", from the position.
        let here = |piece: Piece, from: Square| -> String {
            let targets = self
                .before
                .map_or(SquareSet::EMPTY, |p| p.targets(from, profile));
            let what = if targets.is_empty() {
                "has no capture here".to_string()
            } else {
                format!("can capture on {} here", squares(targets))
            };
            format!("the {} on {from} {what}", piece.name())
        };
        match e {
            ResolveError::Illegal(i) => match *i {
                IllegalCapture::Solved { .. } => Some(
                    "nothing can move once one piece is left; remove the captures after it"
                        .to_string(),
                ),
                IllegalCapture::NoPiece { .. } => self.before.map(|p| {
                    let list: Vec<String> = p.pieces().map(|(s, k)| format!("{k}{s}")).collect();
                    format!("the pieces are on: {}", list.join(" "))
                }),
                IllegalCapture::SameSquare { .. } => {
                    Some("a capture moves a piece onto the square of another piece".to_string())
                }
                IllegalCapture::NotACapture { piece, from, .. } => Some(format!(
                    "every move must capture a piece; {}",
                    here(piece, from)
                )),
                IllegalCapture::CannotReach {
                    piece,
                    from,
                    other_profile_allows,
                    ..
                } => {
                    let mut help = movement(piece, profile);
                    if other_profile_allows {
                        help.push_str(&format!(
                            "; under `{}` this capture would be legal",
                            profile.other()
                        ));
                    }
                    help.push_str(&format!("; {}", here(piece, from)));
                    Some(help)
                }
                IllegalCapture::Blocked { piece, from, .. } => Some(format!(
                    "{} cannot jump over pieces; {}",
                    a(piece),
                    here(piece, from)
                )),
            },
            ResolveError::WrongPiece { .. } => Some(
                "write the letter of the piece that stands there, or leave the letter out"
                    .to_string(),
            ),
            ResolveError::EmptyTarget { .. } => Some("every move must capture a piece".to_string()),
            ResolveError::NoSuchPiece { .. } | ResolveError::NoCapturer { .. } => {
                self.before.map(|p| {
                    let legal: Vec<String> = p.captures(profile).map(|c| self.long(c)).collect();
                    if legal.is_empty() {
                        "no capture is possible here".to_string()
                    } else {
                        format!("captures possible here: {}", legal.join(" "))
                    }
                })
            }
            ResolveError::Ambiguous { candidates } => candidates
                .first()
                .map(|c| format!("write the start square too, like `{}`", self.long(*c))),
        }
    }
}

/// How a piece captures, in a sentence.
fn movement(piece: Piece, profile: Profile) -> String {
    match piece {
        Piece::King => "a king captures one square away in any direction".to_string(),
        Piece::Queen => "a queen captures along ranks, files and diagonals".to_string(),
        Piece::Rook => "a rook captures along ranks and files".to_string(),
        Piece::Bishop => "a bishop captures along diagonals".to_string(),
        Piece::Knight => {
            "a knight captures two squares one way and one square the other (an L)".to_string()
        }
        Piece::Pawn => format!("under `{profile}`, a pawn captures {}", profile.pawn_rule()),
    }
}

/// What a board change that is no capture does, in words.
fn describe_change(change: &BoardChange, before: Option<&Position>) -> String {
    let name = |sq: Square| {
        before
            .and_then(|p| p.piece_at(sq))
            .map_or("piece".to_string(), |p| p.name().to_string())
    };
    let after_name = |sq: Square| change.after.piece_at(sq).map_or("nothing".to_string(), a);
    let mut parts = Vec::new();
    if !change.appeared.is_empty() {
        parts.push(format!("a piece appears on {}", squares(change.appeared)));
    }
    match change.vacated.len() {
        0 => parts.push("no square is emptied".to_string()),
        1 => {}
        _ => parts.push(format!(
            "the pieces on {} all leave",
            squares(change.vacated)
        )),
    }
    match (change.vacated.first(), change.changed.len()) {
        (_, n) if n > 1 => parts.push(format!("the pieces on {} change", squares(change.changed))),
        (Some(from), 1) if change.vacated.len() == 1 => {
            let to = change.changed.first().unwrap_or(from);
            parts.push(format!(
                "{to} now holds {}, not the {} from {from}",
                after_name(to),
                name(from)
            ));
        }
        (Some(from), 0) if change.vacated.len() == 1 && change.appeared.is_empty() => parts.push(
            format!("the {} leaves {from} and appears nowhere", name(from)),
        ),
        _ => {}
    }
    if parts.is_empty() {
        parts.push("the board does not change as a capture would".to_string());
    }
    parts.join("; ")
}

fn parse_message(k: &ParseErrorKind) -> String {
    match k {
        ParseErrorKind::NoPuzzle { .. } => {
            "no puzzle: the text holds only blank lines and comments".to_string()
        }
        ParseErrorKind::UnknownLine => "this line is not a board, a capture or a list".to_string(),
        ParseErrorKind::ExpectedValue { found } => {
            format!("expected a list item, found {}", found_char(*found))
        }
        ParseErrorKind::ExpectedSeparator { found, close, .. } => format!(
            "expected `,` or `{close}` after a list item, found {}",
            found_char(*found)
        ),
        ParseErrorKind::MismatchedBracket { found, close, open } => format!(
            "`{found}` closes the list opened at {}, which needs `{close}`",
            at(open)
        ),
        ParseErrorKind::UnterminatedString => {
            "the string has no closing quote on its line".to_string()
        }
        ParseErrorKind::TooDeep => format!("lists nest deeper than {MAX_DEPTH} levels"),
        ParseErrorKind::NumberTooLarge => "the number is too large".to_string(),
        ParseErrorKind::TrailingText => "text after the end of the value".to_string(),
        ParseErrorKind::UnknownHeader { key } => format!("unknown header `{key}:`"),
        ParseErrorKind::HeaderAfterPuzzle => "a `rules:` line after the puzzle".to_string(),
        ParseErrorKind::UnknownProfile { name } => format!("unknown rule profile `{name}`"),
        ParseErrorKind::BadSquare { error, text } => match error {
            SquareError::OffBoard => format!("`{text}` is off the board"),
            _ => format!("`{text}` is not a square of the 4×4 board"),
        },
        ParseErrorKind::IncompleteCapture => {
            "this capture has no target square: a capture is a start square and a target square"
                .to_string()
        }
        ParseErrorKind::BoardSize { squares } => {
            format!("a board has 16 squares; this one has {squares}")
        }
        ParseErrorKind::RowCount { rows } => {
            format!("a board written in lines has 4 lines; this one has {rows}")
        }
        ParseErrorKind::RowLength { row, squares } => {
            format!("row {row} has {squares} squares; a row has 4")
        }
        ParseErrorKind::NotABoard { found } => format!("expected a board, found {found}"),
        ParseErrorKind::NotAnAnswer { found } => format!("expected an answer, found {found}"),
        ParseErrorKind::MixedAnswer { expected, found } => format!(
            "{} among the items of an answer that began with {}",
            found.noun(),
            expected.noun()
        ),
        ParseErrorKind::CoordinateOffBoard { x, y } => format!("[{x}, {y}] is off the board"),
        ParseErrorKind::NotACoordinate => "expected coordinates [x, y]".to_string(),
        ParseErrorKind::BadCell { text } => format!("{text} is not a piece"),
        ParseErrorKind::DuplicateSquare { square, .. } => {
            format!("two entries for {square}")
        }
        ParseErrorKind::TooFewPieces { count, .. } => format!(
            "the puzzle has {}; a puzzle needs at least two",
            pieces(*count)
        ),
    }
}

fn parse_label(k: &ParseErrorKind) -> String {
    match k {
        ParseErrorKind::NoPuzzle { .. } => "the text ends here".to_string(),
        ParseErrorKind::UnknownLine => "not understood".to_string(),
        ParseErrorKind::ExpectedValue { .. } => "a value should start here".to_string(),
        ParseErrorKind::ExpectedSeparator { close, .. } => format!("`,` or `{close}` expected"),
        ParseErrorKind::MismatchedBracket { close, .. } => format!("`{close}` expected"),
        ParseErrorKind::UnterminatedString => "unclosed string".to_string(),
        ParseErrorKind::TooDeep => "too deep".to_string(),
        ParseErrorKind::NumberTooLarge => "too large".to_string(),
        ParseErrorKind::TrailingText => "unexpected".to_string(),
        ParseErrorKind::UnknownHeader { .. } => "unknown header".to_string(),
        ParseErrorKind::HeaderAfterPuzzle => "too late".to_string(),
        ParseErrorKind::UnknownProfile { .. } => "no such profile".to_string(),
        ParseErrorKind::BadSquare { .. } => "off the board".to_string(),
        ParseErrorKind::IncompleteCapture => "no target".to_string(),
        ParseErrorKind::BoardSize { squares } => format!("{squares} squares"),
        ParseErrorKind::RowCount { rows } => format!("{rows} lines"),
        ParseErrorKind::RowLength { squares, .. } => format!("{squares} squares"),
        ParseErrorKind::NotABoard { .. } => "not a board".to_string(),
        ParseErrorKind::NotAnAnswer { .. } => "not an answer".to_string(),
        ParseErrorKind::MixedAnswer { found, .. } => match found {
            ItemKind::Move => "a capture".to_string(),
            ItemKind::Board => "a board".to_string(),
            ItemKind::False => "a false value".to_string(),
        },
        ParseErrorKind::CoordinateOffBoard { .. } => "off the board".to_string(),
        ParseErrorKind::NotACoordinate => "not [x, y]".to_string(),
        ParseErrorKind::BadCell { .. } => "not a piece".to_string(),
        ParseErrorKind::DuplicateSquare { square, .. } => format!("{square} again"),
        ParseErrorKind::TooFewPieces { .. } => "too few pieces".to_string(),
    }
}

fn parse_help(k: &ParseErrorKind) -> Option<String> {
    Some(match k {
        ParseErrorKind::NoPuzzle { board_like_comment } => {
            let mut help = format!("write the puzzle first; {BOARD_FORMS}");
            if let Some(span) = board_like_comment {
                help.push_str(&format!(
                    "; line {} starts with `#`, which makes it a comment: use another character, \
                     such as `.`, for empty squares",
                    span.line
                ));
            }
            help
        }
        ParseErrorKind::UnknownLine => format!(
            "a record holds an optional `rules: codegolf` or `rules: thinkfun` line, the puzzle, \
             then the answer; {BOARD_FORMS}; {ANSWER_FORMS}; comment lines start with `#`"
        ),
        ParseErrorKind::ExpectedValue { .. } => {
            "list items are lists, quoted strings, numbers, or words such as None".to_string()
        }
        ParseErrorKind::ExpectedSeparator { open, .. } => {
            format!(
                "the list opens at {}; separate its items with commas",
                at(open)
            )
        }
        ParseErrorKind::MismatchedBracket { .. } => {
            "a list opened with `[` closes with `]`, one opened with `(` with `)`".to_string()
        }
        ParseErrorKind::UnterminatedString => {
            "close the string with the quote it opens with".to_string()
        }
        ParseErrorKind::TooDeep | ParseErrorKind::NumberTooLarge => {
            format!("{BOARD_FORMS}; {ANSWER_FORMS}")
        }
        ParseErrorKind::TrailingText => {
            "write one value per line; a comment after it starts with `#`".to_string()
        }
        ParseErrorKind::UnknownHeader { .. } | ParseErrorKind::UnknownProfile { .. } => {
            "the rule profiles are `codegolf` (pawns capture one square diagonally in any \
             direction) and `thinkfun` (diagonally upwards only): `rules: thinkfun`"
                .to_string()
        }
        ParseErrorKind::HeaderAfterPuzzle => "put the `rules:` line before the puzzle".to_string(),
        ParseErrorKind::BadSquare { error, .. } => format!("{error}"),
        ParseErrorKind::IncompleteCapture => "write the start and the target of each capture, \
             like `c1xb2`, `c1-b2`, `c1 b2` or `2,0 1,1`, or a piece letter and the target, like \
             `Nxb2`; captures may be separated by spaces, commas or semicolons"
            .to_string(),
        ParseErrorKind::BoardSize { .. } | ParseErrorKind::RowCount { .. } => {
            BOARD_FORMS.to_string()
        }
        ParseErrorKind::RowLength { .. } => {
            "each line of a board has four squares; an editor may have dropped trailing spaces: \
             write `.` for empty squares"
                .to_string()
        }
        ParseErrorKind::NotABoard { .. } => BOARD_FORMS.to_string(),
        ParseErrorKind::NotAnAnswer { .. } | ParseErrorKind::MixedAnswer { .. } => {
            ANSWER_FORMS.to_string()
        }
        ParseErrorKind::CoordinateOffBoard { .. } | ParseErrorKind::NotACoordinate => {
            "x and y run from 0 to 3; [0, 0] is the bottom-left square (a1), [3, 3] the top-right \
             (d4); numbers from 1 to 4 are read as counted from 1, but one answer cannot count \
             from 0 and from 1 at once"
                .to_string()
        }
        ParseErrorKind::BadCell { .. } => {
            "a cell is a letter K Q R B N P (another one-character string is an empty square), or \
             a number 1 = K, 2 = Q, 3 = R, 4 = B, 5 = N, 6 = P, 0 empty; a [x, y, 'c'] entry \
             names a piece, in upper case"
                .to_string()
        }
        ParseErrorKind::DuplicateSquare { first, .. } => {
            format!("the first entry for it is at {}", at(first))
        }
        ParseErrorKind::TooFewPieces { digits, .. } => {
            let mut help =
                "the challenge leaves puzzles with fewer than two pieces undefined".to_string();
            if *digits {
                help.push_str(
                    "; in a string every character other than K Q R B N P is an empty square, \
                     digits too: numbers name pieces only in lists such as [[0,0,5,0], ...]",
                );
            }
            help
        }
    })
}

impl Note {
    /// What was accepted, in a sentence.
    pub fn message(&self) -> String {
        match &self.kind {
            NoteKind::LowercaseLetter { letter } => {
                format!("`{letter}` is read as an empty square: only upper-case letters are pieces")
            }
            NoteKind::SpacedRows => {
                "the spaces between the squares of each row were read as separators".to_string()
            }
            NoteKind::TrimmedSpaces => {
                "the spaces around the 16-character board were dropped".to_string()
            }
            NoteKind::StartBoardRepeated => {
                "the first board is the puzzle itself; it was skipped".to_string()
            }
            NoteKind::CoordinatesRead { reading } => {
                format!("the coordinates were read as {reading}")
            }
            NoteKind::CoordinatesAmbiguous {
                used,
                other,
                at,
                capture,
            } => format!(
                "the coordinates also make a legal answer read as {other}: capture {at} would be \
                 {capture}; they were read as {used}"
            ),
        }
    }

    /// A few words for the quoted text.
    pub fn label(&self) -> String {
        match &self.kind {
            NoteKind::LowercaseLetter { .. } => "an empty square".to_string(),
            NoteKind::SpacedRows => "spaces read as separators".to_string(),
            NoteKind::TrimmedSpaces => "spaces dropped".to_string(),
            NoteKind::StartBoardRepeated => "the puzzle again".to_string(),
            NoteKind::CoordinatesRead { reading } => format!("read as {}", reading.name()),
            NoteKind::CoordinatesAmbiguous { .. } => "two readings".to_string(),
        }
    }

    /// How to write it exactly.
    pub fn help(&self) -> String {
        match &self.kind {
            NoteKind::LowercaseLetter { letter } => {
                format!("write `{}` if it is a piece", letter.to_ascii_uppercase())
            }
            NoteKind::SpacedRows => {
                "the challenge's string form has no separators: `RP..`".to_string()
            }
            NoteKind::TrimmedSpaces => "a board string has exactly 16 characters".to_string(),
            NoteKind::StartBoardRepeated => {
                "the answer lists the board after each capture, not the start".to_string()
            }
            NoteKind::CoordinatesRead { .. } | NoteKind::CoordinatesAmbiguous { .. } => {
                "the challenge writes a square as [x, y] counted from 0, [0, 0] the bottom-left \
                 square (a1): written so, no reading of the numbers has to be chosen"
                    .to_string()
            }
        }
    }
}

impl fmt::Display for Problem {
    /// The headline and the reason code: `capture 2: there is no piece on d1 [no-piece]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.headline(), self.reason())
    }
}

impl std::error::Error for Problem {}

impl ResolveError {
    /// As a problem found in `before` under `profile` (for its words).
    pub fn to_problem(&self, before: &Position, profile: Profile) -> Problem {
        Problem {
            kind: ProblemKind::Illegal(self.clone()),
            span: None,
            ply: None,
            before: Some(*before),
            profile: Some(profile),
        }
    }
}

impl fmt::Display for ResolveError {
    /// The message, without the position-dependent parts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let problem = Problem {
            kind: ProblemKind::Illegal(self.clone()),
            span: None,
            ply: None,
            before: None,
            profile: None,
        };
        write!(f, "{problem}")
    }
}

impl std::error::Error for ResolveError {}

impl fmt::Display for IllegalCapture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&ResolveError::Illegal(*self), f)
    }
}

impl std::error::Error for IllegalCapture {}
