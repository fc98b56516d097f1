//! Copying a folder into a working folder: what is copied, what is left
//! out, and the limits, in one walk used both to survey a submission
//! before anyone is graded and to copy it into each run's folder.
//!
//! Never copied, whoever's folder it is: symbolic links (a student's link
//! may lead anywhere root may read), FIFOs, sockets and devices, and a file
//! with more than one name (a hard link) unless every user may read it.
//! The grader reads as root and cannot know where a hard link's other names
//! are: one that only root may read (`/etc/shadow`, a file in `/root`)
//! would arrive readable. One that every user may read hands the program
//! nothing new, and that keeps working the folders that backup and
//! de-duplication tools (`rsync --link-dest`, `cp -al`, `hardlink`) fill
//! with hard links of ordinary files.
//!
//! Left out of a student's submission ([`CopyRules::student`]), because a
//! program run as `python3 {entry}` (or `swipl`, `node`, a compiled
//! solver) cannot need it, and a `.git` of 10,000 files would otherwise
//! make a correct program fail the copy limits:
//!
//! - version control: `.git`, `.hg`, `.svn`, `.bzr` (history, not the
//!   program: it runs from the files themselves);
//! - caches that programs write and rebuild: `__pycache__`, `.mypy_cache`,
//!   `.pytest_cache`, `.ruff_cache`, `.ipynb_checkpoints`, and a `X.pyc`
//!   or `X.pyo` beside its `X.py` (Python 3 never loads those; a `.pyc`
//!   alone, a module shipped without its source, is copied);
//! - virtual environments: a folder holding `pyvenv.cfg` (`venv`, `.venv`,
//!   `env`, any name): `python3 {entry}` does not use one, and its
//!   interpreter links point outside the copy;
//! - editors' and systems' metadata: `.idea`, `.vscode`, `.vs`, `__MACOSX`,
//!   `.DS_Store`, `Thumbs.db`, `desktop.ini`.
//!
//! `node_modules` is copied: `node` loads a program's packages from it, so
//! a Node solver may need it (it counts against the limits like any other
//! folder).
//!
//! What is left out is reported once per submission (a note in every
//! format). What remains must fit: at most [`MAX_ENTRIES`] files and
//! folders, [`MAX_DEPTH`] levels, and the byte budget (sizes as `stat`
//! gives them, so a sparse file counts by its size); a submission past
//! them is not graded, and the report says why.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use rustix::fs::{self as rfs, FileType, Mode, OFlags};

use super::confine::size;
use super::folder::Folder;
use crate::text::escape_line;

/// Most files and folders copied.
pub const MAX_ENTRIES: u64 = 10_000;
/// Most levels of folders below the top.
pub const MAX_DEPTH: usize = 16;
/// Most names read in all (those left out too), so that a folder of
/// millions of names is refused without holding them.
const MAX_NAMES: u64 = 100_000;
/// How many names a note quotes of each kind.
const NAMES_SHOWN: usize = 5;

/// Folders (or files) of these names are left out of a student's copy.
const UNNEEDED: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".bzr",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".ipynb_checkpoints",
    ".idea",
    ".vscode",
    ".vs",
    "__MACOSX",
    ".DS_Store",
    "Thumbs.db",
    "desktop.ini",
];

/// What a copy leaves out, and how much it may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyRules {
    /// Leave out what a program cannot need (a student's submission: see
    /// the module documentation).
    pub unneeded: bool,
    /// Leave out every name that starts with `.` (the instructor's folder
    /// of a program named on the command line: `.ssh`, `.env`...).
    pub dot_files: bool,
    /// Copy only the files every user may read and the folders every user
    /// may list and enter, by their own permissions (the instructor's
    /// folder: what the folders above it kept private is lifted, not what
    /// each file keeps private).
    pub open_only: bool,
    /// Paths never copied (canonical): the reference files and the
    /// submissions folder.
    pub exclude: Vec<PathBuf>,
    /// Paths copied whatever their names and permissions (canonical): the
    /// files named on the command line (and the folders on the way to
    /// them).
    pub keep: Vec<PathBuf>,
    /// Most bytes in all.
    pub max_bytes: u64,
}

