//! Grading student programs: play reference games into a console program of
//! the assignment as a person would, and score what it prints and saves.
//!
//! Unlike the rest of the library, this module runs programs and touches
//! files, and it is Linux only (namespaces, `/proc`, resource limits). Its
//! parts:
//!
//! - [`confine`]: the sandbox (bubblewrap, or none) and the user programs
//!   run as, and an exact account of what is and is not confined;
//!   [`syscalls`]: the system call filter every program runs under (no
//!   Unix sockets); [`watchdog`]: as root, what kills the programs' users
//!   once the grader is gone; [`shared`]: what a program's user leaves in
//!   `/tmp` and `/dev/shm`, removed around each unconfined run;
//! - [`process`] and [`procs`]: starting one untrusted program, its pipes,
//!   telling when it waits for input, finding and killing its processes;
//! - [`folder`]: its working folder, touched without following its links;
//!   [`copy`]: what a copy of a folder leaves out, and its limits;
//!   [`named`]: the files a command names, copied for programs that cannot
//!   reach them; [`prepare`] readies all of it before anyone is graded;
//! - [`screen`]: reading its screens (menu, `Turno:`, `Jugadas posibles`,
//!   board, the announcement of the end) and what a screen shows;
//! - `session`, `game`, `files`, `ai`: the dialogue, in small steps (wait,
//!   type, choose, leave a game), the script of a reference game (with one
//!   illegal move typed on purpose, chosen by the engine's [`probe`]), save
//!   and load, and the `--ai` game; `recorder` holds the partial-credit
//!   policy;
//! - [`report`]: scores and the report formats, written once for every
//!   game's checks ([`CheckKind`]); [`coverage`]: what the reference set
//!   reaches of the game's rule situations, a fact of every report;
//! - [`go`]: the 2019 Go assignment in Prolog (`grade --game go`), which
//!   shares the confinement, the working folders, the reports and the
//!   partial-credit policy;
//! - [`solitaire`]: solver programs of the Solitaire Chess challenge
//!   (`grade --game solitaire`), one run per puzzle, on the same parts.
//!
//! # Examples
//!
//! ```no_run
//! use asalto::grade::{self, Options, Reference, Submission};
//!
//! let reference = Reference::from_record("ejemplo.txt", "Bc-Cc\nDd-Cd\n").unwrap();
//! let mut students = [Submission::command("ana", ["python3", "/srv/ana/asalto.py"])];
//! let mut options = Options::default();
//! for note in grade::prepare(&mut students, &mut options, 2).unwrap() {
//!     eprintln!("note: {note}");
//! }
//! let reports = grade::grade(&students, &[reference], &options, 2, &|_, _| {});
//! match (reports[0].score, &reports[0].error) {
//!     (Some(score), _) => println!("{score}/{}", reports[0].max_score),
//!     (None, why) => println!("not graded: {why:?}"),
//! }
//! ```

#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::basic::BasicScore;
use crate::replay::{CheckOptions, GameOutcome, check};
use crate::{Move, Side};

mod ai;
pub mod cgroup;
pub mod confine;
pub mod copy;
pub mod coverage;
mod files;
pub mod folder;
mod game;
pub mod go;
pub mod named;
pub mod process;
pub mod procs;
mod recorder;
pub mod report;
pub mod screen;
mod session;
pub mod shared;
pub mod solitaire;
pub mod stall;
pub mod syscalls;
pub mod watchdog;

pub use crate::probe;
pub use confine::{Confinement, Sandbox, SandboxChoice, User, Users};
pub use files::{LOAD_NAME, SAVE_NAME};
pub use process::Limits;
pub use report::{CheckStatus, Failure, GameReport, KindScore, NotGraded, SubmissionReport};

