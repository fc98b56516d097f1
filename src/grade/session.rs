//! One session: a program started in a fresh working folder under the
//! chosen confinement, and the small steps of the dialogue with it: wait
//! for what it shows, type a line, choose a menu entry, leave a game with
//! `FIN`, quit.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use super::confine::{BwrapArgs, Sandbox, User, size};
use super::copy::{CopyError, CopyRules};
use super::folder::{Folder, RemoveLimits, describe_leftover};
use super::kind::Kind;
use super::options::Options;
use super::process::{Launch, Program, Ready, SendError, Wait};
use super::recorder::Recorder;
use super::report::{Failure, NotGraded};
use super::screen::{self, Menu, MenuItem, PromptKind, View};
use super::stall::{Budget, Hang, Run};
use super::submission::Submission;
use crate::Side;
use crate::text::{cap_tail, escape_controls};
use crate::{Position, render};

/// How many lines of output and stderr a failure quotes.
const TAIL_LINES: usize = 12;
/// How many bytes of output or stderr a failure quotes.
pub(crate) const QUOTE_BYTES: usize = 2048;

/// The last lines of `text`, control characters shown escaped, at most
/// [`QUOTE_BYTES`]; `None` when there is nothing to show.
pub(crate) fn quote_tail(text: &str) -> Option<String> {
    let all: Vec<&str> = text.lines().collect();
    let from = all.len().saturating_sub(TAIL_LINES);
    let t = all[from..].join("\n");
    if t.trim().is_empty() {
        return None;
    }
    Some(cap_tail(&escape_controls(&t), QUOTE_BYTES).into_owned())
}

/// One line of the program's text, escaped and capped, for a message.
pub(crate) fn quote_line(text: &str) -> String {
    let line = crate::text::escape_line(text.trim());
    crate::text::cap(&line, 200).into_owned()
}

impl Failure {
    /// A failure with `message` and the last lines the program printed.
    pub(crate) fn shown(message: impl Into<String>, output: &str) -> Failure {
        Failure {
            message: message.into(),
            output_tail: quote_tail(output),
            ..Failure::default()
        }
    }

    /// `self` placed at move `ply` in `pos` (its side, position and board).
    pub(crate) fn at(self, ply: usize, pos: &Position) -> Failure {
        Failure {
            ply: Some(ply),
            side: Some(side_name(pos.turn())),
            position: Some(pos.to_string()),
            board: Some(render::ascii(pos.board())),
            ..self
        }
    }
}

/// What the program printed before asking for input (or exiting).
pub(crate) struct Screen {
    pub text: String,
}

impl Screen {
    /// What it shows.
    pub(crate) fn view(&self) -> View {
        screen::view(&self.text)
    }

    /// What its last line asks for, if the words say.
    pub(crate) fn prompt(&self) -> Option<PromptKind> {
        screen::prompt_kind(screen::last_line(&self.text))
    }
}

/// How a wait ended.
pub(crate) enum Next {
    /// The program asks for input.
    Screen(Screen),
    /// It exited, having printed this.
    Exited(Screen, ExitStatus),
    /// The session stopped (a hang, a flood, closed input; recorded).
    Stopped,
}

/// Where in a game something happens: the move about to be played and the
/// position before it.
#[derive(Clone, Copy)]
pub(crate) struct At {
    pub ply: usize,
    pub pos: Position,
}

/// A running session.
pub(crate) struct Session<'a> {
    pub program: Program,
    folder: Option<Folder>,
    pub options: &'a Options,
    pub rec: Recorder,
    /// Where process-level failures (crash, hang...) are counted.
    runs_kind: Kind,
    pub menu: Menu,
    /// Whether the program is known to be at its menu.
    pub at_menu: bool,
    /// The limit on the whole session (`--game-timeout`, counted in CPU
    /// time as every limit: [`super::stall`]).
    whole: Budget,
    /// Why the dialogue cannot go on, when it cannot.
    pub stopped: Option<String>,
    /// Why the checks of the game part that were not reached were not (the
    /// game stopped early, for a reason already recorded).
    pub unreached: Option<String>,
    bad_utf8: bool,
    pub last_output: String,
    /// The timeout that stopped the session, when the program was asleep
    /// then (the whole game is played again: [`super::stall`]).
    pub asleep: Option<Hang>,
}