impl CopyRules {
    /// A student's submission: what a program cannot need is left out.
    pub fn student(max_bytes: u64) -> CopyRules {
        CopyRules {
            unneeded: true,
            dot_files: false,
            open_only: false,
            exclude: Vec::new(),
            keep: Vec::new(),
            max_bytes,
        }
    }
}

/// What a copy left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// What a program cannot need, by name (`.git`, `__pycache__`,
    /// `*.pyc`, `a virtual environment`), with how many.
    pub unneeded: BTreeMap<String, u64>,
    /// Symbolic links, by relative name (the first few), and how many.
    pub links: Names,
    /// FIFOs, sockets and devices.
    pub special: Names,
    /// Files with other names that not every user may read.
    pub hard_links: Names,
    /// Names starting with `.` ([`CopyRules::dot_files`]).
    pub dot_files: u64,
    /// Entries not every user may read ([`CopyRules::open_only`]).
    pub private: u64,
    /// Excluded paths met.
    pub excluded: u64,
}

/// A few names, and how many there were.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// The first [`NAMES_SHOWN`] names, relative to the top, escaped.
    pub first: Vec<String>,
    /// How many in all.
    pub count: u64,
}

impl Names {
    fn add(&mut self, rel: &Path) {
        self.count += 1;
        if self.first.len() < NAMES_SHOWN {
            let shown = escape_line(&rel.display().to_string()).into_owned();
            self.first.push(crate::text::cap(&shown, 120).into_owned());
        }
    }

    fn describe(&self, one: &str, many: &str) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let what = if self.count == 1 { one } else { many };
        let more = self.count - self.first.len() as u64;
        let mut names = self.first.join(", ");
        if more > 0 {
            names.push_str(&format!(" and {more} more"));
        }
        Some(format!("{} {what} ({names})", self.count))
    }
}

impl Skipped {
    /// What was left out of a student's copy, in a sentence; `None` when
    /// nothing was.
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        if !self.unneeded.is_empty() {
            let names: Vec<String> = self
                .unneeded
                .iter()
                .map(|(name, n)| match n {
                    1 => name.clone(),
                    n => format!("{n} × {name}"),
                })
                .collect();
            parts.push(format!(
                "what a program does not need: {}",
                names.join(", ")
            ));
        }
        let never: Vec<String> = [
            self.links.describe(
                "symbolic link, never followed",
                "symbolic links, never followed",
            ),
            self.special
                .describe("FIFO, socket or device", "FIFOs, sockets or devices"),
            self.hard_links.describe(
                "hard link not every user may read",
                "hard links not every user may read",
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !never.is_empty() {
            parts.push(never.join(", "));
        }
        (!parts.is_empty()).then(|| format!("left out of the copy: {}", parts.join("; ")))
    }
}

/// What was copied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Copied {
    /// Files and folders.
    pub entries: u64,
    /// Bytes, as `stat` gives the sizes.
    pub bytes: u64,
    /// What was left out.
    pub skipped: Skipped,
}

/// Why a copy could not be made. The words name only paths inside the
/// folder copied (a student may see them).
#[derive(Debug)]
pub enum CopyError {
    /// More than [`MAX_ENTRIES`] files and folders, after leaving out what
    /// is left out.
    TooMany,
    /// Folders nested deeper than [`MAX_DEPTH`]: the first too deep.
    TooDeep(String),
    /// More bytes than the budget: the budget and the file that went past.
    TooLarge {
        /// The budget.
        max: u64,
        /// The file that went past it, relative.
        file: String,
        /// Its size.
        file_bytes: u64,
    },
    /// Reading or writing failed: where (relative; empty for the top) and
    /// why.
    Io(String, io::Error),
}

