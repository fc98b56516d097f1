//! A batch of record files checked on every core and reported in the order
//! given, whatever their games: each game says how one file is checked (a
//! [`Checker`]); the batch runs them, prints each file's output, counts the
//! verdicts, prints the totals and gives the exit status. Written once for
//! every game's `check`, and for its page (`check --format html`), whose
//! checkers give each file's entry on the page instead of its report
//! ([`each`]).

use asalto_core::GameKind;
use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::input::{HEAD, NotOpened, Opened, expand_folders};
use super::open::Opener;
use super::out::{Out, Status, WriteError, error};

/// What checking one file gave: its output, and how it counts.
pub struct FileResult {
    /// What to print on standard output.
    pub text: String,
    /// What to print on standard error.
    pub message: Option<String>,
    /// How the file counts in the totals and the exit status.
    pub verdict: Verdict,
}

/// The JSON line of a file `check --format json` could not judge, for
/// every game: its name, `valid: false`, the game's head (the game it was
/// taken for and the profile asked, made a check's: `asalto-check`), and
/// why (`io_error`: it cannot be read; `document_error`: a JSON game
/// document that holds no legal game).
#[derive(serde::Serialize)]
pub struct UnjudgedJson<'a> {
    /// The file as given.
    pub file: &'a str,
    /// Always false.
    pub valid: bool,
    /// `format`, `version`, `game`, `rules`.
    #[serde(flatten)]
    pub head: asalto_core::json::Head,
    /// Mad Bishops: the side that moves first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<&'static str>,
    /// Why it cannot be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub io_error: Option<&'a str>,
    /// Why the document holds no legal game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_error: Option<&'a str>,
}

impl<'a> UnjudgedJson<'a> {
    /// The line of `file`, which cannot be read: `message` says why.
    pub fn unreadable(file: &'a str, head: asalto_core::json::Head, message: &'a str) -> Self {
        UnjudgedJson {
            file,
            valid: false,
            head: head.kind(asalto_core::json::Kind::Check),
            first: None,
            io_error: Some(message),
            document_error: None,
        }
    }

    /// The line of `file`, a game document that holds no legal game:
    /// `message` says why.
    pub fn bad_document(file: &'a str, head: asalto_core::json::Head, message: &'a str) -> Self {
        UnjudgedJson {
            io_error: None,
            document_error: Some(message),
            ..UnjudgedJson::unreadable(file, head, message)
        }
    }

    /// The line, ended by a newline.
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }
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
    /// the game its name or first bytes tell ([`Settings::by_content`]).
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

/// What a batch must see of its files' games before it hands on any
/// result, when the arguments depend on them (`--rules` must name the
/// profile of a game of the batch, `--first` needs a Mad Bishops record,
/// `--lenient` is refused when one is in the batch): given the games met
/// so far, each once in the order first met, and whether every file has
/// been met, `None` to wait (the results are held), `Some(Ok)` to go on,
/// `Some(Err)` for the usage error that ends the batch with nothing
/// printed, as if it had been found before any file was read.
pub type Gate<'a> = dyn Fn(&[GameKind], bool) -> Option<Result<(), String>> + Sync + 'a;

/// How a batch runs and ends.
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
    /// first bytes tell (a file that looks like no game's goes to the
    /// `default` game's). `None` when every target names its checker; a
    /// game without one (it refuses the arguments) is met by the `gate`,
    /// which ends the batch.
    pub by_content: Option<[Option<usize>; GameKind::ALL.len()]>,
    /// The game of a file that looks like no game's, and of one that
    /// cannot be read when its name tells none: its checker reports it.
    pub default: GameKind,
    /// What the batch must see of its games before it hands on any result
    /// (`None`: nothing).
    pub gate: Option<Box<Gate<'a>>>,
    /// When targets may be folders (arguments not looked at before they
    /// are read): a target found to be one stands, where it stands, for
    /// its files with these extensions, judged by its checker. `None`:
    /// the targets are files (a folder is reported as unreadable).
    pub folders: Option<&'a [&'a str]>,
}

