//! The save and load checks: SALVAR PARTIDA must write the game played,
//! CARGAR PARTIDA must read a record and show its position. The grader
//! touches the program's folder only through [`super::folder::Folder`]:
//! never through a link, never blocking on a FIFO, never reading more than
//! the file-size limit.

use std::time::Instant;

use super::kind::Kind;
use super::recorder::Recorder;
use super::reference::Reference;
use super::report::Failure;
use super::screen::{MenuItem, View};
use super::session::{At, Session};
use super::submission::Submission;
use crate::record::write_record;
use crate::replay::{CheckOptions, check};
use crate::text::{DiffLimits, bounded_diff, cap, count};
use crate::{Move, Position};

/// The file name typed to save a game.
pub const SAVE_NAME: &str = "partida-guardada.txt";
/// The file name typed to load the reference game.
pub const LOAD_NAME: &str = "partida-referencia.txt";
/// How much of a diff of a saved file a failure shows.
const DIFF_BYTES: usize = 4096;

/// Choose the menu's save or load `item` and answer its question for a
/// file name with `name`. `None` when the dialogue stopped; `Some(false)`
/// when the program did not ask for a file name (a failure of `kind`,
/// recorded); `Some(true)` when the name was typed.
fn give_file_name(s: &mut Session, item: MenuItem, name: &str, kind: Kind) -> Option<bool> {
    let entry = item.label();
    if !s.choose(item) {
        return None;
    }
    let question = s.wait_screen(
        &format!("the question for a file name (after choosing {entry})"),
        None,
    )?;
    // By what it shows: a file-name question is neither a menu, nor a game
    // screen, nor an announcement.
    if question.view() != View::Again {
        let failure = Failure::shown(
            format!("did not ask for a file name after choosing {entry}"),
            &question.text,
        );
        s.rec.fail(kind, failure);
        s.leave_game(&question, None, kind);
        return Some(false);
    }
    let what = match item {
        MenuItem::Save => "the file name to save",
        _ => "the file name to load",
    };
    s.send(name, what, None).then_some(true)
}

/// Save with the menu's save entry and compare with `expected` (as a
/// `kind` check). The saved text, when there is one.
pub(crate) fn save_and_compare(s: &mut Session, expected: &[Move], kind: Kind) -> Option<String> {
    // Whatever is there already is not the program's answer.
    if let Err(e) = s.folder().remove_entry(SAVE_NAME) {
        s.rec
            .note(format!("could not clear `{SAVE_NAME}` before saving: {e}"));
    }
    if !give_file_name(s, MenuItem::Save, SAVE_NAME, kind)? {
        return None;
    }
    if !s.expect_menu("the menu after saving", kind) {
        return None;
    }
    let saved = match s
        .folder()
        .read_file(SAVE_NAME, s.options.limits.file_size_bytes)
    {
        Ok(file) => file,
        Err(e) => {
            let failure = Failure {
                message: format!("no saved file: typed `{SAVE_NAME}` as the file name, but {e}"),
                expected: Some(cap(write_record(expected).trim_end(), 2048).into_owned()),
                ..Failure::default()
            };
            s.rec.fail(kind, failure);
            return None;
        }
    };
    let text = String::from_utf8_lossy(&saved.bytes).into_owned();
    if kind == Kind::Save {
        judge_saved(s, &text, expected);
    }
    Some(text)
}

/// The saved text against the game played: the same moves (any layout
/// the record format allows), else a failure with a bounded diff.
fn judge_saved(s: &mut Session, text: &str, expected: &[Move]) {
    let lines = text.lines().count();
    let why = if lines > too_many_lines(expected.len()) {
        // Far too long to be this game in any layout: not worth replaying.
        format!(
            "it has {}, the game played has {}",
            count(lines, "line"),
            count(expected.len(), "move")
        )
    } else {
        let checked = check(text, CheckOptions::default());
        let moves: Vec<Move> = checked.game.moves().copied().collect();
        if checked.errors().next().is_none() && moves == expected {
            s.rec.pass(Kind::Save);
            return;
        }
        match checked.errors().next() {
            Some(p) => format!("line {}: {}", p.line, cap(&p.message(), 300)),
            None => format!(
                "it holds {}, the game played has {}",
                count(moves.len(), "move"),
                expected.len()
            ),
        }
    };
    let want = write_record(expected);
    let diff = bounded_diff(
        &want,
        text,
        "expected",
        SAVE_NAME,
        DiffLimits {
            max_bytes: DIFF_BYTES,
            context: 2,
            ..DiffLimits::default()
        },
    );
    let note = diff.note.map(|n| format!(" ({n})")).unwrap_or_default();
    s.rec.fail(
        Kind::Save,
        Failure {
            message: format!("the saved file is not the game played: {why}{note}"),
            diff: Some(diff.text),
            ..Failure::default()
        },
    );
}

