//! Confinement: which sandbox runs the programs, under which user, and an
//! exact account of what that does and does not confine.
//!
//! Two tools, chosen once per run:
//!
//! - **bubblewrap** (`bwrap`, 0.8 or later): each program gets its own user,
//!   PID, network, IPC and UTS namespaces, no capabilities, no way to make
//!   further user namespaces, a new session, a read-only view of the system,
//!   and one size-limited tmpfs that holds both `/tmp` and its working
//!   folder (the disk cap). As root, bubblewrap itself runs under an
//!   unprivileged user id, so the program's files and processes belong to
//!   that user outside the sandbox too.
//! - **none**: resource limits, a new session and a fresh working folder;
//!   as root, also a user id of its own per parallel job (so it cannot
//!   signal the grader or another program, and all its processes can be
//!   found and killed by that id).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Serialize;

use super::limits::Limits;

/// Which sandbox the user asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SandboxChoice {
    /// bubblewrap when it is installed and works, else unconfined.
    #[default]
    Auto,
    /// bubblewrap, or an error.
    Bwrap,
    /// No sandbox, only limits (and, as root, a user of its own).
    None,
}

/// How programs are confined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sandbox {
    /// Inside bubblewrap (see the module documentation).
    Bwrap {
        /// The `bwrap` executable.
        program: PathBuf,
        /// Its version, as `bwrap --version` prints it.
        version: String,
        /// Folders and files to hide from the program (the other
        /// submissions, the reference games).
        hide: Vec<PathBuf>,
    },
    /// Only the resource limits, the session, the working folder and (as
    /// root) a user of its own.
    Unconfined,
}

/// The user a program runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    /// User id.
    pub uid: u32,
    /// Group id.
    pub gid: u32,
}

/// The user ids programs run under: one per parallel job, from `base`, when
/// the grader runs as root; `None`: the grader's own user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Users {
    /// The first user id (and group id), when the grader is root.
    pub base: Option<u32>,
}

/// Where user ids for programs start by default (far above the ids of
/// people and system services, and above the usual `/etc/subuid` ranges).
pub const DEFAULT_UID_BASE: u32 = 1_500_000_000;

impl Users {
    /// The user of parallel job `slot`, if the programs get users of their
    /// own.
    pub fn for_slot(&self, slot: usize) -> Option<User> {
        let base = self.base?;
        let id = base.checked_add(u32::try_from(slot).ok()?)?;
        Some(User { uid: id, gid: id })
    }

    /// As root: `jobs` user ids from the first block of 1000 at or above
    /// `from` that no running process uses and no other grading run holds
    /// (each run takes a lock on its block for as long as it lives, so two
    /// runs at once never share user ids). Not root: the grader's own user.
    pub fn pick(from: u32, jobs: usize) -> Users {
        if !is_root() {
            return Users { base: None };
        }
        Users::pick_in(&lock_dir(), from, jobs)
    }

    /// [`Users::pick`] with the locks in `dir` (tests use a folder of
    /// their own). A block whose lock cannot be taken safely (see
    /// [`open_lock`]) is skipped like a block in use.
    pub fn pick_in(dir: &Path, from: u32, jobs: usize) -> Users {
        let used = uids_in_use();
        let jobs = u32::try_from(jobs.max(1)).unwrap_or(u32::MAX);
        let mut base = from;
        for _ in 0..1000 {
            let Some(end) = base.checked_add(jobs) else {
                break;
            };
            if !used.iter().any(|u| (base..end).contains(u)) && lock_block(dir, base) {
                return Users { base: Some(base) };
            }
            base = base.saturating_add(1000);
        }
        Users { base: Some(from) }
    }
}

/// Where the locks of the blocks of user ids are: `/run/lock`, else the
/// system's temporary folder.
fn lock_dir() -> PathBuf {
    if Path::new("/run/lock").is_dir() {
        PathBuf::from("/run/lock")
    } else {
        std::env::temp_dir()
    }
}

/// The locks this process holds on blocks of user ids: each file, open for
/// the rest of the process's life.
static HELD: std::sync::Mutex<Vec<(PathBuf, std::fs::File)>> = std::sync::Mutex::new(Vec::new());

/// The descriptors of the locks held (the watchdog keeps them, so that
/// the block stays taken until it has killed what was left).
pub(crate) fn held_lock_fds() -> Vec<i32> {
    use std::os::fd::AsRawFd;
    HELD.lock()
        .map(|held| held.iter().map(|(_, f)| f.as_raw_fd()).collect())
        .unwrap_or_default()
}

