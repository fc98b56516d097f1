//! Grading Prolog Mad Bishops programs (the course the report comes from):
//! `valid_moves/3`, `move/3`, `game_over/2` and `display_game/2` are asked
//! about positions of reference games, each answer compared with the
//! engine's (`asalto_madbishops`, rule profile `steere` by default), on
//! the shared Prolog engine ([`crate::grade::prolog`]).
//!
//! - [`protocol`]: the lines exchanged with Mad Bishops' part of the
//!   driver (`driver.pl`);
//! - [`plan`]: the positions asked about;
//! - [`repr`]: the players' and moves' representation, found out;
//! - [`display`]: whether a printed text shows the board;
//! - this file: the driver, the grading loop and the judging. Reports and
//!   the partial-credit policy are Go's: a check passes in a game when
//!   every query of it was answered right, and earns the part answered
//!   right when the rest could not be asked.
//!
//! Boards travel as the report's numbers; the driver finds the program's
//! own cells (atoms, strings, other numbers) from its start board and
//! writes and reads boards in them (`board=` of the hello line). A wrapped
//! board (`board(Board, BlueCount, RedCount)`) still goes through an
//! adapter (`--adapter`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use asalto_madbishops::{Move, Position, Profile, Side, Square};

use super::options::Options;
use super::prolog::driver::{self as engine, DriverSettings};
use super::prolog::words::{
    busy_note, describe_reply as reply_words, load_failure, short_load, spent, stderr_of,
};
use super::recorder::Recorder;
use super::report::{Diagram, Failure, SubmissionReport};
use super::submission::Submission;
use super::tasks::Scoring;

mod alias;
pub mod display;
mod kind;
pub mod plan;
pub mod protocol;
pub mod repr;

pub use alias::{Alias, driver_args};
pub use kind::MadBishopsKind;
pub use plan::{Ask, GameQueries, Planned};
use protocol::{Answer, MadBishopsProtocol, Matrix, Query, matrix};
use repr::Repr;

type Reply = engine::Reply<Answer>;
type Driver<'a> = engine::Driver<'a, MadBishopsProtocol>;

/// Mad Bishops' part of the Prolog driver.
const PART: &str = include_str!("driver.pl");

/// How to grade Mad Bishops submissions.
#[derive(Clone, Debug, Default)]
pub struct MadBishopsOptions {
    /// The driver's settings.
    pub driver: DriverSettings,
    /// Weights of the checks and full marks.
    pub scoring: Scoring<MadBishopsKind>,
    /// The rule profile answers are compared under.
    pub profile: Profile,
    /// `--adapter`: its file name, looked up first in each submission's
    /// folder, else this file (copied next to the driver).
    pub adapter: Option<Adapter>,
}

/// A teacher's adapter.
#[derive(Clone, Debug)]
pub struct Adapter {
    /// The name looked up in each submission's folder.
    pub name: String,
    /// The given file's copy, readable in every sandbox (none when the
    /// given path does not exist: only per-student adapters).
    pub fallback: Option<PathBuf>,
}

/// The driver's source (and the adapter's copy) in a folder of its own,
/// readable by every user, removed when dropped.
pub struct DriverScript(engine::DriverScript);

impl DriverScript {
    /// Write the driver, and copy `adapter` (the given path) next to it.
    ///
    /// # Errors
    ///
    /// When the folder or a file cannot be made, or the adapter read.
    pub fn write(adapter: Option<&Path>) -> Result<(DriverScript, Option<Adapter>), String> {
        use std::os::unix::fs::PermissionsExt;
        let script = engine::DriverScript::write("madbishops", PART)?;
        let adapter = match adapter {
            None => None,
            Some(given) => {
                let name = given
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .ok_or_else(|| format!("--adapter {}: not a file name", given.display()))?;
                let fallback = if given.is_file() {
                    let copy = script.folder().join("asalto_adapter.pl");
                    std::fs::copy(given, &copy)
                        .and_then(|_| {
                            std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o644))
                        })
                        .map_err(|e| format!("--adapter {}: {e}", given.display()))?;
                    Some(copy)
                } else {
                    None
                };
                Some(Adapter { name, fallback })
            }
        };
        Ok((DriverScript(script), adapter))
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// The driver's options for a submission in `folder` (none: one file).
fn adapter_args(options: &MadBishopsOptions, folder: Option<&Path>) -> Vec<String> {
    let Some(adapter) = &options.adapter else {
        return Vec::new();
    };
    // The submission's own adapter: in the working folder, which is a
    // copy of its folder.
    if folder.is_some_and(|f| f.join(&adapter.name).is_file()) {
        return vec![format!("--adapter={}", adapter.name)];
    }
    match &adapter.fallback {
        Some(path) => vec![format!("--adapter={}", path.display())],
        None => Vec::new(),
    }
}

