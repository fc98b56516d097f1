//! The script of one session: a reference game played into a program as a
//! person would (menu, moves, `FIN`, save, load, quit), and the `--ai` game.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use super::process::{Program, Ready, SendError, describe_status};
use super::report::{CheckStatus, Failure, GameReport};
use super::screen::{self, Menu, MenuItem, PromptKind};
use super::{Kind, Options, Reference, Submission, side_name};
use crate::basic::BasicScore;
use crate::console::{OfficerControl, RebelControl};
use crate::record::write_record;
use crate::replay::{CheckOptions, check};
use crate::{Move, Position, render};

/// The file name typed to save a game.
pub const SAVE_NAME: &str = "partida-guardada.txt";
/// The file name typed to load the reference game.
pub const LOAD_NAME: &str = "partida-referencia.txt";
/// How many lines of output and stderr a failure shows.
const TAIL_LINES: usize = 12;

/// The failures and passes of one session.
struct Recorder {
    game: String,
    planned: Vec<Kind>,
    passed: BTreeSet<Kind>,
    failures: Vec<Failure>,
}

impl Recorder {
    fn new(game: &str, planned: Vec<Kind>) -> Recorder {
        Recorder {
            game: game.to_string(),
            planned,
            passed: BTreeSet::new(),
            failures: Vec::new(),
        }
    }

    fn failed(&self, kind: Kind) -> bool {
        self.failures.iter().any(|f| f.kind == kind.name())
    }

    fn fail(&mut self, kind: Kind, mut failure: Failure) {
        if !self.planned.contains(&kind) {
            return;
        }
        if let Some(first) = self.failures.iter_mut().find(|f| f.kind == kind.name()) {
            first.more += 1;
            return;
        }
        failure.kind = kind.name();
        failure.game = self.game.clone();
        self.failures.push(failure);
    }

    fn pass(&mut self, kind: Kind) {
        self.passed.insert(kind);
    }

    fn finish(
        mut self,
        stopped: Option<&str>,
        plies: usize,
        result: String,
        played: usize,
        seconds: f64,
    ) -> GameReport {
        let mut checks = BTreeMap::new();
        for kind in self.planned.clone() {
            let status = if self.failed(kind) {
                CheckStatus::Fail
            } else if self.passed.contains(&kind) {
                CheckStatus::Pass
            } else {
                self.fail(
                    kind,
                    Failure {
                        message: format!(
                            "not checked: {}",
                            stopped.unwrap_or("the session ended before this check")
                        ),
                        ..Failure::default()
                    },
                );
                CheckStatus::Fail
            };
            checks.insert(kind, status);
        }
        self.failures
            .sort_by_key(|f| Kind::ALL.iter().position(|k| k.name() == f.kind));
        GameReport {
            game: self.game,
            plies,
            result,
            played,
            checks,
            failures: self.failures,
            seconds: (seconds * 1000.0).round() / 1000.0,
        }
    }
}

/// A screen: what the program printed before asking for input.
struct Screen {
    text: String,
    prompt: Option<PromptKind>,
}

impl Screen {
    /// The line numbers of the last `Turno:` line, the last menu entry and
    /// the last announcement of an end, to tell which came last when the
    /// prompt itself says nothing.
    fn last_lines(&self) -> (Option<usize>, Option<usize>, Option<usize>) {
        let (mut turn, mut menu, mut end) = (None, None, None);
        for (i, line) in self.text.lines().enumerate() {
            if screen::normalize(line).contains("turno") {
                turn = Some(i);
            }
            if screen::menu(line).found() {
                menu = Some(i);
            }
            if screen::end_announcement(line).is_some() {
                end = Some(i);
            }
        }
        (turn, menu, end)
    }

    /// Whether the screen is a game screen asking for a move.
    fn asks_move(&self) -> bool {
        match self.prompt {
            Some(PromptKind::Move) => true,
            Some(_) => false,
            None => {
                let (turn, menu, end) = self.last_lines();
                turn.is_some() && turn > menu && turn > end
            }
        }
    }

    /// Whether the screen is the menu.
    fn is_menu(&self) -> bool {
        match self.prompt {
            Some(PromptKind::Menu) => true,
            Some(_) => false,
            None => {
                let (turn, menu, _) = self.last_lines();
                menu.is_some() && menu > turn
            }
        }
    }
}

/// A running session.
struct Session<'a> {
    program: Program,
    options: &'a Options,
    workdir: tempfile::TempDir,
    rec: Recorder,
    /// Where process-level failures (crash, hang...) are counted.
    runs_kind: Kind,
    menu: Menu,
    deadline: Instant,
    /// Set when the session cannot go on.
    stopped: Option<String>,
    bad_utf8: bool,
    last_output: String,
}