/// Results held at most per list of files, ahead of the first not yet
/// printed: a file that takes long holds back the printing of those after
/// it, while the other threads check at most this many more, so memory
/// holds a bounded number of reports.
const WINDOW: usize = 1024;

/// Files a thread takes at once, at most: taking a file and handing on its
/// result each lock what the threads share, and on small files (a few
/// microseconds each) one lock per file keeps the other thread waiting or
/// its cache line moving; sixteen at a time cut that sixteenfold.
const RUN: usize = 16;

/// A thread takes at most this share of a list's files left per thread,
/// so the runs shrink to single files at the end of a list and the threads
/// finish together (a few long files are taken one by one).
const SHARES: usize = 4;

/// What a thread reuses from file to file: the read buffer, the opener
/// (which keeps the last file's folder open), and a worker of each checker
/// it has met.
struct Thread<'c, R> {
    buf: Vec<u8>,
    opener: Opener,
    workers: Vec<Option<Worker<'c, R>>>,
}

/// The game of a file told by its name or its first bytes `head`
/// (`default` for a file that looks like no game's).
fn told(path: &str, head: &[u8], default: GameKind) -> GameKind {
    let head = &head[..head.len().min(HEAD)];
    // UTF-8 text (the common case) is looked at as it is, without a copy.
    let kind = match std::str::from_utf8(head) {
        Ok(text) => GameKind::tell(path, text),
        Err(_) => GameKind::tell(path, &String::from_utf8_lossy(head)),
    };
    kind.unwrap_or(default)
}

/// Check one target on a thread: open it, read its first bytes, tell its
/// game if it is not known, and hand the opened input to the game's
/// worker. `None`: the target is a folder, to be replaced by its files.
/// The game goes with the result, which is `None` for a game without a
/// checker (it refuses the arguments).
fn check_one<'c, R>(
    thread: &mut Thread<'c, R>,
    checkers: &[&'c dyn Checker<R>],
    settings: &Settings<'_>,
    target: &Target,
) -> Option<(Option<R>, GameKind)> {
    let Thread {
        buf,
        opener,
        workers,
    } = thread;
    let default = settings.default;
    // The checker of a file of `game`, or the target's own.
    let of = |game: GameKind| match (target.checker, settings.by_content) {
        (Some(i), _) => Some(i),
        (None, Some(by_kind)) => by_kind[game as usize],
        (None, None) => Some(0),
    };
    // A file not read is told by its name alone.
    let unread = |message: String, path: Option<&str>| {
        let game = path.map_or(default, |path| told(path, b"", default));
        let result = of(game).map(|i| checkers[i].unreadable(message, path));
        Some((result, game))
    };
    let path = match &target.path {
        Ok(path) => path,
        Err(message) => return unread(message.clone(), None),
    };
    let opened = match Opened::open_with(path, buf, opener) {
        Ok(opened) => opened,
        Err(NotOpened::Folder) if settings.folders.is_some() => return None,
        Err(NotOpened::Folder) => {
            let message = format!(
                "cannot read {}: it is a directory",
                asalto::text::escape_line(path)
            );
            return unread(message, Some(path));
        }
        Err(NotOpened::Unreadable(message)) => return unread(message, Some(path)),
    };
    let game = match (target.checker, settings.by_content) {
        (None, Some(_)) => told(path, opened.head(), default),
        _ => default,
    };
    let Some(index) = of(game) else {
        return Some((None, game));
    };
    let checker = checkers[index];
    let result = workers[index].get_or_insert_with(|| checker.worker())(path, opened);
    Some((Some(result), game))
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
    let (quiet, totals) = (settings.quiet, settings.totals);
    let ended = each(targets, checkers, &settings, &mut |result| {
        report([result], &mut tally, quiet, out)
    })?;
    if let Err(message) = ended {
        error(&message);
        return Ok(Status::Error);
    }
    if totals && !quiet {
        out.line(&tally.line())?;
    }
    Ok(tally.status())
}

