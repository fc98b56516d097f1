//! The JSON shapes every game shares. Field names are a contract: scripts
//! read them, so fields are only added within a version; `docs/json.md`
//! lists every document and `docs/schema/` holds their JSON Schemas.
//!
//! Every document and every line of results starts with one head, written
//! here: `format` (which document: a [`Kind`]), `version`, `game` and
//! `rules`. A whole game is an [`Envelope`] (`format: "asalto-game"`)
//! around the game's own fields; the reports of `check`, `show` and `diff`,
//! the lines of `selfplay`, `solve` and `generate` and the files a run
//! writes (`summary.json`) flatten a [`Head`] of their kind among theirs.
//! The same thing has the same name in every game: `problems` (each a
//! [`DiagnosticJson`]), `plies` (how many moves), `moves` (which ones),
//! `outcome`, `stopped`.

use serde::{Deserialize, Serialize};

use crate::problem::Diagnostic;
use crate::span::{LineIndex, line_column};

/// The `format` of a game document.
pub const FORMAT: &str = "asalto-game";
/// The `version` of every document of [`Kind`] this toolkit writes (the
/// game document's too); fields are only added within a version. Version 1
/// named the same things differently in each game; version 2 is one schema
/// across games.
pub const VERSION: u32 = 2;

/// The oldest game document version this toolkit reads back (Asalto's
/// version 1 documents name their moves `plies` and their last position
/// `final`; the reader takes either name).
pub const OLDEST_READ: u32 = 1;

/// Which document a head heads: its `format`. Every kind is at
/// [`VERSION`]; `docs/schema/<kind>.schema.json` is its JSON Schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole game (`export --to json`): `asalto-game`.
    Game,
    /// A line of `check --format json`: `asalto-check`.
    Check,
    /// `show --format json`: `asalto-show`.
    Show,
    /// `diff --format json`: `asalto-diff`.
    Diff,
    /// A line of `selfplay --format json`: `asalto-selfplay-game`.
    SelfplayGame,
    /// The `summary.json` of `selfplay --out`: `asalto-selfplay`.
    Selfplay,
    /// A line of `solve --format json`: `asalto-solve`.
    Solve,
    /// A line of `generate --format json`: `asalto-generate`.
    Generate,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Game,
        Kind::Check,
        Kind::Show,
        Kind::Diff,
        Kind::SelfplayGame,
        Kind::Selfplay,
        Kind::Solve,
        Kind::Generate,
    ];

    /// The `format` of its documents.
    pub const fn format(self) -> &'static str {
        match self {
            Kind::Game => FORMAT,
            Kind::Check => "asalto-check",
            Kind::Show => "asalto-show",
            Kind::Diff => "asalto-diff",
            Kind::SelfplayGame => "asalto-selfplay-game",
            Kind::Selfplay => "asalto-selfplay",
            Kind::Solve => "asalto-solve",
            Kind::Generate => "asalto-generate",
        }
    }
}

/// The head of a document: what kind of document (`format`, `version`),
/// of which game, under which rule profile. Flattened into a document's
/// struct (`#[serde(flatten)]`) where its head fields stood, so that
/// documents written before it came keep their bytes, the head fields only
/// added.
///
/// # Examples
///
/// ```
/// use asalto_core::json::{Head, Kind};
///
/// #[derive(serde::Serialize)]
/// struct Report {
///     file: &'static str,
///     #[serde(flatten)]
///     head: Head,
///     valid: bool,
/// }
///
/// let report = Report { file: "a.sgf", head: Head::of(Kind::Check, "go", "simple-ko"), valid: true };
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"file":"a.sgf","format":"asalto-check","version":2,"game":"go","rules":"simple-ko","valid":true}"#
/// );
/// ```
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    /// The kind of document: a [`Kind`]'s format, or `asalto-grade` and
    /// `asalto-grade-coverage` for a grading run.
    pub format: &'static str,
    /// The version of that kind: fields are only added within a version.
    pub version: u32,
    /// The game (`asalto`, `go`, `solitaire`, `madbishops`).
    pub game: &'static str,
    /// The rule profile the game was judged or played under.
    pub rules: &'static str,
}

impl Head {
    /// The head of a game document.
    pub const fn game(game: &'static str, rules: &'static str) -> Head {
        Head::of(Kind::Game, game, rules)
    }

    /// The head of a document of `kind`.
    pub const fn of(kind: Kind, game: &'static str, rules: &'static str) -> Head {
        Head::new(kind.format(), VERSION, game, rules)
    }

    /// The same game and rules, heading a document of `kind`: a game's
    /// `head(profile)` made into the head of its `check` line.
    #[must_use]
    pub const fn kind(self, kind: Kind) -> Head {
        Head::of(kind, self.game, self.rules)
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

/// The head of every game document, followed by the game's own fields.
///
/// # Examples
///
/// ```
/// use asalto_core::json::Envelope;
///
/// #[derive(serde::Serialize)]
/// struct Body {
///     moves: Vec<String>,
/// }
///
/// let doc = Envelope::new("go", "seed-2019", Body { moves: vec!["D4".into()] });
/// assert_eq!(
///     serde_json::to_string(&doc).unwrap(),
///     r#"{"format":"asalto-game","version":2,"game":"go","rules":"seed-2019","moves":["D4"]}"#
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
    /// A version this toolkit does not read (newer than [`VERSION`], or
    /// older than [`OLDEST_READ`]).
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
                "version {v} is not one this asalto reads (it reads versions {OLDEST_READ} to {VERSION})"
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
/// fields): the `format`, the `version` (from [`OLDEST_READ`] to
/// [`VERSION`]), and that `game` is `expected`.
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
/// assert_eq!(check_head("asalto-game", 2, "go", "go"), Ok(()));
/// assert_eq!(check_head("asalto-game", 1, "go", "go"), Ok(()));
/// assert_eq!(check_head("asalto-game", 3, "go", "go"), Err(EnvelopeError::Version(3)));
/// assert_eq!(
///     check_head("asalto-game", 2, "asalto", "go").unwrap_err().to_string(),
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
    if !(OLDEST_READ..=VERSION).contains(&version) {
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

/// The first error of a record, where a document names only it (`stopped`
/// of `show`, `diff` and the record documents), the same in every game.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct StopJson {
    /// The 1-based line, or null when the problem is not about the text
    /// (a Solitaire Chess answer that ends too early).
    pub line: Option<usize>,
    /// The move it is about, or null (a format error).
    pub ply: Option<usize>,
    /// Its reason code.
    pub code: String,
    /// What is wrong.
    pub message: String,
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

/// One problem of a record, whatever the game: an element of `problems`
/// (Solitaire Chess writes the same fields, with `line`, `column` and
/// `span` null for a problem that is not about text).
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
            r#"{"format":"asalto-game","version":2,"rules":"assignment-2018-19","start":"x"}"#,
        )
        .unwrap();
        assert_eq!(unnamed.check("asalto"), Ok(()));
        assert!(matches!(
            back.check("go"),
            Err(EnvelopeError::Game { expected: "go", .. })
        ));
        let newer = Envelope {
            version: VERSION + 1,
            ..doc.clone()
        };
        assert_eq!(
            newer.check("madbishops"),
            Err(EnvelopeError::Version(VERSION + 1))
        );
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
