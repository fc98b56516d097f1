//! The JSON game document of `asalto export --to json`, and reading it back.
//!
//! A document holds a whole game: the position strings of its start and
//! end, every move with its path, the rebels it captured and the position
//! after it, and the outcome. It is versioned: [`FORMAT`] names it and
//! [`VERSION`] says which shape it has; fields are only ever added within a
//! version. Reading one back ([`GameDocument::to_game`]) replays every move
//! by the rules and checks every field against the replay, so a document that
//! reads is a legal game exactly as described.
//!
//! ```json
//! {
//!   "format": "asalto-game",
//!   "version": 1,
//!   "game": "asalto",
//!   "rules": "assignment-2018-19",
//!   "source": "samples/ejemplo.txt",
//!   "complete": true,
//!   "stopped": null,
//!   "start": ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
//!   "final": ".../.OO/RR...RR/R.....R/RRRRRRR/RRR/RRR R",
//!   "to_move": "rebels",
//!   "plies": [
//!     {"ply": 1, "side": "officers", "notation": "Bc-Cc", "path": ["Bc", "Cc"],
//!      "captured": [], "position": ".../..O/RRO..RR/RRRRRRR/RRRRRRR/RRR/RRR R",
//!      "line": 1, "completed": false}
//!   ],
//!   "outcome": null
//! }
//! ```

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use crate::json::{GAME, OutcomeJson, PlyJson, StopJson};
use crate::replay::{Checked, Game, GameOutcome, Ply};
use crate::{Asalto, Path, Point, Position, PositionStringError, Rules};
use asalto_core::Replay;

/// The `format` of a game document, every game's
/// ([`asalto_core::json::FORMAT`]).
pub use asalto_core::json::FORMAT;
/// The `version` this toolkit writes and reads, every game's
/// ([`asalto_core::json::VERSION`]).
pub use asalto_core::json::VERSION;

/// A whole game as a JSON document.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct GameDocument {
    /// Always [`FORMAT`].
    pub format: String,
    /// The shape of the document: [`VERSION`].
    pub version: u32,
    /// The game: `asalto`. Documents written before games were named have
    /// none, and are Asalto's.
    #[serde(default = "asalto")]
    pub game: String,
    /// The rules the game was replayed under (`assignment-2018-19`).
    pub rules: String,
    /// Where the game came from (the record file as given), or null.
    #[serde(default)]
    pub source: Option<String>,
    /// False when the source is an invalid record and this is its valid
    /// part only (`--keep-partial`). Absent means true.
    #[serde(default = "yes")]
    pub complete: bool,
    /// For a partial game, where and why the source's replay stopped.
    #[serde(default)]
    pub stopped: Option<StopJson>,
    /// The position string of the start.
    pub start: String,
    /// The position string after the last move.
    #[serde(rename = "final")]
    pub final_position: String,
    /// `officers` or `rebels`: the side to move after the last move.
    pub to_move: String,
    /// Every move, in order.
    pub plies: Vec<PlyJson>,
    /// How the game ended, or null if it has not.
    pub outcome: Option<OutcomeJson>,
}

fn yes() -> bool {
    true
}

fn asalto() -> String {
    GAME.to_string()
}

/// A game document written as it is serialized, one ply at a time: the same
/// fields in the same order as [`GameDocument`], without holding every ply's
/// JSON in memory first.
#[derive(Serialize)]
#[serde(bound = "")]
struct DocumentView<'a, F: FnOnce(&mut dyn FnMut(&Ply))> {
    format: &'static str,
    version: u32,
    game: &'static str,
    rules: &'static str,
    source: Option<&'a str>,
    complete: bool,
    stopped: Option<&'a StopJson>,
    start: String,
    #[serde(rename = "final")]
    final_position: String,
    to_move: &'static str,
    plies: PliesView<F>,
    outcome: Option<OutcomeJson>,
}

/// The plies of a game, serialized one by one as `F` hands them out.
struct PliesView<F>(RefCell<Option<F>>);

impl<F: FnOnce(&mut dyn FnMut(&Ply))> Serialize for PliesView<F> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(None)?;
        let mut failed = None;
        if let Some(plies) = self.0.borrow_mut().take() {
            plies(&mut |ply| {
                if failed.is_none() {
                    failed = seq.serialize_element(&PlyJson::from(ply)).err();
                }
            });
        }
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