/// A kind of check. Each has a weight; a submission's score is the
/// weighted share of games in which each kind passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The program starts, shows its menu, and runs the whole session
    /// without crashing, hanging, flooding its output, closing its input or
    /// printing bytes that are not UTF-8.
    Runs,
    /// `Turno:` names the side to move, on every screen.
    Turn,
    /// The moves listed after `Jugadas posibles` are exactly the legal moves,
    /// on every screen, and the typed moves are accepted.
    Moves,
    /// An illegal move typed on purpose is refused, and the same side is
    /// asked again.
    Illegal,
    /// The board drawing shows the pieces on the right points.
    Board,
    /// The end of a game is announced when, and only when, it comes, with
    /// the right winner.
    End,
    /// The save entry writes the game played, full moves, one per line.
    Save,
    /// The load entry reads a record and shows the right position.
    Load,
    /// The quit entry ends the program cleanly, leaving no processes behind.
    Quit,
    /// With `--ai`: AZAR officers and BASICO rebels play a whole legal game
    /// whose rebel moves are all BASICO choices.
    Ai,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 10] = [
        Kind::Runs,
        Kind::Turn,
        Kind::Moves,
        Kind::Illegal,
        Kind::Board,
        Kind::End,
        Kind::Save,
        Kind::Load,
        Kind::Quit,
        Kind::Ai,
    ];

    /// The name used in reports and in `--weights`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Runs => "runs",
            Kind::Turn => "turn",
            Kind::Moves => "moves",
            Kind::Board => "board",
            Kind::End => "end",
            Kind::Save => "save",
            Kind::Load => "load",
            Kind::Quit => "quit",
            Kind::Ai => "ai",
            Kind::Illegal => "illegal",
        }
    }

    /// What the check requires, in a line.
    pub const fn describe(self) -> &'static str {
        match self {
            Kind::Runs => {
                "runs the session: no crash, hang, flood, closed input or non-UTF-8 output"
            }
            Kind::Turn => "`Turno:` names the side to move",
            Kind::Moves => "lists exactly the legal moves and accepts them",
            Kind::Board => "draws the pieces on the right points",
            Kind::End => "announces the end of a game, and the winner, exactly when it comes",
            Kind::Save => "saves the game played, full moves, one per line",
            Kind::Load => "loads a record and shows its position and moves",
            Kind::Quit => "quits when asked, leaving no processes behind",
            Kind::Ai => "AZAR officers and BASICO rebels play a legal game by themselves",
            Kind::Illegal => "refuses an illegal move and asks the same side again",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The default weight.
    pub const fn default_weight(self) -> f64 {
        match self {
            Kind::Runs => 2.0,
            Kind::Turn => 2.0,
            Kind::Moves => 6.0,
            Kind::Board => 1.0,
            Kind::End => 3.0,
            Kind::Save => 2.0,
            Kind::Load => 2.0,
            Kind::Quit => 2.0,
            Kind::Ai => 4.0,
            Kind::Illegal => 2.0,
        }
    }
}

impl CheckKind for Kind {
    const ALL: &'static [Kind] = &Kind::ALL;
    const RUNS: Kind = Kind::Runs;

    fn name(self) -> &'static str {
        Kind::name(self)
    }

    fn describe(self) -> &'static str {
        Kind::describe(self)
    }

    fn default_weight(self) -> f64 {
        Kind::default_weight(self)
    }
}

