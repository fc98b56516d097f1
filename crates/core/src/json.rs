//! The JSON shapes every game shares. Field names are a contract: scripts
//! read them, so fields are only ever added, never renamed.
//!
//! Every document names its game and its rule profile, and every head is
//! written here: a whole game is an [`Envelope`] (`format: "asalto-game"`,
//! `version`, `game`, `rules`) around the game's own fields; the reports of
//! `check`, `show` and `diff` and the files a run writes (`summary.json`)
//! flatten a [`Head`] (the same four fields) among theirs; the lines of a
//! stream of results (`selfplay`, `solve`, `generate`) flatten a [`Named`]
//! (`game`, `rules`). A problem is a [`DiagnosticJson`], whatever the game.

use serde::{Deserialize, Serialize};

use crate::problem::Diagnostic;
use crate::span::{LineIndex, line_column};

/// The `format` of a game document.
pub const FORMAT: &str = "asalto-game";
/// The `version` of the game document this toolkit writes and reads; fields
/// are only added within a version.
pub const VERSION: u32 = 1;

/// The head of a document: what kind of document (`format`, `version`),
/// of which game, under which rule profile. Flattened into a document's
/// struct (`#[serde(flatten)]`) where its head fields stood, so that
/// documents written before it came keep their bytes, the head fields only
/// added.
///
/// # Examples
///
/// ```
/// use asalto_core::json::Head;
///
/// #[derive(serde::Serialize)]
/// struct Report {
///     file: &'static str,
///     #[serde(flatten)]
///     head: Head,
///     valid: bool,
/// }
///
/// let report = Report { file: "a.sgf", head: Head::game("go", "simple-ko"), valid: true };
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"file":"a.sgf","format":"asalto-game","version":1,"game":"go","rules":"simple-ko","valid":true}"#
/// );
/// ```
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    /// The kind of document: [`FORMAT`] for a game and the reports about
    /// one, `asalto-selfplay` for a run's summary, `asalto-grade` for a
    /// grading run, a game's own (Solitaire's `asalto-solitaire-record`).
    pub format: &'static str,
    /// The version of that kind: fields are only added within a version.
    pub version: u32,
    /// The game (`asalto`, `go`, `solitaire`, `madbishops`).
    pub game: &'static str,
    /// The rule profile the game was judged or played under.
    pub rules: &'static str,
}

impl Head {
    /// The head of a game document, or of a report about a game record.
    pub const fn game(game: &'static str, rules: &'static str) -> Head {
        Head::new(FORMAT, VERSION, game, rules)
    }

    /// The head of a document of another kind (`format`, `version`).
    pub const fn new(
        format: &'static str,
        version: u32,
        game: &'static str,
        rules: &'static str,
    ) -> Head {
        Head {
            format,
            version,
            game,
            rules,
        }
    }
}

/// The naming of a line in a stream of results (a game `selfplay` played,
/// a puzzle `solve` solved or `generate` made): the game and its rule
/// profile, flattened where they stand.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    /// The game.
    pub game: &'static str,
    /// The rule profile.
    pub rules: &'static str,
}

/// The head of every game document, followed by the game's own fields.
///
/// # Examples
///
/// ```
/// use asalto_core::json::Envelope;
///
/// #[derive(serde::Serialize)]
/// struct Body {
///     plies: Vec<String>,
/// }
///
/// let doc = Envelope::new("go", "seed-2019", Body { plies: vec!["D4".into()] });
/// assert_eq!(
///     serde_json::to_string(&doc).unwrap(),
///     r#"{"format":"asalto-game","version":1,"game":"go","rules":"seed-2019","plies":["D4"]}"#
/// );
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Envelope<T> {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The game (`asalto`, `go`, `solitaire`, `madbishops`). Version 1
    /// documents written before games were named have none: they are
    /// Asalto's.
    #[serde(default = "asalto")]
    pub game: String,
    /// The rule profile the game was judged under.
    pub rules: String,
    /// The game's own fields.
    #[serde(flatten)]
    pub body: T,
}

fn asalto() -> String {
    "asalto".to_string()
}

impl<T> Envelope<T> {
    /// A document under `head` (its format and version, game and rules).
    pub fn headed(head: Head, body: T) -> Envelope<T> {
        Envelope {
            format: head.format.to_string(),
            version: head.version,
            game: head.game.to_string(),
            rules: head.rules.to_string(),
            body,
        }
    }

    /// A document of `game` under `rules`.
    pub fn new(game: &str, rules: &str, body: T) -> Envelope<T> {
        Envelope {
            format: FORMAT.to_string(),
            version: VERSION,
            game: game.to_string(),
            rules: rules.to_string(),
            body,
        }
    }
}

/// Why a JSON document is not a game document this toolkit reads for a
/// game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EnvelopeError {
    /// Another kind of document.
    Format(String),
    /// A version this toolkit does not read.
    Version(u32),
    /// A document of another game.
    Game {
        /// The game named by the document.
        found: String,
        /// The game that reads it.
        expected: &'static str,
    },
}