/// What a game document says besides its plies: known before they are
/// written, so that a game of any length is written as it is replayed
/// ([`write_json_streamed`]).
#[derive(Clone, Copy, Debug)]
pub struct DocumentHead<'a> {
    /// Where the game came from, or `None`.
    pub source: Option<&'a str>,
    /// Where an invalid source's replay stopped (the game is its valid
    /// part).
    pub stopped: Option<&'a StopJson>,
    /// The start position.
    pub start: Position,
    /// The position after the last move.
    pub end: Position,
    /// How the game ended, if it has.
    pub outcome: Option<GameOutcome>,
}

/// Write the document of `game` (as [`GameDocument::new`] makes it) to
/// `out` as JSON, ply by ply: memory does not grow with the document.
///
/// # Errors
///
/// The error of writing to `out`.
///
/// # Examples
///
/// ```
/// use asalto::export::{GameDocument, write_json};
/// use asalto::replay::{check, CheckOptions};
///
/// let game = check("Bc-Cc\nDd-Cd\n", CheckOptions::default()).game;
/// let mut streamed = Vec::new();
/// write_json(&game, Some("g.txt"), None, false, &mut streamed)?;
/// let whole = serde_json::to_vec(&GameDocument::new(&game, Some("g.txt"), None))?;
/// assert_eq!(streamed, whole);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn write_json(
    game: &Game,
    source: Option<&str>,
    stopped: Option<&StopJson>,
    pretty: bool,
    out: impl std::io::Write,
) -> serde_json::Result<()> {
    let head = DocumentHead {
        source,
        stopped,
        start: game.start,
        end: game.position(),
        outcome: game.outcome(),
    };
    let plies = |each: &mut dyn FnMut(&Ply)| game.plies.iter().for_each(each);
    write_json_streamed(head, plies, pretty, out)
}

/// Write a game document whose plies `plies` hands out one by one (to the
/// function it is given), after `head`: a game replayed from a record of
/// any length is written without being held. The plies must be those of a
/// game from `head.start` to `head.end`.
///
/// # Errors
///
/// The error of writing to `out`.
///
/// # Examples
///
/// ```
/// use asalto::export::{DocumentHead, write_json, write_json_streamed};
/// use asalto::replay::{check, CheckOptions, Ply};
///
/// let checked = check("Bc-Cc\nDd-Cd\n", CheckOptions::default());
/// let head = DocumentHead {
///     source: None,
///     stopped: None,
///     start: asalto::Position::start(),
///     end: checked.position(),
///     outcome: checked.outcome(),
/// };
/// let plies = |each: &mut dyn FnMut(&Ply)| checked.game.plies.iter().for_each(each);
/// let mut streamed = Vec::new();
/// write_json_streamed(head, plies, true, &mut streamed)?;
/// let mut whole = Vec::new();
/// write_json(&checked.game, None, None, true, &mut whole)?;
/// assert_eq!(streamed, whole);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn write_json_streamed(
    head: DocumentHead<'_>,
    plies: impl FnOnce(&mut dyn FnMut(&Ply)),
    pretty: bool,
    out: impl std::io::Write,
) -> serde_json::Result<()> {
    let view = DocumentView {
        format: FORMAT,
        version: VERSION,
        game: GAME,
        rules: Rules::default().name(),
        source: head.source,
        complete: head.stopped.is_none(),
        stopped: head.stopped,
        start: head.start.to_string(),
        final_position: head.end.to_string(),
        to_move: head.end.turn().name(),
        plies: PliesView(RefCell::new(Some(plies))),
        outcome: head.outcome.map(OutcomeJson::from),
    };
    if pretty {
        serde_json::to_writer_pretty(out, &view)
    } else {
        serde_json::to_writer(out, &view)
    }
}

/// Why a document does not read as a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// Not JSON, or not the document's shape.
    #[error("not a game document: {0}")]
    Json(String),
    /// Another kind of document.
    #[error("`format` is `{0}`; a game document has `{FORMAT}`")]
    Format(String),
    /// A version this toolkit does not read.
    #[error("version {0} is not one this asalto reads (it reads version {VERSION})")]
    Version(u32),
    /// A document of another game.
    #[error("a document of `{0}`, not of `asalto`")]
    Game(String),
    /// Rules this toolkit does not know.
    #[error("unknown rules `{0}`")]
    Rules(String),
    /// A malformed position string.
    #[error("`{field}`: {error}")]
    Position {
        /// Which field.
        field: String,
        /// What is wrong with it.
        error: PositionStringError,
    },
    /// A move that is not legal, or a field that does not match the replay.
    #[error("ply {ply}: {message}")]
    Ply {
        /// The move number, 1-based.
        ply: usize,
        /// What is wrong.
        message: String,
    },
    /// A top-level field that does not match the replay.
    #[error("`{field}` is {found}, but the game gives {expected}")]
    Mismatch {
        /// Which field.
        field: &'static str,
        /// What the document says.
        found: String,
        /// What the replay gives.
        expected: String,
    },
}

