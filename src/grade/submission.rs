//! A program to grade: its name, the command that runs it, and where its
//! files come from (a student's folder and its entry file, found in
//! sub-folders too).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// A program to grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its name in reports (a folder name, or the command).
    pub name: String,
    /// The command line; `{entry}` stands for the entry file and `{dir}` for
    /// the working folder, both in the working copy.
    pub command: Vec<String>,
    /// A folder copied into each fresh working folder before the program
    /// starts (a student's submission), or one file copied alone
    /// ([`Submission::file`]).
    pub source: Option<PathBuf>,
    /// The entry file, relative to `source` (a file: its name).
    pub entry: Option<PathBuf>,
    /// Why it cannot run at all (e.g. its entry file is missing): its own
    /// problem, scored.
    pub problem: Option<String>,
    /// Why the grader cannot grade it (e.g. it is too large to copy, after
    /// leaving out what a program does not need): not scored ([`prepare`]
    /// finds it).
    pub not_graded: Option<NotGraded>,
    /// What its copies leave out, in a sentence (a note in the reports).
    pub skipped: Option<String>,
}

impl Submission {
    /// A command line run as is, in an empty working folder.
    pub fn command<S: Into<String>>(name: &str, argv: impl IntoIterator<Item = S>) -> Submission {
        Submission {
            name: name.to_string(),
            command: argv.into_iter().map(Into::into).collect(),
            source: None,
            entry: None,
            problem: None,
            not_graded: None,
            skipped: None,
        }
    }

    /// A submission folder: `folder` is copied into each working folder and
    /// `run` (e.g. `python3 {entry}`) starts `entry` there. A missing entry
    /// file (also looked for in sub-folders) becomes [`Submission::problem`],
    /// which names a file whose name differs only in case (`found
    /// Asalto.py`). A folder that is a symbolic link is not followed (a
    /// student's link may lead anywhere the grader may read): that is its
    /// problem.
    pub fn folder(folder: &Path, entry: &str, run: &[String]) -> Submission {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| folder.display().to_string());
        if std::fs::symlink_metadata(folder).is_ok_and(|m| m.file_type().is_symlink()) {
            return Submission {
                name,
                command: run.to_vec(),
                source: None,
                entry: None,
                problem: Some(format!(
                    "{} is a symbolic link: not followed (copy the folder itself in)",
                    crate::text::escape_line(&folder.display().to_string())
                )),
                not_graded: None,
                skipped: None,
            };
        }
        let found = find_entry(folder, Path::new(entry), 3, false);
        let problem = found.is_none().then(|| {
            // There, but not a regular file: say what it is (it is never
            // followed nor opened).
            if let Some(what) = std::fs::symlink_metadata(folder.join(entry))
                .ok()
                .and_then(|m| not_a_file(m.file_type()))
            {
                return format!(
                    "the entry file `{}` in {} is {what}, not a regular file",
                    crate::text::escape_line(entry),
                    crate::text::escape_line(&folder.display().to_string())
                );
            }
            let near = find_entry(folder, Path::new(entry), 3, true)
                .map(|f| {
                    format!(
                        " (found {}: names are case-sensitive)",
                        crate::text::escape_line(&f.display().to_string())
                    )
                })
                .unwrap_or_else(|| " (nor in its sub-folders)".to_string());
            format!(
                "no entry file `{}` in {}{near}",
                crate::text::escape_line(entry),
                crate::text::escape_line(&folder.display().to_string())
            )
        });
        Submission {
            name,
            command: run.to_vec(),
            source: Some(folder.to_path_buf()),
            entry: found,
            problem,
            not_graded: None,
            skipped: None,
        }
    }

    /// A submission that is one file (`grade --game go -- proylcc.pl`):
    /// only that file is copied into each working folder, under its own
    /// name, and `run` starts it there. Its siblings stay out: the folder it
    /// sits in is the instructor's, and may hold the reference games (the
    /// assignment's submissions are folders; a student who needs more than
    /// one file is graded with `--submissions`). A link or anything but a
    /// regular file is its problem, as for a folder's entry.
    pub fn file(file: &Path, run: &[String]) -> Submission {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| file.display().to_string());
        let problem = match std::fs::symlink_metadata(file) {
            Ok(m) => not_a_file(m.file_type()).map(|what| {
                format!(
                    "{} is {what}, not a regular file",
                    crate::text::escape_line(&file.display().to_string())
                )
            }),
            Err(e) => Some(format!(
                "cannot read {}: {e}",
                crate::text::escape_line(&file.display().to_string())
            )),
        };
        Submission {
            command: run.to_vec(),
            source: problem.is_none().then(|| file.to_path_buf()),
            entry: problem.is_none().then(|| PathBuf::from(&name)),
            name,
            problem,
            not_graded: None,
            skipped: None,
        }
    }

    /// The command line for a working folder.
    pub(super) fn argv(&self, workdir: &Path) -> Vec<OsString> {
        let entry = self
            .entry
            .as_ref()
            .map(|e| workdir.join(e).display().to_string())
            .unwrap_or_default();
        let dir = workdir.display().to_string();
        self.command
            .iter()
            .map(|a| OsString::from(a.replace("{entry}", &entry).replace("{dir}", &dir)))
            .collect()
    }
}