/// Check `targets` with `checkers` on `settings.jobs` threads and hand
/// each file's result to `sink`, in order; `Ok(Err)`: the usage error the
/// `gate` found (nothing was handed on).
///
/// The threads take the files in short runs, in order, from one list (at
/// most [`RUN`] files at a time, single files near its end: the lock they
/// share is taken twice a run, not twice a file); the thread that finishes
/// the run of the first file not yet handed on hands it on, and every
/// finished file after it. Nothing waits at a step (no chunks with a
/// barrier at the end of each): the threads stay busy to the last file,
/// and results are handed on from the first file. A thread that cannot be
/// started leaves its share to the others.
pub fn each<R: Send>(
    targets: &[Target],
    checkers: &[&dyn Checker<R>],
    settings: &Settings<'_>,
    sink: &mut (dyn FnMut(R) -> Result<(), WriteError> + Send),
) -> Result<Result<(), String>, WriteError> {
    let state = Mutex::new(State {
        stack: Vec::new(),
        waiting: 0,
        failed: None,
        gate: settings.gate.as_deref(),
        met: Vec::new(),
        held: settings.gate.as_ref().map(|_| Vec::new()),
        refused: None,
        sink,
    });
    if !targets.is_empty() {
        lock(&state).stack.push(List::new(Files::Given(targets)));
    }
    let shared = Shared {
        state,
        wake: Condvar::new(),
        checkers,
        settings,
    };
    // Extra threads only where there is more than one file to share (a
    // folder may stand for many). A lone file is checked on this thread
    // alone: a second thread would take a malloc arena of its own, which
    // reserves 64 MiB of address space and fails under a small `ulimit
    // -v` (then every allocation of that thread takes a page of its own).
    let folder_given = settings.folders.is_some()
        && targets.iter().any(|t| {
            t.path
                .as_ref()
                .is_ok_and(|p| std::fs::metadata(p).is_ok_and(|m| m.is_dir()))
        });
    let threads = if folder_given {
        settings.jobs
    } else {
        settings.jobs.min(targets.len())
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let started = std::thread::Builder::new().spawn_scoped(scope, || {
                asalto::sys::own_descriptor_table();
                shared.work()
            });
            if started.is_err() {
                // The threads already started, and this one, do the work.
                break;
            }
        }
        shared.work();
    });
    let mut state = shared.state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = state.failed {
        return Err(e);
    }
    if state.refused.is_none() {
        state.decide(true)?;
    }
    Ok(state.refused.map_or(Ok(()), Err))
}

/// A list of files of a batch: the targets given, or the files of a
/// folder found among them.
#[derive(Clone)]
enum Files<'t> {
    Given(&'t [Target]),
    Folder(Arc<[Target]>),
}

impl Files<'_> {
    fn get(&self) -> &[Target] {
        match self {
            Files::Given(targets) => targets,
            Files::Folder(targets) => targets,
        }
    }
}

/// What checking a target gave.
enum Done<R> {
    /// The result of a file (`None`: its game refuses the arguments) and
    /// its game.
    File(Option<R>, GameKind),
    /// The files of a folder, to be checked and printed where it stands.
    Folder(Arc<[Target]>),
}

/// A list of files being checked: the next to take, the first not yet
/// printed, and what was found for those in between (`None`: being
/// checked).
struct List<'t, R> {
    files: Files<'t>,
    next: usize,
    printed: usize,
    done: VecDeque<Option<Done<R>>>,
}

