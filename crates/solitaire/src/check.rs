//! Checking an answer to a puzzle: the first wrong capture and why.
//!
//! An answer is right when it is a sequence of legal captures that leaves
//! one piece, or a false value for a puzzle without solution. Answers are
//! verified by replaying them, never by comparing them with a stored
//! solution: any solution is accepted.
//!
//! Captures written in coordinates are replayed under each [`Reading`]
//! their numbers fit (`[x, y]` or `[row, column]`, from 0 or 1, rows from
//! the bottom or the top): the first, in the order of [`Reading::ALL`],
//! under which the answer solves the puzzle is used, else the first under
//! which every capture is legal, else the first (the challenge's when the
//! numbers fit it); a note names a reading other than the challenge's, and
//! another reading under which the answer is legal with other captures.

use crate::format::{
    Answer, AnswerBody, Note, NoteKind, Reading, Record, WrittenBoard, WrittenMove,
};
use crate::legality::{IllegalCapture, ResolveError};
use crate::problem::{BoardChange, PiecesLeftHint, Problem, ProblemKind};
use crate::span::Span;
use crate::{Capture, Piece, Position, Profile, Solver, SquareSet};

/// One legal capture of a checked answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CheckedPly {
    /// The capture number, 1-based.
    pub number: usize,
    /// The capture.
    pub capture: Capture,
    /// The piece that captured.
    pub piece: Piece,
    /// The piece it took.
    pub captured: Piece,
    /// The position after it.
    pub after: Position,
    /// Where the answer wrote it.
    pub span: Option<Span>,
}

/// The verdict on an answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// A sequence of legal captures that leaves one piece.
    Solved,
    /// A false value, and the puzzle has no solution indeed.
    NoSolution,
    /// Wrong: see the problem.
    Wrong,
}

impl Verdict {
    /// The stable name: `solved`, `no-solution`, `wrong`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::NoSolution => "no-solution",
            Verdict::Wrong => "wrong",
        }
    }
}

/// The result of checking an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The profile it was judged under.
    pub profile: Profile,
    /// The puzzle.
    pub puzzle: Position,
    /// The legal captures of the answer, up to the first problem.
    pub plies: Vec<CheckedPly>,
    /// The first thing wrong, if any (checking stops there).
    pub problem: Option<Problem>,
    /// Whether the answer was a false value ("no solution").
    pub claims_no_solution: bool,
    /// Warnings: things accepted that may not mean what was meant.
    pub notes: Vec<Note>,
    /// How the numbers of captures in coordinates were read (`None`: the
    /// answer has none).
    pub reading: Option<Reading>,
}

impl Checked {
    /// Whether the answer is right.
    pub fn is_correct(&self) -> bool {
        self.problem.is_none()
    }

    /// The verdict.
    pub fn verdict(&self) -> Verdict {
        match (&self.problem, self.claims_no_solution) {
            (Some(_), _) => Verdict::Wrong,
            (None, true) => Verdict::NoSolution,
            (None, false) => Verdict::Solved,
        }
    }

    /// The position after the legal captures.
    pub fn position(&self) -> Position {
        self.plies.last().map_or(self.puzzle, |p| p.after)
    }

    /// The legal captures.
    pub fn captures(&self) -> Vec<Capture> {
        self.plies.iter().map(|p| p.capture).collect()
    }
}

/// Check `answer` to `puzzle` under the solver's profile.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{check, format, Position, Profile, Solver};
///
/// let puzzle: Position = ".....B..RP.....N".parse()?;
/// let mut solver = Solver::new(Profile::Codegolf);
///
/// let right = format::parse_answer("[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]")?;
/// assert!(check::check(&puzzle, &right, &mut solver).is_correct());
///
/// let wrong = format::parse_answer("Nd1xb2\nNd1xb2\n")?;
/// let checked = check::check(&puzzle, &wrong, &mut solver);
/// let problem = checked.problem.unwrap();
/// assert_eq!(problem.reason().code(), "no-piece");
/// assert_eq!(problem.ply, Some(2));
/// # Ok::<(), asalto_solitaire::format::ParseError>(())
/// ```
pub fn check(puzzle: &Position, answer: &Answer, solver: &mut Solver) -> Checked {
    let mut checked = Checked {
        profile: solver.profile(),
        puzzle: *puzzle,
        plies: Vec::new(),
        problem: None,
        claims_no_solution: false,
        notes: answer.notes.clone(),
        reading: None,
    };
    match &answer.body {
        AnswerBody::NoSolution => {
            checked.claims_no_solution = true;
            checked.problem = no_solution_problem(puzzle, answer.span, solver);
        }
        AnswerBody::Moves(moves) => {
            replay_read(&mut checked, moves, answer.span);
            finish(&mut checked, answer.span, solver);
        }
        AnswerBody::Boards(boards) => {
            let mut boards = boards.as_slice();
            if let [first, rest @ ..] = boards {
                if first.position == *puzzle {
                    checked.notes.push(Note {
                        kind: NoteKind::StartBoardRepeated,
                        span: first.span,
                    });
                    boards = rest;
                }
            }
            replay_boards(&mut checked, boards);
            finish(&mut checked, answer.span, solver);
        }
    }
    checked
}

