//! Running the Prolog driver for one submission, whatever its game: start it in a fresh,
//! confined working folder, read its `hello`, ask one query at a time under
//! a wall-clock limit of our own, and kill and restart it when a query
//! outlives that limit (a program that swallows the driver's own limits) or
//! when it dies. A query (or the loading) that outlived it with SWI-Prolog
//! asleep is asked once more before it is charged ([`crate::grade::stall`]).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::protocol::{Loaded, Protocol, ProtocolError};
use crate::grade::confine::User;
use crate::grade::folder::Folder;
use crate::grade::options::Options;
use crate::grade::process::{LineRead, Program, SendError, Wait};
use crate::grade::report::NotGraded;
use crate::grade::session::{StartError, quote_tail, remove_folder, spawn};
use crate::grade::stall::{self, Attempt};
use crate::grade::submission::Submission;

/// The part of the driver every game shares; a game's part follows it.
const ENGINE: &str = include_str!("engine.pl");

/// How to run the driver.
#[derive(Clone, Debug)]
pub struct DriverSettings {
    /// SWI-Prolog.
    pub swipl: PathBuf,
    /// The driver's limit per query (`--time`): CPU time, waited for at
    /// most [`STRETCH`] times as long by the wall clock while SWI-Prolog is
    /// busy but short of a core (`--stretch`); ours is it per
    /// representation tried, plus [`DriverSettings::grace`], stretched the
    /// same way.
    pub query_time: Duration,
    /// The driver's inference limit per query (0: none).
    pub inferences: u64,
    /// Loading the file: the driver's own limit, and ours (plus grace).
    pub load_time: Duration,
    /// Time allowed beyond the driver's limits before we kill it.
    pub grace: Duration,
    /// Prolog stack limit, MiB.
    pub stack_mib: u64,
    /// The candidates of the predicates graded under other names, as the
    /// driver's `--graded=` options (Go's [`crate::grade::go::alias`];
    /// empty: the assignment's names).
    pub graded: Vec<String>,
}

impl Default for DriverSettings {
    fn default() -> DriverSettings {
        DriverSettings {
            swipl: PathBuf::from("swipl"),
            query_time: Duration::from_secs(5),
            inferences: 50_000_000,
            load_time: Duration::from_secs(10),
            grace: Duration::from_secs(2),
            stack_mib: 256,
            graded: Vec::new(),
        }
    }
}

/// The driver's source in a folder of its own, readable by every user (it
/// is bound read-only into each sandbox), removed when dropped.
pub struct DriverScript {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl DriverScript {
    /// Write the driver of `game` (`go`, `madbishops`): the engine, then
    /// the game's part (`part`, its Prolog source).
    ///
    /// # Errors
    ///
    /// When the folder or the file cannot be made.
    pub fn write(game: &str, part: &str) -> Result<DriverScript, String> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix(&format!("asalto-{game}-driver-"))
            .tempdir()
            .map_err(|e| format!("cannot make a folder for the Prolog driver: {e}"))?;
        let path = dir.path().join(format!("asalto_{game}_driver.pl"));
        let text = format!("{ENGINE}\n{part}");
        let made = std::fs::write(&path, private_names(&text, game))
            .and_then(|()| std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)))
            .and_then(|()| {
                std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            });
        made.map_err(|e| format!("cannot write the Prolog driver: {e}"))?;
        Ok(DriverScript { _dir: dir, path })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its folder (readable by every user): where files the driver reads
    /// besides the program go (an adapter).
    pub fn folder(&self) -> &Path {
        self._dir.path()
    }
}

/// The driver with its module name, and so the names of its global
/// variables (`asalto_go_driver.*` for Go), made unguessable: the game's
/// name and a random suffix per grading run. A student's module of the same name, predicates of
/// the same names called module-qualified, or global variables of the
/// same names would otherwise load over it, reach it or change its state
/// (see the driver's header, WHAT THE PROGRAM CANNOT DO).
fn private_names(driver: &str, game: &str) -> String {
    use std::hash::{BuildHasher, Hasher};
    // RandomState is seeded from the operating system's randomness.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    let name = format!("asalto_{game}_driver_{:016x}", h.finish());
    driver.replace("asalto_prolog_driver", &name)
}

/// The command line that runs the driver on `{entry}`, with the game's
/// own driver options `extra`.
pub fn command(settings: &DriverSettings, script: &Path, extra: &[String]) -> Vec<String> {
    let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
    let mut command = vec![
        settings.swipl.display().to_string(),
        "-f".into(),
        "none".into(),
        "--no-packs".into(),
        script.display().to_string(),
        "--".into(),
        format!("--time={}", secs(settings.query_time)),
        format!("--inferences={}", settings.inferences),
        format!("--load-time={}", secs(settings.load_time)),
        format!("--stack-limit={}", settings.stack_mib),
        format!("--stretch={STRETCH}"),
    ];
    command.extend(settings.graded.iter().cloned());
    command.extend(extra.iter().cloned());
    command.push("{entry}".into());
    command
}

