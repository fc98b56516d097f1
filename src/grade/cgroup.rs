//! Total memory and processes of one run of a program, capped together by
//! a cgroup of its own, which also counts its CPU time exactly and kills
//! whatever of it is left.
//!
//! Per-process limits do not cap a run: `RLIMIT_AS` of 1 GiB times 64
//! processes is 64 GiB, per parallel job. A program once held 4 × 900 MiB;
//! the kernel's out-of-memory killer then killed a *neighbour*, who was
//! charged "SIGKILL, perhaps the memory limit". Each run (one start of a
//! program: an Asalto session, a Solitaire puzzle, a Go driver) gets a
//! cgroup of its own, which the program's first process joins before it
//! runs anything (its children, bubblewrap's processes and everything in
//! the sandbox are then in it too), with
//!
//! - `--memory` as the memory of all its processes together (v1
//!   `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes`; v2
//!   `memory.max`, `memory.swap.max` 0, `memory.oom.group`): past it the
//!   kernel kills in this cgroup only, and its own count of those kills
//!   (`oom_kill` in `memory.oom_control` or `memory.events`) is what a
//!   report calls a kill for memory ([`RunGroup::oom_kills`]);
//! - `--processes` (plus bubblewrap's own two) as its tasks at once
//!   (`pids.max`), whoever runs the grader;
//! - a CPU weight of its own where the `cpu` controller is there, so that
//!   two jobs at once share the CPU equally however many processes each
//!   starts, and its CPU time (`cpuacct.usage`, `cpu.stat`), counting
//!   every process it ever had.
//!
//! The cgroups are made, one directory per hierarchy, next to the grader:
//!
//! - **v1** (separate hierarchies, as on this project's CI machines): in
//!   the grader's own cgroup of each of `memory`, `pids`, `cpu` and
//!   `cpuacct` (so that limits set on the grader still hold for its runs);
//! - **v2** (the unified hierarchy of systemd machines): a cgroup with
//!   processes cannot enable controllers for its children ("no internal
//!   processes"). If the grader's cgroup holds the grader alone (a
//!   container, a service with `Delegate=yes`), the grader moves into a
//!   leaf of its own (`asalto-grader-<pid>`) and enables the controllers
//!   in its cgroup; otherwise the runs are made under the nearest
//!   ancestor that already enables `memory` for its children (and that
//!   the grader may write: as root, or in a delegated subtree such as
//!   `systemd-run --user --scope`). See [`place_v2`].
//!
//! Each is named `asalto-grade-<pid>-<start>-<n>` (the grader's process
//! id and start time, the run's number) and removed after the run, its
//! processes killed first. A grader that was killed leaves its cgroups
//! behind: the next grader removes those whose grader is gone when it
//! starts ([`remove_leftovers`]). Where no cgroup can be made (no
//! `memory` controller, or no right to use it), the grader says so and
//! watches the sum of the program's processes' memory instead
//! ([`super::process`]).

use std::fs;
use std::io::{self, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rustix::fs::{Mode, OFlags};

/// Which cgroup hierarchy the runs' cgroups are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// One hierarchy per controller.
    V1,
    /// The unified hierarchy.
    V2,
}

impl Version {
    /// `cgroup v1`, `cgroup v2`: for reports.
    pub fn name(self) -> &'static str {
        match self {
            Version::V1 => "cgroup v1",
            Version::V2 => "cgroup v2",
        }
    }
}

/// A controller a run's cgroup uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Controller {
    Memory,
    Pids,
    Cpu,
    Cpuacct,
}

impl Controller {
    const ALL: [Controller; 4] = [
        Controller::Memory,
        Controller::Pids,
        Controller::Cpu,
        Controller::Cpuacct,
    ];

    fn name(self) -> &'static str {
        match self {
            Controller::Memory => "memory",
            Controller::Pids => "pids",
            Controller::Cpu => "cpu",
            Controller::Cpuacct => "cpuacct",
        }
    }
}

/// A folder the runs' cgroups are made in, and the controllers they get
/// there.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Parent {
    dir: PathBuf,
    controllers: Vec<Controller>,
}

/// Where a grader makes the cgroups of its runs.
#[derive(Debug)]
pub struct Cgroups {
    version: Version,
    parents: Vec<Parent>,
    /// `asalto-grade-<pid>-<start>`: this grader's prefix.
    prefix: String,
    next: AtomicU64,
}

