//! A batch of record files checked on every core and reported in the order
//! given, whatever their games: each game says how one file is checked (a
//! [`Checker`]); the batch runs them, prints each file's output, counts the
//! verdicts, prints the totals and gives the exit status. Written once for
//! every game's `check`, and for its page (`check --format html`), whose
//! checkers give each file's entry on the page instead of its report
//! ([`each`]).

use asalto_core::GameKind;
use rayon::prelude::*;
use std::sync::Mutex;

use super::input::{HEAD, NotOpened, Opened, expand_folders};
use super::{Out, Status, WriteError, error};

/// What checking one file gave: its output, and how it counts.
pub struct FileResult {
    /// What to print on standard output.
    pub text: String,
    /// What to print on standard error.
    pub message: Option<String>,
    /// How the file counts in the totals and the exit status.
    pub verdict: Verdict,
}

/// The verdict on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The record holds a legal game (exit 0).
    Valid,
    /// It does not (exit 1).
    Invalid,
    /// It cannot be read (exit 2).
    Unreadable,
}

/// A checker's worker: checks one file after another on one thread,
/// each given by its path and the input opened, its first bytes read. `R`
/// is what a file gives: its report, or its entry on a page.
pub type Worker<'c, R = FileResult> = Box<dyn for<'b> FnMut(&str, Opened<'b>) -> R + Send + 'c>;

/// How one game checks its files: built once from the arguments (where
/// usage errors are found), then asked for a worker on each thread.
pub trait Checker<R = FileResult>: Sync {
    /// A worker that checks files one after another on one thread, reusing
    /// its buffers from file to file.
    fn worker(&self) -> Worker<'_, R>;

    /// The result of a file that cannot be read, or of a folder with no
    /// records (`path` is then `None`).
    fn unreadable(&self, message: String, path: Option<&str>) -> R;
}

/// One file of a batch: its path (or why an argument gave none) and the
/// index of the checker of its game.
pub struct Target {
    /// The file, or the message about an argument (an empty folder).
    pub path: Result<String, String>,
    /// Which of the batch's checkers judges it; `None`: the checker of
    /// the game its name or first bytes tell ([`Settings::by_kind`]).
    pub checker: Option<usize>,
}

/// The verdicts counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Valid files.
    pub valid: usize,
    /// Invalid files.
    pub invalid: usize,
    /// Files that could not be read.
    pub unreadable: usize,
}

impl Tally {
    /// Count one verdict.
    pub fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Valid => self.valid += 1,
            Verdict::Invalid => self.invalid += 1,
            Verdict::Unreadable => self.unreadable += 1,
        }
    }

    /// The exit status: the worst verdict (2 if any file was unreadable,
    /// else 1 if any was invalid, else 0).
    pub fn status(self) -> Status {
        if self.unreadable > 0 {
            Status::Error
        } else if self.invalid > 0 {
            Status::Failure
        } else {
            Status::Success
        }
    }

    /// The totals line: `3 files: 2 valid, 1 invalid[, 1 unreadable]`.
    pub fn line(self) -> String {
        let files = self.valid + self.invalid + self.unreadable;
        let mut line = format!(
            "{files} file{}: {} valid, {} invalid",
            if files == 1 { "" } else { "s" },
            self.valid,
            self.invalid
        );
        if self.unreadable > 0 {
            line.push_str(&format!(", {} unreadable", self.unreadable));
        }
        line
    }
}

/// Print each result of a stream in order (standard output, messages on
/// standard error; nothing on standard output when `quiet`) and count the
/// verdicts.
pub fn report(
    results: impl IntoIterator<Item = FileResult>,
    tally: &mut Tally,
    quiet: bool,
    out: &mut Out,
) -> Result<(), WriteError> {
    for result in results {
        tally.add(result.verdict);
        if let Some(message) = &result.message {
            error(message);
        }
        if !quiet {
            out.write(&result.text)?;
        }
    }
    Ok(())
}

