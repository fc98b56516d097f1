//! Opening the files of a batch (`check` of many files), one thread's
//! opener reused from file to file. On small records the kernel's share of
//! the work (opening, reading, closing) is more than half of it, and these
//! are its costs that depend on how a file is opened and read:
//!
//! - the path: the kernel looks up each of its components on every open.
//!   The opener keeps the folder of the last file open and opens the next
//!   file of the same folder by its name in it (`openat`): one component
//!   looked up instead of every one (4 for `/tmp/x/small/game-1.txt`).
//! - the read: in a process with several threads, `read` on a regular file
//!   locks the file's offset; `pread` (at an offset the reader keeps) takes
//!   no such lock. Files that have no offset (a FIFO or terminal named on
//!   the command line) are read with `read`.
//! - the C library's wrappers of these calls, which in a process with
//!   several threads switch thread cancellation on and off around each
//!   call: the calls are made by rustix, directly.
//!
//! - the table of open files: each open and close takes its lock, and
//!   while two threads share it each of their reads and closes counts
//!   references to the file too; on two cores the threads of a batch
//!   waited on that lock (a fifth of what a second thread added). Each
//!   thread the batch starts has its own table ([`own_descriptor_table`]).
//!
//! The folder kept open is the one named by the path: if it is renamed
//! while a batch runs, files are still opened in it (as `find` and `fts`
//! do). Elsewhere than on Linux, files are opened by their whole path with
//! the standard library.

#[cfg(not(target_os = "linux"))]
use std::io;

/// One thread's opener: on Linux, the folder of the file opened last,
/// kept open.
#[derive(Default)]
pub struct Opener {
    #[cfg(target_os = "linux")]
    folder: Option<(String, rustix::fd::OwnedFd)>,
}

#[cfg(target_os = "linux")]
pub use linux::RecordFile;

/// A record file opened for reading.
#[cfg(not(target_os = "linux"))]
pub type RecordFile = std::fs::File;

#[cfg(not(target_os = "linux"))]
impl Opener {
    /// Open the file at `path` for reading.
    pub fn open(&mut self, path: &str) -> io::Result<RecordFile> {
        std::fs::File::open(path)
    }
}

/// Give the calling thread a table of open files of its own, a copy of
/// the process's (Linux; elsewhere, and if the kernel refuses, nothing
/// changes): its opens and closes then take no lock another thread of
/// the batch waits on. Called first by each thread a batch starts.
pub fn own_descriptor_table() {
    #[cfg(target_os = "linux")]
    // SAFETY: after the copy, a file this thread opens is not open on the
    // other threads, and one they open is not open here. The threads of a
    // batch share no file: each opens, reads and closes its records and
    // keeps its folder itself, and hands on only text. The files they all
    // use (standard input, output and error) were open before the copy
    // and are the same open files in every copy.
    let _ = unsafe { rustix::thread::unshare_unsafe(rustix::thread::UnshareFlags::FILES) };
}

/// The folder and the name of a file at `path`, when the file can be
/// opened by its name in the folder as it is by its path: a path with a
/// `/`, whose last component is a name (not empty, `.` or `..`).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn split(path: &str) -> Option<(&str, &str)> {
    let at = path.rfind('/')?;
    let (folder, name) = (&path[..at], &path[at + 1..]);
    if matches!(name, "" | "." | "..") {
        return None;
    }
    Some((if folder.is_empty() { "/" } else { folder }, name))
}

#[cfg(target_os = "linux")]
mod linux {
    use std::io::{self, Read};

    use rustix::fd::OwnedFd;
    use rustix::fs::{Mode, OFlags};
    use rustix::io::Errno;

    use super::{Opener, split};

    impl Opener {
        /// Open the file at `path` for reading: by its name in its folder
        /// when the folder can be opened (the last one is kept open), else
        /// by its path, whose error is the one reported.
        pub fn open(&mut self, path: &str) -> io::Result<RecordFile> {
            let flags = OFlags::RDONLY | OFlags::CLOEXEC;
            let opened =
                match split(path).and_then(|(folder, name)| Some((self.folder(folder)?, name))) {
                    Some((folder, name)) => rustix::fs::openat(folder, name, flags, Mode::empty()),
                    None => rustix::fs::open(path, flags, Mode::empty()),
                };
            Ok(RecordFile {
                fd: opened?,
                at: 0,
                positioned: true,
            })
        }

        /// The folder `path` open (as a path only: `O_PATH`, nothing is
        /// read from it), the one kept if it is the same; `None` if it
        /// cannot be opened.
        fn folder(&mut self, path: &str) -> Option<&OwnedFd> {
            if !matches!(&self.folder, Some((kept, _)) if kept == path) {
                let flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
                let fd = rustix::fs::open(path, flags, Mode::empty()).ok()?;
                self.folder = Some((path.to_string(), fd));
            }
            self.folder.as_ref().map(|(_, fd)| fd)
        }
    }

