//! Every `unsafe` block of the `asalto` library and binary: the few system
//! calls that neither the standard library nor rustix offers as safe
//! functions, each with the argument why its use here is sound.
//!
//! Keeping them in one file is what lets a reviewer check them all at once:
//! the library denies `unsafe_code` everywhere else (`lib.rs`) and the
//! binary forbids it (`main.rs`), so an `unsafe` block written anywhere but
//! here does not build. What each call is for is said where it is used:
//! the batch threads of `check` (`cli/open.rs`, `cli/batch.rs`), the
//! grader's child processes (`grade/process.rs`: their cgroups, user and
//! limits), the files it writes for a
//! program's user (`grade/folder.rs`) and the killing of that user's
//! processes (`grade/procs.rs`).

/// Give the calling thread a table of open files of its own, a copy of
/// the process's (Linux; elsewhere, and if the kernel refuses, nothing
/// changes): its opens and closes then take no lock another thread waits
/// on. For threads that open, read and close their own files and hand on
/// only what they read.
pub fn own_descriptor_table() {
    #[cfg(target_os = "linux")]
    // SAFETY: after the copy, a file this thread opens is not open on the
    // other threads, and one they open is not open here. The callers (the
    // threads a `check` batch starts) share no file: each opens, reads and
    // closes its records and keeps its folder itself, and hands on only
    // text. The files they all use (standard input, output and error) were
    // open before the copy and are the same open files in every copy.
    let _ = unsafe { rustix::thread::unshare_unsafe(rustix::thread::UnshareFlags::FILES) };
}

/// Run `f` with the calling thread's file-system user and group set to
/// `uid` and `gid` (as root), then set back to root's: what `f` creates
/// belongs to that user. `setfsuid` acts on the calling thread only.
#[cfg(target_os = "linux")]
pub fn as_file_system_user<T>(uid: u32, gid: u32, f: impl FnOnce() -> T) -> T {
    // SAFETY: setfsuid/setfsgid change only this thread's file-system ids,
    // touch no memory, and cannot fail in a way that matters here (they
    // return the previous id).
    unsafe {
        libc::setfsgid(gid);
        libc::setfsuid(uid);
    }
    let result = f();
    // SAFETY: as above.
    unsafe {
        libc::setfsuid(0);
        libc::setfsgid(0);
    }
    result
}

/// Send `SIGKILL` to every process the user `uid` may signal (as root:
/// exactly that user's, `kill(-1)`), from a helper process forked and
/// switched to that user, which never execs. Waits for the helper.
#[cfg(target_os = "linux")]
pub fn kill_every_process_of(uid: u32, gid: u32) {
    use std::os::unix::process::CommandExt;
    let mut helper = std::process::Command::new("/");
    helper.uid(uid).gid(gid);
    // SAFETY: runs in the forked helper before exec: only kill and _exit,
    // both async-signal-safe; the helper never execs.
    unsafe {
        helper.pre_exec(|| {
            libc::kill(-1, libc::SIGKILL);
            libc::_exit(0);
        });
    }
    if let Ok(mut child) = helper.spawn() {
        let _ = child.wait();
    }
}

