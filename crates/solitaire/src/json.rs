//! JSON-ready reports (serde `Serialize`), for the toolkit's JSON envelope.
//! Every report names its game (`"game": "solitaire"`) and rule profile
//! (`"rules": "codegolf"`) through core's heads: [`head`] for the record
//! document (`asalto-game`), made the report's with `head(profile).kind(..)`
//! for `check`, `show`, `diff`, `solve` and `generate`. The names are those
//! every game shares (`docs/json.md`): a capture is a move (`moves`,
//! `plies`), a problem has the fields of every game's problems. Field
//! names are a contract: they are only ever added within a version.

pub use asalto_core::json::StopJson;
use asalto_core::json::{Head, Kind, SpanJson};
use serde::Serialize;

use crate::check::Checked;
use crate::difficulty::{self, Difficulty};
use crate::format::{Note, Reading, long_algebraic};
use crate::{
    Capture, GAME, Interrupted, Piece, Position, Problem, Profile, Reason, Solver, Square,
};

/// The head of a record document (`export --to json`, an `asalto-game`
/// like every game's: a puzzle is the start, the captures its moves) under
/// `profile`; `.kind(..)` makes it the head of another document.
pub const fn head(profile: Profile) -> Head {
    Head::game(GAME, profile.name())
}

/// One capture, with everything a reader may want: a move of the
/// shared schema (`ply`, `notation`, `position`) and Solitaire's own
/// fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaptureJson {
    /// The capture number, 1-based.
    pub ply: usize,
    /// Start square (`"b1"`).
    pub from: Square,
    /// Target square.
    pub to: Square,
    /// The challenge's coordinates `[[x, y], [x, y]]`.
    pub xy: [[i32; 2]; 2],
    /// The capturing piece (`"N"`).
    pub piece: Piece,
    /// The captured piece.
    pub captured: Piece,
    /// Long algebraic: `"Nb1xc3"`.
    pub notation: String,
    /// The board after it, as a 16-character string.
    pub position: Position,
}

/// The captures of `solution` from `start`, numbered from 1 (stops at the
/// first one that has no piece on either square, which a legal sequence
/// never does).
pub fn captures_json(start: &Position, solution: &[Capture]) -> Vec<CaptureJson> {
    captures_json_from(start, solution, 1)
}

/// [`captures_json`], the first capture numbered `first` (a capture shown
/// on its own, from the board before it).
pub fn captures_json_from(
    start: &Position,
    solution: &[Capture],
    first: usize,
) -> Vec<CaptureJson> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(solution.len());
    for &c in solution {
        let (Some(piece), Some(captured)) = (pos.piece_at(c.from), pos.piece_at(c.to)) else {
            break;
        };
        pos = pos.play_unchecked(c);
        out.push(CaptureJson {
            ply: first + out.len(),
            from: c.from,
            to: c.to,
            xy: c.xy(),
            piece,
            captured,
            notation: long_algebraic(piece, c),
            position: pos,
        });
    }
    out
}

/// What `solve` reports about one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    /// `format` (`asalto-solve`), `version`, `game` (`"solitaire"`) and
    /// `rules` (the profile).
    #[serde(flatten)]
    pub head: Head,
    /// The puzzle.
    pub puzzle: Position,
    /// Its pieces.
    pub pieces: usize,
    /// The number of solutions.
    pub solutions: u128,
    /// The first solution in canonical order, if any.
    pub solution: Option<Vec<CaptureJson>>,
    /// Every solution (up to the limit asked for), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<Vec<Vec<CaptureJson>>>,
    /// How hard it is, when it has a solution (and no more than
    /// [`difficulty::MEASURE_LIMIT`] positions).
    pub difficulty: Option<Difficulty>,
}

/// Solve `puzzle` for a report; `all`: list up to that many solutions.
/// The count and the first solution respect the solver's node limit
/// ([`Solver::with_node_limit`]); the difficulty is left out when it would
/// take more than [`difficulty::MEASURE_LIMIT`] positions.
///
/// # Errors
///
/// [`Interrupted`] when the solver's node limit is reached.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{json, Position, Profile, Solver};
///
/// let pos: Position = "...N.....R....B.".parse()?;
/// let report = json::solve_report(&pos, &mut Solver::new(Profile::Codegolf), None)?;
/// let value = serde_json::to_value(&report)?;
/// assert_eq!(value["game"], "solitaire");
/// assert_eq!(value["format"], "asalto-solve");
/// assert_eq!(value["rules"], "codegolf");
/// assert_eq!(value["solutions"], 1);
/// assert_eq!(value["solution"][0]["notation"], "Bc1xb2");
/// assert_eq!(value["solution"][0]["xy"], serde_json::json!([[2, 0], [1, 1]]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_report(
    puzzle: &Position,
    solver: &mut Solver,
    all: Option<usize>,
) -> Result<SolveReport, Interrupted> {
    let solutions = solver.try_count(puzzle)?;
    let solution = solver.try_solve(puzzle)?.map(|s| captures_json(puzzle, &s));
    let all = all.map(|limit| {
        solver
            .solutions(puzzle, limit)
            .iter()
            .map(|s| captures_json(puzzle, s))
            .collect()
    });
    Ok(SolveReport {
        head: head(solver.profile()).kind(Kind::Solve),
        puzzle: *puzzle,
        pieces: puzzle.len(),
        solutions,
        solution,
        all,
        difficulty: difficulty::measure(puzzle, solver).ok().flatten(),
    })
}

