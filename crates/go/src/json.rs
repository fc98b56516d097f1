//! JSON documents: a checked game as an `asalto-game` envelope
//! (`format`, `version`, `game: "go"`, `rules`, then [`GameBody`]), and a
//! check report listing the problems with lines and columns, under the
//! same [`head`] (core's), made the check's (`asalto-check`): the names
//! every game shares (`docs/json.md`).

use asalto_core::json::{Head, Kind};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

use crate::export::{self, PlyData};
use crate::position::Position;
use crate::replay::{CheckOptions, Checked, Game, Moves, Tally, replay_first};

/// The game's name in every document.
pub const GAME: &str = <crate::Go as asalto_core::Game>::NAME;

/// The head of a game document or of a report about a record judged
/// under `profile`.
pub const fn head(profile: crate::Profile) -> Head {
    Head::game(GAME, profile.name())
}

/// A game document (`P`: how its plies are held, see [`stream`]).
pub type GameJson<P = Vec<PlyJson>> = asalto_core::json::Envelope<GameBody<P>>;

/// The plies of a game, made one at a time as they are serialized (the
/// line replayed once): a document of millions of moves, each with its
/// board, is written in the memory of one ply.
#[derive(Debug, Clone, Copy)]
pub struct StreamedPlies<'a>(&'a Game);

impl Serialize for StreamedPlies<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = self.0;
        let mut seq = serializer.serialize_seq(Some(game.plies.len()))?;
        let mut failed = None;
        game.for_each_position(|i, position| {
            if failed.is_none()
                && let Err(e) =
                    seq.serialize_element(&PlyJson::from(export::ply_data(game, i, position)))
            {
                failed = Some(e);
            }
        });
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

/// The document of `g`, its plies made as it is written (the same text as
/// [`GameJson::from`]'s): for `serde_json::to_writer`.
pub fn stream(g: &Game) -> GameJson<StreamedPlies<'_>> {
    document(g, &g.position_after(0), &g.position(), StreamedPlies(g))
}

/// The plies of the first game of a check that kept none, replayed again
/// one at a time as they are serialized.
#[derive(Debug, Clone, Copy)]
pub struct ReplayedPlies<'a> {
    checked: &'a Checked<'a, Tally>,
    options: &'a CheckOptions,
}

impl Serialize for ReplayedPlies<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(game) = self.checked.games.first() else {
            return serializer.serialize_seq(Some(0))?.end();
        };
        let mut seq = serializer.serialize_seq(Some(game.moves()))?;
        let mut failed = None;
        replay_first(self.checked, self.options, |ply, captured, after| {
            if failed.is_none() {
                let data = export::ply_data_of(ply, captured, game.size, after);
                if let Err(e) = seq.serialize_element(&PlyJson::from(data)) {
                    failed = Some(e);
                }
            }
        });
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

/// [`stream`] of the first game of `checked`, which keeps no ply: they
/// are replayed again as they are written. `start` and `end` are the
/// positions after 0 moves and at the end, kept by its [`Tally`]
/// (`Tally::keeping(&[0, Tally::END])`); `options` those `checked` was
/// made with. `None` when the file holds no game.
pub fn stream_replayed<'a>(
    checked: &'a Checked<'a, Tally>,
    options: &'a CheckOptions,
    start: &Position,
    end: &Position,
) -> Option<GameJson<ReplayedPlies<'a>>> {
    let game = checked.games.first()?;
    Some(document(
        game,
        start,
        end,
        ReplayedPlies { checked, options },
    ))
}

/// One move: an element of a game document's `moves`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PlyJson {
    /// The move number, 1-based.
    pub ply: u32,
    /// `black` or `white`.
    pub side: &'static str,
    /// The move as the toolkit writes it: a GTP vertex (`D4`) or `pass`.
    pub notation: String,
    /// SGF letters, or null for a pass.
    pub point: Option<String>,
    /// Captured points, SGF letters.
    pub captured: Vec<String>,
    /// The board after the move: rows from the top, `.` `b` `w`.
    pub position: String,
    /// The reason code when the move is illegal.
    pub illegal: Option<&'static str>,
}