/// Take the lock of the block of user ids starting at `base` (its file in
/// `dir`), for the rest of the process's life; whether it was free.
fn lock_block(dir: &Path, base: u32) -> bool {
    let Ok(mut held) = HELD.lock() else {
        return false;
    };
    let path = dir.join(format!("asalto-grade-users-{base}.lock"));
    if held.iter().any(|(p, _)| *p == path) {
        return true;
    }
    let Ok(file) = open_lock(&path) else {
        return false;
    };
    match rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => {
            held.push((path, file));
            true
        }
        Err(_) => false,
    }
}

/// Open the lock file `path`, making it if need be, in a folder anyone may
/// write in (`/run/lock`): never through a symbolic link (a planted one
/// made root create a file where it pointed), never waiting on a FIFO or a
/// device (a planted FIFO hung the grader), and only a regular file of the
/// grader's own user with one link (not another user's file, nor a hard
/// link to one). The error says what was found.
fn open_lock(path: &Path) -> Result<std::fs::File, String> {
    use rustix::fs::{FileType, Mode, OFlags};
    let fd = rustix::fs::open(
        path,
        OFlags::RDWR
            | OFlags::CREATE
            | OFlags::NOFOLLOW
            | OFlags::NONBLOCK
            | OFlags::NOCTTY
            | OFlags::CLOEXEC,
        Mode::from_raw_mode(0o600),
    )
    .map_err(|e| match e {
        rustix::io::Errno::LOOP => "a symbolic link".to_string(),
        e => e.to_string(),
    })?;
    let stat = rustix::fs::fstat(&fd).map_err(|e| e.to_string())?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
        return Err("not a regular file".into());
    }
    if stat.st_uid != rustix::process::geteuid().as_raw() {
        return Err(format!("a file of user {}", stat.st_uid));
    }
    if stat.st_nlink != 1 {
        return Err(format!("a file with {} links", stat.st_nlink));
    }
    Ok(std::fs::File::from(fd))
}

/// Whether the grader runs as root.
pub fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// The real user ids of the processes there are, zombies included (they
/// count against a user's process limit until reaped); read once, when a
/// run starts.
fn uids_in_use() -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter_map(|e| std::fs::read_to_string(e.path().join("status")).ok())
        .filter_map(|s| super::procs::real_uid_of_status(&s))
        .collect()
}

/// The working folder as a program inside bubblewrap sees it; `/tmp` and it
/// share one size-limited tmpfs.
pub const SANDBOX_WORKDIR: &str = "/tmp/work";

impl Sandbox {
    /// Resolve the user's choice: find `bwrap` and try it once, as the
    /// user of the first job. With [`SandboxChoice::Auto`] and no working
    /// bubblewrap, the sandbox is [`Sandbox::Unconfined`] and the second
    /// value says why.
    ///
    /// # Errors
    ///
    /// With [`SandboxChoice::Bwrap`], when bubblewrap is missing or does not
    /// work here (the message says why).
    pub fn detect(
        choice: SandboxChoice,
        hide: Vec<PathBuf>,
        users: &Users,
    ) -> Result<(Sandbox, Option<String>), String> {
        if choice == SandboxChoice::None {
            return Ok((Sandbox::Unconfined, None));
        }
        let tried = match find_in_path("bwrap") {
            None => Err("bubblewrap (`bwrap`) is not installed".to_string()),
            Some(program) => try_bwrap(&program, users.for_slot(0)).map(|version| Sandbox::Bwrap {
                program,
                version,
                hide,
            }),
        };
        match (tried, choice) {
            (Ok(sandbox), _) => Ok((sandbox, None)),
            (Err(e), SandboxChoice::Bwrap) => Err(e),
            (Err(e), _) => Ok((Sandbox::Unconfined, Some(e))),
        }
    }

    /// `bwrap` or `none`, for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Sandbox::Bwrap { .. } => "bwrap",
            Sandbox::Unconfined => "none",
        }
    }

    /// The working folder as the program sees it, given the host folder
    /// (unconfined runs).
    pub fn program_folder(&self, host: Option<&Path>) -> PathBuf {
        match (self, host) {
            (Sandbox::Bwrap { .. }, _) | (_, None) => PathBuf::from(SANDBOX_WORKDIR),
            (Sandbox::Unconfined, Some(h)) => h.to_path_buf(),
        }
    }
}

