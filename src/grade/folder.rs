//! The program's working folder, handled only through an open directory
//! descriptor, because the program owns what is inside and may plant links,
//! FIFOs and deep trees there:
//!
//! - files the grader writes are created with `O_CREAT|O_EXCL|O_NOFOLLOW`
//!   after removing what is there, so a planted link is never followed;
//! - files it reads are opened with `O_NOFOLLOW|O_NONBLOCK` and must be
//!   regular files with one link (not a FIFO that would block, not a hard
//!   link to another file), read up to a cap;
//! - removal is iterative (`openat`/`unlinkat`, at most two descriptors
//!   open, no recursion), never follows links, is bounded in entries and
//!   time, and says what it could not remove. (`std::fs::remove_dir_all` is
//!   link-safe but recursive: one stack frame and one descriptor per level,
//!   so a program that nests 18,000 folders overflows the grader's stack.)

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rustix::fs::{self as rfs, AtFlags, FileType, Mode, OFlags};

use super::confine::User;

/// A working folder: an open directory, the path the program knows it by,
/// and, for a folder on the host, where it is so that it can be removed.
#[derive(Debug)]
pub struct Folder {
    dir: OwnedFd,
    /// The folder as the program sees it.
    pub path: PathBuf,
    host: Option<HostPlace>,
    /// The user it belongs to (the program's own, as root).
    pub owner: Option<User>,
}

#[derive(Debug)]
struct HostPlace {
    parent: OwnedFd,
    name: OsString,
}

/// Why a file of the program could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file.
    Missing,
    /// It is a symbolic link (never followed).
    Link,
    /// It is not a regular file: `a FIFO`, `a folder`...
    NotRegular(&'static str),
    /// A regular file with other names (a hard link, never read).
    HardLink(u64),
    /// Another error.
    Io(io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Missing => write!(f, "there is no such file"),
            ReadError::Link => write!(
                f,
                "it is a symbolic link (the grader does not follow links)"
            ),
            ReadError::NotRegular(what) => write!(f, "it is {what}, not a regular file"),
            ReadError::HardLink(n) => {
                write!(
                    f,
                    "it is a hard link ({n} names; the grader reads only files with one)"
                )
            }
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// A file read from the folder: its first bytes, and its whole size.
#[derive(Debug)]
pub struct ReadFile {
    /// Up to the cap.
    pub bytes: Vec<u8>,
    /// The file's size.
    pub size: u64,
}

/// What removing a folder left behind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leftover {
    /// Entries removed.
    pub removed: u64,
    /// Entries that could not be removed, with why (the first few).
    pub failed: Vec<String>,
    /// Entries that could not be removed in all.
    pub failed_count: u64,
    /// Why removal stopped before the end, if it did.
    pub stopped: Option<String>,
}

impl Leftover {
    /// Whether everything went.
    pub fn is_clean(&self) -> bool {
        self.failed_count == 0 && self.stopped.is_none()
    }
}

/// Bounds on a removal.
#[derive(Clone, Copy, Debug)]
pub struct RemoveLimits {
    /// Entries visited at most.
    pub entries: u64,
    /// Time at most.
    pub time: Duration,
}

impl Default for RemoveLimits {
    fn default() -> RemoveLimits {
        RemoveLimits {
            entries: 2_000_000,
            time: Duration::from_secs(30),
        }
    }
}

/// Run `f` with the thread's file-system user set to `owner` (as root), so
/// that what it creates belongs to the program's user, and in a sandbox's
/// tmpfs gets an owner that exists there. `setfsuid` acts on the calling
/// thread only.
fn as_owner<T>(owner: Option<User>, f: impl FnOnce() -> T) -> T {
    match owner {
        Some(u) if super::confine::is_root() => crate::sys::as_file_system_user(u.uid, u.gid, f),
        _ => f(),
    }
}

fn name_of(path: &Path) -> io::Result<&OsStr> {
    path.file_name()
        .ok_or_else(|| io::Error::other(format!("{}: no file name", path.display())))
}

pub(super) const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::NOFOLLOW)
    .union(OFlags::CLOEXEC);