impl From<PlyData> for PlyJson {
    fn from(p: PlyData) -> PlyJson {
        PlyJson {
            ply: p.number,
            side: p.side,
            notation: p.gtp,
            point: p.sgf,
            captured: p.captured,
            position: p.position,
            illegal: p.illegal,
        }
    }
}

/// The area score of the final position: a game document's, a check's,
/// `show`'s (of the position shown) and a `selfplay` line's `score`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ScoreJson {
    /// Black's stones and owned empty points.
    pub black: u32,
    /// White's.
    pub white: u32,
    /// The komi the profile counts.
    pub komi: f64,
    /// `B+3.5`, `W+0.5` or `0`.
    pub result: String,
}

/// A number for each colour: `{"black": 3, "white": 0}`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SidesJson {
    /// Black's.
    pub black: u32,
    /// White's.
    pub white: u32,
}

impl From<crate::BySide<u32>> for SidesJson {
    fn from(v: crate::BySide<u32>) -> SidesJson {
        SidesJson {
            black: v.black,
            white: v.white,
        }
    }
}

/// A count of the final position with its dead stones judged: the count
/// a counted `RE` is verified against (check's `count`).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CountJson {
    /// `area` or `territory`.
    pub counting: &'static str,
    /// Black's points under `counting`.
    pub black: u32,
    /// White's.
    pub white: u32,
    /// The komi counted, with the profile's handicap compensation.
    pub komi: f64,
    /// `B+3.5`, `W+0.5` or `0`.
    pub result: String,
    /// Stones judged dead, of each colour.
    pub dead_stones: SidesJson,
    /// Points the count may be from `RE` and agree
    /// ([`crate::result::TOLERANCE`]).
    pub tolerance: f64,
    /// Whether `RE` agrees with the count: the same winner, margins at
    /// most `tolerance` apart (false is the warning `result-mismatch`).
    pub agrees: bool,
}

impl CountJson {
    /// The count `RE` of `game` was verified against (`None` when `RE`
    /// is no count a count under the komi can give).
    pub fn of<P>(game: &Game<P>) -> Option<CountJson> {
        let counted = game.counted()?;
        let re = crate::result::GameResult::parse(game.info.result.as_deref()?);
        Some(CountJson {
            counting: counted.counting.name(),
            black: counted.points.black,
            white: counted.points.white,
            komi: counted.komi,
            result: counted.to_result(),
            dead_stones: counted.dead_stones.into(),
            tolerance: crate::result::TOLERANCE,
            agrees: re.agrees_with(counted.margin()) == Some(true),
        })
    }
}

/// A count of the final position of a game whose `RE` is no count, dead
/// stones judged: an estimate, compared with nothing (check's
/// `estimated_count`).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct EstimateJson {
    /// `area` or `territory`.
    pub counting: &'static str,
    /// Black's points under `counting`.
    pub black: u32,
    /// White's.
    pub white: u32,
    /// The komi counted, with the profile's handicap compensation.
    pub komi: f64,
    /// `B+3.5`, `W+0.5` or `0`.
    pub result: String,
    /// Stones judged dead, of each colour.
    pub dead_stones: SidesJson,
}

impl EstimateJson {
    /// The estimate of `game`'s end ([`Game::estimated`]).
    pub fn of<P>(game: &Game<P>) -> Option<EstimateJson> {
        let counted = game.estimated()?;
        Some(EstimateJson {
            counting: counted.counting.name(),
            black: counted.points.black,
            white: counted.points.white,
            komi: counted.komi,
            result: counted.to_result(),
            dead_stones: counted.dead_stones.into(),
        })
    }
}