/// The arguments of bubblewrap before `--` and the command: see the module
/// documentation. `block` and `info` are the descriptors of `--block-fd`
/// (the program starts when a byte arrives, once its folder is filled) and
/// `--info-fd` (where bubblewrap says the host id of the sandbox's first
/// process).
pub(crate) struct BwrapArgs<'a> {
    pub user: Option<User>,
    pub disk_bytes: u64,
    pub hide: &'a [PathBuf],
    /// Folders covered by an empty read-only tmpfs, where copies are bound
    /// (see [`super::named`]).
    pub covers: Vec<PathBuf>,
    /// Read-only binds: a copy on the host, and where the program finds it.
    pub binds: Vec<(PathBuf, PathBuf)>,
    pub block: i32,
    pub info: i32,
}

impl BwrapArgs<'_> {
    pub(crate) fn build(&self) -> Vec<OsString> {
        let mut args: Vec<OsString> = Vec::new();
        let mut push = |items: &[&str]| args.extend(items.iter().map(OsString::from));
        push(&["--unshare-user"]);
        if let Some(u) = self.user {
            push(&["--uid", &u.uid.to_string(), "--gid", &u.gid.to_string()]);
        }
        push(&[
            "--cap-drop",
            "ALL",
            "--disable-userns",
            "--unshare-pid",
            "--unshare-net",
            "--unshare-ipc",
            "--unshare-uts",
            "--unshare-cgroup-try",
            "--new-session",
            "--die-with-parent",
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--size",
            &self.disk_bytes.max(4096).to_string(),
            "--tmpfs",
            "/tmp",
            "--dir",
            SANDBOX_WORKDIR,
            // POSIX shared memory and semaphores (Python's multiprocessing
            // locks and queues) live in /dev/shm: a tmpfs of the sandbox's
            // own, as big as the disk, whose pages count in the run's
            // memory like any other (a read-only /dev/shm broke them).
            "--size",
            &self.disk_bytes.max(4096).to_string(),
            "--tmpfs",
            "/dev/shm",
        ]);
        let mut read_only: Vec<OsString> = vec!["/dev".into()];
        // What the sandbox hides: only what its user could reach. A folder
        // or file it cannot reach is hidden by the host's permissions
        // already (and bubblewrap, running as that user, could not mount
        // over it); the sandbox's /tmp is its own.
        let hidden = |p: &Path| !p.starts_with("/tmp") && reachable(p, self.user);
        let hidden_dirs: Vec<&PathBuf> = self
            .hide
            .iter()
            .filter(|d| d.is_dir() && hidden(d))
            .collect();
        for dir in &hidden_dirs {
            args.extend(["--tmpfs".into(), dir.into()]);
            read_only.push(dir.into());
        }
        for dir in &self.covers {
            args.extend(["--tmpfs".into(), dir.into()]);
            read_only.push(dir.into());
        }
        for (copy, path) in &self.binds {
            args.extend(["--ro-bind".into(), copy.into(), path.into()]);
        }
        // A hidden file (a reference game) cannot be opened: /dev/null over
        // it, on a `nodev` mount. After the binds, which may hold it; one
        // in a hidden folder is gone already.
        let in_hidden = |f: &Path| {
            hidden_dirs
                .iter()
                .any(|d| f != d.as_path() && f.starts_with(d))
        };
        for file in self.hide {
            if file.is_file() && !in_hidden(file) && hidden(file) {
                args.extend(["--ro-bind".into(), "/dev/null".into(), file.into()]);
            }
        }
        // Last, once every mount point exists: nothing but the tmpfs is
        // writable (an empty tmpfs over a hidden folder, or /dev, would be
        // writable RAM outside the disk cap); /dev/shm keeps its own cap.
        for dir in read_only {
            args.extend(["--remount-ro".into(), dir]);
        }
        args.extend(
            [
                "--chdir",
                SANDBOX_WORKDIR,
                "--block-fd",
                &self.block.to_string(),
                "--info-fd",
                &self.info.to_string(),
            ]
            .map(OsString::from),
        );
        args
    }
}

/// bubblewrap's version, as `bwrap --version` prints it.
fn bwrap_version(program: &Path) -> Result<String, String> {
    let version = Command::new(program)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run bubblewrap: {e}"))?;
    Ok(String::from_utf8_lossy(&version.stdout)
        .trim()
        .trim_start_matches("bubblewrap")
        .trim()
        .to_string())
}