/// The environment variable that makes the grader use no cgroup (its
/// runs' memory is then watched, as where none can be made): to see, or
/// test, what a machine without cgroups gets.
pub const NO_CGROUP: &str = "ASALTO_GRADE_NO_CGROUP";

/// This grader's cgroups, found (and the leftovers of dead graders
/// removed) on first use; `Err` says why there are none.
pub fn cgroups() -> Result<&'static Cgroups, &'static str> {
    static FOUND: OnceLock<Result<Cgroups, String>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            if std::env::var_os(NO_CGROUP).is_some() {
                return Err(format!("{NO_CGROUP} is set"));
            }
            Cgroups::find()
        })
        .as_ref()
        .map_err(String::as_str)
}

/// What caps a run's total memory and processes: for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caps {
    /// A cgroup per run; whether it caps the number of processes too.
    Cgroup {
        /// Its version.
        version: Version,
        /// Whether `pids.max` caps the run's processes.
        processes: bool,
    },
    /// No cgroup (why not): the run's memory is watched.
    Watched(String),
}

/// What this grader's runs are capped by.
pub fn caps() -> Caps {
    match cgroups() {
        Ok(c) => Caps::Cgroup {
            version: c.version,
            processes: c.has(Controller::Pids),
        },
        Err(why) => Caps::Watched(why.to_string()),
    }
}

/// The prefix of the runs' cgroups of the grader `pid` started at `start`
/// (clock ticks since boot, `/proc/<pid>/stat`'s 22nd field: a process id
/// is reused, the pair is not).
fn prefix_of(pid: u32, start: u64) -> String {
    format!("asalto-grade-{pid}-{start}")
}

/// The start time of process `pid`, from its `/proc` entry.
fn start_time(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .nth(19)?
        .parse()
        .ok()
}

/// Whether the grader that named a cgroup `name` is gone: its process
/// does not exist, or is another process that got its id.
fn owner_gone(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("asalto-grade-") else {
        return false;
    };
    let mut parts = rest.split('-');
    let (Some(pid), Some(start)) = (
        parts.next().and_then(|p| p.parse::<u32>().ok()),
        parts.next().and_then(|s| s.parse::<u64>().ok()),
    ) else {
        return false;
    };
    start_time(pid) != Some(start)
}

/// The controllers of a v1 hierarchy, from a mount's super options
/// (`rw,memory`, `rw,cpu,cpuacct`).
fn v1_controllers(options: &str) -> Vec<Controller> {
    Controller::ALL
        .into_iter()
        .filter(|c| options.split(',').any(|o| o == c.name()))
        .collect()
}

/// The cgroup mounts of `/proc/self/mountinfo`: (mount point, root of the
/// mount, `None` for cgroup2 or the v1 controllers).
fn mounts(mountinfo: &str) -> Vec<(PathBuf, String, Option<Vec<Controller>>)> {
    let mut out = Vec::new();
    for line in mountinfo.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let fields: Vec<&str> = left.split_whitespace().collect();
        let rest: Vec<&str> = right.split_whitespace().collect();
        let (Some(root), Some(point), Some(fstype)) = (fields.get(3), fields.get(4), rest.first())
        else {
            continue;
        };
        let point = PathBuf::from(point.replace("\\040", " "));
        match *fstype {
            "cgroup2" => out.push((point, root.to_string(), None)),
            "cgroup" => {
                let options = rest.get(2).copied().unwrap_or("");
                out.push((point, root.to_string(), Some(v1_controllers(options))));
            }
            _ => {}
        }
    }
    out
}

/// The folder of cgroup `path` (as `/proc/self/cgroup` names it) under a
/// mount of root `root` at `point`.
fn folder(point: &Path, root: &str, path: &str) -> PathBuf {
    let relative = path
        .strip_prefix(root.trim_end_matches('/'))
        .unwrap_or(path)
        .trim_start_matches('/');
    point.join(relative)
}

