//! The JSON game document of `asalto export --to json`, and reading it back.
//!
//! A document holds a whole game: the position strings of its start and
//! end, every move with its path, the rebels it captured and the position
//! after it, and the outcome. It is versioned: [`FORMAT`] names it and
//! [`VERSION`] says which shape it has; fields are only ever added within a
//! version (version 2 is the schema every game shares, `docs/json.md`;
//! version 1 documents, which named the moves `plies` and the last
//! position `final`, still read). Reading one back ([`GameDocument::to_game`]) replays every move
//! by the rules and checks every field against the replay, so a document that
//! reads is a legal game exactly as described.
//!
//! ```json
//! {
//!   "format": "asalto-game",
//!   "version": 2,
//!   "game": "asalto",
//!   "rules": "assignment-2018-19",
//!   "source": "samples/ejemplo.txt",
//!   "complete": true,
//!   "stopped": null,
//!   "start": ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
//!   "position": ".../.OO/RR...RR/R.....R/RRRRRRR/RRR/RRR R",
//!   "to_move": "rebels",
//!   "moves": [
//!     {"ply": 1, "side": "officers", "notation": "Bc-Cc", "path": ["Bc", "Cc"],
//!      "captured": [], "position": ".../..O/RRO..RR/RRRRRRR/RRRRRRR/RRR/RRR R",
//!      "line": 1, "completed": false}
//!   ],
//!   "outcome": null
//! }
//! ```

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use crate::json::{GAME, OutcomeJson, PlyJson, StopJson, stop_json};
use crate::replay::{Checked, Game, GameOutcome, Ply, Recorded};
use crate::{Asalto, Path, Point, Position, PositionStringError, Rules};
use asalto_core::Replay;
use asalto_core::json::Head;

/// The `format` of a game document, every game's
/// ([`asalto_core::json::FORMAT`]).
pub use asalto_core::json::FORMAT;
use asalto_core::json::OLDEST_READ;
/// The `version` this toolkit writes and reads, every game's
/// ([`asalto_core::json::VERSION`]).
pub use asalto_core::json::VERSION;

/// A whole game as a JSON document, as it is read back.
///
/// Its head fields are those of [`asalto_core::json::Envelope`] (the same
/// names, defaults and check, [`asalto_core::json::check_head`]), spelt out
/// rather than flattened: serde reads a flattened part from a buffer, and
/// its errors would lose the line and column of the field that is wrong,
/// which [`GameDocument::from_json`] and [`read_document`] report (checked
/// again on 2026-11-27 with serde 1.0.229 and serde_json 1.0.154: a
/// `"version": "one"` on line 3 of a five-line document is reported at
/// line 3, column 16 spelt out, at line 5, column 1, the end of the
/// object, flattened). The document is written with core's [`Head`]
/// ([`write_json`]).
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
    /// The position string after the last move (`final` in version 1).
    #[serde(rename = "position", alias = "final")]
    pub final_position: String,
    /// `officers` or `rebels`: the side to move after the last move.
    pub to_move: String,
    /// Every move, in order (`plies` in version 1).
    #[serde(alias = "plies")]
    pub moves: Vec<PlyJson>,
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
    #[serde(flatten)]
    head: Head,
    source: Option<&'a str>,
    complete: bool,
    stopped: Option<&'a StopJson>,
    start: String,
    #[serde(rename = "position")]
    final_position: String,
    to_move: &'static str,
    moves: PliesView<F>,
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
/// use asalto_asalto::export::{GameDocument, write_json};
/// use asalto_asalto::replay::{check, CheckOptions};
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
/// use asalto_asalto::export::{DocumentHead, write_json, write_json_streamed};
/// use asalto_asalto::replay::{check, CheckOptions, Ply};
///
/// let checked = check("Bc-Cc\nDd-Cd\n", CheckOptions::default());
/// let head = DocumentHead {
///     source: None,
///     stopped: None,
///     start: asalto_asalto::Position::start(),
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
        head: crate::json::HEAD,
        source: head.source,
        complete: head.stopped.is_none(),
        stopped: head.stopped,
        start: head.start.to_string(),
        final_position: head.end.to_string(),
        to_move: head.end.turn().name(),
        moves: PliesView(RefCell::new(Some(plies))),
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
    #[error(
        "version {0} is not one this asalto reads (it reads versions {OLDEST_READ} to {VERSION})"
    )]
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
            moves: game.plies.iter().map(PlyJson::from).collect(),
            outcome: game.outcome().map(OutcomeJson::from),
        }
    }

    /// The document of a checked record: its valid part, and where it
    /// stopped if it is invalid.
    pub fn of_checked(checked: &Checked, source: Option<&str>) -> GameDocument {
        GameDocument::new(&checked.game, source, stop_json(checked))
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
    /// use asalto_asalto::export::GameDocument;
    /// use asalto_asalto::replay::{check, CheckOptions};
    ///
    /// let checked = check("Bc-Cc\nDd-Cd\nCc-Ce\n", CheckOptions::default());
    /// let doc = GameDocument::of_checked(&checked, None);
    /// let json = serde_json::to_string(&doc).unwrap();
    /// let game = GameDocument::from_json(&json)?.to_game()?;
    /// assert_eq!(game, checked.game);
    /// # Ok::<(), asalto_asalto::export::ImportError>(())
    /// ```
    pub fn to_game(&self) -> Result<Game, ImportError> {
        let mut replay = DocReplay::start(
            &self.format,
            self.version,
            &self.game,
            &self.rules,
            &self.start,
        )?;
        let mut game = Game::new(replay.position());
        for doc in &self.moves {
            game.plies.push(replay.step(doc)?);
        }
        replay.finish(&self.final_position, &self.to_move, &self.outcome)?;
        Ok(game)
    }
}