impl Folder {
    /// Make a new folder for one run under `base` (mode 0700, owned by
    /// `owner` when given).
    ///
    /// # Errors
    ///
    /// When it cannot be made.
    pub fn create_in(base: &Path, owner: Option<User>) -> io::Result<Folder> {
        let made = tempfile::Builder::new()
            .prefix("asalto-grade-")
            .tempdir_in(base)?
            .keep();
        let parent = rfs::open(base, DIR_FLAGS, Mode::empty())?;
        let name = name_of(&made)?.to_os_string();
        let dir = rfs::openat(&parent, &name, DIR_FLAGS, Mode::empty())?;
        if let Some(u) = owner.filter(|_| super::confine::is_root()) {
            rfs::fchown(
                &dir,
                Some(rfs::Uid::from_raw(u.uid)),
                Some(rfs::Gid::from_raw(u.gid)),
            )?;
        }
        Ok(Folder {
            dir,
            path: made,
            host: Some(HostPlace { parent, name }),
            owner,
        })
    }

    /// An existing folder of the host, for the grader to copy into as
    /// root (files it creates stay root's); it is not removed with
    /// [`Folder::remove`].
    ///
    /// # Errors
    ///
    /// When it cannot be opened as a folder (a link is not followed).
    pub(super) fn open_host(path: &Path) -> io::Result<Folder> {
        Ok(Folder {
            dir: rfs::open(path, DIR_FLAGS, Mode::empty())?,
            path: path.to_path_buf(),
            host: None,
            owner: None,
        })
    }

    /// The folder at `via` (a path through `/proc/<pid>/root`), known to the
    /// program as `path`. It must be a tmpfs (the sandbox's).
    ///
    /// # Errors
    ///
    /// When it cannot be opened, or is not a tmpfs.
    pub fn open_sandbox(via: &Path, path: PathBuf, owner: Option<User>) -> io::Result<Folder> {
        let dir = rfs::open(via, DIR_FLAGS, Mode::empty())?;
        const TMPFS_MAGIC: i64 = 0x0102_1994;
        let fs = rfs::fstatfs(&dir)?;
        if fs.f_type as i64 != TMPFS_MAGIC {
            return Err(io::Error::other(format!(
                "{} is not the sandbox's tmpfs",
                via.display()
            )));
        }
        Ok(Folder {
            dir,
            path,
            host: None,
            owner,
        })
    }

    /// The folder's path on the host, when it is on the host.
    pub fn host_path(&self) -> Option<&Path> {
        self.host.as_ref().map(|_| self.path.as_path())
    }

    /// Bytes used and bytes in all of the file system holding the folder
    /// (meaningful for the sandbox's tmpfs).
    pub fn usage(&self) -> Option<(u64, u64)> {
        let s = rfs::fstatvfs(&self.dir).ok()?;
        let total = s.f_blocks.saturating_mul(s.f_frsize);
        let free = s.f_bfree.saturating_mul(s.f_frsize);
        Some((total.saturating_sub(free), total))
    }

    /// Write a new file `name` holding `bytes`: whatever is there (a file, a
    /// link, a FIFO, a folder) is removed first, and the file is created
    /// without following links.
    ///
    /// # Errors
    ///
    /// When what is there cannot be removed or the file cannot be written.
    pub fn write_new(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.remove_entry(name)?;
        let file = as_owner(self.owner, || {
            rfs::openat(
                &self.dir,
                name,
                OFlags::WRONLY
                    | OFlags::CREATE
                    | OFlags::EXCL
                    | OFlags::NOFOLLOW
                    | OFlags::CLOEXEC
                    | OFlags::NOCTTY,
                Mode::from_raw_mode(0o644),
            )
        })?;
        let mut file = std::fs::File::from(file);
        file.write_all(bytes)
    }

