//! Files and folders named on the command line (`-- python3
//! /root/curso/prog.py`, the Go driver, a helper in `--run`): making them
//! reach the program wherever they live on the host, giving it nothing it
//! could not read before but what the instructor named.
//!
//! Programs run as users of their own (as root: one per parallel job), who
//! cannot enter `/root`, a home folder of mode 750, a `mktemp -d` folder or
//! any other private folder; under bubblewrap they also have a `/tmp` of
//! their own and do not see the folders the sandbox hides. A named file the
//! program's user can reach where it is, and that the sandbox shows, is
//! left where it is. Any other is copied once per run of the grader, by
//! the grader (root), into a folder of each program user's own (root's,
//! readable by that user's group only, so a program cannot change what the
//! next run gets), and
//!
//! - under bubblewrap, bound read-only at the very path the command names,
//!   under an empty read-only tmpfs mounted over the first folder on the
//!   way that the user cannot enter (so that bubblewrap, which runs as that
//!   user, can make the mount points);
//! - with `--sandbox none`, the command is given the copy's path instead.
//!
//! **What is copied.** A named file comes with its folder, the program's
//! folder, so that the files beside it keep working (a stub that runs its
//! program, a Python program's own modules): the folder's files and
//! sub-folders that every user may read by their own permissions (what the
//! folders above them kept private is lifted, not what each keeps private
//! itself), without dot-files (`.ssh`, `.env`, `.git`), without what a
//! program does not need (`__pycache__`...), without the reference files
//! and the submissions folder, without links, within the copy limits; the
//! named file itself whatever its permissions. A folder that is not the
//! program's own gives only the named file: `/` and the folders right
//! under it (`/root`, `/srv`, `/opt`), a home folder (`/home/*`, and every
//! home in `/etc/passwd`), a folder every user may write in (`/tmp`), a
//! folder that holds the reference files or the submissions.

use std::ffi::OsString;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use super::confine::{Sandbox, User, Users, may_access, reachable};
use super::copy::{CopyError, CopyRules};
use super::folder::Folder;
use crate::text::escape_line;

/// The named files of a grading run, and their copies.
#[derive(Debug, Default)]
pub struct Named {
    /// The words of the command that name something on the host.
    words: Vec<Word>,
    /// What is copied: each a folder or a file, where the program finds it.
    targets: Vec<Target>,
    /// One folder of copies per program user.
    stages: Vec<Stage>,
    /// The folder holding the stages, removed when this is dropped.
    root: Option<PathBuf>,
    /// What the teacher should know about the copies (a program's folder
    /// too big to come with it).
    notes: Vec<String>,
}

/// One word of the command that names a file or folder.
#[derive(Debug)]
struct Word {
    /// As written.
    word: String,
    /// The file or folder, links resolved.
    path: PathBuf,
    /// The copy that holds it, if it is copied.
    target: Option<usize>,
    /// Whether it is the command's first word (the program run).
    program: bool,
}

/// Something copied.
#[derive(Debug, Clone)]
struct Target {
    /// Where the program finds it (under bubblewrap), links resolved.
    path: PathBuf,
    /// The folder a read-only tmpfs covers before the copy is bound (the
    /// first on the way to `path` the user cannot enter), under bubblewrap.
    cover: Option<PathBuf>,
    /// Whether it is a folder (the program's folder, or a named one).
    folder: bool,
    /// The one named file this folder was chosen for, as the program's
    /// folder: it comes alone if the folder is too big to copy.
    for_file: Option<PathBuf>,
}

impl Target {
    /// Whether the copy holds `path`.
    fn holds(&self, path: &Path) -> bool {
        path == self.path || (self.folder && path.starts_with(&self.path))
    }
}

/// The copies of one program user.
#[derive(Debug)]
struct Stage {
    user: Option<User>,
    /// `<dir>/<target>/<name of the target>` is the copy of each target.
    dir: PathBuf,
}

impl Drop for Named {
    fn drop(&mut self) {
        if let Some(root) = &self.root {
            // Root's own tree, made by the grader: nothing in it is a
            // program's (read-only to every program user).
            let _ = std::fs::remove_dir_all(root);
        }
    }
}

/// Whether `p` is under the sandbox's own `/tmp`.
fn under_tmp(p: &Path) -> bool {
    p.starts_with("/tmp")
}