/// A document's game replayed ply by ply, each ply checked against the
/// replay ([`GameDocument::to_game`]'s checks, in its order), holding only
/// the current position.
struct DocReplay {
    start: Position,
    replay: Replay<Asalto>,
    plies: usize,
}

impl DocReplay {
    /// Check the fields read before the plies (`format`, `version`, `game`,
    /// `rules`, `start`, in this order) and start the replay.
    fn start(
        format: &str,
        version: u32,
        game: &str,
        rules: &str,
        start: &str,
    ) -> Result<DocReplay, ImportError> {
        asalto_core::json::check_head(format, version, game, GAME)?;
        if Rules::from_name(rules).is_none() {
            return Err(ImportError::Rules(rules.to_string()));
        }
        let start: Position = start.parse().map_err(|error| ImportError::Position {
            field: "start".to_string(),
            error,
        })?;
        Ok(DocReplay {
            start,
            replay: Replay::<Asalto>::new(start),
            plies: 0,
        })
    }

    /// The position reached.
    fn position(&self) -> Position {
        *self.replay.position()
    }

    /// How the game reached ends, if it has.
    fn outcome(&self) -> Option<GameOutcome> {
        self.position().outcome().map(|outcome| GameOutcome {
            outcome,
            ply: self.plies,
        })
    }

    /// The summary of the document judged by this replay, whose `source`
    /// and `stopped` are given.
    fn summary(self, source: Option<String>, stopped: Option<StopJson>) -> DocumentSummary {
        DocumentSummary {
            start: self.start,
            end: self.position(),
            outcome: self.outcome(),
            plies: self.plies,
            source,
            stopped,
        }
    }

    /// Judge and play the next ply of the document, and check its fields.
    fn step(&mut self, doc: &PlyJson) -> Result<Ply, ImportError> {
        let number = self.plies + 1;
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
        let side = self.replay.position().turn();
        let replay = &mut self.replay;
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
        self.plies = number;
        let ply = Ply {
            number,
            side,
            mv,
            position: *self.replay.position(),
            line: doc.line.unwrap_or(0),
            extra: Recorded {
                completed: doc.completed,
            },
        };
        let expected = PlyJson::from(&ply);
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
        Ok(ply)
    }

