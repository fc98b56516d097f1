//! Finding a program's processes: which one reads its standard input, which
//! were left running, and killing them all.
//!
//! Only the program's own processes are looked at:
//!
//! - inside bubblewrap, the sandbox's own `/proc` (its PID namespace), seen
//!   from outside through `/proc/<its first process>/root/proc`: every
//!   descendant, however it detached, and nothing else;
//! - unconfined as root, the processes of the program's own user id;
//! - unconfined otherwise, the processes of its session (a process that
//!   starts a new session escapes: the reports say so).
//!
//! For the last two the whole `/proc` has to be listed; that happens only
//! when the main process is not the one reading, and at most every 50 ms.

use std::cell::RefCell;
use std::os::fd::{AsFd, OwnedFd};
use std::time::{Duration, Instant};

use rustix::fs::{self as rfs, Mode, OFlags};

/// Which processes belong to the program.
#[derive(Debug)]
pub enum Scope {
    /// Every process of a PID namespace (its `/proc` is open); process 1
    /// is bubblewrap's own, process 2 the program.
    Namespace,
    /// Every process whose real user id is this one.
    User(u32),
    /// Every process of this session.
    Session(i32),
}

/// A process as `/proc` shows it.
#[derive(Clone, Debug)]
pub struct ProcInfo {
    /// Its id, in the numbering of the `/proc` it was read from.
    pub pid: i32,
    /// Its parent's id.
    pub ppid: i32,
    /// `R`, `S`, `D`, `Z`...
    pub state: char,
    /// Its name (as it set it: not to be trusted).
    pub comm: String,
}

impl ProcInfo {
    /// `1234 (sleep)`, with the name escaped and capped.
    pub fn describe(&self) -> String {
        let name = crate::text::escape_line(&self.comm);
        format!("{} ({})", self.pid, crate::text::cap(&name, 40))
    }
}

/// A view of the program's processes.
#[derive(Debug)]
pub struct Procs {
    proc_dir: OwnedFd,
    scope: Scope,
    /// The `cgroup.procs` of the run's cgroup, when it has one: outside a
    /// namespace, its processes are the ones listed there (a process that
    /// left the session too), and the host's `/proc` is not listed.
    members: Option<std::path::PathBuf>,
    /// The main process, in this view's numbering.
    pub main: i32,
    last_scan: Option<Instant>,
    /// Files of this `/proc` read before, kept open by name: reading one
    /// again from its start is one `pread`, where opening it walks its
    /// path (the file that says what a process waits in is read several
    /// times per screen of a program). A file of a process that ended
    /// fails to read and is opened anew by name, so a reused process id
    /// reads its new process.
    open_files: RefCell<Vec<(String, OwnedFd)>>,
}

/// How many files [`Procs`] keeps open.
const KEEP_OPEN: usize = 32;

/// The most of a file [`read_from_start`] reads.
const READ_CAP: usize = 64 * 1024;

/// Read a small kernel file (of `/proc` or a cgroup) from its start
/// through an open descriptor: the kernel makes its text anew for a read
/// at offset 0, so one descriptor serves any number of reads. A read that
/// fills less than the buffer is the end: these files are the kernel's
/// sequence files, whose reads fill the buffer while there is more (so
/// the usual second read, which finds nothing, is not made). At most 64
/// KiB; `None` when it cannot be read (its process ended).
pub fn read_from_start(fd: impl AsFd) -> Option<String> {
    let mut text = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match rustix::io::pread(&fd, &mut chunk, text.len() as u64) {
            Ok(0) => break,
            Ok(n) => {
                text.extend_from_slice(&chunk[..n]);
                if text.len() >= READ_CAP {
                    text.truncate(READ_CAP);
                    break;
                }
                if n < chunk.len() {
                    break;
                }
            }
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => return None,
        }
    }
    String::from_utf8(text).ok()
}

const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::CLOEXEC);

impl Procs {
    /// The host's `/proc`, with `main` the program's process.
    pub fn host(scope: Scope, main: i32) -> std::io::Result<Procs> {
        Ok(Procs {
            proc_dir: rfs::open("/proc", DIR_FLAGS, Mode::empty())?,
            scope,
            members: None,
            main,
            last_scan: None,
            open_files: RefCell::new(Vec::new()),
        })
    }

    /// The `/proc` of the sandbox whose first process has the host id
    /// `init`.
    pub fn namespace(init: i32) -> std::io::Result<Procs> {
        Ok(Procs {
            proc_dir: rfs::open(format!("/proc/{init}/root/proc"), DIR_FLAGS, Mode::empty())?,
            scope: Scope::Namespace,
            members: None,
            main: 2,
            last_scan: None,
            open_files: RefCell::new(Vec::new()),
        })
    }

