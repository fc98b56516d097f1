//! JSON-ready reports (serde `Serialize`), for the toolkit's JSON envelope.
//! Every report names its game (`"game": "solitaire"`) and rule profile
//! (`"rules": "codegolf"`) through core's heads: [`head`] for the record
//! document and the reports about a record (`check`, `show`, `diff`),
//! [`named`] for the lines of `solve` and `generate`. Field names are a
//! contract: they are only ever added, never renamed.

use asalto_core::json::{Head, Named};
use serde::Serialize;

use crate::check::Checked;
use crate::difficulty::{self, Difficulty};
use crate::format::{Note, Reading, long_algebraic};
use crate::{
    Capture, GAME, Interrupted, Piece, Position, Problem, Profile, Reason, Solver, Square,
};

/// The `format` of a Solitaire Chess record document (`export --to json`)
/// and of the reports about a record: a record is a puzzle and its answer,
/// not a game of two sides, so not an `asalto-game`.
pub const FORMAT: &str = "asalto-solitaire-record";

/// The version of [`FORMAT`] written.
pub const VERSION: u32 = 1;

/// The head of a record document or a report about a record judged under
/// `profile`.
pub const fn head(profile: Profile) -> Head {
    Head::new(FORMAT, VERSION, GAME, profile.name())
}

/// The naming of a line of results under `profile` (`solve`, `generate`).
pub const fn named(profile: Profile) -> Named {
    Named {
        game: GAME,
        rules: profile.name(),
    }
}

/// One capture, with everything a reader may want.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaptureJson {
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
    pub after: Position,
}

/// The captures of `solution` from `start` (stops at the first one that
/// has no piece on either square, which a legal sequence never does).
pub fn captures_json(start: &Position, solution: &[Capture]) -> Vec<CaptureJson> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(solution.len());
    for &c in solution {
        let (Some(piece), Some(captured)) = (pos.piece_at(c.from), pos.piece_at(c.to)) else {
            break;
        };
        pos = pos.play_unchecked(c);
        out.push(CaptureJson {
            from: c.from,
            to: c.to,
            xy: c.xy(),
            piece,
            captured,
            notation: long_algebraic(piece, c),
            after: pos,
        });
    }
    out
}

/// What `solve` reports about one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    /// `game` (`"solitaire"`) and `rules` (the profile).
    #[serde(flatten)]
    pub named: Named,
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
        named: named(solver.profile()),
        puzzle: *puzzle,
        pieces: puzzle.len(),
        solutions,
        solution,
        all,
        difficulty: difficulty::measure(puzzle, solver).ok().flatten(),
    })
}

/// A problem, in words and places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemJson {
    /// The stable reason code.
    pub code: Reason,
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
    /// Byte range `[start, end]`.
    pub span: Option<[usize; 2]>,
    /// The capture number it is about.
    pub ply: Option<usize>,
    /// The board before that capture (or at the end, for `pieces-left`).
    pub before: Option<Position>,
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        ProblemJson {
            code: p.reason(),
            message: p.message(),
            label: p.label(),
            help: p.help(),
            line: p.span.map(|s| s.line),
            column: p.span.map(|s| s.column),
            span: p.span.map(|s| [s.start, s.end]),
            ply: p.ply,
            before: p.before,
        }
    }
}

/// A warning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NoteJson {
    /// The stable code.
    pub code: &'static str,
    /// What was accepted.
    pub message: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

impl From<&Note> for NoteJson {
    fn from(n: &Note) -> NoteJson {
        NoteJson {
            code: n.kind.code(),
            message: n.message(),
            line: n.span.line,
            column: n.span.column,
        }
    }
}

/// What `check` reports about an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// `format`, `version`, `game` (`"solitaire"`) and `rules` (the profile
    /// it was judged under).
    #[serde(flatten)]
    pub head: Head,
    /// The puzzle.
    pub puzzle: Position,
    /// `solved`, `no-solution` or `wrong`.
    pub verdict: crate::Verdict,
    /// Whether the answer is right.
    pub valid: bool,
    /// The legal captures, up to the problem.
    pub captures: Vec<CaptureJson>,
    /// The first thing wrong.
    pub problem: Option<ProblemJson>,
    /// Warnings.
    pub notes: Vec<NoteJson>,
    /// How the numbers of captures written in coordinates were read
    /// ([`Reading::name`]: `x-y-bottom-0` is the challenge's), `null` when
    /// the answer has none.
    pub coordinates: Option<Reading>,
}

impl From<&Checked> for CheckReport {
    fn from(c: &Checked) -> CheckReport {
        CheckReport {
            head: head(c.profile),
            puzzle: c.puzzle,
            verdict: c.verdict(),
            valid: c.is_correct(),
            captures: captures_json(&c.puzzle, &c.captures()),
            problem: c.problem.as_ref().map(ProblemJson::from),
            notes: c.notes.iter().map(NoteJson::from).collect(),
            coordinates: c.reading,
        }
    }
}
