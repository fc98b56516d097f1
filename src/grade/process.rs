//! Running one untrusted program: a fresh session and process group,
//! resource limits, an optional bubblewrap sandbox, and the pipes to talk
//! to it as a person at a keyboard would.
//!
//! Knowing when the program waits for input is the delicate part. A program
//! is ready for the next line when
//!
//! - one of its processes (or threads) is blocked in `read` on the pipe we
//!   write its standard input to, and that pipe is empty (Linux:
//!   `/proc/<pid>/task/<tid>/syscall`, or `wchan` where that file cannot be
//!   read), checked on every process of its session; or
//! - where `/proc` tells nothing, its output ends with a recognisable prompt
//!   and has been quiet for a moment, or has been quiet for the idle time.
//!
//! The waits are short polls that back off from 1 ms to 16 ms: nothing sleeps
//! for a fixed, long time.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Resource limits applied to the program (and inherited by its children).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time of each process, in seconds (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Address space of each process, in bytes (`RLIMIT_AS`).
    pub memory_bytes: u64,
    /// Largest file it may write, in bytes (`RLIMIT_FSIZE`).
    pub file_size_bytes: u64,
    /// Open files per process (`RLIMIT_NOFILE`).
    pub open_files: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            cpu_seconds: 60,
            memory_bytes: 1 << 30,
            file_size_bytes: 16 << 20,
            open_files: 256,
        }
    }
}

/// How programs are confined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sandbox {
    /// Inside bubblewrap: the system read-only, no network, private `/tmp`,
    /// its own PID namespace, only its working folder writable, and the
    /// listed folders hidden (an empty tmpfs over each).
    Bwrap {
        /// The `bwrap` executable.
        program: PathBuf,
        /// Folders to hide from the program (e.g. the other submissions).
        hide: Vec<PathBuf>,
    },
    /// Only the resource limits, the session and the working folder.
    Unconfined,
}

/// Which sandbox the user asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SandboxChoice {
    /// bubblewrap when it is installed and works, else unconfined.
    #[default]
    Auto,
    /// bubblewrap, or an error.
    Bwrap,
    /// No sandbox, only limits.
    None,
}

impl Sandbox {
    /// Resolve the user's choice: find `bwrap` and try it once. With
    /// [`SandboxChoice::Auto`] and no working bubblewrap, the sandbox is
    /// [`Sandbox::Unconfined`] and the second value says why.
    ///
    /// # Errors
    ///
    /// With [`SandboxChoice::Bwrap`], when bubblewrap is missing or does not
    /// work here (the message says why).
    pub fn detect(
        choice: SandboxChoice,
        hide: Vec<PathBuf>,
    ) -> Result<(Sandbox, Option<String>), String> {
        if choice == SandboxChoice::None {
            return Ok((Sandbox::Unconfined, None));
        }
        let found = find_in_path("bwrap");
        let tried = match &found {
            None => Err("bubblewrap (`bwrap`) is not installed".to_string()),
            Some(program) => try_bwrap(program),
        };
        match (tried, choice, found) {
            (Ok(()), _, Some(program)) => Ok((Sandbox::Bwrap { program, hide }, None)),
            (Ok(()), _, None) => Ok((
                Sandbox::Unconfined,
                Some("bubblewrap (`bwrap`) is not installed".to_string()),
            )),
            (Err(e), SandboxChoice::Bwrap, _) => Err(e),
            (Err(e), _, _) => Ok((Sandbox::Unconfined, Some(e))),
        }
    }

