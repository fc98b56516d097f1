//! The `--ai` session: officers on AZAR and rebels on BASICO (by cycling
//! the menu's control entries), one whole game played by the program,
//! saved and checked: legal, finished, every rebel move a BASICO choice.

use std::time::Instant;

use super::files;
use super::kind::Kind;
use super::options::Options;
use super::recorder::Recorder;
use super::report::Failure;
use super::screen::{MenuItem, View};
use super::session::side_name;
use super::session::{Next, Session, not_started, quote_line};
use super::stall::Run;
use super::submission::Submission;
use crate::basic::BasicScore;
use crate::console::{OfficerControl, RebelControl};
use crate::render;
use crate::replay::{CheckOptions, Problem, check};

/// Play the `--ai` session of `sub`.
pub(crate) fn play_ai(sub: &Submission, options: &Options, slot: usize) -> Run<Kind> {
    let started = Instant::now();
    let rec = Recorder::new("ai", vec![Kind::Ai]);
    let mut s = match Session::start(sub, options, rec, Kind::Ai, slot) {
        Ok(s) => s,
        Err(failed) => {
            let (rec, message) = *failed;
            return not_started(rec, Kind::Ai, message, 0, "unfinished".to_string(), started);
        }
    };
    let (plies, result) = ai_game(&mut s, options.basic);
    s.quit();
    s.finish(plies, result.clone(), plies, started)
}

/// Press the menu entry `item` until `reached` says the menu shows the
/// wanted control (at most `presses` times).
fn cycle(
    s: &mut Session,
    item: MenuItem,
    presses: usize,
    reached: &dyn Fn(&Session) -> bool,
) -> bool {
    for _ in 0..presses {
        if reached(s) {
            return true;
        }
        let what = format!("the menu after choosing {}", item.label());
        if !s.choose(item) || !s.expect_menu(&what, Kind::Ai) {
            return false;
        }
    }
    true
}

fn ai_game(s: &mut Session, basic: Option<BasicScore>) -> (usize, String) {
    let none = (0, "not played".to_string());
    let Some(first) = s.wait_screen("the menu", None) else {
        return none;
    };
    s.see(&first.text);
    s.at_menu = true;
    // Officers to AZAR, rebels to BASICO, cycling as the menu does. A menu
    // that does not show the controls gets the assignment's number of
    // presses (once, twice).
    let shown_o = s.menu.officers.is_some();
    let shown_r = s.menu.rebels.is_some();
    let officers = |s: &Session| s.menu.officers == Some(OfficerControl::Random);
    let rebels = |s: &Session| s.menu.rebels == Some(RebelControl::Basic);
    if !cycle(s, MenuItem::Officers, if shown_o { 3 } else { 1 }, &|s| {
        shown_o && officers(s)
    }) || !cycle(s, MenuItem::Rebels, if shown_r { 4 } else { 2 }, &|s| {
        shown_r && rebels(s)
    }) {
        return none;
    }
    if (shown_o && !officers(s)) || (shown_r && !rebels(s)) {
        let failure = Failure::shown(
            "the menu does not reach `[AZAR]` for the officers and `[BASICO]` for the rebels by cycling",
            &s.last_output,
        );
        s.rec.fail(Kind::Ai, failure);
        return none;
    }
    if !s.choose(MenuItem::New) || !watch_game(s) {
        return none;
    }
    let Some(text) = files::save_and_compare(s, &[], Kind::Ai) else {
        return none;
    };
    judge_ai_record(s, &text, basic)
}

/// Let the program play its game; whether the session can go on to save.
fn watch_game(s: &mut Session) -> bool {
    let what = "the end of the game played by AZAR and BASICO";
    let end = match s.wait_for(what, None, true) {
        Next::Screen(screen) => screen,
        Next::Exited(screen, status) => {
            let announced = matches!(screen.view(), View::End(_));
            s.last_output = screen.text;
            s.exited(status, what, None, announced);
            return false;
        }
        Next::Stopped => return false,
    };
    match end.view() {
        View::End(a) if a.winner.is_some() => {}
        View::Game | View::Again => {
            let failure = Failure::shown(
                "asked for a move although both sides are played by the program",
                &end.text,
            );
            s.rec.fail(Kind::Ai, failure);
        }
        _ => {
            let failure = Failure::shown(
                "did not announce the end of the game, with its winner",
                &end.text,
            );
            s.rec.fail(Kind::Ai, failure);
        }
    }
    s.leave_game(&end, None, Kind::Ai)
}

/// The saved game of the `--ai` session: valid, finished, and every rebel
/// move a BASICO choice (under `basic`, or either score).
fn judge_ai_record(s: &mut Session, text: &str, basic: Option<BasicScore>) -> (usize, String) {
    let lines = text.lines().count();
    if lines > files::too_many_lines(5000) {
        let failure = Failure {
            message: format!("the saved game has {lines} lines: not a game of this program"),
            ..Failure::default()
        };
        s.rec.fail(Kind::Ai, failure);
        return (0, "not read".to_string());
    }
    let plain = check(text, CheckOptions::default());
    let plies = plain.game.plies.len();
    let result = match plain.game.outcome() {
        Some(o) => format!("{}, after move {}", o.outcome, o.ply),
        None => "unfinished".to_string(),
    };
    if let Some(p) = plain.errors().next() {
        let failure = problem_failure(
            p,
            format!(
                "the saved game is not valid: line {}: {}",
                p.line,
                p.message()
            ),
        );
        s.rec.fail(Kind::Ai, failure);
        return (plies, result);
    }
    if plain.game.outcome().is_none() {
        let failure = Failure {
            message: format!("the saved game is unfinished after {plies} moves"),
            ..Failure::default()
        };
        s.rec.fail(Kind::Ai, failure);
    }
    let scores: Vec<BasicScore> = match basic {
        Some(b) => vec![b],
        None => BasicScore::ALL.to_vec(),
    };
    let mut first_problem = None;
    let ok = scores.iter().any(|&b| {
        let options = CheckOptions {
            rebels: Some(b),
            ..CheckOptions::default()
        };
        match check(text, options).errors().next() {
            None => true,
            Some(p) => {
                first_problem.get_or_insert((b, p.clone()));
                false
            }
        }
    });
    if let (false, Some((b, p))) = (ok, first_problem) {
        let names: Vec<&str> = scores.iter().map(|s| s.name()).collect();
        let mut failure = problem_failure(
            &p,
            format!(
                "a rebel move is not a BASICO choice ({}): {}",
                names.join(" nor "),
                p.message()
            ),
        );
        failure.found = p.help().as_ref().map(|h| format!("{b}: {}", quote_line(h)));
        s.rec.fail(Kind::Ai, failure);
    }
    if !s.rec.failed(Kind::Ai) {
        s.rec.pass(Kind::Ai);
    }
    (plies, result)
}

fn problem_failure(p: &Problem, message: String) -> Failure {
    Failure {
        ply: p.ply,
        side: p.side.map(side_name),
        message: crate::text::cap(&message, 600).into_owned(),
        found: p.help().as_deref().map(quote_line),
        position: p.before.map(|b| b.to_string()),
        board: p.before.map(|b| render::ascii(b.board())),
        ..Failure::default()
    }
}