    /// Check the fields about the end (`final`, `to_move`, `outcome`, in
    /// this order) against the position reached.
    fn finish(
        &self,
        final_position: &str,
        to_move: &str,
        outcome: &Option<OutcomeJson>,
    ) -> Result<(), ImportError> {
        let end = self.position();
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
        mismatch("position", final_position.to_string(), end.to_string())?;
        mismatch(
            "to_move",
            to_move.to_string(),
            end.turn().name().to_string(),
        )?;
        let outcome_text = |o: &Option<OutcomeJson>| match o {
            Some(o) => format!("{} ({}) at ply {}", o.winner, o.reason, o.ply),
            None => "null".to_string(),
        };
        let reached = self.outcome();
        mismatch(
            "outcome",
            outcome_text(outcome),
            outcome_text(&reached.map(OutcomeJson::from)),
        )
    }
}

/// Why a game document read as a stream ([`read_document`]) gives no game.
#[derive(Debug)]
pub enum DocumentError {
    /// The reader failed.
    Read(std::io::Error),
    /// What [`GameDocument::from_json`] or [`GameDocument::to_game`] would
    /// say of the whole text.
    Import(ImportError),
}

/// What a game document read as a stream ([`read_document`]) says besides
/// its plies: all that the head of a document written again needs
/// ([`DocumentHead`]), so that `export` can check a document in one reading
/// and write it in a second, never holding its plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentSummary {
    /// The start position.
    pub start: Position,
    /// The position after the last ply.
    pub end: Position,
    /// How the game ended, if it has.
    pub outcome: Option<GameOutcome>,
    /// The number of plies.
    pub plies: usize,
    /// The document's `source`.
    pub source: Option<String>,
    /// The document's `stopped`: where the replay of its source stopped.
    pub stopped: Option<StopJson>,
}

impl DocumentSummary {
    /// The head of the document written again from this one.
    pub fn head(&self) -> DocumentHead<'_> {
        DocumentHead {
            source: self.source.as_deref(),
            stopped: self.stopped.as_ref(),
            start: self.start,
            end: self.end,
            outcome: self.outcome,
        }
    }
}

/// Read a game document from `reader` as a stream, holding one ply at a
/// time (a document of a million plies is about 170 MB): each ply is
/// judged and checked as it is read and handed to `on_ply`; what the
/// document says besides its plies is returned. The answer is the one of
/// [`GameDocument::from_json`] then [`GameDocument::to_game`] on the whole
/// text (without a byte-order mark; the reader gives UTF-8 or the caller
/// says otherwise): the text is read to its end, so an error of JSON comes
/// before an illegal ply found earlier. `on_ply` sees the plies before the
/// first problem even when there is one: what it makes of them is only
/// good when the answer is `Ok`.
///
/// A document whose plies come before the fields they are judged by (not
/// the order `export` writes) has its plies held, as a whole document is.
///
/// # Errors
///
/// [`DocumentError::Read`] when the reader fails, else the first problem
/// of [`GameDocument::from_json`] and [`GameDocument::to_game`].
pub fn read_document(
    reader: impl std::io::Read,
    on_ply: &mut dyn FnMut(&Ply),
) -> Result<DocumentSummary, DocumentError> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_reader(reader);
    let read = DocumentSeed { on_ply }
        .deserialize(&mut de)
        .and_then(|read| de.end().map(|()| read));
    match read {
        Err(e) if e.is_io() => Err(DocumentError::Read(e.into())),
        Err(e) => Err(DocumentError::Import(ImportError::Json(e.to_string()))),
        Ok(read) => read.map_err(DocumentError::Import),
    }
}

/// The fields of a game document, as [`GameDocument`] names them.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum DocumentField {
    Format,
    Version,
    Game,
    Rules,
    Source,
    Complete,
    Stopped,
    Start,
    #[serde(rename = "position", alias = "final")]
    Final,
    ToMove,
    #[serde(rename = "moves", alias = "plies")]
    Plies,
    Outcome,
    #[serde(other)]
    Other,
}

/// [`GameDocument`]'s fields in their order (for the deserializer, as its
/// derived `Deserialize` gives them).
const DOCUMENT_FIELDS: &[&str] = &[
    "format", "version", "game", "rules", "source", "complete", "stopped", "start", "position",
    "to_move", "moves", "outcome",
];

