//! Grading the 2019 Go assignment: a student's `proylcc.pl` (SWI-Prolog)
//! answers `goMove/4` and `finDelJuego/3` on positions taken from
//! reference games, and each answer is compared with the engine's
//! (`asalto_go`, rule profile `seed-2019` by default).
//!
//! - [`protocol`]: the lines exchanged with the Prolog driver
//!   (`driver.pl`, bundled; its header documents the protocol);
//! - [`driver`]: the driver of one submission, started in a fresh confined
//!   working folder exactly as Asalto's programs are, with a wall-clock
//!   limit of our own per query (kill and restart);
//! - [`plan`]: the queries, chosen from the reference games, with the
//!   engine's answers;
//! - this file: the checks, the comparison, and the grading loop. Reports
//!   are Asalto's ([`crate::grade::report`]), with the same partial-credit
//!   policy: a check passes in a game when every query of it in that game
//!   was asked and answered right, and earns the part of its queries that
//!   were asked and answered right when the rest could not be asked (the
//!   driver killed three times) or answered (an answer that is not a
//!   board); `board` is made on each board given back.

use std::collections::BTreeMap;
use std::time::Instant;

use super::options::Options;
use super::recorder::Recorder;
use super::report::{Failure, SubmissionReport};
use super::submission::Submission;
use super::tasks::Scoring;

pub mod alias;
pub mod driver;
mod kind;
pub mod plan;
pub mod protocol;

use super::prolog::words::{
    busy_note, describe_reply as reply_words, load_failure, short_load, spent, stderr_of,
};
pub use alias::{Alias, Predicate};
use driver::{Driver, Reply};
pub use driver::{DriverScript, DriverSettings};
pub use kind::GoKind;
pub use plan::{Expected, GameQueries, Planned, Reference};
use protocol::{Answer, Cells, Grid, Limit, Query, ResultCells};

/// How to grade Go submissions (on top of [`Options`]: confinement,
/// limits, users, output cap).
#[derive(Clone, Debug, Default)]
pub struct GoOptions {
    /// The driver's settings.
    pub driver: DriverSettings,
    /// Weights of the checks and full marks.
    pub scoring: Scoring<GoKind>,
}

/// A Go submission: its folder, with `proylcc.pl` (the entry), run
/// through the driver written at `script`.
pub fn submission(
    folder: &std::path::Path,
    entry: &str,
    options: &GoOptions,
    script: &DriverScript,
) -> Submission {
    Submission::folder(
        folder,
        entry,
        &driver::command(&options.driver, script.path()),
    )
}

/// A Go submission given as one file (`-- proylcc.pl`): that file alone
/// goes into the working folder (see [`Submission::file`]).
pub fn file_submission(
    file: &std::path::Path,
    options: &GoOptions,
    script: &DriverScript,
) -> Submission {
    Submission::file(file, &driver::command(&options.driver, script.path()))
}