/// How a batch runs and ends.
#[derive(Clone, Copy, Debug)]
pub struct Settings<'a> {
    /// Files checked in parallel.
    pub jobs: usize,
    /// Print nothing on standard output.
    pub quiet: bool,
    /// Print the totals line after the files (people's output of more
    /// than one file).
    pub totals: bool,
    /// The checker of each game (in the order of [`GameKind::ALL`]), for
    /// the files that do not name theirs: the game their extension or
    /// first bytes tell (a file that looks like no game's goes to
    /// Asalto's). `None` when every target names its checker.
    pub by_content: Option<[usize; GameKind::ALL.len()]>,
    /// When targets may be folders (arguments not looked at before they
    /// are read): a target found to be one stands, where it stands, for
    /// its files with these extensions, judged by its checker. `None`:
    /// the targets are files (a folder is reported as unreadable).
    pub folders: Option<&'a [&'a str]>,
}

/// Files per batch: checked in parallel, then printed in order, so that
/// output starts early and memory holds one batch of reports.
const CHUNK: usize = 128;

/// What a thread reuses from file to file: the read buffer, and a worker
/// of each checker it has met.
struct Thread<'c, R> {
    buf: Vec<u8>,
    workers: Vec<Option<Worker<'c, R>>>,
}

/// The checker of a file whose game is told by its name or its first
/// bytes `head` (nothing read: Asalto's, as for a file that looks like
/// no game's).
fn told(by_kind: &[usize; GameKind::ALL.len()], path: &str, head: &[u8]) -> usize {
    let head = &head[..head.len().min(HEAD)];
    // UTF-8 text (the common case) is looked at as it is, without a copy.
    let kind = match std::str::from_utf8(head) {
        Ok(text) => GameKind::tell(path, text),
        Err(_) => GameKind::tell(path, &String::from_utf8_lossy(head)),
    };
    by_kind[kind.unwrap_or(GameKind::Asalto) as usize]
}

/// Check one target on a thread: open it, read its first bytes, tell its
/// game if it is not known, and hand the opened input to the game's
/// worker. `None`: the target is a folder, to be replaced by its files.
fn check_one<'c, R>(
    thread: &mut Thread<'c, R>,
    checkers: &[&'c dyn Checker<R>],
    by_kind: Option<&[usize; GameKind::ALL.len()]>,
    folders: bool,
    target: &Target,
) -> Option<R> {
    let Thread { buf, workers } = thread;
    let fallback = || match (target.checker, by_kind) {
        (Some(i), _) => i,
        (None, Some(by_kind)) => by_kind[GameKind::Asalto as usize],
        (None, None) => 0,
    };
    let path = match &target.path {
        Ok(path) => path,
        Err(message) => return Some(checkers[fallback()].unreadable(message.clone(), None)),
    };
    let opened = match Opened::open(path, buf) {
        Ok(opened) => opened,
        Err(NotOpened::Folder) if folders => return None,
        Err(NotOpened::Folder) => {
            let message = format!(
                "cannot read {}: it is a directory",
                asalto::text::escape_line(path)
            );
            return Some(checkers[fallback()].unreadable(message, Some(path)));
        }
        Err(NotOpened::Unreadable(message)) => {
            return Some(checkers[fallback()].unreadable(message, Some(path)));
        }
    };
    let index = match (target.checker, by_kind) {
        (Some(i), _) => i,
        (None, Some(by_kind)) => told(by_kind, path, opened.head()),
        (None, None) => 0,
    };
    let checker = checkers[index];
    Some(workers[index].get_or_insert_with(|| checker.worker())(
        path, opened,
    ))
}

/// Check `targets` with `checkers` on `settings.jobs` threads, print the
/// results in order and the totals, and give the exit status.
pub fn run(
    targets: &[Target],
    checkers: &[&dyn Checker],
    settings: Settings<'_>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let mut tally = Tally::default();
    let started = each(targets, checkers, settings, &mut |result| {
        report([result], &mut tally, settings.quiet, out)
    })?;
    if !started {
        return Ok(Status::Error);
    }
    if settings.totals && !settings.quiet {
        out.line(&tally.line())?;
    }
    Ok(tally.status())
}