/// The head of a document found wrong by the check every game shares
/// ([`asalto_core::json::check_head`]), as this module's errors.
impl From<asalto_core::json::EnvelopeError> for ImportError {
    fn from(e: asalto_core::json::EnvelopeError) -> ImportError {
        use asalto_core::json::EnvelopeError;
        match e {
            EnvelopeError::Format(found) => ImportError::Format(found),
            EnvelopeError::Version(v) => ImportError::Version(v),
            EnvelopeError::Game { found, .. } => ImportError::Game(found),
            other => ImportError::Json(other.to_string()),
        }
    }
}

impl GameDocument {
    /// The document of `game`, read from `source`; `stopped` says where an
    /// invalid source's replay stopped (the game is then its valid part).
    pub fn new(game: &Game, source: Option<&str>, stopped: Option<StopJson>) -> GameDocument {
        let end = game.position();
        GameDocument {
            format: FORMAT.to_string(),
            version: VERSION,
            game: GAME.to_string(),
            rules: Rules::default().name().to_string(),
            source: source.map(str::to_string),
            complete: stopped.is_none(),
            stopped,
            start: game.start.to_string(),
            final_position: end.to_string(),
            to_move: end.turn().name().to_string(),
            plies: game.plies.iter().map(PlyJson::from).collect(),
            outcome: game.outcome().map(OutcomeJson::from),
        }
    }

    /// The document of a checked record: its valid part, and where it
    /// stopped if it is invalid.
    pub fn of_checked(checked: &Checked, source: Option<&str>) -> GameDocument {
        GameDocument::new(&checked.game, source, StopJson::of(checked))
    }