/// A submission: its folder, with the entry, run through the driver.
pub fn submission(
    folder: &Path,
    entry: &str,
    options: &MadBishopsOptions,
    script: &DriverScript,
) -> Submission {
    Submission::folder(
        folder,
        entry,
        &engine::command(
            &options.driver,
            script.path(),
            &adapter_args(options, Some(folder)),
        ),
    )
}

/// A submission given as one file.
pub fn file_submission(
    file: &Path,
    options: &MadBishopsOptions,
    script: &DriverScript,
) -> Submission {
    Submission::file(
        file,
        &engine::command(&options.driver, script.path(), &adapter_args(options, None)),
    )
}

/// Grade every submission on the queries of `plan`.
pub fn grade(
    submissions: &[Submission],
    plan: &[GameQueries],
    options: &Options,
    mb: &MadBishopsOptions,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<SubmissionReport<MadBishopsKind>> {
    let (reports, _) = super::tasks::run_tasks(
        submissions.len(),
        options,
        jobs,
        progress,
        |s, options, slot| grade_one(&submissions[s], plan, options, mb, slot),
    );
    reports.into_iter().flatten().collect()
}

/// The position representations are found out on: the first one asked
/// about after a few moves (the start is symmetric: red's moves read
/// column first are blue's), else the first.
fn detection_position(plan: &[GameQueries]) -> Option<Position> {
    let all = || plan.iter().flat_map(|g| g.queries.iter());
    all()
        .find(|q| q.ask == Ask::Moves && q.ply > 3)
        .or_else(|| all().find(|q| q.ask == Ask::Moves))
        .map(|q| q.position)
}

/// Find out the players' and moves' representation.
fn find_repr(driver: &mut Driver<'_>, plan: &[GameQueries], notes: &mut Vec<String>) -> Repr {
    let Some(position) = detection_position(plan) else {
        return Repr::default();
    };
    let board = matrix(position.board());
    let mut answers = Vec::new();
    for term in repr::PLAYER_TERMS {
        let reply = driver.ask(&Query::Moves {
            player: term.to_string(),
            board,
        });
        match reply {
            Reply::Answer(Answer::Moves { moves, shape, .. }) if !moves.is_empty() => {
                answers.push((term, moves, shape));
            }
            Reply::Answer(Answer::Missing(..)) | Reply::NotLoaded(_) | Reply::Skipped(_) => break,
            _ => {}
        }
        let found = Repr::find(&position, &answers);
        if found.red.is_some()
            && found.blue.is_some()
            && answers.len() >= 2
            && found.red.as_deref() != found.blue.as_deref()
        {
            break;
        }
    }
    let found = Repr::find(&position, &answers);
    if answers.is_empty() {
        notes.push(
            "players and moves: not found out (valid_moves/3 gave no list of moves for any of 1, 2, 3, red, blue); asked as red/blue and [A,B,C,D]"
                .to_string(),
        );
    }
    found
}

/// One submission.
pub fn grade_one(
    sub: &Submission,
    plan: &[GameQueries],
    options: &Options,
    mb: &MadBishopsOptions,
    slot: usize,
) -> SubmissionReport<MadBishopsKind> {
    let started = Instant::now();
    let mut driver = Driver::new(sub, options, &mb.driver, options.users.for_slot(slot));
    let loaded = driver.start();
    let mut early_notes = Vec::new();
    let repr = match &loaded {
        Ok(()) => find_repr(&mut driver, plan, &mut early_notes),
        Err(_) => Repr::default(),
    };
    let mut games = Vec::new();
    for game in plan {
        let game_started = Instant::now();
        let mut rec = Recorder::new(&game.name, game.kinds());
        for kind in game.kinds() {
            rec.occasions(kind, game.occasions(kind));
        }
        match &loaded {
            Ok(()) => rec.pass(MadBishopsKind::Loads),
            Err(problem) => rec.fail(MadBishopsKind::Loads, load_failure(problem)),
        }
        let mut stopped = loaded
            .as_ref()
            .err()
            .map(|p| format!("the program did not load ({})", short_load(p)));
        let mut asked = 0;
        // move/3 queries that gave no board, readable or not: the board
        // representation is seen on the others only.
        let mut no_board = 0;
        if stopped.is_none() {
            for planned in &game.queries {
                let query = query_of(planned, &repr, mb.profile);
                let reply = driver.ask(&query);
                if let Reply::Skipped(why) = &reply {
                    stopped = Some(why.clone());
                    break;
                }
                asked += 1;
                no_board += usize::from(
                    matches!(planned.ask, Ask::Apply(_))
                        && !matches!(reply, Reply::Answer(Answer::Board { .. } | Answer::Bad(..))),
                );
                judge(&mut rec, planned, &reply, &repr, mb.profile);
            }
        }
        if stopped.is_none() && no_board > 0 {
            stopped = Some(format!(
                "{no_board} of the {} move/3 queries gave no board (see the failures): the board representation is seen on the others only",
                game.occasions(MadBishopsKind::Board)
            ));
        }
        for note in early_notes.iter().cloned().chain(driver.notes.drain(..)) {
            rec.note(note);
        }
        if let Some(n) = driver.not_graded() {
            rec.not_graded(n.clone());
        }
        games.push(rec.finish(
            stopped.as_deref(),
            game.queries.len(),
            game.result.clone(),
            asked,
            game_started.elapsed().as_secs_f64(),
        ));
        early_notes.clear();
    }
    driver.stop();
    let mut report = mb.scoring.score(sub, games);
    let mut about = BTreeMap::new();
    about.insert(
        "board",
        driver
            .hello
            .as_ref()
            .map_or_else(|| "numbers".to_string(), |h| h.board.clone()),
    );
    about.insert("players", repr.describe_players());
    about.insert("moves", repr.describe_moves());
    about.insert("rules", mb.profile.name().to_string());
    if let Some(h) = &driver.hello {
        about.insert("swipl", h.swipl.clone());
        about.insert(
            "predicates",
            if h.predicates.is_empty() {
                "none".to_string()
            } else {
                h.predicates.join(",")
            },
        );
        if !h.renamed.is_empty() {
            about.insert("graded_as", h.renamed.join(", "));
        }
        if !h.shims.is_empty() {
            about.insert("sicstus_shims", h.shims.join(","));
        }
        if h.load_warnings > 0 {
            about.insert("load_warnings", h.load_warnings.to_string());
        }
        if let Some(m) = &h.message {
            about.insert("load_message", m.clone());
        }
    }
    about.insert("driver_starts", driver.starts.to_string());
    report.about.extend(about);
    report.seconds = (started.elapsed().as_secs_f64() * 100.0).round() / 100.0;
    report
}

/// The query of `planned` in the program's representation.
fn query_of(planned: &Planned, repr: &Repr, profile: Profile) -> Query {
    let position = planned.position.with_profile(profile);
    let board = matrix(position.board());
    match planned.ask {
        Ask::Moves => Query::Moves {
            player: repr.player(position.turn()),
            board,
        },
        Ask::Apply(mv) => Query::Apply {
            ints: repr.coords.encode(mv.from(), mv.to()),
            shape: repr
                .shape
                .clone()
                .unwrap_or_else(|| "[A,B,C,D]".to_string()),
            board,
        },
        Ask::Over => Query::Over { board },
        Ask::Display => Query::Display {
            player: repr.player(position.turn()),
            board,
        },
    }
}

/// What an answer of the wrong kind says.
fn describe_answer(answer: &Answer) -> String {
    match answer {
        Answer::Moves { moves, .. } => format!("gave {} moves", moves.len()),
        Answer::Board { .. } => "gave a board".to_string(),
        Answer::Winner { text, .. } => format!("gave the winner {text}"),
        Answer::Printed { .. } => "printed something".to_string(),
        Answer::Fail(_) => "failed".to_string(),
        Answer::Timeout(stats, protocol_limit) => match protocol_limit {
            super::prolog::protocol::Limit::Time => format!(
                "ran past the time limit: stopped after {}{}",
                spent(stats),
                busy_note(stats)
            ),
            super::prolog::protocol::Limit::Inferences => format!(
                "ran past the inference limit: stopped after {} (an endless loop?)",
                spent(stats)
            ),
        },
        Answer::Error(_, m) => format!("raised an exception: {m}"),
        Answer::Bad(_, m) => format!("returned something that cannot be read: {m}"),
        Answer::Missing(p, others) if others.is_empty() => format!("{p} is not defined"),
        Answer::Missing(p, others) => format!(
            "{p} is not defined (the file defines {others}; give another name with --predicate, or an --adapter)"
        ),
        Answer::Invalid(m) => format!("the driver did not understand the query: {m}"),
    }
}

/// A square as the report numbers it: `(row,col)`, 0-based.
fn square_text(sq: Square) -> String {
    format!("({},{})", sq.row(), sq.col())
}

/// A move in the engine's notation and the report's coordinates.
fn move_text(mv: Move) -> String {
    format!(
        "{} {}-{}",
        mv.written(asalto_madbishops::Notation::Algebraic),
        square_text(mv.from()),
        square_text(mv.to())
    )
}

/// The board drawn for a failure, as the report's console does.
fn drawn(position: &Position) -> String {
    asalto_madbishops::render::report_grid(position.board())
}

/// Compare one reply with the engine, in `rec`.
fn judge(
    rec: &mut Recorder<MadBishopsKind>,
    planned: &Planned,
    reply: &Reply,
    repr: &Repr,
    profile: Profile,
) {
    let position = planned.position.with_profile(profile);
    let predicate = query_of(planned, repr, profile).predicate();
    let at = |message: String, expected: Option<String>, found: Option<String>| Failure {
        ply: Some(planned.ply),
        side: Some(position.turn().name()),
        message: format!("{predicate} on {}: {message}", planned.what),
        expected,
        found,
        position: Some(position.position_string()),
        board: Some(drawn(&position)),
        diagram: Some(Diagram::MadBishops { position }),
        stderr_tail: stderr_of(reply),
        ..Failure::default()
    };
    let answer = match reply {
        Reply::Answer(a) => a,
        other => {
            for &kind in planned.kinds() {
                rec.fail(kind, at(reply_words(other, describe_answer), None, None));
            }
            return;
        }
    };
    match (planned.ask, answer) {
        (Ask::Moves, Answer::Moves { moves, .. }) => judge_moves(rec, &position, moves, repr, &at),
        (Ask::Apply(mv), Answer::Board { board, .. }) => {
            rec.pass(MadBishopsKind::Board);
            let want = matrix(position.play_unchecked(mv).board());
            if *board == want {
                rec.pass(MadBishopsKind::Apply);
            } else {
                let diff: Vec<String> = (0..10)
                    .flat_map(|r| (0..10).map(move |c| (r, c)))
                    .filter(|&(r, c)| board[r][c] != want[r][c])
                    .map(|(r, c)| format!("({r},{c})"))
                    .collect();
                rec.fail(
                    MadBishopsKind::Apply,
                    at(
                        format!(
                            "{}: wrong board, {} squares differ: {}",
                            move_text(mv),
                            diff.len(),
                            diff.join(" ")
                        ),
                        Some(matrix_text(&want)),
                        Some(matrix_text(board)),
                    ),
                );
            }
        }
        (Ask::Apply(mv), Answer::Bad(_, m)) => {
            let failure = at(
                format!("{}: the new board cannot be read: {m}", move_text(mv)),
                None,
                None,
            );
            rec.fail(MadBishopsKind::Board, failure.clone());
            rec.fail(MadBishopsKind::Apply, failure);
        }
        (Ask::Over, Answer::Winner { text, .. }) => {
            judge_over(rec, &position, Some(text), repr, &at)
        }
        (Ask::Over, Answer::Fail(_)) => judge_over(rec, &position, None, repr, &at),
        (Ask::Display, Answer::Printed { text, .. }) => {
            if display::shows_board(text, &matrix(position.board())) {
                rec.pass(MadBishopsKind::Display);
            } else {
                rec.fail(
                    MadBishopsKind::Display,
                    at(
                        "what it printed does not show the board: no 10 lines with the rows' squares in place (one symbol each for light, empty, red, blue)".to_string(),
                        Some(drawn(&position)),
                        Some(crate::text::cap(text, 2000).into_owned()),
                    ),
                );
            }
        }
        // No board came back (the move refused, an exception): `board`
        // is not seen here (see `no_board` in the loop).
        (Ask::Apply(mv), other) => rec.fail(
            MadBishopsKind::Apply,
            at(
                format!("{}: {}", move_text(mv), describe_answer(other)),
                None,
                None,
            ),
        ),
        (_, other) => {
            for &kind in planned.kinds() {
                rec.fail(kind, at(describe_answer(other), None, None));
            }
        }
    }
}

/// A board as the report's Prolog term.
fn matrix_text(m: &Matrix) -> String {
    let rows: Vec<String> = m
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.iter().map(u8::to_string).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(",\n "))
}