    /// `bwrap` or `none`, for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Sandbox::Bwrap { .. } => "bwrap",
            Sandbox::Unconfined => "none",
        }
    }

    /// The command line that runs `argv` in `workdir` under this sandbox.
    fn command(&self, argv: &[OsString], workdir: &Path) -> Command {
        match self {
            Sandbox::Unconfined => {
                let mut cmd = Command::new(&argv[0]);
                cmd.args(&argv[1..]);
                cmd
            }
            Sandbox::Bwrap { program, hide } => {
                let mut cmd = Command::new(program);
                let mut args = bwrap_args(workdir, hide);
                // Files named on the command line (a program outside the
                // working folder) stay readable, with their folder.
                let insert_at = args.len() - BWRAP_FLAGS.len();
                let mut binds = Vec::new();
                for a in argv {
                    let p = Path::new(a);
                    if p.is_absolute() && p.exists() && !p.starts_with(workdir) {
                        let dir = if p.is_dir() {
                            p
                        } else {
                            p.parent().unwrap_or(p)
                        };
                        if dir != Path::new("/") {
                            binds.extend(["--ro-bind".into(), dir.into(), dir.into()]);
                        }
                    }
                }
                args.splice(insert_at..insert_at, binds);
                cmd.args(args).arg("--").args(argv);
                cmd
            }
        }
    }
}

fn bwrap_args(workdir: &Path, hide: &[PathBuf]) -> Vec<OsString> {
    let mut args: Vec<OsString> = Vec::new();
    let mut push = |items: &[&std::ffi::OsStr]| args.extend(items.iter().map(|s| s.to_os_string()));
    push(&["--ro-bind".as_ref(), "/".as_ref(), "/".as_ref()]);
    push(&["--dev".as_ref(), "/dev".as_ref()]);
    push(&["--proc".as_ref(), "/proc".as_ref()]);
    push(&["--tmpfs".as_ref(), "/tmp".as_ref()]);
    for dir in hide {
        if dir.is_dir() && !workdir.starts_with(dir) {
            push(&["--tmpfs".as_ref(), dir.as_os_str()]);
        }
    }
    push(&["--bind".as_ref(), workdir.as_os_str(), workdir.as_os_str()]);
    push(&["--chdir".as_ref(), workdir.as_os_str()]);
    for flag in BWRAP_FLAGS {
        push(&[flag.as_ref()]);
    }
    args
}

/// The namespaces bubblewrap makes (these come last in its arguments).
const BWRAP_FLAGS: [&str; 7] = [
    "--unshare-user-try",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-net",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--die-with-parent",
];

/// Run `true` under bubblewrap with the real arguments.
fn try_bwrap(program: &Path) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let truth = find_in_path("true").unwrap_or_else(|| PathBuf::from("/bin/true"));
    let output = Command::new(program)
        .args(bwrap_args(dir.path(), &[]))
        .arg("--")
        .arg(truth)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run bubblewrap: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "bubblewrap does not work here: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// Look `name` up in `PATH`.
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

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

/// Why a line could not be sent.
#[derive(Debug)]
pub enum SendError {
    /// Nobody reads the program's standard input any more.
    Closed,
    /// Another error.
    Io(io::Error),
}

/// How much of standard error to keep (the last bytes).
const STDERR_KEEP: usize = 64 * 1024;
/// Quiet time after a prompt when `/proc` cannot tell.
const PROMPT_QUIET: Duration = Duration::from_millis(50);

/// A running program and its pipes.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    stderr: ChildStderr,
    stdout_open: bool,
    stderr_open: bool,
    stdin_pipe: String,
    sid: i32,
    out: Vec<u8>,
    err_since_input: usize,
    err_tail: Vec<u8>,
    status: Option<ExitStatus>,
    /// The process last seen reading standard input.
    reader: Option<i32>,
    idle: Duration,
}

