//! Running one untrusted program: a new session, resource limits, its own
//! user (as root), optionally bubblewrap, and the pipes to talk to it as a
//! person at a keyboard would.
//!
//! Knowing when the program waits for input is the delicate part. A program
//! is ready for the next line when
//!
//! - one of its processes (or threads) is blocked in `read` on the pipe we
//!   write its standard input to, and that pipe is empty (Linux:
//!   `/proc/<pid>/task/<tid>/syscall`, or `wchan` where that file cannot be
//!   read), looking only at its own processes (see [`super::procs`]); or
//! - where `/proc` tells nothing, its output ends with a recognisable prompt
//!   and has been quiet for a moment, or has been quiet for the idle time.
//!
//! The waits are short polls that back off from 0.1 ms to 16 ms: nothing sleeps
//! for a fixed, long time.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::cgroup::{self, RunGroup};
use super::confine::{BwrapArgs, SANDBOX_WORKDIR, User};
use super::folder::Folder;
use super::limits::Limits;
use super::procs::{self, ProcInfo, Procs, Scope, adopt_orphans};
use super::stall::{Budget, CPU_TICK, CpuWatch, Spent};

/// How a wait for input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ready {
    /// A process of the program is blocked reading its standard input.
    Reading,
    /// No `/proc` information: the output ends with a prompt and went quiet.
    Prompt,
    /// No `/proc` information and no prompt: the output stayed quiet for the
    /// idle time.
    Idle,
    /// The program exited.
    Exited(ExitStatus),
    /// The time ran out.
    Timeout,
    /// It printed more than the cap without asking for input.
    Flood,
}

/// What a wait collected.
#[derive(Debug)]
pub struct Waited {
    /// Standard output since the last line we sent.
    pub output: Vec<u8>,
    /// How the wait ended.
    pub ready: Ready,
}

/// How a wait for a line of output ended.
#[derive(Debug)]
pub enum LineRead {
    /// A whole line, without its newline.
    Line(Vec<u8>),
    /// The program exited before finishing a line.
    Exited(ExitStatus),
    /// The time ran out.
    Timeout,
    /// It printed more than the cap (on standard output without a newline,
    /// or on standard error since the last line sent).
    Flood,
}

/// Why a line could not be sent.
#[derive(Debug)]
pub enum SendError {
    /// Nobody reads the program's standard input any more.
    Closed,
    /// Another error.
    Io(io::Error),
}

/// The time limits on one wait (see [`stall`]: each counts the CPU time
/// the program gets, with a wall-clock ceiling).
#[derive(Clone, Copy, Debug)]
pub struct Wait {
    /// This wait's own limit, from its start.
    pub step: Duration,
    /// Whether `step` starts again at each output: a limit on silence (a
    /// game the program plays by itself, printing as it goes).
    pub on_silence: bool,
    /// A limit that began before the wait (a whole session's), if any.
    pub whole: Option<Budget>,
}

impl Wait {
    /// A wait of `step`, and no other limit.
    pub fn within(step: Duration) -> Wait {
        Wait {
            step,
            on_silence: false,
            whole: None,
        }
    }
}

/// A wait that ran out of time: which limit, and how ([`Spent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedOut {
    /// How long it was waited for, and what the program had meanwhile.
    pub spent: Spent,
    /// Whether it was [`Wait::whole`] that ran out (not the wait's own).
    pub whole: bool,
}

/// The budgets of the wait under way.
struct Timer {
    step: Budget,
    whole: Option<Budget>,
}

impl Timer {
    /// When the first limit passes by the wall clock.
    fn due(&self) -> Instant {
        match self.whole {
            Some(w) => self.step.due().min(w.due()),
            None => self.step.due(),
        }
    }

    /// How long to poll at `now`, at most `interval`: not past the first
    /// limit.
    fn pause(&self, interval: Duration, now: Instant) -> Duration {
        let due = self.due();
        if now < due {
            interval.min(due - now)
        } else {
            interval
        }
    }
}

/// The CPU time the program has had so far: its cgroup's count (every
/// process it ever had), else [`Procs::cpu_ticks`].
fn cpu_of(procs: &Procs, group: Option<&RunGroup>) -> Option<Duration> {
    if let Some(t) = group.and_then(RunGroup::cpu_time) {
        return Some(t);
    }
    let ticks = u32::try_from(procs.cpu_ticks()?).unwrap_or(u32::MAX);
    Some(CPU_TICK.saturating_mul(ticks))
}

/// The first pause of a wait, after output: a program that printed its
/// prompt blocks on its input within microseconds, and a game is a
/// hundred such round trips (a pause of a millisecond each, the first
/// check too early, made grading half again as long as the program).
/// The pauses double from there, to 16 ms.
const FIRST_POLL: Duration = Duration::from_micros(100);

/// The longest wait for the next line of a screen whose last line is not a
/// prompt: output ends it at once; a program that blocks on its input
/// without a prompt the grader knows is seen at the latest this late.
const MID_SCREEN_POLL: Duration = Duration::from_millis(1);

/// The first pause after output that ends with a prompt: the program is
/// then between writing it and reading its input, a few microseconds of
/// its own, and each pause longer than that is the whole game's latency
/// (about 70 prompts a game).
const PROMPT_POLL: Duration = Duration::from_micros(20);

/// The pauses while bubblewrap sets a sandbox up (about 3 ms here): from
/// `SETUP_FIRST_POLL`, doubling to `SETUP_LAST_POLL`. Pauses of 1 ms
/// doubling to 16 ms found the sandbox ready 1.5 ms late on average, on
/// the way of every run.
const SETUP_FIRST_POLL: Duration = Duration::from_micros(100);
const SETUP_LAST_POLL: Duration = Duration::from_millis(1);