    /// Whether this view is a whole PID namespace.
    pub fn is_namespace(&self) -> bool {
        matches!(self.scope, Scope::Namespace)
    }

    /// Read a small file under this `/proc`.
    pub fn read(&self, path: &str) -> Option<String> {
        let mut files = self.open_files.borrow_mut();
        if let Some(i) = files.iter().position(|(name, _)| name == path) {
            if let Some(text) = read_from_start(&files[i].1) {
                return Some(text);
            }
            files.swap_remove(i);
        }
        let fd = rfs::openat(
            &self.proc_dir,
            path,
            OFlags::RDONLY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .ok()?;
        let text = read_from_start(&fd)?;
        if files.len() >= KEEP_OPEN {
            files.remove(0);
        }
        files.push((path.to_string(), fd));
        Some(text)
    }

    /// Where a descriptor of a process points (`pipe:[123]`).
    pub fn fd_target(&self, pid: i32, fd: u64) -> Option<String> {
        rfs::readlinkat(&self.proc_dir, format!("{pid}/fd/{fd}"), Vec::new())
            .ok()
            .map(|s| s.to_string_lossy().into_owned())
    }

    /// Names (numbers) of the entries of `path` under this `/proc`.
    fn numbers(&self, path: &str) -> Vec<i32> {
        let Ok(fd) = rfs::openat(&self.proc_dir, path, DIR_FLAGS, Mode::empty()) else {
            return Vec::new();
        };
        let Ok(dir) = rfs::Dir::new(fd) else {
            return Vec::new();
        };
        dir.flatten()
            .filter_map(|e| e.file_name().to_str().ok()?.parse().ok())
            .collect()
    }

    /// The open descriptors of `pid`.
    pub fn fds(&self, pid: i32) -> Vec<u64> {
        self.numbers(&format!("{pid}/fd"))
            .into_iter()
            .filter_map(|n| u64::try_from(n).ok())
            .collect()
    }

    /// The threads of `pid`.
    pub fn threads(&self, pid: i32) -> Vec<i32> {
        self.numbers(&format!("{pid}/task"))
    }

    /// List the processes of the run's cgroup (its `cgroup.procs` file)
    /// instead of the host's `/proc`, outside a namespace.
    pub fn use_members(&mut self, procs_file: std::path::PathBuf) {
        if !self.is_namespace() {
            self.members = Some(procs_file);
        }
    }

    /// The program's processes, bubblewrap's own excluded.
    pub fn list(&mut self) -> Vec<ProcInfo> {
        self.last_scan = Some(Instant::now());
        if let Some(file) = &self.members {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            return text
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .filter_map(|pid| self.info(pid))
                .map(|(info, _)| info)
                .collect();
        }
        let mut found = Vec::new();
        for pid in self.numbers(".") {
            if self.is_namespace() && pid == 1 {
                continue;
            }
            let Some(info) = self.info(pid) else { continue };
            let ours = match self.scope {
                Scope::Namespace => true,
                Scope::Session(sid) => info.1 == sid,
                Scope::User(uid) => self.real_uid(pid) == Some(uid),
            };
            if ours {
                found.push(info.0);
            }
        }
        found
    }

    /// Whether a full listing is due: at most every 50 ms outside a
    /// namespace and a cgroup, where a listing reads all of the host's
    /// processes; inside one, each time, or at most every 10 ms once a
    /// reader is `known` (a listing and a look at each process, for each
    /// of the hundreds of checks of a game, cost more than the program).
    pub fn scan_due(&self, known: bool) -> bool {
        let every = if !self.is_namespace() && self.members.is_none() {
            Duration::from_millis(50)
        } else if known {
            Duration::from_millis(10)
        } else {
            Duration::ZERO
        };
        self.last_scan.is_none_or(|t| t.elapsed() >= every)
    }

    /// How many threads `pid` has (its `task` folder's link count is that
    /// plus 2), without listing them.
    #[allow(clippy::useless_conversion)] // `st_nlink` is a u32 on some targets
    pub fn thread_count(&self, pid: i32) -> Option<u64> {
        let st = rfs::statat(&self.proc_dir, format!("{pid}/task"), rfs::AtFlags::empty()).ok()?;
        u64::from(st.st_nlink).checked_sub(2)
    }

    /// One process and its session id.
    pub fn info(&self, pid: i32) -> Option<(ProcInfo, i32)> {
        parse_stat(pid, &self.read(&format!("{pid}/stat"))?)
    }

    /// CPU time the program has used so far, user and system, in clock
    /// ticks: in a sandbox, that of every process of its namespace; outside
    /// one, that of the main process (all its threads) and of the children
    /// it has reaped. Only the program's own entries of `/proc` are read:
    /// the host's `/proc` is never listed for this. `None` when `/proc`
    /// tells nothing.
    pub fn cpu_ticks(&self) -> Option<u64> {
        if !self.is_namespace() {
            return self.ticks_of(self.main);
        }
        // Right after the start, the program may not be forked yet: none
        // but bubblewrap's own process 1, and no CPU time.
        let pids = self.numbers(".");
        if pids.is_empty() {
            return None;
        }
        let mut total = 0u64;
        for pid in pids {
            if pid == 1 {
                continue;
            }
            if let Some(t) = self.ticks_of(pid) {
                total = total.saturating_add(t);
            }
        }
        Some(total)
    }

    /// The memory the program's processes use together, in bytes (each
    /// one's proportional share of what it maps, `Pss`, so that pages
    /// shared between them count once; its resident size where the
    /// kernel has no `smaps_rollup`); `None` when `/proc` tells nothing.
    /// Outside a namespace this lists `/proc`: it is meant for a watch at
    /// most every few tens of milliseconds.
    pub fn memory_bytes(&mut self) -> Option<u64> {
        let pids: Vec<i32> = if self.is_namespace() {
            self.numbers(".").into_iter().filter(|&p| p != 1).collect()
        } else {
            let mut pids: Vec<i32> = self.list().into_iter().map(|p| p.pid).collect();
            if !pids.contains(&self.main) {
                pids.push(self.main);
            }
            pids
        };
        let mut total = None;
        for pid in pids {
            let kib = self
                .read(&format!("{pid}/smaps_rollup"))
                .and_then(|t| kib_field(&t, "Pss:"))
                .or_else(|| {
                    self.read(&format!("{pid}/status"))
                        .and_then(|t| kib_field(&t, "VmRSS:"))
                });
            if let Some(k) = kib {
                total = Some(total.unwrap_or(0u64).saturating_add(k.saturating_mul(1024)));
            }
        }
        total
    }

    /// `utime + stime + cutime + cstime` of one process.
    fn ticks_of(&self, pid: i32) -> Option<u64> {
        let stat = self.read(&format!("{pid}/stat"))?;
        stat_ticks(&stat)
    }

    fn real_uid(&self, pid: i32) -> Option<u32> {
        let status = self.read(&format!("{pid}/status"))?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    }
}

/// A process and its session id from its `/proc/<pid>/stat` line. The
/// name, in parentheses, may hold spaces and parentheses of its own: the
/// fields are counted from the last `)`.
fn parse_stat(pid: i32, stat: &str) -> Option<(ProcInfo, i32)> {
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    let comm = stat.get(open + 1..close)?.to_string();
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    if fields.len() < 4 {
        return None;
    }
    Some((
        ProcInfo {
            pid,
            ppid: fields[1].parse().unwrap_or(0),
            state: fields[0].chars().next().unwrap_or('?'),
            comm,
        },
        fields[3].parse().unwrap_or(-1),
    ))
}

/// The CPU time fields of a `/proc/<pid>/stat` line (`utime`, `stime`,
/// `cutime`, `cstime`: the 14th to 17th fields), summed. The name, in
/// parentheses, may hold spaces and parentheses of its own: the fields
/// are counted from the last `)`.
pub fn stat_ticks(stat: &str) -> Option<u64> {
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    fields.get(11..15)?.iter().try_fold(0u64, |sum, f| {
        Some(sum.saturating_add(f.parse::<u64>().ok()?))
    })
}

/// How many processes of real user `uid` exist, zombies included (they
/// count against the user's process limit until they are reaped).
pub fn user_process_count(uid: u32) -> usize {
    use std::os::unix::fs::MetadataExt;
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    // The owner of a process's `/proc` folder is its effective user id,
    // zombies' too: far cheaper to read than each `status` (the programs'
    // effective and real user ids are the same).
    dir.flatten()
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.uid() == uid)
        .count()
}