/// A problem, in words and places: the fields every game's problems have
/// (core's `DiagnosticJson`), with `line`, `column` and `span` null for a
/// problem that is not about the text, `side` always null (one player)
/// and `legal_moves` null.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemJson {
    /// `error` or `warning` (a note: something accepted).
    pub severity: &'static str,
    /// The stable reason code.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// A label for the place.
    pub label: String,
    /// How to put it right.
    pub help: Option<String>,
    /// 1-based line, if the problem is about text.
    pub line: Option<usize>,
    /// 1-based column.
    pub column: Option<usize>,
    /// Byte span in the source.
    pub span: Option<SpanJson>,
    /// The capture number it is about.
    pub ply: Option<usize>,
    /// Always null: a puzzle has one player.
    pub side: Option<&'static str>,
    /// The board before that capture (or at the end, for `pieces-left`).
    pub position_before: Option<Position>,
    /// Always null (`show` lists the captures possible).
    pub legal_moves: Option<Vec<String>>,
}

fn span_json(s: crate::span::Span) -> SpanJson {
    SpanJson {
        offset: s.start,
        length: s.end - s.start,
    }
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        let code: Reason = p.reason();
        ProblemJson {
            severity: "error",
            code: code.code(),
            message: p.message(),
            label: p.label(),
            help: p.help(),
            line: p.span.map(|s| s.line),
            column: p.span.map(|s| s.column),
            span: p.span.map(span_json),
            ply: p.ply,
            side: None,
            position_before: p.before,
            legal_moves: None,
        }
    }
}

impl From<&Note> for ProblemJson {
    fn from(n: &Note) -> ProblemJson {
        ProblemJson {
            severity: "warning",
            code: n.kind.code(),
            message: n.message(),
            label: n.message(),
            help: None,
            line: Some(n.span.line),
            column: Some(n.span.column),
            span: Some(span_json(n.span)),
            ply: None,
            side: None,
            position_before: None,
            legal_moves: None,
        }
    }
}

/// The problem `p` as a document's `stopped`.
pub fn stop_json(p: &Problem) -> StopJson {
    StopJson {
        line: p.span.map(|s| s.line),
        ply: p.ply,
        code: p.reason().code().to_string(),
        message: p.message(),
    }
}

/// What `check` reports about an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// `format` (`asalto-check`), `version`, `game` (`"solitaire"`) and
    /// `rules` (the profile it was judged under).
    #[serde(flatten)]
    pub head: Head,
    /// The puzzle.
    pub puzzle: Position,
    /// `solved`, `no-solution` or `wrong`.
    pub verdict: crate::Verdict,
    /// Whether the answer is right.
    pub valid: bool,
    /// The number of legal captures, up to the problem.
    pub plies: usize,
    /// The legal captures, up to the problem.
    pub moves: Vec<CaptureJson>,
    /// Errors: 1 for a wrong answer, else 0.
    pub errors: usize,
    /// Warnings (notes: what was accepted).
    pub warnings: usize,
    /// The notes and the first thing wrong, in source order.
    pub problems: Vec<ProblemJson>,
    /// How the numbers of captures written in coordinates were read
    /// ([`Reading::name`]: `x-y-bottom-0` is the challenge's), `null` when
    /// the answer has none.
    pub coordinates: Option<Reading>,
}

/// The notes of a record and its problem, in source order (a problem that
/// is not about the text last).
pub fn problems_json(notes: &[Note], problem: Option<&Problem>) -> Vec<ProblemJson> {
    let mut all: Vec<ProblemJson> = notes.iter().map(ProblemJson::from).collect();
    all.extend(problem.map(ProblemJson::from));
    all.sort_by_key(|p| (p.line.unwrap_or(usize::MAX), p.column));
    all
}

impl From<&Checked> for CheckReport {
    fn from(c: &Checked) -> CheckReport {
        let captures = captures_json(&c.puzzle, &c.captures());
        CheckReport {
            head: head(c.profile).kind(Kind::Check),
            puzzle: c.puzzle,
            verdict: c.verdict(),
            valid: c.is_correct(),
            plies: captures.len(),
            moves: captures,
            errors: usize::from(c.problem.is_some()),
            warnings: c.notes.len(),
            problems: problems_json(&c.notes, c.problem.as_ref()),
            coordinates: c.reading,
        }
    }
}