/// More lines than a record of `moves` moves has in any sensible layout
/// (blank lines and comments included).
pub(crate) fn too_many_lines(moves: usize) -> usize {
    moves.saturating_mul(4).saturating_add(1000)
}

/// Load the reference with the menu's load entry and check the screen.
/// Whether the check was made.
pub(crate) fn load_and_check(s: &mut Session, reference: &Reference) -> bool {
    if let Err(e) = s
        .folder()
        .write_new(LOAD_NAME, write_record(&reference.moves).as_bytes())
    {
        let failure = Failure {
            message: format!("cannot write the reference for loading: {e}"),
            ..Failure::default()
        };
        s.rec.fail(Kind::Load, failure);
        return false;
    }
    match give_file_name(s, MenuItem::Load, LOAD_NAME, Kind::Load) {
        None => return false,
        Some(false) => return true,
        Some(true) => {}
    }
    let pos = reference
        .moves
        .iter()
        .fold(Position::start(), |p, m| p.play_unchecked(m));
    let at = At {
        ply: reference.moves.len() + 1,
        pos,
    };
    let Some(screen) = s.wait_screen("the game screen after loading", Some(at)) else {
        return false;
    };
    if screen.view() != View::Game {
        let failure = Failure::shown(
            format!("did not show the game screen after loading `{LOAD_NAME}`"),
            &screen.text,
        )
        .at(at.ply, &at.pos);
        s.rec.fail(Kind::Load, failure);
        s.leave_game(&screen, Some(at), Kind::Load);
        return true;
    }
    let problems: Vec<Failure> = [
        super::judge::judge_turn(&screen.text, at),
        super::judge::judge_moves(&screen.text, at),
    ]
    .into_iter()
    .flatten()
    .collect();
    if problems.is_empty() {
        s.rec.pass(Kind::Load);
    }
    for mut f in problems {
        f.message = format!("after loading, {}", f.message);
        s.rec.fail(Kind::Load, f);
    }
    s.leave_game(&screen, Some(at), Kind::Load);
    true
}

/// The game part stopped before the load check: check loading in a fresh
/// run of the program, and count it in `s`.
pub(crate) fn load_in_fresh_session(
    s: &mut Session,
    sub: &Submission,
    reference: &Reference,
    slot: usize,
) {
    let started = Instant::now();
    let rec = Recorder::new(&reference.name, vec![Kind::Load]);
    let mut fresh = match Session::start(sub, s.options, rec, Kind::Load, slot) {
        Ok(fresh) => fresh,
        Err(failed) => {
            // The grader's own failure leaves the game ungraded; the
            // program's leaves the check not made.
            if let (_, super::session::StartError::Grader(n)) = *failed {
                s.rec.not_graded(n);
            }
            return;
        }
    };
    if let Some(first) = fresh.wait_screen("the menu", None) {
        fresh.see(&first.text);
        fresh.at_menu = true;
        load_and_check(&mut fresh, reference);
    }
    let run = fresh.finish(0, String::new(), 0, started);
    // Its timeout asleep is the game's: the whole game is played again.
    if s.asleep.is_none() {
        s.asleep = run.asleep;
    }
    let report = run.report;
    if report.checks.get(&Kind::Load) == Some(&super::report::CheckStatus::Pass) {
        s.rec.pass(Kind::Load);
    } else {
        for f in report.failures {
            s.rec.fail(Kind::Load, f);
        }
    }
}