impl Program {
    /// Start `argv` in `workdir` with exactly the environment `env`, in a new
    /// session, under `limits` and `sandbox`.
    ///
    /// # Errors
    ///
    /// When the program cannot be started.
    pub fn spawn(
        argv: &[OsString],
        workdir: &Path,
        env: &[(OsString, OsString)],
        limits: Limits,
        sandbox: &Sandbox,
        idle: Duration,
    ) -> io::Result<Program> {
        if argv.is_empty() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        }
        let mut cmd = sandbox.command(argv, workdir);
        cmd.current_dir(workdir)
            .env_clear()
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: the closure runs in the forked child before exec and only
        // makes async-signal-safe system calls (setsid, setrlimit).
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                set_limit(libc::RLIMIT_CPU, limits.cpu_seconds)?;
                set_limit(libc::RLIMIT_AS, limits.memory_bytes)?;
                set_limit(libc::RLIMIT_FSIZE, limits.file_size_bytes)?;
                set_limit(libc::RLIMIT_NOFILE, limits.open_files)?;
                set_limit(libc::RLIMIT_CORE, 0)?;
                Ok(())
            });
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        set_nonblocking(stdout.as_raw_fd())?;
        set_nonblocking(stderr.as_raw_fd())?;
        let stdin_pipe = pipe_name(stdin.as_raw_fd())?;
        let sid = child.id() as i32;
        Ok(Program {
            child,
            stdin: Some(stdin),
            stdout,
            stderr,
            stdout_open: true,
            stderr_open: true,
            stdin_pipe,
            sid,
            out: Vec::new(),
            err_since_input: 0,
            err_tail: Vec::new(),
            status: None,
            reader: None,
            idle,
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

    /// Close the program's standard input (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Wait until the program waits for input, exits, runs out of time
    /// (`deadline`, or `silence` without output), or prints more than `cap`
    /// bytes. `prompt` says whether the output so far ends with a prompt.
    pub fn wait_ready(
        &mut self,
        deadline: Instant,
        silence: Duration,
        cap: usize,
        prompt: &dyn Fn(&[u8]) -> bool,
    ) -> Waited {
        let mut last_output = Instant::now();
        let mut interval = Duration::from_millis(1);
        let mut got_data = true;
        let ready = loop {
            if self.pump() > 0 {
                last_output = Instant::now();
                interval = Duration::from_millis(1);
                got_data = true;
            }
            if self.out.len() > cap || self.err_since_input > cap {
                break Ready::Flood;
            }
            if self.status.is_none() {
                if let Ok(Some(status)) = self.child.try_wait() {
                    self.status = Some(status);
                }
            }
            if let Some(status) = self.status {
                self.pump();
                break Ready::Exited(status);
            }
            let now = Instant::now();
            let quiet = now.duration_since(last_output);
            if !got_data || prompt(&self.out) {
                match proc_info() {
                    true => {
                        if self.reading_stdin() {
                            self.pump();
                            break Ready::Reading;
                        }
                    }
                    false => {
                        if quiet >= PROMPT_QUIET && prompt(&self.out) {
                            break Ready::Prompt;
                        }
                    }
                }
            }
            if !proc_info() && quiet >= self.idle {
                break Ready::Idle;
            }
            if now >= deadline || quiet >= silence {
                break Ready::Timeout;
            }
            got_data = false;
            let timeout = interval.min(deadline - now);
            self.poll(timeout);
            interval = (interval * 2).min(Duration::from_millis(16));
        };
        Waited {
            output: std::mem::take(&mut self.out),
            ready,
        }
    }

    /// Wait for the program to exit until `deadline`, reading (and
    /// discarding beyond `cap`) its output.
    pub fn wait_exit(&mut self, deadline: Instant, cap: usize) -> Option<ExitStatus> {
        let mut interval = Duration::from_millis(1);
        loop {
            self.pump();
            if self.out.len() > cap {
                self.out.drain(..self.out.len() - cap);
            }
            if self.status.is_none() {
                if let Ok(Some(status)) = self.child.try_wait() {
                    self.status = Some(status);
                }
            }
            if self.status.is_some() {
                self.pump();
                return self.status;
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            self.poll(interval.min(deadline - now));
            interval = (interval * 2).min(Duration::from_millis(16));
        }
    }

    /// The output read since the last wait (e.g. after an exit).
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// The last bytes of standard error.
    pub fn stderr_tail(&self) -> &[u8] {
        &self.err_tail
    }

    /// Processes of the program's session other than the one reading its
    /// standard input and that one's ancestors: children left running in the
    /// background. Only meaningful right after a [`Ready::Reading`] wait.
    pub fn stray_processes(&self) -> Vec<String> {
        let Some(reader) = self.reader else {
            return Vec::new();
        };
        let procs = session_processes(self.sid);
        let mut keep = vec![reader];
        let mut at = reader;
        while let Some(p) = procs.iter().find(|p| p.pid == at) {
            keep.push(p.ppid);
            at = p.ppid;
        }
        procs
            .iter()
            .filter(|p| !keep.contains(&p.pid) && p.state != 'Z' && !p.is_bwrap())
            .map(ProcInfo::describe)
            .collect()
    }

    /// Live processes of the program's session after the main one exited
    /// (what it left behind), given `grace` to go away by themselves.
    pub fn session_left(&self, grace: Duration) -> Vec<String> {
        let until = Instant::now() + grace;
        loop {
            let left: Vec<ProcInfo> = session_processes(self.sid)
                .into_iter()
                .filter(|p| p.state != 'Z' && !p.is_bwrap())
                .collect();
            if left.is_empty() || Instant::now() >= until {
                return left.iter().map(ProcInfo::describe).collect();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Whether any process of the session still has the standard-input pipe
    /// open for reading.
    pub fn stdin_held(&self) -> bool {
        session_processes(self.sid).iter().any(|p| {
            fs::read_dir(format!("/proc/{}/fd", p.pid))
                .into_iter()
                .flatten()
                .flatten()
                .any(|fd| {
                    fs::read_link(fd.path()).is_ok_and(|l| l.to_string_lossy() == self.stdin_pipe)
                })
        })
    }

    /// Kill the whole session and process group (children included) and
    /// reap the program.
    pub fn kill(&mut self) {
        self.stdin = None;
        for _ in 0..5 {
            let left = session_processes(self.sid);
            if !left.is_empty() {
                // SAFETY: plain system calls on process ids of our session.
                unsafe {
                    libc::kill(-self.sid, libc::SIGKILL);
                }
            }
            for p in &left {
                unsafe {
                    libc::kill(p.pid, libc::SIGKILL);
                }
            }
            if self.status.is_none() {
                self.status = self.child.wait().ok();
            }
            if left.iter().all(|p| p.state == 'Z' || p.pid == self.sid) {
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
        let mut fds = Vec::with_capacity(2);
        if self.stdout_open {
            fds.push(libc::pollfd {
                fd: self.stdout.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if self.stderr_open {
            fds.push(libc::pollfd {
                fd: self.stderr.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
        }
        if fds.is_empty() {
            std::thread::sleep(timeout);
            return;
        }
        let ms = timeout.as_millis().clamp(1, 1000) as libc::c_int;
        // SAFETY: `fds` is a valid array of pollfd for its length.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms);
        }
    }

    /// Whether a process of the session is blocked reading our pipe and the
    /// pipe is empty.
    fn reading_stdin(&mut self) -> bool {
        let Some(stdin) = &self.stdin else {
            return false;
        };
        if pending_bytes(stdin.as_raw_fd()) != 0 {
            return false;
        }
        for p in session_processes(self.sid) {
            if p.state != 'S' && p.state != 'D' {
                continue;
            }
            if process_reads(p.pid, &self.stdin_pipe) {
                self.reader = Some(p.pid);
                return true;
            }
        }
        false
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit with a valid pointer.
    if unsafe { libc::setrlimit(resource, &limit) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn set_nonblocking(fd: i32) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// `pipe:[inode]`, as `/proc/<pid>/fd/<n>` links name the pipe.
fn pipe_name(fd: i32) -> io::Result<String> {
    // SAFETY: fstat into a zeroed struct.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(fd, &mut st) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(format!("pipe:[{}]", st.st_ino))
}

/// Bytes written into the pipe and not read yet.
fn pending_bytes(fd: i32) -> i32 {
    let mut n: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int.
    if unsafe { libc::ioctl(fd, libc::FIONREAD, &mut n) } < 0 {
        return 0;
    }
    n
}

/// Whether `/proc` tells which system call a process is blocked in.
fn proc_info() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        fs::read_to_string("/proc/self/syscall").is_ok()
            || fs::read_to_string("/proc/self/wchan").is_ok()
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

/// Whether a thread of `pid` is blocked reading the pipe `pipe`.
fn process_reads(pid: i32, pipe: &str) -> bool {
    let tasks: Vec<PathBuf> = match fs::read_dir(format!("/proc/{pid}/task")) {
        Ok(dir) => dir.flatten().map(|e| e.path()).collect(),
        Err(_) => vec![PathBuf::from(format!("/proc/{pid}"))],
    };
    let fd_is_pipe = |fd: u64| {
        fs::read_link(format!("/proc/{pid}/fd/{fd}")).is_ok_and(|l| l.to_string_lossy() == pipe)
    };
    for task in tasks {
        if let Ok(text) = fs::read_to_string(task.join("syscall")) {
            let mut words = text.split_whitespace();
            let nr = words.next().and_then(|w| w.parse::<u64>().ok());
            let fd = words
                .next()
                .and_then(|w| u64::from_str_radix(w.trim_start_matches("0x"), 16).ok());
            if let (Some(nr), Some(fd)) = (nr, fd) {
                if READ_CALLS.contains(&nr) && fd_is_pipe(fd) {
                    return true;
                }
            }
            continue;
        }
        if let Ok(wchan) = fs::read_to_string(task.join("wchan")) {
            if (wchan.contains("pipe_read") || wchan.contains("pipe_wait")) && fd_is_pipe(0) {
                return true;
            }
        }
    }
    false
}

/// A process seen in `/proc`.
#[derive(Clone, Debug)]
struct ProcInfo {
    pid: i32,
    ppid: i32,
    state: char,
    comm: String,
}

impl ProcInfo {
    fn is_bwrap(&self) -> bool {
        self.comm == "bwrap"
    }

    /// `1234 (sleep)`.
    fn describe(&self) -> String {
        format!("{} ({})", self.pid, self.comm)
    }
}

/// The processes whose session id is `sid`.
fn session_processes(sid: i32) -> Vec<ProcInfo> {
    let mut found = Vec::new();
    let Ok(dir) = fs::read_dir("/proc") else {
        return found;
    };
    for entry in dir.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let comm = stat[open + 1..close].to_string();
        let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        if fields.len() < 4 {
            continue;
        }
        let session = fields[3].parse::<i32>().unwrap_or(-1);
        if session != sid {
            continue;
        }
        found.push(ProcInfo {
            pid,
            ppid: fields[1].parse().unwrap_or(0),
            state: fields[0].chars().next().unwrap_or('?'),
            comm,
        });
    }
    found
}

/// Describe an exit status: `status 1`, `signal 9 (SIGKILL)`.
pub fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        format!("status {code}")
    } else if let Some(sig) = status.signal() {
        let name = match sig {
            libc::SIGKILL => " (SIGKILL: killed, perhaps the memory or CPU limit)",
            libc::SIGSEGV => " (SIGSEGV)",
            libc::SIGXCPU => " (SIGXCPU: CPU time limit)",
            libc::SIGXFSZ => " (SIGXFSZ: file size limit)",
            libc::SIGABRT => " (SIGABRT)",
            libc::SIGPIPE => " (SIGPIPE)",
            _ => "",
        };
        format!("signal {sig}{name}")
    } else {
        "unknown status".to_string()
    }
}