/// Why the program could not be loaded (for good: it is not retried).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadProblem {
    /// The driver refused it (`fatal syntax-error`, `load-timeout`, ...).
    Fatal {
        /// The driver's code.
        code: String,
        /// Its message.
        message: String,
    },
    /// Something else: the process could not start, died, hung or broke
    /// the protocol while loading.
    Other(String),
    /// The grader could not start it (its sandbox, the copy of the
    /// submission): not the program's failure, and not graded.
    NotGraded(NotGraded),
}

impl LoadProblem {
    /// In a sentence.
    pub fn describe(&self) -> String {
        match self {
            LoadProblem::Fatal { code, message } => {
                let what = match code.as_str() {
                    "syntax-error" => "it has a syntax error",
                    "load-timeout" => {
                        "loading it ran past the limit (a directive that does not end?)"
                    }
                    "load-error" => "loading it raised an exception",
                    "missing-file" => "the file cannot be read",
                    _ => "the driver failed",
                };
                format!("SWI-Prolog cannot load the program: {what} ({code}): {message}")
            }
            LoadProblem::Other(why) => format!("SWI-Prolog cannot load the program: {why}"),
            LoadProblem::NotGraded(n) => format!("not graded: {}", n.detail),
        }
    }
}

/// What became of one query (`A`: the game's answers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<A> {
    /// The driver answered.
    Answer(A),
    /// No answer within our limit: the driver was killed (and starts again
    /// for the next query).
    Hung {
        /// Our limit.
        limit: Duration,
        /// How long we waited: the limit, or up to [`STRETCH`] times it
        /// while SWI-Prolog was busy but short of a core.
        waited: Duration,
        /// The CPU time SWI-Prolog had during the wait, when known.
        cpu: Option<Duration>,
        /// The last lines of standard error.
        stderr: Option<String>,
        /// SWI-Prolog was asleep (no CPU time) at the end of the wait.
        asleep: bool,
        /// It was the second hang of this query in a row, both asleep:
        /// the query was asked twice (see [`crate::grade::stall`]).
        twice: bool,
    },
    /// The driver ended (or broke the protocol) without answering.
    Died {
        /// How.
        how: String,
        /// The last lines of standard error.
        stderr: Option<String>,
    },
    /// The program cannot be loaded.
    NotLoaded(LoadProblem),
    /// Not asked: the program hung too often.
    Skipped(String),
}

impl<A> Attempt for Reply<A> {
    fn hung_asleep(&self) -> Option<Duration> {
        match self {
            Reply::Hung {
                limit,
                waited,
                asleep: true,
                ..
            } => Some(stall::shown_wait(*limit, *waited)),
            _ => None,
        }
    }

    fn asleep_twice(&mut self) {
        if let Reply::Hung { twice, .. } = self {
            *twice = true;
        }
    }
}

/// A start of the driver, for [`stall::rerun_if_asleep`]: loading that
/// hung with SWI-Prolog asleep is tried once more.
struct Launched(Result<(), LoadProblem>, Option<Duration>);

impl Attempt for Launched {
    fn hung_asleep(&self) -> Option<Duration> {
        self.1
    }

    fn asleep_twice(&mut self) {
        if let Err(LoadProblem::Other(why)) = &mut self.0 {
            why.push_str("; ");
            why.push_str(stall::ASLEEP_TWICE);
        }
    }
}

/// The running driver.
struct Running {
    program: Program,
    folder: Option<Folder>,
}

/// How many times its limit a wait for SWI-Prolog may last on a loaded
/// machine while it is busy: every limit's (see [`stall`]).
pub const STRETCH: u32 = stall::STRETCH;

/// After this many kills for hanging, the remaining queries are not asked.
pub const MAX_HANGS: usize = 3;

/// The driver of one submission, speaking the game's protocol `P`.
pub struct Driver<'a, P: Protocol> {
    sub: &'a Submission,
    options: &'a Options,
    settings: &'a DriverSettings,
    user: Option<User>,
    running: Option<Running>,
    /// The first `hello`.
    pub hello: Option<P::Hello>,
    broken: Option<LoadProblem>,
    /// The representation the program was found to use.
    pub cells: Option<P::Cells>,
    /// Times the driver was started.
    pub starts: usize,
    /// Times it was killed for hanging.
    pub hangs: usize,
    /// Remarks (folders not removed).
    pub notes: Vec<String>,
    next_id: u64,
}

