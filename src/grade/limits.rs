//! The resource limits of a program's run, as the instructor sets them:
//! what [`super::process`] applies and [`super::confine`] reports.

/// Resource limits applied to the program (and inherited by its children).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time of each process, in seconds (`RLIMIT_CPU`).
    pub cpu_seconds: u64,
    /// Memory of all the processes of one run together, in bytes: the
    /// run's cgroup (see [`super::cgroup`]), or, where there is none, a watch of
    /// its processes' memory and `RLIMIT_AS` on each.
    pub memory_bytes: u64,
    /// Largest file it may write, in bytes (`RLIMIT_FSIZE`).
    pub file_size_bytes: u64,
    /// Open files per process (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// Everything written to its folder and `/tmp` together (the size of
    /// the sandbox's tmpfs; not enforced without bubblewrap).
    pub disk_bytes: u64,
    /// Processes (tasks: threads count) of one run at once: its cgroup's
    /// `pids.max`, and `RLIMIT_NPROC` of its user when it runs as a user of
    /// its own.
    pub processes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            cpu_seconds: 60,
            memory_bytes: 1 << 30,
            file_size_bytes: 16 << 20,
            open_files: 256,
            disk_bytes: 64 << 20,
            processes: 64,
        }
    }
}

/// The wall-clock ceiling of every time limit, in times the limit: how
/// long a busy program short of a core is waited for at most.
pub const STRETCH: u32 = 4;