/// Check a record's answer under `solver`'s profile (make the solver with
/// [`Record::profile_or`] to follow the record's `rules:` line). A record
/// without an answer gets the problem `no-answer`. The puzzle's warnings
/// come first among the notes.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::{check, format, Profile, Solver};
///
/// let record = format::parse_record("rules: thinkfun\nP....R..R.R..R..\nNone\n")?;
/// let mut solver = Solver::new(record.profile_or(Profile::Codegolf));
/// assert!(check::check_record(&record, &mut solver).is_correct());
/// # Ok::<(), format::ParseError>(())
/// ```
pub fn check_record(record: &Record, solver: &mut Solver) -> Checked {
    let profile = solver.profile();
    match &record.answer {
        Some(answer) => {
            let mut checked = check(&record.puzzle.position, answer, solver);
            let mut notes = record.puzzle.notes.clone();
            notes.append(&mut checked.notes);
            checked.notes = notes;
            checked
        }
        None => Checked {
            profile,
            puzzle: record.puzzle.position,
            plies: Vec::new(),
            problem: Some(Problem {
                kind: ProblemKind::NoAnswer,
                span: Some(record.puzzle.span),
                ply: None,
                before: Some(record.puzzle.position),
                profile: Some(profile),
            }),
            claims_no_solution: false,
            notes: record.puzzle.notes.clone(),
            reading: None,
        },
    }
}

/// Check a sequence of captures (no text): the same verdicts, no spans.
pub fn check_captures(puzzle: &Position, captures: &[Capture], solver: &mut Solver) -> Checked {
    let mut checked = Checked {
        profile: solver.profile(),
        puzzle: *puzzle,
        plies: Vec::new(),
        problem: None,
        claims_no_solution: false,
        notes: Vec::new(),
        reading: None,
    };
    for &capture in captures {
        let before = checked.position();
        if let Err(e) = before.check(capture, checked.profile) {
            checked.problem = Some(illegal(&checked, ResolveError::Illegal(e), None));
            return checked;
        }
        push(&mut checked, capture, None);
    }
    finish_at(&mut checked, None, solver);
    checked
}

fn illegal(checked: &Checked, e: ResolveError, span: Option<Span>) -> Problem {
    Problem {
        kind: ProblemKind::Illegal(e),
        span,
        ply: Some(checked.plies.len() + 1),
        before: Some(checked.position()),
        profile: Some(checked.profile),
    }
}

/// Record a legal capture.
fn push(checked: &mut Checked, capture: Capture, span: Option<Span>) {
    let before = checked.position();
    let after = before.play_unchecked(capture);
    let (Some(piece), Some(captured)) =
        (before.piece_at(capture.from), before.piece_at(capture.to))
    else {
        // A legal capture has both pieces; nothing to record otherwise.
        return;
    };
    checked.plies.push(CheckedPly {
        number: checked.plies.len() + 1,
        capture,
        piece,
        captured,
        after,
        span,
    });
}

fn replay_moves(checked: &mut Checked, moves: &[WrittenMove]) {
    for m in moves {
        let before = checked.position();
        match before.resolve(&m.written, checked.profile) {
            Ok(capture) => push(checked, capture, Some(m.span)),
            Err(e) => {
                let span = m.part_span(e.part());
                checked.problem = Some(illegal(checked, e, Some(span)));
                return;
            }
        }
    }
}

/// Replay `moves`, choosing how their numbers are read when some are
/// written in coordinates (see the module's words); notes at `span`.
fn replay_read(checked: &mut Checked, moves: &[WrittenMove], span: Span) {
    let numbers: Vec<u8> = moves
        .iter()
        .filter_map(|m| m.xy)
        .flat_map(|xy| xy.into_iter().flatten())
        .collect();
    if numbers.is_empty() {
        replay_moves(checked, moves);
        return;
    }
    let trials: Vec<(Reading, Checked)> = Reading::ALL
        .into_iter()
        .filter(|r| r.fits(numbers.iter().copied()))
        .map(|reading| {
            let mut trial = checked.clone();
            let read: Vec<WrittenMove> = moves
                .iter()
                .map(|m| m.read_as(reading).unwrap_or(*m))
                .collect();
            replay_moves(&mut trial, &read);
            (reading, trial)
        })
        .collect();
    let legal = |c: &Checked| c.problem.is_none();
    let chosen = trials
        .iter()
        .position(|(_, c)| legal(c) && c.position().len() == 1)
        .or_else(|| trials.iter().position(|(_, c)| legal(c)))
        .unwrap_or(0);
    let Some((used, result)) = trials.get(chosen).cloned() else {
        // The reader gave these numbers a reading: one fits.
        replay_moves(checked, moves);
        return;
    };
    *checked = result;
    checked.reading = Some(used);
    if used != Reading::CHALLENGE {
        checked.notes.push(Note {
            kind: NoteKind::CoordinatesRead { reading: used },
            span,
        });
    }
    if !legal(checked) {
        return;
    }
    let mine = checked.captures();
    let other = trials.iter().find_map(|(reading, trial)| {
        let theirs = trial.captures();
        let at = mine.iter().zip(&theirs).position(|(a, b)| a != b)?;
        legal(trial).then(|| (*reading, at, theirs[at]))
    });
    if let Some((other, at, capture)) = other {
        checked.notes.push(Note {
            kind: NoteKind::CoordinatesAmbiguous {
                used,
                other,
                at: at + 1,
                capture,
            },
            span,
        });
    }
}