/// What a child process sets up on itself after `fork` and before `exec`
/// ([`confine_before_exec`]). Plain numbers, so that nothing is allocated
/// or dropped in the child.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy, Debug)]
pub struct ChildSetup {
    /// `RLIMIT_CPU`, seconds (the hard limit a second above: `SIGXCPU`
    /// first, `SIGKILL` only for a process that ignores it).
    pub cpu_seconds: u64,
    /// `RLIMIT_AS`, bytes; `None`: left as it is (a cgroup caps memory).
    pub memory_bytes: Option<u64>,
    /// `RLIMIT_FSIZE`, bytes.
    pub file_size_bytes: u64,
    /// `RLIMIT_NOFILE`.
    pub open_files: u64,
    /// `RLIMIT_NPROC`, when the child runs as a user of its own.
    pub processes: Option<u64>,
    /// The user and group the child becomes (as root), after joining its
    /// cgroups: supplementary groups dropped, then `setgid`, `setuid`.
    pub user: Option<(u32, u32)>,
    /// Descriptors of `cgroup.procs` files (or -1) the child writes `0` to
    /// (itself) first, before it runs anything: all it starts is in them.
    /// A write that fails stops the child, unless it is one of
    /// `cgroup_optional` (a CPU weight a real-time process may not take).
    pub cgroup_fds: [i32; 4],
    /// Which of `cgroup_fds` may fail.
    pub cgroup_optional: [bool; 4],
    /// The process that must be the child's parent: if it is not (it died
    /// between the fork and the death signal's setting), the child exits
    /// with status 126 at once.
    pub parent: i32,
    /// Set `PR_SET_NO_NEW_PRIVS` (when no sandbox does it).
    pub no_new_privileges: bool,
    /// Descriptors (or -1) to keep open across `exec`.
    pub keep_fds: [i32; 2],
}

/// `setrlimit(resource, soft, hard)`. A macro, because the type of
/// `resource` differs between C libraries.
#[cfg(target_os = "linux")]
macro_rules! set_limit {
    ($resource:expr, $value:expr) => {
        set_limit!($resource, $value, $value)
    };
    ($resource:expr, $soft:expr, $hard:expr) => {{
        let limit = libc::rlimit {
            rlim_cur: $soft as libc::rlim_t,
            rlim_max: $hard as libc::rlim_t,
        };
        if libc::setrlimit($resource, &limit) < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }};
}

/// Make `cmd`'s child, after `fork` and before `exec`: leader of a new
/// session, in its cgroups, as its user, under the limits of `setup`,
/// killed when its parent dies, and keeping `setup.keep_fds` open across
/// `exec`. The order matters: the cgroups are joined while the child is
/// still root (moving a process needs rights its user may not have); the
/// limits are set after the change of user (`setuid` would count the
/// user's processes against a process limit set before it); the death
/// signal last, as a change of user clears it.
#[cfg(target_os = "linux")]
pub fn confine_before_exec(cmd: &mut std::process::Command, setup: ChildSetup) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and makes
    // only async-signal-safe system calls (setsid, write, setgroups,
    // setgid, setuid, setrlimit, prctl, getppid, fcntl, _exit); it
    // allocates nothing (`setup` is Copy, and `last_os_error` reads errno
    // only). The descriptors it writes to are the parent's, open until
    // exec (close-on-exec).
    unsafe {
        cmd.pre_exec(move || {
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            for (fd, optional) in setup.cgroup_fds.into_iter().zip(setup.cgroup_optional) {
                if fd >= 0 && libc::write(fd, b"0".as_ptr().cast(), 1) != 1 && !optional {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if let Some((uid, gid)) = setup.user {
                if libc::getuid() == 0 && libc::setgroups(0, std::ptr::null()) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if libc::setgid(gid) < 0 || libc::setuid(uid) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            set_limit!(
                libc::RLIMIT_CPU,
                setup.cpu_seconds,
                setup.cpu_seconds.saturating_add(1)
            );
            if let Some(bytes) = setup.memory_bytes {
                set_limit!(libc::RLIMIT_AS, bytes);
            }
            set_limit!(libc::RLIMIT_FSIZE, setup.file_size_bytes);
            set_limit!(libc::RLIMIT_NOFILE, setup.open_files);
            set_limit!(libc::RLIMIT_CORE, 0);
            if let Some(n) = setup.processes {
                set_limit!(libc::RLIMIT_NPROC, n);
            }
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::getppid() != setup.parent {
                libc::_exit(126);
            }
            if setup.no_new_privileges && libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            for fd in setup.keep_fds {
                if fd >= 0 && libc::fcntl(fd, libc::F_SETFD, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
}