/// Run `true` under bubblewrap with its base arguments, as `user`; its
/// version when it works.
fn try_bwrap(program: &Path, user: Option<User>) -> Result<String, String> {
    let version = bwrap_version(program)?;
    let truth = find_in_path("true").unwrap_or_else(|| PathBuf::from("/bin/true"));
    let args = BwrapArgs {
        user,
        disk_bytes: 1 << 20,
        hide: &[],
        covers: Vec::new(),
        binds: Vec::new(),
        block: -1,
        info: -1,
    };
    run_trial(program, &args, &[truth.into_os_string()]).map_err(|why| {
        let who = match user {
            Some(u) => format!(" as the unprivileged user {}", u.uid),
            None => String::new(),
        };
        let hint = if why.contains("Unknown option") || why.contains("Unrecognized") {
            " (bubblewrap 0.8.0 or later is needed for --size and --disable-userns)"
        } else if why.contains("user namespace") || why.contains("setting up uid map") {
            " (this kernel does not let unprivileged users make user namespaces)"
        } else {
            ""
        };
        format!("bubblewrap {version} does not work here{who}: {why}{hint}")
    })?;
    Ok(version)
}

/// Run `command` under bubblewrap with `args` (but the two descriptors),
/// as the user they name; what it said on standard error when it fails.
fn run_trial(program: &Path, args: &BwrapArgs, command: &[OsString]) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let built = args.build();
    // No --block-fd / --info-fd for a trial.
    let built: Vec<OsString> = built[..built.len() - 4].to_vec();
    let mut cmd = Command::new(program);
    cmd.args(built)
        .arg("--")
        .args(command)
        .current_dir("/")
        .stdin(Stdio::null());
    if let Some(u) = args.user {
        cmd.uid(u.uid).gid(u.gid);
    }
    // Under the real runs' system call filter, which bubblewrap must bear.
    if let Some(filter) = super::syscalls::program() {
        crate::sys::filter_before_exec(&mut cmd, filter);
    }
    // Its sandbox's first process is orphaned to the grader: reaped here,
    // or the first run of this user would wait for process 1 to reap it.
    super::procs::adopt_orphans();
    let output = cmd.output();
    let owner = args
        .user
        .map_or_else(|| rustix::process::getuid().as_raw(), |u| u.uid);
    super::procs::reap_orphans_within(
        super::procs::Owner::User(owner),
        0,
        std::time::Duration::from_secs(2),
    );
    let output = output.map_err(|e| format!("cannot run bubblewrap: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    let why = String::from_utf8_lossy(&output.stderr).trim().to_string();
    Err(crate::text::escape_line(&crate::text::cap(&why, 300)).into_owned())
}

impl Sandbox {
    /// Before anyone is graded: set the sandbox up exactly as the runs of
    /// `user` will (the folders hidden, the copies of the named files
    /// bound) and check there that each path of `checks` can be run (when
    /// its flag is set: the command's program) or read.
    ///
    /// # Errors
    ///
    /// Why not, in a sentence that says what to do.
    pub(crate) fn trial(
        &self,
        user: Option<User>,
        disk_bytes: u64,
        covers: Vec<PathBuf>,
        binds: Vec<(PathBuf, PathBuf)>,
        checks: &[(&Path, bool)],
    ) -> Result<(), String> {
        let Sandbox::Bwrap { program, hide, .. } = self else {
            return Ok(());
        };
        let args = BwrapArgs {
            user,
            disk_bytes,
            hide,
            covers,
            binds,
            block: -1,
            info: -1,
        };
        let mut command: Vec<OsString> = Vec::new();
        match find_in_path("sh") {
            Some(sh) => {
                command.extend([
                    sh.into_os_string(),
                    "-c".into(),
                    "for a; do m=${a%%:*}; p=${a#*:}; test -$m \"$p\" || { echo \"$p: missing in the sandbox, or it cannot be used there (test -$m)\" >&2; exit 3; }; done".into(),
                    "sh".into(),
                ]);
                for (p, run) in checks {
                    let mut a = OsString::from(if *run { "x:" } else { "r:" });
                    a.push(p);
                    command.push(a);
                }
            }
            None => command.push(
                find_in_path("true")
                    .unwrap_or_else(|| PathBuf::from("/bin/true"))
                    .into_os_string(),
            ),
        }
        run_trial(program, &args, &command).map_err(|why| {
            let who = user.map(|u| format!(" as user {}", u.uid)).unwrap_or_default();
            format!(
                "bubblewrap cannot set up the sandbox the programs need{who}: {why} (nobody was graded: this is the grading machine's problem, not the submissions'; move the files to a folder of their own, or grade with --sandbox none)"
            )
        })
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

/// Whether `user` may search every folder on the way to `path` and has
/// the permission `want` (`4` read, `1` execute) on `path` itself. Root (no
/// user of its own) may.
pub fn may_access(path: &Path, user: Option<User>, want: u32) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let Some(user) = user else {
        return Ok(());
    };
    let allowed = |meta: &std::fs::Metadata, bits: u32| {
        let mode = meta.mode();
        let shift = if meta.uid() == user.uid {
            6
        } else if meta.gid() == user.gid {
            3
        } else {
            0
        };
        (mode >> shift) & bits == bits
    };
    let mut at = PathBuf::new();
    let parents: Vec<_> = path
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .collect();
    for part in parents {
        at.push(part);
        let meta = std::fs::metadata(&at).map_err(|e| format!("{}: {e}", at.display()))?;
        if !allowed(&meta, 1) {
            return Err(format!(
                "the folder {} cannot be entered by user {} (mode {:o})",
                at.display(),
                user.uid,
                meta.mode() & 0o7777
            ));
        }
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !allowed(&meta, want) {
        let what = if want & 1 != 0 { "run" } else { "read" };
        return Err(format!(
            "{} cannot be {what} by user {} (mode {:o})",
            path.display(),
            user.uid,
            meta.mode() & 0o7777
        ));
    }
    Ok(())
}

/// Whether `user` can reach `path` at all: search every folder on the way,
/// and read it (a file) or read or enter it (a folder). Root (no user of
/// its own) can.
pub fn reachable(path: &Path, user: Option<User>) -> bool {
    if path.is_dir() {
        may_access(path, user, 4).is_ok() || may_access(path, user, 1).is_ok()
    } else {
        may_access(path, user, 4).is_ok()
    }
}

/// Find the program `name` as `execvp` would for `user`: the first file in
/// `PATH` it may run. The error says what was found and why it cannot run.
pub fn resolve_program(name: &str, user: Option<User>) -> Result<PathBuf, String> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        if !p.is_file() {
            return Err(format!("`{name}` does not exist (or is not a file)"));
        }
        return may_access(&p, user, 1).map(|()| p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut refused = Vec::new();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(name);
        if !p.is_file() {
            continue;
        }
        match may_access(&p, user, 1) {
            Ok(()) => return Ok(p),
            Err(e) => refused.push(e),
        }
    }
    match refused.first() {
        Some(why) => Err(format!(
            "`{name}` is in PATH, but {why}: programs run as users of their own; install it where every user may run it (e.g. /usr/bin), or name one that they may run in the command"
        )),
        None => Err(format!(
            "`{name}` is not a command here: not found in PATH ({})",
            std::env::var("PATH").unwrap_or_default()
        )),
    }
}

/// What confines the programs, as reports state it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Confinement {
    /// `bwrap` or `none`.
    pub tool: &'static str,
    /// bubblewrap's version, when it is used.
    pub version: Option<String>,
    /// Whether the grader runs as root.
    pub grader_is_root: bool,
    /// The user ids programs run under (one per parallel job), or the
    /// grader's own.
    pub uids: Vec<u32>,
    /// Whether programs run as a user other than the grader's.
    pub separate_user: bool,
    /// Capabilities a program holds: `none`, or what root holds.
    pub capabilities: &'static str,
    /// `none` (a network namespace with no interfaces) or `host`.
    pub network: &'static str,
    /// `refused` (no Unix socket can be made: the system call filter of
    /// [`super::syscalls`], with either sandbox) or `reachable`.
    pub unix_sockets: &'static str,
    /// Whether each program has its own PID namespace (every descendant
    /// found, counted and killed with it).
    pub pid_namespace: bool,
    /// Whether the program's descendants are all found and killed, however
    /// they detach.
    pub all_processes_killed: bool,
    /// What it may write.
    pub filesystem: String,
    /// Resource limits (see each).
    pub limits: LimitsReport,
    /// What is confined, in a few phrases.
    pub confined: Vec<String>,
    /// What is not, in a few phrases.
    pub not_confined: Vec<String>,
}

/// The limits, for reports; `None` where there is no limit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LimitsReport {
    /// CPU seconds per process.
    pub cpu_seconds: u64,
    /// Memory of all the processes of one run together.
    pub memory_bytes: u64,
    /// What enforces it: `cgroup v1`, `cgroup v2` (the kernel), or `watch`
    /// (the grader, every 50 ms).
    pub memory_enforced_by: &'static str,
    /// Address space per process (`RLIMIT_AS`), when it is limited: only
    /// where no cgroup caps the run.
    pub address_space_bytes: Option<u64>,
    /// What enforces `processes`: `cgroup` (per run) or `user limit` (per
    /// user id, as root).
    pub processes_enforced_by: Option<&'static str>,
    /// Largest file.
    pub file_size_bytes: u64,
    /// Open files per process.
    pub open_files: u64,
    /// Everything written to its folder and `/tmp` together.
    pub disk_bytes: Option<u64>,
    /// Processes at once (tasks: threads count), per run.
    pub processes: Option<u64>,
}