/// The number of kibibytes of the line `name` (`Pss:`, `VmRSS:`) of a
/// `/proc` file.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix(name))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The real user id in the text of a `/proc/<pid>/status`.
pub fn real_uid_of_status(status: &str) -> Option<u32> {
    status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
}

/// Wait, polling with a growing pause, until user `uid` has no process
/// left (killed processes take a moment to die and be reaped), at most
/// `timeout`; whether none is left.
pub fn wait_user_gone(uid: u32, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    loop {
        if user_process_count(uid) == 0 {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(32));
    }
}

/// Whose orphans [`reap_orphans`] reaps.
#[derive(Clone, Copy, Debug)]
pub enum Owner {
    /// The processes of this real user id.
    User(u32),
    /// The processes of this session.
    Session(i32),
}

/// Reap the zombies orphaned to the grader (it is their subreaper) that
/// belong to `owner`, but `except` (the main process, which its `Child`
/// waits for). Only those: a child the grader started and waits for
/// elsewhere (another job's program, under another user and session) is
/// never taken from its waiter. Called once every process of the run is
/// dead, when every orphan has been handed to the grader.
pub fn reap_orphans(owner: Owner, except: i32) {
    reap_orphans_within(owner, except, Duration::ZERO);
}

/// [`reap_orphans`], again until no child of the grader that belongs to
/// `owner` (but `except`) is left, dead or dying, at most `limit`: for
/// orphans that may still be dying (a sandbox's first process, orphaned
/// as it exits).
pub fn reap_orphans_within(owner: Owner, except: i32, limit: Duration) {
    let until = Instant::now() + limit;
    let mut pause = Duration::from_millis(1);
    while reap_once(owner, except) && Instant::now() < until {
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(16));
    }
}