impl std::fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnvelopeError::Format(found) => {
                write!(f, "`format` is `{found}`; a game document has `{FORMAT}`")
            }
            EnvelopeError::Version(v) => write!(
                f,
                "version {v} is not one this asalto reads (it reads version {VERSION})"
            ),
            EnvelopeError::Game { found, expected } => {
                write!(f, "a document of `{found}`, not of `{expected}`")
            }
        }
    }
}

impl std::error::Error for EnvelopeError {}

impl<T> Envelope<T> {
    /// Check the head: the format, the version, and the game.
    ///
    /// # Errors
    ///
    /// The first field that does not fit.
    pub fn check(&self, game: &'static str) -> Result<(), EnvelopeError> {
        check_head(&self.format, self.version, &self.game, game)
    }
}

/// Check the head of a game document read back, whatever type holds it
/// (an [`Envelope`], or a game's own document type with the same head
/// fields): the `format`, the `version`, and that `game` is `expected`.
/// Every game reads its documents' head through this.
///
/// # Errors
///
/// The first field that does not fit.
///
/// # Examples
///
/// ```
/// use asalto_core::json::{EnvelopeError, check_head};
///
/// assert_eq!(check_head("asalto-game", 1, "go", "go"), Ok(()));
/// assert_eq!(check_head("asalto-game", 2, "go", "go"), Err(EnvelopeError::Version(2)));
/// assert_eq!(
///     check_head("asalto-game", 1, "asalto", "go").unwrap_err().to_string(),
///     "a document of `asalto`, not of `go`"
/// );
/// ```
pub fn check_head(
    format: &str,
    version: u32,
    game: &str,
    expected: &'static str,
) -> Result<(), EnvelopeError> {
    if format != FORMAT {
        return Err(EnvelopeError::Format(format.to_string()));
    }
    if version != VERSION {
        return Err(EnvelopeError::Version(version));
    }
    if game != expected {
        return Err(EnvelopeError::Game {
            found: game.to_string(),
            expected,
        });
    }
    Ok(())
}

/// A byte span in the source.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpanJson {
    /// Byte offset.
    pub offset: usize,
    /// Length in bytes.
    pub length: usize,
}

impl From<crate::Span> for SpanJson {
    fn from(s: crate::Span) -> SpanJson {
        SpanJson {
            offset: s.start,
            length: s.len(),
        }
    }
}

/// One problem of a record, whatever the game.
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
    /// What would be right, or null.
    pub help: Option<String>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Byte span in the source.
    pub span: SpanJson,
    /// The move number, or null.
    pub ply: Option<usize>,
    /// The side of that move, or null.
    pub side: Option<&'static str>,
    /// The position string before the move, or null.
    pub position_before: Option<String>,
    /// The legal moves before the move (empty once the game is over), or
    /// null.
    pub legal_moves: Option<Vec<String>>,
}

impl DiagnosticJson {
    /// The JSON of `problem`, found in `source` (for its line and column),
    /// with no position.
    pub fn new(problem: &impl Diagnostic, source: &str) -> DiagnosticJson {
        DiagnosticJson::at(problem, line_column(source, problem.span().start))
    }

    /// The same, with the line index of the source (for many problems).
    pub fn indexed(problem: &impl Diagnostic, index: &LineIndex<'_>) -> DiagnosticJson {
        DiagnosticJson::at(problem, index.line_column(problem.span().start))
    }

    /// The JSON of `problem`, whose line and column are known.
    pub fn at(problem: &impl Diagnostic, (line, column): (usize, usize)) -> DiagnosticJson {
        DiagnosticJson {
            severity: problem.severity().name(),
            code: problem.code(),
            message: problem.message(),
            label: problem.label(),
            help: problem.help(),
            line,
            column,
            span: problem.span().into(),
            ply: problem.ply(),
            side: problem.side(),
            position_before: None,
            legal_moves: None,
        }
    }

    /// With the position before the move and its legal moves.
    #[must_use]
    pub fn with_position(mut self, position: String, legal_moves: Vec<String>) -> DiagnosticJson {
        self.position_before = Some(position);
        self.legal_moves = Some(legal_moves);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
    struct Body {
        start: String,
    }

    #[test]
    fn envelope_round_trips_and_checks_its_head() {
        let doc = Envelope::new("madbishops", "steere", Body { start: "x".into() });
        let text = serde_json::to_string(&doc).unwrap();
        let back: Envelope<Body> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, doc);
        assert_eq!(back.check("madbishops"), Ok(()));
        let unnamed: Envelope<Body> = serde_json::from_str(
            r#"{"format":"asalto-game","version":1,"rules":"assignment-2018-19","start":"x"}"#,
        )
        .unwrap();
        assert_eq!(unnamed.check("asalto"), Ok(()));
        assert!(matches!(
            back.check("go"),
            Err(EnvelopeError::Game { expected: "go", .. })
        ));
        let old = Envelope {
            version: 2,
            ..doc.clone()
        };
        assert_eq!(old.check("madbishops"), Err(EnvelopeError::Version(2)));
        let other = Envelope {
            format: "x".into(),
            ..doc
        };
        assert_eq!(
            other.check("madbishops").unwrap_err().to_string(),
            "`format` is `x`; a game document has `asalto-game`"
        );
    }
}