impl<'a, P: Protocol> Driver<'a, P> {
    /// A driver for `sub` (whose command runs the driver), run as `user`.
    pub fn new(
        sub: &'a Submission,
        options: &'a Options,
        settings: &'a DriverSettings,
        user: Option<User>,
    ) -> Driver<'a, P> {
        Driver {
            sub,
            options,
            settings,
            user,
            running: None,
            hello: None,
            broken: None,
            cells: None,
            starts: 0,
            hangs: 0,
            notes: Vec::new(),
            next_id: 0,
        }
    }

    /// Why the grader could not start the driver, if that is why it is
    /// not running.
    pub fn not_graded(&self) -> Option<&NotGraded> {
        match &self.broken {
            Some(LoadProblem::NotGraded(n)) => Some(n),
            _ => None,
        }
    }

    /// Start the driver if it is not running; why it cannot be.
    pub fn start(&mut self) -> Result<(), LoadProblem> {
        if let Some(problem) = &self.broken {
            return Err(problem.clone());
        }
        if self.running.is_some() {
            return Ok(());
        }
        let mut notes = Vec::new();
        let launched =
            stall::rerun_if_asleep("loading the program", || self.launch(), &mut |note| {
                notes.push(note)
            });
        self.notes.append(&mut notes);
        match launched.0 {
            Ok(()) => Ok(()),
            Err(problem) => {
                self.broken = Some(problem.clone());
                Err(problem)
            }
        }
    }

    fn launch(&mut self) -> Launched {
        let limit = self.settings.load_time + self.settings.grace;
        let mut asleep = false;
        let loaded = self.load(limit, &mut asleep);
        Launched(loaded, asleep.then_some(limit))
    }

    fn load(&mut self, limit: Duration, asleep: &mut bool) -> Result<(), LoadProblem> {
        if let Some(problem) = &self.sub.problem {
            return Err(LoadProblem::Other(problem.clone()));
        }
        self.starts += 1;
        let (program, folder) = spawn(self.sub, self.options, self.user).map_err(|e| match e {
            StartError::Grader(n) => LoadProblem::NotGraded(n),
            StartError::Program(why) => LoadProblem::Other(why),
        })?;
        self.running = Some(Running {
            program,
            folder: Some(folder),
        });
        let line = match self.read_line(limit) {
            Ok(line) => line,
            Err(reply) => {
                self.stop();
                *asleep = reply.hung_asleep().is_some();
                let why = match reply {
                    Reply::Hung {
                        stderr,
                        waited,
                        cpu,
                        asleep,
                        ..
                    } => with_stderr(
                        format!(
                            "loading did not end within {} (a directive that blocks?)",
                            wait_text(limit, waited, cpu.filter(|_| !asleep))
                        ),
                        stderr,
                    ),
                    Reply::Died { how, stderr } => with_stderr(how, stderr),
                    _ => "the driver stopped".to_string(),
                };
                return Err(LoadProblem::Other(why));
            }
        };
        match P::start(&line) {
            Ok(Loaded::Hello(hello)) => {
                if self.cells.is_none() {
                    self.cells = P::hello_cells(&hello);
                }
                if self.hello.is_none() {
                    self.hello = Some(hello);
                }
                Ok(())
            }
            Ok(Loaded::Fatal { code, message }) => {
                self.stop();
                Err(LoadProblem::Fatal { code, message })
            }
            Err(ProtocolError(why)) => {
                self.stop();
                Err(LoadProblem::Other(format!("the driver failed: {why}")))
            }
        }
    }

    /// Ask `query` and wait for the answer, at most our limit. A query
    /// that hangs with SWI-Prolog asleep is asked once more, from a fresh
    /// start (noted); only a second hang is charged.
    pub fn ask(&mut self, query: &P::Query) -> Reply<P::Answer> {
        let mut notes = Vec::new();
        let what = format!("a {} query", P::predicate(query));
        let reply =
            stall::rerun_if_asleep(&what, || self.ask_once(query), &mut |note| notes.push(note));
        self.notes.append(&mut notes);
        if matches!(reply, Reply::Hung { .. }) {
            self.hangs += 1;
        }
        reply
    }

    fn ask_once(&mut self, query: &P::Query) -> Reply<P::Answer> {
        if self.hangs >= MAX_HANGS {
            return Reply::Skipped(format!(
                "not asked: the program was killed {} times for not answering",
                self.hangs
            ));
        }
        if let Err(problem) = self.start() {
            return Reply::NotLoaded(problem);
        }
        self.next_id += 1;
        let id = format!("q{}", self.next_id);
        let tries = P::tries(self.cells.is_some());
        let limit = self.settings.query_time * tries + self.settings.grace;
        let line = P::line(query, &id, self.cells);
        let Some(running) = self.running.as_mut() else {
            return Reply::Died {
                how: "the driver is not running".into(),
                stderr: None,
            };
        };
        match running.program.send(&line) {
            Ok(()) => {}
            Err(SendError::Closed) => {}
            Err(SendError::Io(e)) => {
                self.stop();
                return Reply::Died {
                    how: format!("cannot write to the driver: {e}"),
                    stderr: None,
                };
            }
        }
        let reply = match self.read_line(limit) {
            Ok(answer) => match P::answer(&answer, &id) {
                Ok(answer) => {
                    if self.cells.is_none() {
                        self.cells = P::learned(&answer);
                    }
                    return Reply::Answer(answer);
                }
                Err(ProtocolError(why)) => Reply::Died {
                    how: format!("the driver broke its protocol: {why}"),
                    stderr: self.stderr(),
                },
            },
            Err(Reply::Hung {
                stderr,
                asleep,
                waited,
                cpu,
                ..
            }) => Reply::Hung {
                limit,
                waited,
                cpu,
                stderr,
                asleep,
                twice: false,
            },
            Err(other) => other,
        };
        self.stop();
        reply
    }

    fn stderr(&self) -> Option<String> {
        let running = self.running.as_ref()?;
        quote_tail(&String::from_utf8_lossy(running.program.stderr_tail()))
    }

    /// One line of the driver's output within `limit`, or why none came.
    /// A loaded machine does not shorten the wait: SWI-Prolog busy but
    /// short of a core is waited for until it had `limit` of CPU time, at
    /// most [`STRETCH`] times `limit` (see [`Program::read_line`]),
    /// so that its own limits (inferences, which do not depend on the
    /// load) come first.
    fn read_line(&mut self, limit: Duration) -> Result<String, Reply<P::Answer>> {
        let cap = self.options.output_cap;
        let Some(running) = self.running.as_mut() else {
            return Err(Reply::Died {
                how: "the driver is not running".into(),
                stderr: None,
            });
        };
        match running.program.read_line(Wait::within(limit), cap) {
            LineRead::Line(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
            LineRead::Timeout => {
                let spent = running.program.timed_out().map(|t| t.spent);
                let asleep = spent.and_then(|s| s.asleep) == Some(true);
                let waited = spent.map_or(limit, |s| s.waited);
                let cpu = spent.and_then(|s| s.cpu);
                Err(Reply::Hung {
                    limit,
                    waited,
                    cpu,
                    stderr: self.stderr(),
                    asleep,
                    twice: false,
                })
            }
            LineRead::Flood => Err(Reply::Died {
                how: format!(
                    "printed more than {} on standard error during one query (--output-limit)",
                    crate::grade::confine::size(cap as u64)
                ),
                stderr: self.stderr(),
            }),
            LineRead::Exited(status) => {
                let how = running.program.describe_status(status);
                Err(Reply::Died {
                    how: format!("SWI-Prolog ended ({how}) without answering"),
                    stderr: self.stderr(),
                })
            }
        }
    }

    /// Kill the driver and remove its folder.
    pub fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            running.program.kill();
            if let Some(note) = running.folder.take().and_then(remove_folder) {
                self.notes.push(note);
            }
        }
    }
}