/// Grade every submission (one driver each, `jobs` at a time) on the
/// queries of `plan`. `progress(done, total)` after each submission.
pub fn grade(
    submissions: &[Submission],
    plan: &[GameQueries],
    options: &Options,
    go: &GoOptions,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<SubmissionReport<GoKind>> {
    let (reports, _) = super::tasks::run_tasks(
        submissions.len(),
        options,
        jobs,
        progress,
        |s, options, slot| grade_one(&submissions[s], plan, options, go, slot),
    );
    reports.into_iter().flatten().collect()
}

/// One submission: start its driver, learn its representation, ask every
/// query, and score.
pub fn grade_one(
    sub: &Submission,
    plan: &[GameQueries],
    options: &Options,
    go: &GoOptions,
    slot: usize,
) -> SubmissionReport<GoKind> {
    let started = Instant::now();
    let mut driver = Driver::new(sub, options, &go.driver, options.users.for_slot(slot));
    let loaded = driver.start();
    // emptyBoard/1, once: its answer counts in every game's `board`.
    let empty = match &loaded {
        Ok(())
            if driver
                .hello
                .as_ref()
                .is_some_and(|h| h.predicates.iter().any(|p| p == "emptyBoard/1")) =>
        {
            Some(driver.ask(&Query::Empty))
        }
        _ => None,
    };
    let mut games = Vec::new();
    for game in plan {
        let game_started = Instant::now();
        let mut rec = Recorder::new(&game.name, game.kinds());
        for kind in game.kinds() {
            // emptyBoard/1's answer is one more board.
            let empty_board = usize::from(kind == GoKind::Board && empty.is_some());
            rec.occasions(kind, game.occasions(kind) + empty_board);
        }
        let mut asked = 0;
        let mut unreadable = false;
        // Queries whose right answer is a board that gave none: the
        // board representation is not seen there.
        let mut no_board = 0;
        match &loaded {
            Ok(()) => rec.pass(GoKind::Loads),
            Err(problem) => rec.fail(GoKind::Loads, load_failure(problem)),
        }
        let renamed = driver.hello.as_ref().map_or(&[][..], |h| &h.renamed[..]);
        if let Some(reply) = &empty {
            judge_empty(&mut rec, reply, driver.cells, renamed);
        }
        let mut stopped = loaded
            .as_ref()
            .err()
            .map(|p| format!("the program did not load ({})", short_load(p)));
        if stopped.is_none() {
            for planned in &game.queries {
                let reply = driver.ask(&planned.query);
                if let Reply::Skipped(why) = &reply {
                    stopped = Some(why.clone());
                    break;
                }
                asked += 1;
                unreadable |= matches!(reply, Reply::Answer(Answer::Bad(..)));
                no_board += usize::from(
                    matches!(planned.expected, Expected::Board(_))
                        && !matches!(reply, Reply::Answer(Answer::Board { .. })),
                );
                let renamed = driver.hello.as_ref().map_or(&[][..], |h| &h.renamed[..]);
                judge(&mut rec, planned, &reply, driver.cells, renamed);
            }
        }
        if stopped.is_none() && unreadable {
            stopped = Some("its answers could not be read (see the `board` check)".to_string());
        }
        if stopped.is_none() && no_board > 0 {
            stopped = Some(format!(
                "{no_board} of the {} queries whose right answer is a board gave none (see the failures): the board representation is seen on the others only",
                game.occasions(GoKind::Board)
            ));
        }
        for note in driver.notes.drain(..) {
            rec.note(note);
        }
        if let Some(n) = driver.not_graded() {
            rec.not_graded(n.clone());
        }
        let report = rec.finish(
            stopped.as_deref(),
            game.queries.len(),
            game.result.clone(),
            asked,
            game_started.elapsed().as_secs_f64(),
        );
        games.push(report);
    }
    driver.stop();
    let mut report = go.scoring.score(sub, games);
    let mut about = BTreeMap::new();
    about.insert(
        "cells",
        driver.cells.map_or("unknown", Cells::name).to_string(),
    );
    if let Some(h) = &driver.hello {
        about.insert("swipl", h.swipl.clone());
        about.insert(
            "predicates",
            if h.predicates.is_empty() {
                "none".to_string()
            } else {
                let named: Vec<String> = h
                    .predicates
                    .iter()
                    .map(
                        |p| match h.renamed.iter().find(|a| a.predicate.indicator() == *p) {
                            Some(a) => a.indicator(),
                            None => p.clone(),
                        },
                    )
                    .collect();
                named.join(",")
            },
        );
        if !h.renamed.is_empty() {
            let graded: Vec<String> = h.renamed.iter().map(ToString::to_string).collect();
            about.insert("graded_as", graded.join(", "));
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

/// `(cells: strings)`: which representation the program was given.
fn cells_note(cells: Option<Cells>) -> String {
    match cells {
        Some(c) => format!("cells as {}", c.name()),
        None => "cells: representation unknown".to_string(),
    }
}

/// The predicate asked, as graded: `finDelJuego/3`, or `puntajeFinal/3
/// (as finDelJuego/3)` under `--predicate`.
fn asked(predicate: &str, renamed: &[Alias]) -> String {
    match renamed
        .iter()
        .find(|a| a.predicate.indicator() == predicate)
    {
        Some(a) if a.name == a.predicate.name() => format!("{predicate} ({a})"),
        Some(a) => format!("{} (as {predicate})", a.indicator()),
        None => predicate.to_string(),
    }
}

/// `emptyBoard/1`'s answer, in the `board` check.
fn judge_empty(rec: &mut Recorder<GoKind>, reply: &Reply, cells: Option<Cells>, renamed: &[Alias]) {
    let failure = |message: String, found: Option<String>| Failure {
        message: format!(
            "{}: {message} ({})",
            asked("emptyBoard/1", renamed),
            cells_note(cells)
        ),
        found,
        ..Failure::default()
    };
    match reply {
        Reply::Answer(Answer::Board {
            board, cells: rc, ..
        }) => {
            if *board != Grid::empty() {
                rec.fail(
                    GoKind::Board,
                    failure(
                        "the board is not empty".into(),
                        Some(format!("this board:\n{}", plan::draw(board, None))),
                    ),
                );
            } else if *rc == ResultCells::Mixed {
                rec.fail(
                    GoKind::Board,
                    failure("mixes strings and atoms".into(), None),
                );
            } else {
                rec.pass(GoKind::Board);
            }
        }
        Reply::Answer(answer) => rec.fail(GoKind::Board, failure(describe_answer(answer), None)),
        other => rec.fail(GoKind::Board, failure(describe_reply(other), None)),
    }
}

/// What an answer that is not the expected kind says.
fn describe_answer(answer: &Answer) -> String {
    match answer {
        Answer::Board { .. } => "gave a board".to_string(),
        Answer::Score { black, white, .. } => format!("gave the scores {black} {white}"),
        Answer::Fail(_) => "failed".to_string(),
        Answer::Timeout(stats, Limit::Time) => format!(
            "ran past the time limit: stopped after {}{}",
            spent(stats),
            busy_note(stats)
        ),
        Answer::Timeout(stats, Limit::Inferences) => format!(
            "ran past the inference limit: stopped after {} (an endless loop, or a search that grows too fast for a 19x19 board)",
            spent(stats)
        ),
        Answer::Error(_, m) => format!("raised an exception: {m}"),
        Answer::Bad(_, m) => {
            format!("returned something that is not what the assignment asks: {m}")
        }
        Answer::Missing(p, others) if others.is_empty() => format!("{p} is not defined"),
        // Asked under the assignment's name, or those given with
        // --predicate: a teacher who accepts another name sees which one
        // the student used.
        Answer::Missing(p, others) => format!(
            "{p} is not defined (the file defines {others}; only the assignment's {p} is asked, or a name given with --predicate)"
        ),
        Answer::Invalid(m) => format!("the driver did not understand the query: {m}"),
    }
}

/// What a reply without an answer says.
fn describe_reply(reply: &Reply) -> String {
    reply_words(reply, describe_answer)
}

/// Compare one reply with the engine's answer, in `rec`.
fn judge(
    rec: &mut Recorder<GoKind>,
    planned: &Planned,
    reply: &Reply,
    cells: Option<Cells>,
    renamed: &[Alias],
) {
    let kind = planned.kind;
    let at = |message: String, expected: Option<String>, found: Option<String>| Failure {
        ply: Some(planned.ply),
        side: planned.side_name(),
        message: format!(
            "{} {}: {message} ({})",
            asked(planned.query.predicate(), renamed),
            planned.what,
            cells_note(cells)
        ),
        expected,
        found,
        position: Some(planned.describe_query()),
        board: Some(planned.draw_before()),
        diagram: planned.diagram(),
        stderr_tail: stderr_of(reply),
        ..Failure::default()
    };
    let answer = match reply {
        Reply::Answer(a) => a,
        other => {
            rec.fail(
                kind,
                at(
                    describe_reply(other),
                    Some(planned.expected.describe()),
                    None,
                ),
            );
            return;
        }
    };
    if let Answer::Bad(_, m) = answer {
        // The answer cannot be read: a fault of the representation; the
        // check of the query itself is left unchecked by this one.
        rec.fail(
            GoKind::Board,
            at(
                format!("returned something that is not a board of 19 rows of 19 cells: {m}"),
                None,
                None,
            ),
        );
        return;
    }
    match (&planned.expected, answer) {
        (
            Expected::Board(want),
            Answer::Board {
                board, cells: rc, ..
            },
        ) => {
            judge_cells(rec, *rc, cells, &at);
            if board == want {
                rec.pass(kind);
            } else {
                let diff = board.differences(want);
                rec.fail(
                    kind,
                    at(
                        format!(
                            "wrong board: {} point{} differ ({})",
                            diff.len(),
                            if diff.len() == 1 { "" } else { "s" },
                            plan::list_points(&diff)
                        ),
                        Some(format!("this board:\n{}", plan::draw(want, Some(&diff)))),
                        Some(format!("this board:\n{}", plan::draw(board, Some(&diff)))),
                    ),
                );
            }
        }
        (Expected::Illegal(_), Answer::Fail(_)) => rec.pass(kind),
        (
            Expected::Illegal(reason),
            Answer::Board {
                board, cells: rc, ..
            },
        ) => {
            judge_cells(rec, *rc, cells, &at);
            rec.fail(
                kind,
                at(
                    format!("accepted an illegal move ({reason}): it should fail"),
                    Some("failure (no board)".to_string()),
                    Some(format!("this board:\n{}", plan::draw(board, None))),
                ),
            );
        }
        (Expected::Board(_), Answer::Fail(_)) => rec.fail(
            kind,
            at(
                "refused a legal move (the goal failed)".to_string(),
                Some(planned.expected.describe()),
                Some("failure".to_string()),
            ),
        ),
        (
            Expected::Score { black, white },
            Answer::Score {
                black: b, white: w, ..
            },
        ) => {
            if (b, w) == (&i64::from(*black), &i64::from(*white)) {
                rec.pass(kind);
            } else {
                rec.fail(
                    kind,
                    at(
                        "wrong score".to_string(),
                        Some(format!("black {black}, white {white}")),
                        Some(format!("black {b}, white {w}")),
                    ),
                );
            }
        }
        (expected, other) => rec.fail(
            kind,
            at(describe_answer(other), Some(expected.describe()), None),
        ),
    }
}

/// A board came back: in the representation it was given?
fn judge_cells(
    rec: &mut Recorder<GoKind>,
    rc: ResultCells,
    cells: Option<Cells>,
    at: &dyn Fn(String, Option<String>, Option<String>) -> Failure,
) {
    match (rc, cells) {
        (ResultCells::Uniform(got), Some(given)) if got != given => rec.fail(
            GoKind::Board,
            at(
                format!(
                    "given cells as {}, it returned them as {}",
                    given.name(),
                    got.name()
                ),
                None,
                None,
            ),
        ),
        (ResultCells::Mixed, _) => rec.fail(
            GoKind::Board,
            at(
                "returned a board that mixes strings and atoms".to_string(),
                None,
                None,
            ),
        ),
        _ => rec.pass(GoKind::Board),
    }
}

/// What the Go reference games' queries reach under `profile`.
pub fn coverage(
    plan: &[GameQueries],
    profile: asalto_go::Profile,
) -> super::coverage::CoverageFacts {
    let mut coverage = asalto_core::coverage::Coverage::new();
    asalto_go::coverage::impossible(profile, &mut coverage);
    for (i, game) in plan.iter().enumerate() {
        coverage.merge(&game.coverage, i);
    }
    let names: Vec<String> = plan.iter().map(|g| g.name.clone()).collect();
    super::coverage::CoverageFacts::new(
        &coverage,
        &names,
        "reference games",
        format!(
            "asalto selfplay --game go --cover --rules {} --seed 1 --out DIR",
            profile.name()
        ),
    )
}