/// The home folders of this machine's users (`/etc/passwd`), and the
/// grader's own `HOME`.
fn homes() -> Vec<PathBuf> {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let mut homes: Vec<PathBuf> = passwd
        .lines()
        .filter_map(|l| l.split(':').nth(5))
        .filter(|h| h.starts_with('/'))
        .map(PathBuf::from)
        .collect();
    homes.extend(std::env::var_os("HOME").map(PathBuf::from));
    homes
}

/// Whether `dir` is a folder of many people's or many programs' files,
/// never "the program's folder" (see the module documentation).
fn shared(dir: &Path, homes: &[PathBuf]) -> bool {
    dir.parent().is_none_or(|p| p == Path::new("/"))
        || dir.parent() == Some(Path::new("/home"))
        || homes.iter().any(|h| h == dir)
        || std::fs::metadata(dir).is_ok_and(|m| m.mode() & 0o002 != 0)
}

impl Named {
    /// Nothing named (or nothing to copy).
    pub fn none() -> Named {
        Named::default()
    }

    /// Find the files and folders `command` names and copy those the
    /// programs could not reach where they are, once for each user of
    /// `jobs` parallel jobs. `hide` holds the paths the programs must not
    /// get (canonical), `max_bytes` bounds each copy.
    ///
    /// # Errors
    ///
    /// A copy that cannot be made, a named folder that is not a program's
    /// own: a sentence that names the fix.
    pub fn prepare(
        command: &[String],
        sandbox: &Sandbox,
        users: &Users,
        jobs: usize,
        hide: &[PathBuf],
        max_bytes: u64,
    ) -> Result<Named, String> {
        let user = users.for_slot(0);
        let bwrap = matches!(sandbox, Sandbox::Bwrap { .. });
        // The hidden folders the sandbox replaces with an empty tmpfs.
        let hidden: Vec<&PathBuf> = hide
            .iter()
            .filter(|h| bwrap && h.is_dir() && !under_tmp(h) && reachable(h, user))
            .collect();
        let homes = homes();
        let mut named = Named::default();
        // What to copy: a path, and whether it is a folder.
        let mut wanted: Vec<(PathBuf, bool, Option<PathBuf>)> = Vec::new();
        for (i, word) in command.iter().enumerate() {
            if !word.starts_with('/') || word.contains("{entry}") || word.contains("{dir}") {
                continue;
            }
            let Ok(path) = std::fs::canonicalize(word) else {
                continue;
            };
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            let is_dir = meta.is_dir();
            if !is_dir && !meta.is_file() {
                continue;
            }
            let reaches = may_access(&path, user, if is_dir { 5 } else { 4 }).is_ok();
            let seen = !bwrap || !(under_tmp(&path) || hidden.iter().any(|h| path.starts_with(h)));
            let w = Word {
                word: word.clone(),
                path: path.clone(),
                target: None,
                program: i == 0,
            };
            // The program itself must be runnable where it is (the
            // preflight says so otherwise): an interpreter copied without
            // its libraries would not run.
            if (reaches && seen) || (i == 0 && !reaches) {
                named.words.push(w);
                continue;
            }
            let shown = escape_line(word).into_owned();
            let target = if is_dir {
                if shared(&path, &homes) {
                    return Err(format!(
                        "the command names the folder {shown}, which the programs' user cannot reach and which is not a program's own folder (`/`, a home folder, a folder every user may write in): it is not copied; name a folder of the program's own"
                    ));
                }
                (path.clone(), true, None)
            } else {
                match path.parent() {
                    Some(dir)
                        if !shared(dir, &homes) && !hide.iter().any(|h| dir.starts_with(h)) =>
                    {
                        (dir.to_path_buf(), true, Some(path.clone()))
                    }
                    _ => (path.clone(), false, None),
                }
            };
            named.words.push(w);
            wanted.push(target);
        }
        // One copy for a folder and everything named in it.
        wanted.sort();
        wanted.dedup();
        for (path, folder, for_file) in wanted {
            if let Some(t) = named.targets.iter_mut().find(|t| t.holds(&path)) {
                // Something else named in the folder: it is not one file's.
                t.for_file = None;
                continue;
            }
            named.targets.push(Target {
                for_file,
                cover: if bwrap {
                    cover(&path, user, &hidden)
                } else {
                    None
                },
                folder,
                path,
            });
        }
        // Every named path a copy holds is copied with it (the copy is
        // bound over where it was), whatever its permissions.
        for w in &mut named.words {
            w.target = named.targets.iter().position(|t| t.holds(&w.path));
        }
        if named.targets.is_empty() {
            return Ok(named);
        }
        named.stage(users, jobs, hide, max_bytes)?;
        Ok(named)
    }

