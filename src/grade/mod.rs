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

use std::path::Path;

use crate::Move;

mod ai;
pub mod cgroup;
pub mod confine;
pub mod copy;
pub mod coverage;
mod files;
pub mod folder;
mod game;
pub mod go;
mod judge;
mod kind;
mod limits;
pub mod madbishops;
pub mod named;
mod options;
pub mod process;
pub mod procs;
pub mod prolog;
mod recorder;
mod reference;
pub mod report;
pub mod screen;
mod session;
pub mod shared;
pub mod solitaire;
pub mod stall;
mod submission;
pub mod syscalls;
mod tasks;
pub mod watchdog;

pub use crate::probe;
pub use confine::{Confinement, Sandbox, SandboxChoice, User, Users};
pub use files::{LOAD_NAME, SAVE_NAME};
pub use kind::{CheckKind, Kind, Weights};
pub use limits::Limits;
pub use options::Options;
pub use reference::Reference;
pub use report::{CheckStatus, Failure, GameReport, KindScore, NotGraded, SubmissionReport};
pub use submission::Submission;
pub use tasks::Scoring;

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
    tasks::grade_grid(
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
    let mut notes = preflight(first, options)?;
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
    notes.extend(named.notes().iter().cloned());
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