impl<'t, R> List<'t, R> {
    fn new(files: Files<'t>) -> List<'t, R> {
        List {
            files,
            next: 0,
            printed: 0,
            done: VecDeque::new(),
        }
    }
}

/// What the threads share under a lock: the lists being checked (a
/// folder's files stacked on the list it is found in, handed on before
/// the rest of that list), and where the results go.
struct State<'t, 's, R> {
    stack: Vec<List<'t, R>>,
    /// Threads waiting for a file to take.
    waiting: usize,
    /// The write error that stopped the batch.
    failed: Option<WriteError>,
    /// What the batch must see of its games before it hands on results.
    gate: Option<&'s Gate<'s>>,
    /// The games of the files handed on (or held), each once, in the
    /// order first met.
    met: Vec<GameKind>,
    /// The results held until the gate decides; `None` once it has let
    /// them through.
    held: Option<Vec<R>>,
    /// The usage error the gate found, which stopped the batch.
    refused: Option<String>,
    sink: &'s mut (dyn FnMut(R) -> Result<(), WriteError> + Send),
}

/// The lock, taken even if a thread panicked holding it.
fn lock<'a, 't, 's, R>(state: &'a Mutex<State<'t, 's, R>>) -> MutexGuard<'a, State<'t, 's, R>> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl<'t, R> State<'t, '_, R> {
    /// Ask the gate, while it has not decided, whether the results may go
    /// on (`finished`: every file has been met): the held ones are then
    /// handed on; a usage error stops the batch.
    fn decide(&mut self, finished: bool) -> Result<(), WriteError> {
        if self.held.is_none() {
            return Ok(());
        }
        let decision = match self.gate {
            Some(gate) => gate(&self.met, finished),
            None => Some(Ok(())),
        };
        match decision {
            // Every file met: nothing more can be waited for.
            None if !finished => {}
            Some(Err(message)) => {
                self.refused = Some(message);
                self.held = None;
            }
            None | Some(Ok(())) => {
                for result in self.held.take().unwrap_or_default() {
                    (self.sink)(result)?;
                }
            }
        }
        Ok(())
    }

    /// The next files to check, for one of `jobs` threads: where they are
    /// (their list's depth in the stack and their indices there) and the
    /// list. Files of the innermost list come first; a list lends no file
    /// more than [`WINDOW`] ahead of its first not yet printed; a run of
    /// consecutive files is at most [`RUN`] long and at most a [`SHARES`]th
    /// of each thread's share of the files left.
    fn take(&mut self, jobs: usize) -> Option<(usize, Range<usize>, Files<'t>)> {
        for (depth, list) in self.stack.iter_mut().enumerate().rev() {
            let len = list.files.get().len();
            let end = len.min(list.printed + WINDOW);
            if list.next < end {
                let start = list.next;
                let run = ((len - start) / (jobs.max(1) * SHARES)).clamp(1, RUN);
                list.next = end.min(start + run);
                list.done.extend((start..list.next).map(|_| None));
                return Some((depth, start..list.next, list.files.clone()));
            }
        }
        None
    }

    /// Hand on the finished files in order, from the first not yet handed
    /// on, until one still being checked; a folder's files are stacked to
    /// be checked and handed on where it stands. A list handed on to its
    /// end is taken off the stack.
    fn print(&mut self) -> Result<(), WriteError> {
        while let Some(list) = self.stack.last_mut() {
            match list.done.front() {
                Some(Some(_)) => {}
                Some(None) => break,
                None if list.printed == list.files.get().len() => {
                    self.stack.pop();
                    continue;
                }
                None => break,
            }
            let Some(Some(done)) = list.done.pop_front() else {
                break;
            };
            list.printed += 1;
            match done {
                Done::File(result, game) => {
                    if !self.met.contains(&game) {
                        self.met.push(game);
                    }
                    self.decide(false)?;
                    if self.refused.is_some() {
                        return Ok(());
                    }
                    match (&mut self.held, result) {
                        (Some(held), Some(result)) => held.push(result),
                        (None, Some(result)) => (self.sink)(result)?,
                        // A game without a checker is refused by the gate.
                        (_, None) => {}
                    }
                }
                Done::Folder(files) => self.stack.push(List::new(Files::Folder(files))),
            }
        }
        Ok(())
    }
}