impl std::fmt::Display for CopyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CopyError::TooMany => write!(
                f,
                "more than {} files and folders to copy, after leaving out what a program does not need",
                thousands(MAX_ENTRIES)
            ),
            CopyError::TooDeep(at) => write!(f, "folders nested more than {MAX_DEPTH} deep ({at})"),
            CopyError::TooLarge {
                max,
                file,
                file_bytes,
            } => write!(
                f,
                "more than {} to copy, after leaving out what a program does not need ({file}, {}, went past it; the limit is --disk)",
                size(*max),
                human_bytes(*file_bytes)
            ),
            CopyError::Io(at, e) if at.is_empty() => write!(f, "{e}"),
            CopyError::Io(at, e) => write!(f, "{at}: {e}"),
        }
    }
}

/// `10,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `2.0 GiB`, `12.5 MiB`, `300 B`: a size for people, rounded.
fn human_bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, scale) in UNITS {
        if n >= scale {
            return format!("{:.1} {unit}", n as f64 / scale as f64);
        }
    }
    format!("{n} B")
}

/// The label a student's entry is left out under, if it is.
fn unneeded(name: &OsStr, path: &Path, is_dir: bool, siblings: &[OsStrBuf]) -> Option<String> {
    let text = name.to_string_lossy();
    if UNNEEDED.contains(&text.as_ref()) {
        return Some(text.into_owned());
    }
    if is_dir {
        if std::fs::symlink_metadata(path.join("pyvenv.cfg")).is_ok_and(|m| m.is_file()) {
            return Some("a virtual environment".to_string());
        }
        return None;
    }
    for ext in [".pyc", ".pyo"] {
        if let Some(stem) = text.strip_suffix(ext) {
            let source = format!("{stem}.py");
            if siblings
                .iter()
                .any(|s| s.as_os_str() == OsStr::new(&source))
            {
                return Some(format!("*{ext} beside its .py"));
            }
        }
    }
    None
}

type OsStrBuf = std::ffi::OsString;

/// Whether every user may read a file (`4`) or list and enter a folder
/// (`5`), by its own permissions.
fn open_to_all(mode: u32, bits: u32) -> bool {
    mode & bits == bits
}

/// One walk of a folder: what it found so far.
struct Walk<'a> {
    rules: &'a CopyRules,
    /// Where to copy (none: a survey).
    into: Option<&'a Folder>,
    copied: Copied,
    names: u64,
}

/// Survey `from` as [`Folder::copy_in`] would copy it under `rules`,
/// writing nothing: what would be copied and left out, or why it could
/// not be.
///
/// # Errors
///
/// See [`CopyError`].
pub fn survey(from: &Path, rules: &CopyRules) -> Result<Copied, CopyError> {
    copy(from, rules, None)
}

/// Copy `from` (a folder's content, or one regular file alone under its
/// own name) into `into`, or only survey it.
pub(super) fn copy(
    from: &Path,
    rules: &CopyRules,
    into: Option<&Folder>,
) -> Result<Copied, CopyError> {
    let mut walk = Walk {
        rules,
        into,
        copied: Copied::default(),
        names: 0,
    };
    let meta = std::fs::symlink_metadata(from).map_err(|e| CopyError::Io(String::new(), e))?;
    if meta.is_file() {
        // One file named alone: copied whatever its name, permissions or
        // links (it was named).
        let name = from
            .file_name()
            .ok_or_else(|| CopyError::Io(String::new(), io::Error::other("no file name")))?;
        walk.file(from, Path::new(name), &meta, into.map(Folder::fd), true)?;
    } else {
        walk.folder(from, Path::new(""), into.map(Folder::fd), 0)?;
    }
    Ok(walk.copied)
}