/// One move listed by the program, read.
enum Listed {
    /// Two dark squares of the board.
    Squares(Square, Square),
    /// Not two squares of the board.
    Off([i64; 4]),
}

/// `valid_moves/3`: the set of moves, its captures and its quiet moves.
fn judge_moves(
    rec: &mut Recorder<MadBishopsKind>,
    position: &Position,
    listed: &[[i64; 4]],
    repr: &Repr,
    at: &dyn Fn(String, Option<String>, Option<String>) -> Failure,
) {
    let legal = position.legal_moves();
    let read: Vec<Listed> = listed
        .iter()
        .map(|&m| match repr.coords.squares(m) {
            Some((f, t)) => Listed::Squares(f, t),
            None => Listed::Off(m),
        })
        .collect();
    let mut seen = BTreeSet::new();
    let mut duplicates = 0;
    for l in &read {
        if let Listed::Squares(f, t) = l
            && !seen.insert((f.index(), t.index()))
        {
            duplicates += 1;
        }
    }
    if duplicates > 0 {
        rec.note(format!(
            "valid_moves/3 listed {duplicates} move{} twice (moves are compared as a set)",
            if duplicates == 1 { "" } else { "s" }
        ));
    }
    let occupied = |sq: Square| position.board().piece_at(sq).is_some();
    // Missing and extra, each as (is it a capture, text, reason).
    let mut missing: Vec<(bool, String)> = Vec::new();
    for m in &legal {
        if !seen.contains(&(m.from().index(), m.to().index())) {
            missing.push((m.is_capture(), move_text(*m)));
        }
    }
    let mut extra: Vec<(bool, String, &'static str)> = Vec::new();
    let mut extra_seen = BTreeSet::new();
    for l in &read {
        match *l {
            Listed::Squares(f, t) => {
                if legal.iter().any(|m| m.from() == f && m.to() == t)
                    || !extra_seen.insert((f.index(), t.index()))
                {
                    continue;
                }
                let reason = match position.resolve(f, t, None) {
                    Err(e) => e.kind.reason().code(),
                    Ok(_) => "illegal",
                };
                extra.push((
                    occupied(t),
                    format!("{}-{}", square_text(f), square_text(t)),
                    reason,
                ));
            }
            Listed::Off(ints) => {
                extra.push((
                    false,
                    format!("{ints:?} (not two dark squares of the board)"),
                    "off-board",
                ));
            }
        }
    }
    let expected_all = || {
        let words: Vec<String> = legal.iter().map(|m| move_text(*m)).collect();
        format!("{} moves: {}", legal.len(), words.join(", "))
    };
    let fail_part = |rec: &mut Recorder<MadBishopsKind>,
                     kind: MadBishopsKind,
                     what: &str,
                     missing: Vec<String>,
                     extra: Vec<(String, &'static str)>| {
        if missing.is_empty() && extra.is_empty() {
            rec.pass(kind);
            return;
        }
        let mut f = at(
            format!(
                "{what}: {} missing, {} not legal{}",
                missing.len(),
                extra.len(),
                if extra.is_empty() {
                    String::new()
                } else {
                    let reasons: BTreeSet<&str> = extra.iter().map(|e| e.1).collect();
                    format!(" ({})", reasons.into_iter().collect::<Vec<_>>().join(", "))
                }
            ),
            Some(expected_all()),
            None,
        );
        const SHOWN: usize = 12;
        f.missing_more = missing.len().saturating_sub(SHOWN);
        f.missing = missing.into_iter().take(SHOWN).collect();
        f.extra_more = extra.len().saturating_sub(SHOWN);
        let shown: Vec<(String, &'static str)> = extra.into_iter().take(SHOWN).collect();
        f.extra = shown.iter().map(|e| e.0.clone()).collect();
        f.extra_reasons = shown.iter().map(|e| e.1).collect();
        rec.fail(kind, f);
    };
    fail_part(
        rec,
        MadBishopsKind::Moves,
        "not exactly the legal moves",
        missing.iter().map(|m| m.1.clone()).collect(),
        extra.iter().map(|e| (e.1.clone(), e.2)).collect(),
    );
    fail_part(
        rec,
        MadBishopsKind::Captures,
        "not exactly the legal captures",
        missing
            .iter()
            .filter(|m| m.0)
            .map(|m| m.1.clone())
            .collect(),
        extra
            .iter()
            .filter(|e| e.0)
            .map(|e| (e.1.clone(), e.2))
            .collect(),
    );
    fail_part(
        rec,
        MadBishopsKind::Engage,
        &format!(
            "not exactly the legal non-capturing moves ({})",
            position.profile().describe()
        ),
        missing
            .iter()
            .filter(|m| !m.0)
            .map(|m| m.1.clone())
            .collect(),
        extra
            .iter()
            .filter(|e| !e.0)
            .map(|e| (e.1.clone(), e.2))
            .collect(),
    );
}

/// `game_over/2`: the winner when one side has no bishops left; none
/// (failure, or a value that is no player) before.
fn judge_over(
    rec: &mut Recorder<MadBishopsKind>,
    position: &Position,
    winner: Option<&String>,
    repr: &Repr,
    at: &dyn Fn(String, Option<String>, Option<String>) -> Failure,
) {
    let names = |side: Side| -> Vec<String> {
        let mut v = vec![side.name().to_string()];
        if let Some(t) = match side {
            Side::Red => &repr.red,
            Side::Blue => &repr.blue,
        } {
            v.push(t.clone());
        }
        v
    };
    let side_of = |text: &str| {
        Side::ALL
            .into_iter()
            .find(|&s| names(s).iter().any(|n| n == text))
    };
    let found = winner.map_or("failure (no winner)".to_string(), |w| {
        format!("Winner = {w}")
    });
    let over = Side::ALL
        .into_iter()
        .find(|&s| position.board().count(s.opponent()) == 0);
    match over {
        Some(side) => {
            if winner.is_some_and(|w| side_of(w) == Some(side)) {
                rec.pass(MadBishopsKind::GameOver);
            } else {
                rec.fail(
                    MadBishopsKind::GameOver,
                    at(
                        format!("the game is over, won by {}", side.name()),
                        Some(format!("Winner = {}", repr.player(side))),
                        Some(found),
                    ),
                );
            }
        }
        None => match winner.and_then(|w| side_of(w)) {
            None => rec.pass(MadBishopsKind::GameOver),
            Some(side) => rec.fail(
                MadBishopsKind::GameOver,
                at(
                    format!(
                        "the game is not over, yet it names {} the winner",
                        side.name()
                    ),
                    Some("failure, or a value that is no player (0, none)".to_string()),
                    Some(found),
                ),
            ),
        },
    }
}

/// What the reference games' queries reach.
pub fn coverage(plan: &[GameQueries], profile: Profile) -> super::coverage::CoverageFacts {
    let mut coverage = asalto_core::coverage::Coverage::new();
    for (i, game) in plan.iter().enumerate() {
        coverage.merge(&game.coverage, i);
    }
    let names: Vec<String> = plan.iter().map(|g| g.name.clone()).collect();
    super::coverage::CoverageFacts::new(
        &coverage,
        &names,
        "reference games",
        format!(
            "asalto selfplay --game madbishops --rules {} --seed 1 --out DIR",
            profile.name()
        ),
    )
}