/// The checks of one game's grading (Asalto's [`Kind`], Go's
/// [`go::GoKind`]): what reports, weights and the partial-credit policy
/// need to know of them.
pub trait CheckKind:
    Copy + Ord + std::hash::Hash + std::fmt::Debug + Serialize + Send + Sync + 'static
{
    /// Every kind, in report order.
    const ALL: &'static [Self];
    /// The check charged when the program itself fails (crash, hang, does
    /// not load): failures of other checks are named before it.
    const RUNS: Self;
    /// The name used in reports and in `--weights`.
    fn name(self) -> &'static str;
    /// What the check requires, in a line.
    fn describe(self) -> &'static str;
    /// The default weight.
    fn default_weight(self) -> f64;
    /// The kind named `name`.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// The weight of each kind of check.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights<K: CheckKind = Kind>(BTreeMap<K, f64>);

impl<K: CheckKind> Default for Weights<K> {
    fn default() -> Weights<K> {
        Weights(K::ALL.iter().map(|&k| (k, k.default_weight())).collect())
    }
}

impl<K: CheckKind> Weights<K> {
    /// The weight of `kind`.
    pub fn get(&self, kind: K) -> f64 {
        self.0.get(&kind).copied().unwrap_or(0.0)
    }

    /// Set the weight of `kind`.
    pub fn set(&mut self, kind: K, weight: f64) {
        self.0.insert(kind, weight);
    }

    /// The defaults changed by `spec`: `moves=8,board=0`.
    ///
    /// # Errors
    ///
    /// An unknown kind, or a weight that is not a number of zero or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto::grade::{Kind, Weights};
    ///
    /// let w = Weights::<Kind>::parse("moves=8, board=0").unwrap();
    /// assert_eq!(w.get(Kind::Moves), 8.0);
    /// assert_eq!(w.get(Kind::Board), 0.0);
    /// assert_eq!(w.get(Kind::Save), 2.0);
    /// assert!(Weights::<Kind>::parse("speed=1").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Weights<K>, String> {
        let mut weights = Weights::<K>::default();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}`: expected KIND=WEIGHT"))?;
            let kind = K::from_name(name.trim()).ok_or_else(|| {
                let names: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "`{}`: unknown check; the checks are {}",
                    name.trim(),
                    names.join(", ")
                )
            })?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("`{item}`: the weight must be a number, 0 or more"))?;
            weights.set(kind, value);
        }
        Ok(weights)
    }

    /// `(kind, weight)` in report order.
    pub fn iter(&self) -> impl Iterator<Item = (K, f64)> + '_ {
        K::ALL.iter().map(|&k| (k, self.get(k)))
    }
}

/// A reference game: the moves to play into the program and how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Its name in reports (usually the file name).
    pub name: String,
    /// The full moves.
    pub moves: Vec<Move>,
    /// How it ends, if it does.
    pub outcome: Option<GameOutcome>,
}

impl Reference {
    /// Read a reference record; it must be a valid game.
    ///
    /// # Errors
    ///
    /// The first problem of an invalid record, as a sentence.
    pub fn from_record(name: &str, text: &str) -> Result<Reference, String> {
        let checked = check(text, CheckOptions::default());
        if let Some(problem) = checked.errors().next() {
            return Err(format!(
                "{name}: not a valid game: line {}: {}",
                problem.line,
                problem.message()
            ));
        }
        Ok(Reference {
            name: name.to_string(),
            moves: checked.game.moves().copied().collect(),
            outcome: checked.game.outcome(),
        })
    }

    /// Whether the game ends.
    pub fn finished(&self) -> bool {
        self.outcome.is_some()
    }
}

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
    fn argv(&self, workdir: &Path) -> Vec<OsString> {
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

/// How to grade.
#[derive(Clone, Debug)]
pub struct Options {
    /// Longest wait for the program to ask for input.
    pub move_timeout: Duration,
    /// Longest time for one session (one reference game).
    pub game_timeout: Duration,
    /// Most bytes printed between two inputs.
    pub output_cap: usize,
    /// Without `/proc`, how long quiet output means waiting for input.
    pub idle: Duration,
    /// Resource limits.
    pub limits: Limits,
    /// Confinement.
    pub sandbox: Sandbox,
    /// The users programs run as (as root: one per parallel job; see
    /// [`Users::pick`]). With the default (none) and a grader running as
    /// root, [`grade`] picks them.
    pub users: Users,
    /// Extra environment variables, on top of the minimal environment.
    pub env: Vec<(OsString, OsString)>,
    /// Also play an AZAR-against-BASICO game.
    pub ai: bool,
    /// The BASICO score the `--ai` game must follow (`None`: either).
    pub basic: Option<BasicScore>,
    /// Weight of each kind of check.
    pub weights: Weights,
    /// Full marks.
    pub max_score: f64,
    /// The files named on the command line and their copies ([`prepare`]
    /// makes them).
    pub named: std::sync::Arc<named::Named>,
    /// What the programs must never be given, canonical: the reference
    /// files and the submissions folder (bubblewrap hides them; no copy
    /// holds them, with any sandbox).
    pub private: Vec<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            move_timeout: Duration::from_secs(10),
            game_timeout: Duration::from_secs(120),
            output_cap: 1 << 20,
            idle: Duration::from_secs(2),
            limits: Limits::default(),
            sandbox: Sandbox::Unconfined,
            users: Users::default(),
            env: Vec::new(),
            ai: false,
            basic: None,
            weights: Weights::default(),
            max_score: 100.0,
            named: std::sync::Arc::new(named::Named::none()),
            private: Vec::new(),
        }
    }
}

impl Options {
    /// The environment a program starts with: `PATH` (ours), `HOME` and
    /// `TMPDIR` set to its working folder, a UTF-8 locale, unbuffered
    /// Python, then [`Options::env`].
    pub fn environment(&self, workdir: &Path) -> Vec<(OsString, OsString)> {
        let path = std::env::var_os("PATH")
            .unwrap_or_else(|| OsString::from("/usr/local/bin:/usr/bin:/bin"));
        let mut env: Vec<(OsString, OsString)> = vec![
            ("PATH".into(), path),
            ("HOME".into(), workdir.into()),
            ("TMPDIR".into(), workdir.into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("LC_ALL".into(), "C.UTF-8".into()),
            ("TERM".into(), "dumb".into()),
            ("PYTHONUNBUFFERED".into(), "1".into()),
            ("PYTHONIOENCODING".into(), "utf-8".into()),
            ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
            ("PYTHONHASHSEED".into(), "0".into()),
        ];
        for (k, v) in &self.env {
            env.retain(|(name, _)| name != k);
            env.push((k.clone(), v.clone()));
        }
        env
    }
}

/// Grade every submission against every reference game, `jobs` sessions at
/// a time. `progress(done, total)` is called after each session. Call
/// [`prepare`] first (as `asalto grade` does): without it, files the
/// command names that the programs cannot reach are not copied for them,
/// and nothing is checked before the runs.
pub fn grade(
    submissions: &[Submission],
    references: &[Reference],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<SubmissionReport> {
    let games: Vec<&[Move]> = references.iter().map(|r| r.moves.as_slice()).collect();
    let probes = probe::choose(&games);
    let mut units: Vec<String> = references
        .iter()
        .map(|r| format!("the game {}", r.name))
        .collect();
    if options.ai {
        units.push("the --ai game".to_string());
    }
    grade_grid(
        submissions,
        &units,
        options,
        jobs,
        progress,
        |sub, g, options, slot| match references.get(g) {
            Some(reference) => {
                game::play_reference(sub, reference, probes[g].as_ref(), options, slot)
            }
            None => ai::play_ai(sub, options, slot),
        },
        |sub, games, options| {
            SubmissionReport::score(sub, games, &options.weights, options.max_score)
        },
    )
}

/// Grade every submission on each of the runs `units` names (Asalto's
/// sessions, `the game ejemplo.txt`; Solitaire Chess's puzzles), `jobs`
/// runs at a time: `run(submission, item, options, slot)` plays one,
/// `score(submission, reports, options)` scores a submission's runs, in
/// item order. A run stopped by a timeout while the program was asleep is
/// played once more from a fresh start, noted with its unit's name: only a
/// second asleep timeout is charged ([`stall`]).
fn grade_grid<K: CheckKind>(
    submissions: &[Submission],
    units: &[String],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    run: impl Fn(&Submission, usize, &Options, usize) -> stall::Run<K> + Sync,
    score: impl Fn(&Submission, Vec<GameReport<K>>, &Options) -> SubmissionReport<K>,
) -> Vec<SubmissionReport<K>> {
    let per = units.len();
    let total = submissions.len() * per;
    let (results, options) = run_tasks(total, options, jobs, progress, |task, options, slot| {
        let (sub, item) = (&submissions[task / per], task % per);
        stall::rerun_unit(&units[item], || run(sub, item, options, slot))
    });
    let mut results = results.into_iter();
    submissions
        .iter()
        .map(|sub| {
            let games: Vec<GameReport<K>> = results.by_ref().take(per).flatten().collect();
            score(sub, games, &options)
        })
        .collect()
}

/// Run tasks `0..total`, `jobs` at a time, each thread a slot of its own
/// whose programs run as the slot's user: with no users chosen and a
/// grader running as root, one user per slot is picked here, so that two
/// programs never share one. `task(n, options, slot)` runs task `n`;
/// `progress(done, total)` is called after each. The results come back in
/// task order (`None` only for a task whose thread died), with the options
/// the tasks ran under.
fn run_tasks<R: Send>(
    total: usize,
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    task: impl Fn(usize, &Options, usize) -> R + Sync,
) -> (Vec<Option<R>>, Options) {
    let jobs = jobs.clamp(1, total.max(1));
    let mut options = options.clone();
    if options.users.base.is_none() && confine::is_root() {
        options.users = Users::pick(confine::DEFAULT_UID_BASE, jobs);
    }
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..total).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for slot in 0..jobs {
            let (results, next, done, options, task) = (&results, &next, &done, &options, &task);
            scope.spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= total {
                        break;
                    }
                    let result = task(n, options, slot);
                    if let Ok(mut all) = results.lock() {
                        all[n] = Some(result);
                    }
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, total);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    (results, options)
}

/// The marking of a game's checks: their weights and full marks (Go's and
/// Solitaire Chess's options; Asalto's are in [`Options`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Scoring<K: CheckKind> {
    /// Weights of the checks.
    pub weights: Weights<K>,
    /// Full marks.
    pub max_score: f64,
}

impl<K: CheckKind> Default for Scoring<K> {
    fn default() -> Scoring<K> {
        Scoring {
            weights: Weights::default(),
            max_score: 100.0,
        }
    }
}

impl<K: CheckKind> Scoring<K> {
    /// The default weights changed by `spec` (see [`Weights::parse`]), and
    /// full marks.
    ///
    /// # Errors
    ///
    /// What is wrong in `spec`.
    pub fn new(spec: Option<&str>, max_score: f64) -> Result<Scoring<K>, String> {
        Ok(Scoring {
            weights: spec.map_or_else(|| Ok(Weights::default()), Weights::parse)?,
            max_score,
        })
    }

    /// A submission's report on its games.
    pub fn score(&self, sub: &Submission, games: Vec<GameReport<K>>) -> SubmissionReport<K> {
        SubmissionReport::score(sub, games, &self.weights, self.max_score)
    }
}

/// Check, before grading anyone, that the command can start at all: its
/// program (the first word, unless it is the entry file) is found in `PATH`
/// as the programs' user finds it, and that user may run it. Notes for the
/// instructor come back: the program found is not the one the grader's
/// own `PATH` names first (a `python3` under `/root`, such as pyenv's
/// shims, that the programs' user cannot run).
///
/// # Errors
///
/// A sentence saying what cannot start, why, and what to do.
pub fn preflight(submission: &Submission, options: &Options) -> Result<Vec<String>, String> {
    let user = options.users.for_slot(0);
    let Some(first) = submission.command.first() else {
        return Err("the command is empty".to_string());
    };
    let mut notes = Vec::new();
    if !first.contains("{entry}") && !first.contains("{dir}") {
        let found = confine::resolve_program(first, user)
            .map_err(|e| format!("cannot start the command: {e}"))?;
        let mine = confine::find_in_path(first);
        if let (Some(mine), Some(u)) = (mine, user) {
            if mine != found {
                let why = confine::may_access(&mine, user, 1)
                    .err()
                    .unwrap_or_default();
                notes.push(format!(
                    "`{first}` is {} in this PATH, but {why}: the programs (user {}) run {} (to choose another, give its full path in the command; it must be where every user may run it)",
                    mine.display(),
                    u.uid,
                    found.display()
                ));
            }
        }
    }
    Ok(notes)
}

/// Before anyone is graded: make everything the runs need and check it,
/// so that a failure of the grader's own stops the run instead of giving
/// everyone a score. As root, the programs' users are picked (one per job,
/// if `options` names none); the command is checked ([`preflight`]); the
/// files it names that the programs cannot reach are copied for them
/// ([`named`]); each submission is surveyed as it will be copied (what is
/// left out becomes a note; one past the copy limits is not graded); and
/// under bubblewrap the sandbox of each job's user is set up once with
/// exactly the mounts of the real runs. Notes for the instructor come
/// back.
///
/// # Errors
///
/// A sentence that says what failed and what to do (nothing was graded).
pub fn prepare(
    submissions: &mut [Submission],
    options: &mut Options,
    jobs: usize,
) -> Result<Vec<String>, String> {
    if options.users.base.is_none() && confine::is_root() {
        options.users = Users::pick(confine::DEFAULT_UID_BASE, jobs);
    }
    let Some(first) = submissions.first().cloned() else {
        return Ok(Vec::new());
    };
    let first = &first;
    let notes = preflight(first, options)?;
    let mut hide = options.private.clone();
    if let Sandbox::Bwrap { hide: more, .. } = &options.sandbox {
        hide.extend(more.iter().cloned());
    }
    let budget = session::copy_budget(options);
    let named = named::Named::prepare(
        &first.command,
        &options.sandbox,
        &options.users,
        jobs,
        &hide,
        budget,
    )?;
    options.named = std::sync::Arc::new(named);
    for sub in submissions.iter_mut() {
        let Some(source) = sub.source.clone() else {
            continue;
        };
        if sub.problem.is_some() {
            continue;
        }
        match copy::survey(&source, &copy::CopyRules::student(budget)) {
            Ok(copied) => sub.skipped = copied.skipped.describe(),
            Err(e) => {
                sub.not_graded = Some(NotGraded::copy(
                    &e.to_string(),
                    format!(
                        "cannot copy {}: {e}",
                        crate::text::escape_line(&source.display().to_string())
                    ),
                ));
            }
        }
    }
    if matches!(options.sandbox, Sandbox::Bwrap { .. }) {
        // What the programs must find in the sandbox: the named paths, and
        // the command's program as its user finds it in PATH.
        let mut checks: Vec<(&Path, bool)> = options.named.expected().collect();
        let found = first
            .command
            .first()
            .filter(|p| !p.contains('/') && !p.contains('{'))
            .and_then(|p| confine::resolve_program(p, options.users.for_slot(0)).ok());
        if let Some(found) = &found {
            checks.push((found, true));
        }
        let mut tried = Vec::new();
        for slot in 0..jobs.max(1) {
            let user = options.users.for_slot(slot);
            if tried.contains(&user) {
                continue;
            }
            tried.push(user);
            let (covers, binds) = options.named.mounts(user);
            options
                .sandbox
                .trial(user, options.limits.disk_bytes, covers, binds, &checks)?;
        }
    }
    Ok(notes)
}

/// The side names used in failures.
fn side_name(side: Side) -> &'static str {
    side.spanish()
}