    /// Read a document from JSON text.
    ///
    /// # Errors
    ///
    /// [`ImportError::Json`] when the text is not JSON of the document's
    /// shape (with the line and column).
    pub fn from_json(text: &str) -> Result<GameDocument, ImportError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        serde_json::from_str(text).map_err(|e| ImportError::Json(e.to_string()))
    }

    /// The game the document describes, replayed by the rules.
    ///
    /// # Errors
    ///
    /// The first field that is not what the replay gives: an unknown format,
    /// version or rules, a malformed position, an illegal move, or a
    /// `notation`, `side`, `captured`, `position`, `final`, `to_move` or
    /// `outcome` that does not match.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto::export::GameDocument;
    /// use asalto::replay::{check, CheckOptions};
    ///
    /// let checked = check("Bc-Cc\nDd-Cd\nCc-Ce\n", CheckOptions::default());
    /// let doc = GameDocument::of_checked(&checked, None);
    /// let json = serde_json::to_string(&doc).unwrap();
    /// let game = GameDocument::from_json(&json)?.to_game()?;
    /// assert_eq!(game, checked.game);
    /// # Ok::<(), asalto::export::ImportError>(())
    /// ```
    pub fn to_game(&self) -> Result<Game, ImportError> {
        asalto_core::json::check_head(&self.format, self.version, &self.game, GAME)?;
        if Rules::from_name(&self.rules).is_none() {
            return Err(ImportError::Rules(self.rules.clone()));
        }
        let start: Position = self.start.parse().map_err(|error| ImportError::Position {
            field: "start".to_string(),
            error,
        })?;
        let mut game = Game::from_position(start);
        let mut replay = Replay::<Asalto>::new(start);
        for (i, doc) in self.plies.iter().enumerate() {
            let number = i + 1;
            let fail = |message: String| ImportError::Ply {
                ply: number,
                message,
            };
            if doc.ply != number {
                return Err(fail(format!("`ply` is {}, expected {number}", doc.ply)));
            }
            let path = doc
                .path
                .iter()
                .map(|s| s.parse::<Point>())
                .collect::<Result<Vec<Point>, _>>()
                .map_err(|e| fail(format!("`path`: {e}")))?;
            // Judged and played by the replay every game shares.
            let judged = match Path::from_points(&path) {
                Some(written) => replay
                    .step(&written)
                    .map(|ply| ply.mv)
                    .map_err(|illegal| illegal.reason),
                // Longer than any move: the rules say why, on the points.
                None => replay
                    .position()
                    .resolve(&path)
                    .map(|mv| replay.play(mv).mv),
            };
            let mv = judged.map_err(|e| {
                fail(format!(
                    "{} is not legal here: {} [{}]",
                    doc.path.join("-"),
                    e.message(),
                    e.reason().code()
                ))
            })?;
            game.push(mv, *replay.position(), doc.line.unwrap_or(0), doc.completed);
            let expected = PlyJson::from(game.plies.last().unwrap_or_else(|| unreachable!()));
            let check = |field: &str, found: String, wanted: String| {
                if found == wanted {
                    Ok(())
                } else {
                    Err(fail(format!(
                        "`{field}` is {found}, but the move gives {wanted}"
                    )))
                }
            };
            check("side", doc.side.clone(), expected.side)?;
            check("notation", doc.notation.clone(), expected.notation)?;
            check(
                "captured",
                format!("{:?}", doc.captured),
                format!("{:?}", expected.captured),
            )?;
            check("position", doc.position.clone(), expected.position)?;
        }
        let end = game.position();
        let mismatch = |field, found: String, expected: String| {
            if found == expected {
                Ok(())
            } else {
                Err(ImportError::Mismatch {
                    field,
                    found,
                    expected,
                })
            }
        };
        mismatch("final", self.final_position.clone(), end.to_string())?;
        mismatch(
            "to_move",
            self.to_move.clone(),
            end.turn().name().to_string(),
        )?;
        let outcome_text = |o: &Option<OutcomeJson>| match o {
            Some(o) => format!("{} ({}) at ply {}", o.winner, o.reason, o.ply),
            None => "null".to_string(),
        };
        mismatch(
            "outcome",
            outcome_text(&self.outcome),
            outcome_text(&game.outcome().map(OutcomeJson::from)),
        )?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{CheckOptions, check};

    const EJEMPLO: &str = "Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\nBd-Db-Dd-Df-Bd\n";

    fn doc() -> GameDocument {
        GameDocument::of_checked(&check(EJEMPLO, CheckOptions::default()), Some("e.txt"))
    }

    #[test]
    fn round_trip() {
        let doc = doc();
        let json = serde_json::to_string_pretty(&doc).unwrap();
        let back = GameDocument::from_json(&json).unwrap();
        assert_eq!(back, doc);
        let game = back.to_game().unwrap();
        assert_eq!(GameDocument::new(&game, Some("e.txt"), None), doc);
    }

    /// A document names its game; one written before games were named
    /// has no `game` and is Asalto's.
    #[test]
    fn the_game_is_named_and_defaults_to_asalto() {
        let json = serde_json::to_value(doc()).unwrap();
        assert_eq!(json["game"], "asalto");
        let mut old = json.clone();
        old.as_object_mut().unwrap().remove("game");
        let back = GameDocument::from_json(&old.to_string()).unwrap();
        assert_eq!(back, doc());
        assert!(back.to_game().is_ok());
    }

    #[test]
    fn tampering_is_caught() {
        let mut d = doc();
        d.plies[6].captured.pop();
        let err = d.to_game().unwrap_err();
        assert!(matches!(err, ImportError::Ply { ply: 7, .. }), "{err}");

        let mut d = doc();
        d.plies[2].path = vec!["Cc".into(), "Cd".into()];
        let err = d.to_game().unwrap_err().to_string();
        assert!(err.contains("[occupied]"), "{err}");

        let mut d = doc();
        d.version = 2;
        assert_eq!(d.to_game().unwrap_err(), ImportError::Version(2));

        // A path longer than any move is judged by the rules all the same.
        let mut d = doc();
        d.plies[0].path = ["Bc", "Cc"]
            .repeat(crate::MAX_PATH)
            .iter()
            .map(|p| p.to_string())
            .collect();
        let err = d.to_game().unwrap_err();
        assert!(matches!(err, ImportError::Ply { ply: 1, .. }), "{err}");
        assert!(err.to_string().contains("is not legal here"), "{err}");

        let mut d = doc();
        d.game = "go".into();
        assert_eq!(d.to_game().unwrap_err(), ImportError::Game("go".into()));

        let mut d = doc();
        d.final_position = d.start.clone();
        assert!(matches!(
            d.to_game().unwrap_err(),
            ImportError::Mismatch { field: "final", .. }
        ));
    }

    #[test]
    fn outcome_is_validated_on_read() {
        let bad = r#"{"winner": "rebels", "reason": "fewer-than-nine-rebels", "ply": 3}"#;
        assert!(serde_json::from_str::<OutcomeJson>(bad).is_err());
        let bad = r#"{"winner": "rebels", "reason": "stalemate", "ply": 3}"#;
        assert!(serde_json::from_str::<OutcomeJson>(bad).is_err());
        let good = r#"{"winner": "officers", "reason": "fewer-than-nine-rebels", "ply": 3}"#;
        assert_eq!(serde_json::from_str::<OutcomeJson>(good).unwrap().ply, 3);
    }
}
