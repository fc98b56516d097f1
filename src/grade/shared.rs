//! What a program leaves in the places every user may write in (`/tmp`,
//! `/var/tmp`, `/dev/shm`, `/dev/mqueue`, the grader's `TMPDIR`), removed
//! before and after each run without bubblewrap (which gives each program
//! a `/tmp` and `/dev/shm` of its own), so that the next student's program
//! under the same user id finds nothing of it.
//!
//! Only as root, when each program runs under a user id of its own: then
//! everything of that id there is the program's. The top of each place is
//! looked at, and one level into its folders that anyone may write in
//! (`/tmp/.X11-unix`, ...); what is owned by that id goes, whole, never
//! through a link ([`super::folder::remove_tree`]).

use std::ffi::OsString;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use rustix::fs::{self as rfs, AtFlags, FileType, Mode, OFlags};

use super::folder::{Leftover, RemoveLimits, describe_leftover, remove_tree};

/// The places every user may write in, that are looked at.
pub fn places() -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue"]
        .into_iter()
        .map(PathBuf::from)
        .collect();
    let tmp = std::env::temp_dir();
    if !all.contains(&tmp) {
        all.push(tmp);
    }
    all
}

const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::NOFOLLOW)
    .union(OFlags::CLOEXEC);

/// Remove what user `uid` has in the [`places`]; what could not be
/// removed, described (`None`: everything went).
pub fn remove_left_by(uid: u32) -> Option<String> {
    let mut left = Leftover::default();
    for place in places() {
        if let Ok(dir) = rfs::open(&place, DIR_FLAGS, Mode::empty()) {
            remove_in(dir.as_fd(), uid, true, &mut left);
        }
    }
    (!left.is_clean()).then(|| describe_leftover(&left))
}

/// Remove the entries of `dir` owned by `uid`; with `deeper`, look one
/// level into the folders of others that anyone may write in.
fn remove_in(dir: BorrowedFd<'_>, uid: u32, deeper: bool, left: &mut Leftover) {
    let names: Vec<OsString> = match rfs::Dir::read_from(dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| OsString::from(std::ffi::OsStr::from_bytes(e.file_name().to_bytes())))
            .filter(|n| n != "." && n != "..")
            .collect(),
        Err(_) => return,
    };
    for name in names {
        let Ok(stat) = rfs::statat(dir, &name, AtFlags::SYMLINK_NOFOLLOW) else {
            continue;
        };
        if stat.st_uid == uid {
            let gone = remove_tree(dir, &name, RemoveLimits::default());
            left.removed += gone.removed;
            left.failed_count += gone.failed_count;
            left.failed.extend(gone.failed);
            left.stopped = left.stopped.take().or(gone.stopped);
        } else if deeper
            && FileType::from_raw_mode(stat.st_mode) == FileType::Directory
            && stat.st_mode & 0o002 != 0
        {
            if let Ok(sub) = rfs::openat(dir, &name, DIR_FLAGS, Mode::empty()) {
                remove_in(sub.as_fd(), uid, false, left);
            }
        }
    }
}