    /// A record file opened for reading, read with `pread` at the offset
    /// it keeps (with `read` once the file is found to have no offset).
    pub struct RecordFile {
        fd: OwnedFd,
        at: u64,
        positioned: bool,
    }

    impl Read for RecordFile {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let read = if self.positioned {
                match rustix::io::pread(&self.fd, &mut *buf, self.at) {
                    Err(Errno::SPIPE) => {
                        self.positioned = false;
                        rustix::io::read(&self.fd, buf)
                    }
                    read => read,
                }
            } else {
                rustix::io::read(&self.fd, buf)
            }?;
            self.at += read as u64;
            Ok(read)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn a_file_is_opened_by_its_name_in_its_folder_when_it_has_one() {
        assert_eq!(split("a/b/c.txt"), Some(("a/b", "c.txt")));
        assert_eq!(split("/c.txt"), Some(("/", "c.txt")));
        assert_eq!(split("a//c.txt"), Some(("a/", "c.txt")));
        for whole in ["c.txt", "a/", "a/.", "a/..", "/"] {
            assert_eq!(split(whole), None, "{whole}");
        }
    }

    /// Files of two folders, one after the other and back, and errors,
    /// read whole in small reads: the same bytes and errors as the
    /// standard library's.
    #[test]
    fn files_read_through_the_opener_are_read_as_by_their_path() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = |p: &str| dir.path().join(p).to_string_lossy().into_owned();
        for sub in ["one", "two"] {
            std::fs::create_dir(path(sub)).unwrap_or_else(|e| panic!("{e}"));
        }
        let files = ["one/a.txt", "one/b.txt", "two/a.txt", "one/c.txt"];
        for (i, file) in files.iter().enumerate() {
            let text: String = (0..100 * (i + 1))
                .map(|n| format!("{file} {n}\n"))
                .collect();
            std::fs::write(path(file), text).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut opener = Opener::default();
        let mut targets: Vec<String> = files.iter().map(|f| path(f)).collect();
        targets.extend([path("one/missing.txt"), path("three/a.txt"), path("one")]);
        for target in &targets {
            let ours = opener.open(target).and_then(|mut file| {
                let (mut all, mut chunk) = (Vec::new(), [0; 1000]);
                loop {
                    match file.read(&mut chunk)? {
                        0 => return Ok(all),
                        n => all.extend_from_slice(&chunk[..n]),
                    }
                }
            });
            match (ours, std::fs::read(target)) {
                (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{target}"),
                (Err(ours), Err(theirs)) => {
                    assert_eq!(ours.kind(), theirs.kind(), "{target}");
                    assert_eq!(ours.to_string(), theirs.to_string(), "{target}");
                }
                (ours, theirs) => panic!("{target}: {ours:?} against {theirs:?}"),
            }
        }
    }

    /// A file opened on a thread with its own table is open on that
    /// thread only (`/proc/thread-self/fd` is the thread's table,
    /// `/proc/self/fd` the process's, which the tests' threads share).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_of_a_batch_opens_files_in_its_own_table() {
        use rustix::fd::AsRawFd;
        let open =
            |table: &str, fd: i32| std::path::Path::new(&format!("/proc/{table}/fd/{fd}")).exists();
        let seen = std::thread::spawn(move || {
            own_descriptor_table();
            let file = std::fs::File::open("Cargo.toml")?;
            // A number far above what the tests' threads keep open at once.
            let high = rustix::io::fcntl_dupfd_cloexec(&file, 900)?;
            let fd = high.as_raw_fd();
            Ok::<_, std::io::Error>((open("thread-self", fd), open("self", fd)))
        })
        .join();
        assert!(matches!(seen, Ok(Ok((true, false)))), "{seen:?}");
    }

    /// A file with no offset (a FIFO), which `pread` refuses, is read.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_is_read_with_read() {
        use rustix::fs::{CWD, FileType, Mode, mknodat};
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let fifo = dir.path().join("fifo");
        mknodat(CWD, &fifo, FileType::Fifo, Mode::RUSR | Mode::WUSR, 0)
            .unwrap_or_else(|e| panic!("{e}"));
        let text = "Bc-Cc\n".repeat(5000);
        let writer = {
            let (fifo, text) = (fifo.clone(), text.clone());
            std::thread::spawn(move || std::fs::write(fifo, text))
        };
        let mut read = String::new();
        Opener::default()
            .open(&fifo.to_string_lossy())
            .and_then(|mut file| file.read_to_string(&mut read))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(writer.join().is_ok_and(|written| written.is_ok()));
        assert_eq!(read, text);
    }
}