impl Cgroups {
    fn find() -> Result<Cgroups, String> {
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        let mountinfo = fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("cannot read /proc/self/mountinfo: {e}"))?;
        let pid = std::process::id();
        let prefix = prefix_of(pid, start_time(pid).unwrap_or(0));
        let mounts = mounts(&mountinfo);
        // v1, when the memory controller is mounted there.
        let mut parents: Vec<Parent> = Vec::new();
        for (point, root, controllers) in &mounts {
            let Some(controllers) = controllers else {
                continue;
            };
            if controllers.is_empty() {
                continue;
            }
            let Some(path) = own.lines().find_map(|l| {
                let mut parts = l.splitn(3, ':');
                let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
                let names: Vec<&str> = names.split(',').collect();
                controllers
                    .iter()
                    .all(|c| names.contains(&c.name()))
                    .then(|| path.to_string())
            }) else {
                continue;
            };
            let dir = folder(point, root, &path);
            if parents.iter().any(|p| p.dir == dir) {
                continue;
            }
            parents.push(Parent {
                dir,
                controllers: controllers.clone(),
            });
        }
        if parents
            .iter()
            .any(|p| p.controllers.contains(&Controller::Memory))
        {
            let cgroups = Cgroups {
                version: Version::V1,
                parents,
                prefix,
                next: AtomicU64::new(0),
            };
            cgroups.trial()?;
            for p in &cgroups.parents {
                remove_leftovers(&p.dir);
            }
            return Ok(cgroups);
        }
        let Some((point, root, _)) = mounts.iter().find(|(_, _, c)| c.is_none()) else {
            return Err("no cgroup hierarchy with the memory controller is mounted".into());
        };
        let Some(path) = own.lines().find_map(|l| l.strip_prefix("0::")) else {
            return Err("this process is in no cgroup v2".into());
        };
        let parent = place_v2(point, root, path, pid)?;
        remove_leftovers(&parent.dir);
        let cgroups = Cgroups {
            version: Version::V2,
            parents: vec![parent],
            prefix,
            next: AtomicU64::new(0),
        };
        cgroups.trial()?;
        Ok(cgroups)
    }

    /// Make and remove one cgroup with its limits, so that a grader that
    /// cannot use them says so once, before any run.
    fn trial(&self) -> Result<(), String> {
        let group = self
            .run(1 << 30, 64)
            .map_err(|e| format!("cannot make a cgroup for a run: {e}"))?;
        group.remove();
        Ok(())
    }

    fn has(&self, c: Controller) -> bool {
        self.parents.iter().any(|p| p.controllers.contains(&c))
    }

    /// A cgroup for one run: at most `memory` bytes for all its processes
    /// together, and at most `tasks` of them at once.
    ///
    /// # Errors
    ///
    /// When a folder cannot be made or a limit set.
    pub fn run(&self, memory: u64, tasks: u64) -> io::Result<RunGroup> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let name = format!("{}-{n}", self.prefix);
        let mut group = RunGroup {
            version: self.version,
            dirs: Vec::new(),
            procs: Vec::new(),
            oom_before: 0,
            cpu_file: None,
            oom_file: None,
        };
        for parent in &self.parents {
            let dir = parent.dir.join(&name);
            fs::create_dir(&dir)?;
            group.dirs.push((parent.controllers.clone(), dir.clone()));
            let has = |c| parent.controllers.contains(&c);
            match self.version {
                Version::V1 => {
                    if has(Controller::Memory) {
                        write(&dir, "memory.limit_in_bytes", &memory.to_string())?;
                        // Swap counts too, where the kernel counts it.
                        let _ = write(&dir, "memory.memsw.limit_in_bytes", &memory.to_string());
                    }
                }
                Version::V2 => {
                    write(&dir, "memory.max", &memory.to_string())?;
                    let _ = write(&dir, "memory.swap.max", "0");
                    let _ = write(&dir, "memory.oom.group", "1");
                }
            }
            if has(Controller::Pids) {
                write(&dir, "pids.max", &tasks.to_string())?;
            }
            let procs = rustix::fs::open(
                dir.join(join_file(self.version)),
                OFlags::WRONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            group.procs.push(procs);
        }
        let open = |dir: Option<&Path>, file: &str| {
            rustix::fs::open(
                dir?.join(file),
                OFlags::RDONLY | OFlags::CLOEXEC,
                Mode::empty(),
            )
            .ok()
        };
        let (cpu, cpu_file, oom_file) = match self.version {
            Version::V1 => (Controller::Cpuacct, "cpuacct.usage", "memory.oom_control"),
            Version::V2 => (Controller::Cpu, "cpu.stat", "memory.events"),
        };
        group.cpu_file = open(group.dir_of(cpu), cpu_file);
        group.oom_file = open(group.dir_of(Controller::Memory), oom_file);
        group.oom_before = group.oom_kills();
        Ok(group)
    }
}