impl<P: Protocol> Drop for Driver<'_, P> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// How long a wait for SWI-Prolog lasted, truthfully (see
/// [`stall::wait_text`]): `7 s`, the limit, on an idle machine; `19.6 s
/// (our limit of 7 s, waited for on while SWI-Prolog was busy but short of
/// a core)` on a loaded one; with the CPU time it had when that is given
/// (`cpu`: not for a program asleep, whose message says it had none).
pub fn wait_text(limit: Duration, waited: Duration, cpu: Option<Duration>) -> String {
    stall::wait_text(limit, waited, cpu, "SWI-Prolog")
}

/// `why`, and the last lines of standard error.
fn with_stderr(why: String, stderr: Option<String>) -> String {
    match stderr {
        Some(s) => format!("{why}; last stderr: {}", crate::text::escape_line(&s)),
        None => why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_says_how_long_it_lasted() {
        let ms = Duration::from_millis;
        // Idle machine: the limit, and the CPU time it had.
        assert_eq!(
            wait_text(ms(7000), ms(7050), Some(ms(6930))),
            "7 s, in which SWI-Prolog had 6.9 s of CPU time"
        );
        // Loaded machine: the stretched wait, not the limit.
        assert_eq!(
            wait_text(ms(7000), ms(19_510), Some(ms(6100))),
            "19.6 s (our limit of 7 s, waited for on while SWI-Prolog was busy but short of a core), in which SWI-Prolog had 6.1 s of CPU time"
        );
        // Asleep: no CPU time to tell.
        assert_eq!(wait_text(ms(700), ms(703), None), "0.7 s");
        assert_eq!(stall::shown_wait(ms(700), ms(703)), ms(700));
        assert_eq!(stall::shown_wait(ms(700), ms(1401)), ms(1500));
    }
}