    /// Remove `name` if it is there (recursively, without following links,
    /// if it is a folder).
    ///
    /// # Errors
    ///
    /// When it is there and cannot be removed.
    pub fn remove_entry(&self, name: &str) -> io::Result<()> {
        let name = OsStr::new(name);
        match rfs::unlinkat(&self.dir, name, AtFlags::empty()) {
            Ok(()) => Ok(()),
            Err(rustix::io::Errno::NOENT) => Ok(()),
            Err(rustix::io::Errno::ISDIR) | Err(rustix::io::Errno::PERM) => {
                let left = remove_tree(self.dir.as_fd(), name, RemoveLimits::default());
                if left.is_clean() {
                    Ok(())
                } else {
                    Err(io::Error::other(describe_leftover(&left)))
                }
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Read the regular file `name`, at most `cap` bytes: never through a
    /// link, never blocking (a FIFO is refused), never a hard link.
    ///
    /// # Errors
    ///
    /// See [`ReadError`].
    pub fn read_file(&self, name: &str, cap: u64) -> Result<ReadFile, ReadError> {
        let fd = rfs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| match e {
            rustix::io::Errno::NOENT => ReadError::Missing,
            rustix::io::Errno::LOOP => ReadError::Link,
            rustix::io::Errno::NXIO => ReadError::NotRegular("a socket"),
            e => ReadError::Io(e.into()),
        })?;
        let stat = rfs::fstat(&fd).map_err(|e| ReadError::Io(e.into()))?;
        match FileType::from_raw_mode(stat.st_mode) {
            FileType::RegularFile => {}
            FileType::Directory => return Err(ReadError::NotRegular("a folder")),
            FileType::Fifo => return Err(ReadError::NotRegular("a FIFO")),
            FileType::Socket => return Err(ReadError::NotRegular("a socket")),
            FileType::CharacterDevice | FileType::BlockDevice => {
                return Err(ReadError::NotRegular("a device"));
            }
            _ => return Err(ReadError::NotRegular("not a regular file")),
        }
        if stat.st_nlink > 1 {
            return Err(ReadError::HardLink(stat.st_nlink as u64));
        }
        let mut bytes = Vec::new();
        std::fs::File::from(fd)
            .take(cap)
            .read_to_end(&mut bytes)
            .map_err(ReadError::Io)?;
        Ok(ReadFile {
            bytes,
            size: u64::try_from(stat.st_size).unwrap_or(0),
        })
    }

    /// The folder's descriptor.
    pub(super) fn fd(&self) -> BorrowedFd<'_> {
        self.dir.as_fd()
    }

    /// Make the folder `name` in `to` (a folder of this one), owned as
    /// this folder's files are; it, opened.
    pub(super) fn make_dir(&self, to: BorrowedFd<'_>, name: &OsStr) -> io::Result<OwnedFd> {
        as_owner(self.owner, || {
            rfs::mkdirat(to, name, Mode::from_raw_mode(0o755))
        })?;
        Ok(rfs::openat(to, name, DIR_FLAGS, Mode::empty())?)
    }

    /// Write `len` bytes of `source` as the new file `name` in `to` (a
    /// folder of this one), owned as this folder's files are, without
    /// following links.
    pub(super) fn write_copy(
        &self,
        to: BorrowedFd<'_>,
        name: &OsStr,
        source: OwnedFd,
        len: u64,
        executable: bool,
    ) -> io::Result<()> {
        let mode = Mode::from_raw_mode(if executable { 0o755 } else { 0o644 });
        let target = as_owner(self.owner, || {
            rfs::openat(
                to,
                name,
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                mode,
            )
        })?;
        let mut source = std::fs::File::from(source).take(len);
        io::copy(&mut source, &mut std::fs::File::from(target))?;
        Ok(())
    }

    /// Remove the folder from the host (see [`remove_tree`]); a folder in a
    /// sandbox goes with the sandbox.
    pub fn remove(self, limits: RemoveLimits) -> Leftover {
        match &self.host {
            Some(place) => remove_tree(place.parent.as_fd(), &place.name, limits),
            None => Leftover::default(),
        }
    }
}

/// "could not remove 3 entries: a/b (Operation not permitted), …".
pub fn describe_leftover(left: &Leftover) -> String {
    let mut parts = Vec::new();
    if left.failed_count > 0 {
        parts.push(format!(
            "could not remove {} entr{}: {}",
            left.failed_count,
            if left.failed_count == 1 { "y" } else { "ies" },
            left.failed.join(", ")
        ));
    }
    if let Some(why) = &left.stopped {
        parts.push(format!("stopped: {why}"));
    }
    parts.join("; ")
}

/// Remove `name` in `parent` and everything under it, iteratively: descend
/// into the first sub-folder found, remove files on the way, climb back
/// with `..` once a folder is empty and remove it. At most two directories
/// are open at a time and the path is kept as a list of names, so depth
/// costs neither stack nor descriptors. Links are removed, never followed.
/// Entries that cannot be removed are skipped and reported.
pub fn remove_tree(parent: BorrowedFd<'_>, name: &OsStr, limits: RemoveLimits) -> Leftover {
    let mut left = Leftover::default();
    let top = match rfs::openat(parent, name, DIR_FLAGS, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) => return left,
        Err(rustix::io::Errno::NOTDIR) | Err(rustix::io::Errno::LOOP) => {
            match rfs::unlinkat(parent, name, AtFlags::empty()) {
                Ok(()) => left.removed += 1,
                Err(e) => note_failure(&mut left, name, e),
            }
            return left;
        }
        Err(e) => {
            note_failure(&mut left, name, e);
            return left;
        }
    };
    let mut walk = Walk {
        deadline: Instant::now() + limits.time,
        limits,
        visited: 0,
        path: Vec::new(),
        skip: HashSet::new(),
    };
    match walk.empty(top, &mut left) {
        Ok(()) => match rfs::unlinkat(parent, name, AtFlags::REMOVEDIR) {
            Ok(()) => left.removed += 1,
            Err(e) => note_failure(&mut left, name, e),
        },
        Err(why) => left.stopped = Some(why),
    }
    left
}