/// The file of a run's cgroup that the program's first process writes `0`
/// (itself) to, just after the fork, when it is its only thread.
///
/// On v1 that is `tasks` (the thread), not `cgroup.procs` (the whole
/// process): moving a process takes the kernel's lock on every process's
/// threads for writing, which waits for an RCU grace period, 4 to 20 ms
/// (most often 6 to 10 ms here) per run, a tenth of a game of a correct
/// program and most of the grader's idle time on one job; the kernel moves
/// the calling thread alone without that lock (0.08 ms). A process of one
/// thread is the same move. v2 moves threads only within threaded
/// subtrees, so it is `cgroup.procs` there.
fn join_file(version: Version) -> &'static str {
    match version {
        Version::V1 => "tasks",
        Version::V2 => "cgroup.procs",
    }
}

/// Write `value` to the control file `name` of `dir`.
fn write(dir: &Path, name: &str, value: &str) -> io::Result<()> {
    let mut f = fs::OpenOptions::new().write(true).open(dir.join(name))?;
    f.write_all(value.as_bytes())
}

/// Where v2 runs' cgroups go, the grader being in the cgroup `path` of
/// the cgroup2 mount at `point` (root `root`), as process `pid`:
///
/// 1. its own cgroup, if it holds the grader alone and offers the
///    `memory` controller: the grader moves into a leaf of its own
///    (`asalto-grader-<pid>`) and enables `memory`, `pids` and `cpu` (those
///    offered) for the cgroup's children, the runs among them;
/// 2. else the nearest ancestor that already enables `memory` for its
///    children, where the grader may make folders.
///
/// # Errors
///
/// Why neither works, for the note that says memory is only watched.
fn place_v2(point: &Path, root: &str, path: &str, pid: u32) -> Result<Parent, String> {
    let wanted = [Controller::Memory, Controller::Pids, Controller::Cpu];
    let listed = |dir: &Path, file: &str| -> Vec<Controller> {
        let text = fs::read_to_string(dir.join(file)).unwrap_or_default();
        wanted
            .into_iter()
            .filter(|c| text.split_whitespace().any(|w| w == c.name()))
            .collect()
    };
    let own = folder(point, root, path);
    let offered = listed(&own, "cgroup.controllers");
    let alone = fs::read_to_string(own.join("cgroup.procs"))
        .map(|t| t.split_whitespace().eq([pid.to_string().as_str()]))
        .unwrap_or(false);
    if alone && offered.contains(&Controller::Memory) && path != "/" {
        let leaf = own.join(format!("asalto-grader-{pid}"));
        let moved = fs::create_dir(&leaf)
            .or_else(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => Ok(()),
                _ => Err(e),
            })
            .and_then(|()| write(&leaf, "cgroup.procs", &pid.to_string()));
        if moved.is_ok() {
            let enable: Vec<String> = offered.iter().map(|c| format!("+{}", c.name())).collect();
            if write(&own, "cgroup.subtree_control", &enable.join(" ")).is_ok() {
                return Ok(Parent {
                    dir: own,
                    controllers: offered,
                });
            }
            // Back where it was: nothing changed for anyone.
            let _ = write(&own, "cgroup.procs", &pid.to_string());
            let _ = fs::remove_dir(&leaf);
        }
    }
    let mut at = Some(Path::new(path));
    while let Some(p) = at {
        let dir = folder(point, root, &p.display().to_string());
        let enabled = listed(&dir, "cgroup.subtree_control");
        if enabled.contains(&Controller::Memory)
            && rustix::fs::access(&dir, rustix::fs::Access::WRITE_OK).is_ok()
        {
            return Ok(Parent {
                dir,
                controllers: enabled,
            });
        }
        at = p.parent();
    }
    Err(format!(
        "the grader's cgroup {path} holds other processes (or does not offer the memory controller) and no cgroup above it that the grader may write enables memory for its children (run the grader as root, or in a cgroup of its own with delegation: `systemd-run --user --scope -p Delegate=yes asalto grade ...`)"
    ))
}

/// Remove the runs' cgroups in `dir` left by graders that are gone (killed
/// before they could), their processes killed first; and, in v2, the
/// empty leaves such graders moved into.
fn remove_leftovers(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("asalto-grade-") && owner_gone(&name) {
            kill_members(&entry.path());
            remove_dir_patiently(&entry.path());
        } else if let Some(pid) = name.strip_prefix("asalto-grader-") {
            if pid.parse::<u32>().is_ok_and(|p| start_time(p).is_none()) {
                let _ = fs::remove_dir(entry.path());
            }
        }
    }
}