/// The fields of a game document after its head.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct GameBody<P = Vec<PlyJson>> {
    /// Points a side.
    pub size: u8,
    /// `KM` as written (see `score.komi` for the komi counted).
    pub komi: f64,
    /// `HA`.
    pub handicap: u32,
    /// `RE`.
    pub result: Option<String>,
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// The board before the first move.
    pub start: String,
    /// The moves.
    pub moves: P,
    /// The board after the last move.
    pub position: String,
    /// The area score of that board.
    pub score: ScoreJson,
}

impl From<&Game> for GameJson {
    fn from(g: &Game) -> GameJson {
        let plies = export::plies_data(g)
            .into_iter()
            .map(PlyJson::from)
            .collect();
        document(g, &g.position_after(0), &g.position(), plies)
    }
}

/// A game's document around its plies, from the positions after 0 moves
/// and at the end.
fn document<P, Q>(g: &Game<Q>, start: &Position, end: &Position, plies: P) -> GameJson<P> {
    let score = g.score();
    let komi = g.komi_counted();
    GameJson::headed(
        head(g.profile),
        GameBody {
            size: g.size.get(),
            komi: g.info.komi,
            handicap: g.info.handicap,
            result: g.info.result.clone(),
            black: g.info.players.black.clone(),
            white: g.info.players.white.clone(),
            start: start.board().grid_string(),
            moves: plies,
            position: end.board().grid_string(),
            score: ScoreJson::new(score, komi),
        },
    )
}

impl ScoreJson {
    /// The score `score` with `komi` counted.
    pub fn new(score: crate::AreaScore, komi: f64) -> ScoreJson {
        ScoreJson {
            black: score.black,
            white: score.white,
            komi,
            result: crate::problem::margin_text(score.margin(komi)),
        }
    }
}

/// A record's `RE`, read: who won and how, and whether it was compared
/// with the count of the final board.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ResultJson {
    /// `RE` as written.
    pub written: String,
    /// `black`, `white`, or null (a draw, no result, unknown).
    pub winner: Option<&'static str>,
    /// `count`, `resignation`, `time`, `forfeit`, `draw`, `void` or
    /// `unknown`.
    pub by: &'static str,
    /// The margin of a count, in points.
    pub margin: Option<f64>,
    /// The result in words: `black won by resignation`.
    pub text: String,
    /// Whether `RE` was compared with the count of the final board (a
    /// difference is the warning `result-mismatch`): only a count is,
    /// and only one a count under the komi counted can give.
    pub compared: bool,
}

impl ResultJson {
    /// The `RE` of `game`, read (`None` without).
    pub fn of<P>(game: &Game<P>) -> Option<ResultJson> {
        let written = game.info.result.as_deref()?;
        let result = crate::result::GameResult::parse(written);
        Some(ResultJson {
            written: written.to_string(),
            winner: result.winner.map(crate::Side::name),
            by: result.kind.name(),
            margin: match result.kind {
                crate::result::ResultKind::Count(m) => Some(m),
                _ => None,
            },
            text: result.describe(),
            compared: result.exact_with(game.komi_counted()),
        })
    }
}

/// A check report: the file's verdict and every problem.
pub type CheckJson = asalto_core::json::Envelope<CheckBody>;