/// The state of one removal.
struct Walk {
    deadline: Instant,
    limits: RemoveLimits,
    visited: u64,
    /// Names from the top folder down to the current one.
    path: Vec<OsString>,
    /// Entries given up (device, inode).
    skip: HashSet<(u64, u64)>,
}

impl Walk {
    /// Empty the folder `top` (not removing it).
    fn empty(&mut self, top: OwnedFd, left: &mut Leftover) -> Result<(), String> {
        let top_stat = rfs::fstat(&top).map_err(|e| format!("cannot read the folder: {e}"))?;
        let top_id = (top_stat.st_dev, top_stat.st_ino);
        let mut current = top;
        loop {
            if Instant::now() >= self.deadline {
                return Err(format!("took longer than {} s", self.limits.time.as_secs()));
            }
            if let Some(sub) = self.empty_files(&current, left)? {
                match rfs::openat(&current, &sub, DIR_FLAGS, Mode::empty()) {
                    Ok(fd) => {
                        self.path.push(sub);
                        current = fd;
                    }
                    Err(e) => self.give_up(&current, &sub, e, left),
                }
                continue;
            }
            // `current` holds nothing removable any more: climb, remove it.
            let Some(last) = self.path.pop() else {
                return Ok(());
            };
            let up = rfs::openat(&current, "..", DIR_FLAGS, Mode::empty())
                .map_err(|e| format!("cannot go back up: {e}"))?;
            if self.path.is_empty() {
                // Back at the top: it must be the same folder.
                match rfs::fstat(&up) {
                    Ok(st) if (st.st_dev, st.st_ino) == top_id => {}
                    _ => return Err("the folder was moved during removal".to_string()),
                }
            }
            match rfs::unlinkat(&up, &last, AtFlags::REMOVEDIR) {
                Ok(()) => left.removed += 1,
                Err(e) => self.give_up(&up, &last, e, left),
            }
            current = up;
        }
    }

    /// `name` in `dir` cannot be removed: skip it from now on.
    fn give_up(&mut self, dir: &OwnedFd, name: &OsStr, e: rustix::io::Errno, left: &mut Leftover) {
        if let Ok(st) = rfs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW) {
            self.skip.insert((st.st_dev, st.st_ino));
        }
        note_failure(left, &join(&self.path, name), e);
    }

    /// Remove every entry of `dir` that is not a folder; the first folder
    /// not given up, if there is one.
    fn empty_files(
        &mut self,
        dir: &OwnedFd,
        left: &mut Leftover,
    ) -> Result<Option<OsString>, String> {
        loop {
            let mut names: Vec<(OsString, (u64, u64), bool)> = Vec::new();
            let reader =
                rfs::Dir::read_from(dir).map_err(|e| format!("cannot read a folder: {e}"))?;
            for entry in reader {
                let Ok(entry) = entry else { break };
                let n = entry.file_name().to_bytes();
                if n == b"." || n == b".." {
                    continue;
                }
                self.visited += 1;
                if self.visited > self.limits.entries {
                    return Err(format!("more than {} entries", self.limits.entries));
                }
                let name = OsStr::from_bytes(n).to_os_string();
                let Ok(st) = rfs::statat(dir, &name, AtFlags::SYMLINK_NOFOLLOW) else {
                    continue;
                };
                let id = (st.st_dev, st.st_ino);
                if self.skip.contains(&id) {
                    continue;
                }
                let is_dir = FileType::from_raw_mode(st.st_mode) == FileType::Directory;
                if is_dir {
                    // Descend at once: what is left here is seen on the
                    // way back up.
                    return Ok(Some(name));
                }
                names.push((name, id, is_dir));
                if names.len() >= 4096 {
                    break;
                }
            }
            if names.is_empty() {
                return Ok(None);
            }
            for (name, _, _) in &names {
                match rfs::unlinkat(dir, name, AtFlags::empty()) {
                    Ok(()) => left.removed += 1,
                    Err(e) => self.give_up(dir, name, e, left),
                }
            }
        }
    }
}

fn join(path: &[OsString], last: &OsStr) -> OsString {
    let mut p = PathBuf::new();
    for part in path {
        p.push(part);
    }
    p.push(last);
    p.into_os_string()
}