/// `SIGKILL` every process in the cgroup `dir`, until none is left (at
/// most a second): v2's `cgroup.kill` where there is one, else each
/// process `cgroup.procs` lists, through a pidfd (a process that died
/// meanwhile is not mistaken for another that got its id).
fn kill_members(dir: &Path) {
    if write(dir, "cgroup.kill", "1").is_ok() {
        wait_empty(dir, Duration::from_secs(1));
        return;
    }
    let until = Instant::now() + Duration::from_secs(1);
    loop {
        let members = members(dir);
        if members.is_empty() || Instant::now() >= until {
            return;
        }
        for pid in members {
            let Some(p) = rustix::process::Pid::from_raw(pid) else {
                continue;
            };
            if let Ok(fd) = rustix::process::pidfd_open(p, rustix::process::PidfdFlags::empty()) {
                // Still in this cgroup once we hold it: ours to kill.
                if members_contains(dir, pid) {
                    let _ = rustix::process::pidfd_send_signal(&fd, rustix::process::Signal::KILL);
                }
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The processes `cgroup.procs` of `dir` lists.
fn members(dir: &Path) -> Vec<i32> {
    fs::read_to_string(dir.join("cgroup.procs"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

fn members_contains(dir: &Path, pid: i32) -> bool {
    members(dir).contains(&pid)
}

/// Wait until `dir` lists no process, at most `limit`.
fn wait_empty(dir: &Path, limit: Duration) {
    let until = Instant::now() + limit;
    let mut pause = Duration::from_millis(1);
    while !members(dir).is_empty() && Instant::now() < until {
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(16));
    }
}

/// Remove the cgroup `dir`: its last processes may take a moment to be
/// gone after their kill (at most a second).
fn remove_dir_patiently(dir: &Path) {
    let until = Instant::now() + Duration::from_secs(1);
    let mut pause = Duration::from_millis(1);
    while let Err(e) = fs::remove_dir(dir) {
        if e.kind() == io::ErrorKind::NotFound || Instant::now() >= until {
            return;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(16));
    }
}

/// The cgroup of one run (one folder per hierarchy), removed with its
/// processes by [`RunGroup::remove`] (or when dropped).
#[derive(Debug)]
pub struct RunGroup {
    version: Version,
    dirs: Vec<(Vec<Controller>, PathBuf)>,
    /// Each folder's file to join by ([`join_file`]: `tasks` or
    /// `cgroup.procs`), open for writing: the program's first process
    /// writes itself there before it runs anything ([`RunGroup::join_fds`]).
    procs: Vec<OwnedFd>,
    /// Out-of-memory kills counted before the run.
    oom_before: u64,
    /// The files of its CPU time and of its out-of-memory kills, open:
    /// they are read several times a second while the program runs, and
    /// a read from an open descriptor costs a fraction of an open by path
    /// (see [`super::procs::read_from_start`]).
    cpu_file: Option<OwnedFd>,
    oom_file: Option<OwnedFd>,
}

/// Most hierarchies a run's cgroup is in (v1: memory, pids, cpu,
/// cpuacct).
pub const MAX_JOIN: usize = 4;

impl RunGroup {
    /// The descriptors the program's first process writes `0` to (itself)
    /// before `exec`; -1 for none.
    pub fn join_fds(&self) -> [i32; MAX_JOIN] {
        let mut fds = [-1; MAX_JOIN];
        for (slot, fd) in fds.iter_mut().zip(&self.procs) {
            *slot = fd.as_raw_fd();
        }
        fds
    }

    /// Which of [`RunGroup::join_fds`] the program may fail to join: a
    /// hierarchy with only the CPU controllers (a real-time process may not
    /// join a `cpu` cgroup without real-time time of its own: the grader
    /// run under `chrt`). Memory and processes are never left out.
    pub fn optional_joins(&self) -> [bool; MAX_JOIN] {
        let mut optional = [false; MAX_JOIN];
        for (slot, (controllers, _)) in optional.iter_mut().zip(&self.dirs) {
            *slot = !controllers
                .iter()
                .any(|c| matches!(c, Controller::Memory | Controller::Pids));
        }
        optional
    }

    fn dir_of(&self, c: Controller) -> Option<&Path> {
        self.dirs
            .iter()
            .find(|(cs, _)| match self.version {
                Version::V2 => true,
                Version::V1 => cs.contains(&c),
            })
            .map(|(_, d)| d.as_path())
    }

    /// The CPU time every process of the run has had, dead or alive;
    /// `None` when no hierarchy counts it.
    pub fn cpu_time(&self) -> Option<Duration> {
        let text = super::procs::read_from_start(self.cpu_file.as_ref()?)?;
        match self.version {
            Version::V2 => {
                let usec = text
                    .lines()
                    .find_map(|l| l.strip_prefix("usage_usec "))?
                    .trim()
                    .parse()
                    .ok()?;
                Some(Duration::from_micros(usec))
            }
            Version::V1 => Some(Duration::from_nanos(text.trim().parse().ok()?)),
        }
    }

    /// How many of the run's processes the kernel killed for memory (the
    /// run's cgroup past its limit).
    pub fn oom_kills(&self) -> u64 {
        let Some(file) = &self.oom_file else {
            return 0;
        };
        let keys: &[&str] = match self.version {
            Version::V1 => &["oom_kill"],
            Version::V2 => &["oom_kill", "oom_group_kill"],
        };
        let text = super::procs::read_from_start(file).unwrap_or_default();
        text.lines()
            .filter_map(|l| l.split_once(' '))
            .filter(|(k, _)| keys.contains(k))
            .filter_map(|(_, v)| v.trim().parse::<u64>().ok())
            .max()
            .unwrap_or(0)
            .saturating_sub(self.oom_before)
    }

    /// The most memory the run used at once, where the kernel tells it.
    pub fn peak_memory(&self) -> Option<u64> {
        let dir = self.dir_of(Controller::Memory)?;
        let file = match self.version {
            Version::V1 => "memory.max_usage_in_bytes",
            Version::V2 => "memory.peak",
        };
        fs::read_to_string(dir.join(file)).ok()?.trim().parse().ok()
    }

    /// Whether the run tried to have more tasks than its limit.
    pub fn hit_task_limit(&self) -> bool {
        let Some(dir) = self.dir_of(Controller::Pids) else {
            return false;
        };
        fs::read_to_string(dir.join("pids.events"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.strip_prefix("max "))
            .any(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
    }

    /// The file that lists the run's processes (`cgroup.procs`).
    pub fn members_file(&self) -> Option<PathBuf> {
        Some(self.dir_of(Controller::Memory)?.join("cgroup.procs"))
    }

    /// Kill every process still in the run's cgroup.
    pub fn kill_all(&self) {
        if let Some(dir) = self.dir_of(Controller::Memory) {
            kill_members(dir);
        }
    }

    /// Kill what is left of the run and remove its cgroup.
    pub fn remove(mut self) {
        self.remove_now();
    }

    fn remove_now(&mut self) {
        self.procs.clear();
        self.cpu_file = None;
        self.oom_file = None;
        if self.dirs.is_empty() {
            return;
        }
        self.kill_all();
        for (_, dir) in self.dirs.drain(..) {
            kill_members(&dir);
            remove_dir_patiently(&dir);
        }
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.remove_now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO_V1: &str = "\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";

    #[test]
    fn mounts_name_their_controllers() {
        let m = mounts(MOUNTINFO_V1);
        assert_eq!(m.len(), 4);
        assert_eq!(
            m[0],
            (
                PathBuf::from("/sys/fs/cgroup/cpu,cpuacct"),
                "/".to_string(),
                Some(vec![Controller::Cpu, Controller::Cpuacct])
            )
        );
        assert_eq!(m[1].2, Some(vec![Controller::Memory]));
        assert_eq!(m[3].2, None);
        assert_eq!(
            folder(Path::new("/sys/fs/cgroup/memory"), "/", "/process_api/abc"),
            PathBuf::from("/sys/fs/cgroup/memory/process_api/abc")
        );
        // A mount of a sub-tree (a container's view).
        assert_eq!(
            folder(Path::new("/sys/fs/cgroup"), "/docker/x", "/docker/x/app"),
            PathBuf::from("/sys/fs/cgroup/app")
        );
    }

    #[test]
    fn leftovers_are_told_by_their_grader() {
        let me = std::process::id();
        let start = start_time(me).unwrap();
        assert!(!owner_gone(&format!("{}-3", prefix_of(me, start))));
        assert!(owner_gone(&format!("{}-3", prefix_of(me, start + 1))));
        assert!(owner_gone("asalto-grade-4000000000-5-0"));
        assert!(!owner_gone("someone-else"));
    }

    /// A cgroup2 tree made of plain files: `tree(&[(path, file, text)])`.
    fn tree(files: &[(&str, &str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, file, text) in files {
            let d = dir.path().join(path.trim_start_matches('/'));
            fs::create_dir_all(&d).unwrap();
            fs::write(d.join(file), text).unwrap();
        }
        dir
    }

    #[test]
    fn v2_a_grader_alone_in_its_cgroup_moves_into_a_leaf() {
        let t = tree(&[
            ("/", "cgroup.subtree_control", ""),
            (
                "/ci.service",
                "cgroup.controllers",
                "cpuset cpu io memory pids",
            ),
            ("/ci.service", "cgroup.procs", "4242\n"),
            ("/ci.service", "cgroup.subtree_control", ""),
            // What the kernel makes with the leaf's folder.
            ("/ci.service/asalto-grader-4242", "cgroup.procs", ""),
        ]);
        let p = place_v2(t.path(), "/", "/ci.service", 4242).unwrap();
        let own = t.path().join("ci.service");
        assert_eq!(p.dir, own);
        assert_eq!(
            p.controllers,
            [Controller::Memory, Controller::Pids, Controller::Cpu]
        );
        // The grader went into its leaf; the controllers are enabled for
        // the cgroup's children (the leaf and the runs).
        assert_eq!(
            fs::read_to_string(own.join("asalto-grader-4242/cgroup.procs")).unwrap(),
            "4242"
        );
        assert_eq!(
            fs::read_to_string(own.join("cgroup.subtree_control")).unwrap(),
            "+memory +pids +cpu"
        );
    }

    #[test]
    fn v2_with_others_in_its_cgroup_the_runs_go_under_an_ancestor_that_enables_memory() {
        let t = tree(&[
            ("/", "cgroup.subtree_control", "cpu memory pids"),
            ("/user.slice", "cgroup.subtree_control", "memory pids"),
            (
                "/user.slice/session-3.scope",
                "cgroup.controllers",
                "memory pids",
            ),
            ("/user.slice/session-3.scope", "cgroup.procs", "100\n4242\n"),
            ("/user.slice/session-3.scope", "cgroup.subtree_control", ""),
        ]);
        let p = place_v2(t.path(), "/", "/user.slice/session-3.scope", 4242).unwrap();
        assert_eq!(p.dir, t.path().join("user.slice"));
        assert_eq!(p.controllers, [Controller::Memory, Controller::Pids]);
        // Nothing moved, nothing enabled.
        assert!(
            !t.path()
                .join("user.slice/session-3.scope/asalto-grader-4242")
                .exists()
        );
        assert_eq!(
            fs::read_to_string(
                t.path()
                    .join("user.slice/session-3.scope/cgroup.subtree_control")
            )
            .unwrap(),
            ""
        );
    }

    #[test]
    fn v2_the_root_cgroup_is_never_left() {
        // The grader in the root cgroup (no systemd): the runs go under it.
        let t = tree(&[
            ("/", "cgroup.controllers", "memory pids"),
            ("/", "cgroup.subtree_control", "memory pids"),
            ("/", "cgroup.procs", "1\n4242\n"),
        ]);
        let p = place_v2(t.path(), "/", "/", 4242).unwrap();
        assert_eq!(p.dir, t.path().to_path_buf());
    }

    #[test]
    fn v2_without_memory_anywhere_says_why() {
        let t = tree(&[
            ("/", "cgroup.subtree_control", "cpu"),
            ("/a", "cgroup.controllers", "cpu"),
            ("/a", "cgroup.procs", "4242\n"),
        ]);
        let e = place_v2(t.path(), "/", "/a", 4242).unwrap_err();
        assert!(e.contains("no cgroup above it"), "{e}");
    }

    #[test]
    fn leftovers_of_dead_graders_are_removed_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let me = std::process::id();
        let mine = format!("{}-0", prefix_of(me, start_time(me).unwrap()));
        for name in [
            mine.as_str(),
            "asalto-grade-4000000000-7-0",
            "asalto-grader-4000000000",
            "other",
        ] {
            fs::create_dir(dir.path().join(name)).unwrap();
        }
        remove_leftovers(dir.path());
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [mine, "other".to_string()]);
    }
}
