//! Problems as typed values until they are shown.
//!
//! As in regex-syntax's `Error { kind, span }`, a problem is data: what is
//! wrong (`kind`, one type per game and format), where (`span`), about which
//! move (`ply`) and how serious (`severity`). The words (message, label,
//! help) are written by the kind's [`ProblemKind`] impl, the one place per
//! game where they live; renderers (terminal diagnostics, JSON, grade
//! reports) ask for them through [`Diagnostic`] and never parse them back.

use std::fmt;

use crate::Span;

/// How serious a problem is. Errors sort before warnings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The record is invalid.
    Error,
    /// Accepted, but not the exact format.
    Warning,
}

impl Severity {
    /// `error` or `warning`: the stable name used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a game or a format finds wrong, put into words.
///
/// `code` is a contract (scripts match on it; it never changes meaning);
/// the words may be improved at any time.
///
/// # Examples
///
/// ```
/// use asalto_core::{Problem, ProblemKind, Severity, Span};
///
/// #[derive(Clone, Debug, PartialEq)]
/// enum Kind {
///     Empty,
/// }
///
/// impl ProblemKind for Kind {
///     fn code(&self) -> &'static str {
///         "empty"
///     }
///     fn message(&self) -> String {
///         "the record has no move".to_string()
///     }
///     fn label(&self) -> String {
///         "nothing here".to_string()
///     }
/// }
///
/// let p = Problem::error(Kind::Empty, Span::at(0));
/// assert_eq!((p.code(), p.help()), ("empty", None));
/// assert_eq!(p.to_string(), "error[empty]: the record has no move");
/// ```
pub trait ProblemKind {
    /// The stable reason code (`no-piece`, `suicide`, `syntax`).
    fn code(&self) -> &'static str;
    /// What is wrong, in a sentence.
    fn message(&self) -> String;
    /// A short label for the underlined text.
    fn label(&self) -> String;
    /// What would be right, when the rules or the format say it precisely.
    fn help(&self) -> Option<String> {
        None
    }
    /// The stable name of the side whose move the problem is about
    /// (`officers`, `black`), when the kind knows it.
    fn side(&self) -> Option<&'static str> {
        None
    }
}

/// One thing found wrong (or worth a warning): a typed `kind` with its
/// place.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem<K> {
    /// Error or warning.
    pub severity: Severity,
    /// Where, in the source.
    pub span: Span,
    /// The move (1-based) it is about, if it is about a move.
    pub ply: Option<usize>,
    /// What is wrong.
    pub kind: K,
}

impl<K> Problem<K> {
    /// An error about `span`, not tied to a move.
    pub fn error(kind: K, span: Span) -> Problem<K> {
        Problem {
            severity: Severity::Error,
            span,
            ply: None,
            kind,
        }
    }

    /// A warning about `span`, not tied to a move.
    pub fn warning(kind: K, span: Span) -> Problem<K> {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(kind, span)
        }
    }

    /// The same problem, about move `ply`.
    #[must_use]
    pub fn at_ply(self, ply: usize) -> Problem<K> {
        Problem {
            ply: Some(ply),
            ..self
        }
    }

    /// The same place and severity with another kind (a game's kind wrapped
    /// into a wider one).
    pub fn map<L>(self, f: impl FnOnce(K) -> L) -> Problem<L> {
        Problem {
            severity: self.severity,
            span: self.span,
            ply: self.ply,
            kind: f(self.kind),
        }
    }

    /// Whether it makes the record invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl<K: ProblemKind> Problem<K> {
    /// The kind's stable code.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The kind's message.
    pub fn message(&self) -> String {
        self.kind.message()
    }

    /// The kind's label.
    pub fn label(&self) -> String {
        self.kind.label()
    }

    /// The kind's help.
    pub fn help(&self) -> Option<String> {
        self.kind.help()
    }
}

/// `error[code]: message`.
impl<K: ProblemKind> fmt::Display for Problem<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity, self.code(), self.message())
    }
}

/// What a renderer needs of any problem of any game: the one interface the
/// diagnostics printer and the JSON writer are written against.
///
/// [`Problem`] implements it; so can a game's richer problem type (one that
/// also keeps the position before the move, to draw it).
pub trait Diagnostic {
    /// Error or warning.
    fn severity(&self) -> Severity;
    /// The stable reason code.
    fn code(&self) -> &'static str;
    /// The whole message, as printed at the top of the diagnostic (with the
    /// move it is about, when the game says so).
    fn message(&self) -> String;
    /// The label of the underlined text.
    fn label(&self) -> String;
    /// What would be right.
    fn help(&self) -> Option<String>;
    /// Where, in the source.
    fn span(&self) -> Span;
    /// The move it is about.
    fn ply(&self) -> Option<usize>;
    /// The stable name of the side that made that move.
    fn side(&self) -> Option<&'static str>;
}

impl<K: ProblemKind> Diagnostic for Problem<K> {
    fn severity(&self) -> Severity {
        self.severity
    }
    fn code(&self) -> &'static str {
        self.kind.code()
    }
    fn message(&self) -> String {
        headline(self.ply, self.kind.side(), &self.kind.message())
    }
    fn label(&self) -> String {
        self.kind.label()
    }
    fn help(&self) -> Option<String> {
        self.kind.help()
    }
    fn span(&self) -> Span {
        self.span
    }
    fn ply(&self) -> Option<usize> {
        self.ply
    }
    fn side(&self) -> Option<&'static str> {
        self.kind.side()
    }
}

/// A message with the move it is about in front, the way every game of the
/// toolkit writes it: `move 3 (rebels): there is no rebel on Cd`.
///
/// # Examples
///
/// ```
/// use asalto_core::headline;
///
/// assert_eq!(headline(Some(3), Some("red"), "no bishop on d4"), "move 3 (red): no bishop on d4");
/// assert_eq!(headline(Some(3), None, "empty"), "move 3: empty");
/// assert_eq!(headline(None, Some("red"), "blank lines"), "blank lines");
/// ```
pub fn headline(ply: Option<usize>, side: Option<&str>, message: &str) -> String {
    match (ply, side) {
        (Some(ply), Some(side)) => format!("move {ply} ({side}): {message}"),
        (Some(ply), None) => format!("move {ply}: {message}"),
        (None, _) => message.to_string(),
    }
}

/// Whether any of `problems` is an error.
pub fn any_error<'a, D: Diagnostic + 'a>(problems: impl IntoIterator<Item = &'a D>) -> bool {
    problems
        .into_iter()
        .any(|p| p.severity() == Severity::Error)
}