/// Check `targets` with `checkers` on `settings.jobs` threads and hand
/// each file's result to `sink`, in order. `false`: the threads could not
/// start (said on standard error), nothing was checked.
pub fn each<'c, R: Send>(
    targets: &[Target],
    checkers: &[&'c dyn Checker<R>],
    settings: Settings<'_>,
    sink: &mut dyn FnMut(R) -> Result<(), WriteError>,
) -> Result<bool, WriteError> {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(settings.jobs)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            error(&format!("cannot start {} threads: {e}", settings.jobs));
            return Ok(false);
        }
    };
    // One `Thread` per thread of the pool, made once: its buffer and
    // workers serve every chunk.
    let threads: Vec<Mutex<Thread<'c, R>>> = (0..settings.jobs)
        .map(|_| {
            Mutex::new(Thread {
                buf: Vec::new(),
                workers: checkers.iter().map(|_| None).collect(),
            })
        })
        .collect();
    let batch = Batch {
        pool: &pool,
        threads: &threads,
        checkers,
        settings,
    };
    batch.run(targets, sink)?;
    Ok(true)
}

/// A batch running: the pool, each thread's buffers, the checkers.
struct Batch<'a, 'c, R> {
    pool: &'a rayon::ThreadPool,
    threads: &'a [Mutex<Thread<'c, R>>],
    checkers: &'a [&'c dyn Checker<R>],
    settings: Settings<'a>,
}

impl<R: Send> Batch<'_, '_, R> {
    /// Check `targets` chunk by chunk (in parallel within a chunk) and hand
    /// the results to `sink` in order; a target found to be a folder is
    /// replaced, where it stands, by its files.
    fn run(
        &self,
        targets: &[Target],
        sink: &mut dyn FnMut(R) -> Result<(), WriteError>,
    ) -> Result<(), WriteError> {
        let by_kind = self.settings.by_content.as_ref();
        let folders = self.settings.folders;
        let check = |target: &Target| {
            let slot = rayon::current_thread_index().unwrap_or(0) % self.threads.len();
            let mut thread = self.threads[slot].lock().unwrap_or_else(|e| e.into_inner());
            check_one(
                &mut thread,
                self.checkers,
                by_kind,
                folders.is_some(),
                target,
            )
        };
        for chunk in targets.chunks(CHUNK) {
            let results: Vec<Option<R>> = if self.settings.jobs == 1 {
                chunk.iter().map(check).collect()
            } else {
                self.pool.install(|| chunk.par_iter().map(check).collect())
            };
            for (target, result) in chunk.iter().zip(results) {
                match (result, &target.path, folders) {
                    (Some(result), _, _) => sink(result)?,
                    (None, Ok(folder), Some(extensions)) => {
                        let files: Vec<Target> =
                            expand_folders(std::slice::from_ref(folder), extensions)
                                .into_iter()
                                .map(|path| Target {
                                    path,
                                    checker: target.checker,
                                })
                                .collect();
                        self.run(&files, sink)?;
                    }
                    // `check_one` gives no result only for a folder, when
                    // folders are expected.
                    (None, _, _) => {}
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_verdict_decides_the_status() {
        let mut tally = Tally::default();
        assert_eq!(tally.status(), Status::Success);
        tally.add(Verdict::Valid);
        assert_eq!(tally.status(), Status::Success);
        tally.add(Verdict::Invalid);
        assert_eq!(tally.status(), Status::Failure);
        tally.add(Verdict::Unreadable);
        tally.add(Verdict::Valid);
        assert_eq!(tally.status(), Status::Error);
        assert_eq!(tally.line(), "4 files: 2 valid, 1 invalid, 1 unreadable");
        let one = Tally {
            valid: 1,
            ..Tally::default()
        };
        assert_eq!(one.line(), "1 file: 1 valid, 0 invalid");
    }
}