/// Reads a game document as [`GameDocument`]'s derived `Deserialize` does
/// (the same JSON errors: types, duplicate and missing fields), judging
/// the plies as they come.
struct DocumentSeed<'a> {
    on_ply: &'a mut dyn FnMut(&Ply),
}

impl<'de> serde::de::DeserializeSeed<'de> for DocumentSeed<'_> {
    type Value = Result<DocumentSummary, ImportError>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_struct("GameDocument", DOCUMENT_FIELDS, self)
    }
}

/// The plies of a document: judged as they came, or held when they came
/// before the fields they are judged by.
enum ReadPlies {
    /// Judged as they came: the replay of them all, or the first problem
    /// (of the fields before the plies, or of a ply).
    Judged(Result<DocReplay, ImportError>),
    /// Held, to be judged at the end.
    Held(Vec<PlyJson>),
}

/// Reads the plies of a document one at a time, as `Vec<PlyJson>`'s
/// `Deserialize` reads them (the same JSON errors), judging each.
struct PliesSeed<'a> {
    replay: Result<DocReplay, ImportError>,
    on_ply: &'a mut dyn FnMut(&Ply),
}

impl<'de> serde::de::DeserializeSeed<'de> for PliesSeed<'_> {
    type Value = ReadPlies;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for PliesSeed<'_> {
    type Value = ReadPlies;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<S: serde::de::SeqAccess<'de>>(
        mut self,
        mut seq: S,
    ) -> Result<ReadPlies, S::Error> {
        while let Some(doc) = seq.next_element::<PlyJson>()? {
            // After a problem the plies are only read (JSON comes first).
            if let Ok(replay) = &mut self.replay {
                match replay.step(&doc) {
                    Ok(ply) => (self.on_ply)(&ply),
                    Err(problem) => self.replay = Err(problem),
                }
            }
        }
        Ok(ReadPlies::Judged(self.replay))
    }
}