    /// Copy every target for each program user.
    fn stage(
        &mut self,
        users: &Users,
        jobs: usize,
        hide: &[PathBuf],
        max_bytes: u64,
    ) -> Result<(), String> {
        let why = |e: std::io::Error| format!("cannot make a folder for the programs' files: {e}");
        let root = tempfile::Builder::new()
            .prefix("asalto-grade-files-")
            .tempdir_in(std::env::temp_dir())
            .map_err(why)?
            .keep();
        self.root = Some(root.clone());
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o711)).map_err(why)?;
        may_access(&root, users.for_slot(0), 1).map_err(|e| {
            format!(
                "the copies of the files the command names go in {} (TMPDIR), but {e}: set TMPDIR to a folder every user may enter, such as /tmp",
                std::env::temp_dir().display()
            )
        })?;
        let mut seen: Vec<Option<User>> = Vec::new();
        for slot in 0..jobs.max(1) {
            let user = users.for_slot(slot);
            if seen.contains(&user) {
                continue;
            }
            seen.push(user);
            let dir = root.join(seen.len().to_string());
            std::fs::create_dir(&dir).map_err(why)?;
            for i in 0..self.targets.len() {
                let target = self.targets[i].clone();
                let keep: Vec<PathBuf> = self
                    .words
                    .iter()
                    .filter(|w| w.target == Some(i))
                    .map(|w| w.path.clone())
                    .collect();
                let into = dir.join(i.to_string());
                match copy_target(&target, &into, keep.clone(), hide, max_bytes) {
                    Ok(()) => {}
                    Err(Failed::TooBig(why, _)) if target.for_file.is_some() => {
                        // The program's folder is too big to come with it
                        // (a build folder): the program comes alone, as a
                        // compiled program needs nothing beside it.
                        let _ = std::fs::remove_dir_all(&into);
                        let file = target.for_file.clone().unwrap_or_default();
                        let alone = Target {
                            cover: target.cover.clone(),
                            folder: false,
                            for_file: None,
                            path: file,
                        };
                        copy_target(&alone, &into, keep, hide, max_bytes)
                            .map_err(Failed::into_message)?;
                        self.notes.push(format!(
                            "{} is copied alone for the programs: its folder {} is too big to come with it ({why})",
                            escape_line(&alone.path.display().to_string()),
                            escape_line(&target.path.display().to_string()),
                        ));
                        self.targets[i] = alone;
                    }
                    Err(e) => return Err(e.into_message()),
                }
            }
            // Root's files, readable by the user's group only.
            let mode = match user {
                Some(u) if super::confine::is_root() => {
                    std::os::unix::fs::chown(&dir, Some(0), Some(u.gid)).map_err(why)?;
                    0o750
                }
                _ => 0o700,
            };
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).map_err(why)?;
            self.stages.push(Stage { user, dir });
        }
        Ok(())
    }

    fn stage_of(&self, user: Option<User>) -> Option<&Stage> {
        self.stages.iter().find(|s| s.user == user)
    }

    /// The copy of target `i` for `stage`.
    fn copy_path(&self, stage: &Stage, i: usize) -> PathBuf {
        let target = &self.targets[i].path;
        let name = target.file_name().unwrap_or(target.as_os_str());
        stage.dir.join(i.to_string()).join(name)
    }

    /// Under bubblewrap, for `user`: the folders to cover with an empty
    /// read-only tmpfs, and the read-only binds (the copy, where the
    /// program finds it).
    pub(crate) fn mounts(&self, user: Option<User>) -> (Vec<PathBuf>, Vec<(PathBuf, PathBuf)>) {
        let mut covers: Vec<PathBuf> = Vec::new();
        for c in self.targets.iter().filter_map(|t| t.cover.clone()) {
            if !covers.contains(&c) {
                covers.push(c);
            }
        }
        let binds = match self.stage_of(user) {
            Some(stage) => (0..self.targets.len())
                .map(|i| (self.copy_path(stage, i), self.targets[i].path.clone()))
                .collect(),
            None => Vec::new(),
        };
        (covers, binds)
    }

    /// The command line as `user` runs it: a named link resolved; with
    /// `--sandbox none` (`sandboxed` false), a copied file's path is its
    /// copy's.
    pub(crate) fn rewrite(
        &self,
        argv: Vec<OsString>,
        user: Option<User>,
        sandboxed: bool,
    ) -> Vec<OsString> {
        argv.into_iter()
            .map(|a| {
                let Some(w) = self.words.iter().find(|w| a == *w.word) else {
                    return a;
                };
                match (w.target, self.stage_of(user), sandboxed) {
                    (Some(i), Some(stage), false) => {
                        let rest = w
                            .path
                            .strip_prefix(&self.targets[i].path)
                            .unwrap_or(Path::new(""));
                        let copy = self.copy_path(stage, i);
                        if rest.as_os_str().is_empty() {
                            copy.into_os_string()
                        } else {
                            copy.join(rest).into_os_string()
                        }
                    }
                    _ => w.path.clone().into_os_string(),
                }
            })
            .collect()
    }

    /// What the teacher should know about the copies.
    pub(crate) fn notes(&self) -> &[String] {
        &self.notes
    }

    /// What the program must find where the command names it, as it sees
    /// it under bubblewrap: each named path, and whether it must run (the
    /// command's first word) or be read.
    pub(crate) fn expected(&self) -> impl Iterator<Item = (&Path, bool)> {
        self.words.iter().map(|w| (w.path.as_path(), w.program))
    }
}