/// How long a run waits for the processes of the previous run of its user
/// to be gone before it starts anyway.
const USER_GONE_WAIT: Duration = Duration::from_secs(5);

impl<'a> Session<'a> {
    /// Make the working folder and start the program as the user of job
    /// `slot`.
    pub(crate) fn start(
        sub: &Submission,
        options: &'a Options,
        rec: Recorder,
        runs_kind: Kind,
        slot: usize,
    ) -> Result<Session<'a>, Box<(Recorder, StartError)>> {
        if let Some(problem) = &sub.problem {
            return Err(Box::new((rec, StartError::Program(problem.clone()))));
        }
        let user = options.users.for_slot(slot);
        let (program, folder) = match spawn(sub, options, user) {
            Ok(s) => s,
            Err(e) => return Err(Box::new((rec, e))),
        };
        Ok(Session {
            program,
            folder: Some(folder),
            options,
            rec,
            runs_kind,
            menu: Menu::default(),
            at_menu: true,
            whole: Budget::new(options.game_timeout, Instant::now(), Some(Duration::ZERO)),
            stopped: None,
            unreached: None,
            bad_utf8: false,
            last_output: String::new(),
            asleep: None,
        })
    }

    /// The working folder.
    pub(crate) fn folder(&self) -> &Folder {
        self.folder
            .as_ref()
            .expect("the folder lives as long as the session")
    }

    fn stderr_tail(&self) -> Option<String> {
        quote_tail(&String::from_utf8_lossy(self.program.stderr_tail()))
    }

    /// Stop the session with a process-level failure (charged to `runs`).
    pub(crate) fn stop(&mut self, message: String, at: Option<At>) {
        let message = match self.disk_full() {
            Some(total) => format!(
                "{message}; its disk space was full ({} for its folder and /tmp together, --disk)",
                size(total)
            ),
            None => message,
        };
        let failure = Failure {
            message: message.clone(),
            output_tail: quote_tail(&self.last_output),
            stderr_tail: self.stderr_tail(),
            ..Failure::default()
        };
        let failure = match at {
            Some(a) => failure.at(a.ply, &a.pos),
            None => failure,
        };
        self.rec.fail(self.runs_kind, failure);
        self.stopped = Some(message);
    }

    /// Stop the dialogue without a failure of its own: what the program did
    /// is already recorded, and the checks not reached say `why`.
    pub(crate) fn give_up(&mut self, why: String) {
        if self.stopped.is_none() {
            self.stopped = Some(why);
        }
    }

    /// The program exited while we waited for `what`. After announcing the
    /// end of a game, a clean exit is not a crash (the rest of the session
    /// is simply not checked); otherwise it is charged to `runs`.
    pub(crate) fn exited(
        &mut self,
        status: ExitStatus,
        what: &str,
        at: Option<At>,
        after_end: bool,
    ) {
        let how = self.program.describe_status(status);
        if after_end && status.success() {
            self.give_up(format!(
                "the program exited ({how}) after announcing the end of the game, instead of showing its menu again"
            ));
        } else {
            self.stop(format!("exited with {how} while we waited for {what}"), at);
        }
    }

    /// Wait for the program to ask for input.
    pub(crate) fn wait(&mut self, what: &str, at: Option<At>) -> Next {
        self.wait_for(what, at, false)
    }

    /// Wait, also for a long game the program plays by itself (`long`:
    /// the session's deadline, and more output allowed).
    pub(crate) fn wait_for(&mut self, what: &str, at: Option<At>, long: bool) -> Next {
        if self.stopped.is_some() {
            return Next::Stopped;
        }
        let cap = if long {
            self.options.output_cap.saturating_mul(64)
        } else {
            self.options.output_cap
        };
        let wait = Wait {
            step: self.options.move_timeout,
            on_silence: long,
            whole: Some(self.whole),
        };
        let waited = self
            .program
            .wait_ready(wait, cap, &|out| screen::ends_with_prompt(out).is_some());
        let text = self.decode(waited.output, what, at);
        self.last_output = text.clone();
        match waited.ready {
            Ready::Reading | Ready::Prompt | Ready::Idle => Next::Screen(Screen { text }),
            Ready::Exited(status) => Next::Exited(Screen { text }, status),
            Ready::Flood => {
                self.stop(
                    format!(
                        "printed more than {} without asking for input, while we waited for {what}",
                        size(cap as u64)
                    ),
                    at,
                );
                Next::Stopped
            }
            Ready::Timeout => {
                let why = self.timeout_reason(what);
                self.stop(why, at);
                if let Some(t) = self.program.timed_out() {
                    if t.spent.asleep == Some(true) {
                        self.asleep = self.stopped.clone().map(|message| Hang {
                            limit: t.spent.limit,
                            message,
                        });
                    }
                }
                Next::Stopped
            }
        }
    }

    /// Why the last wait ran out, while we waited for `what`: which limit,
    /// how long we waited and what CPU time the program had.
    fn timeout_reason(&mut self, what: &str) -> String {
        let closed = if self.program.stdin_held() {
            ""
        } else {
            " (it closed its standard input)"
        };
        let secs = super::stall::secs;
        match self.program.timed_out() {
            Some(t) if t.whole => format!(
                "while we waited for {what}, the session took more than {} s: it hangs{closed}; {}",
                secs(t.spent.limit),
                t.spent.measured("it")
            ),
            Some(t) => format!(
                "no request for input (and no output) while we waited for {what}, for {} s: it hangs{closed}; {}",
                secs(t.spent.limit),
                t.spent.measured("it")
            ),
            None => format!(
                "no request for input (and no output) while we waited for {what}: it hangs{closed}"
            ),
        }
    }

    /// The output as text; bytes that are not UTF-8 are a `runs` failure
    /// (once per session).
    fn decode(&mut self, output: Vec<u8>, what: &str, at: Option<At>) -> String {
        match String::from_utf8(output) {
            Ok(t) => t,
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                if !self.bad_utf8 {
                    self.bad_utf8 = true;
                    let line = String::from_utf8_lossy(&bytes[..valid])
                        .lines()
                        .count()
                        .max(1);
                    let failure = Failure::shown(
                        format!(
                            "printed bytes that are not UTF-8 (byte 0x{:02x} on line {line} of the output before {what})",
                            bytes[valid]
                        ),
                        &text,
                    );
                    let failure = match at {
                        Some(a) => failure.at(a.ply, &a.pos),
                        None => failure,
                    };
                    self.rec.fail(self.runs_kind, failure);
                }
                text
            }
        }
    }

    /// Wait for a screen; an exit is recorded (as not after an end).
    pub(crate) fn wait_screen(&mut self, what: &str, at: Option<At>) -> Option<Screen> {
        match self.wait(what, at) {
            Next::Screen(s) => Some(s),
            Next::Exited(s, status) => {
                self.last_output = s.text;
                self.exited(status, what, at, false);
                None
            }
            Next::Stopped => None,
        }
    }

    /// Type `line`.
    pub(crate) fn send(&mut self, line: &str, what: &str, at: Option<At>) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.at_menu = false;
        match self.program.send(line) {
            Ok(()) => true,
            Err(SendError::Closed) => {
                self.stop(
                    format!("closed its standard input before we could type {what}"),
                    at,
                );
                false
            }
            Err(SendError::Io(e)) => {
                self.stop(format!("cannot type {what}: {e}"), at);
                false
            }
        }
    }

    /// Remember the menu shown in `text`, if any, and whether the program
    /// waits at it.
    pub(crate) fn see(&mut self, text: &str) {
        let m = screen::menu(text);
        if m.found() {
            self.menu = m;
        }
        self.at_menu = screen::ends_at_menu(text);
    }

    /// Choose `item` in the menu; the program must be at its menu.
    pub(crate) fn choose(&mut self, item: MenuItem) -> bool {
        if !self.at_menu {
            self.give_up("the program did not come back to its menu".to_string());
            return false;
        }
        let key = self.menu.key(item);
        self.send(
            &key,
            &format!("the menu option {key} ({})", item.label()),
            None,
        )
    }

    /// Wait for the menu after `what` (a failure of `kind` if something
    /// else comes).
    pub(crate) fn expect_menu(&mut self, what: &str, kind: Kind) -> bool {
        let Some(s) = self.wait_screen(what, None) else {
            return false;
        };
        self.see(&s.text);
        if self.at_menu || (s.view() == View::Again && s.prompt() == Some(PromptKind::Menu)) {
            self.at_menu = true;
            return true;
        }
        self.rec.fail(
            kind,
            Failure::shown(format!("did not show the menu after {what}"), &s.text),
        );
        if s.view() == View::Game && self.send("FIN", "FIN", None) {
            return self.expect_menu("FIN", kind);
        }
        self.give_up(format!("the program did not show its menu after {what}"));
        false
    }

    /// Leave the game shown on `screen` for the menu: nothing to do if the
    /// menu is already there; `FIN` if it asks for a move; otherwise the
    /// dialogue stops (nothing is typed into a prompt we do not know).
    pub(crate) fn leave_game(&mut self, screen: &Screen, at: Option<At>, kind: Kind) -> bool {
        self.see(&screen.text);
        if self.at_menu {
            return true;
        }
        let asks_move = matches!(screen.view(), View::Game | View::Again)
            || screen.prompt() == Some(PromptKind::Move);
        if !asks_move {
            self.give_up(format!(
                "after the game the program asked for something we do not recognise (`{}`); nothing more was typed",
                quote_line(screen::last_line(&screen.text))
            ));
            return false;
        }
        self.send("FIN", "FIN", at) && self.expect_menu("FIN", kind)
    }

    /// Choose quit and check the program exits cleanly, leaving nothing.
    pub(crate) fn quit(&mut self) {
        if self.stopped.is_some() || !self.at_menu {
            return;
        }
        let stray = self.program.stray_processes();
        if !self.choose(MenuItem::Quit) {
            return;
        }
        let key = self.menu.key(MenuItem::Quit);
        let wait = Wait {
            step: self.options.move_timeout,
            on_silence: false,
            whole: Some(self.whole),
        };
        match self.program.wait_exit(wait, self.options.output_cap) {
            None => {
                let out = String::from_utf8_lossy(&self.program.take_output()).into_owned();
                let mut message = format!(
                    "did not exit within {} s after choosing {key} (SALIR)",
                    super::stall::secs(self.options.move_timeout)
                );
                if let Some(t) = self.program.timed_out() {
                    message = format!(
                        "did not exit within {} s after choosing {key} (SALIR); {}",
                        super::stall::secs(t.spent.limit),
                        t.spent.measured("it")
                    );
                }
                self.rec.fail(Kind::Quit, Failure::shown(message, &out));
            }
            Some(status) if !status.success() => {
                let (count, left) = self.left_behind(stray);
                let also = match count {
                    0 => String::new(),
                    n => format!(
                        "; it also left {n} process{} running (all killed)",
                        if n == 1 { "" } else { "es" }
                    ),
                };
                let failure = Failure {
                    message: format!(
                        "exited with {} after choosing {key} (SALIR){also}",
                        self.program.describe_status(status)
                    ),
                    found: (!left.is_empty()).then(|| left.join(", ")),
                    stderr_tail: self.stderr_tail(),
                    ..Failure::default()
                };
                self.rec.fail(Kind::Quit, failure);
            }
            Some(_) => self.count_left(stray),
        }
    }

    /// The processes left behind: seen at the menu before quitting, or
    /// still alive now (the longer list), at most 20 named.
    fn left_behind(&mut self, stray: Vec<String>) -> (usize, Vec<String>) {
        let left = self.program.processes_left(Duration::from_millis(200));
        let names = if stray.len() >= left.len() {
            stray
        } else {
            left
        };
        let n = names.len();
        let mut shown: Vec<String> = names.into_iter().take(20).collect();
        if n > shown.len() {
            shown.push(format!("… and {} more", n - 20));
        }
        (n, shown)
    }

    /// After a clean exit: processes left running (seen at the menu before
    /// quitting, or still alive now) fail `quit`.
    fn count_left(&mut self, stray: Vec<String>) {
        let (n, names) = self.left_behind(stray);
        if n == 0 {
            self.rec.pass(Kind::Quit);
            return;
        }
        self.rec.fail(
            Kind::Quit,
            Failure {
                message: format!(
                    "left {n} process{} running in the background (all killed)",
                    if n == 1 { "" } else { "es" }
                ),
                found: Some(names.join(", ")),
                ..Failure::default()
            },
        );
    }

    /// The size of the program's disk space when it is full (within
    /// 64 KiB): only a sandbox's tmpfs has a size.
    fn disk_full(&self) -> Option<u64> {
        if !matches!(self.options.sandbox, Sandbox::Bwrap { .. }) {
            return None;
        }
        let (used, total) = self.folder.as_ref().and_then(Folder::usage)?;
        (total > 0 && used + 64 * 1024 >= total).then_some(total)
    }

    /// A program that filled its disk space fails `runs`, even if it
    /// coped with it.
    fn check_disk(&mut self) {
        if let Some(total) = self.disk_full() {
            let failure = Failure {
                message: format!(
                    "filled its disk space: {} written in its folder and /tmp together (the limit, --disk)",
                    size(total)
                ),
                stderr_tail: self.stderr_tail(),
                ..Failure::default()
            };
            self.rec.fail(self.runs_kind, failure);
        }
    }

    /// End the session: kill what is left, remove the folder, and make the
    /// report (with the asleep timeout that stopped it, if one did).
    pub(crate) fn finish(
        mut self,
        plies: usize,
        result: String,
        played: usize,
        started: Instant,
    ) -> Run<Kind> {
        self.check_disk();
        self.program.kill();
        if !self.rec.failed(self.runs_kind) {
            self.rec.pass(self.runs_kind);
        }
        if let Some(note) = self.folder.take().and_then(remove_folder) {
            self.rec.note(note);
        }
        let why = self.stopped.clone().or(self.unreached.clone());
        let report = self.rec.finish(
            why.as_deref(),
            plies,
            result,
            played,
            started.elapsed().as_secs_f64(),
        );
        Run {
            report,
            asleep: self.asleep.take(),
        }
    }
}

