//! A reference game played into the program as a person would: new game,
//! each move (with one illegal move typed on purpose), the end; then save,
//! load and quit.
//!
//! After every line typed, what the program did is judged by what it shows
//! (see [`screen::view`]), not by the words of its prompt: a new game screen
//! for the other side means the move was played; no new game screen, or the
//! same position again, means it was refused; an announcement or the menu
//! means the program ended the game.

use std::time::Instant;

use super::files;
use super::judge::judge_screen;
use super::kind::Kind;
use super::options::Options;
use super::recorder::Recorder;
use super::reference::Reference;
use super::report::Failure;
use super::screen::{self, MenuItem, View};
use super::session::side_name;
use super::session::{At, Next, Screen, Session, not_started, quote_line};
use super::stall::Run;
use super::submission::Submission;
use crate::probe::Probe;
use crate::{Move, Position, Side};

/// Play `reference` into the program (typing `probe` on the way), then
/// save, load and quit.
pub(crate) fn play_reference(
    sub: &Submission,
    reference: &Reference,
    probe: Option<&Probe>,
    options: &Options,
    slot: usize,
) -> Run<Kind> {
    let started = Instant::now();
    let mut planned = vec![
        Kind::Runs,
        Kind::Turn,
        Kind::Moves,
        Kind::Board,
        Kind::End,
        Kind::Save,
        Kind::Quit,
    ];
    if probe.is_some() {
        planned.push(Kind::Illegal);
    }
    if !reference.finished() {
        planned.push(Kind::Load);
    }
    planned.retain(|k| options.weights.get(*k) > 0.0);
    let mut rec = Recorder::new(&reference.name, planned);
    // The checks of a game screen are made on each: one before every
    // move, and the last one of an unfinished game (left with FIN).
    let screens = reference.moves.len() + usize::from(!reference.finished());
    for kind in [Kind::Turn, Kind::Moves, Kind::Board] {
        rec.occasions(kind, screens);
    }
    let plies = reference.moves.len();
    let result = outcome_text(reference);
    let mut s = match Session::start(sub, options, rec, Kind::Runs, slot) {
        Ok(s) => s,
        Err(failed) => {
            let (rec, message) = *failed;
            return not_started(rec, Kind::Runs, message, plies, result, started);
        }
    };
    let mut game = Game {
        reference,
        probe: probe.filter(|_| s.rec.planned(Kind::Illegal)),
        diverged: None,
    };
    let played = game.play(&mut s);
    let mut loaded = false;
    if s.stopped.is_none() {
        match game.diverged.take() {
            // Its game is not the reference: there is nothing to compare
            // a saved file with.
            Some(why) => s.unreached = Some(why),
            None => {
                files::save_and_compare(&mut s, &reference.moves[..played], Kind::Save);
            }
        }
        if !reference.finished() && s.stopped.is_none() {
            loaded = files::load_and_check(&mut s, reference);
        }
        s.quit();
    }
    if !reference.finished() && !loaded && s.rec.planned(Kind::Load) {
        files::load_in_fresh_session(&mut s, sub, reference, slot);
    }
    let mut run = s.finish(plies, result, played, started);
    run.report.illegal_move = game.probe.map(|p| super::report::IllegalMoveReport {
        ply: p.ply,
        typed: p.typed.clone(),
        reason: p.reason.code(),
    });
    run
}

fn outcome_text(reference: &Reference) -> String {
    match reference.outcome {
        Some(o) => format!("{}, after move {}", o.outcome, o.ply),
        None => "unfinished".to_string(),
    }
}

/// What a person types for `mv`: its first two points (the program
/// completes a capture by itself).
pub(crate) fn typed(mv: &Move) -> String {
    format!("{}-{}", mv.from(), mv.second())
}

/// One game in progress.
struct Game<'r> {
    reference: &'r Reference,
    probe: Option<&'r Probe>,
    /// Set when the program accepted an illegal move: its game is no
    /// longer the reference.
    diverged: Option<String>,
}