fn note_failure(left: &mut Leftover, name: &OsStr, e: rustix::io::Errno) {
    left.failed_count += 1;
    if left.failed.len() < 5 {
        let shown = crate::text::escape_line(&name.to_string_lossy()).into_owned();
        left.failed.push(format!(
            "{} ({})",
            crate::text::cap(&shown, 200),
            io::Error::from(e)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A folder on a tmpfs when there is one (folder operations on some
    /// disks take milliseconds each).
    fn folder() -> (tempfile::TempDir, Folder) {
        let shm = Path::new("/dev/shm");
        let base = if shm.is_dir() {
            tempfile::tempdir_in(shm).unwrap()
        } else {
            tempfile::tempdir().unwrap()
        };
        let f = Folder::create_in(base.path(), None).unwrap();
        (base, f)
    }

    #[test]
    fn writes_never_follow_a_planted_link() {
        let (base, f) = folder();
        let outside = base.path().join("outside.txt");
        std::fs::write(&outside, "keep").unwrap();
        symlink(&outside, f.path.join("ref.txt")).unwrap();
        f.write_new("ref.txt", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        assert_eq!(
            std::fs::read_to_string(f.path.join("ref.txt")).unwrap(),
            "new"
        );
        // A folder in the way goes too, its content left untouched elsewhere.
        std::fs::create_dir_all(f.path.join("dir.txt/sub")).unwrap();
        symlink(base.path(), f.path.join("dir.txt/sub/up")).unwrap();
        f.write_new("dir.txt", b"x").unwrap();
        assert!(outside.exists());
    }

    #[test]
    fn reads_refuse_links_fifos_and_hard_links() {
        let (base, f) = folder();
        let secret = base.path().join("secret");
        std::fs::write(&secret, "secret").unwrap();
        symlink(&secret, f.path.join("link")).unwrap();
        assert!(matches!(f.read_file("link", 100), Err(ReadError::Link)));
        let fifo = f.path.join("fifo");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            FileType::Fifo,
            Mode::from_raw_mode(0o644),
            0,
        )
        .unwrap();
        assert!(matches!(
            f.read_file("fifo", 100),
            Err(ReadError::NotRegular("a FIFO"))
        ));
        std::fs::hard_link(&secret, f.path.join("hard")).unwrap();
        assert!(matches!(
            f.read_file("hard", 100),
            Err(ReadError::HardLink(2))
        ));
        assert!(matches!(f.read_file("none", 100), Err(ReadError::Missing)));
        std::fs::write(f.path.join("big"), vec![b'x'; 1000]).unwrap();
        let read = f.read_file("big", 10).unwrap();
        assert_eq!((read.bytes.len(), read.size), (10, 1000));
    }

    #[test]
    fn removal_is_iterative_and_link_safe() {
        let (base, f) = folder();
        let keep = base.path().join("keep");
        std::fs::create_dir(&keep).unwrap();
        std::fs::write(keep.join("file"), "x").unwrap();
        // 20,000 nested folders (deeper than PATH_MAX allows as one path),
        // made relative to a descriptor at each level.
        let mut at: OwnedFd = rfs::open(&f.path, DIR_FLAGS, Mode::empty()).unwrap();
        for i in 0..20_000 {
            rfs::mkdirat(&at, "d", Mode::from_raw_mode(0o755)).unwrap();
            if i % 1000 == 0 {
                symlink(&keep, f.path.join("link-to-keep")).ok();
                let link = rfs::openat(&at, ".", DIR_FLAGS, Mode::empty()).unwrap();
                rfs::symlinkat(keep.as_os_str(), &link, "up").unwrap();
            }
            at = rfs::openat(&at, "d", DIR_FLAGS, Mode::empty()).unwrap();
        }
        drop(at);
        let path = f.path.clone();
        // On a small stack, as a worker thread has.
        let left = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || f.remove(RemoveLimits::default()))
            .unwrap()
            .join()
            .unwrap();
        assert!(left.is_clean(), "{left:?}");
        assert!(left.removed > 20_000);
        assert!(!path.exists());
        assert!(keep.join("file").exists());
    }

    #[test]
    fn removal_is_bounded_and_says_what_is_left() {
        let (_base, f) = folder();
        for i in 0..50 {
            std::fs::write(f.path.join(format!("f{i}")), "x").unwrap();
        }
        let path = f.path.clone();
        let left = f.remove(RemoveLimits {
            entries: 10,
            time: Duration::from_secs(10),
        });
        assert!(!left.is_clean());
        assert!(describe_leftover(&left).contains("more than 10 entries"));
        assert!(path.exists());
    }
}