/// How much of standard error to keep (the last bytes).
const STDERR_KEEP: usize = 64 * 1024;
/// Quiet time after a prompt when `/proc` cannot tell.
const PROMPT_QUIET: Duration = Duration::from_millis(50);
/// Longest wait for bubblewrap to set a sandbox up.
const SETUP_TIMEOUT: Duration = Duration::from_secs(20);

/// How to start a program.
pub struct Launch<'a> {
    /// The command line, paths as the program sees them.
    pub argv: &'a [OsString],
    /// Exactly its environment.
    pub env: &'a [(OsString, OsString)],
    /// Its limits.
    pub limits: Limits,
    /// Its own user, when the grader is root.
    pub user: Option<User>,
    /// Without `/proc`, how long quiet output means waiting for input.
    pub idle: Duration,
}

/// The sandbox a program runs in, for killing it.
#[derive(Debug)]
enum Jail {
    /// bubblewrap; the sandbox's first process (a pidfd, so that a signal
    /// never reaches another process that got its id later).
    Bwrap { init: OwnedFd },
    /// None: killed by user id, or by session.
    Unconfined,
}

/// A running program and its pipes.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    stderr: ChildStderr,
    stdout_open: bool,
    stderr_open: bool,
    stdin_pipe: String,
    jail: Jail,
    procs: Procs,
    user: Option<User>,
    out: Vec<u8>,
    err_since_input: usize,
    err_tail: Vec<u8>,
    status: Option<ExitStatus>,
    /// The process last seen reading standard input.
    reader: Option<i32>,
    idle: Duration,
    /// The CPU clock during the current wait.
    watch: CpuWatch,
    /// After a wait that ran out of time: how.
    timed_out: Option<TimedOut>,
    limits: Limits,
    /// Its cgroup, when the grader could make one.
    group: Option<RunGroup>,
    /// When it was killed for memory, why.
    memory_kill: Option<MemoryKill>,
    /// When its memory was last looked at.
    policed: Instant,
}

/// Processes bubblewrap itself runs as the program's user with
/// `--unshare-pid`: the monitor and the sandbox's init.
const BWRAP_PROCESSES: u64 = 2;

/// The cgroup of a run of `limits` (`own`: processes the sandbox itself
/// adds), when the grader can make one (see [`cgroup`]); `None`: the
/// run's memory is watched instead ([`Program::police`]).
fn run_group(limits: &Limits, own: u64) -> Option<RunGroup> {
    let tasks = limits.processes.saturating_add(own);
    cgroup::cgroups().ok()?.run(limits.memory_bytes, tasks).ok()
}

/// Settings made in the forked child before `exec`: a new session, its
/// cgroup (`group`), its user, the limits, death with the grader,
/// (unconfined) no new privileges, a session keyring of its own (and,
/// under a user of its own, that user's keyrings emptied), and the system
/// call filter of [`super::syscalls`] (under bubblewrap too). With a
/// cgroup the memory limit is the run's, all its processes together, and
/// no process has a limit of its own on its address space (runtimes
/// reserve far more address space than they use: a limit on it refuses
/// correct programs, and the cgroup caps what they use); without one,
/// each process keeps `RLIMIT_AS` at the limit, which bounds how far a run
/// can get past it between two looks of the watch.
fn confine_child(
    cmd: &mut Command,
    limits: Limits,
    user: Option<User>,
    keep_fds: [i32; 2],
    group: Option<&RunGroup>,
) {
    let grader = std::process::id() as i32;
    let unconfined = keep_fds == [-1, -1];
    // Under bubblewrap its own two processes (the monitor outside and the
    // sandbox's init) run as the program's user too and count.
    let own = if unconfined { 0 } else { BWRAP_PROCESSES };
    let nproc = user.map(|_| limits.processes.saturating_add(own));
    crate::sys::confine_before_exec(
        cmd,
        crate::sys::ChildSetup {
            cpu_seconds: limits.cpu_seconds,
            memory_bytes: group.is_none().then_some(limits.memory_bytes),
            file_size_bytes: limits.file_size_bytes,
            open_files: limits.open_files,
            processes: nproc,
            user: user.map(|u| (u.uid, u.gid)),
            cgroup_fds: group.map_or([-1; cgroup::MAX_JOIN], RunGroup::join_fds),
            cgroup_optional: group.map_or([false; cgroup::MAX_JOIN], RunGroup::optional_joins),
            parent: grader,
            no_new_privileges: unconfined,
            keep_fds,
            syscall_filter: super::syscalls::program(),
            clear_user_keyrings: user.is_some(),
            normal_policy: crate::sys::this_thread_batched(),
        },
    );
}

/// Why a run was killed for memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MemoryKill {
    /// The kernel killed a process of its cgroup, past the limit (then we
    /// killed the rest).
    Kernel,
    /// Our watch saw its processes use this much together.
    Watched(u64),
}

/// How often a run's memory is looked at: its cgroup's count of kills
/// (one small file), or, without a cgroup, the memory of each of its
/// processes.
const POLICE_CGROUP: Duration = Duration::from_millis(5);
const POLICE_WATCH: Duration = Duration::from_millis(50);