impl<'de> serde::de::Visitor<'de> for DocumentSeed<'_> {
    type Value = Result<DocumentSummary, ImportError>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("struct GameDocument")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        use serde::de::{Error, IgnoredAny};
        let mut format: Option<String> = None;
        let mut version: Option<u32> = None;
        let mut game: Option<String> = None;
        let mut rules: Option<String> = None;
        let mut source: Option<Option<String>> = None;
        let mut complete: Option<bool> = None;
        let mut stopped: Option<Option<StopJson>> = None;
        let mut start: Option<String> = None;
        let mut final_position: Option<String> = None;
        let mut to_move: Option<String> = None;
        let mut plies: Option<ReadPlies> = None;
        let mut outcome: Option<Option<OutcomeJson>> = None;
        // One field: a duplicate is an error, as the derived reader says.
        fn once<'de, A: serde::de::MapAccess<'de>, T: Deserialize<'de>>(
            map: &mut A,
            slot: &mut Option<T>,
            name: &'static str,
        ) -> Result<(), A::Error> {
            if slot.is_some() {
                return Err(A::Error::duplicate_field(name));
            }
            *slot = Some(map.next_value()?);
            Ok(())
        }
        while let Some(key) = map.next_key::<DocumentField>()? {
            match key {
                DocumentField::Format => once(&mut map, &mut format, "format")?,
                DocumentField::Version => once(&mut map, &mut version, "version")?,
                DocumentField::Game => once(&mut map, &mut game, "game")?,
                DocumentField::Rules => once(&mut map, &mut rules, "rules")?,
                DocumentField::Source => once(&mut map, &mut source, "source")?,
                DocumentField::Complete => once(&mut map, &mut complete, "complete")?,
                DocumentField::Stopped => once(&mut map, &mut stopped, "stopped")?,
                DocumentField::Start => once(&mut map, &mut start, "start")?,
                DocumentField::Final => once(&mut map, &mut final_position, "position")?,
                DocumentField::ToMove => once(&mut map, &mut to_move, "to_move")?,
                DocumentField::Outcome => once(&mut map, &mut outcome, "outcome")?,
                DocumentField::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
                DocumentField::Plies => {
                    if plies.is_some() {
                        return Err(A::Error::duplicate_field("moves"));
                    }
                    // A document without `game` is Asalto's; one that
                    // names another game later is judged again at the end.
                    let header = match (&format, version, &rules, &start) {
                        (Some(format), Some(version), Some(rules), Some(start)) => {
                            Some(DocReplay::start(
                                format,
                                version,
                                game.as_deref().unwrap_or(GAME),
                                rules,
                                start,
                            ))
                        }
                        _ => None,
                    };
                    plies = Some(match header {
                        Some(replay) => map.next_value_seed(PliesSeed {
                            replay,
                            on_ply: &mut *self.on_ply,
                        })?,
                        None => ReadPlies::Held(map.next_value()?),
                    });
                }
            }
        }
        let format = format.ok_or_else(|| A::Error::missing_field("format"))?;
        let version = version.ok_or_else(|| A::Error::missing_field("version"))?;
        let game = game.unwrap_or_else(|| GAME.to_string());
        let rules = rules.ok_or_else(|| A::Error::missing_field("rules"))?;
        let start = start.ok_or_else(|| A::Error::missing_field("start"))?;
        let final_position = final_position.ok_or_else(|| A::Error::missing_field("position"))?;
        let to_move = to_move.ok_or_else(|| A::Error::missing_field("to_move"))?;
        let plies = plies.ok_or_else(|| A::Error::missing_field("moves"))?;
        let outcome = outcome.unwrap_or(None);
        // `complete` is read (its type checked) but says nothing `stopped`
        // does not: a document is written again from `stopped`.
        let _ = complete;
        Ok(judge(
            [&format, &game, &rules, &start],
            version,
            plies,
            [&final_position, &to_move],
            &outcome,
            self.on_ply,
        )
        .map(|judged| judged.summary(source.flatten(), stopped.flatten())))
    }

    /// A document written as an array of its fields in order, as the
    /// derived `Deserialize` reads one.
    fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        use serde::de::Error;
        const EXPECTED: &str = "struct GameDocument with 12 elements";
        fn next<'de, S: serde::de::SeqAccess<'de>, T: Deserialize<'de>>(
            seq: &mut S,
            i: usize,
        ) -> Result<T, S::Error> {
            seq.next_element()?
                .ok_or_else(|| S::Error::invalid_length(i, &EXPECTED))
        }
        let format: String = next(&mut seq, 0)?;
        let version: u32 = next(&mut seq, 1)?;
        let game: String = seq.next_element()?.unwrap_or_else(|| GAME.to_string());
        let rules: String = next(&mut seq, 3)?;
        let source: Option<String> = seq.next_element()?.unwrap_or_default();
        let _complete: bool = seq.next_element()?.unwrap_or(true);
        let stopped: Option<StopJson> = seq.next_element()?.unwrap_or_default();
        let start: String = next(&mut seq, 7)?;
        let final_position: String = next(&mut seq, 8)?;
        let to_move: String = next(&mut seq, 9)?;
        let on_ply = self.on_ply;
        let replay = DocReplay::start(&format, version, &game, &rules, &start);
        let plies = seq
            .next_element_seed(PliesSeed {
                replay,
                on_ply: &mut *on_ply,
            })?
            .ok_or_else(|| S::Error::invalid_length(10, &EXPECTED))?;
        let outcome: Option<OutcomeJson> = next(&mut seq, 11)?;
        Ok(judge(
            [&format, &game, &rules, &start],
            version,
            plies,
            [&final_position, &to_move],
            &outcome,
            on_ply,
        )
        .map(|judged| judged.summary(source, stopped)))
    }
}

