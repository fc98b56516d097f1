//! The watchdog of a grading run as root: a process forked when the run
//! starts, in a session of its own, that outlives the grader and kills
//! every process of the programs' user ids once the grader is gone,
//! however it ended (`kill -9` included).
//!
//! Each program dies with the grader (a death signal), and under
//! bubblewrap so does its whole PID namespace; but without bubblewrap a
//! process that left the program's session (`setsid`, a double fork) is
//! the child of nobody the grader knows, and went on running after the
//! grader was killed. As root every program runs under a user id of its
//! own ([`super::confine::Users`]): the watchdog kills everything of those
//! ids. It holds the locks of their block too, so that no other grading
//! run takes them until it is done.

use std::os::fd::OwnedFd;
use std::sync::Mutex;

use super::confine::Users;

/// The running watchdog: the write end of its pipe, and its process id.
static WATCHDOG: Mutex<Option<(OwnedFd, i32)>> = Mutex::new(None);

/// Start the watchdog for the users of `jobs` parallel jobs, when the
/// programs run under users of their own (as root); once per process.
///
/// # Errors
///
/// When it cannot be started (a grader setup error).
pub fn start(users: &Users, jobs: usize) -> Result<(), String> {
    let Some(first) = users.base else {
        return Ok(());
    };
    let Ok(mut running) = WATCHDOG.lock() else {
        return Err("the watchdog's lock is poisoned".into());
    };
    if running.is_some() {
        return Ok(());
    }
    let count = u32::try_from(jobs.max(1)).unwrap_or(u32::MAX);
    let uids = first..first.saturating_add(count);
    let started = crate::sys::start_watchdog(uids, &super::confine::held_lock_fds())
        .map_err(|e| format!("cannot start the watchdog process: {e}"))?;
    *running = Some(started);
    Ok(())
}

/// Stop the watchdog at the end of a run: close its pipe (it kills what
/// is left of the programs' users, normally nothing) and wait for it to
/// exit, so that nothing of the run outlives it.
pub fn stop() {
    let Some((pipe, pid)) = WATCHDOG.lock().ok().and_then(|mut w| w.take()) else {
        return;
    };
    drop(pipe);
    if let Some(pid) = rustix::process::Pid::from_raw(pid) {
        let _ = rustix::process::waitpid(Some(pid), rustix::process::WaitOptions::empty());
    }
}