impl Program {
    /// Start `launch` in the host folder `cwd`, unconfined.
    ///
    /// # Errors
    ///
    /// When the program cannot be started.
    pub fn spawn_unconfined(launch: &Launch, cwd: &Path) -> io::Result<Program> {
        if launch.argv.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        }
        adopt_orphans();
        let group = run_group(&launch.limits, 0);
        let mut cmd = Command::new(&launch.argv[0]);
        cmd.args(&launch.argv[1..]).current_dir(cwd);
        plumb(&mut cmd, launch.env);
        confine_child(
            &mut cmd,
            launch.limits,
            launch.user,
            [-1, -1],
            group.as_ref(),
        );
        let child = cmd.spawn()?;
        let pid = child.id() as i32;
        let scope = match launch.user {
            Some(u) => Scope::User(u.uid),
            None => Scope::Session(pid),
        };
        let mut procs = Procs::host(scope, pid)?;
        if let Some(file) = group.as_ref().and_then(RunGroup::members_file) {
            procs.use_members(file);
        }
        Program::new(child, procs, Jail::Unconfined, launch, group)
    }

    /// Start `launch` inside bubblewrap (`program`, arguments `args` but the
    /// two descriptors): wait until the sandbox is set up, open its working
    /// folder, let `fill` copy the submission in, then let the program start.
    ///
    /// # Errors
    ///
    /// A sentence saying why the program could not be started.
    pub(crate) fn spawn_bwrap(
        launch: &Launch,
        bwrap: &Path,
        args: BwrapArgs,
        fill: &dyn Fn(&Folder) -> Result<(), String>,
    ) -> Result<(Program, Folder), String> {
        use rustix::pipe::{PipeFlags, pipe_with};
        adopt_orphans();
        let pipe = || pipe_with(PipeFlags::CLOEXEC).map_err(|e| format!("cannot make a pipe: {e}"));
        let (block_read, block_write) = pipe()?;
        let (info_read, info_write) = pipe()?;
        let keep = [block_read.as_raw_fd(), info_write.as_raw_fd()];
        let args = BwrapArgs {
            block: keep[0],
            info: keep[1],
            ..args
        }
        .build();
        let group = run_group(&launch.limits, BWRAP_PROCESSES);
        let mut cmd = Command::new(bwrap);
        cmd.args(args).arg("--").args(launch.argv).current_dir("/");
        plumb(&mut cmd, launch.env);
        confine_child(&mut cmd, launch.limits, launch.user, keep, group.as_ref());
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start bubblewrap: {e}"))?;
        drop((block_read, info_write));
        let ready = sandbox_ready(&mut child, info_read, keep[0]);
        let setup = ready.clone().and_then(|init| {
            let via = Path::new("/proc")
                .join(init.to_string())
                .join("root")
                .join(SANDBOX_WORKDIR.trim_start_matches('/'));
            let folder = Folder::open_sandbox(&via, SANDBOX_WORKDIR.into(), launch.user)
                .map_err(|e| format!("cannot open the sandbox's folder: {e}"))?;
            fill(&folder)?;
            let procs = Procs::namespace(init)
                .map_err(|e| format!("cannot read the sandbox's /proc: {e}"))?;
            let pidfd = rustix::process::Pid::from_raw(init)
                .ok_or_else(|| "bubblewrap gave no process id".to_string())
                .and_then(|pid| {
                    rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty())
                        .map_err(|e| format!("cannot follow the sandbox: {e}"))
                })?;
            Ok((pidfd, folder, procs))
        });
        let (init, folder, procs) = match setup {
            Ok(done) => done,
            Err(e) => {
                // The sandbox's first process, still waiting for its start
                // signal, holds bubblewrap's standard error open and does
                // not die with it (a change of user clears its death
                // signal): killed first (its parent, not yet reaped, keeps
                // its id ours), or reading that error would never end (a
                // submission too large to copy hung the grader).
                let first = ready.ok().and_then(rustix::process::Pid::from_raw);
                let pidfd = first.and_then(|pid| {
                    rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
                });
                if let Some(pid) = first {
                    let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
                }
                let _ = child.kill();
                let mut why = String::new();
                if let Some(mut err) = child.stderr.take() {
                    let _ = err.read_to_string(&mut why);
                }
                let _ = child.wait();
                if let Some(fd) = &pidfd {
                    reap_adopted(fd, Duration::from_secs(5));
                }
                let why = crate::text::escape_line(why.trim()).into_owned();
                return Err(if why.is_empty() {
                    e
                } else {
                    format!("{e}: {why}")
                });
            }
        };
        // The program starts now.
        let _ = std::fs::File::from(block_write).write_all(b"x");
        let program = Program::new(child, procs, Jail::Bwrap { init }, launch, group)
            .map_err(|e| format!("cannot set up the pipes: {e}"))?;
        Ok((program, folder))
    }

    fn new(
        mut child: Child,
        procs: Procs,
        jail: Jail,
        launch: &Launch,
        group: Option<RunGroup>,
    ) -> io::Result<Program> {
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let stderr = child
            .stderr
            .take()
            .ok_or_else(|| io::Error::other("no stderr"))?;
        for fd in [stdout.as_fd(), stderr.as_fd()] {
            let flags = rustix::fs::fcntl_getfl(fd)?;
            rustix::fs::fcntl_setfl(fd, flags | rustix::fs::OFlags::NONBLOCK)?;
        }
        let stdin_pipe = pipe_name(&stdin)?;
        Ok(Program {
            child,
            stdin: Some(stdin),
            stdout,
            stderr,
            stdout_open: true,
            stderr_open: true,
            stdin_pipe,
            jail,
            procs,
            user: launch.user,
            out: Vec::new(),
            err_since_input: 0,
            err_tail: Vec::new(),
            status: None,
            reader: None,
            idle: launch.idle,
            watch: CpuWatch::new(Duration::ZERO),
            timed_out: None,
            limits: launch.limits,
            group,
            memory_kill: None,
            policed: Instant::now(),
        })
    }

    /// Send `line` and a newline to the program's standard input.
    ///
    /// # Errors
    ///
    /// [`SendError::Closed`] when the program closed its standard input.
    pub fn send(&mut self, line: &str) -> Result<(), SendError> {
        self.out.clear();
        self.err_since_input = 0;
        let stdin = self.stdin.as_mut().ok_or(SendError::Closed)?;
        let mut data = line.as_bytes().to_vec();
        data.push(b'\n');
        match stdin.write_all(&data).and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.stdin = None;
                Err(SendError::Closed)
            }
            Err(e) => Err(SendError::Io(e)),
        }
    }

    /// The budget of a limit of `limit` from now (see [`stall`]).
    pub fn budget(&self, limit: Duration) -> Budget {
        Budget::new(limit, Instant::now(), self.cpu_time())
    }

    /// Wait until the program waits for input, exits, runs out of time
    /// (`wait`), or prints more than `cap` bytes. `prompt` says whether the
    /// output so far ends with a prompt.
    pub fn wait_ready(&mut self, wait: Wait, cap: usize, prompt: &dyn Fn(&[u8]) -> bool) -> Waited {
        let mut last_output = Instant::now();
        let mut interval = FIRST_POLL;
        let mut got_data = true;
        let mut timer = self.start_timer(wait);
        // Whether the output ends with a prompt: looked at again only when
        // more output came (the output changes nowhere else).
        let mut at_prompt = prompt(&self.out);
        let ready = loop {
            if self.pump() > 0 {
                last_output = Instant::now();
                got_data = true;
                at_prompt = prompt(&self.out);
                interval = if at_prompt { PROMPT_POLL } else { FIRST_POLL };
                if wait.on_silence {
                    timer.step = self.budget(wait.step);
                }
            }
            if self.out.len() > cap || self.err_since_input > cap {
                break Ready::Flood;
            }
            self.police();
            if let Some(status) = self.exit_status() {
                self.pump();
                break Ready::Exited(status);
            }
            let now = Instant::now();
            let quiet = now.duration_since(last_output);
            // In the middle of a screen: more lines are coming (an
            // unbuffered program writes each line on its own).
            let mid_screen = got_data && !at_prompt;
            // A program blocked reading its empty input has ended its
            // screen, prompt or not (one `/proc` read, after the pipe's
            // count of unread bytes).
            if proc_info() {
                if self.reading_stdin() {
                    self.pump();
                    break Ready::Reading;
                }
            } else if quiet >= PROMPT_QUIET && at_prompt {
                break Ready::Prompt;
            }
            if !proc_info() && quiet >= self.idle {
                break Ready::Idle;
            }
            if self.out_of_time(&timer, now) {
                break Ready::Timeout;
            }
            got_data = false;
            if mid_screen {
                // The rest of the screen: woken by its next line (the
                // kernel hands the CPU over from the writer), not by a
                // clock. Pauses of 0.1 ms here woke the grader while the
                // program was still drawing, and on a busy machine each
                // such wake waited for a CPU behind the neighbours.
                self.poll(timer.pause(MID_SCREEN_POLL, now));
            } else {
                self.poll(timer.pause(interval, now));
                interval = (interval * 2).min(Duration::from_millis(16));
            }
        };
        Waited {
            output: std::mem::take(&mut self.out),
            ready,
        }
    }

    /// Wait for one line of standard output (a program that answers in
    /// lines, such as the Go driver) under the limit `wait` (see
    /// [`stall`]: counted in CPU time, so a loaded machine does not
    /// shorten it), reading standard error all along so that the program
    /// never blocks on it. The line comes without its newline; what
    /// follows it stays for the next call.
    pub fn read_line(&mut self, wait: Wait, cap: usize) -> LineRead {
        let mut interval = FIRST_POLL;
        let timer = self.start_timer(wait);
        loop {
            if self.pump() > 0 {
                interval = FIRST_POLL;
            }
            if let Some(end) = self.out.iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.out.drain(..=end).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return LineRead::Line(line);
            }
            if self.out.len() > cap || self.err_since_input > cap {
                return LineRead::Flood;
            }
            self.police();
            if let Some(status) = self.exit_status() {
                self.pump();
                if self.out.contains(&b'\n') {
                    continue;
                }
                return LineRead::Exited(status);
            }
            let now = Instant::now();
            if self.out_of_time(&timer, now) {
                return LineRead::Timeout;
            }
            self.poll(timer.pause(interval, now));
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    /// Wait for the program to exit under the limit `wait`, reading (and
    /// discarding beyond `cap`) its output; `None` when the time ran out.
    pub fn wait_exit(&mut self, wait: Wait, cap: usize) -> Option<ExitStatus> {
        let mut interval = FIRST_POLL;
        let timer = self.start_timer(wait);
        loop {
            self.pump();
            if self.out.len() > cap {
                self.out.drain(..self.out.len() - cap);
            }
            self.police();
            if let Some(status) = self.exit_status() {
                self.pump();
                return Some(status);
            }
            let now = Instant::now();
            if self.out_of_time(&timer, now) {
                return None;
            }
            self.poll(timer.pause(interval, now));
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    /// Close the program's standard input: it reads end of file (a program
    /// given all its input at once, such as a puzzle solver).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Wait for the program to exit under the limit `wait`, keeping its
    /// whole output (see [`Program::take_output`]): how a program that
    /// reads its input and prints its answer ends. More than `cap` bytes on
    /// standard output, or on standard error, is [`Ready::Flood`].
    pub fn run_to_exit(&mut self, wait: Wait, cap: usize) -> Ready {
        let mut interval = FIRST_POLL;
        let timer = self.start_timer(wait);
        loop {
            if self.pump() > 0 {
                interval = FIRST_POLL;
            }
            if self.out.len() > cap || self.err_since_input > cap {
                return Ready::Flood;
            }
            self.police();
            if let Some(status) = self.exit_status() {
                self.pump();
                if self.out.len() > cap || self.err_since_input > cap {
                    return Ready::Flood;
                }
                return Ready::Exited(status);
            }
            let now = Instant::now();
            if self.out_of_time(&timer, now) {
                return Ready::Timeout;
            }
            self.poll(timer.pause(interval, now));
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    /// The CPU time the program's processes have had so far; `None` when
    /// nothing tells.
    pub fn cpu_time(&self) -> Option<Duration> {
        cpu_of(&self.procs, self.group.as_ref())
    }

    /// After a wait that ran out of time ([`Ready::Timeout`],
    /// [`LineRead::Timeout`], `wait_exit` giving `None`): whether the
    /// program was asleep then, its CPU clock still over the end of the
    /// wait (see [`stall`]); `None` when that cannot be told, or the last
    /// wait did not run out.
    pub fn asleep(&self) -> Option<bool> {
        self.timed_out.map(|t| t.spent).and_then(|s| s.asleep)
    }

    /// After a wait that ran out of time: which limit ran out, how long it
    /// was waited for and what CPU time the program had meanwhile.
    pub fn timed_out(&self) -> Option<TimedOut> {
        self.timed_out
    }

    fn start_timer(&mut self, wait: Wait) -> Timer {
        self.timed_out = None;
        let step = self.budget(wait.step);
        let shortest = match wait.whole {
            Some(w) => wait.step.min(w.limit),
            None => wait.step,
        };
        self.watch = CpuWatch::new(shortest);
        let now = step.start;
        self.watch.sample(now, || step.cpu_start);
        Timer {
            step,
            whole: wait.whole,
        }
    }

    /// Whether a limit of `timer` ran out at `now` (then noted for
    /// [`Program::timed_out`]); the CPU clock is sampled on the way.
    fn out_of_time(&mut self, timer: &Timer, now: Instant) -> bool {
        let (procs, group) = (&self.procs, self.group.as_ref());
        self.watch.sample(now, || cpu_of(procs, group));
        if now < timer.due() {
            return false;
        }
        let cpu = self.watch.latest();
        let asleep = self.watch.asleep(now, cpu);
        let limits = [(timer.step, false)]
            .into_iter()
            .chain(timer.whole.map(|w| (w, true)));
        for (budget, whole) in limits {
            if budget.spent(now, cpu, asleep) {
                self.timed_out = Some(TimedOut {
                    spent: budget.outcome(now, cpu, asleep),
                    whole,
                });
                return true;
            }
        }
        false
    }

    /// Wait up to `limit` for the program to exit, without reading it.
    fn wait_exit_quietly(&mut self, limit: Duration) -> Option<ExitStatus> {
        let until = Instant::now() + limit;
        let mut interval = Duration::from_millis(1);
        loop {
            if let Some(status) = self.exit_status() {
                return Some(status);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(interval);
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    fn exit_status(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            if let Ok(Some(status)) = self.child.try_wait() {
                self.status = Some(status);
            }
        }
        self.status
    }

    /// Look at the run's memory (at most every few milliseconds): when the
    /// kernel killed one of its processes for memory (its cgroup past the
    /// limit), or, without a cgroup, its processes together use more than
    /// the limit, the whole run is killed, the kill noted as one for
    /// memory ([`Program::describe_status`]).
    fn police(&mut self) {
        if self.memory_kill.is_some() || self.status.is_some() {
            return;
        }
        let now = Instant::now();
        let every = if self.group.is_some() {
            POLICE_CGROUP
        } else {
            POLICE_WATCH
        };
        if now.duration_since(self.policed) < every {
            return;
        }
        self.policed = now;
        let kill = match &self.group {
            Some(g) => (g.oom_kills() > 0).then_some(MemoryKill::Kernel),
            None => self
                .procs
                .memory_bytes()
                .filter(|&used| used > self.limits.memory_bytes)
                .map(MemoryKill::Watched),
        };
        if kill.is_some() {
            self.memory_kill = kill;
            self.kill();
        }
    }

    /// Whether the run was killed for memory, by us or by the kernel in
    /// its cgroup (also when that happened after the last look).
    fn killed_for_memory(&self) -> Option<MemoryKill> {
        self.memory_kill.or_else(|| {
            self.group
                .as_ref()
                .is_some_and(|g| g.oom_kills() > 0)
                .then_some(MemoryKill::Kernel)
        })
    }

    /// Describe an exit status of this program: bubblewrap passes on a
    /// death by signal N as status 128 + N. A kill for memory says so,
    /// as the kernel's count in the run's cgroup or our own watch tells
    /// it; a `SIGKILL` that was not one is not blamed on memory (nor on
    /// the CPU limit, unless the run had that much CPU time). A run that
    /// tried to have more processes than its limit says so too.
    pub fn describe_status(&self, status: ExitStatus) -> String {
        let signal = match (&self.jail, status.code()) {
            (Jail::Bwrap { .. }, Some(code)) if (129..160).contains(&code) => Some(code - 128),
            (_, Some(_)) => None,
            _ => status.signal(),
        };
        let limit = crate::grade::confine::size(self.limits.memory_bytes);
        let memory = match self.killed_for_memory() {
            Some(MemoryKill::Kernel) => Some(format!(
                "killed for memory: its processes together reached the limit of {limit} (--memory), and the kernel killed in its cgroup"
            )),
            Some(MemoryKill::Watched(used)) => Some(format!(
                "killed for memory: its processes together used {} MiB (more than the limit of {limit}, --memory)",
                used >> 20
            )),
            None => None,
        };
        let mut text = match (signal, memory) {
            (Some(libc::SIGKILL), Some(why)) => format!("signal 9 (SIGKILL: {why})"),
            (Some(libc::SIGKILL), None) => {
                let cpu = self.cpu_time().unwrap_or_default();
                if cpu >= Duration::from_secs(self.limits.cpu_seconds) {
                    format!(
                        "signal 9 (SIGKILL: killed, perhaps for its CPU time: its processes had {:.1} s, and each may have {} s, --cpu)",
                        cpu.as_secs_f64(),
                        self.limits.cpu_seconds
                    )
                } else {
                    "signal 9 (SIGKILL: not from the grader's limits: its memory stayed under the limit, and its CPU time too)".to_string()
                }
            }
            (Some(sig), memory) => {
                let base = describe_signal(sig);
                match memory {
                    Some(why) => format!("{base}, after one of its processes was {why}"),
                    None => base,
                }
            }
            (None, memory) => {
                let base = describe_status(status);
                match memory {
                    Some(why) => format!("{base}, after one of its processes was {why}"),
                    None => base,
                }
            }
        };
        if self.group.as_ref().is_some_and(RunGroup::hit_task_limit) {
            text.push_str(&format!(
                "; it tried to run more than {} processes at once (--processes)",
                self.limits.processes
            ));
        }
        text
    }

    /// The output read since the last wait (e.g. after an exit).
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// The last bytes of standard error.
    pub fn stderr_tail(&self) -> &[u8] {
        &self.err_tail
    }

    /// Processes of the program other than the one reading its standard
    /// input and that one's ancestors: children left running in the
    /// background, however they detached. Only meaningful right after a
    /// [`Ready::Reading`] wait.
    pub fn stray_processes(&mut self) -> Vec<String> {
        let Some(reader) = self.reader else {
            return Vec::new();
        };
        let procs = self.procs.list();
        let mut keep = vec![reader];
        let mut at = reader;
        while let Some(p) = procs.iter().find(|p| p.pid == at) {
            keep.push(p.ppid);
            at = p.ppid;
        }
        procs
            .iter()
            .filter(|p| !keep.contains(&p.pid) && p.state != 'Z')
            .map(ProcInfo::describe)
            .collect()
    }

    /// Live processes of the program after the main one exited (what it
    /// left behind), given `grace` to go away by themselves.
    pub fn processes_left(&mut self, grace: Duration) -> Vec<String> {
        let until = Instant::now() + grace;
        let mut interval = Duration::from_millis(1);
        loop {
            let left: Vec<ProcInfo> = self
                .procs
                .list()
                .into_iter()
                .filter(|p| p.state != 'Z')
                .collect();
            if left.is_empty() || Instant::now() >= until {
                return left.iter().map(ProcInfo::describe).collect();
            }
            std::thread::sleep(interval);
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    /// Whether any process of the program still has the standard-input
    /// pipe open.
    pub fn stdin_held(&mut self) -> bool {
        let procs = self.procs.list();
        procs.iter().any(|p| {
            self.procs.fds(p.pid).into_iter().any(|fd| {
                self.procs
                    .fd_target(p.pid, fd)
                    .is_some_and(|t| t == self.stdin_pipe)
            })
        })
    }

    /// Kill the program and every process it started, and reap them all:
    /// the main process, and what was orphaned to the grader (see
    /// [`adopt_orphans`]), so that nothing of the run is left, not even a
    /// zombie counting against its user's process limit.
    pub fn kill(&mut self) {
        self.stdin = None;
        match &self.jail {
            Jail::Bwrap { init } => {
                // The namespace dies with its first process. bubblewrap's
                // outer process exits as soon as it learns the program's
                // status, without reaping that first process: it is
                // orphaned to the grader, which reaps it below.
                let _ = rustix::process::pidfd_send_signal(init, rustix::process::Signal::KILL);
                if self.wait_exit_quietly(Duration::from_secs(2)).is_none() {
                    let _ = self.child.kill();
                }
            }
            Jail::Unconfined => {
                let _ = self.child.kill();
                match self.user {
                    Some(u) => procs::kill_user(u.uid, u.gid, &mut self.procs),
                    None => self.kill_session(),
                }
                // Every process of the program is dead now; those it
                // detached were orphaned to the grader. Reaped while the
                // main process is not yet (its id, which the session is
                // named by, cannot be reused meanwhile).
                let main = self.child.id() as i32;
                let ours = match self.user {
                    Some(u) => procs::Owner::User(u.uid),
                    None => procs::Owner::Session(main),
                };
                // A process that left the session is still in the run's
                // cgroup.
                if let Some(g) = &self.group {
                    g.kill_all();
                }
                procs::reap_orphans(ours, main);
            }
        }
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        if let Jail::Bwrap { init } = &self.jail {
            reap_adopted(init, Duration::from_secs(5));
        }
    }

    fn kill_session(&mut self) {
        let sid = self.child.id() as i32;
        for _ in 0..5 {
            let left = self.procs.list();
            if let Some(group) = rustix::process::Pid::from_raw(sid) {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
            }
            for p in &left {
                if let Some(pid) = rustix::process::Pid::from_raw(p.pid) {
                    let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
                }
            }
            if left.iter().all(|p| p.state == 'Z' || p.pid == sid) {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Read what is available on both pipes; the number of bytes read.
    fn pump(&mut self) -> usize {
        let mut total = 0;
        let mut buf = [0u8; 16 * 1024];
        while self.stdout_open {
            match self.stdout.read(&mut buf) {
                Ok(0) => self.stdout_open = false,
                Ok(n) => {
                    self.out.extend_from_slice(&buf[..n]);
                    total += n;
                    if self.out.len() > (1 << 30) {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(_) => self.stdout_open = false,
            }
            if total > (4 << 20) {
                break;
            }
        }
        while self.stderr_open {
            match self.stderr.read(&mut buf) {
                Ok(0) => self.stderr_open = false,
                Ok(n) => {
                    self.err_tail.extend_from_slice(&buf[..n]);
                    self.err_since_input += n;
                    total += n;
                    if self.err_tail.len() > 2 * STDERR_KEEP {
                        self.err_tail.drain(..self.err_tail.len() - STDERR_KEEP);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(_) => self.stderr_open = false,
            }
            if total > (4 << 20) {
                break;
            }
        }
        total
    }

    /// Wait up to `timeout` for output.
    fn poll(&mut self, timeout: Duration) {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let mut fds = Vec::with_capacity(2);
        if self.stdout_open {
            fds.push(PollFd::new(&self.stdout, PollFlags::IN));
        }
        if self.stderr_open {
            fds.push(PollFd::new(&self.stderr, PollFlags::IN));
        }
        if fds.is_empty() {
            std::thread::sleep(timeout);
            return;
        }
        let timeout = timeout.clamp(PROMPT_POLL, Duration::from_millis(999));
        let ts = Timespec {
            tv_sec: 0,
            tv_nsec: timeout.subsec_nanos().into(),
        };
        let _ = poll(&mut fds, Some(&ts));
    }

    /// Whether a process of the program is blocked reading our pipe and
    /// the pipe is empty. The last reader and the main process are looked
    /// at first; the others only when a listing is due.
    fn reading_stdin(&mut self) -> bool {
        let Some(stdin) = &self.stdin else {
            return false;
        };
        if rustix::io::ioctl_fionread(stdin).unwrap_or(0) != 0 {
            return false;
        }
        let mut first: Vec<i32> = self.reader.into_iter().collect();
        if !first.contains(&self.procs.main) {
            first.push(self.procs.main);
        }
        for pid in first {
            if self.process_reads(pid) {
                self.reader = Some(pid);
                return true;
            }
        }
        // Another process (a wrapper's child): looked for at once while
        // none was seen reading, then at most every few milliseconds.
        if !self.procs.scan_due(self.reader.is_some()) {
            return false;
        }
        for p in self.procs.list() {
            if (p.state == 'S' || p.state == 'D') && self.process_reads(p.pid) {
                self.reader = Some(p.pid);
                return true;
            }
        }
        false
    }

    /// Whether a thread of `pid` is blocked reading the standard-input pipe.
    /// The first thread first, which is the one that reads in most
    /// programs: the others are listed only when it does not and there are
    /// others.
    fn process_reads(&self, pid: i32) -> bool {
        if self.thread_reads(pid, pid) {
            return true;
        }
        if self.procs.thread_count(pid) == Some(1) {
            return false;
        }
        self.procs
            .threads(pid)
            .into_iter()
            .filter(|&t| t != pid)
            .any(|tid| self.thread_reads(pid, tid))
    }

    /// Whether thread `tid` of `pid` is blocked reading the standard-input
    /// pipe: its system call (`read` on a descriptor that is that pipe), or
    /// where `/proc` does not tell system calls, its wait channel.
    fn thread_reads(&self, pid: i32, tid: i32) -> bool {
        let fd_is_pipe = |fd: u64| {
            self.procs
                .fd_target(pid, fd)
                .is_some_and(|l| l == self.stdin_pipe)
        };
        if let Some(text) = self.procs.read(&format!("{pid}/task/{tid}/syscall")) {
            let mut words = text.split_whitespace();
            let nr = words.next().and_then(|w| w.parse::<u64>().ok());
            let fd = words
                .next()
                .and_then(|w| u64::from_str_radix(w.trim_start_matches("0x"), 16).ok());
            return matches!((nr, fd), (Some(nr), Some(fd)) if READ_CALLS.contains(&nr) && fd_is_pipe(fd));
        }
        self.procs
            .read(&format!("{pid}/task/{tid}/wchan"))
            .is_some_and(|w| (w.contains("pipe_read") || w.contains("pipe_wait")) && fd_is_pipe(0))
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reap the sandbox's first process (`init`, a pidfd), orphaned to the
/// grader when bubblewrap's outer process exits: polled until it is dead,
/// at most `limit`. Nothing happens when it is not the grader's child (it
/// was reaped already, or the grader could not adopt it): a pidfd names
/// that one process, never another that got its id later.
fn reap_adopted(init: &OwnedFd, limit: Duration) {
    use rustix::process::{WaitId, WaitIdOptions, waitid};
    let until = Instant::now() + limit;
    let mut interval = Duration::from_millis(1);
    loop {
        match waitid(
            WaitId::PidFd(init.as_fd()),
            WaitIdOptions::EXITED | WaitIdOptions::NOHANG,
        ) {
            Ok(None) if Instant::now() < until => {}
            Err(rustix::io::Errno::INTR) => {}
            _ => return,
        }
        std::thread::sleep(interval);
        interval = (interval * 2).min(Duration::from_millis(16));
    }
}

/// Standard input, output and error piped; exactly `env`.
fn plumb(cmd: &mut Command, env: &[(OsString, OsString)]) {
    cmd.env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
}

/// Wait for bubblewrap to say the host id of the sandbox's first process
/// (`--info-fd`) and to block on `--block-fd`, its set-up done.
fn sandbox_ready(child: &mut Child, info: OwnedFd, block: i32) -> Result<i32, String> {
    let deadline = Instant::now() + SETUP_TIMEOUT;
    let text = read_info(info, deadline)?;
    let init = String::from_utf8_lossy(&text)
        .split("\"child-pid\":")
        .nth(1)
        .and_then(|rest| {
            rest.trim_start()
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<i32>()
                .ok()
        })
        .ok_or_else(|| "bubblewrap did not start the sandbox".to_string())?;
    let mut interval = SETUP_FIRST_POLL;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!(
                "bubblewrap stopped while setting up ({})",
                describe_status(status)
            ));
        }
        // Blocked in read() on the --block-fd descriptor: set up.
        if let Ok(s) = std::fs::read_to_string(format!("/proc/{init}/syscall")) {
            let mut words = s.split_whitespace();
            let call = words.next().and_then(|w| w.parse::<u64>().ok());
            let fd = words
                .next()
                .and_then(|w| i64::from_str_radix(w.trim_start_matches("0x"), 16).ok());
            if call.is_some_and(|n| READ_CALLS.contains(&n)) && fd == Some(i64::from(block)) {
                return Ok(init);
            }
        } else if let Ok(w) = std::fs::read_to_string(format!("/proc/{init}/wchan")) {
            if w.contains("pipe_read") || w.contains("pipe_wait") {
                return Ok(init);
            }
        }
        if Instant::now() >= deadline {
            return Err(format!(
                "bubblewrap took more than {} s to set up",
                SETUP_TIMEOUT.as_secs()
            ));
        }
        std::thread::sleep(interval);
        interval = (interval * 2).min(SETUP_LAST_POLL);
    }
}

/// What bubblewrap writes on `--info-fd`, up to the end (it writes it right
/// after making the namespaces and closes the descriptor), waiting at most
/// until `deadline`.
fn read_info(info: OwnedFd, deadline: Instant) -> Result<Vec<u8>, String> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err("bubblewrap did not say how the sandbox started".to_string());
        }
        let ts = Timespec {
            tv_sec: left.as_secs().min(1) as _,
            tv_nsec: if left.as_secs() >= 1 {
                0
            } else {
                left.subsec_nanos().into()
            },
        };
        let mut fds = [PollFd::new(&info, PollFlags::IN)];
        if poll(&mut fds, Some(&ts)).unwrap_or(0) == 0 {
            continue;
        }
        match rustix::io::read(&info, &mut buf) {
            Ok(0) => return Ok(text),
            Ok(n) if text.len() < 64 * 1024 => text.extend_from_slice(&buf[..n]),
            Ok(_) => return Ok(text),
            Err(rustix::io::Errno::INTR) | Err(rustix::io::Errno::AGAIN) => {}
            Err(e) => return Err(format!("cannot read from bubblewrap: {e}")),
        }
    }
}

/// `pipe:[inode]`, as `/proc/<pid>/fd/<n>` links name the pipe.
fn pipe_name(fd: &impl AsFd) -> io::Result<String> {
    let st = rustix::fs::fstat(fd)?;
    Ok(format!("pipe:[{}]", st.st_ino))
}

/// Whether `/proc` tells which system call a process is blocked in.
fn proc_info() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        std::fs::read_to_string("/proc/self/syscall").is_ok()
            || std::fs::read_to_string("/proc/self/wchan").is_ok()
    })
}

/// The system calls that read a file descriptor named by their first
/// argument.
#[cfg(target_arch = "x86_64")]
const READ_CALLS: &[u64] = &[0, 17, 19, 295]; // read, pread64, readv, preadv
#[cfg(target_arch = "aarch64")]
const READ_CALLS: &[u64] = &[63, 65, 67, 69]; // read, readv, pread64, preadv
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const READ_CALLS: &[u64] = &[];

/// Describe an exit status: `status 1`, `signal 9 (SIGKILL)`.
pub fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        format!("status {code}")
    } else if let Some(sig) = status.signal() {
        describe_signal(sig)
    } else {
        "unknown status".to_string()
    }
}

fn describe_signal(sig: i32) -> String {
    let name = match sig {
        libc::SIGKILL => " (SIGKILL: killed)",
        libc::SIGSEGV => " (SIGSEGV)",
        libc::SIGXCPU => " (SIGXCPU: CPU time limit)",
        libc::SIGXFSZ => " (SIGXFSZ: file size limit)",
        libc::SIGABRT => " (SIGABRT)",
        libc::SIGSYS => " (SIGSYS: a system call the sandbox refuses)",
        libc::SIGPIPE => " (SIGPIPE)",
        _ => "",
    };
    format!("signal {sig}{name}")
}