/// What the program did after a move.
enum Played {
    /// It shows the next game screen.
    Accepted(Screen),
    /// The game part is over (ended, refused, left; all recorded).
    Over { accepted: bool },
}

impl Game<'_> {
    /// The game part: new game, every move, the end. The number of moves
    /// the program accepted.
    fn play(&mut self, s: &mut Session) -> usize {
        let Some(mut screen) = self.new_game(s) else {
            return 0;
        };
        let mut pos = Position::start();
        for (i, mv) in self.reference.moves.iter().enumerate() {
            let at = At { ply: i + 1, pos };
            judge_screen(s, &screen.text, at);
            if self.probe.is_some_and(|p| p.ply == at.ply) && !self.try_illegal(s, at) {
                return i;
            }
            if !s.send(&typed(mv), &format!("move {}", at.ply), Some(at)) {
                return i;
            }
            match self.after_move(s, at, mv) {
                Played::Accepted(next) => screen = next,
                Played::Over { accepted } => return i + usize::from(accepted),
            }
            pos = pos.play_unchecked(mv);
        }
        // An unfinished game: its last screen, then FIN.
        let at = At {
            ply: self.reference.moves.len() + 1,
            pos,
        };
        judge_screen(s, &screen.text, at);
        s.rec.pass(Kind::End);
        s.leave_game(&screen, Some(at), Kind::End);
        self.reference.moves.len()
    }

    /// Choose NUEVA PARTIDA; the first game screen.
    fn new_game(&self, s: &mut Session) -> Option<Screen> {
        let first = s.wait_screen("the menu", None)?;
        s.see(&first.text);
        s.at_menu = true;
        if !s.choose(MenuItem::New) {
            return None;
        }
        let at = At {
            ply: 1,
            pos: Position::start(),
        };
        let screen = s.wait_screen("the game screen before move 1", Some(at))?;
        match screen.view() {
            View::Game => Some(screen),
            View::End(a) => {
                let failure = early_end_failure(&a, at, "at the start");
                s.rec.fail(Kind::End, failure);
                s.leave_game(&screen, Some(at), Kind::End);
                None
            }
            View::Menu | View::Again => {
                let key = s.menu.key(MenuItem::New);
                s.stop(
                    format!("did not show a game screen after choosing {key} (NUEVA PARTIDA)"),
                    Some(at),
                );
                None
            }
        }
    }

    /// Type the illegal move of the probe at `at`: it must be refused and
    /// the same side asked again. Whether the game goes on.
    fn try_illegal(&mut self, s: &mut Session, at: At) -> bool {
        let Some(probe) = self.probe else {
            return true;
        };
        let what = format!(
            "the answer to the illegal move {} ({})",
            probe.typed,
            probe.reason.code()
        );
        if !s.send(
            &probe.typed,
            &format!("the illegal move {}", probe.typed),
            Some(at),
        ) {
            return false;
        }
        let screen = match s.wait(&what, Some(at)) {
            Next::Screen(screen) => screen,
            Next::Exited(screen, status) => {
                s.last_output = screen.text;
                s.exited(status, &what, Some(at), false);
                return false;
            }
            Next::Stopped => return false,
        };
        let failure = |message: String| {
            Failure {
                reason: Some(probe.reason.code()),
                expected: Some(format!(
                    "the move refused, and {} asked again",
                    side_name(at.pos.turn())
                )),
                ..Failure::shown(message, &screen.text)
            }
            .at(at.ply, &at.pos)
        };
        match screen.view() {
            View::Again => {}
            View::Game if refused(&screen.text, &at.pos, None) => {}
            View::Game => {
                let f = failure(format!(
                    "accepted the illegal move {} at move {} ({}: {})",
                    probe.typed,
                    at.ply,
                    probe.reason.code(),
                    reason_words(probe.reason, at.pos.turn())
                ));
                s.rec.fail(Kind::Illegal, f);
                self.diverged = Some(format!(
                    "the program accepted the illegal move {} at move {}, so its game is no longer the reference",
                    probe.typed, at.ply
                ));
                s.leave_game(&screen, Some(at), Kind::Illegal);
                return false;
            }
            View::End(_) | View::Menu => {
                let f = failure(format!(
                    "left the game after the illegal move {} at move {} ({})",
                    probe.typed,
                    at.ply,
                    probe.reason.code()
                ));
                s.rec.fail(Kind::Illegal, f);
                self.diverged = Some(format!(
                    "the program left the game after the illegal move {}",
                    probe.typed
                ));
                s.leave_game(&screen, Some(at), Kind::Illegal);
                return false;
            }
        }
        s.rec.pass(Kind::Illegal);
        true
    }

    /// Judge what the program does after the legal move `mv` typed at
    /// `at`.
    fn after_move(&mut self, s: &mut Session, at: At, mv: &Move) -> Played {
        let next = At {
            ply: at.ply + 1,
            pos: at.pos.play_unchecked(mv),
        };
        let ends_here = self.reference.outcome.is_some_and(|o| o.ply == at.ply);
        let what = if ends_here {
            "the end of the game".to_string()
        } else {
            format!("the game screen before move {}", next.ply)
        };
        let (screen, exit) = match s.wait(&what, Some(next)) {
            Next::Screen(screen) => (screen, None),
            Next::Exited(screen, status) => (screen, Some(status)),
            Next::Stopped => return Played::Over { accepted: false },
        };
        let view = screen.view();
        let accepted = match &view {
            View::Again => self.refused_legal(s, at, mv, &screen),
            View::Game if refused(&screen.text, &at.pos, Some(&next.pos)) => {
                self.refused_legal(s, at, mv, &screen)
            }
            View::Game if ends_here => {
                self.no_announcement(s, next, &screen, "the game screen, asking for another move");
                Some(true)
            }
            View::Game => None,
            View::End(a) if ends_here => {
                self.judge_end(s, next, a);
                Some(true)
            }
            View::End(a) => {
                let when = format!("after move {}", at.ply);
                s.rec.fail(Kind::End, early_end_failure(a, next, &when));
                s.unreached = Some(format!(
                    "the program ended the game after move {}, before its end",
                    at.ply
                ));
                Some(true)
            }
            View::Menu if ends_here => {
                self.no_announcement(s, next, &screen, "the menu, without an announcement");
                Some(true)
            }
            View::Menu => {
                let failure = Failure {
                    message: format!(
                        "went back to the menu after move {}, but the game goes on",
                        at.ply
                    ),
                    expected: Some(format!(
                        "the game screen, {} to move",
                        side_name(next.pos.turn())
                    )),
                    ..Failure::shown("", &screen.text)
                }
                .at(next.ply, &next.pos);
                s.rec.fail(Kind::End, failure);
                s.unreached = Some(format!(
                    "the program left the game after move {}, before its end",
                    at.ply
                ));
                Some(true)
            }
        };
        // `None`: the game goes on; `Some(accepted)`: its game part is over.
        match (exit, accepted) {
            (Some(status), over) => {
                if over.is_none() {
                    judge_screen(s, &screen.text, next);
                }
                s.exited(status, &what, Some(next), matches!(view, View::End(_)));
                Played::Over {
                    accepted: over.unwrap_or(true),
                }
            }
            (None, Some(accepted)) => {
                if s.stopped.is_none() {
                    s.leave_game(&screen, Some(next), Kind::End);
                }
                Played::Over { accepted }
            }
            (None, None) => Played::Accepted(screen),
        }
    }

    /// The program refused the legal move `mv`: a `moves` failure; the
    /// game stops there.
    fn refused_legal(&self, s: &mut Session, at: At, mv: &Move, screen: &Screen) -> Option<bool> {
        let failure = Failure {
            expected: Some(format!(
                "the move played, then the game screen with {} to move",
                side_name(at.pos.turn().opponent())
            )),
            ..Failure::shown(
                format!(
                    "refused the legal move {mv} (typed as {}) at move {}",
                    typed(mv),
                    at.ply
                ),
                &screen.text,
            )
        }
        .at(at.ply, &at.pos);
        s.rec.fail(Kind::Moves, failure);
        s.unreached = Some(format!(
            "the game stopped at move {}, where the program refused a legal move",
            at.ply
        ));
        Some(false)
    }

    /// The game ended at `at` but the program showed `found` instead of
    /// announcing it.
    fn no_announcement(&self, s: &mut Session, at: At, screen: &Screen, found: &str) {
        let Some(outcome) = self.reference.outcome else {
            return;
        };
        let failure = Failure {
            message: format!("did not announce the end of the game ({})", outcome.outcome),
            expected: Some(format!("ganan los {}", side_name(outcome.outcome.winner))),
            found: Some(found.to_string()),
            ..Failure::shown("", &screen.text)
        }
        .at(at.ply, &at.pos);
        s.rec.fail(Kind::End, failure);
    }

    /// The program announced the end when it came: is the winner right?
    fn judge_end(&self, s: &mut Session, at: At, a: &screen::Announcement) {
        let Some(outcome) = self.reference.outcome else {
            return;
        };
        let winner = outcome.outcome.winner;
        if a.winner == Some(winner) {
            s.rec.pass(Kind::End);
            return;
        }
        let failure = Failure {
            message: match a.winner {
                Some(_) => "announced the wrong winner".to_string(),
                None => "announced the end without naming the winner".to_string(),
            },
            expected: Some(format!(
                "ganan los {}: {}",
                side_name(winner),
                outcome.outcome.reason.describe()
            )),
            found: Some(quote_line(&a.line)),
            ..Failure::default()
        }
        .at(at.ply, &at.pos);
        s.rec.fail(Kind::End, failure);
    }
}