fn replay_boards(checked: &mut Checked, boards: &[WrittenBoard]) {
    for b in boards {
        let before = checked.position();
        match capture_between(&before, &b.position, checked.profile) {
            Ok(capture) => push(checked, capture, Some(b.span)),
            Err(kind) => {
                checked.problem = Some(Problem {
                    kind,
                    span: Some(b.span),
                    ply: Some(checked.plies.len() + 1),
                    before: Some(before),
                    profile: Some(checked.profile),
                });
                return;
            }
        }
    }
}

/// The legal capture that turns `before` into `after`.
///
/// A capture empties one square and puts the moving piece on another
/// occupied square; when both pieces are of one kind, the target square
/// looks unchanged, and any legal capture onto a piece of that kind that
/// gives `after` is taken.
///
/// # Errors
///
/// `not-one-capture` if no single capture gives `after`, or why the one
/// that would is illegal.
pub fn capture_between(
    before: &Position,
    after: &Position,
    profile: Profile,
) -> Result<Capture, ProblemKind> {
    let (b, a) = (before.occupied(), after.occupied());
    let changed: SquareSet = (b & a)
        .iter()
        .filter(|&s| before.piece_at(s) != after.piece_at(s))
        .collect();
    let change = BoardChange {
        vacated: b & !a,
        appeared: a & !b,
        changed,
        after: *after,
    };
    let not_one = || ProblemKind::NotOneCapture(change);
    let (Some(from), true, true) = (
        change.vacated.first(),
        change.vacated.len() == 1,
        change.appeared.is_empty(),
    ) else {
        return Err(not_one());
    };
    let mover = before.piece_at(from);
    let candidates: Vec<Capture> = match changed.len() {
        0 => b
            .without(from)
            .iter()
            .filter(|&t| before.piece_at(t) == mover)
            .map(|t| Capture::new(from, t))
            .collect(),
        1 => changed
            .first()
            .filter(|&t| after.piece_at(t) == mover)
            .map(|t| Capture::new(from, t))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    };
    let mut first_error: Option<IllegalCapture> = None;
    for &c in &candidates {
        match before.check(c, profile) {
            Ok(()) => return Ok(c),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) => Err(ProblemKind::Illegal(ResolveError::Illegal(e))),
        None => Err(not_one()),
    }
}

/// After a legal sequence: one piece left, or `pieces-left`.
fn finish(checked: &mut Checked, answer_span: Span, solver: &mut Solver) {
    if checked.problem.is_some() {
        return;
    }
    let span = checked
        .plies
        .last()
        .and_then(|p| p.span)
        .unwrap_or(answer_span);
    finish_at(checked, Some(span), solver);
}

/// Positions the searches behind a problem's help may visit: the verdict
/// never depends on them, only the hints do.
const HINT_NODES: u64 = 1_000_000;

fn finish_at(checked: &mut Checked, span: Option<Span>, solver: &mut Solver) {
    if checked.problem.is_some() {
        return;
    }
    let end = checked.position();
    if end.len() <= 1 {
        return;
    }
    let hint = solver
        .within(Some(HINT_NODES), |s| pieces_left_hint(checked, &end, s))
        .ok();
    checked.problem = Some(Problem {
        kind: ProblemKind::PiecesLeft {
            left: end.len(),
            hint,
        },
        span,
        ply: checked.plies.last().map(|p| p.number),
        before: Some(end),
        profile: Some(checked.profile),
    });
}

/// A way on from `end`, or the capture after which none was left.
fn pieces_left_hint(checked: &Checked, end: &Position, solver: &mut Solver) -> PiecesLeftHint {
    if let Some(more) = solver.solve(end) {
        return PiecesLeftHint::Continue(more);
    }
    if solver.solve(&checked.puzzle).is_none() {
        return PiecesLeftHint::NoSolution;
    }
    let lost = checked
        .plies
        .iter()
        .find(|p| solver.solve(&p.after).is_none())
        .map_or(checked.plies.len(), |p| p.number);
    PiecesLeftHint::LostAt(lost)
}

/// The problem with a "no solution" claim, if the puzzle has a solution.
fn no_solution_problem(puzzle: &Position, span: Span, solver: &mut Solver) -> Option<Problem> {
    // The verdict needs the search to end; the count is only for the words.
    let solution = solver.within(None, |s| s.solve(puzzle)).ok().flatten()?;
    let count = solver.within(Some(HINT_NODES), |s| s.count(puzzle)).ok();
    Some(Problem {
        kind: ProblemKind::ClaimsNoSolution { solution, count },
        span: Some(span),
        ply: None,
        before: Some(*puzzle),
        profile: Some(solver.profile()),
    })
}