/// A document read, judged as `to_game` judges the whole document: the
/// fields before the plies first (`game` may have come after them), then
/// the plies (judged as they came, or held), then the end.
fn judge(
    [format, game, rules, start]: [&str; 4],
    version: u32,
    plies: ReadPlies,
    [final_position, to_move]: [&str; 2],
    outcome: &Option<OutcomeJson>,
    on_ply: &mut dyn FnMut(&Ply),
) -> Result<DocReplay, ImportError> {
    let fresh = DocReplay::start(format, version, game, rules, start)?;
    let replay = match plies {
        ReadPlies::Judged(judged) => judged?,
        ReadPlies::Held(held) => {
            let mut replay = fresh;
            for doc in &held {
                let ply = replay.step(doc)?;
                on_ply(&ply);
            }
            replay
        }
    };
    replay.finish(final_position, to_move, outcome)?;
    Ok(replay)
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

    /// A version 1 document (its moves `plies`, its last position
    /// `final`) reads as the same game, whole and as a stream.
    #[test]
    fn a_version_1_document_reads() {
        let text = serde_json::to_string(&doc())
            .unwrap()
            .replacen("\"version\":2", "\"version\":1", 1)
            .replacen("\"position\":", "\"final\":", 1)
            .replacen("\"moves\":", "\"plies\":", 1);
        let back = GameDocument::from_json(&text).unwrap();
        assert_eq!(back.moves, doc().moves);
        assert!(back.to_game().is_ok());
        assert_eq!(streamed(&text).unwrap().0.plies, 7);
    }

    /// The slow reference for [`read_document`]: the whole text read by
    /// `from_json`, then `to_game`.
    fn whole(text: &str) -> Result<(DocumentSummary, Vec<crate::Move>), String> {
        let doc = GameDocument::from_json(text).map_err(|e| e.to_string())?;
        let game = doc.to_game().map_err(|e| e.to_string())?;
        let summary = DocumentSummary {
            start: game.start,
            end: game.position(),
            outcome: game.outcome(),
            plies: game.plies.len(),
            source: doc.source,
            stopped: doc.stopped,
        };
        Ok((summary, game.moves().copied().collect()))
    }

    /// [`read_document`] on `text`: the start and the moves handed out
    /// (only good when it is `Ok`), or the problem.
    fn streamed(text: &str) -> Result<(DocumentSummary, Vec<crate::Move>), String> {
        let mut moves = Vec::new();
        let read = read_document(text.as_bytes(), &mut |ply| moves.push(ply.mv));
        match read {
            Ok(read) => Ok((read, moves)),
            Err(DocumentError::Import(e)) => Err(e.to_string()),
            Err(DocumentError::Read(e)) => Err(format!("read: {e}")),
        }
    }

    /// A JSON error's position: where serde_json counts from (a whole text
    /// or a reader) moves some columns by one.
    fn without_position(answer: Result<(DocumentSummary, Vec<crate::Move>), String>) -> String {
        match answer {
            Ok(game) => format!("{game:?}"),
            Err(e) => e.split(" at line ").next().unwrap_or_default().to_string(),
        }
    }

    /// Where the value of the top-level field `key` of `text` (written in
    /// the struct's order) is: its start and end.
    fn value_at(text: &str, key: &str) -> (usize, usize) {
        let start = text.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
        let mut values =
            serde_json::Deserializer::from_str(&text[start..]).into_iter::<serde_json::Value>();
        values.next().unwrap().unwrap();
        (start, start + values.byte_offset())
    }

    /// `text` with the field `key` (not the last) left out.
    fn without(text: &str, key: &str) -> String {
        let (_, end) = value_at(text, key);
        let from = text.find(&format!("\"{key}\":")).unwrap();
        format!("{}{}", &text[..from], &text[end + 1..])
    }

    /// `text` with the value of the field `key` replaced.
    fn with(text: &str, key: &str, value: &str) -> String {
        let (start, end) = value_at(text, key);
        format!("{}{value}{}", &text[..start], &text[end..])
    }

    #[test]
    fn a_document_read_as_a_stream_is_read_as_whole() {
        // Written in the struct's order, as `export` writes: the plies
        // come after the fields they are judged by, and are judged as
        // they are read.
        let edits: Vec<fn(&mut GameDocument)> = vec![
            |_| {},
            // What the summary carries over from the document.
            |d| d.source = None,
            |d| {
                d.complete = false;
                d.stopped = Some(StopJson {
                    line: Some(8),
                    ply: Some(8),
                    code: "occupied".into(),
                    message: "Dd is occupied".into(),
                });
            },
            |d| d.moves[3].position = "x".into(),
            |d| d.moves[2].path = vec!["Cc".into(), "Cd".into()],
            |d| d.moves[1].ply = 7,
            |d| d.moves[6].captured.clear(),
            |d| d.version = 3,
            |d| d.format = "other".into(),
            |d| d.game = "go".into(),
            |d| d.rules = "other".into(),
            |d| d.start = "x".into(),
            |d| d.final_position = "x".into(),
            |d| d.to_move = "officers".into(),
            |d| {
                d.outcome = d.moves.first().map(|_| OutcomeJson {
                    winner: "rebels",
                    reason: "castle-occupied",
                    ply: 3,
                })
            },
            |d| {
                d.start = d.moves[0].position.clone();
                d.final_position = d.start.clone();
                d.to_move = "rebels".into();
                d.moves.clear();
            },
        ];
        let mut texts: Vec<String> = Vec::new();
        for edit in edits {
            let mut d = doc();
            edit(&mut d);
            let text = serde_json::to_string(&d).unwrap();
            // Also with a ply that is not a ply: JSON comes first.
            let broken = with(
                &text,
                "moves",
                &text[value_at(&text, "moves").0..].replacen("\"line\":6", "\"line\":\"x\"", 1),
            );
            texts.push(text);
            texts.push(broken);
        }
        let text = serde_json::to_string(&doc()).unwrap();
        // The plies before the fields they are judged by: held.
        let (from, to) = value_at(&text, "moves");
        let plies = &text[from..to];
        texts.push(format!(
            "{{\"moves\":{plies},{}",
            &without(&text, "moves")[1..]
        ));
        // `game` after the plies: another game's, or Asalto's.
        for game in ["go", "asalto"] {
            let rest = without(&text, "game");
            texts.push(format!("{},\"game\":\"{game}\"}}", &rest[..rest.len() - 1]));
        }
        // Fields missing, of the wrong type, twice; the shape.
        for key in [
            "game", "source", "start", "position", "to_move", "moves", "format",
        ] {
            texts.push(without(&text, key));
        }
        let object = &text[1..text.len() - 1];
        texts.extend([
            with(&text, "moves", "5"),
            with(&text, "version", "\"1\""),
            with(&text, "outcome", "[]"),
            format!("{{{object},\"version\":1}}"),
            format!("{{{object},\"moves\":[]}}"),
            format!("{{{object},\"extra\":[1,{{\"a\":[2]}}]}}"),
            format!("{text} x"),
            format!("{text}\n\n"),
            text[..text.len() / 2].to_string(),
            format!("{}@{}", &text[..text.len() / 2], &text[text.len() / 2..]),
            "{}".to_string(),
            "[]".to_string(),
            "[\"asalto-game\", 1]".to_string(),
            String::new(),
        ]);
        for text in &texts {
            let whole = whole(text);
            let streamed = streamed(text);
            if whole.is_ok() {
                assert_eq!(streamed, whole, "{text}");
            }
            assert_eq!(
                without_position(streamed),
                without_position(whole),
                "{text}"
            );
        }
        // Every kind of answer was met.
        let answers: Vec<String> = texts.iter().map(|t| without_position(whole(t))).collect();
        for kind in [
            "not a game document: invalid type",
            "not a game document: missing field",
            "not a game document: duplicate field",
            "not a game document: trailing",
            "ply 4",
            "ply 7",
            "version 3",
            "a document of `go`",
            "`position`",
            "`outcome`",
            "`start`",
            "(",
        ] {
            assert!(
                answers.iter().any(|a| a.starts_with(kind)),
                "{kind}: {answers:#?}"
            );
        }
    }

    #[test]
    fn tampering_is_caught() {
        let mut d = doc();
        d.moves[6].captured.pop();
        let err = d.to_game().unwrap_err();
        assert!(matches!(err, ImportError::Ply { ply: 7, .. }), "{err}");

        let mut d = doc();
        d.moves[2].path = vec!["Cc".into(), "Cd".into()];
        let err = d.to_game().unwrap_err().to_string();
        assert!(err.contains("[occupied]"), "{err}");

        let mut d = doc();
        d.version = 3;
        assert_eq!(d.to_game().unwrap_err(), ImportError::Version(3));

        // A path longer than any move is judged by the rules all the same.
        let mut d = doc();
        d.moves[0].path = ["Bc", "Cc"]
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
            ImportError::Mismatch {
                field: "position",
                ..
            }
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