/// Whether the screen after a move shows the move was not played: the
/// board drawn is the position before (and not the one after), or, the
/// drawing saying nothing, `Turno:` names the same side again.
fn refused(text: &str, before: &Position, after: Option<&Position>) -> bool {
    if after.is_some_and(|a| screen::shows_board(text, a.board())) {
        return false;
    }
    if screen::shows_board(text, before.board()) {
        return true;
    }
    screen::turn(text) == Some(before.turn())
}

/// An end announced when the game goes on, with what makes it go on.
fn early_end_failure(a: &screen::Announcement, at: At, when: &str) -> Failure {
    let board = at.pos.board();
    let winner = match a.winner {
        Some(Side::Officers) => "the officers' win",
        Some(Side::Rebels) => "the rebels' win",
        None => "the end",
    };
    Failure {
        message: format!(
            "announced {winner} {when} with {} rebels ({} in the castle); the game goes on",
            board.rebels().len(),
            board.rebels_in_castle().len()
        ),
        expected: Some(format!(
            "the game screen, {} to move ({} legal moves)",
            side_name(at.pos.turn()),
            at.pos.legal_moves().len()
        )),
        found: Some(quote_line(&a.line)),
        ..Failure::default()
    }
    .at(at.ply, &at.pos)
}

/// What an illegal move of `reason` is, for a side to move.
fn reason_words(reason: crate::Reason, side: Side) -> &'static str {
    use crate::Reason as R;
    match (reason, side) {
        (R::CaptureRequired, _) => "an officer steps while a capture is compulsory",
        (R::RebelNotCloser, _) => "a rebel does not get closer to the castle",
        (R::Occupied, _) => "the point moved to is occupied",
        (R::NotConnected, _) => "no board line joins the two points",
        (R::WrongSide, Side::Officers) => "a rebel moved on the officers' turn",
        (R::WrongSide, Side::Rebels) => "an officer moved on the rebels' turn",
        (R::NoPiece, _) => "there is no piece on the first point",
        (R::OffBoard, _) => "a point off the board",
        (R::Syntax, _) => "not a move",
        _ => "illegal",
    }
}