/// The fields of a check report after its head.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CheckBody {
    /// No error.
    pub valid: bool,
    /// The charset the file was read in.
    pub charset: &'static str,
    /// Games (lines) replayed.
    pub games: usize,
    /// Moves replayed, in every game.
    pub plies: usize,
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// The area score at the end of the game, when the file holds one
    /// game (null for several).
    pub score: Option<ScoreJson>,
    /// Whether `score` is only the toolkit's estimate, not the game's
    /// result: true unless the record's `RE` claims a count (a game won by
    /// resignation, on time or by forfeit ends on a board nobody
    /// counted; a record without `RE` claims nothing).
    pub estimate: bool,
    /// The first game's `RE`, read (null without `RE`).
    pub result: Option<ResultJson>,
    /// The count of the first game's final position, dead stones
    /// judged, that its counted `RE` was verified against (null when `RE`
    /// is no count: `compared` false).
    pub count: Option<CountJson>,
    /// The same count of the first game's final position (its profile's
    /// counting, komi and handicap compensation, dead stones judged) when
    /// its `RE` is written and is no count (a resignation, time, forfeit,
    /// draw, void, unknown): an estimate of the game's end, which nobody
    /// counted (null otherwise).
    pub estimated_count: Option<EstimateJson>,
    /// Where the profile (`rules`) came from: `option` (`--rules`),
    /// `file` (the first game's `RU`) or `default`.
    pub rules_from: &'static str,
    /// The first game's `RU` as written (null without).
    pub ru: Option<String>,
    /// The problems, the file's first: the first
    /// [`PROBLEMS_KEPT`](asalto_core::capped::PROBLEMS_KEPT) (1000) whole.
    pub problems: Vec<asalto_core::json::DiagnosticJson>,
    /// How many problems past those are counted, not listed (0 for most
    /// files).
    pub problems_omitted: usize,
    /// Those problems, by severity and code (empty for most files).
    pub omitted: Vec<OmittedJson>,
}

/// Problems of one severity and code counted, not listed, in a check
/// report.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct OmittedJson {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// Their reason code.
    pub code: &'static str,
    /// How many.
    pub count: usize,
    /// The line of the last one.
    pub last_line: usize,
}

impl<P: Moves> From<&Checked<'_, P>> for CheckJson {
    fn from(c: &Checked<'_, P>) -> CheckJson {
        let index = asalto_core::LineIndex::new(&c.source);
        let profile = c.rules.profile;
        let errors = c.count(asalto_core::Severity::Error);
        let listed = c.listed();
        CheckJson::headed(
            head(profile).kind(Kind::Check),
            CheckBody {
                valid: c.is_valid(),
                charset: c.charset,
                games: c.games.len(),
                plies: c.games.iter().map(Game::moves).sum(),
                errors,
                warnings: c.count(asalto_core::Severity::Warning),
                score: match c.games.as_slice() {
                    [game] => Some(ScoreJson::new(game.score(), game.komi_counted())),
                    _ => None,
                },
                estimate: c.games.first().is_none_or(|g| {
                    let re = g
                        .info
                        .result
                        .as_deref()
                        .map(crate::result::GameResult::parse);
                    re.and_then(|r| r.counted_margin()).is_none()
                }),
                result: c.games.first().and_then(ResultJson::of),
                count: c.games.first().and_then(CountJson::of),
                estimated_count: c.games.first().and_then(EstimateJson::of),
                rules_from: c.rules.from.name(),
                ru: c.rules.ru.clone(),
                problems: listed
                    .shown
                    .iter()
                    .map(|p| asalto_core::json::DiagnosticJson::indexed(*p, &index))
                    .collect(),
                problems_omitted: listed.omitted_count(),
                omitted: listed
                    .omitted
                    .omitted()
                    .iter()
                    .map(|o| OmittedJson {
                        severity: o.severity.name(),
                        code: o.code,
                        count: o.count,
                        last_line: index.line_column(o.last.start).0,
                    })
                    .collect(),
            },
        )
    }
}

/// The first error of a checked file, as every game's documents name it
/// (`stopped`): for Go, where the record stops being valid (the position
/// shown may go on past it, as SGF asks).
pub fn stop_json<P>(checked: &Checked<'_, P>) -> Option<asalto_core::json::StopJson> {
    checked
        .all_problems()
        .find(|p| p.severity == asalto_core::Severity::Error)
        .map(|p| asalto_core::json::StopJson {
            line: Some(checked.line_col(p.span).0),
            ply: p.ply,
            code: p.kind.code().to_string(),
            // As `check` says it: `move 23 (black): illegal move at df: ...`.
            message: asalto_core::headline(
                p.ply,
                asalto_core::ProblemKind::side(&p.kind),
                &p.kind.message(),
            ),
        })
}