impl Confinement {
    /// What `sandbox` with `users` (for `jobs` parallel jobs) and `limits`
    /// confines.
    pub fn describe(sandbox: &Sandbox, users: &Users, jobs: usize, limits: &Limits) -> Confinement {
        let root = is_root();
        let uids: Vec<u32> = match users.base {
            Some(_) => (0..jobs.max(1))
                .filter_map(|s| users.for_slot(s))
                .map(|u| u.uid)
                .collect(),
            None => vec![rustix::process::geteuid().as_raw()],
        };
        let separate = users.base.is_some();
        let bwrap = matches!(sandbox, Sandbox::Bwrap { .. });
        let filtered = super::syscalls::program().is_some();
        let caps = super::cgroup::caps();
        let (memory_by, address_space, processes_by) = match &caps {
            super::cgroup::Caps::Cgroup { version, processes } => (
                version.name(),
                None,
                if *processes {
                    Some("cgroup")
                } else {
                    separate.then_some("user limit")
                },
            ),
            super::cgroup::Caps::Watched(_) => (
                "watch",
                Some(limits.memory_bytes),
                separate.then_some("user limit"),
            ),
        };
        let processes = processes_by.map(|_| limits.processes);
        let mut confined = vec![
            "CPU time and file size per process, open files".to_string(),
            format!(
                "time: each limit counts the CPU time the program gets, up to {} times the limit by the clock",
                super::limits::STRETCH
            ),
            "a new session without a terminal; killed when the grader exits".to_string(),
        ];
        match &caps {
            super::cgroup::Caps::Cgroup { version, .. } => confined.push(format!(
                "memory: {} for all the processes of a run together, in a cgroup of its own ({}): past it the kernel kills in that cgroup only",
                size(limits.memory_bytes),
                version.name()
            )),
            super::cgroup::Caps::Watched(_) => confined.push(format!(
                "memory: {} of address space per process",
                size(limits.memory_bytes)
            )),
        }
        if processes_by == Some("cgroup") {
            confined.push(format!(
                "processes: {} at once for a run, in its cgroup",
                limits.processes
            ));
        }
        let mut not_confined = Vec::new();
        if filtered {
            confined.push(super::syscalls::REFUSED.to_string());
        } else {
            not_confined.push(
                "Unix sockets: it may connect to any its user may reach (no system call filter for this architecture)"
                    .to_string(),
            );
        }
        if bwrap {
            confined.extend([
                "no capabilities and no new user namespaces".to_string(),
                "its own PID namespace: every process it starts is found, counted and killed"
                    .to_string(),
                "no network".to_string(),
                "the system read-only; only its folder and /tmp writable, one tmpfs with the disk limit"
                    .to_string(),
                "the submissions folder and the reference games hidden".to_string(),
            ]);
            not_confined.push("reading the files of the system that any user may read".to_string());
        } else {
            not_confined.extend([
                "the network".to_string(),
                "reading the files its user may read, and writing where its user may (/tmp, /var/tmp and /dev/shm are every user's while it runs), without a limit on the total"
                    .to_string(),
                "System V IPC objects and POSIX message queues (the machine's, shared with every user)"
                    .to_string(),
            ]);
        }
        confined.push(if separate && !bwrap {
            "a session keyring of its own; its user's keyrings emptied, and what its user left in /tmp, /var/tmp and /dev/shm removed, before and after each run"
                .to_string()
        } else {
            "a session keyring of its own".to_string()
        });
        match (separate, bwrap) {
            (true, _) => confined.push(
                "a user of its own per parallel job: it cannot signal the grader or another program, nor read the grader's private files"
                    .to_string(),
            ),
            (false, true) => not_confined.push(
                "its user: the grader's own (the grader is not root)".to_string(),
            ),
            (false, false) => not_confined.push(
                "its user: the grader's own, so it can signal or stop the grader, read and write the grader's files and its user's keyrings (and, through the grader's process, which no filter binds, make a Unix socket)"
                    .to_string(),
            ),
        }
        if !bwrap {
            if separate {
                confined.push(
                    "every process of its user is found, counted and killed, also when the grader is killed (a watchdog process kills what is left of its user)"
                        .to_string(),
                );
            } else {
                not_confined.push(
                    "a process that leaves its session (setsid, double fork) is neither found nor killed"
                        .to_string(),
                );
            }
        }
        if processes.is_none() {
            not_confined.push(
                "the number of processes (the limit would count all of the grader's user)"
                    .to_string(),
            );
        }
        if let super::cgroup::Caps::Watched(why) = &caps {
            not_confined.push(format!(
                "memory in total: only watched, every 50 ms, the run killed past {} (no cgroup for the runs: {})",
                size(limits.memory_bytes),
                crate::text::escape_line(why)
            ));
        }
        Confinement {
            tool: sandbox.name(),
            version: match sandbox {
                Sandbox::Bwrap { version, .. } => Some(version.clone()),
                Sandbox::Unconfined => None,
            },
            grader_is_root: root,
            uids,
            separate_user: separate,
            capabilities: if bwrap || separate || !root {
                "none"
            } else {
                "all of root's"
            },
            network: if bwrap { "none" } else { "host" },
            unix_sockets: if filtered { "refused" } else { "reachable" },
            pid_namespace: bwrap,
            all_processes_killed: bwrap || separate,
            filesystem: if bwrap {
                format!("read-only, except its folder and /tmp ({SANDBOX_WORKDIR} in /tmp)")
            } else {
                "as its user may: its folder, and any world-writable place".to_string()
            },
            limits: LimitsReport {
                cpu_seconds: limits.cpu_seconds,
                memory_bytes: limits.memory_bytes,
                memory_enforced_by: memory_by,
                address_space_bytes: address_space,
                processes_enforced_by: processes_by,
                file_size_bytes: limits.file_size_bytes,
                open_files: limits.open_files,
                disk_bytes: bwrap.then_some(limits.disk_bytes),
                processes,
            },
            confined,
            not_confined,
        }
    }