impl Walk<'_> {
    fn count_entry(&mut self) -> Result<(), CopyError> {
        self.copied.entries += 1;
        if self.copied.entries > MAX_ENTRIES {
            return Err(CopyError::TooMany);
        }
        Ok(())
    }

    fn folder(
        &mut self,
        from: &Path,
        rel: &Path,
        to: Option<BorrowedFd<'_>>,
        depth: usize,
    ) -> Result<(), CopyError> {
        let io_at = |e: io::Error| CopyError::Io(rel.display().to_string(), e);
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(from).map_err(io_at)? {
            self.names += 1;
            if self.names > MAX_NAMES {
                return Err(CopyError::TooMany);
            }
            entries.push(entry.map_err(io_at)?);
        }
        entries.sort_by_key(|e| e.file_name());
        let siblings: Vec<OsStrBuf> = entries.iter().map(|e| e.file_name()).collect();
        for entry in entries {
            let name = entry.file_name();
            let path = entry.path();
            let rel = rel.join(&name);
            if self.rules.exclude.contains(&path) {
                self.copied.skipped.excluded += 1;
                continue;
            }
            // Named, or on the way to something named.
            let kept = self.rules.keep.iter().any(|k| k.starts_with(&path));
            if !kept && self.rules.dot_files && name.as_encoded_bytes().first() == Some(&b'.') {
                self.copied.skipped.dot_files += 1;
                continue;
            }
            // The entry itself, never what a link names.
            let meta = entry
                .metadata()
                .map_err(|e| CopyError::Io(rel.display().to_string(), e))?;
            let kind = meta.file_type();
            if kind.is_symlink() {
                self.copied.skipped.links.add(&rel);
                continue;
            }
            if !kind.is_dir() && !kind.is_file() {
                self.copied.skipped.special.add(&rel);
                continue;
            }
            if self.rules.unneeded && !kept {
                if let Some(label) = unneeded(&name, &path, kind.is_dir(), &siblings) {
                    *self.copied.skipped.unneeded.entry(label).or_insert(0) += 1;
                    continue;
                }
            }
            if kind.is_dir() {
                if !kept && self.rules.open_only && !open_to_all(meta.mode(), 0o005) {
                    self.copied.skipped.private += 1;
                    continue;
                }
                if depth + 1 > MAX_DEPTH {
                    return Err(CopyError::TooDeep(
                        escape_line(&rel.display().to_string()).into_owned(),
                    ));
                }
                self.count_entry()?;
                let sub = match (to, self.into) {
                    (Some(to), Some(folder)) => Some(
                        folder
                            .make_dir(to, &name)
                            .map_err(|e| CopyError::Io(rel.display().to_string(), e))?,
                    ),
                    _ => None,
                };
                self.folder(&path, &rel, sub.as_ref().map(AsFd::as_fd), depth + 1)?;
            } else {
                let named = self.rules.keep.contains(&path);
                self.file(&path, &rel, &meta, to, named)?;
            }
        }
        Ok(())
    }

    /// A regular file (`named`: given by name, so copied whatever its
    /// permissions and links).
    fn file(
        &mut self,
        path: &Path,
        rel: &Path,
        meta: &std::fs::Metadata,
        to: Option<BorrowedFd<'_>>,
        named: bool,
    ) -> Result<(), CopyError> {
        if !named && self.rules.open_only && !open_to_all(meta.mode(), 0o004) {
            self.copied.skipped.private += 1;
            return Ok(());
        }
        if !named && meta.nlink() > 1 && !open_to_all(meta.mode(), 0o004) {
            self.copied.skipped.hard_links.add(rel);
            return Ok(());
        }
        let shown = || escape_line(&rel.display().to_string()).into_owned();
        let len = meta.len();
        self.copied.bytes = self.copied.bytes.saturating_add(len);
        if self.copied.bytes > self.rules.max_bytes {
            return Err(CopyError::TooLarge {
                max: self.rules.max_bytes,
                file: shown(),
                file_bytes: len,
            });
        }
        self.count_entry()?;
        let (Some(to), Some(folder)) = (to, self.into) else {
            return Ok(());
        };
        let name = rel.file_name().unwrap_or(rel.as_os_str());
        let io_at = |e: io::Error| CopyError::Io(shown(), e);
        // Opened without following a link and without blocking, then
        // judged again on what was opened: what the survey saw may have
        // been replaced since.
        let source = rfs::open(
            path,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY,
            Mode::empty(),
        )
        .map_err(|e| io_at(e.into()))?;
        let stat = rfs::fstat(&source).map_err(|e| io_at(e.into()))?;
        if FileType::from_raw_mode(stat.st_mode) != FileType::RegularFile {
            self.copied.skipped.special.add(rel);
            return Ok(());
        }
        if !named && stat.st_nlink > 1 && !open_to_all(stat.st_mode, 0o004) {
            self.copied.skipped.hard_links.add(rel);
            return Ok(());
        }
        let executable = stat.st_mode & 0o111 != 0;
        folder
            .write_copy(to, name, source, len, executable)
            .map_err(io_at)
    }
}