/// The first folder on the way to `path` (not `path` itself) that `user`
/// cannot enter, when bubblewrap must cover one to bind a copy at `path`:
/// none under the sandbox's `/tmp` or a hidden folder (both tmpfs already).
fn cover(path: &Path, user: Option<User>, hidden: &[&PathBuf]) -> Option<PathBuf> {
    if under_tmp(path) || hidden.iter().any(|h| path.starts_with(h)) {
        return None;
    }
    let mut at = PathBuf::from("/");
    for part in path.parent()?.components().skip(1) {
        at.push(part);
        if may_access(&at, user, 1).is_err() {
            return Some(at);
        }
    }
    None
}

/// Why a copy failed.
enum Failed {
    /// Past the copy limits (files, depth, bytes): which, and the whole
    /// message.
    TooBig(String, String),
    /// Anything else: the whole message.
    Other(String),
}

impl Failed {
    fn into_message(self) -> String {
        match self {
            Failed::TooBig(_, m) | Failed::Other(m) => m,
        }
    }
}

/// Copy `target` (a folder, or a file alone) into the new folder `into`:
/// a folder's copy is `into/<its name>`.
fn copy_target(
    target: &Target,
    into: &Path,
    keep: Vec<PathBuf>,
    hide: &[PathBuf],
    max_bytes: u64,
) -> Result<(), Failed> {
    let shown = escape_line(&target.path.display().to_string()).into_owned();
    let message = |e: String| {
        format!("cannot copy {shown} for the programs (its user cannot read it where it is): {e}")
    };
    let fail = |e: String| Failed::Other(message(e));
    std::fs::create_dir(into).map_err(|e| fail(e.to_string()))?;
    let rules = CopyRules {
        unneeded: true,
        dot_files: true,
        open_only: true,
        exclude: hide.to_vec(),
        keep,
        max_bytes,
    };
    let dest = if target.folder {
        let name = target.path.file_name().unwrap_or(target.path.as_os_str());
        let d = into.join(name);
        std::fs::create_dir(&d).map_err(|e| fail(e.to_string()))?;
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| fail(e.to_string()))?;
        d
    } else {
        into.to_path_buf()
    };
    std::fs::set_permissions(into, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| fail(e.to_string()))?;
    let folder = Folder::open_host(&dest).map_err(|e| fail(e.to_string()))?;
    folder.copy_in(&target.path, &rules).map_err(|e| match e {
        CopyError::TooMany | CopyError::TooDeep(_) | CopyError::TooLarge { .. } => {
            let why = e.to_string();
            let whole = message(format!("{why} (put the program in a folder of its own)"));
            Failed::TooBig(why, whole)
        }
        e => fail(format!("{e} (put the program in a folder of its own)")),
    })?;
    Ok(())
}