/// One pass of [`reap_orphans`]; whether a child of `owner` is left alive.
fn reap_once(owner: Owner, except: i32) -> bool {
    let me = std::process::id() as i32;
    let mut alive = false;
    for pid in children_of_grader() {
        if pid == except {
            continue;
        }
        let entry = std::path::Path::new("/proc").join(pid.to_string());
        let Ok(stat) = std::fs::read_to_string(entry.join("stat")) else {
            continue;
        };
        let Some((info, sid)) = parse_stat(pid, &stat) else {
            continue;
        };
        if info.ppid != me {
            continue;
        }
        let mine = match owner {
            Owner::Session(s) => sid == s,
            Owner::User(uid) => {
                std::fs::read_to_string(entry.join("status"))
                    .ok()
                    .and_then(|s| real_uid_of_status(&s))
                    == Some(uid)
            }
        };
        if !mine {
            continue;
        }
        if info.state != 'Z' {
            alive = true;
            continue;
        }
        if let Some(p) = rustix::process::Pid::from_raw(pid) {
            let _ = rustix::process::waitpid(Some(p), rustix::process::WaitOptions::NOHANG);
        }
    }
    alive
}

/// The grader's children, orphans it adopted included: each of its
/// threads' `children` file (orphans go to its first thread); where the
/// kernel has none, every process (their parent is checked after).
fn children_of_grader() -> Vec<i32> {
    let mut found = Vec::new();
    let mut told = false;
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
                told = true;
                found.extend(
                    text.split_whitespace()
                        .filter_map(|p| p.parse::<i32>().ok()),
                );
            }
        }
    }
    if told {
        return found;
    }
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().parse().ok())
        .collect()
}

/// Kill every process of user `uid`: a helper process takes that user id
/// and sends `SIGKILL` to every process it may signal (`kill(-1)`), which
/// are exactly that user's; repeated until none is left (a fork racing the
/// kill is caught the next round).
pub fn kill_user(uid: u32, gid: u32, procs: &mut Procs) {
    for _ in 0..20 {
        if procs.list().iter().all(|p| p.state == 'Z') {
            return;
        }
        crate::sys::kill_every_process_of(uid, gid);
    }
}

/// Make the grader the reaper of the orphans of the programs it starts
/// (`PR_SET_CHILD_SUBREAPER`, once), instead of the system's first process.
/// bubblewrap leaves one orphan per run (the sandbox's first process), and
/// a program unconfined may detach children; reaped by process 1, which on
/// some machines and in containers takes a second or more, each stayed a
/// zombie of the program's user meanwhile, counted against its process
/// limit, and the next run of that user waited for it
/// ([`wait_user_gone`]): grading took 20 to 36 times as long as the
/// programs. Adopted, they are reaped as soon as the run is killed
/// (`process::Program::kill`).
pub fn adopt_orphans() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file kept open is read anew from its start each time, and a
    /// process that ended reads as nothing, not as its last text.
    #[test]
    fn files_kept_open_say_what_is_now() {
        let mut child = std::process::Command::new("sleep")
            .arg("60")
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let procs = Procs::host(Scope::Session(0), pid).unwrap();
        let stat = format!("{pid}/stat");
        let first = procs.read(&stat).unwrap();
        assert!(first.starts_with(&format!("{pid} (sleep) ")), "{first}");
        assert_eq!(procs.open_files.borrow().len(), 1);
        assert!(
            procs
                .read(&stat)
                .unwrap()
                .starts_with(&format!("{pid} (sleep) "))
        );
        assert_eq!(
            procs.open_files.borrow().len(),
            1,
            "the open file is read again"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(procs.read(&stat), None);
        assert!(procs.open_files.borrow().is_empty());

        let dir = std::env::temp_dir().join(format!("asalto-procs-test-{}", std::process::id()));
        std::fs::write(&dir, "one").unwrap();
        let file = std::fs::File::open(&dir).unwrap();
        assert_eq!(read_from_start(&file).as_deref(), Some("one"));
        std::fs::write(&dir, "two, longer").unwrap();
        assert_eq!(read_from_start(&file).as_deref(), Some("two, longer"));
        std::fs::remove_file(&dir).unwrap();
    }
}