    /// One line for people: `bubblewrap 0.8.0; user 1500000000…; network:
    /// none; Unix sockets: refused; …`.
    pub fn summary(&self) -> String {
        let tool = match &self.version {
            Some(v) => format!("bubblewrap {v}"),
            None => "no sandbox".to_string(),
        };
        let user = match (self.separate_user, self.uids.as_slice()) {
            (true, [one]) => format!("user {one}"),
            (true, [first, .., last]) => format!("users {first}-{last}"),
            _ => "the grader's user".to_string(),
        };
        let disk = match self.limits.disk_bytes {
            Some(d) => format!("disk {}", size(d)),
            None => "disk not limited in total".to_string(),
        };
        format!(
            "{tool}; {user}; capabilities: {}; network: {}; Unix sockets: {}; PID namespace: {}; {disk}",
            self.capabilities,
            self.network,
            self.unix_sockets,
            if self.pid_namespace { "yes" } else { "no" },
        )
    }
}

/// `64 MiB`, `512 KiB`, `1000 B`.
pub fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_get_consecutive_users() {
        let users = Users { base: Some(100) };
        assert_eq!(users.for_slot(2), Some(User { uid: 102, gid: 102 }));
        assert_eq!(Users { base: None }.for_slot(0), None);
        assert_eq!(
            Users {
                base: Some(u32::MAX)
            }
            .for_slot(1),
            None
        );
    }

    /// A lock folder anyone may write in, as `/run/lock` is: a link, a FIFO,
    /// another user's file or a hard link planted where a block's lock
    /// goes makes the grader skip that block, never create a file through
    /// the link nor wait on the FIFO (as it did).
    #[test]
    fn planted_lock_files_are_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
        let lock = |base: u32| dir.path().join(format!("asalto-grade-users-{base}.lock"));
        let victim = dir.path().join("created-through-the-link");
        std::os::unix::fs::symlink(&victim, lock(3_000_000_000)).unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            lock(3_000_001_000),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o666),
            0,
        )
        .unwrap();
        let other = dir.path().join("other");
        std::fs::write(&other, "").unwrap();
        std::fs::hard_link(&other, lock(3_000_002_000)).unwrap();
        // The FIFO once held the grader forever: fail after a minute.
        let (tx, rx) = std::sync::mpsc::channel();
        let path = dir.path().to_path_buf();
        std::thread::spawn(move || {
            let _ = tx.send(Users::pick_in(&path, 3_000_000_000, 2));
        });
        let users = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the grader waited on the planted FIFO");
        assert_eq!(users.base, Some(3_000_003_000));
        assert!(!victim.exists(), "a file was made through the link");
        assert_eq!(
            open_lock(&lock(3_000_000_000)).unwrap_err(),
            "a symbolic link"
        );
        assert_eq!(
            open_lock(&lock(3_000_001_000)).unwrap_err(),
            "not a regular file"
        );
        assert_eq!(
            open_lock(&lock(3_000_002_000)).unwrap_err(),
            "a file with 2 links"
        );
        if is_root() {
            let theirs = lock(3_000_004_000);
            std::fs::write(&theirs, "").unwrap();
            rustix::fs::chown(
                &theirs,
                Some(rustix::fs::Uid::from_raw(4_000_000_000)),
                None,
            )
            .unwrap();
            assert_eq!(open_lock(&theirs).unwrap_err(), "a file of user 4000000000");
        }
        // The block taken is locked: another open file cannot lock it.
        let taken = std::fs::File::open(lock(3_000_003_000)).unwrap();
        assert!(
            rustix::fs::flock(&taken, rustix::fs::FlockOperation::NonBlockingLockExclusive)
                .is_err()
        );
    }

    #[test]
    fn bwrap_arguments_cap_and_close_everything() {
        let hide = [std::env::temp_dir()];
        let args = BwrapArgs {
            user: Some(User { uid: 7, gid: 8 }),
            disk_bytes: 1 << 20,
            hide: &hide,
            covers: vec![PathBuf::from("/root")],
            binds: vec![(PathBuf::from("/tmp/copy"), PathBuf::from("/opt/prog"))],
            block: 5,
            info: 6,
        }
        .build();
        let text: Vec<String> = args.iter().map(|a| a.to_string_lossy().into()).collect();
        let joined = text.join(" ");
        for needed in [
            "--unshare-user --uid 7 --gid 8",
            "--cap-drop ALL",
            "--disable-userns",
            "--unshare-pid",
            "--unshare-net",
            "--new-session",
            "--die-with-parent",
            "--size 1048576 --tmpfs /tmp --dir /tmp/work",
            "--size 1048576 --tmpfs /dev/shm",
            "--tmpfs /root",
            "--ro-bind /tmp/copy /opt/prog",
            "--remount-ro /root",
            "--remount-ro /dev",
            "--block-fd 5 --info-fd 6",
        ] {
            assert!(joined.contains(needed), "{needed}: {joined}");
        }
        // The remounts come after every mount they protect.
        let last_bind = text.iter().rposition(|a| a == "--ro-bind").unwrap();
        let first_remount = text.iter().position(|a| a == "--remount-ro").unwrap();
        assert!(first_remount > last_bind);
    }

    #[test]
    fn access_is_judged_for_the_user() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let other = Some(User {
            uid: 4_000_000_000,
            gid: 4_000_000_000,
        });
        // tempdir makes 0700 folders owned by us: another user cannot enter.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        assert!(
            may_access(&file, other, 4)
                .unwrap_err()
                .contains("cannot be entered")
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(
            may_access(&file, other, 4)
                .unwrap_err()
                .contains("cannot be read")
        );
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(may_access(&file, other, 4), Ok(()));
        assert!(may_access(&file, other, 1).is_err());
        assert!(
            resolve_program("surely-not-a-command-here", None)
                .unwrap_err()
                .contains("not found in PATH")
        );
        assert_eq!(size(64 << 20), "64 MiB");
    }
}