/// A report for a session that could not start: the program's own
/// failure is charged to `kind`; the grader's leaves the game not graded.
pub(crate) fn not_started(
    mut rec: Recorder,
    kind: Kind,
    why: StartError,
    plies: usize,
    result: String,
    started: Instant,
) -> Run<Kind> {
    let message = match why {
        StartError::Grader(n) => {
            rec.not_graded(n);
            return Run::done(rec.finish(None, plies, result, 0, started.elapsed().as_secs_f64()));
        }
        StartError::Program(message) => message,
    };
    rec.fail(
        kind,
        Failure {
            message: message.clone(),
            ..Failure::default()
        },
    );
    Run::done(rec.finish(
        Some(&format!("the program did not start ({message})")),
        plies,
        result,
        0,
        started.elapsed().as_secs_f64(),
    ))
}

/// Remove a working folder (and, for a folder on the host of a program
/// with a user of its own, what that user left in the places every user
/// may write in: [`super::shared`]); what could not be removed, as a note.
pub(crate) fn remove_folder(folder: Folder) -> Option<String> {
    let shown = folder.path.display().to_string();
    let shared_user = folder.host_path().and(folder.owner);
    let left = folder.remove(RemoveLimits::default());
    let mut notes = Vec::new();
    if !left.is_clean() {
        notes.push(format!(
            "the working folder {} was not removed completely: {}",
            quote_line(&shown),
            describe_leftover(&left)
        ));
    }
    if let Some(why) = shared_user.and_then(|u| super::shared::remove_left_by(u.uid)) {
        notes.push(format!(
            "what the program left in /tmp, /var/tmp or /dev/shm was not removed completely: {why}"
        ));
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// Why a run could not start: the grader's own failure (never a score) or
/// the program's.
#[derive(Debug)]
pub(crate) enum StartError {
    /// The grader could not set the run up: its working folder, the copy
    /// of the submission, the sandbox, the pipes. The run is not graded.
    Grader(NotGraded),
    /// The program itself could not start: its entry file is missing, or
    /// cannot be run. Charged to it.
    Program(String),
}

/// The byte budget of a copy into a working folder: the sandbox's disk
/// (`--disk`), or without one at least 64 MiB.
pub(crate) fn copy_budget(options: &Options) -> u64 {
    match options.sandbox {
        Sandbox::Bwrap { .. } => options.limits.disk_bytes,
        Sandbox::Unconfined => options.limits.disk_bytes.max(64 << 20),
    }
}

/// The failure of copying `source` into a working folder.
fn copy_failed(source: &Path, e: &CopyError) -> NotGraded {
    NotGraded::copy(
        &e.to_string(),
        format!(
            "cannot copy {}: {e}",
            quote_line(&source.display().to_string())
        ),
    )
}

/// Make a fresh working folder, copy the submission in, and start its
/// command there as `user`, confined as `options` say (the one way every
/// grader starts a student's program). A submission the grader found it
/// cannot copy ([`Submission::not_graded`]) does not start.
pub(crate) fn spawn(
    sub: &Submission,
    options: &Options,
    user: Option<User>,
) -> Result<(Program, Folder), StartError> {
    if let Some(n) = &sub.not_graded {
        return Err(StartError::Grader(n.clone()));
    }
    if let Some(u) = user {
        // The last run's processes were killed, but the dying (and
        // zombies not yet reaped) still count against this user's
        // process limit: a run started now could not even fork.
        super::procs::wait_user_gone(u.uid, USER_GONE_WAIT);
        if matches!(options.sandbox, Sandbox::Unconfined) {
            // What a run of this user left (a grader killed before it
            // could clean up): the program must not find it.
            let _ = super::shared::remove_left_by(u.uid);
        }
    }
    match &options.sandbox {
        Sandbox::Unconfined => start_unconfined(sub, options, user),
        Sandbox::Bwrap { program, hide, .. } => start_bwrap(sub, options, user, program, hide),
    }
}

/// How to start the program: `argv` and `env` as it sees them, as `user`.
fn launch<'b>(
    options: &Options,
    argv: &'b [OsString],
    env: &'b [(OsString, OsString)],
    user: Option<User>,
) -> Launch<'b> {
    Launch {
        argv,
        env,
        limits: options.limits,
        user,
        idle: options.idle,
    }
}