/// What a directory entry that is not a regular file is, in words.
fn not_a_file(t: std::fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if t.is_file() {
        None
    } else if t.is_symlink() {
        Some("a symbolic link (not followed)")
    } else if t.is_dir() {
        Some("a folder")
    } else if t.is_fifo() {
        Some("a FIFO")
    } else if t.is_char_device() || t.is_block_device() {
        Some("a device")
    } else {
        Some("a socket")
    }
}

/// The entry file in `folder` or its sub-folders (`depth` levels), as a
/// path relative to `folder`; `any_case`: a name that differs only in case.
fn find_entry(folder: &Path, entry: &Path, depth: usize, any_case: bool) -> Option<PathBuf> {
    let is_file = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
    if !any_case && is_file(&folder.join(entry)) {
        return Some(entry.to_path_buf());
    }
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(folder).ok()?.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    if any_case {
        let wanted = entry.as_os_str().to_string_lossy().to_lowercase();
        if let Some(e) = entries.iter().find(|e| {
            e.file_type().is_ok_and(|t| t.is_file())
                && e.file_name().to_string_lossy().to_lowercase() == wanted
        }) {
            return Some(PathBuf::from(e.file_name()));
        }
    }
    if depth == 0 {
        return None;
    }
    entries
        .iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .find_map(|d| {
            find_entry(&d.path(), entry, depth - 1, any_case)
                .map(|found| Path::new(&d.file_name()).join(found))
        })
}

/// Why a submission, or one of its runs, was not graded: a failure of the
/// grader's own (its sandbox, the copy of the submission, a working
/// folder), never the program's. It is never a score: the submission's
/// `score` is then null, its `error` says why, and `grade` exits with
/// status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotGraded {
    /// For the student: what failed, naming no path of the grading
    /// machine's (Gradescope's output shows it).
    pub summary: String,
    /// For the instructor: everything.
    pub detail: String,
}

impl NotGraded {
    /// The sandbox (or the process) could not be set up.
    pub fn sandbox(detail: String) -> NotGraded {
        NotGraded {
            summary: "the grader could not start the program in its sandbox: a problem of the grading machine, not of the submission (the instructor has the details)".to_string(),
            detail,
        }
    }

    /// The submission could not be copied: `why` names only paths inside
    /// it.
    pub fn copy(why: &str, detail: String) -> NotGraded {
        NotGraded {
            summary: format!("the submission could not be copied for its run: {why}"),
            detail,
        }
    }
}

impl Serialize for NotGraded {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.detail)
    }
}
