//! Runs on many threads: every submission on every run of its
//! assignment, `jobs` at a time, each thread a slot with a user of its
//! own; and the marking of a game's checks.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::confine::{self, Users};
use super::kind::{CheckKind, Weights};
use super::options::Options;
use super::report::{GameReport, SubmissionReport};
use super::stall;
use super::submission::Submission;

/// Grade every submission on each of the runs `units` names (Asalto's
/// sessions, `the game ejemplo.txt`; Solitaire Chess's puzzles), `jobs`
/// runs at a time: `run(submission, item, options, slot)` plays one,
/// `score(submission, reports, options)` scores a submission's runs, in
/// item order. A run stopped by a timeout while the program was asleep is
/// played once more from a fresh start, noted with its unit's name: only a
/// second asleep timeout is charged ([`stall`]).
pub fn grade_grid<K: CheckKind>(
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
pub fn run_tasks<R: Send>(
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