fn start_unconfined(
    sub: &Submission,
    options: &Options,
    user: Option<User>,
) -> Result<(Program, Folder), StartError> {
    let folder = Folder::create_in(&std::env::temp_dir(), user).map_err(|e| {
        StartError::Grader(NotGraded::sandbox(format!(
            "cannot make a working folder in {}: {e}",
            quote_line(&std::env::temp_dir().display().to_string())
        )))
    })?;
    if let Some(source) = &sub.source {
        if let Err(e) = folder.copy_in(source, &CopyRules::student(copy_budget(options))) {
            folder.remove(RemoveLimits::default());
            return Err(StartError::Grader(copy_failed(source, &e)));
        }
    }
    let argv = options.named.rewrite(sub.argv(&folder.path), user, false);
    let env = options.environment(&folder.path);
    match Program::spawn_unconfined(&launch(options, &argv, &env, user), &folder.path) {
        Ok(p) => Ok((p, folder)),
        Err(e) => {
            // Its own file (the entry run as a program) that cannot run is
            // the program's failure; anything else (the interpreter,
            // checked before anyone was graded) the grader's.
            let own = argv
                .first()
                .is_some_and(|a| Path::new(a).starts_with(&folder.path));
            folder.remove(RemoveLimits::default());
            let message = format!("cannot start `{}`: {e}", show_command(&argv));
            Err(if own {
                StartError::Program(message)
            } else {
                StartError::Grader(NotGraded::sandbox(message))
            })
        }
    }
}