/// A folder's own copy, written here beside the walk it is made of (the
/// folder knows nothing of copies).
impl Folder {
    /// Copy `from` into this folder under `rules`: a folder's content, or
    /// one regular file alone, under its own name (a submission given as
    /// one file brings none of its neighbours: the folder it sits in may
    /// hold the reference games or anything else of the instructor's, and
    /// the grader reads them as root). See [`super::copy`] for what is left
    /// out and the limits.
    ///
    /// # Errors
    ///
    /// See [`CopyError`].
    pub fn copy_in(&self, from: &Path, rules: &CopyRules) -> Result<Copied, CopyError> {
        copy(from, rules, Some(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn rules() -> CopyRules {
        CopyRules::student(64 << 20)
    }

    #[test]
    fn unneeded_things_are_left_out_and_said() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join(".git/objects/aa")).unwrap();
        for i in 0..20 {
            std::fs::write(d.join(format!(".git/objects/aa/{i}")), "x").unwrap();
        }
        std::fs::create_dir_all(d.join("pkg/__pycache__")).unwrap();
        std::fs::create_dir_all(d.join("venv/lib")).unwrap();
        std::fs::write(d.join("venv/pyvenv.cfg"), "home = /usr/bin\n").unwrap();
        std::fs::create_dir_all(d.join("node_modules/left-pad")).unwrap();
        std::fs::write(d.join("node_modules/left-pad/index.js"), "x").unwrap();
        std::fs::write(d.join("asalto.py"), "print()").unwrap();
        std::fs::write(d.join("asalto.pyc"), "x").unwrap();
        std::fs::write(d.join("alone.pyc"), "x").unwrap();
        std::fs::write(d.join(".DS_Store"), "x").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", d.join("link")).unwrap();
        let copied = survey(d, &rules()).unwrap();
        let note = copied.skipped.describe().unwrap();
        for want in [
            ".git",
            "__pycache__",
            "a virtual environment",
            "*.pyc beside its .py",
            ".DS_Store",
            "1 symbolic link, never followed (link)",
        ] {
            assert!(note.contains(want), "{want}: {note}");
        }
        // asalto.py, alone.pyc, node_modules, node_modules/left-pad, its
        // index.js, pkg.
        assert_eq!(copied.entries, 6, "{copied:?}");
    }

    #[test]
    fn limits_are_errors_that_say_which() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut deep = d.to_path_buf();
        for _ in 0..=MAX_DEPTH {
            deep.push("d");
        }
        std::fs::create_dir_all(&deep).unwrap();
        assert!(matches!(survey(d, &rules()), Err(CopyError::TooDeep(_))));
        std::fs::remove_dir_all(d.join("d")).unwrap();
        let big = std::fs::File::create(d.join("sparse.bin")).unwrap();
        big.set_len(1 << 40).unwrap();
        let e = survey(d, &rules()).unwrap_err();
        assert!(e.to_string().contains("sparse.bin, 1024.0 GiB"), "{e}");
    }

    #[test]
    fn a_hard_link_is_copied_only_if_every_user_may_read_it() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("sub");
        std::fs::create_dir(&d).unwrap();
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "secret").unwrap();
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::hard_link(&secret, d.join("stolen")).unwrap();
        let open = dir.path().join("open");
        std::fs::write(&open, "open").unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::hard_link(&open, d.join("shared")).unwrap();
        let copied = survey(&d, &rules()).unwrap();
        assert_eq!(copied.entries, 1);
        assert_eq!(copied.skipped.hard_links.first, ["stolen"]);
    }
}