/// A batch running: what its threads share.
struct Shared<'a, 't, 's, 'c, R> {
    state: Mutex<State<'t, 's, R>>,
    /// Wakes the threads waiting for a file to take.
    wake: Condvar,
    checkers: &'a [&'c dyn Checker<R>],
    settings: &'a Settings<'a>,
}

impl<R: Send> Shared<'_, '_, '_, '_, R> {
    /// One thread's work: take a run of files, check them, print what is
    /// finished; until every file is printed or the output fails.
    fn work(&self) {
        let mut thread = Thread {
            buf: Vec::new(),
            opener: Opener::default(),
            workers: self.checkers.iter().map(|_| None).collect(),
        };
        let folders = self.settings.folders;
        let mut finished = Vec::with_capacity(RUN);
        loop {
            let (depth, run, files) = {
                let mut state = lock(&self.state);
                loop {
                    if state.failed.is_some() || state.refused.is_some() || state.stack.is_empty() {
                        return;
                    }
                    if let Some(taken) = state.take(self.settings.jobs) {
                        break taken;
                    }
                    state.waiting += 1;
                    state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                    state.waiting -= 1;
                }
            };
            for target in &files.get()[run.clone()] {
                finished.push(
                    match check_one(&mut thread, self.checkers, self.settings, target) {
                        Some((result, game)) => Done::File(result, game),
                        None => Done::Folder(folder_files(target, folders.unwrap_or_default())),
                    },
                );
            }
            let mut state = lock(&self.state);
            let list = &mut state.stack[depth];
            let at = run.start - list.printed;
            for (slot, done) in list.done.range_mut(at..).zip(finished.drain(..)) {
                *slot = Some(done);
            }
            if at == 0 {
                if let Err(e) = state.print() {
                    state.failed = Some(e);
                }
            }
            if state.waiting > 0 {
                self.wake.notify_all();
            }
        }
    }
}

/// The files of the folder `target` (those with one of `extensions`),
/// judged by its checker.
fn folder_files(target: &Target, extensions: &[&str]) -> Arc<[Target]> {
    let folder = match &target.path {
        Ok(folder) => std::slice::from_ref(folder),
        Err(_) => &[],
    };
    expand_folders(folder, extensions)
        .into_iter()
        .map(|path| Target {
            path,
            checker: target.checker,
        })
        .collect()
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

    /// The runs of files the threads take, in order, from a list of
    /// `files` that nothing prints (the threads take until the window is
    /// full).
    fn runs(files: usize, jobs: usize) -> Vec<Range<usize>> {
        let targets: Vec<Target> = (0..files)
            .map(|i| Target {
                path: Ok(format!("f{i}")),
                checker: None,
            })
            .collect();
        let mut sink = |_: FileResult| Ok(());
        let mut state = State {
            stack: vec![List::new(Files::Given(&targets))],
            waiting: 0,
            failed: None,
            gate: None,
            met: Vec::new(),
            held: None,
            refused: None,
            sink: &mut sink,
        };
        std::iter::from_fn(|| state.take(jobs).map(|(_, run, _)| run)).collect()
    }

    #[test]
    fn files_are_taken_in_short_runs_and_one_by_one_at_the_end() {
        let taken = runs(1000, 2);
        // In order, each file once.
        assert!(taken.windows(2).all(|w| w[0].end == w[1].start));
        assert_eq!((taken[0].start, taken[taken.len() - 1].end), (0, 1000));
        assert!(taken.iter().all(|r| (1..=RUN).contains(&r.len())));
        // Full runs while many files are left; single files at the end,
        // where a run would keep one thread busy after the other is done.
        assert_eq!(taken[0].len(), RUN);
        assert!(
            taken[taken.len() - 2 * SHARES..]
                .iter()
                .all(|r| r.len() == 1)
        );
        // Files fewer than the threads' shares: one at a time.
        assert!(runs(7, 2).iter().all(|r| r.len() == 1));
        // No run reaches past the window ahead of the first not printed.
        assert_eq!(runs(5000, 2).last().map(|r| r.end), Some(WINDOW));
    }
}