fn start_bwrap(
    sub: &Submission,
    options: &Options,
    user: Option<User>,
    program: &Path,
    hide: &[PathBuf],
) -> Result<(Program, Folder), StartError> {
    let dir = options.sandbox.program_folder(None);
    let argv = options.named.rewrite(sub.argv(&dir), user, true);
    let env = options.environment(&dir);
    let (covers, binds) = options.named.mounts(user);
    let args = BwrapArgs {
        user,
        disk_bytes: options.limits.disk_bytes,
        hide,
        covers,
        binds,
        block: -1,
        info: -1,
    };
    let copy_error: std::cell::RefCell<Option<NotGraded>> = std::cell::RefCell::new(None);
    let fill = |folder: &Folder| -> Result<(), String> {
        let Some(source) = &sub.source else {
            return Ok(());
        };
        folder
            .copy_in(source, &CopyRules::student(copy_budget(options)))
            .map(|_| ())
            .map_err(|e| {
                let failed = copy_failed(source, &e);
                let detail = failed.detail.clone();
                *copy_error.borrow_mut() = Some(failed);
                detail
            })
    };
    Program::spawn_bwrap(&launch(options, &argv, &env, user), program, args, &fill).map_err(|e| {
        StartError::Grader(copy_error.take().unwrap_or_else(|| {
            NotGraded::sandbox(format!(
                "cannot start `{}` in bubblewrap: {e}",
                show_command(&argv)
            ))
        }))
    })
}

fn show_command(argv: &[OsString]) -> String {
    let words: Vec<String> = argv
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    quote_line(&words.join(" "))
}

/// The side names used in failures.
pub fn side_name(side: Side) -> &'static str {
    side.spanish()
}