impl Failure {
    /// A failure with `message` and the last lines the program printed.
    fn shown(message: impl Into<String>, output: &str) -> Failure {
        Failure {
            message: message.into(),
            output_tail: tail(output, TAIL_LINES),
            ..Failure::default()
        }
    }
}

fn tail(text: &str, lines: usize) -> Option<String> {
    let all: Vec<&str> = text.lines().collect();
    let from = all.len().saturating_sub(lines);
    let t = all[from..].join("\n");
    (!t.trim().is_empty()).then_some(t)
}

fn notation(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn typed(mv: &Move) -> String {
    format!("{}-{}", mv.from(), mv.second())
}

fn outcome_text(reference: &Reference) -> String {
    match reference.outcome {
        Some(o) => format!("{}, after move {}", o.outcome, o.ply),
        None => "unfinished".to_string(),
    }
}

impl<'a> Session<'a> {
    /// Make the working folder and start the program.
    fn start(
        sub: &Submission,
        options: &'a Options,
        rec: Recorder,
        runs_kind: Kind,
    ) -> Result<Session<'a>, (Recorder, String)> {
        let workdir = match tempfile::Builder::new().prefix("asalto-grade-").tempdir() {
            Ok(d) => d,
            Err(e) => return Err((rec, format!("cannot make a working folder: {e}"))),
        };
        if let Some(problem) = &sub.problem {
            return Err((rec, problem.clone()));
        }
        if let Some(source) = &sub.source {
            if let Err(e) = copy_folder(source, workdir.path(), &mut 0) {
                return Err((rec, format!("cannot copy {}: {e}", source.display())));
            }
        }
        let argv = sub.argv(workdir.path());
        let env = options.environment(workdir.path());
        let program = match Program::spawn(
            &argv,
            workdir.path(),
            &env,
            options.limits,
            &options.sandbox,
            options.idle,
        ) {
            Ok(p) => p,
            Err(e) => {
                let cmd: Vec<String> = argv
                    .iter()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect();
                return Err((rec, format!("cannot start `{}`: {e}", cmd.join(" "))));
            }
        };
        Ok(Session {
            program,
            options,
            workdir,
            rec,
            runs_kind,
            menu: Menu::default(),
            deadline: Instant::now() + options.game_timeout,
            stopped: None,
            bad_utf8: false,
            last_output: String::new(),
        })
    }

    fn stderr_tail(&self) -> Option<String> {
        tail(
            &String::from_utf8_lossy(self.program.stderr_tail()),
            TAIL_LINES,
        )
    }

    /// Stop the session with a process-level failure.
    fn stop(&mut self, message: String, ply: Option<usize>, pos: Option<&Position>) {
        let failure = Failure {
            ply,
            side: pos.map(|p| side_name(p.turn())),
            message: message.clone(),
            output_tail: tail(&self.last_output, TAIL_LINES),
            stderr_tail: self.stderr_tail(),
            ..Failure::default()
        };
        self.rec.fail(self.runs_kind, failure);
        self.stopped = Some(message);
    }

    /// Wait for the program to ask for input. `None` (and the session
    /// stopped) when it crashed, hung or flooded.
    fn wait(
        &mut self,
        what: &str,
        ply: Option<usize>,
        pos: Option<&Position>,
        long: bool,
    ) -> Option<Screen> {
        if self.stopped.is_some() {
            return None;
        }
        // A long wait (a game the program plays by itself) may go on while
        // the program keeps printing; a short one has the move timeout.
        let (deadline, cap) = if long {
            (self.deadline, self.options.output_cap.saturating_mul(64))
        } else {
            (
                (Instant::now() + self.options.move_timeout).min(self.deadline),
                self.options.output_cap,
            )
        };
        let waited = self
            .program
            .wait_ready(deadline, self.options.move_timeout, cap, &|out| {
                screen::ends_with_prompt(out).is_some()
            });
        let text = match String::from_utf8(waited.output) {
            Ok(t) => t,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                if !self.bad_utf8 {
                    self.bad_utf8 = true;
                    let line = String::from_utf8_lossy(&bytes[..at]).lines().count().max(1);
                    self.rec.fail(
                        self.runs_kind,
                        Failure {
                            ply,
                            side: pos.map(|p| side_name(p.turn())),
                            ..Failure::shown(format!(
                                "printed bytes that are not UTF-8 (byte 0x{:02x} on line {line} of the output before {what})",
                                bytes[at]
                            ), &text)
                        },
                    );
                }
                text
            }
        };
        self.last_output = text.clone();
        match waited.ready {
            Ready::Reading | Ready::Prompt | Ready::Idle => {
                let prompt = screen::prompt_kind(screen::last_line(&text));
                Some(Screen { text, prompt })
            }
            Ready::Exited(status) => {
                self.stop(
                    format!(
                        "exited with {} while we waited for {what}",
                        describe_status(status)
                    ),
                    ply,
                    pos,
                );
                None
            }
            Ready::Flood => {
                self.stop(
                    format!(
                        "printed more than {} bytes without asking for input, while we waited for {what}",
                        cap
                    ),
                    ply,
                    pos,
                );
                None
            }
            Ready::Timeout => {
                let why = if Instant::now() >= self.deadline {
                    format!(
                        "the session took longer than {} s",
                        self.options.game_timeout.as_secs_f64()
                    )
                } else {
                    format!(
                        "no request for input (and no output) for {} s",
                        self.options.move_timeout.as_secs_f64()
                    )
                };
                let closed = if self.program.stdin_held() {
                    ""
                } else {
                    " (it closed its standard input)"
                };
                self.stop(
                    format!("{why} while we waited for {what}: it hangs{closed}"),
                    ply,
                    pos,
                );
                None
            }
        }
    }

    /// Type `line`.
    fn send(&mut self, line: &str, what: &str, ply: Option<usize>, pos: Option<&Position>) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        match self.program.send(line) {
            Ok(()) => true,
            Err(SendError::Closed) => {
                self.stop(
                    format!("closed its standard input before we could type {what}"),
                    ply,
                    pos,
                );
                false
            }
            Err(SendError::Io(e)) => {
                self.stop(format!("cannot type {what}: {e}"), ply, pos);
                false
            }
        }
    }

    /// Remember the menu shown in `text`, if any.
    fn see_menu(&mut self, text: &str) {
        let m = screen::menu(text);
        if m.found() {
            self.menu = m;
        }
    }

    fn choose(&mut self, item: MenuItem) -> bool {
        let key = self.menu.key(item);
        self.send(
            &key,
            &format!("the menu option {key} ({})", item.label()),
            None,
            None,
        )
    }

    /// Wait for the menu; a failure of `kind` if something else comes.
    fn wait_menu(&mut self, what: &str, kind: Kind) -> bool {
        let Some(s) = self.wait(what, None, None, false) else {
            return false;
        };
        self.see_menu(&s.text);
        if s.is_menu() {
            return true;
        }
        if s.asks_move() {
            // Still in a game: leave it.
            self.rec.fail(
                kind,
                Failure::shown(
                    format!("asked for a move where we expected {what}"),
                    &s.text,
                ),
            );
            if !self.send("FIN", "FIN", None, None) {
                return false;
            }
            return self.wait_menu(what, kind);
        }
        // An unknown prompt: trust the program is at its menu.
        true
    }

    /// Check a game screen against `pos`: the turn, the moves and (when
    /// `board`) the drawing. Failures go to `turn`/`moves`/`board`, or all
    /// to `as_kind` when given. Whether everything matched.
    fn check_screen(
        &mut self,
        text: &str,
        pos: &Position,
        ply: usize,
        board: bool,
        as_kind: Option<Kind>,
    ) -> bool {
        let side = pos.turn();
        let base = Failure {
            ply: Some(ply),
            side: Some(side_name(side)),
            position: Some(pos.to_string()),
            board: Some(render::ascii(pos.board())),
            ..Failure::default()
        };
        let mut ok = true;
        let context = if as_kind.is_some() {
            "after loading, "
        } else {
            ""
        };
        match screen::turn(text) {
            Some(s) if s == side => {}
            found => {
                ok = false;
                self.rec.fail(
                    as_kind.unwrap_or(Kind::Turn),
                    Failure {
                        message: format!("{context}`Turno:` does not name the side to move"),
                        expected: Some(format!("Turno: {}", side_name(side))),
                        found: Some(match found {
                            Some(s) => format!("Turno: {}", side_name(s)),
                            None => "no `Turno:` line naming OFICIALES or REBELDES".to_string(),
                        }),
                        output_tail: tail(text, TAIL_LINES),
                        ..base.clone()
                    },
                );
            }
        }
        let expected: BTreeSet<String> = notation(&pos.legal_moves()).into_iter().collect();
        match screen::listed_moves(text) {
            None => {
                ok = false;
                self.rec.fail(
                    as_kind.unwrap_or(Kind::Moves),
                    Failure {
                        message: format!("{context}no list of moves after `Jugadas posibles`"),
                        expected: Some(expected.iter().cloned().collect::<Vec<_>>().join(", ")),
                        output_tail: tail(text, TAIL_LINES),
                        ..base.clone()
                    },
                );
            }
            Some(listed) => {
                let found: BTreeSet<String> = listed
                    .iter()
                    .map(|m| {
                        m.iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join("-")
                    })
                    .collect();
                if found != expected {
                    ok = false;
                    self.rec.fail(
                        as_kind.unwrap_or(Kind::Moves),
                        Failure {
                            message: format!("{context}the listed moves are not the legal moves"),
                            missing: expected.difference(&found).cloned().collect(),
                            extra: found.difference(&expected).cloned().collect(),
                            ..base.clone()
                        },
                    );
                }
            }
        }
        if board && self.options.weights.get(Kind::Board) > 0.0 {
            let problems = screen::compare_board(&screen::board(text), pos.board());
            if !problems.is_empty() {
                self.rec.fail(
                    Kind::Board,
                    Failure {
                        message: "the board drawing does not show the position".to_string(),
                        found: Some(problems.join("\n")),
                        output_tail: tail(text, 16),
                        ..base
                    },
                );
            }
        }
        ok
    }

    /// Choose the menu's save or load `item` (shown as `entry`) and answer
    /// its question for a file name with `name`. `None` when the session
    /// stopped; `Some(false)` when the program did not ask for a file name
    /// (a failure of `kind`, recorded); `Some(true)` when the name was sent.
    fn give_file_name(
        &mut self,
        item: MenuItem,
        entry: &str,
        name: &str,
        kind: Kind,
    ) -> Option<bool> {
        if !self.choose(item) {
            return None;
        }
        let question = self.wait(
            &format!("the question for a file name (after choosing {entry})"),
            None,
            None,
            false,
        )?;
        if question.is_menu() || question.asks_move() {
            self.see_menu(&question.text);
            self.rec.fail(
                kind,
                Failure::shown(
                    format!("did not ask for a file name after choosing {entry}"),
                    &question.text,
                ),
            );
            return Some(false);
        }
        let what = format!(
            "the file name to {}",
            if item == MenuItem::Save {
                "save"
            } else {
                "load"
            }
        );
        self.send(name, &what, None, None).then_some(true)
    }

    /// Save with the menu's save entry and compare with `expected`.
    fn save_and_compare(&mut self, expected: &[Move], kind: Kind) -> Option<String> {
        let path = self.workdir.path().join(SAVE_NAME);
        let _ = std::fs::remove_file(&path);
        if !self.give_file_name(MenuItem::Save, "SALVAR PARTIDA", SAVE_NAME, kind)? {
            return None;
        }
        if !self.wait_menu("the menu after saving", kind) {
            return None;
        }
        let saved = match read_capped(&path, self.options.limits.file_size_bytes) {
            Ok(bytes) => bytes,
            Err(e) => {
                self.rec.fail(
                    kind,
                    Failure {
                        message: format!(
                            "no saved file: typed `{SAVE_NAME}` as the file name, but {e}"
                        ),
                        expected: Some(write_record(expected).trim_end().to_string()),
                        ..Failure::default()
                    },
                );
                return None;
            }
        };
        let text = String::from_utf8_lossy(&saved).into_owned();
        let want = write_record(expected);
        let checked = check(&text, CheckOptions::default());
        let moves: Vec<Move> = checked.game.moves().copied().collect();
        if kind != Kind::Save {
            return Some(text);
        }
        if checked.errors().next().is_none() && moves == expected {
            self.rec.pass(Kind::Save);
        } else {
            let why = match checked.errors().next() {
                Some(p) => format!("line {}: {}", p.line, p.message),
                None => format!(
                    "it holds {} moves, the game played has {}",
                    moves.len(),
                    expected.len()
                ),
            };
            let diff = similar::TextDiff::from_lines(want.as_str(), text.as_str())
                .unified_diff()
                .context_radius(2)
                .header("expected", SAVE_NAME)
                .to_string();
            self.rec.fail(
                kind,
                Failure {
                    message: format!("the saved file is not the game played: {why}"),
                    diff: Some(diff),
                    ..Failure::default()
                },
            );
        }
        Some(text)
    }

    /// Choose quit and check the program exits cleanly.
    fn quit(&mut self) {
        if self.stopped.is_some() {
            return;
        }
        let stray = self.program.stray_processes();
        if !self.choose(MenuItem::Quit) {
            return;
        }
        let key = self.menu.key(MenuItem::Quit);
        let deadline = (Instant::now() + self.options.move_timeout).min(self.deadline);
        match self.program.wait_exit(deadline, self.options.output_cap) {
            None => {
                let out = String::from_utf8_lossy(&self.program.take_output()).into_owned();
                self.rec.fail(
                    Kind::Quit,
                    Failure::shown(
                        format!(
                            "did not exit within {} s after choosing {key} (SALIR)",
                            self.options.move_timeout.as_secs_f64()
                        ),
                        &out,
                    ),
                );
            }
            Some(status) if !status.success() => {
                self.rec.fail(
                    Kind::Quit,
                    Failure {
                        message: format!(
                            "exited with {} after choosing {key} (SALIR)",
                            describe_status(status)
                        ),
                        stderr_tail: self.stderr_tail(),
                        ..Failure::default()
                    },
                );
            }
            Some(_) => {
                let left = self.program.session_left(Duration::from_millis(200));
                let n = stray.len().max(left.len());
                if n > 0 {
                    let names = if stray.len() >= left.len() {
                        &stray
                    } else {
                        &left
                    };
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
                } else {
                    self.rec.pass(Kind::Quit);
                }
            }
        }
    }

    fn finish(
        mut self,
        plies: usize,
        result: String,
        played: usize,
        started: Instant,
    ) -> GameReport {
        self.program.kill();
        if self.stopped.is_none() && !self.rec.failed(self.runs_kind) {
            self.rec.pass(self.runs_kind);
        }
        let stopped = self
            .stopped
            .clone()
            .map(|s| format!("the session stopped earlier ({s})"));
        self.rec.finish(
            stopped.as_deref(),
            plies,
            result,
            played,
            started.elapsed().as_secs_f64(),
        )
    }
}

fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Copy a submission folder (regular files and folders only, at most
/// 64 MiB in all).
fn copy_folder(from: &Path, to: &Path, copied: &mut u64) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            std::fs::create_dir_all(&target)?;
            copy_folder(&entry.path(), &target, copied)?;
        } else if kind.is_file() {
            *copied += entry.metadata()?.len();
            if *copied > 64 << 20 {
                return Err(std::io::Error::other(
                    "the submission is larger than 64 MiB",
                ));
            }
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// A report for a session that could not start.
fn not_started(
    rec: Recorder,
    kind: Kind,
    message: String,
    plies: usize,
    result: String,
    started: Instant,
) -> GameReport {
    let mut rec = rec;
    rec.fail(
        kind,
        Failure {
            message: message.clone(),
            ..Failure::default()
        },
    );
    rec.finish(
        Some(&format!("the program did not start ({message})")),
        plies,
        result,
        0,
        started.elapsed().as_secs_f64(),
    )
}

/// Play `reference` into the program, then save, load and quit.
pub(crate) fn play_reference(
    sub: &Submission,
    reference: &Reference,
    options: &Options,
) -> GameReport {
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
    if !reference.finished() {
        planned.push(Kind::Load);
    }
    planned.retain(|k| options.weights.get(*k) > 0.0);
    let rec = Recorder::new(&reference.name, planned);
    let plies = reference.moves.len();
    let result = outcome_text(reference);
    let mut s = match Session::start(sub, options, rec, Kind::Runs) {
        Ok(s) => s,
        Err((rec, message)) => {
            return not_started(rec, Kind::Runs, message, plies, result, started);
        }
    };
    let played = play_game(&mut s, reference);
    let mut loaded = false;
    if s.stopped.is_none() {
        s.save_and_compare(&reference.moves[..played], Kind::Save);
        if !reference.finished() && s.stopped.is_none() {
            loaded = load_and_check(&mut s, reference);
        }
        s.quit();
    }
    if !reference.finished()
        && !loaded
        && s.stopped.is_some()
        && options.weights.get(Kind::Load) > 0.0
    {
        // The game part stopped: check loading in a fresh session.
        if let Ok(mut fresh) = Session::start(
            sub,
            options,
            Recorder::new(&reference.name, vec![Kind::Load]),
            Kind::Load,
        ) {
            if let Some(first) = fresh.wait("the menu", None, None, false) {
                fresh.see_menu(&first.text);
                load_and_check(&mut fresh, reference);
            }
            fresh.program.kill();
            let load_failures: Vec<Failure> = fresh.rec.failures.clone();
            if load_failures.is_empty() && fresh.rec.passed.contains(&Kind::Load) {
                s.rec.pass(Kind::Load);
            } else {
                for f in load_failures {
                    s.rec.fail(Kind::Load, f);
                }
            }
        }
    }
    s.finish(plies, result, played, started)
}

/// The game part: new game, every move, the end. Returns the number of
/// moves the program accepted.
fn play_game(s: &mut Session, reference: &Reference) -> usize {
    let Some(first) = s.wait("the menu", None, None, false) else {
        return 0;
    };
    s.see_menu(&first.text);
    if !s.choose(MenuItem::New) {
        return 0;
    }
    let mut pos = Position::start();
    let mut accepted = 0;
    for (i, mv) in reference.moves.iter().enumerate() {
        let ply = i + 1;
        let what = format!("the game screen before move {ply}");
        let Some(screen) = s.wait(&what, Some(ply), Some(&pos), false) else {
            return accepted;
        };
        if !screen.asks_move() || screen::end_announcement(&screen.text).is_some() {
            s.see_menu(&screen.text);
            s.rec.fail(
                Kind::End,
                Failure {
                    ply: Some(ply),
                    side: Some(side_name(pos.turn())),
                    message: "announced the end of the game, but the game goes on".to_string(),
                    expected: Some(format!(
                        "the game screen, {} to move",
                        side_name(pos.turn())
                    )),
                    found: Some(
                        screen::end_announcement(&screen.text)
                            .map(|a| a.line)
                            .unwrap_or_else(|| "no game screen".to_string()),
                    ),
                    position: Some(pos.to_string()),
                    board: Some(render::ascii(pos.board())),
                    ..Failure::default()
                },
            );
            if screen.asks_move() {
                s.send("FIN", "FIN", Some(ply), Some(&pos));
                s.wait_menu("the menu after FIN", Kind::End);
            }
            pass_game_checks(s);
            return accepted;
        }
        if i > 0 && refused(&screen.text, &pos) {
            let prev = &reference.moves[i - 1];
            s.rec.fail(
                Kind::Moves,
                Failure {
                    ply: Some(i),
                    side: Some(side_name(pos.turn().opponent())),
                    ..Failure::shown(
                        format!(
                            "did not accept the legal move {prev} (typed as {})",
                            typed(prev)
                        ),
                        &screen.text,
                    )
                },
            );
            accepted = i - 1;
            if s.send("FIN", "FIN", Some(ply), Some(&pos)) {
                s.wait_menu("the menu after FIN", Kind::Moves);
            }
            pass_game_checks(s);
            return accepted;
        }
        s.check_screen(&screen.text, &pos, ply, true, None);
        if !s.send(&typed(mv), &format!("move {ply}"), Some(ply), Some(&pos)) {
            return accepted;
        }
        pos = pos.play_unchecked(mv);
        accepted = ply;
    }
    let ply = reference.moves.len() + 1;
    let what = if reference.finished() {
        "the end of the game"
    } else {
        "the game screen after the last move"
    };
    let Some(screen) = s.wait(what, Some(ply), Some(&pos), false) else {
        return accepted;
    };
    let announcement = screen::end_announcement(&screen.text);
    let base = Failure {
        ply: Some(ply),
        side: Some(side_name(pos.turn())),
        position: Some(pos.to_string()),
        board: Some(render::ascii(pos.board())),
        ..Failure::default()
    };
    let refused_last = ply > 1 && screen.asks_move() && refused(&screen.text, &pos);
    if let Some(prev) = reference.moves.last().filter(|_| refused_last) {
        s.rec.fail(
            Kind::Moves,
            Failure {
                ply: Some(ply - 1),
                side: Some(side_name(pos.turn().opponent())),
                ..Failure::shown(
                    format!(
                        "did not accept the legal move {prev} (typed as {})",
                        typed(prev)
                    ),
                    &screen.text,
                )
            },
        );
        accepted -= 1;
        if s.send("FIN", "FIN", Some(ply), Some(&pos)) {
            s.wait_menu("the menu after FIN", Kind::Moves);
        }
        pass_game_checks(s);
        return accepted;
    }
    match reference.outcome {
        Some(outcome) => {
            let winner = outcome.outcome.winner;
            match announcement {
                Some(a) if a.winner == Some(winner) => s.rec.pass(Kind::End),
                Some(a) => s.rec.fail(
                    Kind::End,
                    Failure {
                        message: match a.winner {
                            Some(_) => "announced the wrong winner".to_string(),
                            None => "announced the end without naming the winner".to_string(),
                        },
                        expected: Some(format!(
                            "ganan los {}: {}",
                            side_name(winner),
                            outcome.outcome.reason.describe()
                        )),
                        found: Some(a.line),
                        ..base
                    },
                ),
                None => s.rec.fail(
                    Kind::End,
                    Failure {
                        message: format!(
                            "did not announce the end of the game ({})",
                            outcome.outcome
                        ),
                        expected: Some(format!("ganan los {}", side_name(winner))),
                        found: Some(if screen.asks_move() {
                            "the game screen, asking for another move".to_string()
                        } else {
                            "no announcement".to_string()
                        }),
                        output_tail: tail(&screen.text, TAIL_LINES),
                        ..base
                    },
                ),
            }
            s.rec.pass(Kind::Turn);
            s.rec.pass(Kind::Moves);
            s.rec.pass(Kind::Board);
            if screen.asks_move() {
                if s.send("FIN", "FIN", Some(ply), Some(&pos)) {
                    s.wait_menu("the menu after FIN", Kind::End);
                }
            } else {
                s.see_menu(&screen.text);
            }
        }
        None => {
            if !screen.asks_move() || announcement.is_some() {
                s.see_menu(&screen.text);
                s.rec.fail(
                    Kind::End,
                    Failure {
                        message: "announced the end of the game, but the game goes on".to_string(),
                        expected: Some(format!(
                            "the game screen, {} to move",
                            side_name(pos.turn())
                        )),
                        found: Some(
                            announcement
                                .map(|a| a.line)
                                .unwrap_or_else(|| "no game screen".to_string()),
                        ),
                        ..base
                    },
                );
                return accepted;
            }
            s.check_screen(&screen.text, &pos, ply, true, None);
            s.rec.pass(Kind::End);
            s.rec.pass(Kind::Turn);
            s.rec.pass(Kind::Moves);
            s.rec.pass(Kind::Board);
            if s.send("FIN", "FIN", Some(ply), Some(&pos)) {
                s.wait_menu("the menu after FIN", Kind::End);
            }
        }
    }
    accepted
}

/// The game stopped early because of a failure another check already
/// counts (a refused move, an early end): the checks of the screens shown
/// so far keep their result instead of counting as not checked.
fn pass_game_checks(s: &mut Session) {
    if s.stopped.is_none() {
        for kind in [Kind::Turn, Kind::Moves, Kind::Board, Kind::End] {
            s.rec.pass(kind);
        }
    }
}

/// Whether a screen after a move shows the move was not played: the same
/// side to move again, or no game screen at all.
fn refused(text: &str, pos: &Position) -> bool {
    match screen::turn(text) {
        Some(side) => side != pos.turn(),
        None => {
            screen::listed_moves(text).is_none()
                && screen::board(text).rows.iter().all(Option::is_none)
        }
    }
}

/// Load the reference with the menu's load entry and check the screen.
/// Whether the check was made.
fn load_and_check(s: &mut Session, reference: &Reference) -> bool {
    let path = s.workdir.path().join(LOAD_NAME);
    if let Err(e) = std::fs::write(&path, write_record(&reference.moves)) {
        s.rec.fail(
            Kind::Load,
            Failure {
                message: format!("cannot write the reference for loading: {e}"),
                ..Failure::default()
            },
        );
        return false;
    }
    match s.give_file_name(MenuItem::Load, "CARGAR PARTIDA", LOAD_NAME, Kind::Load) {
        None => return false,
        Some(false) => return true,
        Some(true) => {}
    }
    let pos = reference
        .moves
        .iter()
        .fold(Position::start(), |p, m| p.play_unchecked(m));
    let ply = reference.moves.len() + 1;
    let Some(screen) = s.wait(
        "the game screen after loading",
        Some(ply),
        Some(&pos),
        false,
    ) else {
        return false;
    };
    if !screen.asks_move() {
        s.see_menu(&screen.text);
        s.rec.fail(
            Kind::Load,
            Failure {
                ply: Some(ply),
                side: Some(side_name(pos.turn())),
                ..Failure::shown(
                    format!("did not show the game screen after loading `{LOAD_NAME}`"),
                    &screen.text,
                )
            },
        );
        return true;
    }
    if s.check_screen(&screen.text, &pos, ply, false, Some(Kind::Load)) {
        s.rec.pass(Kind::Load);
    }
    if s.send("FIN", "FIN", Some(ply), Some(&pos)) {
        s.wait_menu("the menu after FIN", Kind::Load);
    }
    true
}

/// The `--ai` session: AZAR officers, BASICO rebels, one whole game, saved
/// and checked.
pub(crate) fn play_ai(sub: &Submission, options: &Options) -> GameReport {
    let started = Instant::now();
    let rec = Recorder::new("ai", vec![Kind::Ai]);
    let mut s = match Session::start(sub, options, rec, Kind::Ai) {
        Ok(s) => s,
        Err((rec, message)) => {
            return not_started(rec, Kind::Ai, message, 0, "unfinished".to_string(), started);
        }
    };
    let (plies, result) = ai_game(&mut s, options.basic);
    s.quit();
    s.finish(plies, result.clone(), plies, started)
}

fn ai_game(s: &mut Session, basic: Option<BasicScore>) -> (usize, String) {
    let none = (0, "not played".to_string());
    let Some(first) = s.wait("the menu", None, None, false) else {
        return none;
    };
    s.see_menu(&first.text);
    // Officers to AZAR, rebels to BASICO, cycling as the menu does.
    let shown_o = s.menu.officers.is_some();
    let mut presses = 0;
    while s.menu.officers != Some(OfficerControl::Random) && presses < 3 && (shown_o || presses < 1)
    {
        if !s.choose(MenuItem::Officers)
            || !s.wait_menu("the menu after changing the officers' control", Kind::Ai)
        {
            return none;
        }
        presses += 1;
    }
    let shown_r = s.menu.rebels.is_some();
    presses = 0;
    while s.menu.rebels != Some(RebelControl::Basic) && presses < 4 && (shown_r || presses < 2) {
        if !s.choose(MenuItem::Rebels)
            || !s.wait_menu("the menu after changing the rebels' control", Kind::Ai)
        {
            return none;
        }
        presses += 1;
    }
    if (shown_o && s.menu.officers != Some(OfficerControl::Random))
        || (shown_r && s.menu.rebels != Some(RebelControl::Basic))
    {
        s.rec.fail(Kind::Ai, Failure::shown("the menu does not reach `[AZAR]` for the officers and `[BASICO]` for the rebels by cycling".to_string(), &s.last_output));
        return none;
    }
    if !s.choose(MenuItem::New) {
        return none;
    }
    let Some(end) = s.wait(
        "the end of the game played by AZAR and BASICO",
        None,
        None,
        true,
    ) else {
        return none;
    };
    if end.asks_move() {
        s.rec.fail(
            Kind::Ai,
            Failure::shown(
                "asked for a move although both sides are played by the program".to_string(),
                &end.text,
            ),
        );
        if s.send("FIN", "FIN", None, None) {
            s.wait_menu("the menu after FIN", Kind::Ai);
        }
    } else {
        s.see_menu(&end.text);
        if screen::end_announcement(&end.text)
            .and_then(|a| a.winner)
            .is_none()
        {
            s.rec.fail(
                Kind::Ai,
                Failure::shown(
                    "did not announce the end of the game, with its winner".to_string(),
                    &end.text,
                ),
            );
        }
    }
    if s.stopped.is_some() {
        return none;
    }
    let Some(text) = s.save_and_compare(&[], Kind::Ai) else {
        return none;
    };
    let plain = check(&text, CheckOptions::default());
    let plies = plain.game.plies.len();
    let result = match plain.game.outcome() {
        Some(o) => format!("{}, after move {}", o.outcome, o.ply),
        None => "unfinished".to_string(),
    };
    if let Some(p) = plain.errors().next() {
        s.rec.fail(
            Kind::Ai,
            Failure {
                ply: p.ply,
                side: p.side.map(side_name),
                message: format!(
                    "the saved game is not valid: line {}: {}",
                    p.line, p.message
                ),
                found: p.help.clone(),
                position: p.before.map(|b| b.to_string()),
                board: p.before.map(|b| render::ascii(b.board())),
                ..Failure::default()
            },
        );
        return (plies, result);
    }
    if plain.game.outcome().is_none() {
        s.rec.fail(
            Kind::Ai,
            Failure {
                message: format!("the saved game is unfinished after {plies} moves"),
                ..Failure::default()
            },
        );
    }
    let scores: Vec<BasicScore> = match basic {
        Some(b) => vec![b],
        None => BasicScore::ALL.to_vec(),
    };
    let mut first_problem = None;
    let ok = scores.iter().any(|&b| {
        let checked = check(
            &text,
            CheckOptions {
                rebels: Some(b),
                ..CheckOptions::default()
            },
        );
        match checked.errors().next() {
            None => true,
            Some(p) => {
                if first_problem.is_none() {
                    first_problem = Some((b, p.clone()));
                }
                false
            }
        }
    });
    if !ok {
        if let Some((b, p)) = first_problem {
            let names: Vec<&str> = scores.iter().map(|s| s.name()).collect();
            s.rec.fail(
                Kind::Ai,
                Failure {
                    ply: p.ply,
                    side: p.side.map(side_name),
                    message: format!(
                        "a rebel move is not a BASICO choice ({}): {}",
                        names.join(" nor "),
                        p.message
                    ),
                    found: p.help.map(|h| format!("{b}: {h}")),
                    position: p.before.map(|b| b.to_string()),
                    board: p.before.map(|b| render::ascii(b.board())),
                    ..Failure::default()
                },
            );
        }
    }
    if !s.rec.failed(Kind::Ai) {
        s.rec.pass(Kind::Ai);
    }
    (plies, result)
}
